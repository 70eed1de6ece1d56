"""What a computer player is: it sees one seat's view and answers with an action."""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final

from belot.engine.actions import Action, Call, CallKind
from belot.engine.view import SeatView

__all__ = ["Bot", "Progress", "Thought", "decision_rng", "view_seed"]


#: Calls as small ints for ``view_seed``: a bid is its contract (0..5), then pass, contra,
#: recontra, coinche, surcoinche.
_CALL_CODES: Final = {
    CallKind.PASS: 6,
    CallKind.CONTRA: 7,
    CallKind.RECONTRA: 8,
    CallKind.COINCHE: 9,
    CallKind.SURCOINCHE: 10,
}


def _call_code(call: Call) -> str:
    """A call as text of small ints; a Coinche bid adds its level (``2@90``), so that 80H and
    90H differ, while a call without a level is written as before."""
    code = str(_CALL_CODES.get(call.kind, 0) + (call.contract or 0))
    return f"{code}@{call.level}" if call.level else code


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """A random source fixed by the bot's seed and the view it decides on, so that a bot gives
    the same answer to the same view whatever it was asked before (replays stay exact)."""
    return random.Random(view_seed(seed, view))


def view_seed(seed: int, view: SeatView) -> int:
    """A 64-bit number fixed by ``seed`` and the seat's information state.

    It digests what tells one decision from another (seat, dealer, cut, own hand, calls, cards
    played, own announcement and the legal actions), as text of small ints, so it is cheap and
    the same on every machine and Python run (no ``hash()`` of strings)."""
    parts = [
        str(seed),
        str(int(view.seat)),
        str(int(view.dealer)),
        str(view.cut),
        ".".join(str(c.index) for c in view.hand),
        ".".join(_call_code(c) for _, c in view.calls),
        ".".join(str(c.index) for t in view.tricks for _, c in t.plays),
        "" if view.declared is None else ",".join(str(d.cards) for d in view.declared),
        str(len(view.legal)),
    ]
    digest = hashlib.blake2b("|".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True, slots=True)
class Thought:
    """How far a search has got in one decision, for whoever watches it think."""

    #: The actions weighed (legal cards, or calls worth weighing).
    choices: int
    #: Worlds solved so far.
    worlds: int
    #: The most worlds the search will deal (it may stop sooner, out of nodes).
    planned: int
    #: The part of its node budget spent, 0 to 1.
    spent: float
    #: The action with the best mean so far (None before a world is solved).
    best: Action | None


#: What a search calls after each world it solves (and once before the first); it must be
#: quick and must not change the search (the decision stays the same with or without it).
Progress = Callable[[Thought], None]


class Bot(ABC):
    """A computer player. Subclasses set ``name`` and implement ``act``.

    ``act`` gets only the seat's view (never the hidden hands), returns one of ``view.legal``,
    and is deterministic for a given ``seed``. ``think`` is a time budget per decision in
    seconds, for bots that search.
    """

    name: ClassVar[str]
    #: The games (rules presets) this bot can play; None: every game.
    games: ClassVar[frozenset[str] | None] = frozenset({"bulgarian"})

    def __init__(self, seed: int = 0, think: float | None = None) -> None:
        self.seed = seed
        self.think = think

    #: Whether ``decide`` reports its search's progress (a table shows it as the bot thinks).
    shows_thinking: ClassVar[bool] = False

    @abstractmethod
    def act(self, view: SeatView) -> Action:
        """Choose an action for ``view.seat``; ``view.legal`` is non-empty."""

    def decide(self, view: SeatView, progress: Progress | None = None) -> Action:
        """``act``, telling ``progress`` how the search goes where the bot searches (the same
        action as ``act`` either way)."""
        return self.act(view)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
