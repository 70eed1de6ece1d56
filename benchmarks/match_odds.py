"""What a deal duel's edge is worth in matches: the deals of a ``belot duel --log`` (both plays
of every pair) drawn at random, with replacement, into matches to the game's target, as if
neither bot played for the match. Prints A's edge a deal and its spread, how often one deal
alone writes the target, the matches A wins and how many deals a match takes.

Set beside a match duel's figure, it says how much of the match result the deals explain and
how much the match play adds (the hanging points of Bulgarian Belot and of Bela's option are
not modelled: a deal's points are written at once).

Run: ``.venv/bin/python benchmarks/match_odds.py LOG [--matches 20000] [--seed 1]``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics

from belot.engine import Rules


def deal_points(path: str) -> tuple[Rules, list[tuple[int, int]]]:
    """A log's rules and the game points that A and B wrote in each deal it played."""
    with open(path) as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    if not rows or "belot_duel_log" not in rows[0]:
        raise SystemExit(f"{path}: not a belot duel log")
    rules = Rules.from_dict(rows[0]["rules"])
    points = [
        (int(game[3][0]), int(game[3][1]))
        for row in rows[1:]
        if row.get("kind") == "deals"
        for _, games in row["pairs"]
        for game in games
    ]
    if not points:
        raise SystemExit(f"{path}: no deal pairs (a log of matches only)")
    return rules, points


def play_match(points: list[tuple[int, int]], target: int, rng: random.Random) -> tuple[bool, int]:
    """One match of deals drawn from ``points``: whether A wins it, and its deals. It ends once
    a side has the target and the sides are not level (the higher wins)."""
    a = b = deals = 0
    while max(a, b) < target or a == b:
        x, y = rng.choice(points)
        a, b, deals = a + x, b + y, deals + 1
    return a > b, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("--matches", type=int, default=20_000, help="matches drawn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules, points = deal_points(args.log)
    target = rules.target
    edges = [a - b for a, b in points]
    alone = sum(1 for deal in points if max(deal) >= target) / len(points)
    rng = random.Random(args.seed)
    played = [play_match(points, target, rng) for _ in range(args.matches)]
    wins = sum(1 for won, _ in played if won)
    share = wins / len(played)
    half = 1.96 * (share * (1 - share) / len(played)) ** 0.5
    print(
        f"{rules.preset}, {len(points)} deals: A's edge {statistics.mean(edges):+.1f} game points"
        f" a deal (standard deviation {statistics.pstdev(edges):.0f}); one deal alone writes"
        f" the target of {target} in {alone:.1%} of deals"
    )
    print(
        f"  deals drawn at random into {len(played)} matches: A wins {share:.1%} ± {half:.1%},"
        f" {statistics.mean(deals for _, deals in played):.2f} deals a match"
    )


if __name__ == "__main__":
    main()
