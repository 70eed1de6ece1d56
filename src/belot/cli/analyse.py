"""``belot analyse FILE``: every card of a finished deal with what it cost against best play.

The cost of a card is the card points its team lost against the best card, with all four hands
open (the perfect-information solver on the real hands).
"""

from __future__ import annotations

import click

from belot.cli.hint import read_deal
from belot.engine.errors import BelotError

__all__ = ["command"]


@click.command()
@click.argument("source", default="-", metavar="[FILE]")
def command(source: str) -> None:
    """Mark each card of a deal record with its cost against the best play."""
    from belot.bots.analysis import annotate, format_annotation  # the solver: only when used

    deal = read_deal(source)
    if deal.contract is None:
        raise BelotError("the deal has no contract (all passed): nothing to analyse")
    click.echo(format_annotation(deal, annotate(deal)))
