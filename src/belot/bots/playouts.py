"""Compiled random playouts of the play phase: uniformly random legal cards to the end.

>>> from belot.engine.deal import Deal
>>> deal = Deal.new(seed=3)
>>> for text in ("cut:5", "hearts", "pass", "pass", "pass"):
...     _ = deal.push_str(text)
>>> position = Position.from_deal(deal)
>>> stats = random_playouts(position, 1000, seed=1)
>>> stats.count, sum(stats.points) == 1000 * 162, sum(stats.tricks) == 1000 * 8
(1000, True, True)
>>> game = random_playout(position, seed=1)
>>> len(game.cards), sum(game.points), sum(game.tricks)
(32, 162, 8)

The loop (``bots/_playout_core.py``) runs compiled by numba and plays by the solver core's rules;
``random_playouts`` runs all its playouts inside the compiled code, several hundred thousand a
second. The same seed gives the same playouts, compiled or not (``NUMBA_DISABLE_JIT=1``).
Every game plays by its own obligations (the ``Position``'s, from ``Position.from_deal`` or
``solver.rules_options``). Declarations, belots and the bonus for taking every trick are not
played out: the caller adds them (``tricks`` tells who took every trick).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from belot.bots import _playout_core as core
from belot.bots import _solver_core as rules
from belot.bots.solver import Position, _check, _contract_params, search_kind
from belot.engine.cards import Card
from belot.engine.errors import BelotError

__all__ = [
    "Playout",
    "PlayoutError",
    "PlayoutStats",
    "first_card_positions",
    "random_playout",
    "random_playouts",
    "recorded_playouts",
]

_Array = np.ndarray[Any, np.dtype[np.int64]]


class PlayoutError(BelotError):
    """A bad number of playouts."""


@dataclass(frozen=True, slots=True)
class PlayoutStats:
    """Sums over ``count`` random playouts from one position.

    ``points`` are the final card points per team (NS, EW; those won before the position and the
    last trick's bonus included), ``tricks`` the tricks each team took from the position on.
    """

    count: int
    points: tuple[int, int]
    tricks: tuple[int, int]
    #: The sum over the playouts of the square of North-South's final points.
    ns_squares: int

    @property
    def mean_points(self) -> tuple[float, float]:
        """Mean final card points per team (NS, EW)."""
        return self.points[0] / self.count, self.points[1] / self.count

    @property
    def mean_tricks(self) -> tuple[float, float]:
        """Mean tricks taken per team (NS, EW) from the position on."""
        return self.tricks[0] / self.count, self.tricks[1] / self.count


@dataclass(frozen=True, slots=True)
class Playout:
    """One random playout: the cards played in order, and the final points and tricks."""

    cards: tuple[Card, ...]
    points: tuple[int, int]
    tricks: tuple[int, int]


@dataclass(frozen=True, slots=True)
class _Loaded:
    """A position as the compiled loop takes it."""

    hands: _Array
    trick: _Array
    n_trick: int
    leader: int
    points: _Array
    tab: _Array
    par: _Array


def _load(position: Position) -> _Loaded:
    """Check ``position`` (``SolverError`` if it cannot occur) and turn it into arrays."""
    _check(position)
    kind, trump_suit, trumps, _, tab = _contract_params(position.contract)
    par = np.zeros(rules.PAR_SIZE, dtype=np.int64)
    par[rules.P_KIND] = search_kind(kind, position)
    par[rules.P_TRUMP_SUIT] = trump_suit
    par[rules.P_TRUMPS] = trumps
    par[rules.P_STEP] = position.direction & 3
    par[rules.P_BONUS] = position.last_trick
    par[rules.P_UNDER] = 1 if position.forced_undertrump else 0
    par[rules.P_BEAT_PLAIN] = 1 if position.beat_in_plain_suit else 0
    par[rules.P_PARTNER] = 1 if position.partner_exception else 0
    trick = np.zeros(4, dtype=np.int64)
    trick[: len(position.trick)] = position.trick
    return _Loaded(
        np.array(position.hands, dtype=np.int64),
        trick,
        len(position.trick),
        int(position.leader),
        np.array(position.points, dtype=np.int64),
        tab,
        par,
    )


def _run(loaded: _Loaded, count: int, rng: _Array, results: _Array, record: _Array) -> _Array:
    totals = np.zeros(core.R_WIDTH, dtype=np.int64)
    core.playouts(
        loaded.hands,
        loaded.trick,
        loaded.n_trick,
        loaded.leader,
        loaded.points,
        count,
        rng,
        loaded.tab,
        loaded.par,
        totals,
        results,
        record,
    )
    return totals


_NONE = np.zeros((0, 32), dtype=np.int64)
_NO_RESULTS = np.zeros((0, core.R_WIDTH), dtype=np.int64)


def random_playouts(position: Position, count: int, seed: int = 0) -> PlayoutStats:
    """Play ``count`` random playouts from ``position`` (the same ones for the same seed)."""
    if count < 1:
        raise PlayoutError(f"the number of playouts must be at least 1, not {count}")
    return _stats(count, _run(_load(position), count, core.seed_state(seed), _NO_RESULTS, _NONE))


def _stats(count: int, totals: _Array) -> PlayoutStats:
    row = totals.tolist()
    return PlayoutStats(
        count,
        (row[core.R_NS], row[core.R_EW]),
        (row[core.R_NS_TRICKS], row[core.R_EW_TRICKS]),
        row[core.R_NS_SQUARES],
    )


def random_playout(position: Position, seed: int = 0) -> Playout:
    """One random playout from ``position`` with its cards (the first of ``random_playouts``
    with the same seed)."""
    results = np.zeros((1, core.R_WIDTH), dtype=np.int64)
    record = np.zeros((1, 32), dtype=np.int64)
    _run(_load(position), 1, core.seed_state(seed), results, record)
    row = results[0].tolist()
    return Playout(
        tuple(_CARDS[c] for c in record[0].tolist() if c >= 0),
        (row[core.R_NS], row[core.R_EW]),
        (row[core.R_NS_TRICKS], row[core.R_EW_TRICKS]),
    )


def recorded_playouts(
    position: Position, count: int, seed: int = 0
) -> tuple[PlayoutStats, list[Playout]]:
    """``random_playouts`` together with each playout's cards and result (for checks; slower)."""
    if count < 1:
        raise PlayoutError(f"the number of playouts must be at least 1, not {count}")
    results = np.zeros((count, core.R_WIDTH), dtype=np.int64)
    record = np.zeros((count, 32), dtype=np.int64)
    totals = _run(_load(position), count, core.seed_state(seed), results, record)
    games = [
        Playout(
            tuple(_CARDS[c] for c in cards if c >= 0),
            (row[core.R_NS], row[core.R_EW]),
            (row[core.R_NS_TRICKS], row[core.R_EW_TRICKS]),
        )
        for cards, row in zip(record.tolist(), results.tolist(), strict=True)
    ]
    return _stats(count, totals), games


_CARDS = tuple(Card.from_index(c) for c in range(32))


# --- benchmark (``belot bench``) --------------------------------------------------------------


def first_card_positions(count: int, seed: int = 0) -> list[Position]:
    """The deals of ``belot.bench.first_card_deals`` (each contract in turn) as solver
    positions."""
    from belot.bench import first_card_deals

    return [Position.from_deal(deal) for deal in first_card_deals(count, seed)]


class _FastPlayouts:
    """Compiled playouts of whole play phases: a batch plays ``per_position`` from each of 60
    first-card positions (each contract in turn), one compiled call per position."""

    def __init__(self, seed: int, per_position: int = 100) -> None:
        self.loaded = [_load(p) for p in first_card_positions(60, seed)]
        self.per_position = per_position
        self.rng = core.seed_state(seed)
        self.points = 0
        self.runs = 0
        _run(self.loaded[0], 1, core.seed_state(-1), _NO_RESULTS, _NONE)  # load the compiled code

    def __call__(self) -> int:
        for loaded in self.loaded:
            totals = _run(loaded, self.per_position, self.rng, _NO_RESULTS, _NONE)
            self.points += int(totals[core.R_NS] + totals[core.R_EW])
        done = self.per_position * len(self.loaded)
        self.runs += done
        return done

    def details(self) -> dict[str, Any]:
        return {
            "positions": len(self.loaded),
            "per_call": self.per_position,
            "mean_card_points": round(self.points / self.runs, 2) if self.runs else None,
        }


def _register_benchmarks() -> None:
    from belot.bench import Benchmark, register

    register(
        Benchmark(
            "fast-playouts",
            "compiled random play-phase playouts of 8 tricks",
            "playouts",
            _FastPlayouts,
            goal=500_000,
        )
    )


_register_benchmarks()
