"""Trick-taking arithmetic on card indices and card-set ints: the engine's hot path.

Everything here is plain tables and integer operations so that the engine, the bench and the
bots' simulators share one definition of card strength, card points and the playing obligations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belot.engine.cards import SUIT_MASKS
from belot.engine.contracts import Contract

__all__ = [
    "ABOVE",
    "BEATS",
    "BEFORE_THE_PLAY",
    "CARD_POINTS",
    "CLIMB",
    "DECK_POINTS",
    "KEY",
    "SUIT_OF",
    "TRUMP_MASKS",
    "ContractObligations",
    "legal_mask",
    "obliged",
    "obliged_under",
    "trick_points",
    "winner_position",
]

# Per rank in natural order 7 8 9 10 J Q K A.
PLAIN_ORDER: Final = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7
TRUMP_ORDER: Final = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A 10 K Q 8 7
PLAIN_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS: Final = (0, 0, 14, 10, 20, 3, 4, 11)


def _is_trump_suit(contract: Contract, suit: int) -> bool:
    return contract == Contract.ALL_TRUMPS or (contract.is_suit and suit == contract)


def _key_table(contract: Contract) -> tuple[int, ...]:
    """Trick strength of each card: trumps of a suit contract rank above every plain card."""
    keys = []
    for index in range(32):
        suit, rank = divmod(index, 8)
        if _is_trump_suit(contract, suit):
            keys.append(TRUMP_ORDER[rank] + (16 if contract.is_suit else 0))
        else:
            keys.append(PLAIN_ORDER[rank])
    return tuple(keys)


def _points_table(contract: Contract) -> tuple[int, ...]:
    points = []
    for index in range(32):
        suit, rank = divmod(index, 8)
        value = TRUMP_POINTS[rank] if _is_trump_suit(contract, suit) else PLAIN_POINTS[rank]
        points.append(value * 2 if contract == Contract.NO_TRUMPS else value)
    return tuple(points)


KEY: Final = tuple(_key_table(c) for c in Contract)
"""``KEY[contract][card]``: how strong a card is in a trick (comparable within a suit; trumps of
a suit contract above all)."""

CARD_POINTS: Final = tuple(_points_table(c) for c in Contract)
"""``CARD_POINTS[contract][card]``: card points as the contract counts them (No trumps doubled)."""

DECK_POINTS: Final = tuple(sum(table) for table in CARD_POINTS)
"""Card points in the whole deck per contract, without the last trick: 152, 240 or 248."""

TRUMP_MASKS: Final = tuple(SUIT_MASKS[c] if c.is_suit else 0 for c in Contract)
"""The trump suit of a suit contract as a card set (empty in No trumps and All trumps)."""


def _above_table(contract: Contract) -> tuple[int, ...]:
    keys = KEY[contract]
    above = []
    for index in range(32):
        base = index & ~7
        above.append(sum(1 << c for c in range(base, base + 8) if keys[c] > keys[index]))
    return tuple(above)


ABOVE: Final = tuple(_above_table(c) for c in Contract)
"""``ABOVE[contract][card]``: the cards of the same suit that beat it."""


def _beats_table(contract: Contract) -> tuple[int, ...]:
    above = ABOVE[contract]
    trumps = TRUMP_MASKS[contract]
    return tuple(above[card] | (0 if trumps >> card & 1 else trumps) for card in range(32))


BEATS: Final = tuple(_beats_table(c) for c in Contract)
"""``BEATS[contract][card]``: the cards that take a trick from ``card`` when it holds the trick
(higher cards of its suit, and every trump when it is not one)."""

CLIMB: Final = tuple(0xFFFFFFFF if c == Contract.ALL_TRUMPS else TRUMP_MASKS[c] for c in Contract)
"""``CLIMB[contract]``: the suits in which a player who follows must beat the trick if able."""

SUIT_OF: Final = tuple(SUIT_MASKS[card >> 3] for card in range(32))
"""``SUIT_OF[card]``: the whole suit of ``card`` as a card set."""


def winner_position(trick: Sequence[int], contract: int) -> int:
    """Position in ``trick`` (cards in play order) of the card that holds the trick."""
    beats = BEATS[contract]
    win = trick[0]
    best = 0
    for position in range(1, len(trick)):
        card = trick[position]
        if beats[win] >> card & 1:
            best, win = position, card
    return best


def trick_points(trick: Sequence[int], contract: int) -> int:
    points = CARD_POINTS[contract]
    return sum(points[card] for card in trick)


def legal_mask(
    hand: int, trick: Sequence[int], contract: int, forced_undertrump: bool = False
) -> int:
    """The cards of ``hand`` that may be played on ``trick`` (cards so far, in play order).

    The same rule as ``obliged``, which is told who holds the trick; spelled out again here
    with the search for the holder because a call more costs this hottest of functions a
    third of its time (tests check that the two agree on every position).
    """
    if not trick:
        return hand
    win = trick[0]
    follow = hand & SUIT_OF[win]
    if contract == 4:  # No trumps: follow suit, else anything
        return follow or hand
    beats = BEATS[contract]
    size = len(trick)
    best = 0
    if size > 1:
        for position in range(1, size):
            card = trick[position]
            if beats[win] >> card & 1:
                best, win = position, card
    if follow:  # trumps led, or all trumps: beat the trick if you can, even over partner
        return (follow & CLIMB[contract] & beats[win]) or follow
    if size - best == 2:  # partner holds the trick: free
        return hand
    trumps_mask = TRUMP_MASKS[contract]
    trumps = hand & trumps_mask
    if not trumps:
        return hand
    if trumps_mask >> win & 1:  # already trumped by an opponent: overtrump if you can
        return (trumps & beats[win]) or (trumps if forced_undertrump else hand)
    return trumps


class ContractObligations:
    """The playing obligations of one contract: ``legal(hand, lead, win, partner_holds)`` gives
    the legal cards, as ``obliged`` with the contract and the option fixed (an instance is also
    called as that function). A compiled class, not a closure: ``Deal`` calls ``legal`` at
    every card with native ints, where a closure's call would box them."""

    def legal(self, hand: int, lead: int, win: int, partner_holds: bool) -> int:
        raise NotImplementedError

    def __call__(self, hand: int, lead: int, win: int, partner_holds: bool) -> int:
        return self.legal(hand, lead, win, partner_holds)


