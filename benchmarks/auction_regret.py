"""How far `strong`'s auction calls fall short of the calls a much longer search would make.

Deals of a game are played by ``basic`` up to a random auction turn (Bela's, or the dealer's
forced one; French Belote's in the second round, where three suits are legal); there the
calls are estimated twice by `strong`'s bidding (``bidding.estimate_calls``): once with
``--long`` times the auction's node budget and worlds (the reference, from its own random
worlds), and once at the budget `strong` has, for each setting of how many suits a Bela call
is weighed in (``bidding.GAME_SUITS``; French Belote weighs every suit since 3 December 2026,
so its settings now agree: its log was made at 86b4aa3). A setting's regret at a turn is
what the reference gives the best call less what it gives the call that setting makes (a
noisy reference overstates every regret alike; the differences between settings are paired).

Run: ``.venv/bin/python benchmarks/auction_regret.py --game bela --turns 120 --seed 11``
(about 15 minutes on one core at ``--long 8``). ``--log FILE`` keeps each turn as it is done,
and the same command resumes from it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from pathlib import Path
from typing import Any

from belot.bots import bidding
from belot.bots.arena import mean_ci
from belot.bots.basic import BasicBot
from belot.bots.strong import (
    DEFAULT_THINK,
    HARD_CAP_NODES,
    NODES_PER_SECOND,
    auction_think,
    shared_solver,
)
from belot.engine.actions import Call, CallKind, Cut
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView

#: ``bidding.GAME_SUITS`` settings compared: every suit, the three and the two strongest.
SETTINGS = (4, 3, 2)


def _estimate(
    view: SeatView, suits: int, seed: int, nodes: int, max_worlds: int | None
) -> dict[str, tuple[float, int]]:
    saved = bidding.GAME_SUITS
    bidding.GAME_SUITS = suits  # type: ignore[misc]
    try:
        calls = bidding.worth_weighing(view)
    finally:
        bidding.GAME_SUITS = saved  # type: ignore[misc]
    estimates = bidding.estimate_calls(
        view,
        calls,
        random.Random(seed),
        shared_solver(),
        nodes=nodes,
        hard_cap=HARD_CAP_NODES,
        max_worlds=max_worlds,
    )
    return {str(e.call): (e.points, e.worlds) for e in estimates}


def _turn(rules: Rules, seed: int, number: int, long: float) -> dict[str, Any] | None:
    """The reference and each setting's estimates at deal ``number``'s chosen auction turn."""
    rng = random.Random(f"regret:{seed}:{number}")
    deal = Deal(rules, dealer=Seat(number % 4), seed=f"regret:{seed}:{number}")
    deal.push(Cut(rng.randint(1, 31)))
    # Bela's one round of four turns; French Belote's second round (turns 4 to 7), the only
    # one in which more suits than two are legal (a deal taken in the first round gives none).
    chosen = rng.randrange(4) + (4 if rules.preset == "french" else 0)
    basic = BasicBot()
    for turn in range(8):
        if deal.phase is not Phase.AUCTION:
            return None
        assert deal.turn is not None
        view = deal.view(deal.turn)
        if turn == chosen or Call.pass_() not in view.legal:
            nodes = int(auction_think(view) * DEFAULT_THINK * NODES_PER_SECOND)
            reference = _estimate(
                view, 4, 10**6 + number, int(nodes * long), int(bidding.MAX_WORLDS * long)
            )
            if len(reference) < 2:
                return None
            settings = {str(s): _estimate(view, s, number, nodes, None) for s in SETTINGS}
            return {"turn": number, "reference": reference, "settings": settings}
        deal.push(basic.act(view))
    return None


def _regrets(turns: list[dict[str, Any]]) -> dict[str, list[float]]:
    """Each setting's regret at each turn, against the reference's best call."""
    out: dict[str, list[float]] = {str(s): [] for s in SETTINGS}
    for t in turns:
        reference = {call: points for call, (points, _) in t["reference"].items()}
        best = max(reference.values())
        for setting, estimates in t["settings"].items():
            # The call the setting makes: its best mean after the risk margin of a bid.
            made = max(
                estimates,
                key=lambda c: (
                    estimates[c][0] - (0 if c == "pass" else bidding.GAME_MARGIN[CallKind.BID])
                ),
            )
            out[setting].append(best - reference[made])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("french", "bela"), default="bela")
    parser.add_argument("--turns", type=int, default=120, help="deals to draw a turn from")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--long", type=float, default=8.0, help="the reference's budget, times")
    parser.add_argument("--log", type=Path, default=None, help="JSON lines, one per turn")
    args = parser.parse_args()
    rules = Rules.preset_named(args.game)
    done: dict[int, dict[str, Any]] = {}
    if args.log is not None and args.log.exists():
        for line in args.log.read_text(encoding="utf-8").splitlines():
            if line.endswith("}"):
                row = json.loads(line)
                done[row["turn"]] = row
    log = args.log.open("a", encoding="utf-8") if args.log else None
    for number in range(args.turns):
        if number in done:
            continue
        row = _turn(rules, args.seed, number, args.long)
        if row is None:
            continue
        done[number] = row
        if log is not None:
            log.write(json.dumps(row) + "\n")
            log.flush()
    turns = [done[n] for n in sorted(done) if n < args.turns]
    regrets = _regrets(turns)
    worlds = {
        s: statistics.mean(next(iter(t["settings"][s].values()))[1] for t in turns) for s in regrets
    }
    print(f"{args.game}: {len(turns)} auction turns (seed {args.seed}), reference {args.long:g} x")
    for setting, values in regrets.items():
        half = mean_ci(values)[1]
        print(
            f"  {setting} suits weighed: regret {statistics.mean(values):6.2f} ± {half:5.2f}"
            f" points a turn, {worlds[setting]:.1f} worlds a turn"
        )
    for a, b in ((4, 2), (4, 3), (3, 2)):
        diffs = [x - y for x, y in zip(regrets[str(a)], regrets[str(b)], strict=True)]
        half = mean_ci(diffs)[1]
        print(f"  {a} less {b}: {statistics.mean(diffs):+.2f} ± {half:.2f}")


if __name__ == "__main__":
    main()
