"""A bot level that plays Bulgarian Belot only, for the tests of how a level that does not play
a game is refused (every real level plays every game now).

``bulgarian_only(monkeypatch)`` registers it in ``belot.bots.LEVELS`` for one test.
"""

from __future__ import annotations

from typing import ClassVar

import pytest

from belot.bots import LEVELS
from belot.bots.base import Bot, decision_rng
from belot.engine.actions import Action
from belot.engine.view import SeatView

LEVEL = "bulgarian-only"


class BulgarianOnlyBot(Bot):
    """Plays a random legal action, in Bulgarian Belot only."""

    name = LEVEL
    games: ClassVar[frozenset[str] | None] = frozenset({"bulgarian"})

    def act(self, view: SeatView) -> Action:
        return decision_rng(self.seed, view).choice(view.legal)


def bulgarian_only(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register the level for the test and return its name."""
    monkeypatch.setitem(LEVELS, LEVEL, f"{__name__}:BulgarianOnlyBot")
    return LEVEL
