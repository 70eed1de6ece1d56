"""Computer players. They see a deal only through a seat's view (``belot.engine.view``).

``make("basic", seed=1)`` builds a bot by level name; ``LEVELS`` lists the names.
``prepare(progress=print)`` compiles the strong player's search (or loads it from numba's cache)
before the first decision that needs it (``belot.bots.compiled``).
"""

from __future__ import annotations

import importlib

from belot.bots.base import Bot
from belot.bots.compiled import Prepared, prepare

__all__ = ["LEVELS", "Bot", "Prepared", "make", "prepare"]

#: Level name -> "module:Class", imported on first use.
LEVELS: dict[str, str] = {
    "random": "belot.bots.random_bot:RandomBot",
    "basic": "belot.bots.basic:BasicBot",
    "strong": "belot.bots.strong:StrongBot",
}


def make(level: str, seed: int = 0, think: float | None = None) -> Bot:
    """A bot of the named level."""
    target = LEVELS.get(level)
    if target is None:
        from belot.engine.errors import BelotError

        raise BelotError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    module_name, class_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    bot = cls(seed=seed, think=think)
    assert isinstance(bot, Bot)
    return bot
