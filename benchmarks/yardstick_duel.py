"""Duplicate duel of a bot against the yardstick (``benchmarks/yardstick``: `basic` and `strong`
as at commit 39fcb5d), for the benchmarks only.

Run: ``nice .venv/bin/python benchmarks/yardstick_duel.py basic --against basic --deals 2000``
(``--log FILE``: each pair's figure as it is played, for a run cut short, which the same command
carries on from the pairs the log holds; ``--summary LOG [LOG2]``
prints the figure of the pairs such a log holds, and of two bots' logs on the same seed their
paired difference on the pairs both hold).

The first argument is a level of ``belot.bots`` (``basic``, ``strong``) or a bot class as
``module:Class`` (importable with ``src/`` and ``benchmarks/`` on the path), made with
``Class(seed=...)``. ``--set basic.CONTRA_AT=50`` (repeatable) sets a module constant of
``belot.bots`` to a JSON value for the run, for an A/B of a setting of the live bot (the frozen
yardstick has its own modules, which it leaves alone). Each deal pair is the duels'
(``belot.bots.arena.deal_pair``): the same deck, dealer and cut played twice with the teams
swapped; the figure is game points a deal, the bot's less the yardstick's, with its 95%
interval. ``--matches N`` plays match pairs to 151 instead (``belot.bots.arena.match_pair``: the
same decks played twice with the teams swapped), and the figure is the bot's share of the
matches won, as ``belot duel`` counts it.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_settings import apply, parse_assignments
from yardstick import LEVELS
from yardstick import make as make_yardstick

from belot.bots import LEVELS as LIVE_LEVELS
from belot.bots import make
from belot.bots.arena import deal_pair, match_pair, mean_ci
from belot.bots.base import Bot
from belot.engine.rules import Rules

#: A maker of a bot from its seed.
Factory = Callable[[int], Bot]


def factory(name: str) -> Factory:
    """The bot maker a level name or ``module:Class`` names."""
    if name in LIVE_LEVELS:
        return lambda seed: make(name, seed=seed)
    module, colon, cls = name.partition(":")
    if not colon:
        raise SystemExit(f"{name!r} is neither a level ({', '.join(LIVE_LEVELS)}) nor module:Class")
    maker = getattr(importlib.import_module(module), cls)
    return lambda seed: maker(seed=seed)


def yardstick_duel(
    bot: Factory,
    against: str = "basic",
    deals: int = 2000,
    seed: int = 1,
    log: TextIO | None = None,
    done: frozenset[int] = frozenset(),
) -> list[float]:
    """Game points a deal, ``bot`` less the yardstick's ``against``, on each duplicate pair
    but those numbered in ``done`` (each also written to ``log`` as a JSON line as soon as it
    is played). The bots draw their random choices from each view, not from a running
    generator, so a pair plays the same whether the pairs before it were played or not."""
    seats = _seats(bot, against)

    def play(number: int) -> tuple[float, dict[str, Any]]:
        pair = deal_pair(_RULES, seats, seed, number)
        return pair.a - pair.b, {"pair": number, "diff": pair.a - pair.b}

    return _played(deals, done, log, play)


def yardstick_matches(
    bot: Factory,
    against: str = "basic",
    matches: int = 200,
    seed: int = 1,
    log: TextIO | None = None,
    done: frozenset[int] = frozenset(),
) -> list[float]:
    """The bot's share of each match pair to 151 against the yardstick's ``against`` (1 both
    won, 0.5 one each, an unfinished match counting half), but those numbered in ``done``;
    each written to ``log`` as it ends, as ``yardstick_duel``'s pairs."""
    seats = _seats(bot, against)

    def play(number: int) -> tuple[float, dict[str, Any]]:
        first, second = match_pair(_RULES, seats, seed, number)
        return (first + second) / 2, {"match": number, "scores": [first, second]}

    return _played(matches, done, log, play)


_RULES = Rules.bulgarian()


def _seats(bot: Factory, against: str) -> tuple[list[Bot], list[Bot]]:
    """The bot's four players and the yardstick's (seeded as every duel here seeds them)."""
    if against not in LEVELS:
        raise SystemExit(f"unknown yardstick level {against!r} (known: {', '.join(LEVELS)})")
    return [bot(100 + s) for s in range(4)], [
        make_yardstick(against, seed=200 + s) for s in range(4)
    ]


def _played(
    count: int,
    done: frozenset[int],
    log: TextIO | None,
    play: Callable[[int], tuple[float, dict[str, Any]]],
) -> list[float]:
    """``play`` each pair numbered below ``count`` but those in ``done``: their figures, each
    pair's log row written as soon as it is played."""
    out = []
    for number in range(count):
        if number in done:
            continue
        figure, row = play(number)
        out.append(figure)
        if log is not None:
            log.write(json.dumps(row) + "\n")
            log.flush()
    return out


