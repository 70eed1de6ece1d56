"""The signal between two `strong` partners (``belot.bots.signals``): the convention, its reading
checked against deals the engine plays with the convention, and `strong`'s use of both."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from belot.bots import strong
from belot.bots.basic import BasicBot
from belot.bots.sampling import Constraints, SamplingError, deal_hidden
from belot.bots.signals import (
    SignalReading,
    discard_cards,
    holds_master,
    signalled,
    small_cards,
)
from belot.bots.strong import CardEstimate, StrongBot
from belot.engine.actions import Action, Play
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.tricks import KEY
from belot.engine.view import SeatView

MISS = 0.3


def _mask(*cards: str) -> int:
    return sum(Card.from_str(c).mask for c in cards)


def _index(card: str) -> int:
    return Card.from_str(card).index


def test_small_cards_are_those_that_count_nothing() -> None:
    hearts = small_cards(Contract.HEARTS)
    assert hearts & _mask("7S", "8S", "9S", "7H", "8H") == _mask("7S", "8S", "9S", "7H", "8H")
    assert not hearts & _mask("9H", "JH", "10S", "JS", "AS")  # the nine of trumps counts 14
    assert small_cards(Contract.ALL_TRUMPS) & _mask("9S", "8S") == _mask("8S")
    assert small_cards(Contract.NO_TRUMPS) & _mask("9S", "JS") == _mask("9S")


def test_the_highest_small_card_says_the_suit_s_master_is_held() -> None:
    choices = [_index("7S"), _index("9S"), _index("8S")]
    holding_ace = _mask("AS", "7S", "8S", "9S")
    assert signalled(holding_ace, 0, Contract.HEARTS, choices) == _index("9S")
    without = _mask("10S", "7S", "8S", "9S")
    assert signalled(without, 0, Contract.HEARTS, choices) == _index("7S")
    # With the ace gone, the ten is the master.
    assert signalled(without, _mask("AS"), Contract.HEARTS, choices) == _index("9S")
    # In trumps the jack is the master, and the eight ranks over the seven.
    trumps = [_index("7H"), _index("8H")]
    assert signalled(_mask("JH", "7H", "8H"), 0, Contract.HEARTS, trumps) == _index("8H")
    assert signalled(_mask("AH", "7H", "8H"), 0, Contract.HEARTS, trumps) == _index("7H")


class _Signaller(BasicBot):
    """`basic`, but by the convention: a discard from a suit it is not master of when it can,
    and of two or more legal small cards of the suit it plays, the one the convention names."""

    def act(self, view: SeatView) -> Action:
        action = super().act(view)
        contract = view.contract
        if not isinstance(action, Play) or contract is None:
            return action
        legal = sum(a.card.mask for a in view.legal if isinstance(a, Play))
        hand = sum(c.mask for c in view.hand)
        gone = sum(c.mask for trick in view.tricks for _, c in trick.plays)
        card = action.card.index
        free = discard_cards(legal, tuple(c.index for _, c in view.current_trick), contract)
        if free >> card & 1 and holds_master(hand, gone, contract, card):
            others = [
                c for c in range(32) if free >> c & 1 and not holds_master(hand, gone, contract, c)
            ]
            if others:
                card = min(others, key=KEY[contract].__getitem__)
        small = small_cards(contract)
        choices = [c for c in range(32) if (legal & small) >> c & 1 and c >> 3 == card >> 3]
        if small >> card & 1 and len(choices) >= 2:
            card = signalled(hand, gone, contract, choices)
        return Play(Card.from_index(card))


def _positions(game: str, deals: int) -> Iterator[tuple[Deal, Seat]]:
    """Each card decision of N and S with a trick behind it, in deals whose N and S signal."""
    rules = Rules.preset_named(game)
    for k in range(deals):
        deal = Deal.new(seed=f"signals-{game}-{k}", dealer=Seat(k % 4), rules=rules)
        bots = [_Signaller(seed=s) if s % 2 == 0 else BasicBot(seed=s) for s in range(4)]
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and seat.team is Seat.N.team and view.tricks:
                yield deal, seat
            deal.push(bots[seat].act(view))


def _hands(deal: Deal) -> tuple[int, int, int, int]:
    return (
        deal.hand_mask(Seat.N),
        deal.hand_mask(Seat.E),
        deal.hand_mask(Seat.S),
        deal.hand_mask(Seat.W),
    )


@pytest.mark.parametrize("game", ["bulgarian", "french", "coinche", "bela"])
def test_a_partner_who_signals_agrees_with_the_reading_of_the_real_deal(game: str) -> None:
    read = 0
    for deal, seat in _positions(game, 8):
        view = deal.view(seat)
        reading = SignalReading(view, MISS, discards=True)
        read += reading.signals - SignalReading(view, MISS).signals
        assert reading.weight(_hands(deal)) == 1.0
        assert SignalReading(view, MISS).weight(_hands(deal)) == 1.0
    assert read > 10  # the deals had discards to read


@pytest.mark.parametrize("game", ["french", "bela"])
def test_worlds_in_which_the_partner_broke_the_convention_weigh_less(game: str) -> None:
    """Some dealt worlds are read as broken conventions: each weighs ``MISS`` to the power of
    the partner's small cards it says broke it."""
    rng = random.Random(5)
    weights: list[float] = []
    for deal, seat in _positions(game, 8):
        view = deal.view(seat)
        reading = SignalReading(view, MISS, discards=True)
        constraints = Constraints.of(view)
        mine = deal.hand_mask(seat)
        for _ in range(4):
            try:
                hidden = list(deal_hidden(constraints, rng))
            except SamplingError:
                continue
            hidden[seat] = mine
            weights.append(reading.weight((hidden[0], hidden[1], hidden[2], hidden[3])))
    assert weights
    assert all(any(abs(w - MISS**k) < 1e-12 for k in range(33)) for w in weights)
    assert any(w < 1.0 for w in weights)  # the signal says something


