"""Suits, ranks, cards and the 32-bit card sets used inside the engine.

A card is numbered ``suit * 8 + rank`` with suits in the order C D H S and ranks in the natural
order 7 8 9 10 J Q K A (the order sequences use), so a set of cards is a plain ``int`` with one
bit per card and each suit is one byte of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from belot.engine.errors import UnknownCardError

__all__ = [
    "ALL_CARDS",
    "DECK",
    "FULL_MASK",
    "SUIT_MASKS",
    "Card",
    "Rank",
    "Suit",
    "cards_of",
    "mask_of",
    "parse_cards",
]


class Suit(IntEnum):
    """The four suits, in contract order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @classmethod
    def from_str(cls, text: str) -> Suit:
        key = text.strip().upper()
        index = _SUIT_NAMES.get(key)
        if index is None:
            raise UnknownCardError(f"unknown suit {text!r} (use C, D, H or S)")
        return cls(index)

    def __str__(self) -> str:
        return self.letter


_SUIT_NAMES: Final = {
    "C": 0,
    "♣": 0,
    "♧": 0,
    "CLUBS": 0,
    "D": 1,
    "♦": 1,
    "♢": 1,
    "DIAMONDS": 1,
    "H": 2,
    "♥": 2,
    "♡": 2,
    "HEARTS": 2,
    "S": 3,
    "♠": 3,
    "♤": 3,
    "SPADES": 3,
}


class Rank(IntEnum):
    """The eight ranks in natural (sequence) order."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]

    @classmethod
    def from_str(cls, text: str) -> Rank:
        index = _RANK_NAMES.get(text.strip().upper())
        if index is None:
            raise UnknownCardError(f"unknown rank {text!r} (use 7 8 9 10 J Q K A)")
        return cls(index)

    def __str__(self) -> str:
        return self.text


_RANK_TEXT: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_NAMES: Final = {
    "7": 0,
    "8": 1,
    "9": 2,
    "10": 3,
    "T": 3,
    "J": 4,
    "Q": 5,
    "K": 6,
    "A": 7,
}


class Card:
    """One of the 32 cards; there is exactly one object per card.

    >>> Card.from_str("10♥") is Card.from_str("TH") is Card(Suit.HEARTS, Rank.TEN)
    True
    >>> str(Card.from_str("jh"))
    'JH'
    """

    __slots__ = ("index", "mask", "rank", "suit")

    suit: Suit
    rank: Rank
    index: int
    mask: int

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        return ALL_CARDS[int(suit) * 8 + int(rank)]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", Suit(index >> 3))
        object.__setattr__(card, "rank", Rank(index & 7))
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "mask", 1 << index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 32:
            raise UnknownCardError(f"card index {index} is not in 0..31")
        return ALL_CARDS[index]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``JH``, ``10H``, ``TH``, ``10♥`` or ``jh`` (rank first, then suit)."""
        if not isinstance(text, str):
            raise UnknownCardError(f"a card is written as text like 'JH', not {text!r}")
        key = text.strip()
        if len(key) < 2:
            raise UnknownCardError(f"unknown card {text!r} (write rank then suit, like 'JH')")
        try:
            rank = Rank.from_str(key[:-1])
            suit = Suit.from_str(key[-1])
        except UnknownCardError:
            raise UnknownCardError(
                f"unknown card {text!r} (write rank then suit, like 'JH', '10H' or '10♥')"
            ) from None
        return ALL_CARDS[suit * 8 + rank]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, like ``10♥``."""
        return self.rank.text + self.suit.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __str__(self) -> str:
        return self.rank.text + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index


ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(32))
"""Every card, indexed by ``card.index``."""

DECK: Final = ALL_CARDS
FULL_MASK: Final = (1 << 32) - 1
SUIT_MASKS: Final = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)


def cards_of(mask: int) -> list[Card]:
    """The cards of a card set, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def indices_of(mask: int) -> Iterator[int]:
    """The card indices of a card set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas: ``"JH 9H, AS"``."""
    return [Card.from_str(part) for part in text.replace(",", " ").split()]
