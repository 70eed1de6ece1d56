"""The fast playout path (engine.playout) against the Deal engine, and the Deal's fast paths."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from belot.engine.actions import Call, Cut, Declare, Play
from belot.engine.cards import ALL_CARDS, Card
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase, shuffled_deck
from belot.engine.declarations import announcement_choices
from belot.engine.errors import IllegalActionError
from belot.engine.playout import (
    PlayPosition,
    PositionError,
    check_position,
    playout,
    position_from_deal,
    position_from_view,
)
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.tricks import CARD_POINTS, legal_mask

RULES = (
    Rules.bulgarian(),
    Rules.bulgarian(direction=1, forced_undertrump=True),
    Rules.bulgarian(nt_last_trick=10, belot_when_trumping=False, declaration_compare="single"),
)


def deal_in_play(number: int, rng: random.Random) -> Deal:
    """A deal at a random point of its play phase: every contract and rules variant in turn."""
    while True:
        deal = Deal.new(RULES[number % 3], dealer=Seat(number % 4), seed=number)
        deal.push(Cut(rng.randrange(1, 32)))
        if number % 2:  # a random auction (mostly ends high)
            while deal.phase is Phase.AUCTION:
                deal.push(rng.choice(deal.legal_actions()))
        else:  # each contract in turn, so suits and no trumps get their share
            deal.push(Call.bid(Contract(number // 2 % 6)))
            for _ in range(3):
                deal.push(Call.pass_())
        if deal.phase is Phase.PLAY:
            break
        number += 1_000_000  # all passed: another shuffle
    for _ in range(rng.randrange(0, 32)):
        deal.push(rng.choice(deal.legal_actions()))
    return deal


def replay(deal: Deal, record: list[tuple[int, int, int]], rng: random.Random) -> int:
    """Push the recorded cards in ``deal``, checking turn and legal cards at each step; returns
    how many steps had a real restriction (legal cards fewer than the hand)."""
    restricted = 0
    for seat, legal, card in record:
        assert deal.turn == seat
        actions = deal.legal_actions()
        if isinstance(actions[0], Declare):  # the first card waits for declarations
            deal.push(rng.choice(actions))
        assert deal.legal_mask() == legal
        assert sum(1 << a.card.index for a in deal.legal_actions() if isinstance(a, Play)) == legal
        assert legal >> card & 1
        restricted += legal != deal.hand_mask(Seat(seat))
        deal.push(Play(ALL_CARDS[card]))
    return restricted


def test_playout_replays_exactly_in_the_deal_engine() -> None:
    rng = random.Random(2026)
    contracts: Counter[int] = Counter()
    restricted = 0
    undertrump_rules = 0
    for number in range(240):
        deal = deal_in_play(number, rng)
        if deal.is_over:
            continue
        position = check_position(position_from_deal(deal))
        assert position.turn == deal.turn
        record: list[tuple[int, int, int]] = []
        result = playout(position, random.Random(number), record)
        # Recording changes nothing: the same seed gives the same playout without it.
        assert playout(position, random.Random(number)) == result
        restricted += replay(deal, record, rng)
        assert deal.is_over
        assert result == (*deal.card_points, *deal.tricks_won)
        contracts[position.contract] += 1
        undertrump_rules += position.forced_undertrump
    assert set(contracts) == set(range(6))
    assert restricted > 500 and undertrump_rules > 50


def test_playout_totals_per_contract() -> None:
    rng = random.Random(5)
    for number in range(60):
        deal = deal_in_play(number, rng)
        if deal.is_over:
            continue
        position = position_from_deal(deal)
        ns, ew, ns_tricks, ew_tricks = playout(position, rng)
        total = sum(CARD_POINTS[position.contract]) + position.last_trick
        assert ns + ew == total and ns_tricks + ew_tricks == 8
        assert ns >= position.points[0] and ew >= position.points[1]


def test_playout_legal_masks_match_tricks_legal_mask() -> None:
    rng = random.Random(9)
    for number in range(80):
        position = position_from_deal(deal_in_play(2 * number, rng))
        record: list[tuple[int, int, int]] = []
        playout(position, rng, record)
        hands = list(position.hands)
        trick = list(position.trick)
        for seat, legal, card in record:
            expected = legal_mask(hands[seat], trick, position.contract, position.forced_undertrump)
            assert legal == expected
            hands[seat] &= ~(1 << card)
            trick = [] if len(trick) == 3 else [*trick, card]


def test_playout_choice_is_uniform_among_legal_cards() -> None:
    deal = deal_in_play(4, random.Random(1))  # hearts, at a random point
    while deal.trick_number or deal.current_trick:
        deal.pop()
    position = position_from_deal(deal)
    leader = position.leader
    rng = random.Random(3)
    firsts: Counter[int] = Counter()
    for _ in range(4000):
        record: list[tuple[int, int, int]] = []
        playout(position, rng, record)
        firsts[record[0][2]] += 1
    hand = position.hands[leader]
    assert set(firsts) == {c for c in range(32) if hand >> c & 1}
    assert all(380 < n < 620 for n in firsts.values()), firsts


def test_position_from_view_with_the_true_hands() -> None:
    rng = random.Random(11)
    for number in range(30):
        deal = deal_in_play(number, rng)
        if deal.is_over:
            continue
        hands = [deal.hand_mask(s) for s in Seat]
        for seat in Seat:
            assert position_from_view(deal.view(seat), hands) == position_from_deal(deal)


def test_position_from_view_refuses_impossible_hands() -> None:
    deal = deal_in_play(6, random.Random(4))
    while deal.trick_number > 2 or (deal.trick_number == 2 and deal.current_trick):
        deal.pop()
    while deal.trick_number < 2:
        deal.push(deal.legal_actions()[0])
    seat = deal.turn
    assert seat is not None
    view = deal.view(seat)
    hands = [deal.hand_mask(s) for s in Seat]
    other = Seat((seat + 1) % 4)
    swapped = list(hands)
    low_own = hands[seat] & -hands[seat]
    low_other = hands[other] & -hands[other]
    swapped[seat] ^= low_own | low_other
    swapped[other] ^= low_own | low_other
    with pytest.raises(PositionError, match="not its own hand"):
        position_from_view(view, swapped)
    short = list(hands)
    short[other] &= short[other] - 1
    with pytest.raises(PositionError, match="holds"):
        position_from_view(view, short)
    played = deal.tricks[0].plays[0][1]
    stale = list(hands)
    stale[other] = (stale[other] & (stale[other] - 1)) | played.mask
    with pytest.raises(PositionError, match="already been played"):
        position_from_view(view, stale)
    with pytest.raises(PositionError, match="four hands"):
        position_from_view(view, hands[:3])


def test_positions_only_in_the_play_phase() -> None:
    deal = Deal.new(seed=1)
    with pytest.raises(PositionError, match="cut"):
        position_from_deal(deal)
    deal.push(Cut(3))
    with pytest.raises(PositionError, match="auction"):
        position_from_view(deal.view(Seat.N), [0, 0, 0, 0])


def test_check_position_refuses_impossible_positions() -> None:
    deal = deal_in_play(0, random.Random(0))
    while deal.current_trick:  # a position with no trick in progress
        deal.push(deal.legal_actions()[-1])
    good = check_position(position_from_deal(deal))
    h = good.hands
    bad = {
        "disjoint": good._replace(hands=(h[0] | h[1], h[1], h[2], h[3])),
        "contract": good._replace(contract=6),
        "direction": good._replace(direction=2),
        "leader": good._replace(leader=4),
        "cards": good._replace(hands=(h[0] & (h[0] - 1), h[1], h[2], h[3])),
        "points": good._replace(points=(good.points[0] + 10, good.points[1])),
        "non-negative": good._replace(tricks=(-1, good.tricks[1])),
    }
    for words, position in bad.items():
        with pytest.raises(PositionError, match=words):
            check_position(position)
    # The last trick in hearts: N leads 7C, then W 10C, S 9C, E 8C (counter-clockwise).
    last = PlayPosition(
        hands=(1, 2, 4, 8),
        contract=Contract.HEARTS,
        trick=(),
        leader=0,
        points=(142, 0),
        tricks=(7, 0),
    )
    with pytest.raises(PositionError, match="no trick"):
        check_position(last._replace(tricks=(8, 0)))
    assert check_position(last) is last
    # W holds with the ten: 10 points and the last trick's 10.
    assert playout(last) == (142, 20, 7, 1)
    # Clubs trumps: S's nine holds, 14 + 10 + 10.
    trumps = last._replace(contract=Contract.CLUBS, points=(128, 0))
    assert playout(check_position(trumps)) == (162, 0, 8, 0)


def _offer(deal: Deal) -> set[Card]:
    """The cards legal_actions() offers now (declaring first if it must)."""
    actions = deal.legal_actions()
    if isinstance(actions[0], Declare):
        deal.push(actions[0])
        actions = deal.legal_actions()
    return {a.card for a in actions if isinstance(a, Play)}


def _refuses_all_but(deal: Deal, offered: set[Card]) -> None:
    for card in ALL_CARDS:
        if card not in offered:
            with pytest.raises(IllegalActionError):
                deal.push(Play(card))


def test_push_after_legal_actions_lets_no_illegal_card_through() -> None:
    """push() trusts the cards legal_actions() just offered, and only for that very state."""
    rng = random.Random(8)
    for number in range(40):
        deal = deal_in_play(2 * number, rng)
        if deal.is_over:
            continue
        offered = _offer(deal)
        _refuses_all_but(deal, offered)
        first = min(offered)
        deal.push(Play(first))
        with pytest.raises(IllegalActionError):  # the old offer went with the push
            deal.push(Play(first))
        deal.pop()
        assert _offer(deal) == offered
        _refuses_all_but(deal, offered)
        if deal.turn is not None and deal.current_trick:
            # Offer the next seat's cards, then take the last card back: that offer is void.
            last = deal.current_trick[-1][1]
            deal.push(Play(first))
            later = _offer(deal)
            deal.pop()
            for card in later - offered:
                with pytest.raises(IllegalActionError):
                    deal.push(Play(card))
            assert last not in offered


def test_copy_keeps_its_own_offer() -> None:
    deal = deal_in_play(2, random.Random(2))
    offered = _offer(deal)
    card = min(offered)
    twin = deal.copy()
    twin.push(Play(card))
    _refuses_all_but(deal, offered)
    deal.push(Play(card))
    assert deal.card_points == twin.card_points and deal.turn == twin.turn
    assert deal.tricks == twin.tricks


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3, -12, "x", "belot", 10**30])
def test_seeded_deck_is_random_shuffle_of_the_cards(seed: int | str) -> None:
    order = list(range(32))
    random.Random(seed).shuffle(order)
    expected = tuple(ALL_CARDS[i] for i in order)
    assert shuffled_deck(seed) == expected
    assert Deal.new(seed=seed).deck == expected


def test_seeded_decks_match_random_shuffle_for_many_seeds() -> None:
    for seed in range(2000):
        order = list(range(32))
        random.Random(seed).shuffle(order)
        assert [c.index for c in shuffled_deck(seed)] == order


def test_declaration_choices_are_those_of_the_whole_hand() -> None:
    """The deal remembers choices by the cards that can declare; they equal the whole hand's."""
    rng = random.Random(12)
    seen = 0
    for number in range(400):
        deal = Deal.new(seed=number)
        deal.push(Cut(rng.randrange(1, 32)))
        deal.push(Call.bid(Contract((0, 1, 2, 3, 5)[number % 5])))
        for _ in range(3):
            deal.push(Call.pass_())
        for seat in Seat:
            choices = deal.declaration_choices(seat)
            assert choices == announcement_choices(deal.hand_mask(seat))
            seen += len(choices) > 1
    assert seen > 200


class _LoggedRandom(random.Random):
    """A seeded random source that remembers every draw."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws: list[float] = []

    def random(self) -> float:
        u = super().random()
        self.draws.append(u)
        return u


def test_playout_choice_rule_is_the_documented_one() -> None:
    """One draw u per real choice; the int(u * n)-th lowest of the n legal cards is played."""
    rng = random.Random(21)
    for number in range(40):
        position = position_from_deal(deal_in_play(number, rng))
        logged = _LoggedRandom(number)
        record: list[tuple[int, int, int]] = []
        playout(position, logged, record)
        draws = iter(logged.draws)
        for _, legal, card in record:
            cards = [c for c in range(32) if legal >> c & 1]
            expected = cards[int(next(draws) * len(cards))] if len(cards) > 1 else cards[0]
            assert card == expected
        assert next(draws, None) is None
