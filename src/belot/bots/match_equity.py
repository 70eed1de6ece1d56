"""The chance of winning a match from its score: what a bot plays for when the match is on.

A deal is worth its game points only while the end of the match is far. At 140 to 100, the
team at 140 needs 11 more points, and the other must keep them from it; a point more or less in
the deal that decides it matters far more than one in the first deal. So a bot that sees the
match score (``SeatView.standing``) weighs a deal's outcome by the chance it leaves of winning
the match, not by its points.

The chance comes from a table of what deals write. ``OUTCOMES`` (in ``_deal_outcomes``) counts
the game points each team wrote in deals of ``basic`` against ``basic``, both ways round, so the
two teams are taken as equals. From it, ``win_chance(mine, theirs)`` is the chance of winning
a match to the target from that score before a deal, worked out backwards from the target over
every score (a match ends when a team reaches the target with more than the other; equal
scores at or over it are an even chance). The table leaves out two finer rules: points left
hanging, and that a valat cannot end the match.

A team that expects to outplay the other by ``edge`` game points a deal (``strong`` against
club players) has better chances from every score, and a lead is worth more to it than the
same deficit costs: it should take fewer risks. Its table comes from the same deals, each
weighed by ``exp(λ·(mine − theirs))``, with λ such that the mean deal gives it ``edge`` points
more than the other (the least change to the table that gives the team that edge).

``MatchUtility`` turns the chance into game points near the current score, so that the bots'
risk margins keep their sense: one game point is what one game point is worth in the match
right now.

Each game has a table of its own: French Belote, Coinche and Bela write card points (about ten
times Bulgarian Belot's game points) to targets of 1,000 or 1,001, so their tables count in
units of ten points (``UNIT``), and a score between two units reads the table between them
(bilinear), so that a point more is still worth something to the search.

Regenerate a game's outcome table with ``python -m belot.bots.match_equity DEALS SEED [GAME]``.
"""

from __future__ import annotations

import functools
import importlib
import math
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from belot.engine.sheet import Standing
from belot.engine.table import Team

__all__ = ["MatchUtility", "count_outcomes", "match_utility", "win_chance"]

#: The step (in the game's units) over which the local worth of a game point is measured.
SLOPE_STEP = 10
#: The points one cell of a game's table stands for: Bulgarian Belot's game points one by one,
#: the other games' card points by tens (their scores run to 1,000, and Coinche's are tens).
UNIT: dict[str, int] = {"bulgarian": 1, "french": 10, "coinche": 10, "bela": 10}
#: The least worth of a game point, in match chance: a decided match still ranks its choices.
MIN_SLOPE = 1e-5


def count_outcomes(deals: int, seed: int, game: str = "bulgarian") -> Counter[tuple[int, int]]:
    """The game points (NS, EW) that ``deals`` deals of ``game`` played by ``basic`` against
    ``basic`` wrote, all passes left out, each counted both ways round (so the teams are
    even)."""
    import random

    from belot.bots.basic import BasicBot
    from belot.engine.actions import Cut
    from belot.engine.deal import Deal
    from belot.engine.rules import Rules
    from belot.engine.table import Seat

    rules = Rules.preset_named(game)
    bots = [BasicBot(seed=seed + seat) for seat in range(4)]
    counts: Counter[tuple[int, int]] = Counter()
    # Bulgarian Belot's table was made before the other games, with seeds of its own.
    name = "outcomes" if game == "bulgarian" else f"outcomes:{game}"
    for number in range(deals):
        deal = Deal(rules, dealer=Seat(number % 4), seed=f"{name}:{seed}:{number}")
        deal.push(Cut(random.Random(f"cut:{seed}:{number}").randint(1, 31)))
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            deal.push(bots[seat].act(deal.view(seat)))
        if deal.result is not None:
            ns, ew = deal.result.written
            counts[ns, ew] += 1
            counts[ew, ns] += 1
    return counts


def _module(game: str) -> str:
    """The generated module that holds ``game``'s outcome table."""
    suffix = "" if game == "bulgarian" else f"_{game}"
    return f"belot.bots._deal_outcomes{suffix}"


def _outcomes(edge: float, game: str = "bulgarian") -> list[tuple[int, int, float]]:
    """The deals' outcomes (mine, theirs, weight) in ``game``'s units that write something,
    weighed so that the mean deal gives the team ``edge`` units more than the other."""
    unit = UNIT[game]
    table: tuple[tuple[int, int, int], ...] = importlib.import_module(_module(game)).OUTCOMES
    merged: Counter[tuple[int, int]] = Counter()
    for x, y, count in table:
        merged[round(x / unit), round(y / unit)] += count
    # A deal that writes nothing for either team (all hanging) only delays: left out.
    moving = [(x, y, float(count)) for (x, y), count in sorted(merged.items()) if x + y > 0]
    if edge == 0:
        return moving
    diffs = np.array([x - y for x, y, _ in moving], dtype=float)
    counts = np.array([count for _, _, count in moving])

    def mean(tilt: float) -> float:
        weights = counts * np.exp(tilt * (diffs - diffs.mean()))
        return float((weights * diffs).sum() / weights.sum())

    low, high = -1.0, 1.0
    for _ in range(60):  # the mean grows with the tilt: halve the interval to the edge
        middle = (low + high) / 2
        low, high = (middle, high) if mean(middle) < edge else (low, middle)
    weights = counts * np.exp(low * (diffs - diffs.mean()))
    return [(x, y, float(w)) for (x, y, _), w in zip(moving, weights, strict=True)]


