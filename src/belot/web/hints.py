"""The hint button: each legal card (in the auction, each call) with its value, from
``belot.bots.analysis`` when the package has it (the button is hidden otherwise)."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from collections.abc import Mapping
from functools import cache
from typing import Any

from belot.engine.deal import Deal, Phase
from belot.engine.errors import BelotError
from belot.engine.view import SeatView

__all__ = ["analysis_available", "annotate", "available", "hint"]

_MODULE = "belot.bots.analysis"
#: Seconds of search for one hint on a card.
HINT_SECONDS = 0.5
#: Seconds for a hint in the auction: each call may end in its own contract, so each world
#: solves up to seven full deals (at 0.5 s one deal in forty found no world it could solve).
CALL_HINT_SECONDS = 1.5


@cache
def _offers(name: str) -> bool:
    # Looking the module up is enough: importing it loads the solver, which takes a while,
    # so that happens on the first hint (on a worker thread), not when the server starts.
    try:
        return importlib.util.find_spec(_MODULE) is not None
    except ImportError:
        return False


def _function(name: str) -> Any:
    function = getattr(importlib.import_module(_MODULE), name, None)
    if not callable(function):
        raise BelotError(f"{_MODULE} has no {name}()")
    return function


def available() -> bool:
    """True when the analysis module (which offers ``hint``) is installed."""
    return _offers("hint")


def analysis_available() -> bool:
    """True when the analysis module (which offers ``annotate``: a finished deal, card by card)
    is installed."""
    return _offers("annotate")


def annotate(deal: Deal) -> list[dict[str, Any]]:
    """Each card played in ``deal`` with the card points it lost against the best play."""
    if not analysis_available():
        raise BelotError("the analysis module is not installed")
    notes = _function("annotate")(deal)
    return [
        {
            "trick": note.trick,
            "seat": note.seat.name,
            "card": str(note.card),
            "cost": note.cost,
            "best": [str(c) for c in note.best_cards],
        }
        for note in notes
    ]


def hint(view: SeatView) -> list[dict[str, Any]]:
    """Each legal action of ``view`` with its expected value, best first: the game points of
    the seat's team less the other team's."""
    if not available():
        raise BelotError("hints need the analysis module, which is not installed")
    auction = view.phase is Phase.AUCTION
    function = _function("hint_calls" if auction else "hint")
    if "think" in inspect.signature(function).parameters:
        result = function(view, think=CALL_HINT_SECONDS if auction else HINT_SECONDS)
    else:
        result = function(view)
    pairs: list[tuple[Any, Any]]
    if isinstance(result, Mapping):
        pairs = list(result.items())
    else:
        pairs = []
        for item in result:
            if isinstance(item, tuple | list) and len(item) >= 2:
                pairs.append((item[0], item[1]))
            else:
                action = getattr(item, "action", getattr(item, "card", getattr(item, "call", item)))
                value = getattr(item, "value", getattr(item, "points", None))
                pairs.append((action, value))
    scored = [
        (str(action), None if value is None else round(float(value), 1)) for action, value in pairs
    ]
    scored.sort(key=lambda item: -(item[1] if item[1] is not None else -1e9))
    return [{"action": action, "value": value} for action, value in scored]
