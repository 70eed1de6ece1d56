"""The compiled random playouts (bots.playouts) against the Deal engine."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from belot.bench import all_benchmarks, play_positions, run_benchmark
from belot.bots import _playout_core, _solver_core
from belot.bots.playouts import (
    PlayoutError,
    first_card_positions,
    random_playout,
    random_playouts,
    recorded_playouts,
)
from belot.bots.solver import Position, SolverError
from belot.engine.actions import Call, Cut, Declare, Play
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat, Team
from conftest import position_row

RULES = (
    Rules.bulgarian(),
    Rules.bulgarian(direction=1, forced_undertrump=True),
    Rules.bulgarian(forced_undertrump=True),
    Rules.bulgarian(direction=1, nt_last_trick=10),
)


def deal_in_play(number: int, rng: random.Random) -> Deal:
    """A deal at a random point of its play phase; contracts and rule variants in turn."""
    deal = Deal.new(RULES[number % len(RULES)], dealer=Seat(number % 4), seed=number)
    deal.push(Cut(rng.randrange(1, 32)))
    deal.push(Call.bid(Contract(number // len(RULES) % 6)))
    for _ in range(3):
        deal.push(Call.pass_())
    for _ in range(rng.choice((0, rng.randrange(0, 31)))):
        deal.push(rng.choice(deal.legal_actions()))
    assert deal.phase is Phase.PLAY
    return deal


def test_every_playout_replays_exactly_in_the_deal_engine() -> None:
    rng = random.Random(2026)
    seen: Counter[tuple[int, int, bool]] = Counter()
    mid_trick = forced = 0
    for number in range(240):
        deal = deal_in_play(number, rng)
        position = Position.from_deal(deal)
        before = deal.tricks_won
        stats, games = recorded_playouts(position, 3, seed=number)
        for game in games:
            pushed = 0
            for card in game.cards:
                actions = deal.legal_actions()
                if isinstance(actions[0], Declare):  # the first card waits for declarations
                    deal.push(rng.choice(actions))
                    pushed += 1
                legal = deal.legal_mask()
                assert legal >> card.index & 1, (position, game, card)
                forced += legal & (legal - 1) == 0
                deal.push(Play(card))
                pushed += 1
            assert deal.is_over
            assert game.points == deal.card_points
            assert (before[0] + game.tricks[0], before[1] + game.tricks[1]) == deal.tricks_won
            for _ in range(pushed):
                deal.pop()
        assert stats.points == tuple(sum(g.points[i] for g in games) for i in range(2))
        assert stats.tricks == tuple(sum(g.tricks[i] for g in games) for i in range(2))
        assert stats.ns_squares == sum(g.points[0] ** 2 for g in games)
        # Recording changes nothing: the same seed gives the same numbers without it.
        assert random_playouts(position, 3, seed=number) == stats
        assert random_playout(position, seed=number) == games[0]
        seen[position.contract, position.direction, position.forced_undertrump] += 1
        mid_trick += bool(position.trick)
    assert len(seen) == 6 * 4  # every contract under both directions and undertrump rules
    assert mid_trick > 60 and forced > 200


def test_full_deals_share_out_every_point_and_trick() -> None:
    for position in first_card_positions(12, seed=5):
        stats = random_playouts(position, 500, seed=1)
        assert sum(stats.points) == 500 * position.total
        assert sum(stats.tricks) == 500 * 8
        assert 0 < stats.mean_points[0] < position.total
        assert stats.mean_tricks[0] + stats.mean_tricks[1] == 8
        assert stats.ns_squares >= stats.points[0] ** 2 / 500


def test_the_lead_is_uniform_among_legal_cards() -> None:
    (position,) = first_card_positions(1, seed=9)
    _, games = recorded_playouts(position, 4000, seed=3)
    leads = Counter(game.cards[0].index for game in games)
    hand = position.hands[position.turn]
    assert set(leads) == {c for c in range(32) if hand >> c & 1}
    assert all(400 <= n <= 600 for n in leads.values()), leads


def test_same_seed_same_playouts_other_seed_others() -> None:
    (position,) = first_card_positions(1, seed=2)
    assert random_playouts(position, 200, seed=7) == random_playouts(position, 200, seed=7)
    assert random_playouts(position, 200, seed=7) != random_playouts(position, 200, seed=8)
    assert random_playout(position, seed=-4) == random_playout(position, seed=-4)
    cards = {random_playout(position, seed=s).cards for s in range(20)}
    assert len(cards) == 20


def test_bad_input_is_refused() -> None:
    (position,) = first_card_positions(1)
    with pytest.raises(PlayoutError, match="at least 1"):
        random_playouts(position, 0)
    with pytest.raises(SolverError, match="disjoint"):
        random_playouts(Position((0xFF, 0xFF, 0, 0), Contract.CLUBS, Team.NS, Seat.N), 5)


def test_playout_core_names_the_solver_core_it_inlines() -> None:
    """numba caches the playout loop by its own file only: the solver core's inlined rules
    must not change under it unseen (a stale loop once played Bela by old obligations)."""
    source = Path(_solver_core.__file__).read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:16]
    assert digest == _playout_core.SOLVER_CORE, (
        f"_solver_core.py changed: set _playout_core.SOLVER_CORE = {digest!r}"
    )


def test_bit_operations_agree_with_plain_python() -> None:
    """The compiled ``_popcount``, ``_trailing_zeros`` and ``_nth_bit`` (LLVM intrinsics, BMI2's
    ``pdep`` where it is fast) against the same read off Python's ints, on random card sets."""
    numba = pytest.importorskip("numba")
    core: Any = _solver_core

    @numba.njit  # type: ignore[untyped-decorator]  # numba has no type hints
    def compiled(x: int, k: int) -> tuple[int, int, int]:
        return core._popcount(x), core._trailing_zeros(x), core._nth_bit(x, k)

    rng = random.Random(5)
    masks = [1, 1 << 31, (1 << 32) - 1, 0b1011_0000_0000_0001]
    masks += [rng.getrandbits(32) or 1 for _ in range(300)]
    for mask in masks:
        bits = [i for i in range(32) if mask >> i & 1]
        for k, index in enumerate(bits):
            assert compiled(mask, k) == (len(bits), bits[0], index)


