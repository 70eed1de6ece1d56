"""Contracts, in auction order: clubs < diamonds < hearts < spades < no trumps < all trumps."""

from __future__ import annotations

from enum import IntEnum

from belot.engine.cards import Suit
from belot.engine.errors import BelotError

__all__ = ["Contract"]


class Contract(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMPS = 4
    ALL_TRUMPS = 5

    @property
    def is_suit(self) -> bool:
        return self <= 3  # clubs to spades (a plain int: Contract.SPADES is a slower lookup)

    @property
    def trump(self) -> Suit | None:
        """The trump suit of a suit contract, else None."""
        return _TRUMPS[self]

    @property
    def text(self) -> str:
        return _TEXT[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT", "AT")[self]

    @classmethod
    def from_str(cls, text: str) -> Contract:
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        value = _NAMES.get(key)
        if value is None:
            raise BelotError(
                f"unknown contract {text!r} "
                "(use clubs, diamonds, hearts, spades, no-trumps or all-trumps)"
            )
        return cls(value)

    @classmethod
    def of_suit(cls, suit: Suit) -> Contract:
        return cls(int(suit))

    def __str__(self) -> str:
        return self.text


_TRUMPS: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None, None)
_TEXT = ("clubs", "diamonds", "hearts", "spades", "no-trumps", "all-trumps")
_NAMES = {name: i for i, name in enumerate(_TEXT)} | {
    "c": 0,
    "d": 1,
    "h": 2,
    "s": 3,
    "nt": 4,
    "at": 5,
    "♣": 0,
    "♦": 1,
    "♥": 2,
    "♠": 3,
    "club": 0,
    "diamond": 1,
    "heart": 2,
    "spade": 3,
    "no-trump": 4,
    "notrumps": 4,
    "all-trump": 5,
    "alltrumps": 5,
}
