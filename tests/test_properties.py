"""Hypothesis properties of whole deals played with random legal actions."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from belot.engine import (
    Action,
    Card,
    Contract,
    Cut,
    Deal,
    IllegalActionError,
    Play,
    Rules,
    Seat,
)
from belot.engine.cards import ALL_CARDS
from belot.engine.tricks import legal_mask
from conftest import snapshot

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    Rules.bulgarian,
    passes_after_double=st.sampled_from([2, 3]),
    nt_last_trick=st.sampled_from([10, 20]),
    declaration_compare=st.sampled_from(["separate", "single"]),
    belot_when_trumping=st.booleans(),
    double_scoring=st.sampled_from(["winner_takes_all", "per_team"]),
    forced_undertrump=st.booleans(),
)


def random_deal(seed: int, rules: Rules, dealer: Seat) -> tuple[Deal, list[Action]]:
    """A deal played to the end with random legal actions (seeded)."""
    rng = random.Random(seed)
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    actions: list[Action] = []
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        deal.push(action)
        actions.append(action)
    return deal, actions


def total(contract: Contract, rules: Rules) -> int:
    if contract == Contract.NO_TRUMPS:
        return 240 + rules.nt_last_trick
    return 258 if contract == Contract.ALL_TRUMPS else 162


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st, dealer=st.sampled_from(list(Seat)))
def test_card_points_add_up(seed: int, rules: Rules, dealer: Seat) -> None:
    deal, _ = random_deal(seed, rules, dealer)
    if deal.all_passed:
        assert deal.result is None and deal.contract is None
        return
    assert deal.contract is not None
    result = deal.result
    assert result is not None
    assert sum(deal.card_points) == total(deal.contract, rules)
    decl = [sum(d.points for d in t) for t in deal.scored_declarations()]
    belots = [20 * sum(1 for s, _ in deal.belots if s.team == t) for t in (0, 1)]
    valat = [90 if result.valat is not None and result.valat == t else 0 for t in (0, 1)]
    for t in (0, 1):
        assert result.raw[t] == deal.card_points[t] + decl[t] + belots[t] + valat[t]
    if deal.contract == Contract.NO_TRUMPS:
        assert decl == [0, 0] and belots == [0, 0]
    if result.valat is not None:
        assert deal.tricks_won[result.valat] == 8


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_each_card_is_played_once(seed: int, rules: Rules) -> None:
    deal, _ = random_deal(seed, rules, Seat(seed % 4))
    assume(not deal.all_passed)
    played = [c for trick in deal.tricks for c in trick.cards]
    assert sorted(played) == list(ALL_CARDS)
    for seat in Seat:
        own = [c for trick in deal.tricks for s, c in trick.plays if s is seat]
        assert sorted(own) == deal.dealt_hand(seat)
        assert deal.hand(seat) == []
    assert len(deal.tricks) == 8 and all(t.winner is not None for t in deal.tricks)
    # the leader of each trick is the winner of the one before
    for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert after.leader is before.winner
    assert deal.tricks[0].leader is deal.first


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_only_legal_cards_are_offered(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while not deal.is_over:
        options = deal.legal_actions()
        if deal.phase.value == "play" and isinstance(options[0], Play):
            seat = deal.turn
            assert seat is not None
            hand = deal.hand_mask(seat)
            trick = [c.index for _, c in deal.current_trick]
            assert deal.contract is not None
            want = legal_mask(hand, trick, deal.contract, rules.forced_undertrump)
            offered = 0
            for action in options:
                assert isinstance(action, Play)
                assert action.card.mask & hand, f"{action.card} is not in the hand"
                offered |= action.card.mask
            assert offered == want
            assert deal.legal_cards() == [a.card for a in options]  # type: ignore[union-attr]
            for action in options:
                deal.push(action)
                deal.pop()
            for c in deal.hand(seat):
                if not c.mask & offered:
                    before = snapshot(deal)
                    try:
                        deal.push(Play(c))
                    except IllegalActionError:
                        pass
                    else:
                        raise AssertionError(f"{c} was accepted but not offered")
                    assert snapshot(deal) == before
            # a card of another hand is refused too
            foreign = [c for c in ALL_CARDS if c.mask & deal.hand_mask(Seat((seat + 1) % 4))]
            if foreign:
                before = snapshot(deal)
                try:
                    deal.push(Play(foreign[0]))
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{foreign[0]} of another hand was accepted")
                assert snapshot(deal) == before
        deal.push(rng.choice(options))


def state(deal: Deal) -> tuple[Any, ...]:
    return (
        tuple(deal.view(s).key() for s in Seat),
        tuple(deal.legal_actions()),
        deal.result,
        tuple(deal.actions),
    )


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_st, data=st.data())
def test_pop_restores_the_exact_earlier_state(seed: int, rules: Rules, data: st.DataObject) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    history = [state(deal)]
    checks = data.draw(st.sets(st.integers(0, 45), max_size=6))
    step = 0
    while not deal.is_over:
        options = deal.legal_actions()
        if step in checks:
            # try a different action, take it back, and find the same state
            before = state(deal)
            deal.push(options[rng.randrange(len(options))])
            deal.pop()
            assert state(deal) == before
        deal.push(rng.choice(options))
        history.append(state(deal))
        step += 1
    # unwind everything
    for i in range(len(history) - 2, -1, -1):
        deal.pop()
        assert state(deal) == history[i]


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_replaying_the_actions_gives_the_same_deal(seed: int, rules: Rules) -> None:
    deal, actions = random_deal(seed, rules, Seat.W)
    again = Deal(rules, dealer=Seat.W, deck=deal.deck)
    for action in actions:
        again.push(action)
    assert again.result == deal.result
    assert again.card_points == deal.card_points
    assert again.tricks == deal.tricks
    assert again.belots == deal.belots
    assert [again.view(s).key() for s in Seat] == [deal.view(s).key() for s in Seat]
    # and through the text notation
    text = Deal(rules, dealer=Seat.W, deck=deal.deck)
    for action in actions:
        text.push_str(str(action))
    assert text.result == deal.result and text.tricks == deal.tricks


def visible_cards(deal: Deal, seat: Seat) -> set[Card]:
    """Cards ``seat`` may know the place of: its own, the played ones, and announced
    declarations once the first trick is complete."""
    known = set(deal.hand(seat)) | {c for t in deal.tricks for c in t.cards}
    if deal.trick_number >= 1:
        for s in Seat:
            for d in deal.announced(s) or ():
                known |= {c for c in ALL_CARDS if d.cards & c.mask}
    return known


@FAST
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 45))
def test_a_view_never_names_another_hands_unplayed_cards(seed: int, stop: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(seed=seed)
    for _ in range(stop):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    assume(not deal.is_over)
    for seat in Seat:
        text = json.dumps(deal.view(seat).to_json())
        tokens = set(text.replace("-", '" "').replace(",", '" "').split('"'))
        known = visible_cards(deal, seat)
        for other in Seat:
            if other is seat:
                continue
            for c in deal.hand(other):
                if c not in known:
                    assert str(c) not in tokens, f"{seat.name} sees {other.name}'s {c}"


@FAST
@given(seed=st.integers(0, 2**32), stop=st.integers(4, 40), data=st.data())
def test_swapping_unseen_cards_leaves_the_view_unchanged(
    seed: int, stop: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    deal = Deal.new(seed=seed)
    actions: list[Action] = []
    for _ in range(stop):
        if deal.is_over:
            break
        action = rng.choice(deal.legal_actions())
        deal.push(action)
        actions.append(action)
    assume(not deal.is_over and deal.phase.value != "cut")
    seat = data.draw(st.sampled_from(list(Seat)))
    x, y = data.draw(
        st.sampled_from([(a, b) for a in Seat for b in Seat if seat not in (a, b) and a < b])
    )
    known = visible_cards(deal, seat)
    cx = [c for c in deal.hand(x) if c not in known]
    cy = [c for c in deal.hand(y) if c not in known]
    assume(cx and cy)
    a, b = data.draw(st.sampled_from(cx)), data.draw(st.sampled_from(cy))
    deck = [b if c is a else a if c is b else c for c in deal.deck]
    other = Deal(deal.rules, dealer=deal.dealer, deck=deck)
    try:
        for action in actions:
            other.push(action)
    except IllegalActionError:
        assume(False)  # the swap made an earlier action illegal for x or y: not comparable
    # what x and y said in public must be the same for the views to be comparable
    assume(other.belots == deal.belots)
    assume([other.announced(s) for s in Seat] == [deal.announced(s) for s in Seat])
    assert other.view(seat).key() == deal.view(seat).key()
    assert other.view(x).key() != deal.view(x).key()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_deal_copy_is_independent(seed: int) -> None:
    deal, actions = random_deal(seed, Rules.bulgarian(), Seat.N)
    assume(len(actions) > 10)
    while len(deal.actions) > 10:
        deal.pop()
    before = snapshot(deal)
    twin = deal.copy()
    rng = random.Random(seed)
    while not twin.is_over:
        twin.push(rng.choice(twin.legal_actions()))
    assert snapshot(deal) == before
    assert isinstance(deal.actions[0], Cut)
    assert twin.actions[:10] == deal.actions
