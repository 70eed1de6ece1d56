"""The exact perfect-information solver: best card points with all four hands known.

>>> from belot.engine.deal import Deal
>>> from belot.engine.actions import Cut, Call
>>> deal = Deal.new(seed=3)
>>> deal.push(Cut(10))
>>> for call in ("hearts", "pass", "pass", "pass"):
...     deal.push(Call.bid(Contract.HEARTS) if call == "hearts" else Call.pass_())
>>> position = Position.from_deal(deal)
>>> 0 <= solve(position) <= 162
True

The value is the declarers' card points at the end of the deal (those already won included, the
last trick's bonus included) when both sides play best. Every game plays by its own obligations
(``rules_options`` reads them from the game of the deal's rules: Bulgarian Belot, French
Belote and Coinche by ``tricks.obliged``, Bela by ``bela_obliged`` and its two options) and
counts its cards as RULES.md §2 does (French Belote, Coinche and Bela have suit contracts only:
162 with the last trick). What the score makes of the card points is the caller's: declarations,
belots, and the bonus for taking every trick (Bulgarian valat +90, French capot 252, Coinche's
250 for the cards, Bela's stiglja +90) are not part of the value: the caller adds them
(``strong.py``'s game-points objective, which takes all the card points for a sweep, with
pivots where the outcome changes). The search runs compiled by numba (the compiled code is
cached on disk); with ``NUMBA_DISABLE_JIT=1`` the same source runs as plain Python.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from belot.bots import _solver_core as core
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.errors import BelotError
from belot.engine.games import game_of
from belot.engine.games.bela import bela_legal_mask
from belot.engine.rules import Rules
from belot.engine.scoring import LAST_TRICK
from belot.engine.table import Seat, Team
from belot.engine.tricks import ABOVE, CARD_POINTS, KEY, TRUMP_MASKS, legal_mask, winner_position
from belot.engine.view import SeatView

__all__ = [
    "Position",
    "Solver",
    "SolverError",
    "load_compiled",
    "obligation_flags",
    "random_position",
    "solve",
    "solve_cards",
]


class SolverError(BelotError):
    """A position the solver cannot search (inconsistent hands or trick)."""


@dataclass(frozen=True, slots=True)
class Position:
    """A play-phase position with every hand known.

    ``hands`` are card-set ints per seat (N E S W); ``trick`` the card indices of the trick in
    progress in play order, led by ``leader``; ``points`` the card points won so far (NS, EW).
    The last three fields are the game's obligations (see ``_solver_core``): Bulgarian Belot's
    by default, French Belote's and Coinche's with ``forced_undertrump``, Bela's with
    ``forced_undertrump``, ``beat_in_plain_suit`` and ``partner_exception`` as its rules say
    (``rules_options`` gives them for any rules).
    """

    hands: tuple[int, int, int, int]
    contract: Contract
    declarers: Team
    leader: Seat
    trick: tuple[int, ...] = ()
    points: tuple[int, int] = (0, 0)
    direction: int = -1
    last_trick: int = LAST_TRICK
    forced_undertrump: bool = False
    beat_in_plain_suit: bool = False
    partner_exception: bool = True

    @classmethod
    def from_deal(cls, deal: Deal) -> Position:
        """The position of a deal of any game in its play phase, with its game's obligations."""
        if deal.phase is not Phase.PLAY or deal.contract is None or deal.bidder is None:
            raise SolverError("the solver needs a deal in its play phase")
        trick = deal.current_trick
        leader = trick[0][0] if trick else deal.turn
        assert leader is not None
        return cls(
            hands=(
                deal.hand_mask(Seat.N),
                deal.hand_mask(Seat.E),
                deal.hand_mask(Seat.S),
                deal.hand_mask(Seat.W),
            ),
            contract=deal.contract,
            declarers=deal.bidder.team,
            leader=leader,
            trick=tuple(card.index for _, card in trick),
            points=deal.card_points,
            **rules_options(deal.rules, deal.contract),
        )

    @classmethod
    def in_world(cls, view: SeatView, hands: tuple[int, int, int, int]) -> Position:
        """The position of ``view``'s deal (in its play phase, the view's seat to play) had the
        four seats ``hands`` (a world of the cards the seat cannot see, its own hand among them),
        with its game's obligations."""
        contract, bidder = view.contract, view.bidder
        if view.phase is not Phase.PLAY or contract is None or bidder is None:
            raise SolverError("the solver needs a deal in its play phase")
        trick = view.current_trick
        return cls(
            hands=hands,
            contract=contract,
            declarers=bidder.team,
            leader=trick[0][0] if trick else view.seat,
            trick=tuple(card.index for _, card in trick),
            points=view.card_points,
            **rules_options(view.rules, contract),
        )

    @property
    def turn(self) -> Seat:
        """The seat to play."""
        return Seat((self.leader + len(self.trick) * self.direction) % 4)

    @property
    def total(self) -> int:
        """Card points of the whole deal (162, 258 or 260 under the default rules)."""
        return sum(CARD_POINTS[self.contract]) + self.last_trick

    def play(self, card: int) -> Position:
        """The position after the seat to play plays ``card`` (an index; not checked)."""
        seat = self.turn
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        trick = (*self.trick, card)
        if len(trick) < 4:
            return _replace(self, hands, trick, self.leader, self.points)
        win = winner_position(trick, self.contract)
        winner = Seat((self.leader + win * self.direction) % 4)
        won = sum(CARD_POINTS[self.contract][c] for c in trick)
        if not any(hands):
            won += self.last_trick
        points = list(self.points)
        points[winner & 1] += won
        return _replace(self, hands, (), winner, (points[0], points[1]))


