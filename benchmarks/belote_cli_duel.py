"""A level of ours against belote-cli's computer players in French Belote, on duplicate deals.

belote-cli (https://pypi.org/project/belote-cli/, a terminal Belote game) is never a dependency of
belot and never imported by it: it runs in a virtualenv of its own (``isolated_venv.py``: made on
first use, pip from PyPI, a pinned version) as a child process, one for each worker. There its
own AI (``belote.ai.AIPlayer``, ``--difficulty hard`` unless told otherwise) decides for each of
the other team's seats, one ``AIPlayer`` a seat, as belote-cli's own game drives them
(``update_memory`` and then ``decide_card``; ``decide_bid``).

Each seat of belote-cli's is told what that seat has seen and no more: its hand, the turned
card, the calls so far, the tricks played, the contract and its taker. Its AI reads its
partner's hand in belote-cli's own game; here that hand is hidden (belote-cli's
``hide_partner_hand``), so that both sides play by the same rules of what a seat sees. French
Belote by RULES.md §4, our engine's (belote-cli plays the same obligations: must follow, must
trump, must overtrump, undertrump when it cannot, the partner's trick excepted on a plain-suit
lead; a call or card of its that our engine refuses stops the run). Two things are ours, not
belote-cli's:

- in the second round its AI may call Tout atout or Sans atout, which French Belote does not
  have (RULES.md §4): it is then asked for its suit alone, as its AI decides when it calls
  neither;
- declarations: belote-cli announces them for its players itself, so its seats' declarations
  are made by our ``basic`` (the best announcement the engine offers the seat). Belote and
  rebelote are announced as the cards are played, on both sides.

The pairs are the duels' (``arena.duel_deal``, ``arena.match_pair``): each deal (or match to
1,000) played twice, our level North-South and belote-cli East-West, then the other way round.
It prints the duel as ``belot duel`` does; belote-cli's think time is its child's CPU a decision.

    .venv/bin/python benchmarks/belote_cli_duel.py --deals 200 --workers 2
    .venv/bin/python benchmarks/belote_cli_duel.py --deals 100 --level basic --difficulty medium
    .venv/bin/python benchmarks/belote_cli_duel.py --deals 0 --matches 50 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from isolated_venv import Child, package_python

from belot.bots import Bot, make
from belot.bots.arena import Chunk, deal_pair, match_pair, summarise
from belot.engine.actions import Action, Call, CallKind, Declare, Play
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.deal import Phase
from belot.engine.rules import Rules
from belot.engine.view import SeatView

BELOTE_CLI = "belote-cli==4.9.6"
RULES = Rules.french()

# The child: belote-cli's AI players, one a seat of a deal, asked for a call or a card. Our seat
# N, E, S, W (0-3, in French Belote's order of play) is belote-cli's Seat(0-3): SOUTH, EAST,
# NORTH, WEST, in its order of play; the partnerships are the same.
_CHILD = r"""
import json, random, sys, time
from belote.ai import AIPlayer, Difficulty
from belote.deck import Card, Contract, Rank, Suit
from belote.game import SANS_ATOUT_BID, BossModifiers, GameState, Phase, Seat, TrickCard

SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
LETTER = {suit: letter for letter, suit in SUITS.items()}
RANKS = {rank.value: rank for rank in Rank}

def card(name):
    return Card(SUITS[name[-1]], RANKS[name[:-1]])

def name(c):
    return c.rank.value + LETTER[c.suit]

def plays(trick):
    return tuple(TrickCard(Seat(seat), card(c)) for seat, c in trick)

players = {}
for line in sys.stdin:
    ask = json.loads(line)
    if ask["op"] == "new":
        players[ask["id"]] = AIPlayer(
            Seat(ask["seat"]), Difficulty(ask["difficulty"]), rng=random.Random(ask["seed"])
        )
        print(json.dumps({}), flush=True)
        continue
    ai = players[ask["id"]]
    seat = Seat(ask["seat"])
    hands = [(), (), (), ()]
    hands[seat.value] = tuple(card(c) for c in ask["hand"])
    started = time.process_time()
    if ask["op"] == "call":
        calls = ask["calls"]
        state = GameState(
            hands=tuple(hands),
            dealer=Seat(ask["dealer"]),
            turn=seat,
            phase=Phase.BIDDING,
            up_card=card(ask["turned"]),
            bids=tuple(None if c is None else SUITS[c] for c in calls),
            bidding_round=1 + len(calls) // 4,
            bidder_index=len(calls) % 4,
            boss_modifiers=BossModifiers(hide_partner_hand=True),
        )
        bid = ai.decide_bid(state)
        if bid is Suit.TOUT_ATOUT or bid == SANS_ATOUT_BID:  # not in French Belote
            bid = ai._suit_bid(state.hand_of(seat), state, exclude=state.up_card.suit)
        answer = {"call": None if bid is None else LETTER[bid]}
    else:
        state = GameState(
            hands=tuple(hands),
            trump=SUITS[ask["trump"]],
            contract=Contract.NORMAL,
            dealer=Seat(ask["dealer"]),
            turn=seat,
            phase=Phase.PLAYING,
            taker=Seat(ask["taker"]),
            current_trick=plays(ask["trick"]),
            completed_tricks=tuple(plays(t) for t in ask["tricks"]),
            boss_modifiers=BossModifiers(hide_partner_hand=True),
        )
        ai.update_memory(state)
        answer = {"card": name(ai.decide_card(state))}
    answer["cpu"] = time.process_time() - started
    print(json.dumps(answer), flush=True)
