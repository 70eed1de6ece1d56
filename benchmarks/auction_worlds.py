"""What an auction turn of French Belote, Coinche or Bela costs, and how many worlds it weighs.

Two figures a game, on the first auction turn of ``--turns`` deals (the deal's cut, no call
before it):

- the time of one call played out in a world (``bidding._game_auctions``: a view, `basic`'s
  call, the push and pop), in µs, which ``bidding.CALL_NODES`` charges to the turn's node
  budget in its stead;
- for each ``--call-nodes`` setting, the worlds the turn weighs (``StrongBot.call_estimates``,
  `strong`'s own budget) and its CPU time (median and most).

Run: ``.venv/bin/python benchmarks/auction_worlds.py --games french,coinche,bela --turns 20
--call-nodes 15000,150`` (about a minute on one core; the numba cache should be warm).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from belot.bots import bidding
from belot.bots.basic import BasicBot
from belot.bots.sampling import Constraints, deal_hidden, world_deal
from belot.bots.strong import StrongBot, shared_solver
from belot.engine.actions import Cut
from belot.engine.deal import Deal
from belot.engine.rules import Rules
from belot.engine.view import SeatView


def _first_turns(game: str, turns: int) -> list[SeatView]:
    views = []
    for n in range(turns):
        deal = Deal(Rules.preset_named(game), seed=f"auction-worlds:{n}")
        deal.push(Cut(random.Random(n).randint(1, 31)))
        turn = deal.turn
        assert turn is not None
        views.append(deal.view(turn))
    return views


def call_cost(views: list[SeatView], worlds: int = 5) -> float:
    """Microseconds of one call played out, over ``worlds`` worlds of each view."""
    model = BasicBot()
    seconds = 0.0
    pushed = 0
    for n, view in enumerate(views):
        calls = bidding.worth_weighing(view)
        rng = random.Random(n)
        constraints = Constraints.of(view)
        for _ in range(worlds):
            deal = world_deal(view, deal_hidden(constraints, rng), rng)
            started = time.thread_time()
            made = bidding._game_auctions(deal, calls, model)[2]
            seconds += time.thread_time() - started
            pushed += made
    return seconds / pushed * 1e6


def weighed(views: list[SeatView], call_nodes: int) -> tuple[list[int], list[float]]:
    """The worlds and the CPU seconds of each view's turn with ``CALL_NODES`` at ``call_nodes``."""
    saved = bidding.CALL_NODES
    bidding.CALL_NODES = call_nodes  # type: ignore[misc]
    worlds, seconds = [], []
    try:
        for view in views:
            started = time.thread_time()
            estimates = StrongBot().call_estimates(view, bidding.worth_weighing(view))
            seconds.append(time.thread_time() - started)
            worlds.append(estimates[0].worlds if estimates else 0)
    finally:
        bidding.CALL_NODES = saved  # type: ignore[misc]
    return worlds, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="french,coinche,bela")
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--call-nodes", default=f"{bidding.CALL_NODES}")
    args = parser.parse_args()
    shared_solver()  # load the compiled solver before any turn is timed
    for game in args.games.split(","):
        views = _first_turns(game, args.turns)
        weighed(views[:1], bidding.CALL_NODES)  # warm: the first solve of a game
        print(f"{game}: a call played out {call_cost(views):.1f} µs")
        for setting in (int(x) for x in args.call_nodes.split(",")):
            worlds, seconds = weighed(views, setting)
            print(
                f"  CALL_NODES {setting:>6}: worlds median {statistics.median(worlds):>4} "
                f"(least {min(worlds)}), CPU median {statistics.median(seconds) * 1000:.0f} ms, "
                f"most {max(seconds) * 1000:.0f} ms"
            )


if __name__ == "__main__":
    main()