def _replace(
    position: Position,
    hands: list[int],
    trick: tuple[int, ...],
    leader: Seat,
    points: tuple[int, int],
) -> Position:
    return Position(
        (hands[0], hands[1], hands[2], hands[3]),
        position.contract,
        position.declarers,
        leader,
        trick,
        points,
        position.direction,
        position.last_trick,
        position.forced_undertrump,
        position.beat_in_plain_suit,
        position.partner_exception,
    )


def rules_options(rules: Rules, contract: Contract) -> dict[str, Any]:
    """The ``Position`` fields that ``rules`` decide: the direction of play, the last trick's
    bonus and the obligations of the game of ``rules``."""
    forced_undertrump, beat_in_plain_suit, partner_exception = obligation_flags(rules)
    return {
        "direction": rules.direction,
        "last_trick": rules.nt_last_trick if contract == Contract.NO_TRUMPS else LAST_TRICK,
        "forced_undertrump": forced_undertrump,
        "beat_in_plain_suit": beat_in_plain_suit,
        "partner_exception": partner_exception,
    }


def obligation_flags(rules: Rules) -> tuple[bool, bool, bool]:
    """``(forced_undertrump, beat_in_plain_suit, partner_exception)`` of the game that ``rules``
    play, read from the obligations the engine plays by (``Game.obligations``)."""
    game = game_of(rules)
    obligations, option = game.obligations(rules)
    if obligations is legal_mask:  # Bulgarian Belot, French Belote, Coinche
        return bool(option), False, True
    if obligations is bela_legal_mask:
        beat_in_plain_suit, partner_exception = option
        return True, bool(beat_in_plain_suit), bool(partner_exception)
    raise SolverError(f"the solver does not know the playing obligations of {game.name}")


@cache
def _tables(contract: Contract) -> np.ndarray[Any, np.dtype[np.int64]]:
    keys = KEY[contract]
    tab = np.zeros((4, 32), dtype=np.int64)
    for card in range(32):
        tab[0, card] = keys[card]
        tab[1, card] = CARD_POINTS[contract][card]
        tab[2, card] = ABOVE[contract][card]
        suit = card & ~7
        stronger = [c for c in range(suit, suit + 8) if keys[c] > keys[card]]
        tab[3, card] = min(stronger, key=lambda c: keys[c]) if stronger else -1
    return tab


