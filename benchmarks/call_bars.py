"""At what strength a level takes a French Belote deal or names Bela's trumps, beside `basic`.

`basic` takes or names at a fixed bar of ``contract_strength`` (``basic.TAKE_AT`` 52,
``basic.NAME_AT`` 54). This deals ``DEALS`` auctions of a game, lets `basic` make the first
``k % 4`` calls of deal ``k`` (so every seat's first turn is asked), and asks ``--level`` and
`basic` for the call of the seat then to speak; it prints, by steps of six points of the
hand's best strength (French Belote: with the turned card, of the suits it may take; Bela: of
the six cards seen), how often each of them took or named. The bar where the level takes half
the time is the one ``call_model.PARTNER_AT`` reads and models its partner at.

Run: ``.venv/bin/python benchmarks/call_bars.py --game french 240`` (about four minutes on one
core with the numba cache warm).
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from belot.bots import make
from belot.bots.basic import calling_hand, contract_strength
from belot.engine.actions import Call
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView

STEP = 6


def best_strength(view: SeatView) -> int:
    """The hand's strength in the best suit its seat may call now."""
    hand = calling_hand(view)
    suits = [c.contract for c in view.legal if isinstance(c, Call) and c.contract is not None]
    return max(contract_strength(hand, Contract(suit)) for suit in suits)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=240)
    parser.add_argument("--game", default="french", choices=("french", "bela"))
    parser.add_argument("--level", default="strong")
    args = parser.parse_args()
    rules = Rules.preset_named(args.game)
    basic = make("basic", seed=0)
    # Per step of strength: turns, the level's calls and `basic`'s calls (forced ones apart).
    table: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    forced = 0
    for k in range(args.deals):
        deal = Deal.new(rules, seed=f"bar-{k}", dealer=Seat(k % 4))
        while deal.phase is not Phase.AUCTION:
            seat = deal.turn
            assert seat is not None
            deal.push(basic.act(deal.view(seat)), seat)
        for _ in range(k % 4):
            seat = deal.turn
            if deal.phase is not Phase.AUCTION or seat is None:
                break
            deal.push(basic.act(deal.view(seat)), seat)
        seat = deal.turn
        if deal.phase is not Phase.AUCTION or seat is None:
            continue
        view = deal.view(seat)
        if Call.pass_() not in view.legal:
            forced += 1  # Bela's dealer after three passes: no choice to count
            continue
        row = table[best_strength(view) // STEP * STEP]
        row[0] += 1
        row[1] += make(args.level, seed=k).act(view) != Call.pass_()
        row[2] += basic.act(view) != Call.pass_()
    print(f"{args.game}: {args.level}'s and basic's calls by the hand's best strength")
    print(f"{'strength':>9} {'turns':>6} {args.level:>8} {'basic':>6}")
    for low in sorted(table):
        turns, level, plain = table[low]
        print(
            f"{low:>3}–{low + STEP - 1:<5} {turns:>6} {level / turns:>8.0%} {plain / turns:>6.0%}"
        )
    if forced:
        print(f"({forced} forced turns left out)")


if __name__ == "__main__":
    main()
