"""Every legal card's exact value, the solver core of an older commit against this checkout's,
on the same positions in one process: CPU time, nodes, and whether every value is the same.

``--old``'s ``src/belot/bots/_solver_core.py`` (``git show``; and ``--new``'s, if given) is
loaded as a module of its own from a temporary folder, where numba caches it. This checkout's
``Solver`` loads each position; each core gets its own table and workspace, with the position and
the search's parameters copied in (the core's own table size, ``TT_BITS``, sets its shift). So it
compares cores whose arrays are laid out as today's (``par``, ``st``'s columns): the solver's
commits of December 2026 on.

The positions: ``coinche``, random full deals of colver's kind (``benchmarks/colver_speed.py``:
a suit contract, Belote contrée without declarations or forced undertrump, a random leader and
declaring side), or ``bulgarian``, the first-card positions of ``belot bench`` (every contract in
turn; ``first_card_positions`` of seeds 3 and 8). Each round solves every position with both
cores, the order of the two alternating, and the sums of the rounds are printed.

    .venv/bin/python benchmarks/solver_ab.py --old 29141a2
    .venv/bin/python benchmarks/solver_ab.py --old HEAD~1 --positions bulgarian --count 100
    .venv/bin/python benchmarks/solver_ab.py --old 0616582^ --new 0616582
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def load_core(commit: str, folder: Path, name: str) -> ModuleType:
    """The solver core of ``commit`` as a module named ``name``."""
    source = subprocess.run(
        ["git", "show", f"{commit}:src/belot/bots/_solver_core.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = folder / f"{name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def positions(kind: str, count: int) -> list[Any]:
    from belot.bots.playouts import first_card_positions
    from belot.bots.solver import Position, rules_options
    from belot.engine.cards import Card
    from belot.engine.contracts import Contract
    from belot.engine.rules import Rules
    from belot.engine.table import Seat, Team

    if kind == "bulgarian":
        half = count // 2
        return first_card_positions(half, seed=3) + first_card_positions(count - half, seed=8)
    rng = random.Random(7)
    rules = Rules.coinche(declarations=False, forced_undertrump=False)
    out = []
    for _ in range(count):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[8 * i : 8 * i + 8]) for i in range(4)]
        contract = Contract(Card.from_index(8 * rng.randrange(4)).suit)
        out.append(
            Position(
                (hands[0], hands[1], hands[2], hands[3]),
                contract,
                Team(rng.randrange(2)),
                Seat(rng.randrange(4)),
                **rules_options(rules, contract),
            )
        )
    return out


class Side:
    """A solver core with arrays of its own, loaded from what this checkout's ``Solver`` wrote."""

    def __init__(self, core: ModuleType) -> None:
        self.core = core
        self.tt = core.new_table()
        self.played, self.st, self.moves, self.scores = core.new_workspace()
        self.par = np.zeros(core.PAR_SIZE, dtype=np.int64)
        self.hands = np.zeros(4, dtype=np.int64)
        self.out = np.zeros(32, dtype=np.int64)

    def solve_cards(self, solver: Any, position: Any) -> tuple[float, int, list[int]]:
        """CPU seconds, nodes and every card's value (-1 for the rest) of ``position``."""
        from belot.bots.solver import _check, table_shift

        tab = solver._prepare(position)
        solver._pivot(())
        self.par[: len(solver._par)] = solver._par
        self.par[self.core.P_SHIFT] = table_shift(_check(position), self.core.TT_BITS)
        width = min(self.st.shape[1], solver._st.shape[1])
        self.st[:, :width] = solver._st[:, :width]
        self.played[:] = solver._played
        self.hands[:] = solver._hands
        started = time.process_time()
        self.core.values_per_card(
            self.hands,
            self.played,
            -1,
            tab,
            self.par,
            self.tt,
            self.st,
            self.moves,
            self.scores,
            self.out,
        )
        spent = time.process_time() - started
        return spent, int(self.par[self.core.P_NODES]), self.out.tolist()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", required=True, help="the commit whose solver core is compared")
    parser.add_argument("--new", help="a commit to compare it with (default: this checkout)")
    parser.add_argument("--positions", choices=("coinche", "bulgarian"), default="coinche")
    parser.add_argument("--count", type=int, default=100, help="positions (default 100)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        from belot.bots import _solver_core
        from belot.bots.solver import Solver

        cores = {
            "old": load_core(args.old, Path(folder), "_old_solver_core"),
            "new": load_core(args.new, Path(folder), "_new_solver_core")
            if args.new
            else _solver_core,
        }
        sides = {name: Side(core) for name, core in cores.items()}
        solver = Solver()
        sample = positions(args.positions, args.count)
        for side in sides.values():
            side.solve_cards(solver, sample[0])  # compile (or load) both cores before timing
        totals = {"old": [0.0, 0], "new": [0.0, 0]}
        same = 0
        for round_ in range(args.rounds):
            for position in sample:
                order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
                values = {}
                for name in order:
                    spent, nodes, values[name] = sides[name].solve_cards(solver, position)
                    totals[name][0] += spent
                    totals[name][1] += nodes
                same += values["old"] == values["new"]
        solves = args.rounds * len(sample)
        print(
            f"every card's value, {len(sample)} {args.positions} positions, {args.rounds} rounds, "
            f"old = {args.old}, new = {args.new or 'this checkout'}"
        )
        for name in ("old", "new"):
            seconds, node_sum = totals[name]
            print(
                f"  {name}: {seconds / solves * 1000:.2f} ms a position, "
                f"{node_sum / solves / 1000:.1f}k nodes"
            )
        print(f"  new / old time: x{totals['new'][0] / totals['old'][0]:.3f}")
        print(f"  the same value for every card: {same} of {solves}")


if __name__ == "__main__":
    main()
