"""The printable cheat sheet (seed 003), generated from the engine's own tables.

Every number on the sheet is read from the engine (card strength ``KEY``, ``CARD_POINTS``,
declaration points, ``contract_total``, the rounding functions, ``score_deal``), so the sheet
cannot disagree with the game. ``build()`` gives the content; ``to_html()`` renders it as a page
with A4 print styles and ``to_pdf()`` as a one-page A4 PDF (pure Python, fpdf2).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from belot.engine.cards import Card, Rank, Suit
from belot.engine.contracts import Contract
from belot.engine.deal import BELOT_POINTS
from belot.engine.declarations import FOUR_ORDER, FOUR_POINTS, SEQUENCE_POINTS, Kind
from belot.engine.rules import Rules
from belot.engine.scoring import (
    LAST_TRICK,
    VALAT_BONUS,
    TeamPoints,
    contract_total,
    pair_round,
    round_single,
    score_deal,
)
from belot.engine.table import Team
from belot.engine.tricks import CARD_POINTS, DECK_POINTS, KEY

__all__ = ["CheatSheet", "Section", "Table", "build", "to_html", "to_pdf"]


@dataclass(frozen=True, slots=True)
class Table:
    """A table: a heading row, body rows, and relative column widths."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of the sheet: tables first, then notes; ``column`` is 0 (left) or 1."""

    title: str
    column: int
    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CheatSheet:
    title: str
    subtitle: str
    sections: tuple[Section, ...]


_RANKS_SHOWN = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)
_SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades", "No trumps", "All trumps")


def ranking(contract: Contract, suit: Suit) -> list[Rank]:
    """The ranks of ``suit``, strongest first, by the engine's trick strength ``KEY``."""
    keys = KEY[contract]
    return sorted(Rank, key=lambda r: -keys[Card(suit, r).index])


def _order(ranks: Iterable[Rank]) -> str:
    return " · ".join(r.text for r in ranks)


def _digits(values: Sequence[int]) -> str:
    """``[6, 7, 8, 9]`` → ``6–9``; a single digit alone."""
    if not values:
        return "–"
    if len(values) == 1:
        return str(values[0])
    return f"{values[0]}–{values[-1]}"


def _round_up_digits(contract: Contract) -> list[int]:
    # Paired with a total ending in 0, so that no both-end-in special rule applies.
    return [d for d in range(10) if pair_round(100 + d, 50, contract)[0] == 11]


def _both_digit(contract: Contract) -> int | None:
    """The last digit that, ending both totals, makes the smaller round up and the larger down."""
    for digit in range(10):
        a, b = 60 + digit, 90 + digit
        alone = (pair_round(a, 50, contract)[0], pair_round(b, 50, contract)[0])
        if pair_round(a, b, contract) != alone:
            return digit
    return None


def _hanging_example(contract: Contract, rules: Rules) -> tuple[int, int, int]:
    """A deal where both teams reach the same total: (each total, defenders write, hangs)."""
    total = contract_total(contract, rules)
    quarte = SEQUENCE_POINTS[Kind.QUARTE]
    each = (total + quarte) // 2  # the defenders' quarte makes up for the declarers' cards
    points = (TeamPoints(each), TeamPoints(total - each, quarte))
    score = score_deal(rules, contract, Team.NS, points)
    assert points[1].cards + points[1].declarations == each
    return each, score.written[Team.EW], score.hanging


def _card_ranking() -> Section:
    hearts, clubs = Contract.HEARTS, Suit.CLUBS
    table = Table(
        ("Contract", "Strongest to weakest"),
        (
            ("Trump suit", _order(ranking(hearts, Suit.HEARTS))),
            ("Non-trump suit", _order(ranking(hearts, clubs))),
            ("No trumps (every suit)", _order(ranking(Contract.NO_TRUMPS, clubs))),
            ("All trumps (every suit)", _order(ranking(Contract.ALL_TRUMPS, clubs))),
        ),
        (0.42, 0.58),
    )
    notes = (
        "A trump beats any non-trump card. Otherwise the highest card of the suit led wins; "
        "a card of another suit never wins.",
        "Sequences always use the natural order 7 8 9 10 J Q K A.",
    )
    return Section("Card ranking", 0, (table,), notes)


