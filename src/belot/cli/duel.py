"""``belot duel A B``: a duplicate duel of two bot levels, with confidence intervals."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar, Unpack, cast

import click

from belot.engine.rules import Rules

if TYPE_CHECKING:
    from belot.bots.arena import DuelOptions, DuelResult, TournamentResult

__all__ = ["command", "duel_options", "echo_result", "progress_bar", "rules_option"]

F = TypeVar("F", bound=Callable[..., Any])


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


def duel_options(matches_help: str) -> Callable[[F], F]:
    """The options ``belot duel`` and ``belot tournament`` share: ``DuelOptions`` keys, then
    ``as_json`` and ``quiet``."""
    options = [
        click.option(
            "--matches",
            type=int,
            default=None,
            help=f"{matches_help} [default: deals / 20; 0 for none].",
        ),
        click.option(
            "--seed", default=1, show_default=True, help="Seed of the decks and the bots."
        ),
        click.option("--workers", type=int, default=None, help="Processes [default: all cores]."),
        click.option(
            "--think", type=float, default=None, help="Seconds per decision, for search bots."
        ),
        click.option(
            "--rules",
            default=None,
            help="Preset name or JSON rules object (or --game and --option).",
        ),
        click.option(
            "--game",
            default=None,
            metavar="NAME",
            help="The game: bulgarian, french, coinche or bela [default: bulgarian].",
        ),
        click.option(
            "--option",
            "rule_options",
            multiple=True,
            metavar="NAME=VALUE",
            help="A rules option of the game, like target=501 (repeatable).",
        ),
        click.option(
            "--ray",
            "ray_address",
            default=None,
            metavar="HOST:PORT",
            help="Run on the Ray cluster whose head is at HOST:PORT (`ray start --head`); "
            "every machine needs the same belot with the ray extra.",
        ),
        click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON."),
        click.option("--quiet", is_flag=True, help="No progress bar."),
    ]

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def with_rules(
            *args: Any,
            rules: str | None,
            game: str | None,
            rule_options: tuple[str, ...],
            **kwargs: Any,
        ) -> Any:
            return function(*args, rules=game_rules(rules, game, rule_options), **kwargs)

        wrapped = with_rules
        for option in reversed(options):
            wrapped = option(wrapped)
        return cast(F, wrapped)

    return decorate


def game_rules(text: str | None, game: str | None, options: tuple[str, ...]) -> Rules:
    """The rules of ``--rules``, or of ``--game`` with its ``--option`` flags."""
    if text is not None and (game is not None or options):
        raise click.UsageError("give --rules, or --game with --option, not both")
    if text is not None:
        return rules_option(text)
    from belot.cli._options import parse_options

    return parse_options(options, game or "bulgarian")


def echo_result(result: DuelResult | TournamentResult, as_json: bool) -> None:
    """Print a duel's or a tournament's figures, as a table or as JSON."""
    click.echo(json.dumps(result.to_json(), indent=1) if as_json else result.render())


@click.command()
@click.argument("a")
@click.argument("b")
@click.option(
    "--deals",
    default=2000,
    show_default=True,
    help="Deals, each played twice (0 with --matches: matches only).",
)
@duel_options("Matches to the game's target, each played twice")
@click.option(
    "--solver-loss",
    "analyse",
    default=0,
    show_default=True,
    help="Check every card of the first N deal pairs against the perfect-information solver.",
)
@click.option(
    "--log",
    type=click.Path(dir_okay=False),
    default=None,
    help="Append each finished chunk of pairs to FILE (JSON lines). Run again with the same "
    "FILE to resume the duel, or to add deals or matches: pairs it holds are not played again.",
)
def command(
    a: str,
    b: str,
    deals: int,
    analyse: int,
    log: str | None,
    as_json: bool,
    quiet: bool,
    **options: Unpack[DuelOptions],
) -> None:
    """Duplicate duel of bot A against bot B (e.g. ``belot duel basic random``).

    Every deal is played twice with the cards swapped between the teams, so card luck cancels;
    prints game points per deal with 95% confidence intervals, match win rate, contract success,
    think times and, with --solver-loss, the card points each bot loses per card against best
    play with all hands open.
    """
    from belot.bots.arena import check, duel, duel_pairs

    matches = options.get("matches")
    check(
        (a, b),
        deals,
        matches,
        options.get("workers"),
        options.get("ray_address"),
        analyse,
        options.get("rules"),
    )
    with progress_bar(duel_pairs(deals, matches), f"{a} vs {b}", not quiet) as advance:
        result = duel(a, b, deals=deals, analyse=analyse, log=log, progress=advance, **options)
    echo_result(result, as_json)
