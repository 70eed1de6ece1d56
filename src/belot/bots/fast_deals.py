"""Compiled random full deals of Coinche, shuffle to score, for the bots' simulations.

>>> from belot.engine.rules import Rules
>>> rules = Rules.coinche(declarations=False)
>>> stats = random_deals(1000, seed=1, rules=rules)
>>> stats.count, stats.passed, stats.played + stats.passed == stats.count
(1000, 0, True)
>>> (deal,) = recorded_deals(1, seed=1, rules=rules)[1]
>>> len(deal.hands), sum(len(hand) for hand in deal.hands), str(deal.actions[0])
(4, 32, 'capotC')

Each deal shuffles the cards, holds a random auction (every legal call equally likely), plays
random legal cards with the game's obligations (the solver core's rules) and scores the deal as
the engine does (``games.coinche.score_coinche``). The loop (``bots/_deal_core.py``) runs
compiled by numba, the same deals compiled or not (``NUMBA_DISABLE_JIT=1``); a test replays its
deals through ``belot.engine.Deal`` call by call and card by card. Coinche is the game it knows,
with the rules' ``declarations`` off (Belote contrée: belote counts, no sequences or fours),
every other Coinche option as the rules say except ``coinche_anytime``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from belot.bots import _deal_core as core
from belot.bots import _playout_core as playout_core
from belot.bots import _solver_core as rules_core
from belot.bots.solver import _contract_params, obligation_flags
from belot.engine.actions import CAPOT_LEVEL, Action, Call, CallKind, Play
from belot.engine.cards import Card, Rank
from belot.engine.contracts import Contract
from belot.engine.errors import BelotError
from belot.engine.games.coinche import BID_LEVELS
from belot.engine.rules import Rules
from belot.engine.table import Seat

__all__ = ["DealStats", "FastDealError", "RandomDeal", "random_deals", "recorded_deals"]

_Array = np.ndarray[Any, np.dtype[np.int64]]

assert (int(Rank.QUEEN), int(Rank.KING)) == (5, 6)  # the belote test in the compiled loop


class FastDealError(BelotError):
    """Rules the compiled deal does not play, or a bad number of deals."""


@dataclass(frozen=True, slots=True)
class DealStats:
    """Sums over ``count`` random deals."""

    count: int
    #: Deals that four passes ended (no score).
    passed: int
    #: Written points per team (NS, EW), rounded as the rules say.
    written: tuple[int, int]
    #: Card points per team (NS, EW), the last trick's ten included.
    card_points: tuple[int, int]
    #: The sum of the contracts' bids (a capot counts 250).
    levels: int

    @property
    def played(self) -> int:
        """Deals that were bid and played."""
        return self.count - self.passed


@dataclass(frozen=True, slots=True)
class RandomDeal:
    """One random deal: the hands (N E S W), the actions after the cut, what it wrote."""

    hands: tuple[tuple[Card, ...], ...]
    actions: tuple[Action, ...]
    #: None when four passes ended the deal.
    written: tuple[int, int] | None
    card_points: tuple[int, int]


@dataclass(frozen=True, slots=True)
class _Loaded:
    tabs: _Array
    par: _Array
    opts: _Array


def _load(rules: Rules, dealer: Seat) -> _Loaded:
    if rules.preset != "coinche":
        raise FastDealError(f"the compiled deal plays Coinche only, not {rules.preset}")
    if rules.declarations:
        raise FastDealError(
            "the compiled deal plays Coinche without declarations: use declarations=False"
        )
    if rules.coinche_anytime:
        raise FastDealError("the compiled deal does not play coinche_anytime")
    forced_undertrump, beat_in_plain_suit, partner_exception = obligation_flags(rules)
    if beat_in_plain_suit or not partner_exception:
        raise FastDealError("the compiled deal plays Coinche's obligations only")
    tabs = np.stack([_contract_params(Contract(suit))[4] for suit in range(4)])
    par = np.zeros(rules_core.PAR_SIZE, dtype=np.int64)
    par[rules_core.P_KIND] = rules_core.KIND_SUIT
    par[rules_core.P_STEP] = rules.direction & 3
    par[rules_core.P_BONUS] = 10
    par[rules_core.P_UNDER] = 1 if forced_undertrump else 0
    par[rules_core.P_PARTNER] = 1
    opts = np.zeros(core.OPTS_SIZE, dtype=np.int64)
    opts[core.O_DEALER] = int(dealer)
    opts[core.O_COINCHE_CAPOT] = 1 if rules.coinche_capot else 0
    opts[core.O_TOTAL_TEST] = 1 if rules.contract_test == "total" else 0
    opts[core.O_BID_ONLY] = 1 if rules.double_scope == "bid_only" else 0
    opts[core.O_SURCOINCHE] = rules.surcoinche_multiplier
    opts[core.O_ROUNDING] = 1 if rules.rounding == "nearest_ten" else 0
    opts[core.O_BELOTE_TRUMPING] = 1 if rules.belot_when_trumping else 0
    return _Loaded(tabs, par, opts)


_NO_HANDS = np.zeros((0, 4), dtype=np.int64)
_NO_RESULTS = np.zeros((0, core.D_WIDTH), dtype=np.int64)
_NO_RECORD = np.zeros((0, core.RECORD), dtype=np.int64)


def _run(
    loaded: _Loaded, count: int, rng: _Array, hands: _Array, results: _Array, record: _Array
) -> _Array:
    totals = np.zeros(core.T_WIDTH, dtype=np.int64)
    core.random_deals(
        count,
        rng,
        loaded.tabs,
        loaded.par,
        loaded.opts,
        totals,
        hands,
        results,
        record,
    )
    return totals


def _stats(totals: _Array) -> DealStats:
    row = totals.tolist()
    return DealStats(
        row[core.T_DEALS],
        row[core.T_PASSED],
        (row[core.D_NS], row[core.D_EW]),
        (row[core.D_CARDS_NS], row[core.D_CARDS_EW]),
        row[core.D_LEVEL],
    )


def _check_count(count: int) -> None:
    if count < 1:
        raise FastDealError(f"the number of deals must be at least 1, not {count}")


def random_deals(
    count: int, seed: int = 0, rules: Rules | None = None, dealer: Seat = Seat.N
) -> DealStats:
    """Play ``count`` random deals of Coinche (``declarations`` off) dealt by ``dealer``
    (the same ones for the same seed)."""
    _check_count(count)
    loaded = _load(rules or Rules.coinche(declarations=False), dealer)
    rng = playout_core.seed_state(seed)
    return _stats(_run(loaded, count, rng, _NO_HANDS, _NO_RESULTS, _NO_RECORD))


_BIDS = tuple(
    Call.points_bid(level, Contract(suit))
    for level in (*BID_LEVELS, CAPOT_LEVEL)
    for suit in range(4)
)
_CALLS: tuple[Action, ...] = (
    Call.pass_(),
    *_BIDS,
    Call(CallKind.COINCHE),
    Call(CallKind.SURCOINCHE),
)
_CARDS = tuple(Card.from_index(c) for c in range(32))


def _action(code: int) -> Action:
    return Play(_CARDS[code - core.CARD]) if code >= core.CARD else _CALLS[code]


def recorded_deals(
    count: int, seed: int = 0, rules: Rules | None = None, dealer: Seat = Seat.N
) -> tuple[DealStats, list[RandomDeal]]:
    """``random_deals`` together with each deal's hands, actions and score (for checks)."""
    _check_count(count)
    loaded = _load(rules or Rules.coinche(declarations=False), dealer)
    hands = np.zeros((count, 4), dtype=np.int64)
    results = np.zeros((count, core.D_WIDTH), dtype=np.int64)
    record = np.zeros((count, core.RECORD), dtype=np.int64)
    totals = _run(loaded, count, playout_core.seed_state(seed), hands, results, record)
    deals = [
        RandomDeal(
            tuple(tuple(_CARDS[c] for c in range(32) if mask >> c & 1) for mask in masks),
            tuple(_action(code) for code in codes if code >= 0),
            (row[core.D_NS], row[core.D_EW]) if row[core.D_LEVEL] else None,
            (row[core.D_CARDS_NS], row[core.D_CARDS_EW]),
        )
        for masks, codes, row in zip(hands.tolist(), record.tolist(), results.tolist(), strict=True)
    ]
    return _stats(totals), deals


