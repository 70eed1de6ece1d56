"""Hypothesis properties that hold for every game, each run over all four games and their options
(``properties_common``): only legal actions are offered and accepted, each card is played once,
``pop`` restores the state exactly, a replayed record gives the same deal, and a seat's view
shows nothing hidden from it. Each game's own properties are in ``test_<game>_properties.py``."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from belot.engine import (
    Action,
    Call,
    Contract,
    Cut,
    Deal,
    Declaration,
    Declare,
    IllegalActionError,
    Play,
    Seat,
)
from belot.engine.actions import CAPOT_LEVEL, CallKind, parse_action
from belot.engine.cards import ALL_CARDS
from belot.engine.games import game_of
from belot.engine.record import deal_from_record, deal_to_record, from_position, to_position
from conftest import snapshot
from properties_common import (
    GAMES,
    Game,
    examples,
    play_on,
    random_action,
    random_deal,
    visible_cards,
)

each_game = pytest.mark.parametrize("game", GAMES, ids=str)
seats = st.sampled_from(list(Seat))


#: Actions of every game and every kind, most of them illegal at any one step.
CANDIDATES: list[Action] = [
    Cut(1),
    Cut(31),
    Call.pass_(),
    Call.contra(),
    Call.recontra(),
    Call(CallKind.COINCHE),
    Call(CallKind.SURCOINCHE),
    *[Call.bid(c) for c in Contract],
    *[Call.points_bid(level, Contract(s)) for level in (70, 80, 120, 160, 170) for s in range(4)],
    *[Call.points_bid(CAPOT_LEVEL, Contract(s)) for s in range(4)],
    # the empty announcement is left out: a seat with nothing to declare may still say so
    Declare((Declaration.from_str("7C-9C"),)),
    Declare((Declaration.from_str("four-J"),)),
    *[Play(c) for c in ALL_CARDS],
]


@each_game
@examples(120)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_only_legal_actions_are_offered_and_accepted(
    game: Game, seed: int, data: st.DataObject
) -> None:
    rules = data.draw(game.rules, label="rules")
    obligations, option = game_of(rules).obligations(rules)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while not deal.is_over:
        offered = deal.legal_actions()
        assert offered and len(set(offered)) == len(offered)
        for action in offered:
            assert parse_action(str(action)) == action  # the notation round-trips
        refused = [a for a in rng.sample(CANDIDATES, 8) if a not in offered]
        if isinstance(offered[0], Play):
            seat = deal.turn
            assert seat is not None and deal.contract is not None
            hand = deal.hand_mask(seat)
            trick = [c.index for _, c in deal.current_trick]
            plays = 0
            for action in offered:
                assert isinstance(action, Play)
                assert action.card.mask & hand, f"{action.card} is not in the hand"
                plays |= action.card.mask
            assert plays == obligations(hand, trick, deal.contract, option)
            # one card each, and a silent twin (Bela) only right after its announcing card
            loud = [a for a in offered if not a.silent]  # type: ignore[union-attr]
            assert deal.legal_cards() == [a.card for a in loud]  # type: ignore[union-attr]
            for index, action in enumerate(offered):
                if action.silent:  # type: ignore[union-attr]
                    assert deal.game.bela_optional and index > 0
                    assert offered[index - 1] == Play(action.card)  # type: ignore[union-attr]
            # every card of the hand not offered is refused, and a card of another hand too
            refused += [Play(c) for c in deal.hand(seat) if not c.mask & plays]
            refused += [Play(c) for c in deal.hand(deal.next_seat(seat))][:1]
        if deal.phase.value != "cut":
            for action in offered:
                deal.push(action)  # every offered action is accepted
                deal.pop()
        before = snapshot(deal)
        for action in dict.fromkeys(refused):
            try:
                deal.push(action)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{action} was accepted but not offered")
            assert snapshot(deal) == before
        deal.push(random_action(deal, rng))


@each_game
@examples(150)
@given(seed=st.integers(0, 2**32), dealer=seats, data=st.data())
def test_each_card_is_played_once(game: Game, seed: int, dealer: Seat, data: st.DataObject) -> None:
    deal, _ = random_deal(seed, data.draw(game.rules, label="rules"), dealer)
    assume(not deal.all_passed)
    played = [c for trick in deal.tricks for c in trick.cards]
    assert sorted(played) == list(ALL_CARDS)
    for seat in Seat:
        own = [c for trick in deal.tricks for s, c in trick.plays if s is seat]
        assert sorted(own) == deal.dealt_hand(seat)
        assert len(deal.dealt_hand(seat)) == 8
        assert deal.hand(seat) == []
    assert len(deal.tricks) == 8 and all(t.winner is not None for t in deal.tricks)
    # the leader of each trick is the winner of the one before
    for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert after.leader is before.winner
    assert deal.tricks[0].leader is deal.first


@each_game
@examples(70)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_pop_restores_the_exact_earlier_state(game: Game, seed: int, data: st.DataObject) -> None:
    rules = data.draw(game.rules, label="rules")
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    history = [snapshot(deal)]
    checks = data.draw(st.sets(st.integers(0, 45), max_size=6))
    step = 0
    while not deal.is_over:
        if step in checks:
            # try a different action, take it back, and find the same state
            before = snapshot(deal)
            options = deal.legal_actions()
            deal.push(options[rng.randrange(len(options))])
            deal.pop()
            assert snapshot(deal) == before
        deal.push(random_action(deal, rng))
        history.append(snapshot(deal))
        step += 1
    # unwind everything
    for i in range(len(history) - 2, -1, -1):
        deal.pop()
        assert snapshot(deal) == history[i]


@each_game
@examples(150)
@given(seed=st.integers(0, 2**32), dealer=seats, data=st.data())
def test_a_replayed_record_gives_the_same_deal(
    game: Game, seed: int, dealer: Seat, data: st.DataObject
) -> None:
    rules = data.draw(game.rules, label="rules")
    deal, actions = random_deal(seed, rules, dealer)
    views = [deal.view(s).key() for s in Seat]
    again = Deal(rules, dealer=dealer, deck=deal.deck)
    for action in actions:
        again.push(action)
    assert again.result == deal.result
    assert again.card_points == deal.card_points
    assert again.tricks == deal.tricks
    assert again.belots == deal.belots
    assert [again.view(s).key() for s in Seat] == views
    # and through the text notation, a JSON record and a position string
    text = Deal(rules, dealer=dealer, deck=deal.deck)
    for action in actions:
        text.push_str(str(action))
    assert text.result == deal.result and text.tricks == deal.tricks
    assert [text.view(s).key() for s in Seat] == views
    record = deal_from_record(json.loads(json.dumps(deal_to_record(deal))))
    assert snapshot(record) == snapshot(deal) and record.rules == rules
    assert snapshot(from_position(to_position(deal))) == snapshot(deal)


@each_game
@examples(120)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 45), data=st.data())
def test_a_view_never_names_another_hands_unplayed_cards(
    game: Game, seed: int, stop: int, data: st.DataObject
) -> None:
    deal = Deal.new(data.draw(game.rules, label="rules"), seed=seed)
    play_on(deal, random.Random(seed), stop)
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


@each_game
@examples(150)
@given(seed=st.integers(0, 2**32), stop=st.integers(1, 45), data=st.data())
def test_states_differing_in_hidden_cards_give_the_same_view(
    game: Game, seed: int, stop: int, data: st.DataObject
) -> None:
    rules = data.draw(game.rules, label="rules")
    deal = Deal.new(rules, seed=seed)
    actions = play_on(deal, random.Random(seed), stop)
    assume(not deal.is_over and deal.phase.value != "cut")
    seat = data.draw(seats)
    # hidden from ``seat``: other hands' unplayed cards and the cards not dealt (or seen) yet
    hidden = [c for c in ALL_CARDS if c not in visible_cards(deal, seat)]
    assume(len(hidden) >= 2)
    a, b = data.draw(st.lists(st.sampled_from(hidden), min_size=2, max_size=2, unique=True))
    deck = [b if c is a else a if c is b else c for c in deal.deck]
    other = Deal(rules, dealer=deal.dealer, deck=deck)
    try:
        for action in actions:
            other.push(action)
    except IllegalActionError:
        assume(False)  # the swap made an earlier action illegal: not comparable
    # what the other seats said in public must be the same for the views to be comparable
    assume(other.belots == deal.belots)
    assume([other.announced(s) for s in Seat] == [deal.announced(s) for s in Seat])
    assert other.view(seat).key() == deal.view(seat).key()
    assert other.view(seat).to_json() == deal.view(seat).to_json()
    # while a seat whose hand the swap changed sees it
    for s in Seat:
        if s is not seat and other.hand(s) != deal.hand(s):
            assert other.view(s).key() != deal.view(s).key()


@each_game
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_deal_copy_is_independent(game: Game, seed: int, data: st.DataObject) -> None:
    deal, actions = random_deal(seed, data.draw(game.rules, label="rules"), Seat.N)
    assume(len(actions) > 10)
    while len(deal.actions) > 10:
        deal.pop()
    before = snapshot(deal)
    twin = deal.copy()
    play_on(twin, random.Random(seed))
    assert snapshot(deal) == before
    assert isinstance(deal.actions[0], Cut)
    assert twin.actions[:10] == deal.actions
