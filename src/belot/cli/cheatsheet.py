"""``belot cheatsheet``: the printable one-page cheat sheet as PDF and/or HTML."""

from __future__ import annotations

from pathlib import Path

import click

from belot.engine.errors import BelotError

__all__ = ["command"]


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as error:
        raise BelotError(f"cannot write {path}: {error.strerror or error}") from None


@click.command(name="cheatsheet")
@click.option(
    "--pdf",
    "pdf_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write a one-page A4 PDF.",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write an HTML page with print styles.",
)
def command(pdf_path: Path | None, html_path: Path | None) -> None:
    """Write the Belot cheat sheet (card ranking, points, declarations, rounding, end of game),
    generated from the rules engine's tables."""
    from belot import cheatsheet

    if pdf_path is None and html_path is None:
        raise click.UsageError("give --pdf FILE and/or --html FILE")
    sheet = cheatsheet.build()
    if pdf_path is not None:
        _write(pdf_path, cheatsheet.to_pdf(sheet))
        click.echo(f"wrote {pdf_path}")
    if html_path is not None:
        _write(html_path, cheatsheet.to_html(sheet).encode("utf-8"))
        click.echo(f"wrote {html_path}")
