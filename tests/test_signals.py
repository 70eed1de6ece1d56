"""The signal between two `strong` partners (``belot.bots.signals``): the convention, its reading
checked against deals the engine plays with the convention, and `strong`'s use of both."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from belot.bots import strong
from belot.bots.basic import BasicBot
from belot.bots.sampling import Constraints, SamplingError, dealt_world
from belot.bots.signals import SignalReading, longest, plain_choices
from belot.bots.strong import CardEstimate, StrongBot
from belot.engine.actions import Action, Play
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView
from properties_common import hand_masks, team_decisions

MISS = 0.3


def _mask(*cards: str) -> int:
    return sum(Card.from_str(c).mask for c in cards)


def test_plain_choices_are_leads_or_discards_of_a_plain_suit() -> None:
    cards = _mask("7H", "AS", "10D", "JC")
    # On a lead, every card but the trumps.
    assert plain_choices(cards, (), Contract.HEARTS) == _mask("AS", "10D", "JC")
    # On a diamond led, a diamond follows and a heart trumps: only the others discard.
    led = (Card.from_str("8D").index,)
    assert plain_choices(cards, led, Contract.HEARTS) == _mask("AS", "JC")
    # In No trumps every suit is plain.
    assert plain_choices(cards, (), Contract.NO_TRUMPS) == cards


def test_longest_keeps_the_cards_of_the_longest_suits() -> None:
    hand = _mask("7S", "8S", "9S", "AD", "KD", "QH")
    assert longest(hand, _mask("9S", "AD", "QH")) == _mask("9S")
    # The length is the hand's, not the choices': the spades are still the longest.
    assert longest(hand, _mask("8S", "AD", "KD")) == _mask("8S")
    # Suits of the same length are all kept.
    level = _mask("7S", "8S", "AD", "KD", "QH")
    assert longest(level, _mask("7S", "AD", "QH")) == _mask("7S", "AD")


class _Signaller(BasicBot):
    """`basic`, but by the convention: a lead or discard of a plain suit from its longest."""

    def act(self, view: SeatView) -> Action:
        action = super().act(view)
        contract = view.contract
        if not isinstance(action, Play) or contract is None:
            return action
        legal = sum(a.card.mask for a in view.legal if isinstance(a, Play))
        trick = tuple(c.index for _, c in view.current_trick)
        free = plain_choices(legal, trick, contract)
        if not free & action.card.mask:
            return action
        hand = sum(c.mask for c in view.hand)
        chosen = longest(hand, free)
        if chosen & action.card.mask:
            return action
        return Play(Card.from_index(chosen.bit_length() - 1))


def _positions(game: str, deals: int) -> Iterator[tuple[Deal, Seat]]:
    """Each card decision of N and S with a trick behind it, in deals whose N and S signal."""
    return team_decisions(
        Rules.preset_named(game),
        f"signals-{game}",
        deals,
        lambda: [_Signaller(seed=s) if s % 2 == 0 else BasicBot(seed=s) for s in range(4)],
    )


@pytest.mark.parametrize("game", ["bulgarian", "french", "coinche", "bela"])
def test_a_partner_who_signals_agrees_with_the_reading_of_the_real_deal(game: str) -> None:
    read = leads = 0
    for deal, seat in _positions(game, 8):
        view = deal.view(seat)
        reading = SignalReading(view, MISS)
        read += reading.signals
        leads += SignalReading(view, MISS, discards=False).signals
        assert reading.weight(hand_masks(deal)) == 1.0
    assert leads > 10  # the deals had leads to read
    assert read > leads  # and discards


@pytest.mark.parametrize("game", ["french", "bela"])
def test_worlds_in_which_the_partner_broke_the_convention_weigh_less(game: str) -> None:
    """Some dealt worlds are read as broken conventions: each weighs ``MISS`` to the power of
    the partner's leads and discards it says broke it."""
    rng = random.Random(5)
    weights: list[float] = []
    for deal, seat in _positions(game, 8):
        view = deal.view(seat)
        reading = SignalReading(view, MISS)
        constraints = Constraints.of(view)
        mine = deal.hand_mask(seat)
        for _ in range(4):
            try:
                world = dealt_world(constraints, mine, rng)
            except SamplingError:
                continue
            weights.append(reading.weight(world))
    assert weights
    assert all(any(abs(w - MISS**k) < 1e-12 for k in range(33)) for w in weights)
    assert any(w < 1.0 for w in weights)  # the signal says something


def test_a_partner_who_did_not_signal_is_read_as_breaking_it() -> None:
    """Deals whose partners play as `basic` does, without the convention: some of their real
    leads and discards are read as not from the longest suit."""
    rules = Rules.preset_named("french")
    broken = 0
    for k in range(6):
        deal = Deal.new(seed=f"plain-{k}", dealer=Seat(k % 4), rules=rules)
        bots = [BasicBot(seed=s) for s in range(4)]
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and view.tricks and len(view.current_trick) == 0:
                broken += SignalReading(view, MISS).weight(hand_masks(deal)) < 1.0
            deal.push(bots[seat].act(view))
    assert broken > 0


def _a_lead_with_two_plain_suits() -> SeatView:
    """A French Belote lead of a seat that may lead two plain suits of different lengths."""
    for deal, seat in _positions("french", 30):
        view = deal.view(seat)
        contract = view.contract
        assert contract is not None
        if view.current_trick:
            continue
        legal = sum(a.card.mask for a in view.legal if isinstance(a, Play))
        free = plain_choices(legal, (), contract)
        hand = sum(c.mask for c in view.hand)
        if free & ~longest(hand, free):
            return view
    raise AssertionError("no such decision")


def test_strong_leads_from_its_longest_suit_only_when_the_leads_are_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = _a_lead_with_two_plain_suits()
    assert view.contract is not None
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    hand = sum(c.mask for c in view.hand)
    free = plain_choices(sum(c.mask for c in legal), (), view.contract)
    chosen = longest(hand, free)
    short = next(c for c in legal if free & ~chosen & c.mask)
    long = next(c for c in legal if chosen & c.mask)
    others = [c for c in legal if c not in (short, long)]
    monkeypatch.setattr(strong, "SIGNALS", MISS)
    level = [CardEstimate(short, 10.0, 40), CardEstimate(long, 10.0 - strong.SIGNAL_MARGIN, 40)]
    rest = [CardEstimate(c, -50.0, 40) for c in others]
    assert strong._signal(view, level + rest) == long
    apart = [CardEstimate(short, 10.0, 40), CardEstimate(long, 9.0 - strong.SIGNAL_MARGIN, 40)]
    assert strong._signal(view, apart + rest) == short
    monkeypatch.setattr(strong, "SIGNAL_LEADS", False)
    assert strong._signal(view, level + rest) == short


def test_strong_with_the_signal_plays_a_legal_card_and_is_deterministic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = _a_lead_with_two_plain_suits()
    monkeypatch.setattr(strong, "SIGNALS", MISS)
    first = StrongBot(seed=3, think=0.02).act(view)
    assert first in view.legal
    assert StrongBot(seed=3, think=0.02).act(view) == first
