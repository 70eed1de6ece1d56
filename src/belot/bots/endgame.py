"""The last tricks counted out: each legal card valued by the exact solver in a few dealings of
the unseen cards that fit what the seat has seen, as a player who counts the cards plays the
end of a deal.

``basic`` asks for it once few enough cards are left that a handful of small solves stays well
under a millisecond.
"""

from __future__ import annotations

import random

from belot.bots.knowledge import Knowledge
from belot.bots.solver import Position, rules_options
from belot.bots.strong import shared_solver
from belot.engine.table import Seat
from belot.engine.view import SeatView

__all__ = ["deal_unseen", "endgame_values"]


def deal_unseen(know: Knowledge, rng: random.Random, tries: int = 20) -> list[int] | None:
    """The cards each seat holds now (N E S W) in one random dealing of ``know.unseen`` that
    fits what ``know.seat`` knows (hand sizes, cards shown, voids and cards ruled out by the
    plays), or None if ``tries`` attempts find none."""
    others = know.order
    base = [0, 0, 0, 0]
    base[know.seat] = know.hand
    room0 = [0, 0, 0, 0]
    free = know.unseen
    for seat in others:
        held = know.known[seat]
        base[seat] = held
        room0[seat] = know.hand_sizes[seat] - held.bit_count()
        free &= ~held
    # Each free card with the seats that may hold it, the most constrained first.
    slots: list[tuple[int, tuple[Seat, ...]]] = []
    possible = [know.possible(seat) for seat in Seat]
    while free:
        low = free & -free
        card = low.bit_length() - 1
        free ^= low
        slots.append((card, tuple(seat for seat in others if possible[seat] & low)))
    for _ in range(tries):
        rng.shuffle(slots)
        slots.sort(key=_choices)
        hands = base.copy()
        room = room0.copy()
        for card, seats in slots:
            total = 0
            for seat in seats:
                total += room[seat]
            if not total:
                break
            pick = rng.randrange(total)
            for seat in seats:
                pick -= room[seat]
                if pick < 0:
                    hands[seat] |= 1 << card
                    room[seat] -= 1
                    break
        else:
            return hands
    return None


def _choices(slot: tuple[int, tuple[Seat, ...]]) -> int:
    return len(slot[1])


def endgame_values(
    view: SeatView, know: Knowledge, rng: random.Random, worlds: int, nodes: int = 0
) -> dict[int, float] | None:
    """Each legal card (index) of ``view``'s seat with the mean card points its team takes
    from here with best play by all, over ``worlds`` dealings of the unseen cards, or over
    those solved within ``nodes`` solver nodes in all (0: no limit); ``None`` when no dealing
    fits or none is solved within ``nodes``."""
    contract, bidder = view.contract, view.bidder
    assert contract is not None and bidder is not None
    trick = tuple(card for _, card in know.trick)
    leader = know.trick[0][0] if trick else know.seat
    options = rules_options(view.rules, contract)
    solver = shared_solver()
    ours = know.seat.team == bidder.team
    seen: dict[tuple[int, ...], dict[int, int]] = {}
    totals: dict[int, float] = {}
    solved = spent = 0
    for _ in range(worlds):
        hands = deal_unseen(know, rng)
        if hands is None:
            return None
        key = tuple(hands)
        values = seen.get(key)
        if values is None:
            position = Position(
                hands=(hands[0], hands[1], hands[2], hands[3]),
                contract=contract,
                declarers=bidder.team,
                leader=leader,
                trick=trick,
                points=view.card_points,
                **options,
            )
            total = position.total
            left = 0
            if nodes:
                left = nodes - spent
                if left <= 0:
                    break
            result = solver.try_solve_cards(position, left)
            spent += solver.nodes
            if result is None:
                break
            values = {
                card.index: value if ours else total - value for card, value in result.items()
            }
            seen[key] = values
        for card, value in values.items():
            totals[card] = totals.get(card, 0.0) + value
        solved += 1
    if not solved:
        return None
    return {card: total / solved for card, total in totals.items()}
