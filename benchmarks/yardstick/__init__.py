"""The yardstick: Bulgarian Belot's `basic` and `strong` as they were at commit 39fcb5d, frozen
for the benchmarks only (issue 26), so that every figure of a later bot is measured against the
same players however ``src/belot/bots`` changes. Not a level users see.

The modules are copies of ``src/belot/bots`` at 39fcb5d (``git show 39fcb5d:src/belot/bots/X.py``)
with their imports of one another pointed here; they use only the engine and ``belot.bots.base``.
Import with ``benchmarks/`` on the path: ``from yardstick import make``.
"""

from __future__ import annotations

from belot.bots.base import Bot
from belot.engine.errors import BelotError

__all__ = ["LEVELS", "make"]

#: The frozen levels.
LEVELS: tuple[str, ...] = ("basic", "strong")


def make(level: str, seed: int = 0, think: float | None = None) -> Bot:
    """A frozen bot of the named level (``basic`` or ``strong`` as at 39fcb5d)."""
    if level == "basic":
        from yardstick.basic import BasicBot

        return BasicBot(seed=seed, think=think)
    if level == "strong":
        from yardstick.strong import StrongBot

        return StrongBot(seed=seed, think=think)
    raise BelotError(f"unknown yardstick level {level!r} (known: {', '.join(LEVELS)})")
