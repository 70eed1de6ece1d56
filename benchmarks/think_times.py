"""CPU time of a level's decisions in whole deals against another level: auction turns, the
first trick's cards and the later cards apart (each has its own node budget).

Run: ``.venv/bin/python benchmarks/think_times.py [DEALS]`` (``strong`` against ``basic`` in 16
Bulgarian deals: about a minute on one core), or with ``--level``, ``--against`` and ``--games``
(``benchmarks/expert_times.py`` is this for ``expert``, with its bound), and ``--set`` to set
module constants of ``belot.bots`` for the run, as ``ab_test.py`` does
(``--set '{"strong.CLEAR": {"french": [2.0, 320]}}'``). Only decisions with a
choice count; CPU time is the deciding thread's (``time.thread_time``), so a busy machine slows
the wall clock, not these figures. The numba cache should be warm (run any solve once before).
"""

from __future__ import annotations

import argparse
import time

from bot_settings import apply, parse

from belot.bots import make
from belot.bots.arena import ThinkTimes
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat


def times(
    level: str, against: str, game: str, deals: int, seeds: str
) -> tuple[list[int], list[int], list[int]]:
    """Microseconds of ``level``'s auction turns, first-trick cards and later cards (North and
    South play ``level``, East and West ``against``; deal ``k`` is seeded ``{seeds}{k}``)."""
    auction: list[int] = []
    first: list[int] = []
    cards: list[int] = []
    rules = Rules.preset_named(game)
    for k in range(deals):
        deal = Deal.new(rules, seed=f"{seeds}{k}", dealer=Seat(k % 4))
        bots = [make(level if s % 2 == 0 else against, seed=s) for s in range(4)]
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            started = time.thread_time_ns()
            action = bots[seat].act(view)
            spent = (time.thread_time_ns() - started) // 1000
            if seat % 2 == 0 and len(view.legal) > 1 and view.phase is not Phase.CUT:
                if view.phase is Phase.AUCTION:
                    auction.append(spent)
                else:
                    (first if len(view.hand) == 8 else cards).append(spent)
            deal.push(action)
    return auction, first, cards


def report(game: str, auction: list[int], first: list[int], cards: list[int]) -> int:
    """Print each kind's figures for ``game``; the slowest decision's microseconds."""
    groups = (
        ("auction turns", auction),
        ("first trick", first),
        ("later cards", cards),
        ("all", auction + first + cards),
    )
    for name, spent in groups:
        t = ThinkTimes.of(spent)
        print(
            f"{game:<9} {name:<14} {t.decisions:4d}  mean {t.mean:6.0f} ms"
            f"  p50 {t.p50:6.0f} ms  p99 {t.p99:6.0f} ms  max {t.max:6.0f} ms"
        )
    return max([0, *auction, *first, *cards])


def arguments(
    level: str, against: str, deals: int, games: str, doc: str | None = __doc__
) -> argparse.ArgumentParser:
    """The command line, with these defaults; ``doc``'s first line is its description."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=deals, help="deals a game")
    parser.add_argument("--deals", dest="deals", type=int, help="deals a game")
    parser.add_argument("--level", default=level)
    parser.add_argument("--against", default=against)
    parser.add_argument("--games", default=games)
    parser.add_argument(
        "--set", default="{}", help='module constants of belot.bots, {"module.NAME": value}'
    )
    return parser


def main() -> None:
    args = arguments("strong", "basic", 16, "bulgarian").parse_args()
    apply(parse(args.set))
    for game in args.games.split(","):
        report(game, *times(args.level, args.against, game, args.deals, "think-"))


if __name__ == "__main__":
    main()
