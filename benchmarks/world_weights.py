"""How evenly `strong`'s worlds are weighed: the effective number of worlds among those dealt.

`strong` deals worlds within what its seat has seen, solves each, and weighs it by what the
calls and the other team's plays say (``strong.WorldWeight``: the model of `basic`'s calls, and
``strong.PLAY_INFERENCE``'s weight for each play `basic` would not have made). A world that the
plays all but rule out costs a solve and counts for little. The effective number of ``n``
worlds weighed ``w`` is ``(sum w)^2 / sum w^2``: ``n`` if they weigh alike, 1 if one world
carries all. With ``--candidates K`` each world is drawn as ``strong.CANDIDATES`` draws it, from
``K`` dealt ones by their weight, and weighs their mean.

`basic` plays the duels' deals (``arena.duel_deal``), all four seats, and at each card decision
with a choice ``--worlds`` worlds are dealt and weighed as the seat's `strong` would weigh them.
Since `basic` plays the other team's cards, the model of them is exact: the deal itself never
misses (the script counts the misses on it, which should be 0).

Run: ``.venv/bin/python benchmarks/world_weights.py --game french --deals 40`` (a minute).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict

from belot.bots import make, strong
from belot.bots.arena import duel_deal
from belot.bots.inference import PlayModel
from belot.bots.sampling import Constraints, dealt_world
from belot.engine.actions import Play
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView


def effective(weights: list[float]) -> float:
    """The effective number of worlds weighed ``weights``: (sum w)^2 / sum w^2 (0 if none)."""
    squares = sum(w * w for w in weights)
    return sum(weights) ** 2 / squares if squares > 0.0 else 0.0


def weights_of(view: SeatView, worlds: int, candidates: int, rng: random.Random) -> list[float]:
    """The weights `strong` gives ``worlds`` worlds dealt for ``view`` (each drawn from
    ``candidates`` dealt ones when more than 1)."""
    weigh = strong.WorldWeight.of(view)
    constraints = Constraints.of(view)
    mine = sum(card.mask for card in view.hand)
    out = []
    for _ in range(worlds):
        if candidates > 1:
            _, w = weigh.drawn(constraints, mine, candidates, rng)
        else:
            w = weigh(dealt_world(constraints, mine, rng), rng)
        out.append(w)
    return out


def deal_rows(
    rules: Rules, number: int, worlds: int, candidates: int
) -> list[tuple[int, float, int]]:
    """Deal pair ``number``'s first half played by `basic`: at each card decision with a choice,
    the trick (0 to 7), the effective share of ``worlds`` worlds, and 1 if the model of the other
    team's plays would rule out the real hands (a play `basic` holding them would not have made),
    else 0."""
    deal = duel_deal(rules, 1, number)
    bots = [make("basic", seed=seat) for seat in range(4)]
    rng = random.Random(number)
    rows = []
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        if deal.contract is not None and sum(isinstance(a, Play) for a in view.legal) > 1:
            share = effective(weights_of(view, worlds, candidates, rng)) / worlds
            real = [deal.hand_mask(s) for s in Seat]
            misses = PlayModel(view, 0.0).weight((real[0], real[1], real[2], real[3])) == 0.0
            rows.append((deal.trick_number, share, int(misses)))
        deal.push(bots[seat].act(view))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="french")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=160)
    parser.add_argument("--candidates", type=int, default=1)
    args = parser.parse_args()
    rules = Rules.from_dict({"preset": args.game})
    by_trick: dict[int, list[float]] = defaultdict(list)
    missed = decisions = 0
    for number in range(args.deals):
        for trick, share, misses in deal_rows(rules, number, args.worlds, args.candidates):
            by_trick[trick].append(share)
            missed += misses
            decisions += 1
    print(
        f"{args.game}, {args.deals} deals, {args.worlds} worlds a decision, "
        f"candidates {args.candidates}: the real deal missed at {missed} of {decisions} decisions"
    )
    print("trick  decisions  effective worlds, share: median  mean")
    for trick in sorted(by_trick):
        shares = by_trick[trick]
        print(
            f"{trick + 1:5d}  {len(shares):9d}  "
            f"{statistics.median(shares):27.2f}  {statistics.fmean(shares):5.2f}"
        )


if __name__ == "__main__":
    main()
