"""Bela's cheat sheet (``belot cheatsheet --game bela``): its numbers come from the engine, it
follows the options, and its translations show the same numbers."""

from __future__ import annotations

import io
import re
from pathlib import Path

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


@pytest.mark.parametrize("lang", ["bg", "fr"])
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
