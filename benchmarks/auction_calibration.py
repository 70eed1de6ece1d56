"""How well `strong`'s auction foresees its deals: the estimate of each call it made against what
the deal then wrote.

Deals of a game are played by `strong` (one team) against `basic`, each from both seats as the
duels play them (``arena``'s deal seeds, ``--seed``). At every auction turn `strong` weighs its
calls (``StrongBot.call_estimates``); the script keeps the call made, its
estimate (game points for the team, less the other's) and how many worlds it was weighed in.
For the team's last call of each deal, the estimate is set against the game points the deal
wrote for the team less the other's: a search that foresaw its deals would show no gap on
average, and a gap where one kind of call is chosen (a bid, a surcoinche) is the optimism of
picking the best of many noisy means (and of the open hands each world is solved with).
Calls other than a pass are shown again by how many worlds they were weighed in
(``WORLD_BUCKETS``): a call made on a few worlds is the noisiest; and in French Belote and Bela
by the strength of the hand for the suit called (`basic`'s ``contract_strength``, with the
turned card in French Belote; ``STRENGTH_BUCKETS``, about where `basic` would call: 52 and 54),
to see whether the calls `basic` would not make are the ones worse foreseen (not Bela's dealer
forced to name).

Run: ``.venv/bin/python benchmarks/auction_calibration.py --game coinche --deals 90 --workers 2``
(about 2 minutes), ``--set module.NAME=JSON`` for a setting of `strong` (as ``ab_test.py``).
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot_settings import apply, parse_assignments

from belot.bots.arena import duel_deal, mean_ci
from belot.bots.base import Progress
from belot.bots.basic import BasicBot, calling_hand, contract_strength
from belot.bots.bidding import CallEstimate
from belot.bots.strong import StrongBot
from belot.engine.actions import Call
from belot.engine.contracts import Contract
from belot.engine.games import game_of
from belot.engine.rules import Rules
from belot.engine.table import Seat, Team
from belot.engine.view import SeatView

#: The ranges of worlds a call other than a pass is also shown by: few worlds, a noisy estimate.
WORLD_BUCKETS = (4, 12)
#: The ranges of a suit call's strength (French Belote, Bela) it is also shown by.
STRENGTH_BUCKETS = (35, 47)


class _Recording(StrongBot):
    """`strong`, keeping each auction turn's call, its estimate and its worlds."""

    def __init__(self, seed: int, turns: list[dict[str, Any]]) -> None:
        super().__init__(seed=seed)
        self.turns = turns

    def call_estimates(
        self, view: SeatView, calls: list[Call], progress: Progress | None = None
    ) -> list[CallEstimate]:
        estimates = super().call_estimates(view, calls, progress)
        if not estimates:
            self.turns.append({"kind": "NONE", "estimate": None, "worlds": 0})
        else:
            best = estimates[0]
            self.turns.append(
                {
                    "kind": best.call.kind.name,
                    "estimate": best.points,
                    "worlds": best.worlds,
                    "strength": _strength(view, best.call),
                }
            )
        return estimates


def _strength(view: SeatView, call: Call) -> int | None:
    """`basic`'s strength of ``view``'s hand (with the turned card) for the suit ``call`` names,
    or None (a pass, Bela's dealer forced to name, or a game whose calls are not suits alone)."""
    contract = call.contract
    forced = Call.pass_() not in view.legal
    if contract is None or forced or game_of(view.rules).name not in ("french", "bela"):
        return None
    return contract_strength(calling_hand(view), Contract(contract))


def _deals(job: tuple[str, int, int, int, list[str]]) -> list[dict[str, Any]]:
    game, seed, start, count, settings = job
    apply(parse_assignments(settings))
    rules = Rules.preset_named(game)
    out = []
    for number in range(start, start + count):
        for team in (Team.NS, Team.EW):
            turns: list[dict[str, Any]] = []
            bots = [
                _Recording(100 + s, turns) if Seat(s).team is team else BasicBot(seed=200 + s)
                for s in range(4)
            ]
            deal = duel_deal(rules, seed, number)
            while not deal.is_over:
                seat = deal.turn
                assert seat is not None
                deal.push(bots[seat].act(deal.view(seat)))
            written = deal.result.written if deal.result is not None else (0, 0)
            out.append({"turns": turns, "net": written[team] - written[team.other]})
    return out


def _bucket(value: int, bounds: tuple[int, ...], low: int = 1) -> tuple[int, str]:
    """The range of ``bounds`` (the first from ``low``) that ``value`` lies in: its order and its
    span (``1-4``, ``13+``)."""
    for rank, most in enumerate(bounds):
        if value <= most:
            return rank, f"{low}-{most}"
        low = most + 1
    return len(bounds), f"{low}+"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="coinche")
    parser.add_argument("--deals", type=int, default=90, help="deal pairs (each from both seats)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], metavar="module.NAME=JSON")
    args = parser.parse_args()
    chunk = max(1, args.deals // (4 * args.workers))
    jobs = [
        (args.game, args.seed, start, min(chunk, args.deals - start), args.set)
        for start in range(0, args.deals, chunk)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        deals = [d for part in pool.map(_deals, jobs) for d in part]
    worlds: dict[str, list[int]] = defaultdict(list)
    gaps: dict[str, list[float]] = defaultdict(list)
    # The gaps of the calls other than a pass by the worlds they were weighed in, and of the
    # suit calls by their strength (after: rank 10 on).
    by_range: dict[tuple[str, int, str], list[float]] = defaultdict(list)
    for d in deals:
        for turn in d["turns"]:
            worlds[turn["kind"]].append(turn["worlds"])
        last = d["turns"][-1] if d["turns"] else None
        if last is not None and last["estimate"] is not None:
            gap = last["estimate"] - d["net"]
            gaps[last["kind"]].append(gap)
            gaps["every last call"].append(gap)
            if last["kind"] != "PASS":
                rank, span = _bucket(last["worlds"], WORLD_BUCKETS)
                by_range[(last["kind"], rank, f"in {span} worlds")].append(gap)
            if last.get("strength") is not None:
                rank, span = _bucket(last["strength"], STRENGTH_BUCKETS, low=0)
                by_range[(last["kind"], 10 + rank, f"at strength {span}")].append(gap)
    print(f"{args.game}: {len(deals)} deals ({args.deals} pairs, seed {args.seed}) {args.set}")
    print("worlds an auction turn, by the call made: median (turns)")
    for kind in sorted(worlds):
        print(f"  {kind:<12} {statistics.median(worlds[kind]):>5} ({len(worlds[kind])})")
    print("the team's last call: its estimate less what the deal wrote, mean ± 95% (deals)")
    for kind in sorted(gaps, key=lambda k: (k == "every last call", k)):
        _gap_line(kind, gaps[kind])
        for key in sorted(k for k in by_range if k[0] == kind):
            _gap_line(f"  {key[2]}", by_range[key])


def _gap_line(label: str, values: list[float]) -> None:
    mean, half = mean_ci(values)  # one value: no interval (inf)
    print(f"  {label:<20} {mean:+8.1f} ± {half:6.1f} ({len(values)})")


if __name__ == "__main__":
    main()
