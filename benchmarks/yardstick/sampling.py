"""Deal the cards a seat cannot see, consistently with everything it has seen.

What a seat knows of the others' hands (``Constraints.of(view)``):

- cards played and the hand sizes;
- every play is legal: a card rules out each unseen card whose presence would have made that
  play illegal (not following shows a void, not trumping shows no trumps, not climbing shows no
  higher card, ...) — tested card by card with the engine's own ``legal_mask``;
- belots: a seat that announced a belot holds the other card of the pair until it plays it; a seat
  that played the king or queen of a belot suit in a way that counts, without a belot, did not
  hold the other one;
- declarations shown after the first trick: their cards not yet played are in the announcer's
  hand;
- declarations announced in the first trick, heard by kind and points only: the announcer holds
  one of that kind (each world places one that fits, chosen at random).

``deal_hidden`` deals the unseen cards at random under these constraints. ``weight`` favours
worlds that agree with the auction (a suit bidder likely holds that suit's jack and nine).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from belot.engine.actions import CallKind
from belot.engine.cards import SUIT_MASKS, Rank
from belot.engine.contracts import Contract
from belot.engine.declarations import (
    FOUR_POINTS,
    SEQUENCE_POINTS,
    Declaration,
    Kind,
    announcement_choices,
)
from belot.engine.errors import BelotError
from belot.engine.table import Seat
from belot.engine.tricks import legal_mask
from belot.engine.view import SeatView

__all__ = ["Constraints", "Heard", "SamplingError", "announced_as", "deal_hidden", "weight"]


class SamplingError(BelotError):
    """No deal of the unseen cards fits what the seat has seen."""


@dataclass(frozen=True, slots=True)
class Heard:
    """What one seat announced in the first trick, heard by kind and points only."""

    seat: Seat
    #: The (kind, points) of each declaration announced, sorted.
    kinds: tuple[tuple[int, int], ...]
    #: Per declaration, the unseen cards of each one of its kind and points it could be.
    fits: tuple[tuple[int, ...], ...]
    #: The cards the seat has played.
    played: int


def announced_as(hand: int, kinds: Sequence[tuple[int, int]]) -> tuple[Declaration, ...] | None:
    """The declarations a seat dealt ``hand`` announces when it announced ``kinds`` (sorted
    (kind, points) pairs), or None if no set it may announce is of those kinds."""
    for choice in announcement_choices(hand):
        if sorted((d.kind, d.points) for d in choice) == list(kinds):
            return choice
    return None


@dataclass(frozen=True, slots=True)
class Constraints:
    """What ``seat`` knows about the hands it cannot see."""

    seat: Seat
    #: The unseen cards (neither in the seat's hand nor played).
    unseen: int
    #: Cards each seat must hold / cannot hold now (only unseen cards).
    must: tuple[int, int, int, int]
    cannot: tuple[int, int, int, int]
    #: How many cards each seat holds now.
    sizes: tuple[int, int, int, int]
    #: Declarations heard but not yet shown (the first trick), by seat.
    heard: tuple[Heard, ...] = ()

    @classmethod
    def of(cls, view: SeatView) -> Constraints:
        contract = view.contract
        hand = 0
        for card in view.hand:
            hand |= card.mask
        played = 0
        for card in view.played_cards:
            played |= card.mask
        unseen = ((1 << 32) - 1) & ~hand & ~played
        cannot = [0, 0, 0, 0]
        must = [0, 0, 0, 0]
        if contract is not None:
            _from_plays(view, contract, cannot)
            _from_belots(view, contract, must, cannot)
        for announcement in view.announcements:
            if announcement.declaration is not None and announcement.seat != view.seat:
                must[announcement.seat] |= announcement.declaration.cards
        must = [m & unseen for m in must]
        cannot = [c & unseen & ~m for c, m in zip(cannot, must, strict=True)]
        must[view.seat] = cannot[view.seat] = 0
        return cls(
            view.seat,
            unseen,
            (must[0], must[1], must[2], must[3]),
            (cannot[0], cannot[1], cannot[2], cannot[3]),
            view.hand_sizes,
            _heard(view, unseen, cannot),
        )


def _played(view: SeatView) -> list[int]:
    """The cards each seat has played so far."""
    played = [0, 0, 0, 0]
    for trick in view.tricks:
        for seat, card in trick.plays:
            played[seat] |= card.mask
    return played


def _instances(kind: Kind, points: int) -> list[Declaration]:
    """Every declaration of ``kind`` worth ``points``."""
    if kind is Kind.FOUR:
        return [
            Declaration((1 << rank) * 0x01010101)
            for rank, value in FOUR_POINTS.items()
            if value == points
        ]
    lengths = {Kind.TIERCE: (3,), Kind.QUARTE: (4,), Kind.QUINTE: (5, 6, 7)}[kind]
    if SEQUENCE_POINTS[kind] != points:
        return []
    return [
        Declaration(((1 << length) - 1) << (8 * suit + start))
        for suit in range(4)
        for length in lengths
        for start in range(8 - length + 1)
    ]


def _heard(view: SeatView, unseen: int, cannot: list[int]) -> tuple[Heard, ...]:
    """The announcements whose cards are not shown, by seat, with the unseen part of every
    declaration each could be (its other cards played by the announcer)."""
    played = _played(view)
    kinds: dict[Seat, list[tuple[int, int]]] = {}
    fits: dict[Seat, list[tuple[int, ...]]] = {}
    for announcement in view.announcements:
        seat = announcement.seat
        if announcement.declaration is not None or seat == view.seat:
            continue
        room = (unseen & ~cannot[seat]) | played[seat]
        kinds.setdefault(seat, []).append((announcement.kind, announcement.points))
        fits.setdefault(seat, []).append(
            tuple(
                d.cards & unseen
                for d in _instances(announcement.kind, announcement.points)
                if d.cards & ~room == 0
            )
        )
    return tuple(
        Heard(seat, tuple(sorted(kinds[seat])), tuple(fits[seat]), played[seat]) for seat in kinds
    )


def _from_plays(view: SeatView, contract: Contract, cannot: list[int]) -> None:
    """Rule out, for each play, the cards that would have made it illegal."""
    undertrump = view.rules.forced_undertrump
    for trick in view.tricks:
        cards: list[int] = []
        for seat, card in trick.plays:
            if seat != view.seat and cards:
                index = card.index
                for other in range(32):
                    if other == index:
                        continue
                    pair = (1 << index) | (1 << other)
                    if not legal_mask(pair, cards, contract, undertrump) >> index & 1:
                        cannot[seat] |= 1 << other
            cards.append(card.index)


def _from_belots(view: SeatView, contract: Contract, must: list[int], cannot: list[int]) -> None:
    """A belot announced means the pair's other card is held; one not announced, that it was
    not."""
    if contract == Contract.NO_TRUMPS:
        return
    announced = set(view.belots)
    seen = 0
    for trick in view.tricks:
        lead_suit = trick.plays[0][1].suit
        for position, (seat, card) in enumerate(trick.plays):
            rank, suit = card.rank, card.suit
            eligible = (
                rank in (Rank.KING, Rank.QUEEN)
                and (contract == Contract.ALL_TRUMPS or int(suit) == int(contract))
                and not seen & (1 << (card.index ^ (Rank.KING ^ Rank.QUEEN)))
            )
            if eligible:
                other = card.index ^ (Rank.KING ^ Rank.QUEEN)
                counts = (
                    position == 0
                    or suit == lead_suit
                    or (contract != Contract.ALL_TRUMPS and view.rules.belot_when_trumping)
                )
                if (seat, suit) in announced:
                    must[seat] |= 1 << other
                elif counts and seat != view.seat:
                    cannot[seat] |= 1 << other
            seen |= card.mask


def deal_hidden(
    constraints: Constraints, rng: random.Random, tries: int = 200
) -> tuple[int, int, int, int]:
    """The three other hands dealt at random within ``constraints`` (the seat's own hand is
    returned as 0)."""
    me = constraints.seat
    others = [s for s in Seat if s != me]
    for _ in range(tries):
        hands = [0, 0, 0, 0]
        room = list(constraints.sizes)
        room[me] = 0
        free = constraints.unseen
        for seat in others:
            hands[seat] = constraints.must[seat]
        if not _place_heard(constraints, hands, rng):
            continue
        for seat in others:
            room[seat] -= hands[seat].bit_count()
            free &= ~hands[seat]
        if any(room[s] < 0 for s in others):
            if not constraints.heard:
                raise SamplingError("the known cards do not fit the hand sizes")
            continue
        cards = [c for c in range(32) if free >> c & 1]
        # Most constrained cards first, ties at random.
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(1 for s in others if constraints.cannot[s] >> c & 1))
        cards.reverse()
        ok = True
        for card in cards:
            choices = [s for s in others if room[s] > 0 and not constraints.cannot[s] >> card & 1]
            if not choices:
                ok = False
                break
            total = sum(room[s] for s in choices)
            pick = rng.randrange(total)
            for seat in choices:
                pick -= room[seat]
                if pick < 0:
                    break
            hands[seat] |= 1 << card
            room[seat] -= 1
        if ok and all(announced_as(hands[h.seat] | h.played, h.kinds) for h in constraints.heard):
            return (hands[0], hands[1], hands[2], hands[3])
    raise SamplingError("no deal of the unseen cards fits what was seen")


def _place_heard(constraints: Constraints, hands: list[int], rng: random.Random) -> bool:
    """Give each heard announcement's seat the cards of one declaration it could be, at random
    among those no other seat holds (False when none is left)."""
    for heard in constraints.heard:
        for fits in heard.fits:
            taken = 0
            for other, held in enumerate(hands):
                if other != heard.seat:
                    taken |= held
            free = [cards for cards in fits if not cards & taken]
            if not free:
                return False
            hands[heard.seat] |= rng.choice(free)
    return True


def weight(view: SeatView, hands: tuple[int, int, int, int]) -> float:
    """How well a dealt world agrees with the auction (1.0 when the auction says nothing).

    Cards the bidders may already have played count as held: the auction spoke of the hand
    they were dealt.
    """
    dealt = [held | played for held, played in zip(hands, _played(view), strict=True)]
    result = 1.0
    for seat, call in view.calls:
        if seat == view.seat or call.kind is not CallKind.BID or call.contract is None:
            continue
        held = dealt[seat]
        contract = call.contract
        if contract.is_suit:
            suit = SUIT_MASKS[contract]
            if held & suit & (1 << (8 * contract + Rank.JACK)):
                result *= 2.0
            if held & suit & (1 << (8 * contract + Rank.NINE)):
                result *= 1.5
        elif contract == Contract.NO_TRUMPS:
            aces = sum(1 for s in range(4) if held >> (8 * s + Rank.ACE) & 1)
            result *= 1.3**aces
        else:
            jacks = sum(1 for s in range(4) if held >> (8 * s + Rank.JACK) & 1)
            result *= 1.3**jacks
    return result
