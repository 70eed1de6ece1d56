"""Hypothesis properties of Bela deals played with random legal actions, and a legal-card
oracle written from RULES.md §6 (plain code, none of the engine's tables)."""

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
    Rules.bela,
    target=st.sampled_from([1001, 501]),
    direction=st.sampled_from([-1, 1]),
    beat_in_plain_suit=st.booleans(),
    partner_exception=st.booleans(),
    card_in_two_declarations=st.booleans(),
    belot_wins_match=st.booleans(),
    tie=st.sampled_from(["fails", "hangs"]),
)


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action; a pass two times in three, so that the forced dealer comes up."""
    options = deal.legal_actions()
    if deal.phase.value == "auction" and options[0] == Call.pass_() and rng.random() < 0.67:
        return options[0]
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
    result = deal.result
    assert result is not None and not deal.all_passed  # Bela never redeals
    ns, ew = deal.tricks_won
    assert sum(deal.card_points) == 162
    shown = sum(d.points for team in deal.scored_declarations() for d in team)
    bela = 20 * len(deal.belots)
    stiglja = 90 if 0 in (ns, ew) else 0
    total = 162 + shown + bela + stiglja
    assert sum(result.raw) == total
    # Everything is written, except the callers' share of a tie that hangs.
    assert sum(result.written) + result.hanging == total
    assert all(w >= 0 for w in result.written)
    assert (stiglja == 0) == (result.valat is None)


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_each_card_is_played_once_and_hands_are_eight(seed: int, rules: Rules) -> None:
    deal, _ = random_deal(seed, rules)
    played = [c for t in deal.tricks for c in t.cards]
    assert sorted(played) == sorted(ALL_CARDS)
    assert all(len(deal.dealt_hand(s)) == 8 for s in Seat)
    assert len(deal.calls) <= 4


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
        for action in rng.sample(candidates, 10):
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
        for action in offered if deal.phase.value != "cut" else ():
            deal.push(action)  # every offered action is accepted
            deal.pop()
        deal.push(random_action(deal, rng))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rules_st, data=st.data())
def test_pop_restores_the_exact_earlier_state(seed: int, rules: Rules, data: st.DataObject) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    history = [snapshot(deal)]
    checks = data.draw(st.sets(st.integers(0, 40), max_size=6))
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
    """Cards whose place ``seat`` may know: those it holds (before trumps are named, its six,
    not its two hidden ones), the played ones, and announced declarations once the first trick
    is complete."""
    known = set(deal.hand(seat)) | {c for t in deal.tricks for c in t.cards}
    if deal.trick_number >= 1:
        for s in Seat:
            for d in deal.announced(s) or ():
                known |= {c for c in ALL_CARDS if d.cards & c.mask}
    return known


@FAST
@given(seed=st.integers(0, 2**32), stop=st.integers(1, 40), data=st.data())
def test_states_differing_in_hidden_cards_give_the_same_view(
    seed: int, stop: int, data: st.DataObject
) -> None:
    rules = Rules.bela()
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


@FAST
@given(seed=st.integers(0, 2**32), calls=st.integers(0, 3), data=st.data())
def test_a_seats_own_hidden_cards_are_not_in_its_view_before_trumps(
    seed: int, calls: int, data: st.DataObject
) -> None:
    rules = Rules.bela()
    deal = Deal.new(rules, seed=seed)
    deal.push(deal.legal_actions()[seed % 31])
    for _ in range(calls):
        deal.push(Call.pass_())
    seat = deal.turn
    assert seat is not None and deal.phase.value == "auction"
    cut = deal.cut
    assert cut is not None
    after = list(deal.deck[cut:] + deal.deck[:cut])
    position = [deal.first, *[None] * 3]
    for i in range(1, 4):
        position[i] = deal.next_seat(position[i - 1])  # type: ignore[arg-type]
    mine = after[24 + 2 * position.index(seat) :][:2]  # its two hidden cards
    own = data.draw(st.sampled_from(mine))
    elsewhere = [c for c in ALL_CARDS if c not in deal.hand(seat) and c not in mine]
    swap = data.draw(st.sampled_from(elsewhere))
    deck = [swap if c is own else own if c is swap else c for c in deal.deck]
    other = Deal(rules, dealer=deal.dealer, deck=deck)
    for action in deal.actions:
        other.push(action)
    assert other.view(seat).key() == deal.view(seat).key()
    assert other.view(seat).to_json() == deal.view(seat).to_json()
    assert other.hand(seat) == deal.hand(seat) and len(deal.hand(seat)) == 6


# --- a legal-card oracle written from RULES.md §6 ------------------------------------------------

TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]  # low to high
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]


def strength(card: Card, trump: Suit) -> int:
    rank = card.rank.text
    return TRUMP_ORDER.index(rank) if card.suit == trump else PLAIN_ORDER.index(rank)


def oracle(
    hand: list[Card],
    trick: list[tuple[Seat, Card]],
    trump: Suit,
    me: Seat,
    beat_in_plain_suit: bool = True,
    partner_exception: bool = False,
) -> set[Card]:
    """The cards ``me`` may play, as RULES.md §6 says."""
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
    partner_holds = holder == me.partner and led != trump and partner_exception
    same = [c for c in hand if c.suit == led]
    mine = [c for c in hand if c.suit == trump]
    if same:
        must_beat = led == trump or (
            beat_in_plain_suit and not trumps_in_trick and not partner_holds
        )
        if not must_beat:
            return set(same)
        higher = [c for c in same if strength(c, trump) > strength(top, trump)]
        return set(higher or same)
    if not mine or partner_holds:
        return set(hand)
    if not trumps_in_trick:
        return set(mine)  # must trump, whoever holds the trick
    over = [c for c in mine if strength(c, trump) > strength(top, trump)]
    return set(over or mine)  # overtrump, else any trump


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    direction=st.sampled_from([1, -1]),
    beat=st.booleans(),
    partner=st.booleans(),
)
def test_the_engine_agrees_with_the_oracle(
    seed: int, direction: int, beat: bool, partner: bool
) -> None:
    rules = Rules.bela(direction=direction, beat_in_plain_suit=beat, partner_exception=partner)
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
                expected = oracle(deal.hand(seat), deal.current_trick, trump, seat, beat, partner)
                assert set(ALL_CARDS[i] for i in range(32) if deal.legal_mask() >> i & 1) == (
                    expected
                ), (deal.hand(seat), deal.current_trick, trump)
                plays = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
                assert not plays or plays == expected
                checked += 1
            deal.push(random_action(deal, rng))
    assert checked > 0
