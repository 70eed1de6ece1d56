"""What a computer player is: it sees one seat's view and answers with an action."""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from typing import ClassVar

from belot.engine.actions import Action
from belot.engine.view import SeatView

__all__ = ["Bot", "decision_rng"]


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """A random source fixed by the bot's seed and the view it decides on, so that a bot gives
    the same answer to the same view whatever it was asked before (replays stay exact)."""
    text = f"{seed}|{view.seat.name}|{view.key()!r}"
    return random.Random(int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest()))


class Bot(ABC):
    """A computer player. Subclasses set ``name`` and implement ``act``.

    ``act`` gets only the seat's view (never the hidden hands), returns one of ``view.legal``,
    and is deterministic for a given ``seed``. ``think`` is a time budget per decision in
    seconds, for bots that search.
    """

    name: ClassVar[str]

    def __init__(self, seed: int = 0, think: float | None = None) -> None:
        self.seed = seed
        self.think = think

    @abstractmethod
    def act(self, view: SeatView) -> Action:
        """Choose an action for ``view.seat``; ``view.legal`` is non-empty."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