@cache
def _contract_params(
    contract: Contract,
) -> tuple[int, int, int, tuple[int, ...], np.ndarray[Any, np.dtype[np.int64]]]:
    """The search's kind, trump suit and trump mask for ``contract``, the card points of each
    byte of a card set (256 entries per suit), and the card tables."""
    if contract == Contract.NO_TRUMPS:
        kind, suit = core.KIND_NO_TRUMPS, -1
    elif contract == Contract.ALL_TRUMPS:
        kind, suit = core.KIND_ALL_TRUMPS, -1
    else:
        kind, suit = core.KIND_SUIT, int(contract)
    points = CARD_POINTS[contract]
    byte_points = tuple(
        sum(points[8 * s + r] for r in range(8) if byte >> r & 1)
        for s in range(4)
        for byte in range(256)
    )
    return kind, suit, TRUMP_MASKS[contract], byte_points, _tables(contract)


def table_shift(live: int, bits: int) -> int:
    """The search's ``P_SHIFT`` for the live cards ``live`` and a table of ``2 ** bits`` rows:
    a small search uses only the start of the table, which stays in the cache."""
    tricks = (live.bit_count() + 3) >> 2
    return 32 - min(bits, 3 + 2 * tricks)


def search_kind(kind: int, position: Position) -> int:
    """The search's kind for ``position``: ``KIND_SUIT_FLAGGED`` for a suit contract whose
    plain-suit obligations are not Bulgarian Belot's (the core then reads the flags there;
    under ``KIND_SUIT`` it need not, which keeps the commonest path as fast as it was)."""
    if kind == core.KIND_SUIT and (position.beat_in_plain_suit or not position.partner_exception):
        return core.KIND_SUIT_FLAGGED
    return kind


