"""Our ``strong`` against OpenSpiel's ISMCTS bot by duplicate deals, in each game (issue 24).

Run: ``nice .venv/bin/python benchmarks/ismcts_duel.py --pairs 20`` (needs the ``openspiel``
extra: ``pip install 'belot[openspiel]'``).

Both sides play through the OpenSpiel adapter (``belot.research.openspiel``), one deal a game
(``match=False``), the deck shuffled by chance nodes so that ISMCTS's
``resample_from_infostate`` deals it worlds it cannot tell apart (a seeded deck would show it
every hand). Each deal pair takes one deck, cut and dealer from ``--seed`` and plays it twice,
``strong`` as NS then as EW, ISMCTS in the other two seats; the figure is ``strong``'s game
points a deal less ISMCTS's (the mean of the two halves' returns), with its 95% interval.

A budget that thinks as long: unless ``--simulations`` is given, ``--calibration`` deals with
``strong`` in every seat measure its mean CPU per decision (decisions with more than one legal
action; ISMCTS answers a single legal action at once too), the same deals with ISMCTS at
``--probe`` simulations its CPU per simulation, and ISMCTS gets the quotient. The duel then
prints both sides' measured CPU per decision, so the match of budgets is checked, not assumed.
ISMCTS runs with one random rollout a leaf and ``uct_c`` = 2 × the game's card points written as
game points (16 in Bulgarian Belot, 162 in the others), since returns are game points, not ±1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from belot.bots import make
from belot.bots.arena import mean_ci
from belot.engine.table import Seat
from belot.research.layout import action_id
from belot.research.openspiel import BelotState, short_name

GAMES = ("bulgarian", "french", "coinche", "bela")
#: A deal's card points as each game writes them: the scale of ISMCTS's returns.
CARD_POINTS = {"bulgarian": 16, "french": 162, "coinche": 162, "bela": 162}


@dataclass
class Clock:
    """CPU seconds spent on decisions with a choice, and how many there were."""

    seconds: float = 0.0
    decisions: int = 0

    @property
    def mean(self) -> float:
        return self.seconds / self.decisions if self.decisions else float("nan")


@dataclass
class GameResult:
    game: str
    pairs: int
    simulations: int
    uct_c: float
    strong_think: float | None
    diff: float
    half_width: float
    strong_cpu: float
    ismcts_cpu: float
    diffs: list[float] = field(default_factory=list)


class Strong:
    """``strong`` playing a seat of the OpenSpiel state from that seat's view."""

    def __init__(self, seed: int, think: float | None) -> None:
        self.bot = make("strong", seed=seed, think=think)

    def step(self, state: BelotState) -> int:
        deal = state.deal
        assert deal is not None and deal.turn is not None
        return action_id(deal, self.bot.act(deal.view(deal.turn)))


