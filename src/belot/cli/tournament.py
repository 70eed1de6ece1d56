"""``belot tournament A B C …``: every pair of bots in duplicate duels, and an Elo table."""

from __future__ import annotations

import json
from itertools import combinations

import click

from belot.cli.duel import progress_bar, rules_option

__all__ = ["command"]


@click.command()
@click.argument("levels", nargs=-1, required=True)
@click.option("--deals", default=500, show_default=True, help="Deals per pair of bots.")
@click.option(
    "--matches",
    type=int,
    default=None,
    help="Matches to 151 per pair of bots [default: deals / 20; 0 for none].",
)
@click.option("--seed", default=1, show_default=True, help="Seed of the decks and the bots.")
@click.option("--workers", type=int, default=None, help="Processes [default: all cores].")
@click.option("--think", type=float, default=None, help="Seconds per decision, for search bots.")
@click.option("--rules", "rules_text", default=None, help="Preset name or JSON rules object.")
@click.option("--ray", "ray_address", default=None, help="Run on the Ray cluster at ADDRESS.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def command(
    levels: tuple[str, ...],
    deals: int,
    matches: int | None,
    seed: int,
    workers: int | None,
    think: float | None,
    rules_text: str | None,
    ray_address: str | None,
    as_json: bool,
    quiet: bool,
) -> None:
    """Round robin of duplicate duels between bot LEVELS (e.g. ``random basic strong``)."""
    from belot.bots.arena import check, tournament

    rules = rules_option(rules_text)
    names = list(dict.fromkeys(levels))
    check(names, deals, matches, workers, ray_address)
    per_pair = deals + (deals // 20 if matches is None else matches)
    total = per_pair * len(list(combinations(names, 2)))
    with progress_bar(total, "tournament", not quiet and len(names) > 1) as advance:
        result = tournament(
            names,
            deals=deals,
            matches=matches,
            seed=seed,
            workers=workers,
            rules=rules,
            think=think,
            ray_address=ray_address,
            progress=advance,
        )
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=1))
    else:
        click.echo(result.render())
