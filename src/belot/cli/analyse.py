"""``belot analyse FILE``: every card of a deal with what it cost against best play.

The cost of a card is the card points its team lost against the best card, with all four hands
open (the perfect-information solver on the real hands). FILE holds a deal record (a deal still
being played: its cards so far), or a match record: then each of its deals in turn, or the one
``--deal N`` names.
"""

from __future__ import annotations

import click

from belot.cli.hint import deal_option, pick_deal, read_record
from belot.engine.deal import Deal
from belot.engine.errors import BelotError

__all__ = ["command"]


@click.command()
@click.argument("source", default="-", metavar="[FILE]")
@deal_option
def command(source: str, number: int | None) -> None:
    """Mark each card of a deal or match record with its cost against the best play."""
    record = read_record(source)
    if isinstance(record, Deal) or number is not None:
        click.echo(_analysis(pick_deal(record, number)))
        return
    for count, deal in enumerate(record.deals_so_far, 1):
        click.echo(f"deal {count}, dealer {deal.dealer.name}")
        if deal.contract is not None:
            click.echo(_analysis(deal) + "\n")
        else:
            click.echo("all passed: redealt\n" if deal.is_over else "in the auction\n")


def _analysis(deal: Deal) -> str:
    from belot.bots.analysis import annotate, format_annotation  # the solver: only when used

    if deal.contract is None:
        if deal.is_over:
            raise BelotError("the deal has no contract (all passed): nothing to analyse")
        raise BelotError("the deal is still in its auction: no card played yet")
    return format_annotation(deal, annotate(deal))
