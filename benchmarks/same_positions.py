"""CPU time of `strong`'s decisions on the same positions, for the bots' code of today and of an
older commit, in one run: auction turns, the first trick's cards and the later cards apart.

The positions: every decision with a choice, of every seat, in ``--deals`` deals a game that
`basic` plays all round (deal ``k`` seeded ``same-positions:{k}``). Each side decides them
all in a process of its own, ``--rounds`` times, the two sides taking turns, so that a machine's
moods fall on both. The older side is today's ``src`` (its compiled engine too) with
``src/belot/bots`` taken from ``--old``: only the bots' code differs (each side deals the
positions with its own `basic`: the same ones unless `basic`'s play changed). ``think_times.py``
times whole deals of `strong` against `basic`, whose positions part as soon as a decision
changes.

Run: ``.venv/bin/python benchmarks/same_positions.py --old COMMIT --games french,bela,coinche``
(4 minutes on one core for those three games and Bulgarian Belot at the defaults, and the
older side's numba compile once). Without ``--old``,
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

from belot.bots import make
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView

ROOT = Path(__file__).resolve().parent.parent


KINDS = ("auction turns", "first trick", "later cards")


def _kind(view: SeatView) -> int:
    """A decision's place in ``KINDS``."""
    if view.phase is Phase.AUCTION:
        return 0
    return 1 if len(view.hand) == 8 else 2


def _positions(game: str, deals: int) -> list[SeatView]:
    """Every decision with a choice, of every seat, in ``deals`` deals of ``game`` that `basic`
    plays."""
    rules = Rules.preset_named(game)
    views = []
    for k in range(deals):
        deal = Deal.new(rules, seed=f"same-positions:{k}", dealer=Seat(k % 4))
        basic = make("basic", seed=k)
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            if len(view.legal) > 1 and view.phase in (Phase.AUCTION, Phase.PLAY):
                views.append(view)
            deal.push(basic.act(view))
    return views


def _times(game: str, deals: int) -> list[list[int]]:
    """Microseconds of CPU for each position of ``_positions``, by kind (this process's
    ``belot``)."""
    views = _positions(game, deals)
    strong = make("strong", seed=0)
    strong.act(views[-1])  # the numba cache loaded
    spent: list[list[int]] = [[] for _ in KINDS]
    for view in views:
        started = time.thread_time_ns()
        strong.act(view)
        spent[_kind(view)].append((time.thread_time_ns() - started) // 1000)
    return spent


def _side(src: Path, game: str, deals: int) -> list[list[int]]:
    """``_times`` in a process whose ``belot`` is the one in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", game, str(deals)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    where, spent = out.splitlines()[-2:]
    assert Path(where).is_relative_to(src), f"{where} is not under {src}"
    return [list(times) for times in json.loads(spent)]


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

        child_spent = _times(sys.argv[2], int(sys.argv[3]))
        print(belot.__file__)
        print(json.dumps(child_spent))
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--old", help="the commit whose bots' code to set beside today's")
    parser.add_argument("--games", default="french,bela,coinche")
    parser.add_argument("--deals", type=int, default=6, help="deals a game")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"today": ROOT / "src"}
        if args.old:
            sides[args.old] = _older(args.old, Path(tmp))
        for game in args.games.split(","):
            spent: dict[str, list[list[int]]] = {name: [[] for _ in KINDS] for name in sides}
            for _ in range(args.rounds):
                for name, src in sides.items():
                    for kind, times in enumerate(_side(src, game, args.deals)):
                        spent[name][kind] += times
            for only, label in (*enumerate(KINDS), (None, "all")):
                means = {}
                for name, by_kind in spent.items():
                    t = [x for k, ts in enumerate(by_kind) if only in (None, k) for x in ts]
                    means[name] = statistics.fmean(t) / 1000
                    print(
                        f"{game:<8} {label:<14} {name:<10} {len(t):4d}  mean {means[name]:6.1f} ms"
                        f"  p50 {statistics.median(t) / 1000:6.1f} ms  max {max(t) / 1000:6.0f} ms"
                    )
                if args.old:
                    ratio = means["today"] / means[args.old]
                    print(f"{game:<8} {label:<14} today / {args.old}: {ratio:.2f}")


if __name__ == "__main__":
    main()