def read_log(path: Path) -> tuple[bool, dict[int, float]]:
    """Whether a ``--log`` holds match pairs, and its pairs: each pair's number and figure (a
    deal pair's game points a deal, or a match pair's share of the two matches won)."""
    with path.open() as lines:
        rows = list(map(json.loads, lines))
    if rows and "match" in rows[0]:
        return True, {row["match"]: sum(row["scores"]) / 2 for row in rows}
    return False, {row["pair"]: row["diff"] for row in rows}


def summary(paths: list[str]) -> None:
    """Print the figure of each ``--log`` in ``paths``, and of two, their paired difference."""
    logs: list[dict[int, float]] = []
    kinds: set[bool] = set()
    for path in paths[:2]:
        matches, logged = read_log(Path(path))
        if not logged:
            raise SystemExit(f"{path}: no pairs")
        logs.append(logged)
        kinds.add(matches)
        diffs = list(logged.values())
        mean, half = mean_ci(diffs)
        if matches:
            print(
                f"{path}: wins {100 * mean:.1f}% ± {100 * half:.1f}% of {2 * len(diffs)}"
                f" matches ({len(diffs)} match pairs)"
            )
            continue
        won = sum(1 for d in diffs if d > 0)
        lost = sum(1 for d in diffs if d < 0)
        print(
            f"{path}: {mean:+.2f} ± {half:.2f} game points a deal over {len(diffs)}"
            f" deal pairs ({won} won, {len(diffs) - won - lost} drawn, {lost} lost)"
        )
    if len(logs) == 2:
        if len(kinds) == 2:
            raise SystemExit("one log holds deal pairs, the other match pairs: nothing to pair")
        common = sorted(set(logs[0]) & set(logs[1]))
        if not common:
            raise SystemExit("the two logs have no pair in common")
        first = [logs[0][n] for n in common]
        second = [logs[1][n] for n in common]
        paired = [x - y for x, y in zip(first, second, strict=True)]
        scale, unit = (100, " points of the matches won") if True in kinds else (1, " a deal")
        print(
            f"on the {len(common)} pairs both hold: first {scale * mean_ci(first)[0]:+.2f},"
            f" second {scale * mean_ci(second)[0]:+.2f}; first less second"
            f" {scale * mean_ci(paired)[0]:+.2f} ± {scale * mean_ci(paired)[1]:.2f}{unit}"
            f" ({sum(1 for d in paired if d)} pairs differ)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", help="a level of belot.bots or module:Class")
    parser.add_argument("--against", default="basic", choices=LEVELS)
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deal pairs")
    parser.add_argument(
        "--matches", type=int, default=0, help="play this many match pairs to 151 instead"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], help="module.NAME=JSON")
    parser.add_argument(
        "--log", default=None, help="append each pair's figure to this file (JSON lines)"
    )
    parser.add_argument(
        "--summary",
        metavar="LOG",
        nargs="+",
        help="print the figure of the pairs in LOG; of two logs (two bots against the same"
        " yardstick, same seed) also the first less the second on the pairs both hold;"
        " play nothing",
    )
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    if args.deals < 1:
        raise SystemExit("--deals must be at least 1")
    if args.matches < 0:
        raise SystemExit("--matches must be at least 0")
    apply(parse_assignments(args.set))
    started = time.perf_counter()
    # A log that holds pairs already (a run cut short) is carried on: those are not played
    # again, and the figure is of every pair in it.
    matches, logged = (
        read_log(Path(args.log)) if args.log and Path(args.log).exists() else (False, {})
    )
    if logged and matches != bool(args.matches):
        kind = "match" if args.matches else "deal"
        raise SystemExit(f"--log {args.log}: not a log of {kind} pairs")
    with open(args.log, "a") if args.log else contextlib.nullcontext() as log:
        bot = factory(args.bot)
        if args.matches:
            shares = yardstick_matches(
                bot, args.against, args.matches, args.seed, log, frozenset(logged)
            )
            shares = [*(d for n, d in logged.items() if n < args.matches), *shares]
            mean, half = mean_ci(shares)
            print(
                f"{' '.join([args.bot, *args.set])} against yardstick {args.against}:"
                f" wins {100 * mean:.1f}% ± {100 * half:.1f}% of {2 * len(shares)} matches to 151"
                f" (seed {args.seed}, {time.perf_counter() - started:.0f} s)"
            )
            return
        diffs = yardstick_duel(bot, args.against, args.deals, args.seed, log, frozenset(logged))
    diffs = [*(d for n, d in logged.items() if n < args.deals), *diffs]
    mean, half = mean_ci(diffs)
    print(
        f"{' '.join([args.bot, *args.set])} against yardstick {args.against}:"
        f" {mean:+.2f} ± {half:.2f} game points a deal"
        f" over {len(diffs)} deal pairs (seed {args.seed}, {sum(1 for d in diffs if d)} differ,"
        f" {time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
