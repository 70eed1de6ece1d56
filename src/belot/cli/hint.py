"""``belot hint [FILE] [--seat S]``: each legal card (or call) with the points it can expect.

FILE (or ``-`` for standard input) holds a deal record (JSON), a match record (its last deal, or
``--deal N``) or a position string of a deal in its play phase or its auction. The estimate is
the strong bot's: the unseen hands are dealt many times consistently with what the seat has
seen, and each world is solved exactly. In the auction, each call is followed by the rest of the
auction as ``basic`` would call it, and the estimate is the game points the seat's team would
write less the other's.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from belot.engine.deal import Deal, Phase
from belot.engine.errors import BelotError
from belot.engine.table import Seat

if TYPE_CHECKING:
    from belot.engine.match import Match

__all__ = ["command", "deal_option", "pick_deal", "read_deal", "read_record"]

#: ``--deal N``: which deal of a match record the command reads.
deal_option = click.option(
    "--deal",
    "number",
    type=int,
    default=None,
    metavar="N",
    help="The deal of a match record to read, from 1 (all-pass redeals count).",
)


def read_record(source: str) -> Deal | Match:
    """A deal or a match from a record file, a position string file, or ``-`` (standard
    input)."""
    from belot.engine.record import from_position, load_any

    if source == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise BelotError(f"cannot read {source}: {error.strerror}") from None
    if text.lstrip().startswith("{"):
        return load_any(text)
    if not text.strip():
        raise BelotError(f"{source}: empty input (expected a deal or match record, or a position)")
    return from_position(text.strip())


def pick_deal(record: Deal | Match, number: int | None) -> Deal:
    """Deal ``number`` (from 1) of a match, by default the last; a deal record's own deal."""
    if isinstance(record, Deal):
        if number is not None:
            raise BelotError("--deal picks a deal of a match record, and this is a single deal")
        return record
    deals = record.deals_so_far
    if number is None:
        return deals[-1]
    if not 1 <= number <= len(deals):
        raise BelotError(f"--deal {number}: the match has deals 1 to {len(deals)}")
    return deals[number - 1]


def read_deal(source: str, number: int | None = None) -> Deal:
    """A deal from a record file, a position string file, or ``-`` (standard input); of a
    match record, deal ``number`` (from 1), by default the last."""
    return pick_deal(read_record(source), number)


@click.command()
@click.argument("source", default="-", metavar="[FILE]")
@click.option("--seat", "seat_text", help="The seat to advise (default: the seat to play).")
@click.option(
    "--level",
    type=click.Choice(["strong", "expert"]),
    default="strong",
    show_default=True,
    help="Whose search: expert deals up to 4x the worlds (and thinks 2 s by default).",
)
@click.option("--think", type=float, default=None, help="Seconds of search [default: 1, expert 2].")
@click.option("--seed", default=0, show_default=True, help="Seed of the world sampling.")
@deal_option
def command(
    source: str,
    seat_text: str | None,
    level: str,
    think: float | None,
    seed: int,
    number: int | None,
) -> None:
    """Each legal card (or call) with the points the seat's team can expect."""
    # The search (numba) is imported here, not at start-up: `belot --help` lists this command.
    from belot.bots.analysis import hint, hint_calls
    from belot.bots.expert import AUCTION_WORLDS, CARD_WORLDS, EXPERT_THINK

    expert = level == "expert"
    if think is None:
        think = EXPERT_THINK if expert else 1.0

    deal = read_deal(source, number)
    if deal.turn is None:
        raise BelotError("the deal is over: nothing to advise (see belot analyse)")
    seat = deal.turn if seat_text is None else Seat.from_str(seat_text)
    if think <= 0:
        raise BelotError("--think must be a positive number of seconds")
    if deal.phase is Phase.AUCTION:
        worlds = AUCTION_WORLDS if expert else None
        calls = hint_calls(deal.view(seat), think=think, seed=seed, max_worlds=worlds)
        click.echo(
            f"{seat.name} to call; expected game points for {seat.team.name} less "
            f"{seat.team.other.name} over {calls[0].worlds} worlds:"
        )
        for call in calls:
            click.echo(f"  {call.call!s:<10} {call.points:6.1f}")
        return
    most = CARD_WORLDS if expert else None
    estimates = hint(deal.view(seat), think=think, seed=seed, max_worlds=most)
    worlds = max(e.worlds for e in estimates)
    click.echo(
        f"{seat.name} to play; expected game points for {seat.team.name} less "
        f"{seat.team.other.name} over {worlds} worlds:"
    )
    for estimate in estimates:
        points = "forced" if estimate.worlds == 0 else f"{estimate.points:6.1f}"
        click.echo(f"  {estimate.card!s:<4} {points}")
