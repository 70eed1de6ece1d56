"""Hypothesis properties of Coinche deals played with random legal actions, and a legal-card and
legal-call oracle written from RULES.md §5 (plain code, none of the engine's tables)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from belot.engine import Action, Call, Card, Contract, Deal, IllegalActionError, Play, Rules, Seat
from belot.engine.actions import CAPOT_LEVEL, CallKind, parse_action
from belot.engine.cards import ALL_CARDS
from belot.engine.record import deal_from_record, deal_to_record, from_position, to_position
from conftest import snapshot
from test_french_properties import oracle

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    Rules.coinche,
    direction=st.sampled_from([1, -1]),
    declarations=st.booleans(),
    coinche_capot=st.booleans(),
    contract_test=st.sampled_from(["seed", "total"]),
    double_scope=st.sampled_from(["whole", "bid_only"]),
    surcoinche_multiplier=st.sampled_from([3, 4]),
    rounding=st.just("none"),
)


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action; in the auction mostly a pass, a coinche or surcoinche when one
    is offered, so that low bids, doubles and the redeal all come up."""
    options = deal.legal_actions()
    if deal.phase.value == "auction":
        doubles = [a for a in options if isinstance(a, Call) and a.kind is not CallKind.BID]
        if len(doubles) > 1 and rng.random() < 0.3:
            return rng.choice(doubles[1:])
        if rng.random() < 0.6:
            return options[0]
        bids = [a for a in options if isinstance(a, Call) and a.kind is CallKind.BID]
        if bids:
            return rng.choice(bids[: 8 if rng.random() < 0.8 else len(bids)])
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
        assert deal.result is None and [str(c) for _, c in deal.calls] == ["pass"] * 4
        return
    result = deal.result
    assert result is not None
    ns, ew = deal.tricks_won
    assert sum(deal.card_points) == 162
    shown = [sum(d.points for d in team) for team in deal.scored_declarations()]
    capot = 0 if ew == 0 else 1 if ns == 0 else None
    if capot is not None:
        shown[1 - capot] = 0  # the swept side loses its declarations
    belote = 20 * len(deal.belots)
    cards = 250 if capot is not None else 162
    assert sum(result.raw) == cards + sum(shown) + belote
    assert (capot is None) == (result.valat is None)
    assert all(w >= 0 for w in result.written)
    level = next(c.level for _, c in reversed(deal.calls) if c.kind is CallKind.BID)
    times = {1: 1, 2: 2, 4: rules.surcoinche_multiplier}[deal.double]
    if times > 1 and rules.double_scope == "whole":
        table = 250 if capot is not None or level == CAPOT_LEVEL else 160
        assert sum(result.written) == (table + level + sum(shown)) * times + belote
    elif result.outcome.value == "made":
        assert sum(result.written) == cards + sum(shown) + belote + level * times
    else:
        table = 250 if capot is not None or level == CAPOT_LEVEL else 160
        assert sum(result.written) == table + level * times + sum(shown) + belote


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_each_card_is_dealt_before_the_auction_and_played_once(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    deal.push(random_action(deal, rng))  # the cut
    assert all(len(deal.hand(s)) == 8 for s in Seat)  # all eight before the auction
    while not deal.is_over:
        deal.push(random_action(deal, rng))
    if deal.all_passed:
        return
    played = [c for t in deal.tricks for c in t.cards]
    assert sorted(played) == sorted(ALL_CARDS)
    assert all(len(deal.dealt_hand(s)) == 8 for s in Seat)


CANDIDATES: list[Action] = [
    Call.pass_(),
    Call.contra(),
    Call.recontra(),
    Call(CallKind.COINCHE),
    Call(CallKind.SURCOINCHE),
    *[Call.bid(c) for c in Contract],
    *[Call.points_bid(level, Contract(s)) for level in (70, 80, 120, 160, 170) for s in range(4)],
    *[Call.points_bid(CAPOT_LEVEL, Contract(s)) for s in range(4)],
    *[Play(c) for c in ALL_CARDS],
]


@FAST
@given(seed=st.integers(0, 2**32), rules=rules_st)
def test_only_legal_actions_are_offered_and_accepted(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while not deal.is_over:
        offered = deal.legal_actions()
        assert offered and len(set(offered)) == len(offered)
        for action in rng.sample(CANDIDATES, 12):
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
        for action in offered:
            assert parse_action(str(action)) == action  # the notation round-trips
        deal.push(random_action(deal, rng))


@settings(max_examples=50, deadline=None)
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
    deal, actions = random_deal(seed, rules, Seat.E)
    again = Deal(rules, dealer=Seat.E, deck=deal.deck)
    for action in actions:
        again.push_str(str(action))
    assert again.result == deal.result and again.tricks == deal.tricks
    assert [again.view(s).key() for s in Seat] == [deal.view(s).key() for s in Seat]
    record = deal_from_record(json.loads(json.dumps(deal_to_record(deal))))
    assert snapshot(record) == snapshot(deal) and record.rules == rules
    assert snapshot(from_position(to_position(deal))) == snapshot(deal)


def visible_cards(deal: Deal, seat: Seat) -> set[Card]:
    """Cards whose place ``seat`` may know: its own, the played ones, and announced
    declarations once the first trick is complete (Coinche turns no card)."""
    known = set(deal.hand(seat)) | {c for t in deal.tricks for c in t.cards}
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
    rules = Rules.coinche()
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
    assume(other.belots == deal.belots)
    assume([other.announced(s) for s in Seat] == [deal.announced(s) for s in Seat])
    assert other.view(seat).key() == deal.view(seat).key()
    assert other.view(seat).to_json() == deal.view(seat).to_json()


# --- a legal-call oracle written from RULES.md §5 --------------------------------------------


def call_oracle(calls: list[tuple[Seat, str]], me: Seat, coinche_capot: bool) -> set[str]:
    """The calls ``me`` may make after ``calls`` (written as text), as RULES.md §5 says."""
    last: tuple[Seat, str] | None = None
    coinched = False
    for seat, text in calls:
        if text == "coinche":
            coinched = True
        elif text not in ("pass", "surcoinche"):
            last = (seat, text)
    same_side = last is not None and (int(last[0]) + int(me)) % 2 == 0
    if coinched:
        return {"pass", "surcoinche"} if same_side else set()
    legal = {"pass"}
    values = [80, 90, 100, 110, 120, 130, 140, 150, 160, 1000]  # capot above any number
    value = 0
    if last is not None:
        amount = last[1][:-1]
        value = 1000 if amount == "capot" else int(amount)
    for v in values:
        if v > value:
            legal |= {("capot" if v == 1000 else str(v)) + s for s in "CDHS"}
    if last is not None and not same_side and (value != 1000 or coinche_capot):
        legal.add("coinche")
    return legal


def auction_over(calls: list[str]) -> bool:
    """Whether the auction has ended after ``calls`` (RULES.md §5)."""
    if "surcoinche" in calls:
        return True
    if "coinche" in calls:
        return calls[calls.index("coinche") + 1 :].count("pass") == 2
    if calls == ["pass"] * 4:
        return True
    bids = [i for i, c in enumerate(calls) if c != "pass"]
    return bool(bids) and len(calls) - 1 - bids[-1] == 3


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), direction=st.sampled_from([1, -1]), capot=st.booleans())
def test_the_engine_agrees_with_the_oracles(seed: int, direction: int, capot: bool) -> None:
    rules = Rules.coinche(direction=direction, coinche_capot=capot)
    rng = random.Random(seed)
    checked = 0
    for k in range(6):
        deal = Deal.new(rules, dealer=Seat(k % 4), seed=seed * 7 + k)
        while not deal.is_over:
            calls = [(s, str(c)) for s, c in deal.calls]
            if deal.phase.value == "auction":
                assert not auction_over([c for _, c in calls])
                seat = deal.turn
                assert seat is not None
                offered = {str(a) for a in deal.legal_actions()}
                assert offered == call_oracle(calls, seat, capot), calls
                checked += 1
            elif deal.phase.value == "play":
                assert auction_over([c for _, c in calls])
                seat = deal.turn
                assert seat is not None and deal.contract is not None
                trump = deal.contract.trump
                assert trump is not None
                expected = oracle(deal.hand(seat), deal.current_trick, trump, seat)
                assert {ALL_CARDS[i] for i in range(32) if deal.legal_mask() >> i & 1} == expected
                plays = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
                assert not plays or plays == expected
                checked += 1
            deal.push(random_action(deal, rng))
        if deal.all_passed:
            assert auction_over([str(c) for _, c in deal.calls])
    assert checked > 0
