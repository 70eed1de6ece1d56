"""A duel's deal pairs played again, to read what happened in them: each half's auction (every
call, with the hand its caller saw then), the contract, the result and the four hands dealt.

A bot decides by its seed and what its seat sees only (``arena.duel_bots``), so fresh bots
play any pair of a duel's log again as the duel did: find a pair with ``auction_gains.py --log``
or in the log itself, and replay it with the duel's levels, game, seed and think.

Run: ``.venv/bin/python benchmarks/replay_pair.py --game bela 6 65`` (pairs 6 and 65 of
``belot duel strong basic --game bela --seed 1``; a few seconds a pair). An A/B test's pairs
(``ab_test.py``, which seeds its bots otherwise) with ``--ab X Y`` and the test's seed: each
pair is told with X's `strong` against `basic`, then with Y's, to see what the settings changed:
``.venv/bin/python benchmarks/replay_pair.py --game bela --seed 204 --ab
'{"bidding.PLAY_SHIFT": {"bela": [0, 14]}}' '{}' 17``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ab_test import ab_bots
from bot_settings import parse

from belot.bots.arena import duel_bots, duel_deal, seatings
from belot.bots.base import Bot
from belot.engine.actions import Call
from belot.engine.deal import Deal, Phase
from belot.engine.games import GAMES
from belot.engine.rules import Rules
from belot.engine.table import Seat, Team


def replay(
    rules: Rules, a: str, b: str, seed: int, number: int, think: float | None = None
) -> list[str]:
    """Pair ``number`` of the duel of ``a`` against ``b`` with ``seed``, told half by half."""
    return told(rules, duel_bots(a, b, seed, think), (a, b), seed, number)


def replay_ab(
    rules: Rules, x: dict[str, Any], y: dict[str, Any], seed: int, number: int
) -> list[str]:
    """Pair ``number`` of the A/B test of ``x`` against ``y`` with ``seed``: X's half by half,
    then Y's."""
    lines = []
    for name, settings in (("X", x), ("Y", y)):
        half = told(rules, ab_bots(settings), (f"strong {name}", "basic"), seed, number)
        lines.extend([f"{half[0]}, {name} {json.dumps(settings)}", *half[1:]])
    return lines


def told(
    rules: Rules,
    bots: tuple[list[Bot], list[Bot]],
    names: tuple[str, str],
    seed: int,
    number: int,
) -> list[str]:
    """Pair ``number`` of the duels' deals of ``seed`` played by ``bots`` (sides A and B, named
    ``names``), told half by half."""
    a, b = names
    lines = [f"pair {number}"]
    for a_team, seats, side_of in seatings(bots):
        name_of = {seat: (a, b)[side_of[seat]] for seat in Seat}
        deal = duel_deal(rules, seed, number)
        calls = []
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            action = seats[seat].act(view)
            if deal.phase is Phase.AUCTION and isinstance(action, Call):
                hand = " ".join(str(card) for card in view.hand)
                calls.append(f"{seat.name} {name_of[seat]}: {action} [{hand}]")
            deal.push(action)
        lines.append(f"  {a} as {a_team.name}, dealer {deal.dealer.name}")
        lines.extend(f"    {call}" for call in calls)
        lines.append(f"    {_result(deal, a_team, a, b)}")
        hands = "  ".join(
            f"{seat.name} {' '.join(str(card) for card in deal.dealt_hand(seat))}" for seat in Seat
        )
        lines.append(f"    dealt: {hands}")
    return lines


def _result(deal: Deal, a_team: Team, a: str, b: str) -> str:
    """The contract, who declared it, how it went and what each side wrote."""
    if deal.contract is None or deal.result is None or deal.declarers is None:
        return "all passed"
    written = deal.result.written
    declarer = a if deal.declarers is a_team else b
    return (
        f"{deal.contract} by {deal.declarers.name} ({declarer}): {deal.result.outcome.value}; "
        f"card points NS {deal.card_points[Team.NS]}, EW {deal.card_points[Team.EW]}; "
        f"written {a} {written[a_team]}, {b} {written[a_team.other]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs", type=int, nargs="+", help="the deal pairs' numbers")
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default="basic")
    parser.add_argument("--game", choices=tuple(GAMES), default="bulgarian")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=None)
    parser.add_argument(
        "--ab", nargs=2, type=parse, metavar=("X", "Y"), help="an A/B test's settings (JSON)"
    )
    args = parser.parse_args()
    rules = Rules.preset_named(args.game)
    for number in args.pairs:
        if args.ab:
            lines = replay_ab(rules, args.ab[0], args.ab[1], args.seed, number)
        else:
            lines = replay(rules, args.a, args.b, args.seed, number, args.think)
        print("\n".join(lines))


if __name__ == "__main__":
    main()
