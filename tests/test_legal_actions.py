"""``Deal.legal_actions()``: one immutable ``LegalActions`` per state, kept until push or pop."""

from __future__ import annotations

import random

import pytest

from belot.engine.actions import Call, Cut, LegalActions, Play
from belot.engine.cards import ALL_CARDS
from belot.engine.deal import Deal, Phase
from belot.engine.errors import IllegalActionError
from belot.engine.rules import Rules


def _to_play(rules: Rules | None = None, seed: int = 3) -> Deal:
    """A deal at its first card (the first player bids, or takes, and the others pass)."""
    deal = Deal.new(rules, seed=seed)
    rng = random.Random(seed)
    while deal.phase is not Phase.PLAY:
        options = deal.legal_actions()
        bids = [a for a in options if isinstance(a, Call) and a.kind.value == "bid"]
        if deal.phase is Phase.AUCTION and bids and not deal.contract:
            deal.push(bids[0])
        else:
            deal.push(options[0] if deal.phase is Phase.AUCTION else rng.choice(options))
    return deal


def test_asking_again_of_the_same_state_gives_the_same_object() -> None:
    deal = Deal.new(seed=1)
    first = deal.legal_actions()
    assert deal.legal_actions() is first
    assert isinstance(first, LegalActions) and isinstance(first, tuple)
    assert first == [Cut(k) for k in range(1, 32)] and first == tuple(Cut(k) for k in range(1, 32))
    assert len(first) == 31 and Cut(16) in first and first[0] == Cut(1) and bool(first)
    assert (first != [Cut(k) for k in range(1, 32)]) is False
    assert first != [Cut(1)] and first != "cut:1"


def test_push_and_pop_give_a_new_sequence_for_the_new_state() -> None:
    deal = _to_play()
    before = deal.legal_actions()
    action = before[-1]
    deal.push(action)
    after = deal.legal_actions()
    assert after is not before and action not in after  # the card is on the table now
    assert deal.pop() == action
    again = deal.legal_actions()
    assert again == before
    assert deal.legal_actions() is again


def test_the_sequence_cannot_be_changed_by_a_caller() -> None:
    deal = _to_play()
    offered = deal.legal_actions()
    with pytest.raises(AttributeError):
        offered.append(offered[0])  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        offered[0] = offered[-1]  # type: ignore[index]


def test_a_cached_state_still_refuses_what_it_did_not_offer() -> None:
    deal = _to_play()
    offered = deal.legal_actions()
    seat = deal.turn
    assert seat is not None
    not_held = next(c for c in ALL_CARDS if c not in deal.hand(seat))
    with pytest.raises(IllegalActionError, match="does not hold"):
        deal.push(Play(not_held))
    assert deal.legal_actions() is offered  # a refused push changes nothing
    with pytest.raises(IllegalActionError):
        deal.push(Cut(3))
    deal.push(offered[0])
    assert len(deal.history) > 0 and deal.peek() == offered[0]


def test_end_of_the_deal_offers_an_empty_sequence() -> None:
    deal = Deal.new(seed=5)
    rng = random.Random(5)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    assert deal.legal_actions() == [] and not deal.legal_actions()


@pytest.mark.parametrize("rules", [Rules.bulgarian(), Rules.french()], ids=["bulgarian", "french"])
def test_cached_and_fresh_answers_agree_through_random_deals(rules: Rules) -> None:
    rng = random.Random(11)
    for seed in range(30):
        deal = Deal.new(rules, seed=seed)
        while not deal.is_over:
            offered = deal.legal_actions()
            fresh = deal.copy()
            fresh._offered = None  # the same state, never asked
            fresh._legal = 0
            assert fresh.legal_actions() == offered
            assert all(deal.is_legal(a) for a in offered)
            deal.push(rng.choice(offered))
            deal.pop()
            assert deal.legal_actions() == offered
            deal.push(rng.choice(offered))
