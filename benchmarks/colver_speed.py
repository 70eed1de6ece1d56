"""The bots' compiled code beside the Rust engine of ``colver`` (Coinche), in one run, one core.

colver (https://pypi.org/project/colver/) is never a dependency of belot and never imported by
it: this script puts it in a virtualenv of its own (made on first use, pip from PyPI, a pinned
version, under ``~/.cache/belot/`` unless ``--venv`` names one) and runs it there as a child
process, pinned to the same CPU as this process. Each round measures, per CPU second:

- full deals: colver's random ``rollout`` from the start of the auction (a random auction, play
  and score of the dealt hands) against ``belot.bots.fast_deals`` (a shuffle, a random auction,
  play and score, Coinche with declarations off and no forced undertrump: colver's game, the
  French federation's Belote contrée, in which a player void in the suit led who cannot overtrump
  an opponent's trump may discard; RULES.md §5's option ``forced_undertrump=False``);
- the exact solver: colver's ``solve_scores`` (every legal card's value, one solve) against
  ``Solver.solve_cards`` (every legal card's value) and ``Solver.solve`` (the value alone), on
  the same full deals and contracts (colver deals them; the hands are converted card by card,
  colver's player ``p`` sitting at our seat ``-p mod 4``: both play from the dealer's right);
- playouts: colver's random ``rollout`` from the first card of those deals against
  ``belot.bots.playouts.random_playouts`` from the same positions.

It prints each rate, the ratios (ours / colver's; for the solver, our time / colver's) and, for
the solver, on how many deals the two agree on the best card's value and on every card's value
(colver's card points are North-South's, 252 for a capot: read as 162), and on how many positions
of a random play of each solved deal colver's legal cards differ from ``tricks.legal_mask``'s
without forced undertrump (none: the rules are the same).

    .venv/bin/python benchmarks/colver_speed.py
    .venv/bin/python benchmarks/colver_speed.py --rounds 5 --deals 40 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

from isolated_venv import package_python, run_child

COLVER = "colver==0.11.1"

_CHILD = r"""
import json, os, random, sys, time
from colver import Env

args = json.loads(sys.argv[1])
rng = random.Random(args["seed"])
clock = time.process_time
out = {"names": [Env.card_name(i) for i in range(32)]}

# Full deals: a random auction, play and score of each dealt hand.
deals = 0
start = clock()
while clock() - start < args["seconds"]:
    env = Env.deal(0, rng.randrange(1 << 62))
    env.rollout(args["per_deal"])
    deals += args["per_deal"]
out["deals"] = [deals, clock() - start]

# The same full deals with a contract each, for the solver and the playouts.
positions = []
for _ in range(args["deals"]):
    seed = rng.randrange(1 << 62)
    trump, value, team = rng.randrange(4), rng.choice(range(80, 170, 10)), rng.randrange(2)
    env = Env.deal(0, seed)
    positions.append({"seed": seed, "hands": env.get_hands(), "trump": trump,
                      "value": value, "team": team})

def ready(p):
    env = Env.deal(0, p["seed"])
    env.set_contract(p["trump"], p["value"], p["team"], 0)
    env.set_phase_playing()
    return env

solves = []
for p in positions:
    env = ready(p)
    t = clock()
    answer = env.solve_scores()
    solves.append(clock() - t)
    p["to_play"] = env.current_player()
    p["scores"] = answer["scores"]
out["solve"] = solves

playouts = 0
start = clock()
while clock() - start < args["seconds"]:
    for p in positions:
        env = ready(p)
        env.rollout(args["per_position"])
        playouts += args["per_position"]
out["playouts"] = [playouts, clock() - start]
# colver's legal cards along a random play of each of those deals, for the rules check.
for p in positions:
    env = ready(p)
    walk = []
    while not env.is_terminal():
        legal = env.legal_actions()
        card = rng.choice(legal)
        walk.append([env.current_player(), legal, card])
        env.step(card)
    p["walk"] = walk
