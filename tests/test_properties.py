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
    Declaration,
    IllegalActionError,
    Play,
    Rank,
    Rules,
    Seat,
    Suit,
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


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action; in the auction mostly a pass, so that every contract (not only
    all trumps, where random bidding ends) and every doubling comes up often."""
    options = deal.legal_actions()
    if deal.phase.value == "auction":
        if rng.random() < (0.5 if deal.contract is None else 0.8):
            return options[0]  # pass
        return rng.choice(options[1:] or options)
    return rng.choice(options)


def random_deal(seed: int, rules: Rules, dealer: Seat) -> tuple[Deal, list[Action]]:
    """A deal played to the end with random legal actions (seeded)."""
    rng = random.Random(seed)
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    actions: list[Action] = []
    while not deal.is_over:
        action = random_action(deal, rng)
        deal.push(action)
        actions.append(action)
    return deal, actions


def reference_belots(deal: Deal) -> list[tuple[Seat, Suit]]:
    """Belots as RULES.md §3 describes them, found by walking through the tricks."""
    contract = deal.contract
    assert contract is not None
    held = {s: set(deal.dealt_hand(s)) for s in Seat}
    out = []
    for trick in deal.tricks:
        led = trick.cards[0].suit
        for seat, c in trick.plays:
            pair = Card(c.suit, Rank.QUEEN if c.rank == Rank.KING else Rank.KING)
            trump = contract == Contract.ALL_TRUMPS or c.suit == contract.trump
            if c.rank in (Rank.KING, Rank.QUEEN) and trump and pair in held[seat]:
                trumping = contract.is_suit and deal.rules.belot_when_trumping
                if c.suit == led or trumping:
                    out.append((seat, c.suit))
            held[seat].discard(c)
    return out


def reference_scored(
    announced: list[list[Declaration]], contract: Contract, mode: str
) -> list[list[int]]:
    """Which announced declarations score per team, straight from RULES.md §3."""
    four_order = [Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE, Rank.NINE, Rank.JACK]

    def describe(d: Declaration) -> tuple[bool, int, int, Suit]:
        got = [c for c in ALL_CARDS if c.mask & d.cards]
        if len({c.rank for c in got}) == 1:
            return True, four_order.index(got[0].rank), 0, got[0].suit
        return False, min(len(got), 5), int(got[-1].rank), got[-1].suit

    teams: list[list[Declaration]] = [[], []]
    for seat, decls in enumerate(announced):
        teams[seat % 2] += decls
    out: list[list[Declaration]] = [[], []]
    if mode == "single":

        def key(d: Declaration) -> tuple[int, ...]:
            four, a, b, suit = describe(d)
            if four:
                return (2, a)
            return (1, a, b, int(contract.is_suit and suit == contract.trump))

        bests = [max((key(d) for d in t), default=None) for t in teams]
        if bests[0] != bests[1]:
            win = 0 if bests[1] is None or (bests[0] is not None and bests[0] > bests[1]) else 1
            out[win] = teams[win]
    else:
        for want_four in (False, True):
            keys = [
                max((describe(d)[1:3] for d in t if describe(d)[0] == want_four), default=None)
                for t in teams
            ]
            if keys[0] != keys[1]:
                win = 0 if keys[1] is None or (keys[0] is not None and keys[0] > keys[1]) else 1
                out[win] += [d for d in teams[win] if describe(d)[0] == want_four]
    return [sorted(d.cards for d in t) for t in out]


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
    assert list(deal.belots) == reference_belots(deal)
    announced = [list(deal.announced(s) or ()) for s in Seat]
    want = reference_scored(announced, deal.contract, rules.declaration_compare)
    got = [sorted(d.cards for d in t) for t in deal.scored_declarations()]
    assert got == want
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
        deal.push(random_action(deal, rng))


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
        deal.push(random_action(deal, rng))
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
        deal.push(random_action(deal, rng))
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
        action = random_action(deal, rng)
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
        twin.push(random_action(twin, rng))
    assert snapshot(deal) == before
    assert isinstance(deal.actions[0], Cut)
    assert twin.actions[:10] == deal.actions


# --- independent reference models ---------------------------------------------------------------

PLAIN_RANKS = ["7", "8", "9", "J", "Q", "K", "10", "A"]  # weakest first
TRUMP_RANKS = ["7", "8", "Q", "K", "10", "A", "9", "J"]


def is_trump(c: Card, contract: Contract) -> bool:
    return contract == Contract.ALL_TRUMPS or c.suit == contract.trump


def strength(c: Card, contract: Contract) -> int:
    if is_trump(c, contract):
        return TRUMP_RANKS.index(c.rank.text)
    return PLAIN_RANKS.index(c.rank.text)


def holder(trick: list[Card], contract: Contract) -> int:
    """Position of the card holding the trick, straight from RULES.md §2."""
    trumps = [i for i, c in enumerate(trick) if contract.is_suit and is_trump(c, contract)]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(pool, key=lambda i: strength(trick[i], contract))


def reference_legal(
    hand: list[Card], trick: list[Card], contract: Contract, under: bool
) -> set[Card]:
    """The playing obligations of RULES.md §3, written out plainly."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    follow = [c for c in hand if c.suit == led]
    win = holder(trick, contract)
    top = trick[win]
    if contract == Contract.NO_TRUMPS:
        return set(follow or hand)
    if contract == Contract.ALL_TRUMPS or led == contract.trump:
        if not follow:
            return set(hand)
        higher = [
            c for c in follow if top.suit == led and strength(c, contract) > strength(top, contract)
        ]
        return set(higher or follow)
    if follow:
        return set(follow)
    partner_wins = len(trick) - win == 2
    if partner_wins:
        return set(hand)
    trumps = [c for c in hand if is_trump(c, contract)]
    if not trumps:
        return set(hand)
    if is_trump(top, contract):
        over = [c for c in trumps if strength(c, contract) > strength(top, contract)]
        if over:
            return set(over)
        return set(trumps) if under else set(hand)
    return set(trumps)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), under=st.booleans(), contract=st.sampled_from(list(Contract)))
