"""Declarations: sequences (tierce, quarte, quinte) and fours of a kind.

Sequences use the natural order 7 8 9 10 J Q K A whatever the contract. A card counts in at most
one declaration; a run of 6 or 7 is one quinte, a run of 8 a quinte (the top five) plus a tierce.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from typing import Any, Final, NamedTuple

from belot.engine.cards import Card, Rank, Suit, cards_of
from belot.engine.contracts import Contract
from belot.engine.errors import InvalidActionError
from belot.engine.frozen import by_fields

__all__ = [
    "Declaration",
    "Kind",
    "announcement_choices",
    "compare",
]


class Kind(IntEnum):
    TIERCE = 1
    QUARTE = 2
    QUINTE = 3
    FOUR = 4

    @property
    def text(self) -> str:
        return self.name.lower()


SEQUENCE_POINTS: Final = {Kind.TIERCE: 20, Kind.QUARTE: 50, Kind.QUINTE: 100}
FOUR_POINTS: Final = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
#: Fours rank J > 9 > A > 10 > K > Q.
FOUR_ORDER: Final = {
    Rank.QUEEN: 1,
    Rank.KING: 2,
    Rank.TEN: 3,
    Rank.ACE: 4,
    Rank.NINE: 5,
    Rank.JACK: 6,
}


@dataclass(frozen=True, slots=True)
class Declaration:
    """A sequence or a four, given by its cards (a card-set int)."""

    cards: int

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return by_fields(self)  # compiled, a frozen class unpickles only through __init__

    @property
    def is_four(self) -> bool:
        return (_FACTS.get(self.cards) or _facts(self.cards)).is_four

    @property
    def kind(self) -> Kind:
        return (_FACTS.get(self.cards) or _facts(self.cards)).kind

    @property
    def top(self) -> Card:
        """The highest card of a sequence (for a four: its rank in clubs)."""
        return cards_of(self.cards)[-1] if not self.is_four else cards_of(self.cards)[0]

    @property
    def rank(self) -> Rank:
        rank = (_FACTS.get(self.cards) or _facts(self.cards)).rank
        if rank is None:
            raise InvalidActionError("a declaration without cards has no rank")
        return rank

    @property
    def suit(self) -> Suit | None:
        return None if self.is_four else self.top.suit

    @property
    def points(self) -> int:
        points = (_FACTS.get(self.cards) or _facts(self.cards)).points
        if points is None:
            raise InvalidActionError(f"four of {self.rank.text}s is not a declaration")
        return points

    def sequence_key(self) -> tuple[int, int]:
        """Strength among sequences: kind first, then the top card's rank."""
        return (int(self.kind), int(self.rank))

    def four_key(self) -> int:
        return FOUR_ORDER[self.rank]

    @classmethod
    def from_str(cls, text: str) -> Declaration:
        """Parse ``"JH-AH"`` (a sequence, lowest and highest card) or ``"four-J"``."""
        key = text.strip()
        try:
            if key.lower().startswith("four-"):
                rank = Rank.from_str(key[5:])
                if rank not in FOUR_POINTS:
                    raise InvalidActionError(f"four of {rank.text}s is not a declaration")
                return cls((1 << rank) * 0x01010101)
            low_text, high_text = key.split("-")
            low, high = Card.from_str(low_text), Card.from_str(high_text)
        except (ValueError, InvalidActionError) as error:
            if isinstance(error, InvalidActionError):
                raise
            raise InvalidActionError(
                f"unknown declaration {text!r} (write a sequence as 'JH-AH', a four as 'four-J')"
            ) from None
        length = high.rank - low.rank + 1
        if low.suit != high.suit or length < 3:
            raise InvalidActionError(f"{text!r} is not a sequence of three or more in one suit")
        mask = ((1 << length) - 1) << low.index
        return cls(mask)

    def __str__(self) -> str:
        if self.is_four:
            return f"four-{self.rank.text}"
        cards = cards_of(self.cards)
        return f"{cards[0]}-{cards[-1]}"

    def __repr__(self) -> str:
        return f"Declaration.from_str({str(self)!r})"

    def describe(self) -> str:
        """Words for people: ``quarte to the ace of hearts``, ``four jacks``."""
        if self.is_four:
            return f"four {_RANK_PLURAL[self.rank]}"
        return f"{self.kind.text} to {self.top.symbol}"


class _Facts(NamedTuple):
    is_four: bool
    kind: Kind
    rank: Rank | None  # None: no cards
    points: int | None  # None: a four that is not a declaration (sevens, eights)


_FACTS: dict[int, _Facts] = {}
"""What a declaration's cards make of it, by cards (few recur: every deal's score asks)."""


def _facts(cards: int) -> _Facts:
    is_four = (
        (cards & 0xFF) != 0 and cards.bit_count() == 4 and cards == (cards & 0xFF) * 0x01010101
    )
    if is_four:
        kind = Kind.FOUR
    else:
        kind = {3: Kind.TIERCE, 4: Kind.QUARTE}.get(cards.bit_count(), Kind.QUINTE)
    # The top card of a sequence; a four's rank in clubs.
    rank = (cards_of(cards)[-1] if not is_four else cards_of(cards)[0]).rank if cards else None
    points = FOUR_POINTS.get(rank) if is_four else SEQUENCE_POINTS[kind]  # type: ignore[arg-type]
    facts = _Facts(is_four, kind, rank, points)
    if len(_FACTS) >= 4096:
        _FACTS.clear()
    _FACTS[cards] = facts
    return facts


