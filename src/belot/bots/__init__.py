"""Computer players. They see a deal only through a seat's view (``belot.engine.view``).

``make("basic", seed=1)`` builds a bot by level name; ``LEVELS`` lists the names, and
``why_not_plays(level, game)`` says why a level cannot sit at a table of a game (None: it can).
``prepare(progress=print)`` compiles the strong player's search (or loads it from numba's cache)
before the first decision that needs it (``belot.bots.compiled``).
"""

from __future__ import annotations

import importlib

from belot.bots.base import Bot
from belot.bots.compiled import Prepared, prepare

__all__ = ["LEVELS", "Bot", "Prepared", "make", "plays", "prepare", "why_not_plays"]

#: Level name -> "module:Class", imported on first use.
LEVELS: dict[str, str] = {
    "random": "belot.bots.random_bot:RandomBot",
    "basic": "belot.bots.basic:BasicBot",
    "strong": "belot.bots.strong:StrongBot",
    "expert": "belot.bots.expert:ExpertBot",
}


def make(level: str, seed: int = 0, think: float | None = None) -> Bot:
    """A bot of the named level."""
    bot = _class(level)(seed=seed, think=think)
    assert isinstance(bot, Bot)
    return bot


def plays(level: str, game: str) -> bool:
    """Whether bots of ``level`` play ``game`` (a rules preset)."""
    games = _class(level).games
    return games is None or game in games


def why_not_plays(level: str, game: str) -> str | None:
    """Why bots of ``level`` cannot play ``game``, naming the levels that can (None: they can)."""
    if plays(level, game):
        return None
    able = ", ".join(name for name in LEVELS if plays(name, game))
    return f"the {level} level does not play {game} yet (levels that do: {able})"


def _class(level: str) -> type[Bot]:
    target = LEVELS.get(level)
    if target is None:
        from belot.engine.errors import BelotError

        raise BelotError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    module_name, class_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    assert isinstance(cls, type) and issubclass(cls, Bot)
    return cls
