"""Solver nodes a CPU second in ``strong``'s card play: the first two tricks, and the rest.

``strong.NODES_PER_SECOND`` turns a think time into a node budget; it is this rate's low end, so
that a budget holds on a busy machine. Run ``.venv/bin/python benchmarks/node_rate.py DEALS
[GAME]`` (``strong`` as North-South against ``basic``; with ``PYTHONPATH`` on another tree's
``src`` to compare two trees in one run). Only the card play's solves count (the auction's are
other calls); CPU time is the thread's, in those calls only.
"""

from __future__ import annotations

import sys
import time

from belot.bots import make
from belot.bots.solver import Solver
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat

#: Nodes and CPU nanoseconds of the solver's calls, by the kind of decision that made them.
STATS = {"first two tricks": [0, 0], "later cards": [0, 0]}
_kind = ["later cards"]
_solve_cards = Solver.try_solve_cards


def _counted(self: Solver, *args: object, **kwargs: object) -> object:
    started = time.thread_time_ns()
    values = _solve_cards(self, *args, **kwargs)  # type: ignore[arg-type]
    spent = STATS[_kind[0]]
    spent[0] += self.nodes
    spent[1] += time.thread_time_ns() - started
    return values


def main(deals: int, game: str) -> None:
    Solver.try_solve_cards = _counted  # type: ignore[method-assign]
    rules = Rules.preset_named(game)
    for k in range(deals):
        deal = Deal.new(rules, seed=f"rate{k}", dealer=Seat(k % 4))
        bots = [make("strong" if s % 2 == 0 else "basic", seed=s) for s in range(4)]
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            early = view.phase is Phase.PLAY and len(view.hand) >= 7
            _kind[0] = "first two tricks" if early else "later cards"
            deal.push(bots[seat].act(view))
    for kind, (nodes, ns) in STATS.items():
        rate = nodes / (ns / 1e9) / 1e6 if ns else 0.0
        print(f"{game} {kind}: {nodes / 1e6:.1f} M nodes in {ns / 1e9:.2f} s CPU: {rate:.2f} M a s")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 10,
        sys.argv[2] if len(sys.argv) > 2 else "bulgarian",
    )
