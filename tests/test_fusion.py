"""``benchmarks/fusion.py``: a card's fused value is its open-hands value, one world fuses
nothing of the seat's own cards, and cards chosen without the open hands (the next one or every
later one) are never better for their chooser's team than the open-hands best."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from fusion import _other, read, read_other

from belot.bots.arena import duel_deal
from belot.bots.basic import BasicBot
from belot.bots.sampling import Constraints, dealt_world
from belot.bots.solver import Position, Solver
from belot.engine.actions import Play
from belot.engine.cards import mask_of
from belot.engine.rules import Rules
from belot.engine.scoring import contract_total
from belot.engine.view import SeatView


def _views(game: str, seed: int, cards: int) -> list[SeatView]:
    """The card decisions with a choice of a deal played by `basic`, with ``cards`` in hand or
    fewer."""
    deal = duel_deal(Rules.preset_named(game), seed, 0)
    bots = [BasicBot(seed=s) for s in range(4)]
    views = []
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        plays = {a.card for a in view.legal if isinstance(a, Play)}
        if len(plays) > 1 and len(view.hand) <= cards:
            views.append(view)
        deal.push(bots[seat].act(view))
    return views


def _open_values(view: SeatView, seed: int) -> dict[int, int]:
    """The open-hands values, for the seat's team, of the first world ``read`` deals with
    ``random.Random(seed)``."""
    assert view.contract is not None and view.bidder is not None
    world = dealt_world(Constraints.of(view), mask_of(view.hand), random.Random(seed))
    total = contract_total(view.contract, view.rules)
    ours = view.seat.team == view.bidder.team
    return {
        card.index: value if ours else total - value
        for card, value in Solver().solve_cards(Position.in_world(view, world)).items()
    }


@pytest.mark.parametrize("game", ["french", "bela"])
def test_in_one_world_the_fused_value_is_the_open_hands_value_and_nothing_is_fused(
    game: str,
) -> None:
    solver = Solver()
    for view in _views(game, 3, 6)[:4]:
        reading = read(view, solver, 1, random.Random(7))
        assert reading is not None
        assert reading.fused == pytest.approx(_open_values(view, 7))
        assert reading.unfused == pytest.approx(reading.fused)
        assert not reading.differs
        for who in ("partner", "next"):
            other = _other(view.seat, who, view.rules.direction)
            for all_later in (False, True):
                reading = read_other(view, solver, other, 1, 4, random.Random(7), all_later)
                assert reading is not None
                assert reading.fused == pytest.approx(_open_values(view, 7))


@pytest.mark.parametrize("game", ["french", "bela"])
def test_a_card_chosen_without_open_hands_is_no_better_for_its_chooser(game: str) -> None:
    solver = Solver()
    for view in _views(game, 5, 6)[:3]:
        own = read(view, solver, 6, random.Random(1))
        assert own is not None
        assert all(own.fused[c] >= own.unfused[c] - 1e-9 for c in own.fused)
        for who, sign in (("self", 1), ("partner", 1), ("next", -1), ("previous", -1)):
            other = _other(view.seat, who, view.rules.direction)
            for all_later in (False, True):
                reading = read_other(view, solver, other, 6, 4, random.Random(1), all_later)
                assert reading is not None
                # Against open-handed best play by the rest, the seat's or its partner's choices
                # can only lower the team's value, the other team's raise it.
                assert all(
                    sign * (reading.fused[c] - reading.unfused[c]) >= -1e-9 for c in reading.fused
                )
