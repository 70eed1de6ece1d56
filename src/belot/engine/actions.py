"""The actions a seat can take in a deal, and their text notation.

=============  ==================================================
``cut:12``     cut the deck: the top 12 cards go to the bottom
``pass``       pass in the auction
``hearts``     bid a contract (``clubs`` … ``spades``, ``no-trumps``, ``all-trumps``)
``contra``     double the other team's contract
``recontra``   redouble after a contra
``declare:JH-AH,four-9``  announce declarations with the first card (``declare:`` for none)
``JH``         play a card
=============  ==================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.declarations import Declaration
from belot.engine.errors import BelotError, InvalidActionError

__all__ = ["Action", "Call", "CallKind", "Cut", "Declare", "Play", "parse_action"]


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


@dataclass(frozen=True, slots=True)
class Call:
    """An auction call: pass, a contract, contra or recontra."""

    kind: CallKind
    contract: Contract | None = None

    @classmethod
    def pass_(cls) -> Call:
        return _PASS

    @classmethod
    def bid(cls, contract: Contract) -> Call:
        return cls(CallKind.BID, Contract(contract))

    @classmethod
    def contra(cls) -> Call:
        return _CONTRA

    @classmethod
    def recontra(cls) -> Call:
        return _RECONTRA

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            assert self.contract is not None
            return self.contract.text
        return str(self.kind.value)


_PASS = Call(CallKind.PASS)
_CONTRA = Call(CallKind.CONTRA)
_RECONTRA = Call(CallKind.RECONTRA)


@dataclass(frozen=True, slots=True)
class Declare:
    """The declarations a player announces as they play their first card."""

    declarations: tuple[Declaration, ...] = ()

    def __post_init__(self) -> None:
        # One canonical order, so equal announcements compare equal however they were written.
        ordered = tuple(sorted(self.declarations, key=lambda d: (-d.points, d.cards)))
        object.__setattr__(self, "declarations", ordered)

    @property
    def points(self) -> int:
        return sum(d.points for d in self.declarations)

    def __str__(self) -> str:
        return "declare:" + ",".join(str(d) for d in self.declarations)


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


Action = Cut | Call | Declare | Play


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
    if low.startswith("declare:"):
        body = key[8:].strip()
        parts = [p for p in body.split(",") if p.strip()]
        return Declare(tuple(Declaration.from_str(p) for p in parts))
    try:
        return Call.bid(Contract.from_str(key))
    except BelotError:
        pass
    try:
        return Play(Card.from_str(key))
    except BelotError:
        raise InvalidActionError(
            f"unknown action {text!r} (a card like 'JH', a call like 'pass', 'hearts', "
            "'contra', or 'cut:12', 'declare:JH-AH')"
        ) from None