def test_offered_cards_match_a_plain_reference(seed: int, under: bool, contract: Contract) -> None:
    rng = random.Random(seed)
    deal = Deal.new(Rules.bulgarian(forced_undertrump=under), seed=seed)
    deal.push(Cut(1 + seed % 31))
    for call in (contract.text, "pass", "pass", "pass"):
        deal.push_str(call)
    while not deal.is_over:
        options = deal.legal_actions()
        if isinstance(options[0], Play):
            seat = deal.turn
            assert seat is not None and deal.contract is not None
            trick = [c for _, c in deal.current_trick]
            want = reference_legal(deal.hand(seat), trick, deal.contract, under)
            assert {a.card for a in options} == want  # type: ignore[union-attr]
        deal.push(random_action(deal, rng))
    if deal.contract is not None:
        for trick in deal.tricks:
            assert trick.plays[holder(list(trick.cards), deal.contract)][0] is trick.winner


def reference_calls(calls: list[tuple[Seat, str]], seat: Seat) -> set[str]:
    """Legal calls for ``seat`` after ``calls``, from RULES.md §3."""
    names = [c.text for c in Contract]
    contract, bidder, double = None, None, 1
    for who, call in calls:
        if call in names:
            contract, bidder, double = names.index(call), who, 1
        elif call == "contra":
            double = 2
        elif call == "recontra":
            double = 4
    out = {"pass"} | set(names[0 if contract is None else contract + 1 :])
    if bidder is not None:
        ours = bidder.team == seat.team
        if double == 1 and not ours:
            out.add("contra")
        if double == 2 and ours:
            out.add("recontra")
    return out


def reference_auction_over(calls: list[str], passes_after_double: int) -> str | None:
    """``"redeal"``, ``"play"`` or None (still bidding) after ``calls``."""
    if calls == ["pass"] * 4:
        return "redeal"
    names = {c.text for c in Contract}
    bids = [i for i, c in enumerate(calls) if c in names]
    if not bids:
        return None
    last_call = max(i for i, c in enumerate(calls) if c != "pass")
    # a double counts until a higher bid cancels it
    doubled = any(c in ("contra", "recontra") for c in calls[bids[-1] :])
    need = passes_after_double if doubled else 3
    return "play" if len(calls) - 1 - last_call >= need else None


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    passes=st.sampled_from([2, 3]),
    dealer=st.sampled_from(list(Seat)),
    weights=st.integers(1, 6),
)
def test_auction_matches_a_plain_reference(
    seed: int, passes: int, dealer: Seat, weights: int
) -> None:
    rng = random.Random(seed)
    deal = Deal.new(Rules.bulgarian(passes_after_double=passes), dealer=dealer, seed=seed)
    deal.push(Cut(1 + seed % 31))
    history: list[tuple[Seat, str]] = []
    expected_turn = Seat((dealer - 1) % 4)
    while deal.phase.value == "auction":
        seat = deal.turn
        assert seat is expected_turn
        offered = {str(a) for a in deal.legal_actions()}
        assert offered == reference_calls(history, seat)
        # passes are likelier so that auctions end in every way
        choice = "pass" if rng.randrange(weights + 1) else rng.choice(sorted(offered))
        deal.push_str(choice)
        history.append((seat, choice))
        expected_turn = Seat((seat - 1) % 4)
        state = reference_auction_over([c for _, c in history], passes)
        if state == "redeal":
            assert deal.all_passed
        elif state == "play":
            assert deal.phase.value == "play"
        else:
            assert deal.phase.value == "auction"
    if not deal.all_passed:
        names = [c.text for c in Contract]
        bids = [(s, c) for s, c in history if c in names]
        assert deal.bidder is bids[-1][0] and deal.contract is not None
        assert deal.contract.text == bids[-1][1]
        after = [c for _, c in history[history.index(bids[-1]) :]]
        assert deal.double == (4 if "recontra" in after else 2 if "contra" in after else 1)
