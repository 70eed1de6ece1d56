"""A sheet as an HTML page with A4 print styles, or as a one-page A4 PDF (fpdf2).

The PDF embeds DejaVu Sans Condensed, which this package carries (``fonts/``, with its licence):
one font that draws Latin, Cyrillic and the suit symbols ♣♦♥♠, so the PDF looks the same
everywhere and needs nothing installed or downloaded.
"""

from __future__ import annotations

import html
from importlib.resources import files
from typing import TYPE_CHECKING, Final

from belot.cheatsheet.layout import CheatSheet, Table

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["CSS", "FONT", "to_html", "to_html_fragment", "to_pdf"]

CSS = """
.cheatsheet { font: 14px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans",
  sans-serif; color: #111; }
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
  .cheatsheet { font-size: 7.4pt; }
  .cheatsheet .columns { grid-template-columns: 1fr 1fr; }
  .noprint { display: none !important; }
}
"""
"""Styles of the sheet itself; a page that embeds :func:`to_html_fragment` includes them."""

_PAGE_CSS = """
body { margin: 0 auto; padding: 12px; max-width: 1100px; }
@media print { body { padding: 0; max-width: none; } }
"""

FONT: Final = "DejaVuSansCondensed"
"""The embedded font (regular and bold), from ``belot/cheatsheet/fonts``."""


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
        f'<article class="cheatsheet" lang="{sheet.lang}"><h1>{html.escape(sheet.title)}</h1>'
        f'<p class="subtitle">{html.escape(sheet.subtitle)}</p>'
        f'<div class="columns">{"".join(columns)}</div></article>'
    )


def to_html(sheet: CheatSheet) -> str:
    """A standalone HTML page with print styles for one A4 page."""
    return (
        f'<!doctype html><html lang="{sheet.lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(sheet.title)}</title><style>{CSS}{_PAGE_CSS}</style></head>"
        f"<body>{to_html_fragment(sheet)}</body></html>\n"
    )


# --- PDF ------------------------------------------------------------------------------------

_PAGE_W, _PAGE_H, _MARGIN, _GAP = 210.0, 297.0, 9.0, 6.0
_COL_W = (_PAGE_W - 2 * _MARGIN - _GAP) / 2
#: Text sizes tried, largest first, until the sheet fits one page; below the last it is unreadable.
_TEXT_PT: Final = (8.0, 7.6, 7.2, 6.8)


def _pdf(sheet: CheatSheet, text_pt: float) -> FPDF:
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    line = text_pt * 0.4375  # 3.5 mm at 8 pt
    fonts = files("belot.cheatsheet") / "fonts"
    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.add_font(FONT, "", str(fonts / f"{FONT}.ttf"))
    pdf.add_font(FONT, "B", str(fonts / f"{FONT}-Bold.ttf"))
    pdf.set_margins(_MARGIN, _MARGIN, _MARGIN)
    pdf.set_auto_page_break(True, margin=_MARGIN)
    pdf.set_title(sheet.title)
    pdf.set_lang(sheet.lang)
    pdf.set_creator("belot cheatsheet")
    pdf.add_page()
    pdf.set_font(FONT, "B", 15)
    pdf.cell(0, 7, sheet.title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 8)
    pdf.set_text_color(70, 70, 70)
    pdf.multi_cell(0, 3.6, sheet.subtitle, new_x="LMARGIN", new_y="NEXT")
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
            pdf.set_font(FONT, "B", text_pt + 1.5)
            pdf.set_text_color(122, 31, 31)
            pdf.cell(_COL_W, 5, section.title, new_x="LMARGIN", new_y="NEXT")
            pdf.set_draw_color(122, 31, 31)
            pdf.line(left, pdf.get_y(), left + _COL_W, pdf.get_y())
            pdf.set_draw_color(0, 0, 0)
            pdf.set_text_color(0, 0, 0)
            pdf.ln(0.8)
            pdf.set_font(FONT, "", text_pt)
            for table in section.tables:
                with pdf.table(
                    col_widths=table.widths,
                    width=_COL_W,
                    align="LEFT",
                    line_height=line,
                    text_align="LEFT",
                    headings_style=heading,
                    padding=0.6,
                ) as out:
                    for cells in (table.head, *table.rows):
                        row = out.row()
                        for cell in cells:
                            row.cell(cell)
                pdf.ln(0.8)
            for note in section.notes:
                pdf.set_xy(left, pdf.get_y())
                pdf.cell(3, line, "•")
                pdf.multi_cell(_COL_W - 3, line, note, align="L")
                pdf.set_x(left)
            pdf.ln(1.6)
    pdf.set_left_margin(_MARGIN)
    pdf.set_auto_page_break(False)
    pdf.set_font(FONT, "", 6.5)
    pdf.set_text_color(90, 90, 90)
    pdf.set_xy(_MARGIN, _PAGE_H - _MARGIN)
    pdf.cell(0, 3, sheet.footer)
    return pdf


def to_pdf(sheet: CheatSheet) -> bytes:
    """The sheet as a one-page A4 PDF, its text as large as still fits the page."""
    for text_pt in _TEXT_PT:
        pdf = _pdf(sheet, text_pt)
        if pdf.pages_count == 1:
            return bytes(pdf.output())
    raise ValueError(f"the sheet {sheet.title!r} does not fit one A4 page")