out["positions"] = positions
print(json.dumps(out))
"""


def run_ours(colver: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """Our side of one round, on colver's positions."""
    from belot.bots import playouts as fast_playouts
    from belot.bots.fast_deals import load_compiled, random_deals
    from belot.bots.solver import Position, Solver, rules_options
    from belot.bots.solver import load_compiled as load_solver
    from belot.engine.cards import Card
    from belot.engine.contracts import Contract
    from belot.engine.rules import Rules
    from belot.engine.table import Seat, Team
    from belot.engine.tricks import legal_mask

    load_compiled()
    load_solver()
    # colver plays Belote contrée without forced undertrump (its legal cards are those of
    # tricks.legal_mask with forced_undertrump off on every position of its random deals).
    rules = Rules.coinche(declarations=False, forced_undertrump=False)
    clock = time.process_time
    out: dict[str, Any] = {}

    deals = 0
    seed = settings["seed"]
    start = clock()
    while clock() - start < settings["seconds"]:
        random_deals(10_000, seed=seed, rules=rules)
        seed += 1
        deals += 10_000
    out["deals"] = [deals, clock() - start]

    card_of = [Card.from_str(name).index for name in colver["names"]]
    positions = []
    for p in colver["positions"]:
        hands = [0, 0, 0, 0]
        for player, cards in enumerate(p["hands"]):
            for c in cards:
                hands[(4 - player) % 4] |= 1 << card_of[c]
        contract = Contract(Card.from_index(card_of[8 * p["trump"]]).suit)
        positions.append(
            Position(
                (hands[0], hands[1], hands[2], hands[3]),
                contract,
                Team(p["team"]),
                Seat((4 - p["to_play"]) % 4),
                **rules_options(rules, contract),
            )
        )
    solver = Solver()
    solves, cards_solves, agree, agree_cards = [], [], 0, 0
    for p, position in zip(colver["positions"], positions, strict=True):
        t = clock()
        value = solver.solve(position)
        solves.append(clock() - t)
        t = clock()
        values = solver.solve_cards(position)
        cards_solves.append(clock() - t)
        # colver's scores are North-South's card points (252 for a capot) after each card;
        # ours the declarers'. The best card's value, for the side to play, is compared, and
        # then every card's.
        scores = {card_of[c]: min(score, 162) for c, score in p["scores"]}
        theirs = max(scores.values()) if p["to_play"] % 2 == 0 else min(scores.values())
        ns = value if p["team"] == 0 else 162 - value
        best = max if p["to_play"] % 2 == p["team"] else min
        if theirs == ns and best(values.values()) == value:
            agree += 1
        ours_ns = {c.index: v if p["team"] == 0 else 162 - v for c, v in values.items()}
        if ours_ns == scores:
            agree_cards += 1
    # The rules check: colver's legal cards against tricks.legal_mask along its random plays.
    checked = differ = 0
    for p, position in zip(colver["positions"], positions, strict=True):
        held = [{card_of[c] for c in cards} for cards in p["hands"]]
        trick: list[int] = []
        for player, legal, card in p["walk"]:
            hand = sum(1 << c for c in held[player])
            ours_legal = legal_mask(hand, trick, position.contract, forced_undertrump=False)
            checked += 1
            differ += ours_legal != sum(1 << card_of[c] for c in legal)
            held[player].discard(card_of[card])
            trick = [*trick, card_of[card]] if len(trick) < 3 else []
    out["legal_checked"] = checked
    out["legal_differ"] = differ
    out["solve"] = solves
    out["solve_cards"] = cards_solves
    out["agree"] = agree
    out["agree_cards"] = agree_cards

    playouts = 0
    seed = settings["seed"]
    per = settings["per_position"]
    # One playout first, outside the clock: the first call loads the compiled code (from numba's
    # cache on disk), which once counted in the first round's rate (x0.49 in place of x3.5).
    fast_playouts.random_playouts(positions[0], 1, seed=seed)
    start = clock()
    while clock() - start < settings["seconds"]:
        for position in positions:
            fast_playouts.random_playouts(position, per, seed=seed)
            seed += 1
            playouts += per
    out["playouts"] = [playouts, clock() - start]
    return out


class Round(TypedDict):
    """One round's rates, times and checks (the ratios added after the rest)."""

    colver_deals_per_s: float
    our_deals_per_s: float
    colver_solve_ms: float
    our_solve_cards_ms: float
    our_solve_ms: float
    solver_agree: str
    solver_agree_every_card: str
    legal_cards_differ: str
    colver_playouts_per_s: float
    our_playouts_per_s: float
    deals_ratio: NotRequired[float]
    solve_cards_time_ratio: NotRequired[float]
    solve_time_ratio: NotRequired[float]
    playouts_ratio: NotRequired[float]


