"""Where a bot loses card points against the exact solver, by kind of decision (Bulgarian Belot).

Run: ``nice .venv/bin/python benchmarks/basic_leaks.py --deals 200``.

Four copies of LEVEL (``basic`` by default) play ``--deals`` deals of the duels' seed; every card
they play is checked against the perfect-information solver on the real hands
(``analysis.annotate``, as ``belot analyse`` does): its cost is the card points the mover's team
lost against the best card. The table groups the costs by the contract's kind, the mover's side
(declarers or defenders), the card's place in the trick (lead, second, third, fourth) and, with
``--by-trick``, the trick's number, and gives each group's share of the whole loss. The solver sees
every hand, so part of any loss is only what no player could have known; the groups show where to
look, not how much is to gain. ``card_losses.py`` does the same for a duel of two levels in any
game, by trick and role.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from belot.bots import make
from belot.bots.analysis import annotate
from belot.bots.arena import duel_deal
from belot.bots.solver import Solver
from belot.engine.rules import Rules


def _kind(contract: int) -> str:
    return "suit" if contract < 4 else ("no trumps" if contract == 4 else "all trumps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", nargs="?", default="basic")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--by-trick", action="store_true", help="group by trick number too")
    args = parser.parse_args()
    if args.deals < 1:
        raise SystemExit("--deals must be at least 1")
    rules = Rules.bulgarian()
    bots = [make(args.level, seed=100 + s) for s in range(4)]
    solver = Solver()
    cost: dict[tuple[object, ...], list[int]] = defaultdict(lambda: [0, 0])
    played = 0
    for number in range(args.deals):
        deal = duel_deal(rules, args.seed, number)
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            deal.push(bots[seat].act(deal.view(seat)), seat)
        if deal.contract is None:
            continue  # all passed: no card played
        # The notes are the deal's cards in play order: four a trick, the lead first.
        for n, note in enumerate(annotate(deal, solver)):
            key: tuple[object, ...] = (
                _kind(deal.contract),
                "declarers" if note.seat.team is deal.declarers else "defenders",
                ("lead", "second", "third", "fourth")[n % 4],
            )
            if args.by_trick:
                key = (*key, note.trick)
            cost[key][0] += note.cost
            cost[key][1] += 1
            played += 1
    total = sum(c for c, _ in cost.values())
    print(
        f"{args.level}: {args.deals} deals (seed {args.seed}), {played} cards, {total} card "
        f"points lost ({total / max(played, 1):.2f} a card, {total / args.deals:.1f} a deal)"
    )
    print(f"{'group':<44} {'cards':>6} {'lost':>6} {'a card':>7} {'share':>6}")
    for key, (lost, n) in sorted(cost.items(), key=lambda kv: -kv[1][0]):
        name = " ".join(str(k) for k in key)
        print(f"{name:<44} {n:>6} {lost:>6} {lost / n:>7.2f} {100 * lost / max(total, 1):>5.1f}%")


if __name__ == "__main__":
    main()
