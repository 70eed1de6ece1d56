"""The deal pairs of several ``belot duel --log`` files of the same two bots (on other seeds)
pooled: A − B game points a deal with its 95% interval, and the pairs won, drawn and lost.

Run: ``.venv/bin/python benchmarks/pool_duel_logs.py LOG [LOG ...]``. Each log's header must
name the same bots, think and rules (the seeds differ: other deals); a log of a run still going
is read as far as its last finished chunk.
"""

from __future__ import annotations

import json
import sys

from belot.bots.arena import mean_ci


def pairs_of(path: str) -> tuple[dict[str, object], dict[int, float]]:
    """A log's header and A − B (game points a deal) on each of its deal pairs, by number."""
    with open(path) as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    if not rows or "belot_duel_log" not in rows[0]:
        raise SystemExit(f"{path}: not a belot duel log")
    diffs: dict[int, float] = {}
    for row in rows[1:]:
        if row.get("kind") != "deals":
            continue
        for number, games in row["pairs"]:
            a = sum(game[3][0] for game in games) / 2
            b = sum(game[3][1] for game in games) / 2
            diffs[int(number)] = a - b
    return rows[0], diffs


def pair_diffs(path: str) -> tuple[tuple[str, str, object, object], list[float]]:
    """The duel a log holds (A, B, think, rules) and A − B on each of its deal pairs."""
    head, diffs = pairs_of(path)
    duel = (str(head["a"]), str(head["b"]), head["think"], json.dumps(head["rules"]))
    return duel, list(diffs.values())


def main(paths: list[str]) -> None:
    if not paths:
        raise SystemExit(__doc__)
    duel = None
    pooled: list[float] = []
    for path in paths:
        this, diffs = pair_diffs(path)
        if duel is not None and this != duel:
            raise SystemExit(f"{path}: another duel ({this}) than the first log's ({duel})")
        duel = this
        mean, half = mean_ci(diffs)
        print(f"{path}: {mean:+.2f} ± {half:.2f} over {len(diffs)} deal pairs")
        pooled += diffs
    assert duel is not None
    mean, half = mean_ci(pooled)
    won = sum(1 for d in pooled if d > 0)
    lost = sum(1 for d in pooled if d < 0)
    print(
        f"{duel[0]} − {duel[1]}: {mean:+.2f} ± {half:.2f} game points a deal over {len(pooled)}"
        f" deal pairs ({won} won, {len(pooled) - won - lost} drawn, {lost} lost)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
