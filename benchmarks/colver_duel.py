"""`strong`'s card play against colver's (Coinche, colver's rules), on duplicate deals.

colver (https://pypi.org/project/colver/) is never a dependency of belot and never imported by
it: as in ``colver_speed.py``, it runs in a virtualenv of its own (made on first use, pip from
PyPI, a pinned version) as a child process, one for each worker, which plays one team's cards
with its Smart IS-MCTS agent (``Env.action_smart_ismcts``, ``--colver-ms`` milliseconds a
card; colver's agents that need model weights from the Hugging Face Hub are not used: nothing
is downloaded at run time but the package).

Each deal pair: our engine deals (the duels' deals, ``arena.duel_deal``) by colver's game,
the French federation's Belote contrée (``Rules.coinche(declarations=False,
forced_undertrump=False)``: no announcements but the belote, and a player who cannot overtrump
may discard; RULES.md §5's options); `basic` makes every call of the auction, so that both
halves have the same contract; the calls are replayed in colver's game, so that both sides have
heard them. Then the card play, twice: our level's team North-South and colver's East-West, then
the other way round. Our engine keeps the score (RULES.md §5). A deal that all four pass is
thrown in and counts in neither side's mean. Seats and cards are converted as in
``colver_speed.py`` (colver's player ``p`` is our seat ``-p mod 4``; both play from the dealer's
right).

It prints our team's and colver's game points a deal, the difference with its 95% interval,
the contracts each side made as declarers, and the think times (CPU) of both.

    .venv/bin/python benchmarks/colver_duel.py --deals 200 --workers 2
    .venv/bin/python benchmarks/colver_duel.py --deals 20 --colver-ms 100 --level basic
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from colver_speed import COLVER
from isolated_venv import Child, package_python

from belot.bots import make
from belot.bots.arena import duel_deal, mean_ci, percentile
from belot.engine.actions import CAPOT_LEVEL, Call, CallKind, Play
from belot.engine.cards import Card
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.scoring import Outcome
from belot.engine.table import Seat, Team

# The child: one colver game a half, told every card and asked for its side's.
_CHILD = r"""
import json, sys, time
from colver import Env

print(json.dumps({"names": [Env.card_name(i) for i in range(32)]}), flush=True)
env = None
for line in sys.stdin:
    ask = json.loads(line)
    op = ask["op"]
    if op == "deal":
        env = Env.deal_with_hands(ask["dealer"], ask["hands"])
        for player, bid in ask["bids"]:
            # After a coinche colver asks every seat in turn, the coinching side only to pass;
            # ours asks the coinched side alone (RULES.md §5): those passes are colver's own.
            while env.current_player() != player and env.legal_actions() == [0]:
                env.step(0)
            if env.current_player() != player or bid not in env.legal_actions():
                raise SystemExit(f"colver refuses the call {bid} after {ask['bids']}")
            env.step(bid)
        while env.phase() == 0 and env.legal_actions() == [0]:
            env.step(0)
        if env.phase() != 1:
            raise SystemExit(f"the auction {ask['bids']} did not end in colver's game")
        env.smart_ismcts_init()
        answer = {"contract": env.get_contract(), "to_play": env.current_player()}
    elif op == "act":
        started = time.process_time()
        card = env.action_smart_ismcts(ask["ms"])
        answer = {"card": card, "cpu": time.process_time() - started}
    elif op == "play":
        if ask["card"] not in env.legal_actions():
            raise SystemExit(f"colver refuses the card {ask['card']}: {env.legal_actions()}")
        env.smart_ismcts_step(ask["card"])
        answer = {"points": list(env.get_points()), "over": env.is_terminal()}
    else:
        raise SystemExit(f"unknown op {op}")
    print(json.dumps(answer), flush=True)