# A few tables at most (9 MB at a target of 1001 units): a server whose tables play to many
# targets must not keep one for each.
@functools.lru_cache(maxsize=8)
def _table(target: int, edge: float = 0.0, game: str = "bulgarian") -> np.ndarray:
    """``table[a, b]``: the chance that the team with ``a`` units wins from ``a`` to ``b``
    before a deal of ``game``, to ``target`` units, when it gains ``edge`` units a deal on the
    other; cells at or over the target hold the match's end (1, 0, or 0.5 for equal scores)."""
    moving = _outcomes(edge, game)
    total = sum(count for _, _, count in moving)
    reach = max(max(x, y) for x, y, _ in moving) + 1
    size = target + reach
    table = np.zeros((size, size))
    a, b = np.indices((size, size))
    over = (a >= target) | (b >= target)
    table[over & (a > b)] = 1.0
    table[over & (a == b)] = 0.5
    # kernels[x][y]: the chance that a deal writes x for the team and y for the other.
    kernels = np.zeros((reach, reach))
    for x, y, count in moving:
        kernels[x, y] += count / total
    steps = [x for x in range(1, reach) if kernels[x].any()]
    # Every deal that writes nothing for the team writes at least this much for the other.
    gap = min(y for y in range(1, reach) if kernels[0, y] > 0)
    for mine in range(target - 1, -1, -1):
        # Deals that write for the team lead to rows already filled.
        row = np.zeros(target)
        for x in steps:
            row += np.correlate(table[mine + x, : target + reach - 1], kernels[x], "valid")
        # The others lead along this row, at least ``gap`` further: fill it in blocks of that.
        cells = table[mine]
        for high in range(target - 1, -1, -gap):
            low = max(high - gap + 1, 0)
            ahead = np.correlate(cells[low : high + reach], kernels[0], "valid")
            cells[low : high + 1] = row[low : high + 1] + ahead
    return table


def win_chance(
    mine: float, theirs: float, target: int = 151, edge: float = 0.0, game: str = "bulgarian"
) -> float:
    """The chance that a team with ``mine`` game points wins a match of ``game`` to ``target``
    against ``theirs``, before a deal, when it gains ``edge`` game points a deal on the other
    (at or over the target: the match's end, 0.5 for equal scores). Between two cells of the
    game's table (``UNIT``), the chance is read between them."""
    if max(mine, theirs) >= target:  # the match's end, by the exact scores
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    unit = UNIT[game]
    table = _table(math.ceil(target / unit), edge / unit, game)
    top = table.shape[0] - 1
    a = min(max(mine / unit, 0.0), top)
    b = min(max(theirs / unit, 0.0), top)
    i, j = int(a), int(b)
    fa, fb = a - i, b - j
    if fa == 0 and fb == 0:  # on a cell (every Bulgarian score): its value exactly
        return float(table[i, j])
    i1, j1 = min(i + 1, top), min(j + 1, top)
    return float(
        (1 - fa) * ((1 - fb) * table[i, j] + fb * table[i, j1])
        + fa * ((1 - fb) * table[i1, j] + fb * table[i1, j1])
    )


@dataclass(frozen=True, slots=True)
class MatchUtility:
    """What a deal that writes ``(mine, theirs)`` game points is worth to one team in the
    match, in game points at the current score: the change in the chance of winning the
    match, divided by the chance one game point is worth here."""

    mine: int
    theirs: int
    target: int
    base: float
    slope: float
    edge: float = 0.0
    game: str = "bulgarian"

    @classmethod
    def of(
        cls, standing: Standing, team: Team, edge: float = 0.0, game: str = "bulgarian"
    ) -> MatchUtility:
        """``team``'s utility at ``standing`` in a match of ``game``, for a team that gains
        ``edge`` game points a deal on the other."""
        mine, theirs = standing.totals[team], standing.totals[team.other]
        target = standing.target
        step = SLOPE_STEP * UNIT[game]
        up = win_chance(mine + step, theirs, target, edge, game)
        down = win_chance(mine, theirs + step, target, edge, game)
        slope = max((up - down) / (2 * step), MIN_SLOPE / UNIT[game])
        base = win_chance(mine, theirs, target, edge, game)
        return cls(mine, theirs, target, base, slope, edge, game)

    def __call__(self, mine: int, theirs: int) -> float:
        chance = win_chance(
            self.mine + mine, self.theirs + theirs, self.target, self.edge, self.game
        )
        return (chance - self.base) / self.slope


def match_utility(
    standing: Standing | None, team: Team, edge: float = 0.0, game: str = "bulgarian"
) -> MatchUtility | None:
    """``team``'s match utility in ``game`` (gaining ``edge`` game points a deal on the
    other), or None outside a match (a deal is then worth its points)."""
    return None if standing is None else MatchUtility.of(standing, team, edge, game)


def _write_outcomes(deals: int, seed: int, game: str = "bulgarian") -> None:
    counts = count_outcomes(deals, seed, game)
    rows = "\n".join(f"    ({x}, {y}, {n})," for (x, y), n in sorted(counts.items()))
    command = f"python -m belot.bots.match_equity {deals} {seed}"
    if game != "bulgarian":
        command += f" {game}"
    of = "of" if game == "bulgarian" else f"of {game},"
    text = (
        f'"""Game points (mine, theirs) written by {deals} deals {of} ``basic`` against '
        f"``basic``\n"
        f"(seed {seed}), each counted both ways round, with its count. Generated by\n"
        f'``{command}``; do not edit."""\n\n'
        f"from typing import Final\n\n"
        f"OUTCOMES: Final[tuple[tuple[int, int, int], ...]] = (\n{rows}\n)\n"
    )
    name = _module(game).rsplit(".", 1)[1]
    Path(__file__).with_name(f"{name}.py").write_text(text)


if __name__ == "__main__":
    _write_outcomes(int(sys.argv[1]), int(sys.argv[2]), *sys.argv[3:4])
