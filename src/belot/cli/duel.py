"""``belot duel A B``: a duplicate duel of two bot levels, with confidence intervals."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from belot.engine.rules import Rules

__all__ = ["command", "progress_bar", "rules_option"]


def rules_option(text: str | None) -> Rules:
    """Rules from ``--rules``: a preset name or a JSON object ``{"preset":…, "options":…}``."""
    if text is None:
        return Rules.bulgarian()
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise click.BadParameter(f"not JSON: {error}", param_hint="--rules") from None
        return Rules.from_dict(data)
    return Rules.preset_named(text)


@contextmanager
def progress_bar(total: int, label: str, show: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr; yields the function that advances it."""
    if not show:
        yield lambda n: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        yield bar.update


@click.command()
@click.argument("a")
@click.argument("b")
@click.option("--deals", default=2000, show_default=True, help="Deals, each played twice.")
@click.option(
    "--matches",
    type=int,
    default=None,
    help="Matches to 151, each played twice [default: deals / 20; 0 for none].",
)
@click.option("--seed", default=1, show_default=True, help="Seed of the decks and the bots.")
@click.option("--workers", type=int, default=None, help="Processes [default: all cores].")
@click.option("--think", type=float, default=None, help="Seconds per decision, for search bots.")
@click.option("--rules", "rules_text", default=None, help="Preset name or JSON rules object.")
@click.option("--ray", "ray_address", default=None, help="Run on the Ray cluster at ADDRESS.")
@click.option(
    "--solver-loss",
    "analyse",
    default=0,
    show_default=True,
    help="Check every card of the first N deal pairs against the perfect-information solver.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def command(
    a: str,
    b: str,
    deals: int,
    matches: int | None,
    seed: int,
    workers: int | None,
    think: float | None,
    rules_text: str | None,
    ray_address: str | None,
    analyse: int,
    as_json: bool,
    quiet: bool,
) -> None:
    """Duplicate duel of bot A against bot B (e.g. ``belot duel basic random``).

    Every deal is played twice with the cards swapped between the teams, so card luck cancels;
    prints game points per deal with 95% confidence intervals, match win rate, contract success,
    think times and, with --solver-loss, the card points each bot loses per card against best
    play with all hands open.
    """
    from belot.bots.arena import check, duel

    rules = rules_option(rules_text)
    check((a, b), deals, matches, workers, ray_address, analyse)
    total = deals + (deals // 20 if matches is None else matches)
    with progress_bar(total, f"{a} vs {b}", not quiet) as advance:
        result = duel(
            a,
            b,
            deals=deals,
            matches=matches,
            seed=seed,
            workers=workers,
            rules=rules,
            think=think,
            ray_address=ray_address,
            progress=advance,
            analyse=analyse,
        )
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=1))
    else:
        click.echo(result.render())
