"""Solver nodes a CPU second in ``strong``'s card play: the first two tricks, and the rest.

``strong.NODES_PER_SECOND`` turns a think time into a node budget; it is this rate's low end, so
that a budget holds on a busy machine. Run ``.venv/bin/python benchmarks/node_rate.py DEALS
[GAME]`` (``strong`` as North-South against ``basic``; with ``PYTHONPATH`` on another tree's
``src`` to compare two trees in one run). It plays ``think_times.py``'s deals; only the card
play's solves count (the auction's are other calls); CPU time is the thread's, in those calls.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from think_times import times

from belot.bots.solver import Position, Solver
from belot.engine.cards import Card

#: Nodes and CPU nanoseconds of the solver's calls, by the part of the deal that made them.
STATS = {"first two tricks": [0, 0], "later cards": [0, 0]}
_solve_cards = Solver.try_solve_cards


def _counted(self: Solver, position: Position, *args: Any, **kwargs: Any) -> dict[Card, int] | None:
    started = time.thread_time_ns()
    values = _solve_cards(self, position, *args, **kwargs)
    # The first two tricks: 25 cards or more still in the hands (7 or 8 in the mover's).
    early = sum(hand.bit_count() for hand in position.hands) >= 25
    spent = STATS["first two tricks" if early else "later cards"]
    spent[0] += self.nodes
    spent[1] += time.thread_time_ns() - started
    return values


def main(deals: int, game: str) -> None:
    # The solver's method wrapped, for this run, to count its nodes and CPU time.
    Solver.try_solve_cards = _counted  # type: ignore[method-assign]
    times("strong", "basic", game, deals, "rate")  # deal k seeded "rate{k}"
    for kind, (nodes, ns) in STATS.items():
        rate = nodes / (ns / 1e9) / 1e6 if ns else 0.0
        print(f"{game} {kind}: {nodes / 1e6:.1f} M nodes in {ns / 1e9:.2f} s CPU: {rate:.2f} M a s")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 10,
        sys.argv[2] if len(sys.argv) > 2 else "bulgarian",
    )