"""

RULES = Rules.coinche(declarations=False, forced_undertrump=False)


class Colver(Child):
    """A colver child process, and the conversion of cards, seats and calls to its own."""

    def __init__(self, python: Path) -> None:
        super().__init__(python, _CHILD, "colver")
        names = self.read()["names"]
        self.ours = [Card.from_str(name).index for name in names]  # colver's card -> ours
        self.theirs = {ours: i for i, ours in enumerate(self.ours)}
        # colver's trump t is the suit of its card 8 t; ours by the suit's number.
        self.trump = {int(Card.from_index(self.ours[8 * t]).suit): t for t in range(4)}

    @staticmethod
    def player(seat: Seat) -> int:
        return (4 - seat) % 4

    def call(self, call: Call) -> int:
        """colver's action for a call: 0 pass, 1 + 4 (level - 80) / 10 + trump, 37 + trump for
        capot, 41 coinche, 42 surcoinche."""
        if call.kind is CallKind.PASS:
            return 0
        if call.kind is CallKind.COINCHE:
            return 41
        if call.kind is CallKind.SURCOINCHE:
            return 42
        assert call.kind is CallKind.BID and call.contract is not None
        trump = self.trump[int(call.contract)]
        if call.level >= CAPOT_LEVEL:
            return 37 + trump
        return 1 + 4 * ((call.level - 80) // 10) + trump

    def start(self, deal: Deal) -> None:
        """Tell colver the deal as its play begins: the dealt hands and every call."""
        hands: list[list[int]] = [[] for _ in range(4)]
        for seat in Seat:
            hands[self.player(seat)] = sorted(self.theirs[c.index] for c in deal.dealt_hand(seat))
        bids = [(self.player(seat), self.call(call)) for seat, call in deal.calls]
        self.ask(op="deal", dealer=self.player(deal.dealer), hands=hands, bids=bids)

    def card(self, ms: int) -> tuple[Card, float]:
        answer = self.ask(op="act", ms=ms)
        return Card.from_index(self.ours[answer["card"]]), answer["cpu"]

    def played(self, card: Card) -> None:
        self.ask(op="play", card=self.theirs[card.index])


@dataclass
class PairOutcome:
    """One deal pair: each half's game points (ours, colver's), who declared, whether made."""

    points: list[tuple[int, int]] = field(default_factory=list)
    declared: list[tuple[str, bool]] = field(default_factory=list)  # ("ours"|"colver", made)
    ours_us: list[int] = field(default_factory=list)  # our think times, µs of CPU
    colver_us: list[int] = field(default_factory=list)


_colver: Colver | None = None


def _start_worker(python: str) -> None:
    global _colver
    _colver = Colver(Path(python))


def _dealt(number: int, seed: int) -> Deal:
    """The pair's deal, cut, its auction not begun."""
    return duel_deal(RULES, seed, number)


