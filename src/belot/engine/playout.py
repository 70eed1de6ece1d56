"""Random play-phase playouts on plain ints: the fast path of the bots' simulators.

A position of the play phase is a ``PlayPosition``: four hand masks, the contract, the cards of
the trick in progress, who led it, and the card points and tricks taken so far. ``playout``
plays uniformly random legal cards from there to the end of the deal and returns the card points
(last trick included) and tricks per team. It gives the same legal cards, trick winners and
points as ``Deal`` (the tests replay its cards in a ``Deal``), without building a single object.

>>> import random
>>> from belot.engine.deal import Deal
>>> deal = Deal.new(seed=3)
>>> for text in ("cut:5", "hearts", "pass", "pass", "pass"):
...     _ = deal.push_str(text)
>>> position = position_from_deal(deal)
>>> ns, ew, ns_tricks, ew_tricks = playout(position, random.Random(1))
>>> ns + ew, ns_tricks + ew_tricks
(162, 8)

Declarations and belots are not played out: they do not depend on the cards chosen after the
position (the caller adds them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from belot.engine.contracts import Contract
from belot.engine.errors import BelotError
from belot.engine.scoring import LAST_TRICK
from belot.engine.tricks import BEATS, CARD_POINTS, CLIMB, SUIT_OF, TRUMP_MASKS

if TYPE_CHECKING:
    from belot.engine.deal import Deal
    from belot.engine.view import SeatView

__all__ = [
    "PlayPosition",
    "PositionError",
    "check_position",
    "playout",
    "position_from_deal",
    "position_from_view",
]

_RNG = random.Random()


class PositionError(BelotError):
    """A play-phase position that cannot occur in a deal (or a deal not in its play phase)."""


class PlayPosition(NamedTuple):
    """A play-phase position as plain ints (seats N E S W = 0..3, teams NS = 0, EW = 1)."""

    #: The cards each seat holds now, as card-set ints, indexed by seat.
    hands: tuple[int, int, int, int]
    #: ``Contract`` value 0..5 (suits, no trumps, all trumps).
    contract: int
    #: Card indices of the trick in progress, in play order (0 to 3 cards).
    trick: tuple[int, ...]
    #: The seat that led the trick in progress, or leads the next one if it is empty.
    leader: int
    #: Card points taken so far per team (NS, EW).
    points: tuple[int, int] = (0, 0)
    #: Tricks taken so far per team (NS, EW).
    tricks: tuple[int, int] = (0, 0)
    #: Order of play: -1 counter-clockwise (Bulgarian), +1 clockwise.
    direction: int = -1
    #: Points for the last trick as the contract counts them (10; 20 or 10 in no trumps).
    last_trick: int = LAST_TRICK
    #: Whether a void player who cannot overtrump must still trump (French Belote).
    forced_undertrump: bool = False

    @property
    def turn(self) -> int:
        """The seat to play next."""
        return (self.leader + self.direction * len(self.trick)) % 4


def playout(
    position: PlayPosition,
    rng: random.Random | None = None,
    record: list[tuple[int, int, int]] | None = None,
) -> tuple[int, int, int, int]:
    """Play uniformly random legal cards to the end of the deal.

    Returns ``(ns_points, ew_points, ns_tricks, ew_tricks)``: totals for the whole deal, the
    position's ``points`` and ``tricks`` and the last trick's bonus included. ``position`` must
    be valid (``check_position``); it is not checked here, for speed. With ``record``, each play
    is appended to it as ``(seat, legal_mask, card)``.

    Each choice takes one ``rng.random()`` draw ``u`` when there is more than one legal card, and
    plays the ``int(u * n)``-th lowest of the ``n`` legal cards (by card index).
    """
    hands, contract, trick, seat, (p0, p1), (t0, t1), step, last, forced = position
    held = list(hands)
    uniform = (rng or _RNG).random
    beats = BEATS[contract]
    value = CARD_POINTS[contract]
    trumps = TRUMP_MASKS[contract]
    climb = CLIMB[contract]
    after = _AFTER[step]
    done = t0 + t1
    # The trick in progress: its suit, the card and seat holding it, its points so far.
    follows = _FOLLOWERS[len(trick)]
    led = win = win_seat = points = 0
    if trick:
        win = trick[0]
        win_seat = seat
        led = SUIT_OF[win]
        points = value[win]
        for card in trick[1:]:
            seat = after[seat]
            points += value[card]
            if beats[win] >> card & 1:
                win, win_seat = card, seat
        seat = after[seat]
    else:
        follows = ()
    while True:
        if not follows:  # lead any card
            hand = held[seat]
            legal = hand
            if legal & (legal - 1):
                pick = int(uniform() * legal.bit_count())
                while pick:
                    legal &= legal - 1
                    pick -= 1
            bit = legal & -legal
            win = bit.bit_length() - 1
            if record is not None:
                record.append((seat, hand, win))
            held[seat] = hand ^ bit
            win_seat = seat
            led = SUIT_OF[win]
            points = value[win]
            seat = after[seat]
            follows = _THREE
        for _ in follows:
            hand = held[seat]
            follow = hand & led
            # The playing obligations, as tricks.legal_mask states them.
            if follow:
                legal = follow & climb & beats[win] or follow
            elif win_seat ^ seat == 2:
                legal = hand
            else:
                legal = hand & trumps
                if not legal:
                    legal = hand
                elif trumps >> win & 1:
                    legal = legal & beats[win] or (legal if forced else hand)
            options = legal
            # The same choice rule as for a lead, written out again: one loop for the lead and
            # the follows measured 3-10% slower.
            if legal & (legal - 1):
                pick = int(uniform() * legal.bit_count())
                while pick:
                    legal &= legal - 1
                    pick -= 1
            bit = legal & -legal
            card = bit.bit_length() - 1
            if record is not None:
                record.append((seat, options, card))
            held[seat] = hand ^ bit
            points += value[card]
            if beats[win] >> card & 1:
                win, win_seat = card, seat
            seat = after[seat]
        follows = ()
        done += 1
        if done == 8:
            points += last
        if win_seat & 1:
            p1 += points
            t1 += 1
        else:
            p0 += points
            t0 += 1
        if done >= 8:
            return p0, p1, t0, t1
        seat = win_seat


_AFTER: Final = {-1: (3, 0, 1, 2), 1: (1, 2, 3, 0)}
_THREE: Final = (0, 0, 0)
_FOLLOWERS: Final = ((), (0, 0, 0), (0, 0), (0,))


def check_position(position: PlayPosition) -> PlayPosition:
    """Return ``position`` if it can occur in a deal, else raise ``PositionError``."""
    hands, contract, trick, leader, points, tricks, direction, last, _ = position
    if len(hands) != 4:
        raise PositionError(f"a position has four hands, not {len(hands)}")
    if not 0 <= contract <= 5:
        raise PositionError(f"contract must be 0..5, not {contract}")
    if direction not in (1, -1):
        raise PositionError(f"direction must be 1 or -1, not {direction}")
    if not 0 <= leader <= 3:
        raise PositionError(f"leader must be a seat 0..3, not {leader}")
    if len(trick) > 3:
        raise PositionError(f"the trick in progress holds at most 3 cards, not {len(trick)}")
    if len(points) != 2 or len(tricks) != 2 or min(*points, *tricks) < 0:
        raise PositionError("points and tricks are two non-negative numbers (NS, EW)")
    seen = 0
    for mask in (*hands, *(1 << c for c in trick if 0 <= c < 32)):
        if not 0 <= mask < 1 << 32 or mask & seen:
            raise PositionError("hands and trick must be disjoint sets of the 32 cards")
        seen |= mask
    if any(not 0 <= c < 32 for c in trick):
        raise PositionError("trick cards are card indices 0..31")
    left = 8 - sum(tricks)
    if left < 1:
        raise PositionError("no trick is left to play")
    for offset in range(4):
        seat = (leader + direction * offset) % 4
        expected = left - (offset < len(trick))
        if hands[seat].bit_count() != expected:
            raise PositionError(
                f"seat {seat} should hold {expected} cards, not {hands[seat].bit_count()}"
            )
    total = sum(CARD_POINTS[contract][c] for c in range(32) if seen >> c & 1)
    done = sum(points)
    if done + total != sum(CARD_POINTS[contract]):
        raise PositionError("points taken so far do not match the cards already gone")
    if last < 0:
        raise PositionError("the last trick bonus cannot be negative")
    return position


def position_from_deal(deal: Deal) -> PlayPosition:
    """The play-phase position of ``deal`` (in its play phase)."""
    contract = deal.contract
    if deal.phase.value != "play" or contract is None or deal.turn is None:
        raise PositionError(f"the deal is in its {deal.phase.value}, not its play phase")
    current = deal.current_trick
    leader = current[0][0] if current else deal.turn
    rules = deal.rules
    m = [deal.hand_mask(seat) for seat in range(4)]  # type: ignore[arg-type]
    return PlayPosition(
        hands=(m[0], m[1], m[2], m[3]),
        contract=int(contract),
        trick=tuple(card.index for _, card in current),
        leader=int(leader),
        points=deal.card_points,  # no last-trick bonus yet: the deal is still on
        tricks=deal.tricks_won,
        direction=rules.direction,
        last_trick=_last_trick(contract, rules.nt_last_trick),
        forced_undertrump=rules.forced_undertrump,
    )


def position_from_view(view: SeatView, hands: Sequence[int]) -> PlayPosition:
    """The play-phase position of ``view`` with the other seats' hands filled in by ``hands``.

    ``hands`` holds four card-set ints indexed by seat, typically sampled by a bot; the view's
    own seat must hold exactly its own cards and every seat its number of cards.
    """
    contract = view.contract
    if view.phase.value != "play" or contract is None or view.turn is None:
        raise PositionError(f"the view is in the {view.phase.value}, not the play phase")
    if len(hands) != 4:
        raise PositionError(f"give four hands, not {len(hands)}")
    own = 0
    for card in view.hand:
        own |= card.mask
    if hands[view.seat] != own:
        raise PositionError(f"the hand given for seat {view.seat.name} is not its own hand")
    for seat, size in enumerate(view.hand_sizes):
        if hands[seat].bit_count() != size:
            raise PositionError(f"seat {seat} holds {size} cards, not {hands[seat].bit_count()}")
    played = 0
    for card in view.played_cards:
        played |= card.mask
    if any(h & played for h in hands):
        raise PositionError("a hand holds a card that has already been played")
    current = view.current_trick
    leader = current[0][0] if current else view.turn
    done = view.completed_tricks
    ns = sum(1 for t in done if t.winner is not None and t.winner % 2 == 0)
    position = PlayPosition(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        contract=int(contract),
        trick=tuple(card.index for _, card in current),
        leader=int(leader),
        points=view.card_points,
        tricks=(ns, len(done) - ns),
        direction=view.rules.direction,
        last_trick=_last_trick(contract, view.rules.nt_last_trick),
        forced_undertrump=view.rules.forced_undertrump,
    )
    return check_position(position)


def _last_trick(contract: int, nt_last_trick: int) -> int:
    return nt_last_trick if contract == Contract.NO_TRUMPS else LAST_TRICK
