"""Wall time of strong's card decisions made one at a time, then on several threads at once (as
the web server runs the bots of its tables: each thread its own solver, the compiled search
without the GIL).

Run: ``.venv/bin/python benchmarks/parallel_search.py [DECISIONS] [THREADS]`` (24 decisions on
2 threads by default: about 10 s). The numba cache should be warm (run any solve once before).
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor

from belot.bench import first_card_deals
from belot.bots.strong import StrongBot
from belot.engine.actions import Action
from belot.engine.view import SeatView


def decide(view: SeatView) -> Action:
    return StrongBot(seed=1).act(view)


def main(decisions: int, threads: int) -> None:
    views = []
    for deal in first_card_deals(decisions, seed=5):
        assert deal.turn is not None
        views.append(deal.view(deal.turn))
    decide(views[0])  # load the compiled code and this thread's solver
    started = time.perf_counter()
    alone = [decide(view) for view in views]
    one = time.perf_counter() - started
    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(decide, views[:threads]))  # each thread's solver, untimed
        started = time.perf_counter()
        together = list(pool.map(decide, views))
        many = time.perf_counter() - started
    assert together == alone, "threads decided otherwise than one thread"
    print(f"{decisions} first-card decisions of strong (default think)")
    print(f"  one thread:   {one:6.2f} s wall")
    print(f"  {threads} threads:    {many:6.2f} s wall  ({one / many:.2f}x)")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 24,
        int(sys.argv[2]) if len(sys.argv) > 2 else 2,
    )
