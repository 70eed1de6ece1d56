"""``expert``: ``strong``'s search, given several times the time, for analysis, hints and the
hardest game.

It plays exactly as ``strong`` does (``belot.bots.strong``: worlds dealt within what the seat has
seen, weighted by the auction and by the other team's plays, each solved exactly, the action
with the best mean game points played) with a larger search a decision:

* ``EXPERT_THINK`` seconds of solver nodes a decision instead of ``strong.DEFAULT_THINK`` (0.5):
  4 times the nodes, so 4 times the worlds where the budget, not the cap on worlds, ends the
  search (the first tricks and the auction, where a world is a whole deal to solve). In
  ``strong``'s A/B tests 2.9 times the nodes gained +0.87 ± 0.73 game points a deal.
* at most ``CARD_WORLDS`` worlds a card (``strong``: 160) and ``AUCTION_WORLDS`` an auction
  turn (``strong``: 48), so that the larger budget is spent on more worlds rather than cut
  off by the cap; and no card decision stops before them because its best card is clear
  (``strong.CLEAR``).

The auction and the first trick take ``strong``'s factors of the budget (a card of the first
trick 1.2, an auction turn 3.6, of Coinche 2.4: ``strong.AUCTION_THINK``,
``GAME_AUCTION_THINK``), so its largest decisions are auction turns of 43.2 M nodes (Coinche
28.8 M: 1.8 s of CPU at most in ``benchmarks/expert_times.py``; Bulgarian Belot 2.3 s), within
the bound of ``THINK_BOUND`` seconds of CPU a decision that the benchmark checks. Like every
level it is deterministic for a seed and sees only its seat's view; the node budget, not a
clock, ends its search. ``decide`` reports the search's progress (worlds solved, the best
action so far) to a callback, which a table shows while it thinks.
"""

from __future__ import annotations

from typing import ClassVar, Final

from belot.bots.strong import StrongBot

__all__ = ["AUCTION_WORLDS", "CARD_WORLDS", "EXPERT_THINK", "THINK_BOUND", "ExpertBot"]

#: Seconds of solver nodes (``strong.NODES_PER_SECOND``) a decision.
EXPERT_THINK: Final = 2.0
#: Most worlds dealt for a card.
CARD_WORLDS: Final = 640
#: Most worlds dealt for an auction turn.
AUCTION_WORLDS: Final = 160
#: The CPU seconds a decision stays within (measured by ``benchmarks/expert_times.py``).
THINK_BOUND: Final = 5.0


class ExpertBot(StrongBot):
    """``strong`` with a larger search a decision (see the module docstring)."""

    name: ClassVar[str] = "expert"
    shows_thinking: ClassVar[bool] = True
    default_think: ClassVar[float | None] = EXPERT_THINK
    card_worlds: ClassVar[int | None] = CARD_WORLDS
    auction_worlds: ClassVar[int | None] = AUCTION_WORLDS
    settles: ClassVar[bool] = False
