"""The actions a seat can take in a deal, and their text notation.

=============  ==================================================
``cut:12``     cut the deck: the top 12 cards go to the bottom
``pass``       pass in the auction
``hearts``     bid a contract (``clubs`` … ``spades``, ``no-trumps``, ``all-trumps``)
``contra``     double the other team's contract
``recontra``   redouble after a contra
``80H``        Coinche: bid 80 (to 160, in tens) with a suit letter C D H S (``capotH``: capot)
``coinche``    Coinche: double the other side's bid; ``surcoinche`` redoubles it
``declare:JH-AH,four-9``  announce declarations with the first card (``declare:`` for none)
``JH``         play a card (Bela: the first of K+Q of trumps announces the bela)
``KH-silent``  Bela: play the first of K+Q of trumps keeping the bela silent
=============  ==================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.declarations import Declaration
from belot.engine.errors import BelotError, InvalidActionError

__all__ = [
    "CAPOT_LEVEL",
    "SILENT_SUFFIX",
    "Action",
    "Call",
    "CallKind",
    "Cut",
    "Declare",
    "LegalActions",
    "Play",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Cut:
    """The cutter lifts the top ``count`` cards (1..31) and puts them at the bottom."""

    count: int

    def __str__(self) -> str:
        return f"cut:{self.count}"


class CallKind(StrEnum):
    PASS = "pass"
    BID = "bid"
    CONTRA = "contra"
    RECONTRA = "recontra"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


#: A Coinche capot bid's ``level``: it counts 250 (RULES.md §5).
CAPOT_LEVEL = 250
_SUIT_LETTERS = "CDHS"


@dataclass(frozen=True, slots=True)
class Call:
    """An auction call: pass, a contract, contra or recontra (Coinche: a bid with its
    ``level``, 80..160 or ``CAPOT_LEVEL``, coinche or surcoinche)."""

    kind: CallKind
    contract: Contract | None = None
    #: A Coinche bid's points, 0 for a game whose bids have none.
    level: int = 0

    @classmethod
    def pass_(cls) -> Call:
        return _PASS

    @classmethod
    def bid(cls, contract: Contract) -> Call:
        return cls(CallKind.BID, Contract(contract))

    @classmethod
    def points_bid(cls, level: int, contract: Contract) -> Call:
        """A Coinche bid: ``level`` 80..160 in tens or ``CAPOT_LEVEL``, with a suit."""
        return cls(CallKind.BID, Contract(contract), level)

    @classmethod
    def contra(cls) -> Call:
        return _CONTRA

    @classmethod
    def recontra(cls) -> Call:
        return _RECONTRA

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            assert self.contract is not None
            if self.level:
                amount = "capot" if self.level == CAPOT_LEVEL else str(self.level)
                return amount + _SUIT_LETTERS[self.contract]
            return self.contract.text
        return str(self.kind.value)


_PASS = Call(CallKind.PASS)
_CONTRA = Call(CallKind.CONTRA)
_RECONTRA = Call(CallKind.RECONTRA)


def _announcement_order(declaration: Declaration) -> tuple[int, int]:
    return (-declaration.points, declaration.cards)


@dataclass(frozen=True, slots=True)
class Declare:
    """The declarations a player announces as they play their first card."""

    declarations: tuple[Declaration, ...] = ()

    def __post_init__(self) -> None:
        # One canonical order, so equal announcements compare equal however they were written.
        given = tuple(self.declarations)
        ordered = given if len(given) < 2 else tuple(sorted(given, key=_announcement_order))
        object.__setattr__(self, "declarations", ordered)

    @property
    def points(self) -> int:
        return sum(d.points for d in self.declarations)

    def __str__(self) -> str:
        return "declare:" + ",".join(str(d) for d in self.declarations)


#: How a silent bela's card is written: ``KH-silent``.
SILENT_SUFFIX: Final = "-silent"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card. ``silent``: Bela's holder of K+Q of trumps plays the first of the two
    without announcing the bela (RULES.md §6), which then never scores; a plain ``Play`` of that
    card announces it, as in every other game."""

    card: Card
    silent: bool = False
    #: The card's index, plus 32 when silent: what ``Deal.push`` reads, one attribute for three.
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.card.__class__ is not Card:
            raise InvalidActionError(
                f"a Play takes a Card, like Card.from_str('JH'), not {self.card!r}"
            )
        if self.silent.__class__ is not bool:
            raise InvalidActionError(f"a Play's silent is True or False, not {self.silent!r}")
        object.__setattr__(self, "code", self.card.index | self.silent << 5)

    def __str__(self) -> str:
        return f"{self.card}{SILENT_SUFFIX}" if self.silent else str(self.card)


Action = Cut | Call | Declare | Play


class LegalActions(tuple[Action, ...]):
    """The actions legal in one state, in the engine's order: an immutable sequence (``in``,
    ``len``, indexing, iteration) equal to a list or tuple of the same actions.

    ``Deal.legal_actions()`` keeps one per state, so asking again of the same state is free
    (python-chess's ``board.legal_moves`` is likewise a view, not a fresh list).
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list | tuple):
            return tuple.__eq__(self, tuple(other))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


def parse_action(text: str) -> Action:
    """Read an action from its notation (see the module docstring)."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is written as text, not {text!r}")
    key = text.strip()
    low = key.lower()
    if low.startswith("cut:"):
        try:
            return Cut(int(low[4:]))
        except ValueError:
            raise InvalidActionError(f"bad cut {text!r} (write 'cut:12')") from None
    if low == "pass":
        return _PASS
    if low == "contra":
        return _CONTRA
    if low == "recontra":
        return _RECONTRA
    if low in ("coinche", "surcoinche"):
        return Call(CallKind(low))
    bid = _points_bid(low)
    if bid is not None:
        return bid
    if low.startswith("declare:"):
        body = key[8:].strip()
        parts = [p for p in body.split(",") if p.strip()]
        return Declare(tuple(Declaration.from_str(p) for p in parts))
    try:
        return Call.bid(Contract.from_str(key))
    except BelotError:
        pass
    silent = low.endswith(SILENT_SUFFIX)
    try:
        return Play(Card.from_str(key[: -len(SILENT_SUFFIX)] if silent else key), silent)
    except BelotError:
        raise InvalidActionError(
            f"unknown action {text!r} (a card like 'JH' or, in Bela, 'KH-silent', a call like "
            "'pass', 'hearts', 'contra', or 'cut:12', 'declare:JH-AH')"
        ) from None


def _points_bid(low: str) -> Call | None:
    """A Coinche bid written ``80h`` .. ``160h`` or ``capoth`` (lower case), else None."""
    if len(low) < 3 or low[-1] not in "cdhs":
        return None
    amount, suit = low[:-1], Contract("cdhs".index(low[-1]))
    if amount == "capot":
        return Call(CallKind.BID, suit, CAPOT_LEVEL)
    if amount.isdigit() and int(amount) in range(80, 161, 10):
        return Call(CallKind.BID, suit, int(amount))
    return None