def play_pair(number: int, seed: int, level: str, ms: int) -> PairOutcome | None:
    """Deal pair ``number``: None if all four passed."""
    assert _colver is not None
    # `basic`'s auction, made once and pushed again in each half: the same contract in both.
    auction = _dealt(number, seed)
    basic = [make("basic", seed=200 + s) for s in range(4)]
    while auction.phase is Phase.AUCTION:
        seat = auction.turn
        assert seat is not None
        auction.push(basic[seat].act(auction.view(seat)))
    if auction.contract is None:
        return None
    ours = [make(level, seed=100 + s) for s in range(4)]
    outcome = PairOutcome()
    clock = time.thread_time_ns
    for our_team in (Team.NS, Team.EW):
        deal = _dealt(number, seed)
        for _, call in auction.calls:
            deal.push(call)
        _colver.start(deal)
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            if seat.team is our_team:
                started = clock()
                action = ours[seat].act(deal.view(seat))
                outcome.ours_us.append((clock() - started) // 1000)
                assert isinstance(action, Play)
                card = action.card
            else:
                card, cpu = _colver.card(ms)
                outcome.colver_us.append(int(cpu * 1e6))
                action = Play(card)
            deal.push(action)
            _colver.played(card)
        assert deal.result is not None and deal.declarers is not None
        written = deal.result.written
        outcome.points.append((written[our_team], written[our_team.other]))
        made = deal.result.outcome is Outcome.MADE
        outcome.declared.append(("ours" if deal.declarers is our_team else "colver", made))
    return outcome


def _summary(outcomes: list[PairOutcome], args: argparse.Namespace) -> dict[str, Any]:
    ours = [sum(p[0] for p in o.points) / 2 for o in outcomes]
    theirs = [sum(p[1] for p in o.points) / 2 for o in outcomes]
    diff, half = mean_ci([a - b for a, b in zip(ours, theirs, strict=True)])
    contracts = {
        side: [made for o in outcomes for who, made in o.declared if who == side]
        for side in ("ours", "colver")
    }
    times = {
        "ours": [t for o in outcomes for t in o.ours_us],
        "colver": [t for o in outcomes for t in o.colver_us],
    }
    return {
        "level": args.level,
        "colver_ms": args.colver_ms,
        "seed": args.seed,
        "pairs": len(outcomes),
        "thrown_in": args.deals - len(outcomes),
        "ours": statistics.fmean(ours),
        "colver": statistics.fmean(theirs),
        "difference": diff,
        "ci95": half,
        "contracts": {side: [sum(made), len(made)] for side, made in contracts.items()},
        "think_ms": {
            side: {
                "mean": statistics.fmean(us) / 1000,
                "p50": percentile(us, 50) / 1000,
                "max": max(us) / 1000,
            }
            for side, us in times.items()
            if us
        },
    }


class LogRow(TypedDict):
    """A pair's line of ``--log``: its points and who declared unless it was thrown in."""

    number: int
    thrown_in: bool
    points: NotRequired[list[tuple[int, int]]]
    declared: NotRequired[list[tuple[str, bool]]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deal pairs (100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="strong", help="our level (strong)")
    parser.add_argument("--colver-ms", type=int, default=100, help="colver's ms a card (100)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--venv", type=Path, default=None, help="colver's virtualenv")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--log", type=Path, default=None, help="write each pair as a JSON line")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1 or args.colver_ms < 1:
        parser.error("--deals, --workers and --colver-ms must be above 0")
    python = str(package_python(COLVER, args.venv))
    started = time.monotonic()
    outcomes: list[PairOutcome] = []
    log = None if args.log is None else args.log.open("w")
    with ProcessPoolExecutor(args.workers, initializer=_start_worker, initargs=(python,)) as pool:
        futures = [
            pool.submit(play_pair, n, args.seed, args.level, args.colver_ms)
            for n in range(args.deals)
        ]
        for number, future in enumerate(futures):
            result = future.result()
            if result is not None:
                outcomes.append(result)
            if log is not None:
                row: LogRow = {"number": number, "thrown_in": result is None}
                if result is not None:
                    row |= {"points": result.points, "declared": result.declared}
                log.write(json.dumps(row) + "\n")
                log.flush()
            if (number + 1) % 20 == 0 and not args.json:
                print(f"  {number + 1} pairs", file=sys.stderr, flush=True)
    summary = _summary(outcomes, args)
    summary["seconds"] = round(time.monotonic() - started)
    if log is not None:
        log.write(json.dumps({"summary": summary}) + "\n")
        log.close()
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    made = summary["contracts"]
    print(
        f"{args.level} against colver's Smart IS-MCTS ({args.colver_ms} ms a card), Coinche by "
        f"colver's rules, {summary['pairs']} deal pairs (seed {args.seed}; "
        f"{summary['thrown_in']} thrown in), `basic`'s auction in both halves"
    )
    print(f"  {args.level} +{summary['ours']:.2f} a deal, colver +{summary['colver']:.2f}")
    print(f"  difference {summary['difference']:+.2f} ± {summary['ci95']:.2f} (95% CI)")
    for side in ("ours", "colver"):
        print(f"  contracts made by {side}: {made[side][0]} of {made[side][1]}")
    for side, t in summary["think_ms"].items():
        print(
            f"  think (CPU) {side}: mean {t['mean']:.0f} ms, p50 {t['p50']:.0f} ms, "
            f"max {t['max']:.0f} ms"
        )
    print(f"  ({summary['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
