"""The cheat sheet: content read from the engine, one A4 page as PDF, print-ready HTML."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import cast

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from belot import cheatsheet
from belot.cli.cheatsheet import command
from belot.engine.contracts import Contract
from belot.engine.rules import Rules


def _section(sheet: cheatsheet.CheatSheet, title: str) -> cheatsheet.Section:
    return next(s for s in sheet.sections if s.title.startswith(title))


def _rows(sheet: cheatsheet.CheatSheet, title: str) -> dict[str, tuple[str, ...]]:
    return {row[0]: row[1:] for row in _section(sheet, title).tables[0].rows}


def test_has_every_part_of_seed_003() -> None:
    titles = [s.title for s in cheatsheet.build().sections]
    for wanted in (
        "Card ranking",
        "Card points",
        "Totals per contract",
        "Declarations",
        "Playing obligations",
        "Rounding",
        "Contract order",
        "Result and end of the game",
    ):
        assert any(t.startswith(wanted) for t in titles), wanted


def test_card_ranking_follows_the_rules() -> None:
    rows = _rows(cheatsheet.build(), "Card ranking")
    assert rows["Trump suit"] == ("J · 9 · A · 10 · K · Q · 8 · 7",)
    assert rows["Non-trump suit"] == ("A · 10 · K · Q · J · 9 · 8 · 7",)
    assert rows["No trumps (every suit)"] == ("A · 10 · K · Q · J · 9 · 8 · 7",)
    assert rows["All trumps (every suit)"] == ("J · 9 · A · 10 · K · Q · 8 · 7",)


def test_card_points_and_totals() -> None:
    sheet = cheatsheet.build()
    points = _rows(sheet, "Card points")
    assert points["J"] == ("20", "2", "4")
    assert points["9"] == ("14", "0", "0")
    assert points["A"] == ("11", "11", "22")
    assert points["8, 7"] == ("0", "0", "0")
    totals = _rows(sheet, "Totals per contract")
    assert totals["Suit"] == ("152", "+10", "162", "16")
    assert totals["All trumps"] == ("248", "+10", "258", "26")
    assert totals["No trumps"] == ("240", "+20", "260", "26")


def test_declarations_and_rounding() -> None:
    sheet = cheatsheet.build()
    decl = _section(sheet, "Declarations").tables[0].rows
    assert ("Quarte", "4 in a row", "50") in decl
    assert ("Four of a kind", "4 × 9", "150") in decl
    assert ("Four of a kind", "4 × A, 10, K, Q", "100") in decl
    assert ("Belot", "K + Q of trumps", "20") in decl
    notes = " ".join(_section(sheet, "Declarations").notes)
    assert "25 in a suit, 35 in No trumps" in notes
    rounding = _rows(sheet, "Rounding")
    assert rounding["Suit"][:2] == ("6–9", "0–5")
    assert rounding["Suit"][2].endswith("96 : 66 → 9 + 7")
    assert rounding["All trumps"][2].endswith("134 : 124 → 13 + 13")
    text = " ".join(_section(sheet, "Rounding").notes)
    assert "106 : 106 → the defenders write 10, 11 hang" in text
    assert "154 : 154 (All trumps) → 15, 16 hang" in text


def test_follows_the_rules_options() -> None:
    """The sheet is computed, not typed in: another option gives other numbers."""
    sheet = cheatsheet.build(Rules.bulgarian(nt_last_trick=10, passes_after_double=2))
    assert _rows(sheet, "Totals per contract")["No trumps"] == ("240", "+10", "250", "25")
    assert "2 after a contra" in " ".join(_section(sheet, "Contract order").notes)


def test_pdf_is_one_a4_page_with_the_tables() -> None:
    data = cheatsheet.to_pdf(cheatsheet.build())
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 in points
    text = reader.pages[0].extract_text()
    for needle in ("Card ranking", "Rounding", "162", "258", "134 : 124", "Play to 151"):
        assert needle in text, needle


def test_html_has_print_styles() -> None:
    page = cheatsheet.to_html(cheatsheet.build())
    assert "@page" in page and "size: A4" in page
    assert re.search(r"<h2>Card points</h2>", page)
    assert "http" not in page  # no external assets


def test_cli_writes_pdf_and_html(tmp_path: Path) -> None:
    pdf, page = tmp_path / "sheet.pdf", tmp_path / "sheet.html"
    result = CliRunner().invoke(command, ["--pdf", str(pdf), "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert len(PdfReader(pdf).pages) == 1
    assert "Belot cheat sheet" in page.read_text(encoding="utf-8")


def test_cli_needs_an_output() -> None:
    result = CliRunner().invoke(command, [])
    assert result.exit_code == 2
    assert "--pdf" in result.output


@pytest.mark.parametrize("args", [["--pdf"], ["--html"]])
def test_cli_unwritable_path(tmp_path: Path, args: list[str]) -> None:
    from belot.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["cheatsheet", *args, str(tmp_path / "missing" / "x")])
    assert exit_info.value.code == 2


# --- every game, three languages, one embedded font -----------------------------------------

LANGS = ("en", "bg", "fr")
GAMES = ("bulgarian", "french", "coinche", "bela")


def _pdf_text(sheet: cheatsheet.CheatSheet) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(cheatsheet.to_pdf(sheet)))
    return reader, "".join(page.extract_text() for page in reader.pages)


def _numbers(section: cheatsheet.Section) -> list[str]:
    return sorted(re.findall(r"\d+", " ".join(section.texts()[1:])))


def _every_text(sheet: cheatsheet.CheatSheet) -> str:
    return "\n".join(sheet.texts())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_each_language_is_one_a4_page_with_the_font_embedded(game: str, lang: str) -> None:
    reader, _ = _pdf_text(cheatsheet.sheet(game, lang))
    assert len(reader.pages) == 1
    # pypdf types a dictionary's values as any PDF object; a page's resources and their fonts
    # are dictionaries.
    resources = cast(DictionaryObject, reader.pages[0]["/Resources"])
    fonts = cast(DictionaryObject, resources["/Font"])
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        descendant = font["/DescendantFonts"][0].get_object()
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font["/BaseFont"]  # the TrueType program itself
        assert "DejaVuSansCondensed" in font["/BaseFont"]


def test_bulgarian_pdf_prints_cyrillic_and_the_suits() -> None:
    _, text = _pdf_text(cheatsheet.build(lang="bg"))
    for needle in (
        "♣",
        "♦",
        "♥",
        "♠",
        "Пищов за белот",
        "Сила на картите",
        "Терца",
        "Кварта",
        "Квинта",
        "Каре",
        "Белот",
        "Валат",
        "БК",
        "ВК",
        "Контра",
        "В · 9 · А · 10 · П · Д · 8 · 7",  # вале, девятка, асо... as the trump order
        "Играе се до 151",
    ):
        assert needle in text, needle


def test_french_words_of_the_bulgarian_game() -> None:
    _, text = _pdf_text(cheatsheet.build(lang="fr"))
    for needle in (
        "♠",
        "Sans-atout",
        "Tout-atout",
        "Belote",
        "Tierce",
        "Cinquante",
        "Cent",
        "Carré",
        "Capot",
        "dedans",
        "Dix de der",
        "V · 9 · As · 10 · R · D · 8 · 7",
    ):
        assert needle in text, needle


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["bg", "fr"])
def test_no_english_section_titles(game: str, lang: str) -> None:
    english = {s.title for s in cheatsheet.sheet(game, "en").sections}
    english |= {h for s in cheatsheet.sheet(game, "en").sections for t in s.tables for h in t.head}
    english -= {"Total", "Points"}  # French words too
    sheet = cheatsheet.sheet(game, lang)
    assert sheet.lang == lang
    assert not {s.title for s in sheet.sections} & english
    text = _every_text(sheet)
    for title in english:
        assert title not in text, title


@pytest.mark.parametrize("lang", ["bg", "fr"])
@pytest.mark.parametrize(
    "rules",
    [
        Rules.bulgarian(),
        Rules.bulgarian(nt_last_trick=10, passes_after_double=2, double_scoring="per_team"),
        Rules.french(),
        Rules.french(target=501, direction=-1, forced_undertrump=False),
    ],
)
def test_every_number_is_the_english_sheets(lang: str, rules: Rules) -> None:
    """The English sheet's numbers are checked against the engine; a translation shows the
    very same numbers, section by section."""
    english, other = cheatsheet.build(rules, "en"), cheatsheet.build(rules, lang)
    assert len(english.sections) == len(other.sections)
    for en, translated in zip(english.sections, other.sections, strict=True):
        assert _numbers(translated) == _numbers(en), en.title


def test_more_options_followed() -> None:
    sheet = cheatsheet.build(
        Rules.bulgarian(
            nt_last_trick=10,
            redeal_same_dealer=True,
            forced_undertrump=True,
            belot_when_trumping=False,
            double_scoring="per_team",
        )
    )
    text = _every_text(sheet)
    # A valat in No trumps is 250 + 90 = 340 → 34 when its last trick is 10; All trumps 35.
    assert "25 in a suit, 34 in No trumps, 35 in All trumps" in text
    assert "four passes: the same player deals again" in text
    assert "if you cannot, a lower trump" in text
    assert "(not when trumping)" in text
    assert "each team's total is multiplied by 2 or 4, then rounded" in text
    default = _every_text(cheatsheet.build())
    assert "25 in a suit, 35 in No trumps or All trumps" in default
    assert "four passes: the next player deals" in default
    assert "if you cannot, any card" in default


def test_forced_undertrump_is_read_from_the_engine() -> None:
    from belot.cheatsheet.common import forced_undertrump

    assert not forced_undertrump(Rules.bulgarian())
    assert forced_undertrump(Rules.bulgarian(forced_undertrump=True))


def test_suits_in_the_contract_order() -> None:
    notes = _section(cheatsheet.build(), "Contract order").notes
    assert notes[0] == "Clubs ♣ < Diamonds ♦ < Hearts ♥ < Spades ♠ < No trumps < All trumps."
    bg = cheatsheet.build(lang="bg").sections[4].notes[0]
    assert bg == "Спатия ♣ < Каро ♦ < Купа ♥ < Пика ♠ < БК < ВК."


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_html_in_each_language(game: str, lang: str) -> None:
    page = cheatsheet.to_html(cheatsheet.sheet(game, lang))
    assert f'<html lang="{lang}">' in page
    assert "♥" in page


def _fails(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    from belot.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["cheatsheet", *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (["--game", "chess"], "unknown game 'chess' (available: bulgarian, french, coinche, bela)"),
        (
            ["--game", "coinche", "--option", "surcoinche_multiplier=5"],
            "surcoinche_multiplier must be 3 or 4",
        ),
        (["--lang", "de"], "'de' is not one of 'en', 'bg', 'fr'"),
        (["--option", "nt_last_trick=15"], "nt_last_trick must be 10 or 20"),
        (["--option", "no_such=1"], "unknown rules option 'no_such'"),
    ],
)
def test_cli_refuses_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], wanted: str
) -> None:
    out = tmp_path / "x.pdf"
    err = _fails([*args, "--pdf", str(out)], capsys)
    assert wanted in err
    assert not out.exists()


def test_cli_game_and_lang(tmp_path: Path) -> None:
    pdf, page = tmp_path / "bg.pdf", tmp_path / "bg.html"
    args = ["--game", "bulgarian", "--lang", "bg", "--option", "nt_last_trick=10"]
    result = CliRunner().invoke(command, [*args, "--pdf", str(pdf), "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = PdfReader(pdf).pages[0].extract_text()
    assert "Пищов за белот" in text and "250" in text
    assert "Пищов за белот" in page.read_text(encoding="utf-8")


# --- French Belote --------------------------------------------------------------------------


def _french(**options: object) -> cheatsheet.CheatSheet:
    return cheatsheet.build(Rules.french(**options))


def test_french_cards_from_the_engine() -> None:
    sheet = _french()
    assert _rows(sheet, "Card ranking") == {
        "Trump suit": ("J · 9 · A · 10 · K · Q · 8 · 7",),
        "Non-trump suit": ("A · 10 · K · Q · J · 9 · 8 · 7",),
    }
    points = _rows(sheet, "Card points")
    assert points["J"] == ("20", "2")
    assert points["9"] == ("14", "0")
    assert points["8, 7"] == ("0", "0")
    note = _section(sheet, "Card points").notes[0]
    assert "152 in the cards + 10 for the last trick (dix de der) = 162" in note
    assert "Capot (all eight tricks): 252" in note


def test_french_declarations_from_the_engine() -> None:
    from belot.engine.cards import Card
    from belot.engine.declarations import Declaration
    from belot.engine.games.french import declaration_winner
    from belot.engine.table import Seat, Team

    section = _section(_french(), "Declarations")
    assert ("Quarte", "4 in a row", "50") in section.tables[0].rows
    assert ("Belote", "K + Q of trumps", "20") in section.tables[0].rows
    notes = " ".join(section.notes)
    assert "8 trumps = quinte + tierce (120)" in notes
    assert "Fours rank J > 9 > A > 10 > K > Q" in notes
    # What the notes say of the comparison is what the engine does.
    order = [Seat.E, Seat.S, Seat.W, Seat.N]
    plain = Declaration.from_str("9C-JC")  # E: a tierce to the jack in clubs
    trump = Declaration.from_str("9H-JH")  # S: the same in trumps (hearts)
    assert declaration_winner([[], [plain], [trump], []], Card.from_str("AH").suit, order) == (
        Team.NS
    )
    tie = [[], [plain], [Declaration.from_str("9D-JD")], []]  # a dead tie: E plays first
    assert declaration_winner(tie, Card.from_str("AH").suit, order) == Team.EW
    six = Declaration.from_str("7S-QS")  # a run of 6 is a quinte, no better than one to the K
    assert (
        declaration_winner(
            [[Declaration.from_str("9S-KS")], [six], [], []], Card.from_str("AH").suit, order
        )
        == Team.NS
    )


def test_french_auction_as_the_engine_plays_it() -> None:
    from belot.cheatsheet.french import auction

    facts = auction(Rules.french())
    assert len(facts.first_round) == 1 and len(facts.second_round) == 3
    assert set(facts.first_round) | set(facts.second_round) == {
        Contract.CLUBS,
        Contract.DIAMONDS,
        Contract.HEARTS,
        Contract.SPADES,
    }
    assert (facts.passes, facts.taker_gets, facts.others_get, facts.other_calls) == (8, 2, 3, False)
    notes = " ".join(_section(_french(), "Auction").notes)
    assert "clockwise from the dealer's left" in notes
    assert "one of the 3 other suits" in notes
    assert "the turned card and 2 more, the others 3 each" in notes
    assert "8 passes (everyone twice): the next player deals. No No trumps, All trumps" in notes
    assert "♣" in notes and "♠" in notes


def test_french_score_from_the_engine() -> None:
    notes = " ".join(_section(_french(), "Score").notes)
    assert "81 : 81 → 81 : 81 is made" in notes
    assert "70 + belote 20 : 92 + tierce 20 → 20 : 182" in notes
    assert "252 instead of 162" in notes and "a belote 20: 252 : 20" in notes
    end = " ".join(_section(_french(), "End of the match").notes)
    assert "Play to 1000" in end and "A capot may end the match." in end


def test_french_follows_its_options() -> None:
    text = _every_text(_french(target=501, direction=-1, forced_undertrump=False))
    assert "Play to 501" in text
    assert "counter-clockwise from the dealer's right" in text
    assert "overtrump if you can, else any card" in text
    assert "overtrump if you can, else a lower trump" in _every_text(_french())


def test_french_in_bulgarian_and_french() -> None:
    _, bg = _pdf_text(cheatsheet.sheet("french", "bg"))
    for needle in ("Пищов за френски белот", "Белот-ребелот", "Капо", "вътре", "♥", "ВК"):
        assert needle in bg, needle
    _, fr = _pdf_text(cheatsheet.sheet("french", "fr"))
    for needle in ("Belote-Rebelote", "Cinquante", "Cent", "Carré", "Capot", "dedans", "Cœur ♥"):
        assert needle in fr, needle


def test_cli_french(tmp_path: Path) -> None:
    pdf = tmp_path / "fr.pdf"
    result = CliRunner().invoke(command, ["--game", "french", "--lang", "fr", "--pdf", str(pdf)])
    assert result.exit_code == 0, result.output
    assert "Aide-mémoire de la belote" in PdfReader(pdf).pages[0].extract_text()


def test_a_game_the_engine_plays_without_a_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    from belot.cheatsheet import _SHEETS

    monkeypatch.delitem(_SHEETS, "french")
    with pytest.raises(cheatsheet.CheatSheetError) as error:
        cheatsheet.sheet("french")
    assert str(error.value) == (
        "no cheat sheet for french yet (available: bulgarian, coinche, bela)"
    )
