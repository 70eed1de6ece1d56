"""CPU time of strong's decisions in whole deals against basic: auction turns, the first trick's
cards and the later cards apart (each has its own node budget).

Run: ``.venv/bin/python benchmarks/think_times.py [DEALS]`` (16 deals: about a minute on one core).
Only decisions with a choice count; the numba cache should be warm (run any solve once before).
"""

from __future__ import annotations

import sys
import time

from belot.bots.arena import ThinkTimes
from belot.bots.basic import BasicBot
from belot.bots.strong import StrongBot
from belot.engine.deal import Deal, Phase
from belot.engine.table import Seat


def main(deals: int) -> None:
    auction: list[int] = []  # microseconds, as the duels count them
    first: list[int] = []  # cards of the first trick
    cards: list[int] = []
    for k in range(deals):
        deal = Deal.new(seed=f"think-{k}", dealer=Seat(k % 4))
        bots = [StrongBot(seed=s) if s % 2 == 0 else BasicBot(seed=s) for s in range(4)]
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
    groups = (
        ("auction turns", auction),
        ("first trick", first),
        ("later cards", cards),
        ("all", auction + first + cards),
    )
    for name, times in groups:
        t = ThinkTimes.of(times)
        print(
            f"{name:<14} {t.decisions:4d}  mean {t.mean:5.0f} ms  p50 {t.p50:5.0f} ms"
            f"  p99 {t.p99:5.0f} ms  max {t.max:5.0f} ms"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 16)