def _card_points(rules: Rules) -> Section:
    hearts, nt = Contract.HEARTS, Contract.NO_TRUMPS

    def row(ranks: Sequence[Rank]) -> tuple[str, ...]:
        rank = ranks[0]
        return (
            ", ".join(r.text for r in ranks),
            str(CARD_POINTS[hearts][Card(Suit.HEARTS, rank).index]),
            str(CARD_POINTS[hearts][Card(Suit.CLUBS, rank).index]),
            str(CARD_POINTS[nt][Card(Suit.CLUBS, rank).index]),
        )

    rows = [row([r]) for r in _RANKS_SHOWN]
    rows.append(row([Rank.EIGHT, Rank.SEVEN]))
    table = Table(
        ("Card", "Trump", "Non-trump", "No trumps"), tuple(rows), (0.25, 0.25, 0.25, 0.25)
    )
    notes = (
        f"Last trick: +{LAST_TRICK} (+{rules.nt_last_trick} in No trumps). Valat (all eight "
        f"tricks): +{VALAT_BONUS}, never doubled.",
        "All trumps: every suit counts as trumps. No trumps: the card points are doubled.",
    )
    return Section("Card points", 0, (table,), notes)


def _totals(rules: Rules) -> Section:
    rows = []
    for name, contract in (
        ("Suit", Contract.HEARTS),
        ("All trumps", Contract.ALL_TRUMPS),
        ("No trumps", Contract.NO_TRUMPS),
    ):
        total = contract_total(contract, rules)
        cards = DECK_POINTS[contract]
        rows.append((name, str(cards), f"+{total - cards}", str(total), str(round_single(total))))
    table = Table(
        ("Contract", "Cards", "Last trick", "Total", "Game pts"),
        tuple(rows),
        (0.28, 0.16, 0.2, 0.16, 0.2),
    )
    return Section("Totals per contract", 0, (table,))


def _declarations(rules: Rules) -> Section:
    rows: list[tuple[str, str, str]] = [
        ("Tierce", "3 in a row in one suit", str(SEQUENCE_POINTS[Kind.TIERCE])),
        ("Quarte", "4 in a row", str(SEQUENCE_POINTS[Kind.QUARTE])),
        ("Quinte", "5 or more in a row", str(SEQUENCE_POINTS[Kind.QUINTE])),
    ]
    by_points: dict[int, list[Rank]] = {}
    for rank in sorted(FOUR_POINTS, key=lambda r: -FOUR_ORDER[r]):
        by_points.setdefault(FOUR_POINTS[rank], []).append(rank)
    for points, ranks in sorted(by_points.items()):
        names = ", ".join(r.text for r in ranks)
        rows.append(("Four of a kind", f"4 × {names}", str(points)))
    rows.append(("Belot", "K + Q of trumps", str(BELOT_POINTS)))
    table = Table(("Declaration", "Combination", "Points"), tuple(rows), (0.3, 0.5, 0.2))
    fours = " > ".join(r.text for r in sorted(FOUR_ORDER, key=lambda r: -FOUR_ORDER[r]))
    if rules.declaration_compare == "separate":
        compare = (
            "Sequences and fours are compared separately after the first trick. Only the team "
            "with the best sequence (length first, then the top card) scores its sequences; "
            "equal best sequences: none score."
        )
    else:
        compare = (
            "Each team's best declaration is compared after the first trick: any four beats any "
            "sequence; the winner scores all its declarations."
        )
    valat_suit = score_deal(
        rules,
        Contract.HEARTS,
        Team.NS,
        (TeamPoints(contract_total(Contract.HEARTS, rules)), TeamPoints(0)),
        valat=Team.NS,
    )
    valat_at = score_deal(
        rules,
        Contract.ALL_TRUMPS,
        Team.NS,
        (TeamPoints(contract_total(Contract.ALL_TRUMPS, rules)), TeamPoints(0)),
        valat=Team.NS,
    )
    notes = (
        compare,
        f"Fours rank {fours}; only the team with the best four scores its fours. Four sevens "
        "or eights do not count. A card counts in one declaration only.",
        "Announce declarations with your first card. No declarations or belot in No trumps. "
        "Belot is never compared; in All trumps it can be in any suit.",
        "Belot counts when its first card leads, follows suit"
        + (" or trumps." if rules.belot_when_trumping else " (not when trumping)."),
        f"A valat without declarations writes {valat_suit.written[0]} in a suit, "
        f"{valat_at.written[0]} in No trumps or All trumps.",
    )
    return Section("Declarations", 0, (table,), notes)