@pytest.mark.parametrize(
    "env",
    [{"NUMBA_DISABLE_JIT": "1"}, {"NUMBA_CPU_NAME": "generic"}],
    ids=["plain-python", "compiled-without-fast-pdep"],
)
def test_plain_python_fallback_agrees(env: dict[str, str]) -> None:
    """The same source without the JIT (NUMBA_DISABLE_JIT=1) plays the same cards; so does the
    loop compiled for a processor not known to have a fast ``pdep`` (``_nth_bit`` then clears
    low bits one by one)."""
    rng = random.Random(99)
    positions = [Position.from_deal(deal_in_play(n, rng)) for n in range(8)]
    script = (
        "import sys, json\n"
        "from belot.bots.playouts import recorded_playouts\n"
        "from belot.bots.solver import Position\n"
        "from belot.engine.contracts import Contract\n"
        "from belot.engine.table import Seat, Team\n"
        "from belot.bots import _solver_core\n"
        "import numba\n"
        "assert numba.config.DISABLE_JIT or not _solver_core._fast_deposit()\n"
        "out = []\n"
        "for row in json.load(sys.stdin):\n"
        "    p = Position(tuple(row[0]), Contract(row[1]), Team(row[2]), Seat(row[3]),\n"
        "                 tuple(row[4]), tuple(row[5]), row[6], row[7], row[8])\n"
        "    stats, games = recorded_playouts(p, 3, seed=row[9])\n"
        "    out.append([list(stats.points), [[str(c) for c in g.cards] for g in games]])\n"
        "print(json.dumps(out))\n"
    )
    rows = [[*position_row(p), seed] for seed, p in enumerate(positions)]
    result = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(rows),
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    fallback = json.loads(result.stdout)
    for seed, (position, (points, cards)) in enumerate(zip(positions, fallback, strict=True)):
        stats, games = recorded_playouts(position, 3, seed=seed)
        assert list(stats.points) == points
        assert [[str(c) for c in g.cards] for g in games] == cards


def test_benchmark_runs_on_the_engine_benchmark_positions() -> None:
    ours = first_card_positions(12, seed=4)
    engine = play_positions(12, seed=4)
    for position, play in zip(ours, engine, strict=True):
        assert position.hands == play.hands and position.contract == play.contract
        assert (position.leader, position.trick) == (play.leader, play.trick)
    benchmark = all_benchmarks()["fast-playouts"]
    assert benchmark.unit == "playouts" and benchmark.goal == 500_000
    result = run_benchmark(benchmark, seconds=0.05, seed=1)
    assert result.count > 0 and result.count % 6000 == 0
    assert 162 < result.details["mean_card_points"] < 260
