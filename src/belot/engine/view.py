"""What one seat may know of a deal: its own cards and everything said or played in public.

Bots, the browser and the terminal see a deal only through ``SeatView``. Two deals that differ
only in cards a seat has not seen give that seat equal views (``view.key()``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from belot.engine.actions import Action, Call
from belot.engine.cards import Card, Suit
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase, Trick
from belot.engine.declarations import Declaration, Kind
from belot.engine.frozen import by_fields
from belot.engine.rules import Rules
from belot.engine.scoring import DealScore
from belot.engine.sheet import Standing
from belot.engine.table import Seat, Team

__all__ = ["Announcement", "SeatView", "view_of"]


@dataclass(frozen=True, slots=True)
class Announcement:
    """A declaration as the table hears it: its kind and points while the first trick is on;
    once the first trick is complete, its cards too."""

    seat: Seat
    kind: Kind
    points: int
    declaration: Declaration | None

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return by_fields(self)  # compiled, a frozen class unpickles only through __init__

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat.name,
            "kind": self.kind.text,
            "points": self.points,
            "cards": None if self.declaration is None else str(self.declaration),
        }


@dataclass(frozen=True, slots=True)
class SeatView:
    """The deal as ``seat`` sees it."""

    seat: Seat
    rules: Rules
    dealer: Seat
    phase: Phase
    turn: Seat | None
    cut: int | None
    hand: tuple[Card, ...]
    #: How many cards each seat holds now (N, E, S, W).
    hand_sizes: tuple[int, int, int, int]
    calls: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    bidder: Seat | None
    double: int
    tricks: tuple[Trick, ...]
    announcements: tuple[Announcement, ...]
    #: This seat's own announcement (None while it has not decided).
    declared: tuple[Declaration, ...] | None
    belots: tuple[tuple[Seat, Suit], ...]
    card_points: tuple[int, int]
    legal: tuple[Action, ...]
    result: DealScore | None
    #: Every seat's dealt cards, shown once the deal is over.
    revealed: tuple[tuple[Card, ...], ...] | None
    #: The match score as the deal started (None for a deal played on its own).
    standing: Standing | None = None
    #: The card turned face up for the auction (French Belote), public once the deck is cut;
    #: the taker (``bidder``) picks it up.
    turned: Card | None = None

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return by_fields(self)  # compiled, a frozen class unpickles only through __init__

    @property
    def declarers(self) -> Team | None:
        return None if self.bidder is None else self.bidder.team

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1].plays
        return ()

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if t.winner is not None)

    @property
    def played_cards(self) -> tuple[Card, ...]:
        return tuple(card for trick in self.tricks for _, card in trick.plays)

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def taker(self) -> Seat | None:
        """The seat that took the turned card (French Belote), once one has."""
        return self.bidder if self.turned is not None else None

    def key(self) -> tuple[object, ...]:
        """Everything in the view, as one comparable value (the seat's information state)."""
        return (
            self.seat,
            self.rules,
            self.dealer,
            self.phase,
            self.turn,
            self.cut,
            self.hand,
            self.hand_sizes,
            self.calls,
            self.contract,
            self.bidder,
            self.double,
            self.tricks,
            self.announcements,
            self.declared,
            self.belots,
            self.card_points,
            self.legal,
            self.result,
            self.revealed,
            self.standing,
            self.turned,
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (used by the engine protocol and the web app)."""
        return {
            "seat": self.seat.name,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer.name,
            "phase": self.phase.value,
            "turn": None if self.turn is None else self.turn.name,
            "cut": self.cut,
            "hand": [str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "calls": [[s.name, str(c)] for s, c in self.calls],
            "contract": None if self.contract is None else self.contract.text,
            "bidder": None if self.bidder is None else self.bidder.name,
            "double": self.double,
            "tricks": [
                {
                    "plays": [[s.name, str(c)] for s, c in t.plays],
                    "winner": None if t.winner is None else t.winner.name,
                }
                for t in self.tricks
            ],
            "announcements": [a.to_json() for a in self.announcements],
            "declared": None if self.declared is None else [str(d) for d in self.declared],
            "belots": [[s.name, str(suit)] for s, suit in self.belots],
            "card_points": {"NS": self.card_points[0], "EW": self.card_points[1]},
            "legal": [str(a) for a in self.legal],
            "result": None if self.result is None else _score_json(self.result),
            "revealed": None
            if self.revealed is None
            else {Seat(i).name: [str(c) for c in h] for i, h in enumerate(self.revealed)},
            "standing": None if self.standing is None else self.standing.to_json(),
            "turned": None if self.turned is None else str(self.turned),
        }


def _score_json(score: DealScore) -> dict[str, Any]:
    return {
        "outcome": score.outcome.value,
        "raw": {"NS": score.raw[0], "EW": score.raw[1]},
        "written": {"NS": score.written[0], "EW": score.written[1]},
        "hanging": score.hanging,
        "valat": None if score.valat is None else score.valat.name,
        "double": score.double,
    }


def view_of(deal: Deal, seat: Seat) -> SeatView:
    """The view of ``deal`` from ``seat``."""
    seat = Seat(seat)
    first_trick_done = deal.trick_number >= 1
    announcements = []
    for s in Seat:
        declared = deal.announced(s)
        if not declared:
            continue
        for d in declared:
            shown = d if (first_trick_done or s == seat) else None
            announcements.append(Announcement(s, d.kind, d.points, shown))
    over = deal.is_over
    return SeatView(
        seat=seat,
        rules=deal.rules,
        dealer=deal.dealer,
        phase=deal.phase,
        turn=deal.turn,
        cut=deal.cut,
        hand=tuple(deal.hand(seat)),
        hand_sizes=tuple(deal.hand_mask(s).bit_count() for s in Seat),  # type: ignore[arg-type]
        calls=deal.calls,
        contract=deal.contract,
        bidder=deal.bidder,
        double=deal.double,
        tricks=tuple(deal.tricks),
        announcements=tuple(announcements),
        declared=deal.announced(seat),
        belots=deal.belots,
        card_points=deal.card_points,
        legal=tuple(deal.legal_actions()) if deal.turn == seat else (),
        result=deal.result,
        revealed=tuple(tuple(deal.dealt_hand(s)) for s in Seat)
        if over and deal.contract is not None
        else None,
        standing=deal.standing,
        turned=deal.turned_card,
    )
