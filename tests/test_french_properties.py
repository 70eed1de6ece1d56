"""Hypothesis properties of French Belote deals played with random legal actions, and a
legal-card oracle written from RULES.md §4 (plain code, none of the engine's tables)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from belot.engine import (
    Action,
    Call,
    Card,
    Contract,
    Deal,
    IllegalActionError,
    Play,
    Rules,
    Seat,
    Suit,
)
from belot.engine.cards import ALL_CARDS
from belot.engine.record import deal_from_record, deal_to_record, from_position, to_position
from conftest import snapshot

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    Rules.french,
    target=st.sampled_from([1000, 501]),
    direction=st.sampled_from([1, -1]),
    forced_undertrump=st.just(True),
)


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action; in the auction a pass two times in three, so that both rounds
    and the redeal come up."""
    options = deal.legal_actions()
    if deal.phase.value == "auction" and len(options) > 1 and rng.random() < 0.33:
        return rng.choice(options[1:])
    return rng.choice(options)


def random_deal(seed: int, rules: Rules, dealer: Seat = Seat.N) -> tuple[Deal, list[Action]]:
    rng = random.Random(seed)
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    actions: list[Action] = []
    while not deal.is_over:
        action = random_action(deal, rng)
        deal.push(action)
        actions.append(action)
    return deal, actions


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st, dealer=st.sampled_from(list(Seat)))
def test_points_add_up(seed: int, rules: Rules, dealer: Seat) -> None:
    deal, _ = random_deal(seed, rules, dealer)
    if deal.all_passed:
        assert deal.result is None and len(deal.calls) == 8
        return
    result = deal.result
    assert result is not None
    ns, ew = deal.tricks_won
    assert sum(deal.card_points) == 162
    scored = deal.scored_declarations()
    shown = [sum(d.points for d in team) for team in scored]
    capot = 0 if ew == 0 else 1 if ns == 0 else None
    if capot is not None:
        shown[1 - capot] = 0  # the swept team loses its declarations
    belote = 20 * len(deal.belots)
    cards = 252 if capot is not None else 162
    assert sum(result.written) == cards + sum(shown) + belote
    assert result.hanging == 0
    assert all(w >= 0 for w in result.written)
    assert (capot is None) == (result.valat is None)


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_each_card_is_played_once_and_hands_are_eight(seed: int, rules: Rules) -> None:
    deal, _ = random_deal(seed, rules)
    if deal.all_passed:
        return
    played = [c for t in deal.tricks for c in t.cards]
    assert sorted(played) == sorted(ALL_CARDS)
    assert all(len(deal.dealt_hand(s)) == 8 for s in Seat)
    assert deal.turned_card in deal.dealt_hand(deal.bidder)  # type: ignore[arg-type]


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_only_legal_actions_are_offered_and_accepted(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    candidates: list[Action] = [Call.pass_(), Call.contra(), Call.recontra()]
    candidates += [Call.bid(c) for c in Contract]
    candidates += [Play(c) for c in ALL_CARDS]
    while not deal.is_over:
        offered = deal.legal_actions()
        assert offered and len(set(offered)) == len(offered)
        for action in rng.sample(candidates, 8):
            if action in offered or deal.phase.value == "cut":
                continue
            before = snapshot(deal)
            try:
                deal.push(action)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{action} was accepted but not offered")
            assert snapshot(deal) == before
        deal.push(random_action(deal, rng))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_st, data=st.data())
def test_pop_restores_the_exact_earlier_state(seed: int, rules: Rules, data: st.DataObject) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    history = [snapshot(deal)]
    checks = data.draw(st.sets(st.integers(0, 45), max_size=6))
    step = 0
    while not deal.is_over:
        if step in checks:
            before = snapshot(deal)
            options = deal.legal_actions()
            deal.push(options[rng.randrange(len(options))])
            deal.pop()
            assert snapshot(deal) == before
        deal.push(random_action(deal, rng))
        history.append(snapshot(deal))
        step += 1
    for i in range(len(history) - 2, -1, -1):
        deal.pop()
        assert snapshot(deal) == history[i]


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_a_replayed_record_gives_the_same_deal(seed: int, rules: Rules) -> None:
    deal, actions = random_deal(seed, rules, Seat.W)
    again = Deal(rules, dealer=Seat.W, deck=deal.deck)
    for action in actions:
        again.push_str(str(action))
    assert again.result == deal.result and again.tricks == deal.tricks
    assert [again.view(s).key() for s in Seat] == [deal.view(s).key() for s in Seat]
    record = deal_from_record(json.loads(json.dumps(deal_to_record(deal))))
    assert snapshot(record) == snapshot(deal)
    assert snapshot(from_position(to_position(deal))) == snapshot(deal)


