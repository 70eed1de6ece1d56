"""``benchmarks/partner_model.py``: `strong` as the model of a `strong` partner agrees with every
play of the real deal, and not with a `basic` partner's; the worlds it reads are the seat's."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from partner_model import SEED, _misses, _partner_turns, decision

from belot.bots.arena import duel_deal
from belot.bots.basic import BasicBot
from belot.bots.sampling import world_deal
from belot.bots.strong import StrongBot
from belot.engine.actions import Play
from belot.engine.deal import Deal
from belot.engine.rules import Rules
from properties_common import hand_masks

#: The bots think little, to keep the test quick: the model, of the same think, still makes
#: every play of the partner's.
THINK = 0.05


def _later_decisions(
    game: str, bots: list[BasicBot] | list[StrongBot], tricks: range = range(3, 4)
) -> list[Deal]:
    """Copies of the first played deal of the duels' seed 5 (`bots` playing it) at its card
    decisions after ``tricks`` tricks."""
    rules = Rules.preset_named(game)
    for number in range(10):
        deal = duel_deal(rules, 5, number)
        kept = []
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            if isinstance(view.legal[0], Play) and len(view.tricks) in tricks:
                kept.append(deal.copy())
            deal.push(bots[seat].act(view))
        if kept:
            return kept
    raise AssertionError("no deal of the ten was played")


@pytest.mark.parametrize("game", ["french", "bela"])
def test_strong_agrees_with_a_strong_partners_every_play_and_not_a_basic_ones(game: str) -> None:
    rng = random.Random(1)
    asked = 0
    strong_bots = [StrongBot(seed=SEED + s, think=THINK) for s in range(4)]
    for deal in _later_decisions(game, strong_bots):
        seat = deal.turn
        assert seat is not None
        turns = _partner_turns(deal, seat.partner)
        model = StrongBot(seed=SEED + seat.partner, think=THINK)
        real = world_deal(deal.view(seat), hand_masks(deal), rng)
        assert _misses(real, turns, seat.partner, model) == 0
        asked += len(turns)
    assert asked >= 2
    # A `basic` partner's plays are not all `strong`'s: the check can fail.
    missed = 0
    basic_bots = [BasicBot(seed=s) for s in range(4)]
    for deal in _later_decisions(game, basic_bots, range(2, 7)):
        seat = deal.turn
        assert seat is not None
        turns = _partner_turns(deal, seat.partner)
        real = world_deal(deal.view(seat), hand_masks(deal), rng)
        model = StrongBot(seed=SEED + seat.partner, think=THINK)
        missed += _misses(real, turns, seat.partner, model)
    assert missed > 0


def test_the_turns_are_the_partners_plays_with_a_choice_and_the_worlds_the_seats() -> None:
    deal = _later_decisions("french", [BasicBot(seed=s) for s in range(4)])[0]
    seat = deal.turn
    assert seat is not None
    turns = _partner_turns(deal, seat.partner)
    order = [s for trick in deal.tricks for s, _ in trick.plays]
    assert turns and all(order[n] == seat.partner for n in turns)
    assert len(turns) <= order.count(seat.partner)  # its plays with a choice only
    row = decision(deal, deal.view(seat), 6, THINK, random.Random(2))
    assert row is not None and row.plays == len(turns) and len(row.worlds) == 6
    # `basic` made the partner's plays: its reading of the real deal misses none of them.
    assert row.real_basic_misses == 0
    assert all(0 <= w.strong_misses <= row.plays for w in row.worlds)
    assert all(0 <= w.basic_misses <= row.plays for w in row.worlds)
    assert all(w.hand_error <= len(deal.hand(seat.partner)) for w in row.worlds)