def _contract_order(rules: Rules) -> Section:
    order = " < ".join(_SUIT_NAMES[c] for c in Contract)
    doubled = [
        score_deal(
            rules,
            Contract.HEARTS,
            Team.NS,
            (TeamPoints(100), TeamPoints(62)),
            double=double,
        ).written[0]
        for double in (2, 4)
    ]
    notes = (
        order + ".",
        "Contra (only on the opponents' contract) doubles, recontra (by the contract's team) "
        f"quadruples: a whole suit deal writes {doubled[0]}, or {doubled[1]}.",
        "A higher contract cancels contra and recontra. The auction ends after three passes in "
        "a row"
        + (
            " (also after a contra)"
            if rules.passes_after_double == 3
            else f" ({rules.passes_after_double} after a contra)"
        )
        + "; four passes: deal again.",
    )
    return Section("Contract order", 1, (), notes)


def _obligations() -> Section:
    table = Table(
        ("Contract", "What you must do"),
        (
            (
                "Suit",
                "Follow suit. Trumps led: play a higher trump if you can, even over your "
                "partner. Void in a plain suit: if your partner holds the trick, any card; "
                "otherwise trump, and overtrump an opponent's trump if you can; if you cannot, "
                "any card.",
            ),
            ("No trumps", "Only follow suit. If you cannot, play any card."),
            (
                "All trumps",
                "Follow suit and beat the highest card of the suit led if you can, whoever "
                "holds the trick. If you cannot follow, any card.",
            ),
        ),
        (0.22, 0.78),
    )
    return Section("Playing obligations", 1, (table,))


def _rounding(rules: Rules) -> Section:
    suit, at, nt = Contract.HEARTS, Contract.ALL_TRUMPS, Contract.NO_TRUMPS

    def pair(a: int, b: int, contract: Contract) -> str:
        x, y = pair_round(a, b, contract)
        return f"{a} : {b} → {x} + {y}"

    rows = []
    for name, contract, base in (
        ("Suit", suit, (90, 60)),
        ("All trumps", at, (130, 120)),
        ("No trumps", nt, (0, 0)),
    ):
        up = _round_up_digits(contract)
        down = [d for d in range(10) if d not in up]
        digit = _both_digit(contract)
        special = "–"
        if digit is not None:
            special = f"{digit}: the smaller up, " + pair(
                base[0] + digit, base[1] + digit, contract
            )
        rows.append((name, _digits(up), _digits(down), special))
    table = Table(
        ("Contract", "Last digit up", "Down", "Both totals end in"),
        tuple(rows),
        (0.2, 0.2, 0.16, 0.44),
    )
    hang_suit = _hanging_example(suit, rules)
    hang_at = _hanging_example(at, rules)
    notes = (
        f"Examples: {pair(87, 75, suit)} (suit); {pair(146, 114, nt)} (No trumps).",
        "One team writes everything (inside, valat, contra): the sum rounds from 5 up, then "
        f"× 2 or × 4 (e.g. 162 → {round_single(162)}).",
        f"Hanging: {hang_suit[0]} : {hang_suit[0]} → the defenders write {hang_suit[1]}, "
        f"{hang_suit[2]} hang; {hang_at[0]} : {hang_at[0]} (All trumps) → {hang_at[1]}, "
        f"{hang_at[2]} hang.",
    )
    return Section("Rounding (points ÷ 10)", 1, (table,), notes)