def visible_cards(deal: Deal, seat: Seat) -> set[Card]:
    """Cards whose place ``seat`` may know: its own, the played ones, the turned card (with its
    taker), and announced declarations once the first trick is complete."""
    known = set(deal.hand(seat)) | {c for t in deal.tricks for c in t.cards}
    if deal.turned_card is not None:
        known.add(deal.turned_card)
    if deal.trick_number >= 1:
        for s in Seat:
            for d in deal.announced(s) or ():
                known |= {c for c in ALL_CARDS if d.cards & c.mask}
    return known


@FAST
@given(seed=st.integers(0, 2**32), stop=st.integers(2, 45), data=st.data())
def test_states_differing_in_hidden_cards_give_the_same_view(
    seed: int, stop: int, data: st.DataObject
) -> None:
    rules = Rules.french()
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    actions: list[Action] = []
    for _ in range(stop):
        if deal.is_over:
            break
        action = random_action(deal, rng)
        deal.push(action)
        actions.append(action)
    assume(not deal.is_over and deal.phase.value != "cut")
    seat = data.draw(st.sampled_from(list(Seat)))
    known = visible_cards(deal, seat)
    # hidden from ``seat``: other hands' unplayed cards and the cards not dealt yet
    hidden = [c for c in ALL_CARDS if c not in known]
    assume(len(hidden) >= 2)
    a, b = data.draw(st.lists(st.sampled_from(hidden), min_size=2, max_size=2, unique=True))
    deck = [b if c is a else a if c is b else c for c in deal.deck]
    other = Deal(rules, dealer=deal.dealer, deck=deck)
    try:
        for action in actions:
            other.push(action)
    except IllegalActionError:
        assume(False)  # the swap made an earlier action illegal: not comparable
    assume(other.belots == deal.belots)
    assume([other.announced(s) for s in Seat] == [deal.announced(s) for s in Seat])
    assert other.view(seat).key() == deal.view(seat).key()
    assert other.view(seat).to_json() == deal.view(seat).to_json()


# --- a legal-card oracle written from RULES.md §4 ------------------------------------------------

TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]  # low to high
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]


def strength(card: Card, trump: Suit) -> int:
    rank = card.rank.text
    return TRUMP_ORDER.index(rank) if card.suit == trump else PLAIN_ORDER.index(rank)


def oracle(hand: list[Card], trick: list[tuple[Seat, Card]], trump: Suit, me: Seat) -> set[Card]:
    """The cards ``me`` may play, as RULES.md §4 says (with §3's suit play)."""
    if not trick:
        return set(hand)
    led = trick[0][1].suit
    trumps_in_trick = [(s, c) for s, c in trick if c.suit == trump]
    if trumps_in_trick:
        holder, top = max(trumps_in_trick, key=lambda sc: strength(sc[1], trump))
    else:
        holder, top = max(
            ((s, c) for s, c in trick if c.suit == led), key=lambda sc: strength(sc[1], trump)
        )
    same = [c for c in hand if c.suit == led]
    mine = [c for c in hand if c.suit == trump]
    if led == trump:
        if not same:
            return set(hand)
        higher = [c for c in same if strength(c, trump) > strength(top, trump)]
        return set(higher or same)  # climb, even over the partner
    if same:
        return set(same)  # follow a plain suit, no need to beat
    if holder == me.partner:
        return set(hand)  # partner exception: plain-suit lead only
    if not mine:
        return set(hand)
    if not trumps_in_trick:
        return set(mine)  # must trump
    over = [c for c in mine if strength(c, trump) > strength(top, trump)]
    return set(over or mine)  # overtrump, else undertrump (forced)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), direction=st.sampled_from([1, -1]))
def test_the_engine_agrees_with_the_oracle(seed: int, direction: int) -> None:
    rules = Rules.french(direction=direction)
    rng = random.Random(seed)
    checked = 0
    for k in range(6):
        deal = Deal.new(rules, dealer=Seat(k % 4), seed=seed * 7 + k)
        while not deal.is_over:
            if deal.phase.value == "play":
                seat = deal.turn
                assert seat is not None and deal.contract is not None
                trump = deal.contract.trump
                assert trump is not None
                expected = oracle(deal.hand(seat), deal.current_trick, trump, seat)
                assert set(ALL_CARDS[i] for i in range(32) if deal.legal_mask() >> i & 1) == (
                    expected
                ), (deal.hand(seat), deal.current_trick, trump)
                plays = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
                assert not plays or plays == expected
                checked += 1
            deal.push(random_action(deal, rng))
    assert checked > 0