def load_compiled() -> None:
    """Load (or compile) the compiled loop now, not in the first batch."""
    random_deals(1, seed=-1)


# --- benchmark (``belot bench``) --------------------------------------------------------------


class _FastDeals:
    """Compiled random full deals of Coinche (Belote contrée), 10,000 to a compiled call."""

    def __init__(self, seed: int, per_call: int = 10_000) -> None:
        self.loaded = _load(Rules.coinche(declarations=False), Seat.N)
        self.rng = playout_core.seed_state(seed)
        self.per_call = per_call
        self.totals = np.zeros(core.T_WIDTH, dtype=np.int64)
        load_compiled()

    def __call__(self) -> int:
        totals = _run(self.loaded, self.per_call, self.rng, _NO_HANDS, _NO_RESULTS, _NO_RECORD)
        self.totals += totals
        return self.per_call

    def details(self) -> dict[str, Any]:
        stats = _stats(self.totals)
        played = stats.played
        return {
            "per_call": self.per_call,
            "game": "coinche, declarations off",
            "passed_out": stats.passed,
            "mean_level": round(stats.levels / played, 1) if played else None,
            "mean_written": (
                [round(stats.written[0] / played, 1), round(stats.written[1] / played, 1)]
                if played
                else None
            ),
        }


def _register_benchmarks() -> None:
    from belot.bench import Benchmark, register

    register(
        Benchmark(
            "fast-deals",
            "compiled random full deals of Coinche, shuffle, auction, play and score",
            "deals",
            _FastDeals,
            goal=750_000,
            game="coinche",
        )
    )


_register_benchmarks()
