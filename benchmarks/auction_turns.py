"""CPU time of `strong`'s auction turns on the same positions, for the bots' code of today and of
an older commit, in one run.

The positions: every auction turn with a choice in deals that `basic` bids (``--turns`` a game,
deal ``k`` seeded ``auction-turns:{k}``). Each side decides them all in a process of its own,
``--rounds`` times, the two sides taking turns, so that a machine's moods fall on both. The older
side is today's ``src`` (its compiled engine too) with ``src/belot/bots`` taken from ``--old``:
only the bots' code differs.

Run: ``.venv/bin/python benchmarks/auction_turns.py --old COMMIT --games french,bela,coinche``
(about 3 minutes on one core, and the older side's numba compile once). Without ``--old``,
today's code alone.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _turns(game: str, turns: int) -> list[int]:
    """Microseconds of CPU for each of ``turns`` auction turns of ``game`` (this process's
    ``belot``)."""
    from belot.bots import make
    from belot.engine.deal import Deal, Phase
    from belot.engine.rules import Rules
    from belot.engine.table import Seat
    from belot.engine.view import SeatView

    rules = Rules.preset_named(game)
    views: list[SeatView] = []
    k = 0
    while len(views) < turns:
        deal = Deal.new(rules, seed=f"auction-turns:{k}", dealer=Seat(k % 4))
        basic = make("basic", seed=k)
        k += 1
        while not deal.is_over and deal.phase is not Phase.PLAY:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.AUCTION and len(view.legal) > 1:
                views.append(view)
            deal.push(basic.act(view))
    strong = make("strong", seed=0)
    strong.act(views[0])  # the numba cache loaded
    spent = []
    for view in views[:turns]:
        started = time.thread_time_ns()
        strong.act(view)
        spent.append((time.thread_time_ns() - started) // 1000)
    return spent


def _side(src: Path, game: str, turns: int) -> list[int]:
    """``_turns`` in a process whose ``belot`` is the one in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", game, str(turns)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    where, spent = out.splitlines()[-2:]
    assert Path(where).is_relative_to(src), f"{where} is not under {src}"
    return list(json.loads(spent))


def _older(commit: str, into: Path) -> Path:
    """Today's ``src`` with ``src/belot/bots`` of ``commit``, under ``into``."""
    src = into / "src"
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.rmtree(src / "belot" / "bots")
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "src/belot/bots"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return src


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        import belot

        spent = _turns(sys.argv[2], int(sys.argv[3]))
        print(belot.__file__)
        print(json.dumps(spent))
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--old", help="the commit whose bots' code to set beside today's")
    parser.add_argument("--games", default="french,bela,coinche")
    parser.add_argument("--turns", type=int, default=30, help="auction turns a game")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"today": ROOT / "src"}
        if args.old:
            sides[args.old] = _older(args.old, Path(tmp))
        for game in args.games.split(","):
            spent: dict[str, list[int]] = {name: [] for name in sides}
            for _ in range(args.rounds):
                for name, src in sides.items():
                    spent[name] += _side(src, game, args.turns)
            means = {name: statistics.fmean(t) / 1000 for name, t in spent.items()}
            for name, t in spent.items():
                print(
                    f"{game:<8} {name:<12} {len(t):4d} turns  mean {means[name]:6.0f} ms"
                    f"  p50 {statistics.median(t) / 1000:6.0f} ms  max {max(t) / 1000:6.0f} ms"
                )
            if args.old:
                print(f"{game:<8} today / {args.old}: {means['today'] / means[args.old]:.2f}")


if __name__ == "__main__":
    main()
