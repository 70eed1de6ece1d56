"""The game's own words in each language: the suits, the contracts and the card faces.

One table for the cheat sheets, the terminal table and the web pages, so that a suit or a
contract is named alike everywhere: Пика, Без коз (БК), Всичко коз (ВК); Pique, Sans-atout (SA),
Tout-atout (TA); Pik for Croatian Bela. Names are capitalised as headings; callers lower them
for running text.
"""

from __future__ import annotations

from typing import Final

from belot.engine.cards import Rank, Suit
from belot.engine.contracts import Contract

__all__ = ["LANGUAGES", "contract_name", "contract_names", "rank_name", "suit_name"]

#: Every language the game's words are written in (Croatian for Bela's players).
LANGUAGES: Final = ("en", "bg", "fr", "hr")

_SUITS: Final = {
    "en": ("Clubs", "Diamonds", "Hearts", "Spades"),
    "bg": ("Спатия", "Каро", "Купа", "Пика"),
    "fr": ("Trèfle", "Carreau", "Cœur", "Pique"),
    "hr": ("Tref", "Karo", "Herc", "Pik"),
}
# No trumps and All trumps, in full and as players write them on a score sheet.
_CONTRACTS: Final = {
    "en": ("No trumps", "All trumps"),
    "bg": ("Без коз", "Всичко коз"),
    "fr": ("Sans-atout", "Tout-atout"),
    "hr": ("Bez aduta", "Sve adut"),
}
_SHORT: Final = {
    "en": ("NT", "AT"),
    "bg": ("БК", "ВК"),
    "fr": ("SA", "TA"),
    "hr": ("BA", "SA"),
}
# Card faces: вале, дама, поп, асо; valet, dame, roi, as. Croatian cards print J, Q, K, A.
_RANKS: Final = {
    "en": ("7", "8", "9", "10", "J", "Q", "K", "A"),
    "bg": ("7", "8", "9", "10", "В", "Д", "П", "А"),
    "fr": ("7", "8", "9", "10", "V", "D", "R", "As"),
    "hr": ("7", "8", "9", "10", "J", "Q", "K", "A"),
}


def _checked(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}: one of {', '.join(LANGUAGES)}")
    return lang


def suit_name(suit: Suit, lang: str) -> str:
    """``Hearts``, ``Купа``, ``Cœur``, ``Herc``."""
    return _SUITS[_checked(lang)][suit]


def contract_name(contract: Contract, lang: str, *, short: bool = False) -> str:
    """A suit's name, or No trumps / All trumps in full (``short``: ``БК``, ``SA``...)."""
    if contract.is_suit:
        return suit_name(Suit(contract), lang)
    table = _SHORT if short else _CONTRACTS
    return table[_checked(lang)][contract - Contract.NO_TRUMPS]


def contract_names(lang: str, *, short: bool = False) -> dict[str, str]:
    """Every contract's name by its text (``"no-trumps"`` -> ``"Без коз"``)."""
    return {c.text: contract_name(c, lang, short=short) for c in Contract}


def rank_name(rank: Rank, lang: str, *, short_ace: bool = False) -> str:
    """A card face as the language writes it; ``short_ace`` writes the French ace ``A``."""
    name = _RANKS[_checked(lang)][rank]
    return "A" if short_ace and rank is Rank.ACE else name