def ismcts_bot(game: pyspiel.Game, name: str, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    rng = np.random.RandomState(seed)
    rollout = mcts.RandomRolloutEvaluator(1, rng)
    return ismcts.ISMCTSBot(game, rollout, 2.0 * CARD_POINTS[name], simulations, random_state=rng)


def deck_and_cut(seed: int, name: str, number: int) -> tuple[list[int], int, int]:
    """Deal pair ``number``'s deck (card indices, top first), cut and dealer."""
    rng = random.Random(f"ismcts:{seed}:{name}:{number}")
    deck = list(range(32))
    rng.shuffle(deck)
    return deck, rng.randint(1, 31), number % 4


def play(
    game: pyspiel.Game,
    deck: list[int],
    cut: int,
    players: list[Any],
    clocks: list[Clock],
) -> list[float]:
    """One deal from ``deck`` and ``cut``, seat ``s`` played by ``players[s]``, its CPU per
    decision with a choice added to ``clocks[s]``; the returns."""
    state = game.new_initial_state()
    for card in deck[:31]:
        state.apply_action(card)
    assert state.is_chance_node() and cut in dict(state.chance_outcomes())
    state.apply_action(cut)
    while not state.is_terminal():
        assert not state.is_chance_node()
        seat = state.current_player()
        choice = len(state.legal_actions()) > 1
        started = time.process_time()
        action = players[seat].step(state)
        if choice:
            clocks[seat].seconds += time.process_time() - started
            clocks[seat].decisions += 1
        state.apply_action(action)
    return list(state.returns())


def calibrate(
    game: pyspiel.Game, name: str, seed: int, think: float | None, probe: int, deals: int
) -> tuple[int, float, float]:
    """ISMCTS's simulations for ``strong``'s CPU per decision; that CPU and ISMCTS's per
    simulation, each measured over ``deals`` deals (decks of their own, not the duel's)."""
    strong = [Clock() for _ in Seat]
    search = [Clock() for _ in Seat]
    for number in range(1, deals + 1):
        deck, cut, _ = deck_and_cut(seed, name, -number)
        play(game, deck, cut, [Strong(seed + s, think) for s in Seat], strong)
        play(game, deck, cut, [ismcts_bot(game, name, probe, seed + s) for s in Seat], search)
    per_decision = sum(c.seconds for c in strong) / max(1, sum(c.decisions for c in strong))
    per_simulation = (
        sum(c.seconds for c in search) / max(1, sum(c.decisions for c in search)) / probe
    )
    return max(1, round(per_decision / per_simulation)), per_decision, per_simulation


def duel(
    name: str,
    pairs: int,
    seed: int,
    simulations: int | None,
    think: float | None,
    probe: int,
    calibration: int,
    cpu_seconds: float | None,
) -> GameResult:
    """``pairs`` deal pairs of ``name`` (fewer if ``cpu_seconds`` run out first)."""
    started = time.process_time()
    game = pyspiel.load_game(short_name(name))
    if simulations is None:
        simulations, per_decision, per_simulation = calibrate(
            game, name, seed, think, probe, calibration
        )
        print(
            f"{name}: strong {per_decision * 1000:.0f} ms CPU a decision, ISMCTS "
            f"{per_simulation * 1000:.2f} ms a simulation -> {simulations} simulations",
            flush=True,
        )
    clocks = [Clock(), Clock()]  # strong's, ISMCTS's
    diffs: list[float] = []
    for number in range(pairs):
        if cpu_seconds is not None and time.process_time() - started > cpu_seconds:
            break
        dealer = number % 4
        game = pyspiel.load_game(short_name(name), {"dealer": dealer})
        deck, cut, _ = deck_and_cut(seed, name, number)
        halves = []
        for strong_team in (0, 1):  # NS, then EW
            seats: list[Any] = []
            seat_clocks: list[Clock] = []
            for seat in Seat:
                ours = seat % 2 == strong_team
                bot_seed = seed * 1000 + number * 8 + strong_team * 4 + seat
                seats.append(
                    Strong(bot_seed, think)
                    if ours
                    else ismcts_bot(game, name, simulations, bot_seed)
                )
                seat_clocks.append(Clock())
            returns = play(game, deck, cut, seats, seat_clocks)
            halves.append(returns[strong_team])
            for seat in Seat:
                side = clocks[0 if seat % 2 == strong_team else 1]
                side.seconds += seat_clocks[seat].seconds
                side.decisions += seat_clocks[seat].decisions
        diffs.append(sum(halves) / 2)
        mean, half = mean_ci(diffs)
        print(
            f"{name} pair {number + 1}: {diffs[-1]:+.1f} (running {mean:+.2f} ± {half:.2f}); "
            f"CPU a decision strong {clocks[0].mean * 1000:.0f} ms, "
            f"ISMCTS {clocks[1].mean * 1000:.0f} ms",
            flush=True,
        )
    mean, half = mean_ci(diffs)
    return GameResult(
        name,
        len(diffs),
        simulations,
        2.0 * CARD_POINTS[name],
        think,
        mean,
        half,
        clocks[0].mean,
        clocks[1].mean,
        diffs,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--pairs", type=int, default=20, help="deal pairs a game (at most)")
    parser.add_argument("--cpu-minutes", type=float, help="stop a game's pairs after this much CPU")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--simulations", type=int, help="ISMCTS's simulations a decision (default: calibrated)"
    )
    parser.add_argument("--think", type=float, help="strong's think seconds (default: its own)")
    parser.add_argument(
        "--probe", type=int, default=20, help="simulations a decision while calibrating"
    )
    parser.add_argument(
        "--calibration", type=int, default=3, help="deals to calibrate on (each side)"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    args = parser.parse_args(argv)
    games = args.games.split(",")
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (known: {', '.join(GAMES)})")
    if args.pairs < 1 or (args.simulations is not None and args.simulations < 1):
        parser.error("--pairs and --simulations must be at least 1")
    results = []
    for name in games:
        cpu = None if args.cpu_minutes is None else args.cpu_minutes * 60
        results.append(
            duel(
                name,
                args.pairs,
                args.seed,
                args.simulations,
                args.think,
                args.probe,
                args.calibration,
                cpu,
            )
        )
    print("\ngame       pairs  sims  strong - ISMCTS (game points a deal)  CPU/decision s | I")
    for r in results:
        print(
            f"{r.game:<10} {r.pairs:>5} {r.simulations:>5}  {r.diff:+8.2f} ± {r.half_width:<6.2f}"
            f"                      {r.strong_cpu * 1000:5.0f} ms | {r.ismcts_cpu * 1000:.0f} ms"
        )
    if args.json:
        print(json.dumps([asdict(r) for r in results]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
