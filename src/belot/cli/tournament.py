"""``belot tournament A B C …``: every pair of bots in duplicate duels, and an Elo table."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Unpack

import click

from belot.cli.duel import duel_options, echo_result, progress_bar

if TYPE_CHECKING:
    from belot.bots.arena import DuelOptions

__all__ = ["command"]


@click.command()
@click.argument("levels", nargs=-1, required=True)
@click.option("--deals", default=500, show_default=True, help="Deals per pair of bots.")
@duel_options("Matches to the game's target per pair of bots")
@click.option(
    "--log",
    type=click.Path(file_okay=False),
    default=None,
    help="Keep each duel's log in folder DIR (see belot duel --log): run again to resume.",
)
def command(
    levels: tuple[str, ...],
    deals: int,
    as_json: bool,
    quiet: bool,
    log: str | None,
    **options: Unpack[DuelOptions],
) -> None:
    """Round robin of duplicate duels between bot LEVELS (e.g. ``random basic strong``)."""
    from belot.bots.arena import check, duel_pairs, tournament

    names = list(dict.fromkeys(levels))
    matches = options.get("matches")
    check(
        names,
        deals,
        matches,
        options.get("workers"),
        options.get("ray_address"),
        rules=options.get("rules"),
    )
    total = duel_pairs(deals, matches) * len(list(combinations(names, 2)))
    with progress_bar(total, "tournament", not quiet and len(names) > 1) as advance:
        result = tournament(names, deals=deals, progress=advance, log=log, **options)
    echo_result(result, as_json)
