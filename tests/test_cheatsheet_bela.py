"""Bela's cheat sheet (``belot cheatsheet --game bela``): its numbers come from the engine, it
follows the options, and its translations show the same numbers."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from belot import cheatsheet
from belot.cheatsheet.bela import calling
from belot.cli.cheatsheet import command
from belot.engine.rules import Rules


def _text(sheet: cheatsheet.CheatSheet) -> str:
    return "\n".join(sheet.texts())


def _numbers(section: cheatsheet.Section) -> list[str]:
    return sorted(re.findall(r"\d+", " ".join(section.texts()[1:])))


def test_the_calling_as_the_engine_plays_it() -> None:
    assert calling(Rules.bela()) == (6, 2, 4, 3, False)


def test_every_part_from_the_engine() -> None:
    text = _text(cheatsheet.sheet("bela"))
    for needle in (
        "152 in the cards + 10 for the last trick = 162. Stiglja (all eight tricks): +90.",
        "Deal 3 + 3 each, counter-clockwise from the dealer's right, and 2 hidden cards each",
        "After 3 passes the dealer must name one. No No trumps, All trumps or doubling.",
        "beat the card that holds the trick if you can, in every suit, over your partner too",
        "overtrump if you can, else any trump",
        "(92 : 70 → 92 : 70)",
        "(60 : 102 with a bela 20 → 0 : 182)",
        "A tie fails the callers (81 : 81 → 0 : 162).",
        "Play to 1001.",
        "A belot ends the match at once.",
        "a four beats a sequence of the same value",
        "A card counts in one declaration only.",
    ):
        assert needle in text, needle
    rows = {r[0]: r[1:] for r in cheatsheet.sheet("bela").sections[2].tables[0].rows}
    assert rows["Bela"] == ("K + Q of trumps", "20")


def test_the_sheet_follows_the_options() -> None:
    rules = Rules.bela(
        tie="hangs",
        target=501,
        direction=1,
        beat_in_plain_suit=False,
        partner_exception=True,
        card_in_two_declarations=True,
        belot_wins_match=False,
    )
    text = _text(cheatsheet.build(rules))
    assert "the callers' 81 wait for the winner of the next deal (81 : 81 → 0 : 81)" in text
    assert "Play to 501." in text and "clockwise from the dealer's left" in text
    assert "Follow suit. Trumps led: play higher" in text
    assert "Your partner holds a non-trump trick" in text
    assert "A card may count in a four and in a sequence." in text
    assert "belot" not in text.replace("belot cheatsheet", "").replace("belot engine", "")


@pytest.mark.parametrize("lang", ["bg", "fr", "hr"])
@pytest.mark.parametrize("rules", [Rules.bela(), Rules.bela(tie="hangs", target=501)])
def test_translations_show_the_same_numbers(lang: str, rules: Rules) -> None:
    english, other = cheatsheet.build(rules, "en"), cheatsheet.build(rules, lang)
    assert len(english.sections) == len(other.sections)
    for en, translated in zip(english.sections, other.sections, strict=True):
        assert _numbers(translated) == _numbers(en), en.title
        assert translated.title != en.title


def test_pdf_in_bulgarian_and_french(tmp_path: Path) -> None:
    reader = PdfReader(io.BytesIO(cheatsheet.to_pdf(cheatsheet.sheet("bela", "bg"))))
    assert len(reader.pages) == 1
    bg = "".join(p.extract_text() for p in reader.pages)
    for needle in ("Пищов за бела", "Бела", "талон", "♥", "Щиля"):
        assert needle in bg, needle
    pdf = tmp_path / "fr.pdf"
    result = CliRunner().invoke(command, ["--game", "bela", "--lang", "fr", "--pdf", str(pdf)])
    assert result.exit_code == 0, result.output
    fr = PdfReader(pdf).pages[0].extract_text()
    assert "Aide-mémoire de la bela" in fr and "Cœur ♥" in fr


def test_pdf_in_croatian(tmp_path: Path) -> None:
    """``--lang hr``: one page with Croatian words, their letters č ć đ š ž and the suit
    symbols printed (the packaged font draws them)."""
    pdf = tmp_path / "hr.pdf"
    page = tmp_path / "hr.html"
    args = ["--game", "bela", "--lang", "hr", "--pdf", str(pdf), "--html", str(page)]
    result = CliRunner().invoke(command, args)
    assert result.exit_code == 0, result.output
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    hr = " ".join(reader.pages[0].extract_text().split())  # lines joined
    for needle in (
        "Podsjetnik za belu",
        "Jačina karata",
        "Zvanja",
        "Štiglja (svih osam štihova): +90.",
        "Tref ♣, Karo ♦, Herc ♥, Pik ♠",
        "J = dečko, Q = dama, K = kralj, A = as.",
        "djelitelj mora zvati",
        "određuje adut",
        "(81 : 81 → 0 : 162)",
        "--game bela --lang hr",
    ):
        assert needle in hr, needle
    assert set("čćđšžČŠ") <= set(hr)
    html = page.read_text(encoding="utf-8")
    assert '<html lang="hr">' in html and "Podsjetnik za belu" in html and "♠" in html


def test_every_option_of_bela_is_written_in_croatian() -> None:
    """Each text any choice of Bela's options shows has its Croatian words (none missing)."""
    choices: list[dict[str, Any]] = [
        {},
        {"tie": "hangs", "direction": 1, "beat_in_plain_suit": False},
        {"partner_exception": True, "card_in_two_declarations": True, "belot_wins_match": False},
    ]
    for options in choices:
        text = "\n".join(cheatsheet.sheet("bela", "hr", options).texts())
        assert "Podsjetnik za belu" in text and "{" not in text, options
    hangs = "\n".join(cheatsheet.sheet("bela", "hr", {"tie": "hangs"}).texts())
    assert "81 bodova ekipe koja je zvala visi do pobjednika sljedećeg dijeljenja" in hangs


@pytest.mark.parametrize("game", ["bulgarian", "french", "coinche"])
def test_croatian_is_written_for_bela_alone(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another game's sheet in Croatian is refused in one line that says which languages it has."""
    from belot.cli import main

    assert cheatsheet.languages(game) == ("en", "bg", "fr")
    assert cheatsheet.languages("bela") == ("en", "bg", "fr", "hr")
    with pytest.raises(SystemExit) as exit_info:
        main(["cheatsheet", "--game", game, "--lang", "hr", "--pdf", str(tmp_path / "x.pdf")])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err == (
        f"belot: no Croatian cheat sheet for {game}: only Bela's sheet is written in Croatian "
        f"(--game bela); {game}'s in en, bg, fr\n"
    )
    assert not (tmp_path / "x.pdf").exists()
