"""A/B test of two settings of `strong`, each against `basic` on the same deals.

Run: ``.venv/bin/python benchmarks/ab_test.py X Y [--deals 300] [--seed 41] [--workers 2]``
or, for matches to 151 in place of single deals, ``... X Y --matches 50``; ``--game bela``
(or ``french``, ``coinche``) plays another game than Bulgarian Belot.

X and Y are JSON objects of settings, each a module constant of ``belot.bots`` by its dotted
name, e.g. ``'{"strong.FIRST_TRICK_THINK": 3}'`` against ``'{}'`` (the committed settings);
it is set while the bot decides, so it must be read then (not bound as an argument's default).
Each deal is played four times: by X's strong and by Y's strong, each from both seats of the
deal, against the same `basic` with the same seeds. Only the settings differ, so the two
results differ only where a setting changed a decision, and the difference per deal pair
(X less Y, game points a deal) has far less noise than a duel of each against `basic`.
With ``--matches``, each match pair of the duels is played the same way, and the result is the
share of matches each setting wins (a match differs from its first changed decision on).
With ``--log FILE``, each pair's result is appended to FILE as it ends; the same test run again
with the same FILE plays only the pairs it does not hold (a stopped run resumes).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from bot_settings import applied, parse

from belot.bots.arena import deal_pair, match_pair, mean_ci
from belot.bots.base import Bot
from belot.bots.basic import BasicBot
from belot.bots.strong import StrongBot
from belot.engine.actions import Action
from belot.engine.games import GAMES
from belot.engine.rules import Rules
from belot.engine.view import SeatView


class _Tuned(StrongBot):
    """`strong` with some of its module constants set while it decides."""

    def __init__(self, seed: int, settings: dict[str, Any]) -> None:
        super().__init__(seed=seed)
        self.settings = settings

    def act(self, view: SeatView) -> Action:
        with applied(self.settings):
            return super().act(view)


def ab_bots(settings: dict[str, Any]) -> tuple[list[Bot], list[Bot]]:
    """The two sides of a test's half: `strong` with ``settings`` (seeded 100 + seat) and the
    same `basic` for X and Y (200 + seat). A bot decides by its seed and what its seat sees, so
    fresh ones play any pair of a test again as it did (``replay_pair.py --ab``)."""
    tuned: list[Bot] = [_Tuned(100 + s, settings) for s in range(4)]
    basic: list[Bot] = [BasicBot(seed=200 + s) for s in range(4)]
    return tuned, basic


def _both(job: tuple[str, int, int, bool, dict[str, Any], dict[str, Any]]) -> tuple[float, float]:
    """X's and Y's result on the duels' pair ``number`` of ``game``: game points less basic's a
    deal for a deal pair, the share of the two matches won for a match pair."""
    game, seed, number, matches, x, y = job
    rules = Rules.preset_named(game)
    out = []
    for settings in (x, y):
        bots = ab_bots(settings)
        if matches:
            first, second = match_pair(rules, bots, seed, number)
            out.append((first + second) / 2)
        else:
            pair = deal_pair(rules, bots, seed, number)
            out.append(pair.a - pair.b)
    return out[0], out[1]


def read_log(path: Path, header: dict[str, Any]) -> dict[int, tuple[float, float]]:
    """The pairs' results a log of the same test holds (a line cut off at its end dropped);
    a new log is started with the test's header."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines.pop()  # cut off as it was written
    if not lines:
        lines = [json.dumps(header) + "\n"]
    if json.loads(lines[0]) != header:
        raise SystemExit(f"{path} is the log of another test: give another --log")
    path.write_text("".join(lines), encoding="utf-8")
    pairs = (json.loads(line) for line in lines[1:])
    return {int(p["pair"]): (float(p["xy"][0]), float(p["xy"][1])) for p in pairs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("x", type=parse)
    parser.add_argument("y", type=parse)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--matches", type=int, default=0)
    parser.add_argument("--log", type=Path, default=None, help="JSON lines, one per pair")
    parser.add_argument("--game", choices=tuple(GAMES), default="bulgarian")
    args = parser.parse_args()  # a name that sets nothing stops the test here, not in a worker
    started = time.perf_counter()
    count = args.matches or args.deals
    header = {"x": args.x, "y": args.y, "seed": args.seed, "matches": args.matches > 0}
    if args.game != "bulgarian":  # the logs of Bulgarian tests keep their header
        header["game"] = args.game
    results = read_log(args.log, header) if args.log else {}
    jobs = {
        number: (args.game, args.seed, number, args.matches > 0, args.x, args.y)
        for number in range(count)
        if number not in results
    }
    log = args.log.open("a", encoding="utf-8") if args.log else None
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(_both, job): number for number, job in jobs.items()}
        for future in as_completed(futures):
            number = futures[future]
            results[number] = future.result()
            if log is not None:
                log.write(json.dumps({"pair": number, "xy": results[number]}) + "\n")
                log.flush()
    if log is not None:
        log.close()
    pairs = [results[number] for number in range(count)]
    diffs = [x - y for x, y in pairs]
    ci = mean_ci(diffs)[1]
    print(f"X {json.dumps(args.x)}  against  Y {json.dumps(args.y)}  ({args.game})")
    if args.matches:
        print(f"  {len(diffs)} match pairs (seed {args.seed}), {sum(1 for d in diffs if d)} differ")
        print(f"  X wins {100 * statistics.mean(x for x, _ in pairs):.1f}% of matches")
        print(f"  Y wins {100 * statistics.mean(y for _, y in pairs):.1f}% of matches")
        print(f"  X - Y  {100 * statistics.mean(diffs):+.1f} ± {100 * ci:.1f} points of matches")
        print(f"  ({time.perf_counter() - started:.0f} s)")
        return
    print(f"  {len(diffs)} deal pairs (seed {args.seed}), {sum(1 for d in diffs if d)} differ")
    print(f"  X against basic {statistics.mean(x for x, _ in pairs):+.2f} a deal")
    print(f"  Y against basic {statistics.mean(y for _, y in pairs):+.2f} a deal")
    print(f"  X - Y  {statistics.mean(diffs):+.2f} ± {ci:.2f} game points a deal (95% CI)")
    print(f"  ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
