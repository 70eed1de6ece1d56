"""Our ``strong`` against OpenSpiel's ISMCTS bot by duplicate deals, in each game (issue 24).

Run: ``nice .venv/bin/python benchmarks/ismcts_duel.py --pairs 20`` (needs the ``openspiel``
extra: ``pip install 'belot[openspiel]'``).

Both sides play through the OpenSpiel adapter (``belot.research.openspiel``), one deal a game
(``match=False``), the deck shuffled by chance nodes so that ISMCTS's
``resample_from_infostate`` deals it worlds it cannot tell apart (a seeded deck would show it
every hand). Each deal pair takes one deck, cut and dealer from ``--seed`` and plays it twice,
``strong`` as NS then as EW, ISMCTS in the other two seats; the figure is ``strong``'s game
points a deal less ISMCTS's (the mean of the two halves' returns), with its 95% interval.

A budget that thinks as long: unless ``--simulations`` fixes it, ISMCTS's simulations a decision
are set before each deal pair to ``strong``'s mean CPU per decision so far over ISMCTS's CPU per
simulation so far (decisions with more than one legal action; ISMCTS answers a single legal
action at once, and so does ``strong`` nearly), starting from ``--calibration`` deal pairs on
decks of their own (not counted) with ISMCTS at ``--probe`` simulations. A fixed count from a
short calibration missed by a third: ``strong``'s CPU a decision varies much from deal to deal.
Each pair's line and the summary print both sides' CPU a decision, so the match is checked.
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

# OpenSpiel has no type hints (and is an extra, as in belot.research.openspiel).
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found,import-untyped,unused-ignore]

from belot.bots import make
from belot.bots.arena import mean_ci
from belot.engine.games import GAMES
from belot.engine.table import Seat
from belot.research.layout import action_id
from belot.research.openspiel import BelotState, short_name

#: A deal's card points as each game writes them: the scale of ISMCTS's returns.
CARD_POINTS = {"bulgarian": 16, "french": 162, "coinche": 162, "bela": 162}


@dataclass
class Clock:
    """CPU seconds spent on decisions with a choice, how many there were and (ISMCTS's) the
    simulations they ran in all."""

    seconds: float = 0.0
    decisions: int = 0
    simulations: int = 0

    @property
    def mean(self) -> float:
        return self.seconds / self.decisions if self.decisions else float("nan")


@dataclass
class GameResult:
    game: str
    pairs: int
    #: ISMCTS's simulations a decision: the mean over the duel's decisions, the fewest, the most.
    simulations: tuple[float, int, int]
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
    bot = ismcts.ISMCTSBot(game, rollout, 2.0 * CARD_POINTS[name], simulations, random_state=rng)
    # ISMCTS's own resampler draws from a pyspiel.UniformProbabilitySampler seeded afresh each
    # time, so that no two runs play alike; this one draws from the bot's seeded generator.
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return bot


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


def pair(
    name: str, seed: int, number: int, simulations: int, think: float | None, clocks: list[Clock]
) -> float:
    """Deal pair ``number``: ``strong``'s game points a deal less ISMCTS's, their CPU per
    decision added to ``clocks`` (strong's, ISMCTS's)."""
    deck, cut, dealer = deck_and_cut(seed, name, number)
    game = pyspiel.load_game(short_name(name), {"dealer": dealer})
    halves = []
    for strong_team in (0, 1):  # NS, then EW
        seats: list[Any] = []
        for seat in Seat:
            bot_seed = seed * 100_000 + number * 8 + strong_team * 4 + seat
            ours = seat % 2 == strong_team
            seats.append(
                Strong(bot_seed, think) if ours else ismcts_bot(game, name, simulations, bot_seed)
            )
        seat_clocks = [Clock() for _ in Seat]
        halves.append(play(game, deck, cut, seats, seat_clocks)[strong_team])
        for seat in Seat:
            side = clocks[0 if seat % 2 == strong_team else 1]
            side.seconds += seat_clocks[seat].seconds
            side.decisions += seat_clocks[seat].decisions
            if seat % 2 != strong_team:
                side.simulations += seat_clocks[seat].decisions * simulations
    return sum(halves) / 2


def matched(clocks: list[Clock]) -> int:
    """The simulations that take ISMCTS as long as ``strong`` takes a decision, by the CPU
    each has spent so far."""
    per_simulation = clocks[1].seconds / max(1, clocks[1].simulations)
    return max(1, round(clocks[0].mean / per_simulation))


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
    """``pairs`` deal pairs of ``name`` (fewer if ``cpu_seconds``, calibration included, run
    out first)."""
    started = time.process_time()
    fixed = simulations is not None
    spent = [Clock(), Clock()]  # strong's and ISMCTS's CPU, calibration included
    if simulations is None:
        for number in range(1, calibration + 1):
            pair(name, seed, -number, probe, think, spent)
        simulations = matched(spent)
        print(
            f"{name}: strong {spent[0].mean * 1000:.0f} ms CPU a decision, ISMCTS "
            f"{spent[1].seconds / spent[1].simulations * 1000:.2f} ms a simulation "
            f"-> {simulations} simulations",
            flush=True,
        )
    clocks = [Clock(), Clock()]  # the duel's alone
    used: list[int] = []
    diffs: list[float] = []
    for number in range(pairs):
        if cpu_seconds is not None and time.process_time() - started > cpu_seconds:
            break
        if not fixed:
            simulations = matched(spent)
        used.append(simulations)
        before = [Clock(**asdict(c)) for c in clocks]
        diffs.append(pair(name, seed, number, simulations, think, clocks))
        for mine, now, then in zip(spent, clocks, before, strict=True):
            mine.seconds += now.seconds - then.seconds
            mine.decisions += now.decisions - then.decisions
            mine.simulations += now.simulations - then.simulations
        mean, half = mean_ci(diffs)
        print(
            f"{name} pair {number + 1}: {diffs[-1]:+.1f} (running {mean:+.2f} ± {half:.2f}); "
            f"ISMCTS {simulations} simulations; CPU a decision so far: strong "
            f"{clocks[0].mean * 1000:.0f} ms, ISMCTS {clocks[1].mean * 1000:.0f} ms",
            flush=True,
        )
    mean, half = mean_ci(diffs)
    return GameResult(
        name,
        len(diffs),
        (clocks[1].simulations / max(1, clocks[1].decisions), min(used), max(used)),
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
        "--probe", type=int, default=30, help="ISMCTS's simulations a decision while calibrating"
    )
    parser.add_argument("--calibration", type=int, default=2, help="deal pairs to calibrate on")
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
    print("\ngame       pairs  strong - ISMCTS a deal  CPU a decision: strong, ISMCTS  simulations")
    for r in results:
        mean_sims, fewest, most = r.simulations
        print(
            f"{r.game:<10} {r.pairs:>5}  {r.diff:+9.2f} ± {r.half_width:<9.2f}"
            f"  {r.strong_cpu * 1000:6.0f} ms, {r.ismcts_cpu * 1000:6.0f} ms"
            f"                {mean_sims:.0f} ({fewest}-{most})"
        )
    if args.json:
        print(json.dumps([asdict(r) for r in results]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