def _end_of_game(rules: Rules) -> Section:
    notes = (
        "The declarers need strictly more points (cards + declarations + belot). Made: each "
        "team writes its own. Fewer: inside, the defenders write everything. Equal: hanging, "
        "the defenders write their own, the declarers' points go to the winner of the next deal.",
        "Valat: that team writes every point of the deal plus the bonus.",
        "With contra or recontra the team with more points writes the whole deal × 2 or × 4; "
        "a tie hangs everything.",
        f"Play to {rules.target}. After a deal, a team with {rules.target} or more and more "
        "points than the other wins. Equal: play on. A deal won by a valat or one that leaves "
        "points hanging cannot end the game.",
    )
    return Section("Result and end of the game", 1, (), notes)


def build(rules: Rules | None = None) -> CheatSheet:
    """The cheat sheet's content for ``rules`` (Bulgarian Belot by default)."""
    rules = rules if rules is not None else Rules.bulgarian()
    return CheatSheet(
        "Belot cheat sheet",
        "Bulgarian Belot: points, cards and declarations on one page. Generated from the "
        "belot engine's own tables.",
        (
            _card_ranking(),
            _card_points(rules),
            _totals(rules),
            _declarations(rules),
            _contract_order(rules),
            _obligations(),
            _rounding(rules),
            _end_of_game(rules),
        ),
    )


# --- HTML -----------------------------------------------------------------------------------

CSS = """
.cheatsheet { font: 14px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #111; }
.cheatsheet * { box-sizing: border-box; }
.cheatsheet h1 { font-size: 1.5em; margin: 0 0 2px; color: #111; }
.cheatsheet .subtitle { margin: 0 0 10px; color: #444; }
.cheatsheet .columns { display: grid; grid-template-columns: 1fr 1fr; gap: 0 18px; }
.cheatsheet section { break-inside: avoid; margin-bottom: 8px; }
.cheatsheet h2 { font-size: 1.05em; margin: 6px 0 3px; border-bottom: 2px solid #7a1f1f;
  color: #7a1f1f; }
.cheatsheet table { border-collapse: collapse; width: 100%; margin: 2px 0 4px; background: #fff; }
.cheatsheet th, .cheatsheet td { border: 1px solid #999; padding: 2px 4px; text-align: left;
  vertical-align: top; }
.cheatsheet th { background: #eee; }
.cheatsheet ul { margin: 2px 0; padding-left: 16px; }
.cheatsheet li { margin: 1px 0; }
@media (max-width: 700px) { .cheatsheet .columns { grid-template-columns: 1fr; } }
@media print {
  @page { size: A4; margin: 9mm; }
  .cheatsheet { font-size: 7.6pt; }
  .cheatsheet .columns { grid-template-columns: 1fr 1fr; }
  .noprint { display: none !important; }
}
"""
"""Styles of the sheet itself; a page that embeds :func:`to_html_fragment` includes them."""

_PAGE_CSS = """
body { margin: 0 auto; padding: 12px; max-width: 1100px; }
@media print { body { padding: 0; max-width: none; } }
"""


