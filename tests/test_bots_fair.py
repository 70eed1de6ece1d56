"""Every bot level plays fair: only legal actions, and nothing read from hidden cards.

Generic over ``belot.bots.LEVELS``, so a level added later is covered without a new test. The
hidden-card test builds a second deal whose hidden cards differ (two unseen cards trade places
in the deck) but which gives the deciding seat the very same view, and asks for the same
decision in both.
"""

from __future__ import annotations

import random

import pytest

from belot.bots import LEVELS, Bot, make
from belot.engine import Action, Deal, Seat
from belot.engine.cards import Card

#: How many deals / positions each level is checked on (search bots are slower).
_FAST = {"random", "basic"}


def _deals_for(level: str) -> int:
    return 25 if level in _FAST else 3


def _positions_for(level: str) -> int:
    return 40 if level in _FAST else 10


def _bot(level: str, seed: int) -> Bot:
    """A bot of ``level``; search bots get a small think budget to keep the test quick."""
    return make(level, seed=seed, think=None if level in _FAST else 0.02)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_only_legal_actions(level: str) -> None:
    opponents = make("random", seed=99)
    for number in range(_deals_for(level)):
        deal = Deal.new(seed=f"fair-{number}", dealer=Seat(number % 4))
        bot = _bot(level, number)
        # The level plays one team; the other team is the level itself or random, in turn.
        other = bot if number % 2 else opponents
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            player = bot if seat.team == number % 2 else other
            action = player.act(view)
            assert action in view.legal, (level, number, seat, action)
            assert deal.is_legal(action)
            deal.push(action)


def _replay(deck: list[Card], like: Deal) -> Deal | None:
    """``like``'s actions on another deck, or None where one of them is illegal there."""
    deal = Deal(like.rules, dealer=like.dealer, deck=deck)
    for action in like.actions:
        if not deal.is_legal(action):
            return None
        deal.push(action)
    return deal


def _twin(deal: Deal, seat: Seat, rng: random.Random) -> Deal | None:
    """A deal with other cards in other hands whose view from ``seat`` is the same, if found."""
    key = deal.view(seat).key()
    played = {c for t in deal.tricks for c in t.cards}
    hidden = [c for c in deal.deck if c not in deal.hand(seat) and c not in played]
    if len(hidden) < 2:
        return None
    for _ in range(60):
        a, b = rng.sample(hidden, 2)
        if rng.random() < 0.7 and a.suit != b.suit:
            same = [c for c in hidden if c.suit == a.suit and c is not a]
            if not same:
                continue
            b = rng.choice(same)
        deck = list(deal.deck)
        i, j = deck.index(a), deck.index(b)
        deck[i], deck[j] = deck[j], deck[i]
        twin = _replay(deck, deal)
        if twin is None or twin.view(seat).key() != key:
            continue
        if all(twin.hand_mask(s) == deal.hand_mask(s) for s in Seat):
            continue  # two undealt cards traded: the hands are the same
        return twin
    return None


def _positions(count: int, seed: int) -> list[tuple[Deal, Deal]]:
    """Pairs of deals at random points, equal for the seat to act but for its unseen cards."""
    rng = random.Random(seed)
    out: list[tuple[Deal, Deal]] = []
    number = 0
    while len(out) < count:
        number += 1
        deal = Deal.new(seed=f"twin-{seed}-{number}", dealer=Seat(number % 4))
        stop = rng.randrange(1, 45)
        while not deal.is_over and len(deal.actions) < stop:
            deal.push(rng.choice(deal.legal_actions()))
        if deal.is_over or deal.turn is None:
            continue
        twin = _twin(deal, deal.turn, rng)
        if twin is not None:
            out.append((deal, twin))
    return out


def test_twins_differ_only_in_what_the_seat_cannot_see() -> None:
    for deal, twin in _positions(30, seed=1):
        seat = deal.turn
        assert seat is not None and twin.turn == seat
        assert deal.view(seat) == twin.view(seat)
        assert any(deal.hand_mask(s) != twin.hand_mask(s) for s in Seat if s != seat)
        assert deal.hand_mask(seat) == twin.hand_mask(seat)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_view_same_decision_whatever_the_hidden_cards(level: str) -> None:
    phases = set()
    for deal, twin in _positions(_positions_for(level), seed=len(level)):
        seat = deal.turn
        assert seat is not None
        phases.add(deal.phase)
        first: Action = _bot(level, 17).act(deal.view(seat))
        second: Action = _bot(level, 17).act(twin.view(seat))
        assert first == second, (level, deal.actions, seat)
        # A bot that kept something from one decision to the next would show it here.
        bot = _bot(level, 17)
        bot.act(twin.view(seat))
        assert bot.act(deal.view(seat)) == first
    if level in _FAST:
        assert len(phases) >= 2  # auction and play positions both checked
