"""The hint button and the analysis of a finished deal, as the server sends them: the answers
of ``belot.bots.analysis`` made into JSON values."""

from __future__ import annotations

import math
from typing import Any, Final

from belot.bots import analysis, expert, strong
from belot.engine.deal import Deal, Phase
from belot.engine.view import SeatView

__all__ = ["annotate", "hint"]

#: Seconds of search for one hint on a card.
HINT_SECONDS = 0.5
#: Fewest seconds for a hint in the auction: each call may end in its own contract, so each
#: world solves up to seven full deals (at 0.5 s one deal in forty found no world it could
#: solve). A level that searches its own auction turns longer (``strong.auction_think``: French
#: Belote's and Bela's 1.8 s) gives its hint as long.
CALL_HINT_SECONDS = 1.5
#: Whose search a hint is: the ``strong`` level's, or the ``expert`` level's (for a person who
#: will wait a few seconds): its own seconds (``expert.EXPERT_THINK`` on a card, twice the call
#: hint's in the auction) and at most its worlds, up to four times the strong level's.
LEVELS: Final = ("strong", "expert")


def hint(view: SeatView, level: str = "strong") -> list[dict[str, Any]]:
    """Each legal action of ``view`` with its expected value by ``level``'s search (one of
    ``LEVELS``), best first: the game points of the seat's team less the other team's, to a
    tenth (None where there is none: JSON has no NaN, and a browser cannot read a message
    holding one)."""
    deep = level == "expert"
    pairs: list[tuple[object, float]]
    if view.phase is Phase.AUCTION:
        own = strong.auction_think(view) * (expert.EXPERT_THINK if deep else strong.DEFAULT_THINK)
        calls = analysis.hint_calls(
            view,
            think=max(CALL_HINT_SECONDS * (2 if deep else 1), own),
            max_worlds=expert.AUCTION_WORLDS if deep else None,
        )
        pairs = [(estimate.call, estimate.points) for estimate in calls]
    else:
        cards = analysis.hint(
            view,
            think=expert.EXPERT_THINK if deep else HINT_SECONDS,
            max_worlds=expert.CARD_WORLDS if deep else None,
        )
        pairs = [(estimate.card, estimate.points) for estimate in cards]
    scored = [
        (str(action), round(value, 1) if math.isfinite(value) else None) for action, value in pairs
    ]
    scored.sort(key=lambda item: math.inf if item[1] is None else -item[1])
    return [{"action": action, "value": value} for action, value in scored]


def annotate(deal: Deal) -> list[dict[str, Any]]:
    """Each card played in ``deal`` with the card points it lost against the best play."""
    return [
        {
            "trick": note.trick,
            "seat": note.seat.name,
            "card": str(note.card),
            "cost": note.cost,
            "best": [str(c) for c in note.best_cards],
        }
        for note in analysis.annotate(deal)
    ]
