"""The cheat sheet: content read from the engine, one A4 page as PDF, print-ready HTML."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from belot import cheatsheet
from belot.cli.cheatsheet import command
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
