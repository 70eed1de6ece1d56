"""Random full deals of French Belote through our ``Deal`` beside belote-cli's game, one core,
and the two games' legal cards compared along belote-cli's deals.

belote-cli (https://pypi.org/project/belote-cli/) is never a dependency of belot and never
imported by it: it runs in a virtualenv of its own (``isolated_venv.py``) as a child process,
pinned to the same CPU as this process; each side runs for ``--seconds`` and counts its deals
a CPU second. A random full deal on each side: a shuffle and deal, each call of the auction at
random among the legal ones (round one, take the turned suit or pass; round two, another suit or
pass), every card at random among the legal ones, and the score (belote-cli's ``score_round``;
ours is ``belot bench``'s ``deals-french``, run by ``bench.run_benchmark``: ``Deal``'s public
API, with the cut and the declarations). A deal all pass is a deal too.

The rules check: along belote-cli's random play of some of its deals, its legal cards against
``tricks.legal_mask`` with French Belote's forced undertrump, position by position (RULES.md §4;
0 positions differ: the two games play the same obligations).

    .venv/bin/python benchmarks/belote_cli_speed.py
    .venv/bin/python benchmarks/belote_cli_speed.py --rounds 3 --seconds 5 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from belote_cli_duel import BELOTE_CLI
from isolated_venv import package_python, run_child

from belot.bench import BENCHMARKS, run_benchmark
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.tricks import legal_mask

_CHILD = r"""
import json, random, sys, time
from belote.deck import CARD_SUITS
from belote.game import Phase, legal_cards, new_game, place_bid, play_card, start_round
from belote.scoring import score_round

args = json.loads(sys.argv[1])
rng = random.Random(args["seed"])
LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

def name(card):
    return card.rank.value + LETTER[card.suit.value]

def deal(walk=None):
    state = start_round(new_game(), rng)
    while state.phase == Phase.BIDDING:
        up = state.up_card.suit
        if state.bidding_round == 1:
            options = [None, up]
        else:
            options = [None] + [suit for suit in CARD_SUITS if suit != up]
        state = place_bid(state, rng.choice(options))
    if state.phase != Phase.PLAYING:
        return  # all passed twice
    if walk is not None:
        walk["hands"] = [[name(c) for c in hand] for hand in state.hands]
        walk["trump"] = LETTER[state.trump.value]
        walk["plays"] = []
    while state.phase == Phase.PLAYING:
        legal = legal_cards(state, state.turn)
        card = rng.choice(legal)
        if walk is not None:
            walk["plays"].append([state.turn.value, [name(c) for c in legal], name(card)])
        state = play_card(state, card)
    score_round(state)

clock = time.process_time
deals = 0
start = clock()
while clock() - start < args["seconds"]:
    deal()
    deals += 1
out = {"deals": [deals, clock() - start], "walks": []}
while len(out["walks"]) < args["walks"]:
    walk = {}
    deal(walk)
    if walk:
        out["walks"].append(walk)
print(json.dumps(out))
"""


def legal_differ(walks: list[dict[str, Any]]) -> tuple[int, int]:
    """Of the positions along belote-cli's plays, how many it and ``legal_mask`` disagree on,
    and how many were checked. belote-cli's seat ``s`` plays where ours does (the same order of
    play and the same partnerships), so a trick's cards in play order are all it takes."""
    checked = differ = 0
    for walk in walks:
        hands = [{Card.from_str(c).index for c in hand} for hand in walk["hands"]]
        contract = Contract("CDHS".index(walk["trump"]))
        trick: list[int] = []
        for seat, legal, card in walk["plays"]:
            hand = sum(1 << c for c in hands[seat])
            ours = legal_mask(hand, trick, contract, forced_undertrump=True)
            theirs = sum(1 << Card.from_str(c).index for c in legal)
            checked += 1
            differ += ours != theirs
            index = Card.from_str(card).index
            hands[seat].discard(index)
            trick = [] if len(trick) == 3 else [*trick, index]
    return differ, checked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each side in turn (3)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds a side (3)")
    parser.add_argument("--walks", type=int, default=200, help="deals for the rules check")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--venv", type=Path, default=None, help="belote-cli's virtualenv")
    parser.add_argument("--cpu", type=int, default=None, help="the core to pin both sides to")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0 or args.walks < 0:
        parser.error("--rounds and --seconds must be above 0, --walks 0 or more")
    cpu = args.cpu if args.cpu is not None else min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})  # the child inherits it: both sides on one core
    python = package_python(BELOTE_CLI, args.venv)
    rounds = []
    differ = checked = 0
    for r in range(args.rounds):
        settings = {"seed": args.seed + r, "seconds": args.seconds, "walks": args.walks}
        theirs = run_child(python, _CHILD, settings, "belote-cli")
        ours = run_benchmark(BENCHMARKS["deals-french"], args.seconds, args.seed + r)
        d, c = legal_differ(theirs["walks"])
        differ, checked = differ + d, checked + c
        rounds.append(
            {
                "belote_cli_deals_per_s": theirs["deals"][0] / theirs["deals"][1],
                "our_deals_per_s": ours.rate,
            }
        )
    ratios = [r["our_deals_per_s"] / r["belote_cli_deals_per_s"] for r in rounds]
    summary = {
        "rounds": rounds,
        "ratio_median": statistics.median(ratios),
        "legal_cards_differ": f"{differ}/{checked}",
    }
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    print(f"French Belote, random full deals a CPU second, one core (cpu {cpu}):")
    for n, row in enumerate(rounds, 1):
        print(
            f"  round {n}: belote-cli {row['belote_cli_deals_per_s']:,.0f}, ours "
            f"{row['our_deals_per_s']:,.0f} (×{ratios[n - 1]:.1f})"
        )
    print(f"  ours / belote-cli, median: ×{summary['ratio_median']:.1f}")
    print(f"  legal cards differing from ours along belote-cli's plays: {differ} of {checked}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