"""


class BeloteCli(Child):
    """A belote-cli child process: its AI players, asked in JSON lines."""

    def __init__(self, python: Path) -> None:
        super().__init__(python, _CHILD, "belote-cli")
        self._players = 0

    def player(self, seat: int, difficulty: str, seed: int) -> int:
        """A new AI player for ``seat``: its id."""
        self._players += 1
        self.ask(op="new", id=self._players, seat=seat, difficulty=difficulty, seed=seed)
        return self._players


#: The suits' letters as the cards write them, in our suits' order.
_SUIT_LETTERS = "CDHS"


def _suit_letter(contract: Contract) -> str:
    """The letter of a suit contract's suit, as the cards write it."""
    return _SUIT_LETTERS[int(contract)]


class BeloteCliBot(Bot):
    """One seat of belote-cli's AI, as a bot of ours: it sees the seat's view and no more.

    ``cpu`` collects belote-cli's own think time (its child's CPU) a decision, in µs."""

    name = "belote-cli"
    games = frozenset({"french"})

    def __init__(self, child: BeloteCli, seat: int, difficulty: str, seed: int) -> None:
        super().__init__(seed=seed)
        self.child = child
        self.id = child.player(seat, difficulty, seed)
        self.declarer = make("basic", seed=seed)
        self.cpu: list[int] = []

    def act(self, view: SeatView) -> Action:
        legal = list(view.legal)
        if isinstance(legal[0], Declare):
            return self.declarer.act(view)
        hand = [str(card) for card in view.hand]
        common = {"id": self.id, "seat": int(view.seat), "hand": hand, "dealer": int(view.dealer)}
        if view.phase is Phase.AUCTION:
            assert view.turned is not None
            calls = [
                None if call.contract is None else _suit_letter(call.contract)
                for _, call in view.calls
            ]
            answer = self.child.ask(op="call", turned=str(view.turned), calls=calls, **common)
            letter = answer["call"]
            chosen: Action = (
                Call(CallKind.PASS)
                if letter is None
                else Call(CallKind.BID, Contract(_SUIT_LETTERS.index(letter)))
            )
        else:
            assert view.contract is not None and view.taker is not None
            answer = self.child.ask(
                op="card",
                trump=_suit_letter(view.contract),
                taker=int(view.taker),
                trick=[(int(s), str(c)) for s, c in view.current_trick],
                tricks=[[(int(s), str(c)) for s, c in t.plays] for t in view.completed_tricks],
                **common,
            )
            chosen = Play(Card.from_str(answer["card"]))
        if chosen not in legal:
            raise SystemExit(f"belote-cli chose {chosen}, which our engine refuses: {legal}")
        self.cpu.append(int(answer["cpu"] * 1e6))
        return chosen


_child: BeloteCli | None = None


def _start_worker(python: str) -> None:
    global _child
    _child = BeloteCli(Path(python))


def play_pair(kind: str, number: int, seed: int, level: str, difficulty: str) -> Chunk:
    """Deal pair (or match pair) ``number``: our level as side A, belote-cli's as side B, each
    seat's bot seeded by the pair, so that a pair plays alike on any worker."""
    assert _child is not None
    ours: list[Bot] = [make(level, seed=100 + s) for s in range(4)]
    theirs = [BeloteCliBot(_child, s, difficulty, 1000 * number + 200 + s) for s in range(4)]
    chunk = Chunk()
    bots: tuple[list[Bot], list[Bot]] = (ours, [*theirs])
    if kind == "deals":
        chunk.pairs.append(deal_pair(RULES, bots, seed, number, chunk))
    else:
        chunk.matches.append(match_pair(RULES, bots, seed, number, chunk))
    # Side B's think times are belote-cli's own (its child's CPU), not our wait for it.
    chunk.think[1][:] = [t for bot in theirs for t in bot.cpu]
    return chunk


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deal pairs (100)")
    parser.add_argument("--matches", type=int, default=0, help="match pairs to 1,000 (0)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="strong", help="our level (strong)")
    parser.add_argument("--difficulty", default="hard", choices=["easy", "medium", "hard"])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--venv", type=Path, default=None, help="belote-cli's virtualenv")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.deals < 0 or args.matches < 0 or args.deals + args.matches < 1 or args.workers < 1:
        parser.error("--deals and --matches must be 0 or more, not both 0; --workers above 0")
    python = str(package_python(BELOTE_CLI, args.venv))
    started = time.monotonic()
    jobs = [("deals", n) for n in range(args.deals)] + [("matches", n) for n in range(args.matches)]
    with ProcessPoolExecutor(args.workers, initializer=_start_worker, initargs=(python,)) as pool:
        futures = [
            pool.submit(play_pair, kind, n, args.seed, args.level, args.difficulty)
            for kind, n in jobs
        ]
        chunks = []
        for done, future in enumerate(futures, 1):
            chunks.append(future.result())
            if done % 20 == 0 and not args.json:
                print(f"  {done} of {len(jobs)} pairs", file=sys.stderr, flush=True)
    result = summarise(
        args.level,
        f"belote-cli {args.difficulty}",
        args.seed,
        args.workers,
        chunks,
        time.monotonic() - started,
        "processes",
        RULES,
    )
    print(json.dumps(result.to_json(), indent=1) if args.json else result.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