def test_the_reading_leaves_a_partner_without_a_choice_unread() -> None:
    """A partner's small card with no other small card of its suit legal says nothing."""
    for deal, seat in _positions("french", 4):
        view = deal.view(seat)
        reading = SignalReading(view, MISS)
        hands = list(_hands(deal))
        partner = seat.partner
        # A world in which the partner held no small card but those it played weighs 1.
        hands[partner] &= ~small_cards(view.contract) if view.contract is not None else 0
        assert reading.weight((hands[0], hands[1], hands[2], hands[3])) == 1.0


def _a_view_with_two_small_spades() -> SeatView:
    """A French Belote card decision of a seat holding two small cards of a suit."""
    for deal, seat in _positions("french", 30):
        view = deal.view(seat)
        contract = view.contract
        assert contract is not None
        small = small_cards(contract)
        for suit in range(4):
            legal = [
                a.card
                for a in view.legal
                if isinstance(a, Play) and a.card.suit == suit and small & a.card.mask
            ]
            if len(legal) >= 2:
                return view
    raise AssertionError("no such decision")


def test_strong_plays_its_small_cards_by_the_convention_only_when_they_are_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = _a_view_with_two_small_spades()
    assert view.contract is not None
    small = small_cards(view.contract)
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    suit = next(
        s for s in range(4) if sum(c.suit == s and bool(small & c.mask) for c in legal) >= 2
    )
    smalls = sorted((c for c in legal if c.suit == suit and small & c.mask), key=lambda c: c.index)
    others = [c for c in legal if c not in smalls]
    hand = sum(c.mask for c in view.hand)
    gone = sum(c.mask for trick in view.tricks for _, c in trick.plays)
    named = Card.from_index(signalled(hand, gone, view.contract, [c.index for c in smalls]))
    unnamed = next(c for c in smalls if c != named)
    level = [CardEstimate(unnamed, 10.0, 40)] + [
        CardEstimate(c, 10.0, 40) for c in smalls if c != unnamed
    ]
    level += [CardEstimate(c, -50.0, 40) for c in others]
    monkeypatch.setattr(strong, "SIGNALS", MISS)
    assert strong._signal(view, level) == named
    apart = [CardEstimate(unnamed, 10.0, 40)] + [
        CardEstimate(c, 10.0 - 2 * strong.SIGNAL_MARGIN, 40) for c in smalls if c != unnamed
    ]
    assert strong._signal(view, apart + level[len(smalls) :]) == unnamed
    # A best card that is not small is played as it is.
    if others:
        first = [CardEstimate(others[0], 20.0, 40), *level]
        assert strong._signal(view, first) == others[0]


def test_strong_with_the_signal_plays_a_legal_card_and_is_deterministic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = _a_view_with_two_small_spades()
    monkeypatch.setattr(strong, "SIGNALS", MISS)
    first = StrongBot(seed=3, think=0.02).act(view)
    assert first in view.legal
    assert StrongBot(seed=3, think=0.02).act(view) == first