_RANK_PLURAL: Final = {
    Rank.NINE: "nines",
    Rank.TEN: "tens",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.ACE: "aces",
}


def _runs(byte: int) -> list[tuple[int, int]]:
    """Maximal runs of set bits in a suit byte, as (lowest rank, length)."""
    runs = []
    rank = 0
    while rank < 8:
        if byte >> rank & 1:
            start = rank
            while rank < 8 and byte >> rank & 1:
                rank += 1
            runs.append((start, rank - start))
        else:
            rank += 1
    return runs


def _sequences(hand: int) -> list[Declaration]:
    out = []
    for suit in range(4):
        for start, length in _runs(hand >> (8 * suit) & 0xFF):
            base = 8 * suit + start
            if length == 8:  # a quinte (the top five) plus a tierce
                out.append(Declaration(0b11111 << (base + 3)))
                out.append(Declaration(0b111 << base))
            elif length >= 3:
                out.append(Declaration(((1 << length) - 1) << base))
    return out


def _value(choice: Sequence[Declaration]) -> tuple[int, int, tuple[int, int]]:
    fours = [d.four_key() for d in choice if d.is_four]
    sequences = [d.sequence_key() for d in choice if not d.is_four]
    return (
        sum(d.points for d in choice),
        max(fours, default=0),
        max(sequences, default=(0, 0)),
    )


def announcement_choices(hand: int) -> list[tuple[Declaration, ...]]:
    """Every set of declarations a player holding ``hand`` may announce, best first.

    The last choice is always the empty one (announce nothing). A card serves in at most one
    declaration: holding four kings and K-Q-J of hearts, the player announces the four or the
    tierce, not both.
    """
    fours = [
        Declaration((1 << rank) * 0x01010101)
        for rank in FOUR_POINTS
        if hand & ((1 << rank) * 0x01010101) == (1 << rank) * 0x01010101
    ]
    sequences = _sequences(hand)
    if not fours and len(sequences) <= 1:  # the common case: one sequence or none, and no four
        return [(sequences[0],), ()] if sequences else [()]
    seen: set[frozenset[int]] = set()
    choices: list[tuple[Declaration, ...]] = []
    for size in range(len(fours) + 1):
        for used in combinations(fours, size):
            rest = hand
            for four in used:
                rest &= ~four.cards
            full = list(used) + (_sequences(rest) if used else sequences)
            for count in range(len(full) + 1):
                for subset in combinations(full, count):
                    key = frozenset(d.cards for d in subset)
                    if key not in seen:
                        seen.add(key)
                        choices.append(tuple(sorted(subset, key=lambda d: -d.points)))
    choices.sort(key=_value, reverse=True)
    return choices


def compare(
    announced: Sequence[Iterable[Declaration]],
    contract: Contract,
    mode: str = "separate",
) -> tuple[list[Declaration], list[Declaration]]:
    """Which declarations score, per team (index 0 = NS, 1 = EW), after the first trick.

    ``announced`` holds each seat's announced declarations, indexed by seat (N E S W).
    """
    teams: list[list[Declaration]] = [[], []]
    for seat, decls in enumerate(announced):
        teams[seat & 1].extend(decls)
    alone = 0 if not teams[1] else 1 if not teams[0] else None
    if alone is not None:
        # One team announced (the common case): it has the best of each kind in both modes and
        # scores all of it, in the order the comparisons below give (sequences first here).
        mine = teams[alone]
        if mode != "single":
            mine = [d for d in mine if not d.is_four] + [d for d in mine if d.is_four]
        return (mine, []) if alone == 0 else ([], mine)
    if mode == "single":
        return _compare_single(teams, contract)
    scored: tuple[list[Declaration], list[Declaration]] = ([], [])
    # Sequences: the best sequence's team scores all its sequences; equal bests: none.
    best_seq = [max((d.sequence_key() for d in t if not d.is_four), default=None) for t in teams]
    seq_winner = _winner(best_seq[0], best_seq[1])
    if seq_winner is not None:
        scored[seq_winner].extend(d for d in teams[seq_winner] if not d.is_four)
    best_four = [max((d.four_key() for d in t if d.is_four), default=None) for t in teams]
    four_winner = _winner(best_four[0], best_four[1])
    if four_winner is not None:
        scored[four_winner].extend(d for d in teams[four_winner] if d.is_four)
    return scored


def _winner(a: Any, b: Any) -> int | None:
    if a is None and b is None:
        return None
    if b is None:
        return 0
    if a is None:
        return 1
    if a == b:
        return None
    return 0 if a > b else 1


def _compare_single(
    teams: list[list[Declaration]], contract: Contract
) -> tuple[list[Declaration], list[Declaration]]:
    """Seed 000: each team's best declaration; a four beats any sequence; equal sequences are
    decided by trumps in a suit contract, else nobody scores."""
    trump = contract.trump

    def key(d: Declaration) -> tuple[int, ...]:
        if d.is_four:
            return (2, d.four_key(), 0, 0)
        kind, top = d.sequence_key()
        return (1, kind, top, int(trump is not None and d.suit == trump))

    best = [max((key(d) for d in t), default=None) for t in teams]
    winner = _winner(best[0], best[1])
    if winner is None:
        return ([], [])
    scored: tuple[list[Declaration], list[Declaration]] = ([], [])
    scored[winner].extend(teams[winner])
    return scored
