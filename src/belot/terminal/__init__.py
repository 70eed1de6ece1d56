"""The terminal table of ``belot play``: a full-screen Textual app over the engine and bots.

``run`` opens it; ``belot.terminal.app.TableApp`` is the app, ``words`` its words in English,
Bulgarian, French and Croatian. Only ``belot play`` on a terminal imports this package (and
Textual).
"""

from __future__ import annotations

import click

from belot.bots import Bot
from belot.engine.match import Match
from belot.engine.table import Seat

__all__ = ["run"]


def run(
    match: Match, bots: dict[Seat, Bot], *, record_path: str | None = None, lang: str = "en"
) -> int:
    """Play ``match`` as South in the full-screen table; the exit code (0 when left with ``q``)."""
    from belot.cli.match import save_record

    from .app import TableApp

    to_stdout = record_path == "-"  # written once the screen is given back
    app = TableApp(match, bots, record_path=None if to_stdout else record_path, lang=lang)
    code = app.run()
    if not match.is_over:
        ns, ew = match.totals
        click.echo(f"Game left unfinished: NS {ns}, EW {ew}.", err=to_stdout)
    if to_stdout:
        save_record("-", match)
    return code or 0
