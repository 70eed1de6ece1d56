"""CPU time of a search level's decisions (``expert`` by default) in whole deals against
``strong``, in each game: auction turns, the first trick's cards and the later cards apart
(each has its own node budget), and whether the slowest stays within ``expert.THINK_BOUND``.

Run: ``nice -n 10 .venv/bin/python benchmarks/expert_times.py [--deals 4] [--games bulgarian,…]
[--level expert]``. Only decisions with a choice count; CPU time is the deciding thread's
(``time.thread_time``), so a busy machine slows the wall clock, not these figures.
"""

from __future__ import annotations

import argparse
import time

from belot.bots import make
from belot.bots.arena import ThinkTimes
from belot.bots.expert import THINK_BOUND
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat


def times(level: str, game: str, deals: int) -> tuple[list[int], list[int], list[int]]:
    """Microseconds of ``level``'s auction turns, first-trick cards and later cards."""
    auction: list[int] = []
    first: list[int] = []
    cards: list[int] = []
    rules = Rules.preset_named(game)
    for k in range(deals):
        deal = Deal.new(rules, seed=f"expert-times-{game}-{k}", dealer=Seat(k % 4))
        bots = [make(level if s % 2 == 0 else "strong", seed=s) for s in range(4)]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--deals", type=int, default=4, help="deals a game")
    parser.add_argument("--games", default="bulgarian,french,coinche,bela")
    args = parser.parse_args()
    slowest = 0
    for game in args.games.split(","):
        auction, first, cards = times(args.level, game, args.deals)
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
        slowest = max([slowest, *auction, *first, *cards])
    verdict = "within" if slowest <= THINK_BOUND * 1e6 else "OVER"
    print(f"slowest decision {slowest / 1e6:.2f} s CPU: {verdict} the bound of {THINK_BOUND:g} s")


if __name__ == "__main__":
    main()
