"""``belot cheatsheet``: a game's printable one-page cheat sheet as PDF and/or HTML."""

from __future__ import annotations

from pathlib import Path

import click

from ._options import option_pair

__all__ = ["command"]

# Written out here (not read from belot.cheatsheet) so that --help imports no engine; for the
# same reason BelotError is imported where it is raised (belot.engine loads the whole engine).
_FAMILY = ("bulgarian", "french", "coinche", "bela")
_LANGUAGES = ("en", "bg", "fr", "hr")


def _write(path: Path, data: bytes) -> None:
    from belot.engine.errors import BelotError

    try:
        path.write_bytes(data)
    except OSError as error:
        raise BelotError(f"cannot write {path}: {error.strerror or error}") from None


@click.command(name="cheatsheet")
@click.option(
    "--game",
    default="bulgarian",
    show_default=True,
    metavar="|".join(_FAMILY),
    help="The game; one the engine does not play yet is refused.",
)
@click.option(
    "--lang",
    type=click.Choice(_LANGUAGES),
    default="en",
    show_default=True,
    help="English, Bulgarian or French; Croatian (hr) for Bela only.",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rules option of the game, e.g. nt_last_trick=10.",
)
@click.option(
    "--pdf",
    "pdf_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write a one-page A4 PDF (with its font embedded).",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write an HTML page with print styles.",
)
def command(
    game: str,
    lang: str,
    options: tuple[str, ...],
    pdf_path: Path | None,
    html_path: Path | None,
) -> None:
    """Write a game's cheat sheet (card ranking, points, declarations, auction, scoring, end of
    the game), generated from the rules engine's tables."""
    if pdf_path is None and html_path is None:
        raise click.UsageError("give --pdf FILE and/or --html FILE")
    from belot import cheatsheet

    sheet = cheatsheet.sheet(game.strip().lower(), lang, dict(map(option_pair, options)))
    if pdf_path is not None:
        _write(pdf_path, cheatsheet.to_pdf(sheet))
        click.echo(f"wrote {pdf_path}")
    if html_path is not None:
        _write(html_path, cheatsheet.to_html(sheet).encode("utf-8"))
        click.echo(f"wrote {html_path}")
