"""``random``: uniform among the legal actions."""

from __future__ import annotations

from belot.bots.base import Bot, decision_rng
from belot.engine.actions import Action
from belot.engine.view import SeatView

__all__ = ["RandomBot"]


class RandomBot(Bot):
    name = "random"
    games = None

    def act(self, view: SeatView) -> Action:
        return decision_rng(self.seed, view).choice(view.legal)
