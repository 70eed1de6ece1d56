"""Hints for a position and a card-by-card analysis of a finished deal.

``hint(view)`` gives each legal card of the seat to play with the game points its team can
expect to write less the other's, under the strong bot's sampling of the unseen hands (what a
player at the table could know) and by the measure it plays by, so the best card is the one it
would play; ``hint_calls(view)`` each legal call of the auction with the game points it leads
to, by the strong bot's bidding simulation. ``annotate(deal)`` marks every card played with
what it cost against the best play with all hands open (the perfect-information solver on the
real hands), as chess programs annotate games: the value of the best card minus the value of
the card played, for the mover's team.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from belot.bots.base import decision_rng
from belot.bots.bidding import CallEstimate, estimate_calls, worth_weighing
from belot.bots.solver import Position, Solver
from belot.bots.strong import (
    HARD_CAP_NODES,
    NODES_PER_SECOND,
    CardEstimate,
    estimate_cards,
    shared_solver,
)
from belot.engine.actions import CAPOT_LEVEL, Call, Declare, Play
from belot.engine.cards import Card
from belot.engine.deal import Deal, Phase
from belot.engine.errors import BelotError
from belot.engine.games import game_of
from belot.engine.games.coinche import bid_level
from belot.engine.scoring import contract_total
from belot.engine.table import Seat
from belot.engine.view import SeatView

__all__ = [
    "AnalysisError",
    "CardNote",
    "annotate",
    "format_annotation",
    "hint",
    "hint_calls",
    "losses",
]


class AnalysisError(BelotError):
    """A deal or position that cannot be analysed (wrong phase, no contract, ...)."""


def hint(
    view: SeatView, *, think: float = 1.0, seed: int = 0, max_worlds: int | None = None
) -> list[CardEstimate]:
    """Each legal card of ``view``'s seat with the game points the seat's team can expect to
    write less the other's (in a match, what they are worth in it: see ``strong``), best first
    (``think``: seconds of search on one core, as for the strong bot; ``max_worlds``: the most
    worlds, by default the strong bot's)."""
    if view.phase is not Phase.PLAY or view.turn != view.seat:
        raise AnalysisError(f"it is not {view.seat.name}'s turn to play a card")
    if any(isinstance(action, Declare) for action in view.legal):
        raise AnalysisError(f"{view.seat.name} first chooses what to announce")
    estimates = estimate_cards(
        view,
        decision_rng(seed, view),
        think=think,
        max_worlds=max_worlds,
        game_points=True,
        value_lone=True,
    )
    if not estimates or estimates[0].worlds == 0:
        raise AnalysisError("the position is too large to search within the time given")
    return estimates


def hint_calls(
    view: SeatView, *, think: float = 1.0, seed: int = 0, max_worlds: int | None = None
) -> list[CallEstimate]:
    """Each legal call of ``view``'s seat with the mean game points its team less the other's
    that it leads to (the rest of the auction made by the ``basic`` model, each contract solved
    exactly), in the strong bot's order of preference (``think``: seconds of search).

    In Coinche, where some forty bids are legal, the calls weighed are those the strong bot
    weighs (``worth_weighing``: pass, coinche and surcoinche, and its best suits at the levels
    within reach): played out one by one, every legal bid would leave a second of search one
    world for all of them, and the hint would be a guess."""
    if view.phase is not Phase.AUCTION or view.turn != view.seat:
        raise AnalysisError(f"it is not {view.seat.name}'s turn to call")
    if game_of(view.rules).name == "coinche":
        calls = worth_weighing(view)
    else:
        calls = [action for action in view.legal if isinstance(action, Call)]
    estimates = estimate_calls(
        view,
        calls,
        decision_rng(seed, view),
        shared_solver(),
        nodes=int(think * NODES_PER_SECOND),
        hard_cap=HARD_CAP_NODES,
        max_worlds=max_worlds,
    )
    if not estimates:
        raise AnalysisError("the position is too large to search within the time given")
    return estimates


@dataclass(frozen=True, slots=True)
class CardNote:
    """One card of a deal with its cost against the best play (all hands open)."""

    #: Trick number, 1..8.
    trick: int
    seat: Seat
    card: Card
    #: Final card points of the mover's team with best play after this card.
    value: int
    #: The same after the best card (the most any legal card gives).
    best: int
    #: The legal cards that give ``best``.
    best_cards: tuple[Card, ...]

    @property
    def cost(self) -> int:
        """Card points this card lost against the best play (0 for a best card)."""
        return self.best - self.value


def annotate(deal: Deal | Mapping[str, Any], solver: Solver | None = None) -> list[CardNote]:
    """Every card played in ``deal`` (a ``Deal``, or a deal record) with its cost."""
    if not isinstance(deal, Deal):
        from belot.engine.record import deal_from_record

        deal = deal_from_record(deal)
    if deal.contract is None or deal.bidder is None:
        raise AnalysisError("the deal has no contract (all passed): no card was played")
    solver = solver if solver is not None else Solver()
    replay = Deal(deal.rules, dealer=deal.dealer, deck=deal.deck, seed=deal.seed)
    notes: list[CardNote] = []
    for seat, action in deal.history:
        if isinstance(action, Play) and replay.phase is Phase.PLAY:
            position = Position.from_deal(replay)
            values = solver.solve_cards(position)
            ours = seat.team == position.declarers
            mine = {
                card: value if ours else position.total - value for card, value in values.items()
            }
            best = max(mine.values())
            notes.append(
                CardNote(
                    trick=replay.trick_number + 1,
                    seat=seat,
                    card=action.card,
                    value=mine[action.card],
                    best=best,
                    best_cards=tuple(c for c in sorted(mine) if mine[c] == best),
                )
            )
        replay.push(action, seat)
    return notes


def losses(notes: list[CardNote]) -> dict[Seat, int]:
    """Card points each seat lost against the best play, over the deal."""
    out = dict.fromkeys(Seat, 0)
    for note in notes:
        out[note.seat] += note.cost
    return out


def format_annotation(deal: Deal, notes: list[CardNote]) -> str:
    """The annotated deal as text: one line per card, then each seat's total."""
    assert deal.contract is not None and deal.bidder is not None
    level = bid_level(deal.calls)  # Coinche's bids have one
    amount = "" if not level else "capot " if level == CAPOT_LEVEL else f"{level} "
    lines = [
        f"contract {amount}{deal.contract.text} by {deal.bidder.name} "
        f"({deal.bidder.team.name} declare), x{deal.double}",
        f"card points NS {deal.card_points[0]}, EW {deal.card_points[1]}",
    ]
    if notes:
        first = notes[0]
        value = first.best if first.seat.team == deal.bidder.team else _other(deal, first.best)
        lines.append(f"best play from the first card: declarers {value}")
    lines.append("trick seat card  cost  best")
    for note in notes:
        mark = "" if note.cost == 0 else f"{-note.cost:+d}"
        best = "" if note.cost == 0 else " ".join(str(c) for c in note.best_cards)
        lines.append(f"{note.trick:>5} {note.seat.name:<4} {note.card!s:<5} {mark:>4}  {best}")
    lost = losses(notes)
    lines.append("lost: " + ", ".join(f"{s.name} {lost[s]}" for s in Seat))
    return "\n".join(lines)


def _other(deal: Deal, points: int) -> int:
    assert deal.contract is not None
    return contract_total(deal.contract, deal.rules) - points