class Solver:
    """Solves positions with one transposition table, reused from one solve to the next.

    Keep one per thread: the table is a 2 MB array (and 256 KB for the last two tricks) that is
    costly to allocate.
    """

    def __init__(self) -> None:
        self._tt = core.new_table()
        self._stamp = 0
        self._par = np.zeros(core.PAR_SIZE, dtype=np.int64)
        self._out = np.zeros(32, dtype=np.int64)
        self._hands = np.zeros(4, dtype=np.int64)
        self._played, self._st, self._moves, self._scores = core.new_workspace()
        self.nodes = 0
        """Nodes searched by the last call."""

    def _prepare(
        self, position: Position, max_nodes: int = 0, tolerance: int = 0
    ) -> np.ndarray[Any, np.dtype[np.int64]]:
        """Check ``position`` and load it into the workspace; return its card tables."""
        live = _check(position)
        kind, trump_suit, trumps, byte_points, tab = _contract_params(position.contract)
        kind = search_kind(kind, position)
        declarers = int(position.declarers)
        last_trick = position.last_trick
        remaining = (
            last_trick
            + byte_points[live & 0xFF]
            + byte_points[256 + (live >> 8 & 0xFF)]
            + byte_points[512 + (live >> 16 & 0xFF)]
            + byte_points[768 + (live >> 24)]
        )
        self._stamp += 1
        # One write of the whole array, in the order of the P_* indices.
        self._par[:] = (
            kind,
            trump_suit,
            trumps,
            declarers,
            position.direction & 3,
            last_trick,
            1 if position.forced_undertrump else 0,
            1 if position.beat_in_plain_suit else 0,
            1 if position.partner_exception else 0,
            self._stamp,
            0,
            max_nodes,
            0,
            tolerance,
            table_shift(live, core.TT_BITS),
            0,
            0,
            0,
            0,
            0,
        )
        trick = position.trick
        n = len(trick)
        st = self._st
        root = core.ROOT
        if n:
            played = self._played
            for i, card in enumerate(trick):
                played[root - n + i] = card
            st[root, core.S_WIN] = winner_position(trick, position.contract)
        else:
            st[root, core.S_WIN] = 0
        st[root, core.S_N] = n
        st[root, core.S_LEADER] = int(position.leader)
        st[root, core.S_ACC] = position.points[declarers]
        st[root, core.S_REM] = remaining
        hands = self._hands
        h0, h1, h2, h3 = position.hands
        hands[0] = h0
        hands[1] = h1
        hands[2] = h2
        hands[3] = h3
        return tab

    def solve(self, position: Position) -> int:
        """The declarers' final card points with best play by both sides."""
        value = self.try_solve(position, 0)
        assert value is not None
        return value

    def try_solve(
        self, position: Position, max_nodes: int, tolerance: int = 0, pivots: Sequence[int] = ()
    ) -> int | None:
        """``solve``, or None if that takes more than ``max_nodes`` nodes (0: no limit); with a
        ``tolerance``, the value may be off by up to that many points (much faster), but lies
        on the same side of each of the ``pivots`` (at most four) as the exact value: at least
        the pivot, or under it."""
        tab = self._prepare(position, max_nodes, tolerance)
        self._pivot(pivots)
        par = self._par
        result = core.value(
            self._hands,
            self._played,
            core.ROOT,
            -1,
            tab,
            par,
            self._tt,
            self._st,
            self._moves,
            self._scores,
        )
        self.nodes = int(par[core.P_NODES])
        if par[core.P_ABORTED]:
            return None
        return int(result)

    def solve_cards(self, position: Position) -> dict[Card, int]:
        """For each legal card of the seat to play: the declarers' final card points if it is
        played now and both sides play best afterwards."""
        values = self.try_solve_cards(position, 0)
        assert values is not None
        return values

    def try_solve_cards(
        self, position: Position, max_nodes: int, tolerance: int = 0, pivots: Sequence[int] = ()
    ) -> dict[Card, int] | None:
        """``solve_cards``, or None if that takes more than ``max_nodes`` nodes (0: no limit);
        with a ``tolerance``, each value may be off by up to that many points (much faster), but
        lies on the same side of each of the ``pivots`` as the exact value (see ``try_solve``)."""
        tab = self._prepare(position, max_nodes, tolerance)
        self._pivot(pivots)
        par = self._par
        out = self._out
        core.values_per_card(
            self._hands,
            self._played,
            -1,
            tab,
            par,
            self._tt,
            self._st,
            self._moves,
            self._scores,
            out,
        )
        self.nodes = int(par[core.P_NODES])
        if par[core.P_ABORTED]:
            return None
        values = out.tolist()
        return {_CARDS[c]: v for c, v in enumerate(values) if v >= 0}

    def _pivot(self, pivots: Sequence[int]) -> None:
        """Set the pivots of the next search (after ``_prepare``)."""
        if len(pivots) > 4:
            raise SolverError("at most four pivots")
        par = self._par
        par[core.P_PIVOTS] = len(pivots)
        for k, pivot in enumerate(sorted(pivots)):
            par[core.P_PIVOT + k] = pivot

    def legal_mask(self, position: Position) -> int:
        """The legal cards of the seat to play, as the search generates them."""
        tab = self._prepare(position)
        n = len(position.trick)
        hand = int(self._hands[position.turn])
        return int(core.legal(hand, self._played, core.ROOT - n, n, tab, self._par))


_CARDS = tuple(Card.from_index(c) for c in range(32))


def _check(position: Position) -> int:
    """The live cards of ``position`` (hands and trick); SolverError if it is inconsistent."""
    h0, h1, h2, h3 = hands = position.hands
    seen = 0
    for hand in hands:
        if hand < 0 or hand >> 32 or hand & seen:
            raise SolverError("the hands must be disjoint card sets")
        seen |= hand
    trick = position.trick
    for card in trick:
        if not 0 <= card < 32 or seen >> card & 1:
            raise SolverError("a card of the trick is also in a hand")
        seen |= 1 << card
    n = len(trick)
    if n > 3:
        raise SolverError("the trick in progress holds at most three cards")
    total = seen.bit_count()
    if total % 4 or total == 0:
        raise SolverError("the hands and the trick must hold a multiple of four cards")
    per = total >> 2
    if n == 0 and h0.bit_count() == per == h1.bit_count() == h2.bit_count() == h3.bit_count():
        return seen
    seat = int(position.leader)
    step = position.direction
    for i in range(4):
        count = hands[seat].bit_count()
        if count + (i < n) != per:
            raise SolverError(
                f"{Seat(seat).name} holds {count} cards; the trick in progress "
                f"means {per - (i < n)}"
            )
        seat = (seat + step) % 4
    return seen


_SOLVER: Solver | None = None