def _html_table(table: Table) -> str:
    cols = "".join(f'<col style="width:{w * 100:.0f}%">' for w in table.widths)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in table.head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in table.rows
    )
    return (
        f"<table><colgroup>{cols}</colgroup><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def to_html_fragment(sheet: CheatSheet) -> str:
    """The sheet as an ``<article>`` (for embedding in a page that brings :data:`CSS`)."""
    columns = []
    for column in (0, 1):
        parts = []
        for section in sheet.sections:
            if section.column != column:
                continue
            body = "".join(_html_table(t) for t in section.tables)
            if section.notes:
                body += "<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in section.notes)
                body += "</ul>"
            parts.append(f"<section><h2>{html.escape(section.title)}</h2>{body}</section>")
        columns.append(f'<div class="column">{"".join(parts)}</div>')
    return (
        f'<article class="cheatsheet"><h1>{html.escape(sheet.title)}</h1>'
        f'<p class="subtitle">{html.escape(sheet.subtitle)}</p>'
        f'<div class="columns">{"".join(columns)}</div></article>'
    )


def to_html(sheet: CheatSheet) -> str:
    """A standalone HTML page with print styles for one A4 page."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(sheet.title)}</title><style>{CSS}{_PAGE_CSS}</style></head>"
        f"<body>{to_html_fragment(sheet)}</body></html>\n"
    )


# --- PDF ------------------------------------------------------------------------------------

_PAGE_W, _MARGIN, _GAP = 210.0, 9.0, 6.0
_COL_W = (_PAGE_W - 2 * _MARGIN - _GAP) / 2
_TEXT_PT = 8.0
_LINE = 3.5


def _pdf_text(text: str) -> str:
    """Text the PDF core fonts can draw (Windows-1252)."""
    return text.replace("→", "->").replace("≥", ">=")


def to_pdf(sheet: CheatSheet) -> bytes:
    """The sheet as a one-page A4 PDF (core fonts only, so it needs nothing installed)."""
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.core_fonts_encoding = "windows-1252"
    pdf.set_margins(_MARGIN, _MARGIN, _MARGIN)
    pdf.set_auto_page_break(True, margin=_MARGIN)
    pdf.set_title(sheet.title)
    pdf.set_creator("belot cheatsheet")
    pdf.add_page()
    pdf.set_font("helvetica", "B", 15)
    pdf.cell(0, 7, _pdf_text(sheet.title), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("helvetica", "", 8)
    pdf.set_text_color(70, 70, 70)
    pdf.multi_cell(0, 3.6, _pdf_text(sheet.subtitle), new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    top = pdf.get_y() + 1.5
    heading = FontFace(emphasis="BOLD", fill_color=(235, 235, 235))
    for column in (0, 1):
        left = _MARGIN + column * (_COL_W + _GAP)
        pdf.set_left_margin(left)
        pdf.set_right_margin(_PAGE_W - left - _COL_W)
        pdf.set_xy(left, top)
        for section in sheet.sections:
            if section.column != column:
                continue
            pdf.set_font("helvetica", "B", 9.5)
            pdf.set_text_color(122, 31, 31)
            pdf.cell(_COL_W, 5, _pdf_text(section.title), new_x="LMARGIN", new_y="NEXT")
            pdf.set_draw_color(122, 31, 31)
            pdf.line(left, pdf.get_y(), left + _COL_W, pdf.get_y())
            pdf.set_draw_color(0, 0, 0)
            pdf.set_text_color(0, 0, 0)
            pdf.ln(0.8)
            pdf.set_font("helvetica", "", _TEXT_PT)
            for table in section.tables:
                with pdf.table(
                    col_widths=table.widths,
                    width=_COL_W,
                    align="LEFT",
                    line_height=_LINE,
                    text_align="LEFT",
                    headings_style=heading,
                    padding=0.6,
                ) as out:
                    for cells in (table.head, *table.rows):
                        row = out.row()
                        for cell in cells:
                            row.cell(_pdf_text(cell))
                pdf.ln(0.8)
            for note in section.notes:
                y = pdf.get_y()
                pdf.set_xy(left, y)
                pdf.cell(3, _LINE, "•")
                pdf.multi_cell(_COL_W - 3, _LINE, _pdf_text(note), align="L")
                pdf.set_x(left)
            pdf.ln(1.6)
    pdf.set_left_margin(_MARGIN)
    pdf.set_auto_page_break(False)
    pdf.set_font("helvetica", "I", 6.5)
    pdf.set_text_color(90, 90, 90)
    pdf.set_xy(_MARGIN, 297 - _MARGIN)
    pdf.cell(0, 3, "Made by `belot cheatsheet --pdf FILE` from the rules engine's tables.")
    return bytes(pdf.output())
