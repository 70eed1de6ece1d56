"""The terminal table of ``belot play``: a full-screen Textual app over the engine and bots.

``run`` opens it; ``belot.terminal.app.TableApp`` is the app, ``words`` its words in English,
Bulgarian and French. Only ``belot play`` on a terminal imports this package (and Textual).
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
    from .app import TableApp

    app = TableApp(match, bots, record_path=record_path, lang=lang)
    code = app.run()
    if not match.is_over:
        ns, ew = match.totals
        click.echo(f"Game left unfinished: NS {ns}, EW {ew}.")
    return code or 0
