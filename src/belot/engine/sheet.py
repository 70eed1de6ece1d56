"""The running score sheet of a match: written points, hanging points carried, the end of game.

A match is played to the target (151). After a deal, a team with at least the target and more
than the other wins, except that a deal won by a valat, or one that leaves points hanging, cannot
end the game; equal scores at or over the target play on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from belot.engine.errors import IllegalActionError
from belot.engine.scoring import DealScore
from belot.engine.table import Team

__all__ = ["ScoreSheet", "Standing", "match_winner"]


@dataclass(frozen=True, slots=True)
class Standing:
    """The match as a deal starts: the game points each team has written (NS, EW), the points
    hanging for the deal's winner, and the target. Seats see it in their view, so that a bot
    can play for the match and not only for the deal."""

    totals: tuple[int, int]
    hanging: int = 0
    target: int = 151

    def to_json(self) -> dict[str, int]:
        return {
            "NS": self.totals[0],
            "EW": self.totals[1],
            "hanging": self.hanging,
            "target": self.target,
        }


def match_winner(totals: tuple[int, int], last: DealScore, target: int) -> Team | None:
    """The team that has won after the deal ``last`` left the sheet at ``totals``, if any."""
    if last.valat is not None or last.hanging > 0:
        return None
    ns, ew = totals
    if max(ns, ew) < target or ns == ew:
        return None
    return Team.NS if ns > ew else Team.EW


@dataclass
class ScoreSheet:
    """Deals written so far; ``hanging`` is what the next deal with a winner collects.

    ``ends`` is the game's end rule (Bulgarian Belot's by default): who has won once a deal
    left the sheet at some totals."""

    target: int = 151
    deals: list[DealScore] = field(default_factory=list)
    ends: Callable[[tuple[int, int], DealScore, int], Team | None] = field(
        default=match_winner, repr=False, compare=False
    )

    @property
    def totals(self) -> tuple[int, int]:
        ns = sum(d.written[0] for d in self.deals)
        ew = sum(d.written[1] for d in self.deals)
        return (ns, ew)

    @property
    def hanging(self) -> int:
        return self.deals[-1].hanging if self.deals else 0

    @property
    def standing(self) -> Standing:
        """The match as the next deal starts."""
        return Standing(self.totals, self.hanging, self.target)

    @property
    def winner(self) -> Team | None:
        if not self.deals:
            return None
        return self.ends(self.totals, self.deals[-1], self.target)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def add(self, score: DealScore) -> None:
        """Write a deal scored with ``hanging=self.hanging`` carried in."""
        if self.is_over:
            raise IllegalActionError("the match is already won")
        self.deals.append(score)