#: The ratios of a ``Round``.
Ratio = Literal["deals_ratio", "solve_cards_time_ratio", "solve_time_ratio", "playouts_ratio"]


def _rate(pair: list[float]) -> float:
    return pair[0] / pair[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds, colver then ours (3)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU s per rate (1)")
    parser.add_argument("--deals", type=int, default=30, help="solved deals per round (30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--venv", type=Path, default=None, help="colver's virtualenv")
    parser.add_argument("--cpu", type=int, default=None, help="the CPU to pin both to")
    parser.add_argument("--json", action="store_true", help="print the rounds as JSON")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.deals < 1 or not args.seconds > 0:
        parser.error("--rounds, --deals and --seconds must be above 0")
    cpu = args.cpu if args.cpu is not None else min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})  # the child inherits it: both sides on one core
    python = package_python(COLVER, args.venv)
    rounds: list[Round] = []
    for r in range(args.rounds):
        settings = {
            "seed": args.seed + 1000 * r,
            "seconds": args.seconds,
            "per_deal": 1000,
            "per_position": 1000,
            "deals": args.deals,
        }
        theirs = run_child(python, _CHILD, settings, "colver")
        ours = run_ours(theirs, settings)
        rounds.append(
            {
                "colver_deals_per_s": _rate(theirs["deals"]),
                "our_deals_per_s": _rate(ours["deals"]),
                "colver_solve_ms": 1000 * statistics.fmean(theirs["solve"]),
                "our_solve_cards_ms": 1000 * statistics.fmean(ours["solve_cards"]),
                "our_solve_ms": 1000 * statistics.fmean(ours["solve"]),
                "solver_agree": f"{ours['agree']}/{args.deals}",
                "solver_agree_every_card": f"{ours['agree_cards']}/{args.deals}",
                "legal_cards_differ": f"{ours['legal_differ']}/{ours['legal_checked']}",
                "colver_playouts_per_s": _rate(theirs["playouts"]),
                "our_playouts_per_s": _rate(ours["playouts"]),
            }
        )
        for row in rounds[-1:]:
            row["deals_ratio"] = row["our_deals_per_s"] / row["colver_deals_per_s"]
            row["solve_cards_time_ratio"] = row["our_solve_cards_ms"] / row["colver_solve_ms"]
            row["solve_time_ratio"] = row["our_solve_ms"] / row["colver_solve_ms"]
            row["playouts_ratio"] = row["our_playouts_per_s"] / row["colver_playouts_per_s"]
    if args.json:
        print(json.dumps({"colver": COLVER, "cpu": cpu, "rounds": rounds}, indent=1))
        return 0
    print(f"{COLVER} beside belot, one core (CPU {cpu}), {args.rounds} rounds; rates per CPU s")
    for i, row in enumerate(rounds, 1):
        print(
            f"round {i}: full deals {row['colver_deals_per_s']:,.0f} vs "
            f"{row['our_deals_per_s']:,.0f}/s (x{row['deals_ratio']:.2f}); "
            f"solve {row['colver_solve_ms']:.1f} ms vs cards {row['our_solve_cards_ms']:.1f} ms "
            f"(x{row['solve_cards_time_ratio']:.2f}), value {row['our_solve_ms']:.1f} ms "
            f"(x{row['solve_time_ratio']:.2f}), best card agrees {row['solver_agree']}, "
            f"every card {row['solver_agree_every_card']}, legal cards differ "
            f"{row['legal_cards_differ']}; "
            f"playouts {row['colver_playouts_per_s']:,.0f} vs "
            f"{row['our_playouts_per_s']:,.0f}/s (x{row['playouts_ratio']:.2f})"
        )
    ratios: tuple[tuple[Ratio, str], ...] = (
        ("deals_ratio", "full deals, ours / colver's rate (goal >= 1)"),
        ("solve_cards_time_ratio", "solver, every card: our time / colver's (goal <= 0.5)"),
        ("solve_time_ratio", "solver, the value: our time / colver's"),
        ("playouts_ratio", "playouts, ours / colver's rate (goal >= 3)"),
    )
    for key, words in ratios:
        values = [row[key] for row in rounds]
        print(
            f"{words}: median {statistics.median(values):.2f} "
            f"(range {min(values):.2f}-{max(values):.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