class _NoTrumps(ContractObligations):
    def legal(self, hand: int, lead: int, win: int, partner_holds: bool) -> int:
        return (hand & SUIT_OF[lead]) or hand  # follow suit, else anything


class _WithTrumps(ContractObligations):
    def __init__(self, contract: int, forced_undertrump: bool) -> None:
        self.beats: tuple[int, ...] = BEATS[contract]
        self.climb: tuple[int, ...] = tuple(CLIMB[contract] & beat for beat in self.beats)
        self.trumps_mask = TRUMP_MASKS[contract]
        self.forced_undertrump = forced_undertrump

    def legal(self, hand: int, lead: int, win: int, partner_holds: bool) -> int:
        follow = hand & SUIT_OF[lead]
        if follow:  # trumps led, or all trumps: beat the trick if you can, even over partner
            return (follow & self.climb[win]) or follow
        if partner_holds:  # partner holds the trick: free
            return hand
        trumps_mask = self.trumps_mask
        trumps = hand & trumps_mask
        if not trumps:
            return hand
        if trumps_mask >> win & 1:  # already trumped by an opponent: overtrump if you can
            return (trumps & self.beats[win]) or (trumps if self.forced_undertrump else hand)
        return trumps


_UNDER: dict[tuple[int, bool], ContractObligations] = {}


def obliged_under(contract: int, forced_undertrump: bool) -> ContractObligations:
    """``obliged`` for one contract and option, its tables bound once (``Deal`` asks this one
    as the play begins: two arguments and two table lookups fewer on every card)."""
    key = (contract, forced_undertrump)
    bound = _UNDER.get(key)
    if bound is None:
        bound = _UNDER[key] = _bind(int(contract), bool(forced_undertrump))
    return bound


class _BeforeThePlay(ContractObligations):
    def legal(self, hand: int, lead: int, win: int, partner_holds: bool) -> int:
        raise AssertionError("no card is played before the contract is known")


#: A deal's obligations until a contract is known: nothing asks them before the play. (Here,
#: not in ``deal``: a class of a module run from its source cannot extend a compiled one.)
BEFORE_THE_PLAY: Final = _BeforeThePlay()


def _bind(contract: int, forced_undertrump: bool) -> ContractObligations:
    return _NoTrumps() if contract == 4 else _WithTrumps(contract, forced_undertrump)


def obliged(
    hand: int, lead: int, win: int, partner_holds: bool, contract: int, forced_undertrump: bool
) -> int:
    """The cards of ``hand`` that may be played on a trick led by ``lead`` and held by ``win``
    (``partner_holds``: by the player's partner): Bulgarian suit play, French Belote's with
    ``forced_undertrump``. ``Deal`` keeps the card that holds the trick as cards are played,
    and asks the same rule bound to its contract (``obliged_under``)."""
    return obliged_under(contract, forced_undertrump)(hand, lead, win, partner_holds)


assert DECK_POINTS[Contract.CLUBS] == 152
assert DECK_POINTS[Contract.ALL_TRUMPS] == 248
assert DECK_POINTS[Contract.NO_TRUMPS] == 240