def _default() -> Solver:
    global _SOLVER
    if _SOLVER is None:
        _SOLVER = Solver()
    return _SOLVER


def solve(position: Position) -> int:
    """The declarers' final card points with best play by both sides (one shared table)."""
    return _default().solve(position)


def solve_cards(position: Position) -> dict[Card, int]:
    """Each legal card's value for the declarers (see ``Solver.solve_cards``)."""
    return _default().solve_cards(position)


@cache
def load_compiled() -> None:
    """Load the search's compiled code now, not in the first solve: numba reads it from its disk
    cache at the first call of each entry point, about 0.3 s once a process. A bot that searches
    calls this when it is made, so that its first decision takes no longer than the others."""
    position = Position((1 << 0, 1 << 1, 1 << 2, 1 << 3), Contract.ALL_TRUMPS, Team.NS, Seat.N)
    solver = Solver()
    solver.solve(position)
    solver.solve_cards(position)
    solver.legal_mask(position)


# --- benchmarks (``belot bench``) ------------------------------------------------------------


def random_position(rng: random.Random, tricks_left: int = 8) -> Position:
    """A position from a random deal and contract after random legal play down to
    ``tricks_left`` tricks, at the start of a trick."""
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    for i, card in enumerate(cards):
        hands[i % 4] |= 1 << card
    contract = Contract(rng.randrange(6))
    position = Position(
        (hands[0], hands[1], hands[2], hands[3]),
        contract,
        Team(rng.randrange(2)),
        Seat(rng.randrange(4)),
        **rules_options(Rules.bulgarian(), contract),
    )
    while position.hands[0].bit_count() > tricks_left or position.trick:
        hand = position.hands[position.turn]
        legal = legal_mask(hand, list(position.trick), position.contract)
        choices = [c for c in range(32) if legal >> c & 1]
        position = position.play(rng.choice(choices))
    return position


class _SolveBatch:
    """Solves positions and keeps each solve's CPU time for the percentiles.

    With a ``pool``, that many positions are dealt in advance (untimed) and solved in turn, so
    the rate counts solving only; without one, each batch deals its positions."""

    def __init__(self, seed: int, tricks_left: int, per_batch: int, pool: int = 0) -> None:
        self.rng = random.Random(seed)
        self.tricks_left = tricks_left
        self.per_batch = per_batch
        self.pool = [random_position(self.rng, tricks_left) for _ in range(pool)]
        self.next = 0
        self.solver = Solver()
        self.solver.solve(random_position(random.Random(-1), 2))  # load the compiled code
        self.times: list[float] = []
        self.nodes = 0

    def __call__(self) -> int:
        if self.pool:
            size = len(self.pool)
            positions = [self.pool[(self.next + i) % size] for i in range(self.per_batch)]
            self.next = (self.next + self.per_batch) % size
        else:
            positions = [random_position(self.rng, self.tricks_left) for _ in range(self.per_batch)]
        for position in positions:
            start = time.process_time()
            self.solver.solve(position)
            self.times.append(time.process_time() - start)
            self.nodes += self.solver.nodes
        return len(positions)

    def details(self) -> dict[str, Any]:
        times = sorted(self.times)
        if not times:
            return {}
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        return {
            "solves": len(times),
            "mean_ms": round(1000 * sum(times) / len(times), 3),
            "p50_ms": round(1000 * times[len(times) // 2], 3),
            "p99_ms": round(1000 * p99, 3),
            "max_ms": round(1000 * times[-1], 3),
            "nodes_per_solve": round(self.nodes / len(times)),
        }


def _register_benchmarks() -> None:
    from belot.bench import Benchmark, register

    register(
        Benchmark(
            "solver",
            "exact solves of full 8-trick deals (random hands and contract)",
            "solves",
            lambda seed: _SolveBatch(seed, 8, 1),
            goal=25,
        )
    )
    register(
        Benchmark(
            "solver-endgame",
            "exact solves with 5 tricks left (after 3 random tricks; 4,000 dealt in advance)",
            "solves",
            lambda seed: _SolveBatch(seed, 5, 50, pool=4000),
            goal=1 / 0.0003,
        )
    )


_register_benchmarks()
