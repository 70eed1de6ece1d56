"""The perfect-information solver against plain minimax, and its legal moves against the engine."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest

from belot.bots.solver import Position, Solver, SolverError
from belot.engine.actions import Call, Cut, Play
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.deal import Deal
from belot.engine.rules import Rules
from belot.engine.table import Seat, Team
from belot.engine.tricks import CARD_POINTS, legal_mask
from conftest import position_row


@pytest.fixture(scope="session")
def solver() -> Solver:
    """One solver for the session: numba compiles (or loads from its cache) once."""
    instance = Solver()
    instance.solve(_random_position(random.Random(0), 2))
    return instance


def _random_position(
    rng: random.Random, tricks: int, contract: Contract | None = None, mid_trick: bool = False
) -> Position:
    """Random hands of ``tricks`` cards each, possibly with part of the current trick played."""
    while True:
        cards = rng.sample(range(32), 4 * tricks)
        hands = [0, 0, 0, 0]
        for i, card in enumerate(cards):
            hands[i % 4] |= 1 << card
        position = Position(
            (hands[0], hands[1], hands[2], hands[3]),
            Contract(rng.randrange(6)) if contract is None else contract,
            Team(rng.randrange(2)),
            Seat(rng.randrange(4)),
            points=(rng.randrange(0, 60), rng.randrange(0, 60)),
            direction=rng.choice((-1, 1)),
            last_trick=10 if contract != Contract.NO_TRUMPS else 20,
        )
        if not mid_trick:
            return position
        for _ in range(rng.randrange(4)):
            position = position.play(rng.choice(_legal(position)))
        if position.trick or rng.random() < 0.3:
            return position


def _legal(position: Position) -> list[int]:
    mask = legal_mask(
        position.hands[position.turn],
        list(position.trick),
        position.contract,
        position.forced_undertrump,
    )
    return [c for c in range(32) if mask >> c & 1]


def _minimax(position: Position) -> int:
    """Plain minimax without pruning: the declarers' final card points."""
    if not any(position.hands):
        return position.points[position.declarers]
    values = [_minimax(position.play(card)) for card in _legal(position)]
    return max(values) if position.turn.team == position.declarers else min(values)


def test_minimax_endgames_match_exactly(solver: Solver) -> None:
    rng = random.Random(2024)
    for index in range(300):
        position = _random_position(rng, 2 + index % 2, mid_trick=index % 3 == 0)
        per_card = solver.solve_cards(position)
        expected = {Card.from_index(c): _minimax(position.play(c)) for c in _legal(position)}
        assert per_card == expected, position
        best = max if position.turn.team == position.declarers else min
        assert solver.solve(position) == best(expected.values()) == _minimax(position)


@pytest.mark.parametrize("contract", list(Contract))
def test_every_contract_and_undertrump_rule(solver: Solver, contract: Contract) -> None:
    rng = random.Random(int(contract))
    for index in range(25):
        position = _random_position(rng, 3, contract, mid_trick=index % 2 == 0)
        if index % 5 == 0:
            position = Position(**{**_fields(position), "forced_undertrump": True})
        assert solver.solve(position) == _minimax(position)


def _fields(position: Position) -> dict[str, Any]:
    return {name: getattr(position, name) for name in Position.__dataclass_fields__}


def test_legal_moves_match_the_engine(solver: Solver) -> None:
    rng = random.Random(7)
    for index in range(2000):
        position = _random_position(rng, rng.randrange(1, 9), mid_trick=True)
        if index % 4 == 0:
            position = Position(**{**_fields(position), "forced_undertrump": True})
        expected = legal_mask(
            position.hands[position.turn],
            list(position.trick),
            position.contract,
            position.forced_undertrump,
        )
        assert solver.legal_mask(position) == expected


def test_full_deal_value_is_consistent(solver: Solver) -> None:
    """A full deal: the best card's value equals the position's value, and playing the solver's
    best cards to the end gives exactly that many points."""
    rng = random.Random(11)
    for _ in range(3):
        position = _random_position(rng, 8)
        target = solver.solve(position)
        start = sum(position.points)
        while any(position.hands) or position.trick:
            values = solver.solve_cards(position)
            pick = max if position.turn.team == position.declarers else min
            best = pick(values.values())
            assert best == target
            card = next(c for c, v in values.items() if v == best)
            position = position.play(card.index)
        assert position.points[position.declarers] == target
        total = sum(CARD_POINTS[position.contract]) + position.last_trick
        assert sum(position.points) - start == total


def test_from_deal_and_deal_points(solver: Solver) -> None:
    deal = Deal.new(Rules.bulgarian(), seed=5)
    deal.push(Cut(7))
    deal.push(Call.bid(Contract.SPADES))
    for _ in range(3):
        deal.push(Call.pass_())
    while deal.trick_number < 6:
        actions = deal.legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        deal.push(plays[0] if plays else actions[-1])
    position = Position.from_deal(deal)
    assert position.points == deal.card_points
    assert solver.solve(position) == _minimax(position)


def test_a_views_position_in_a_world_of_the_real_hands_is_the_deals() -> None:
    for game in ("bulgarian", "french", "bela"):
        deal = Deal.new(Rules.preset_named(game), seed=5)
        with pytest.raises(SolverError, match="play phase"):
            Position.in_world(deal.view(Seat.N), (0, 0, 0, 0))
        while deal.trick_number < 4 or len(deal.current_trick) < 2:
            actions = deal.legal_actions()
            plays = [a for a in actions if isinstance(a, Play)]
            calls = [a for a in actions if isinstance(a, Call) and a.contract is not None]
            deal.push(plays[0] if plays else (calls or actions)[0])
        seat = deal.turn
        assert seat is not None
        n, e, s, w = (deal.hand_mask(s) for s in Seat)
        assert Position.in_world(deal.view(seat), (n, e, s, w)) == Position.from_deal(deal)


def test_bad_positions_are_refused(solver: Solver) -> None:
    full = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)
    with pytest.raises(SolverError, match="disjoint"):
        solver.solve(Position((0xFF, 0xFF, 0, 0), Contract.CLUBS, Team.NS, Seat.N))
    with pytest.raises(SolverError, match="holds"):
        solver.solve(Position((0xFF, 0xFF00, 0xFF0000, 0xF000000), Contract.CLUBS, Team.NS, Seat.N))
    assert 0 <= solver.solve(Position(full, Contract.CLUBS, Team.NS, Seat.N)) <= 162


def test_plain_python_fallback_agrees() -> None:
    """The same source without the JIT (NUMBA_DISABLE_JIT=1) gives the compiled values."""
    rng = random.Random(99)
    positions = [_random_position(rng, 2 + i % 2, mid_trick=True) for i in range(12)]
    script = (
        "import sys, json\n"
        "from belot.bots.solver import Position, Solver\n"
        "from belot.engine.contracts import Contract\n"
        "from belot.engine.table import Seat, Team\n"
        "out = []\n"
        "for row in json.load(sys.stdin):\n"
        "    p = Position(tuple(row[0]), Contract(row[1]), Team(row[2]), Seat(row[3]),\n"
        "                 tuple(row[4]), tuple(row[5]), row[6], row[7], row[8])\n"
        "    out.append({str(c): v for c, v in Solver().solve_cards(p).items()})\n"
        "print(json.dumps(out))\n"
    )
    import json

    rows = [position_row(p) for p in positions]
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    result = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(rows),
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    fallback = json.loads(result.stdout)
    compiled = Solver()
    for position, values in zip(positions, fallback, strict=True):
        assert values == {str(c): v for c, v in compiled.solve_cards(position).items()}


def test_tolerance_and_node_limit(solver: Solver) -> None:
    rng = random.Random(21)
    for _ in range(20):
        position = _random_position(rng, 4, mid_trick=True)
        exact = solver.solve_cards(position)
        rough = solver.try_solve_cards(position, 0, tolerance=5)
        assert rough is not None and rough.keys() == exact.keys()
        assert all(abs(rough[c] - exact[c]) <= 5 for c in exact)
    position = _random_position(random.Random(1), 8)
    assert solver.try_solve_cards(position, 50) is None
    assert solver.nodes <= 51
    assert solver.solve_cards(position) == solver.try_solve_cards(position, 0)


def test_values_within_tolerance_keep_their_side_of_each_pivot(solver: Solver) -> None:
    rng = random.Random(24)
    crossed = 0
    for _ in range(40):
        position = _random_position(rng, rng.choice((4, 5, 8)), mid_trick=rng.random() < 0.5)
        exact = solver.solve_cards(position)
        pivots = sorted(rng.sample(range(1, 163), 4))
        rough = solver.try_solve_cards(position, 0, tolerance=8)
        kept = solver.try_solve_cards(position, 0, tolerance=8, pivots=pivots)
        assert rough is not None and kept is not None and kept.keys() == exact.keys()
        for card, value in exact.items():
            assert abs(kept[card] - value) <= 8
            assert all((kept[card] >= p) == (value >= p) for p in pivots), (card, pivots)
            crossed += any((rough[card] >= p) != (value >= p) for p in pivots)
        root = solver.try_solve(position, 0, tolerance=8, pivots=pivots)
        best = solver.solve(position)
        assert root is not None and abs(root - best) <= 8
        assert all((root >= p) == (best >= p) for p in pivots)
    assert crossed  # without the pivots, some values were on the wrong side of one
    with pytest.raises(SolverError, match="at most four pivots"):
        solver.try_solve(position, 0, tolerance=8, pivots=(1, 2, 3, 4, 5))


def test_root_value_with_tolerance_and_node_limit(solver: Solver) -> None:
    rng = random.Random(22)
    for _ in range(20):
        position = _random_position(rng, 4, mid_trick=True)
        exact = solver.solve(position)
        rough = solver.try_solve(position, 0, tolerance=5)
        assert rough is not None and abs(rough - exact) <= 5
        assert solver.try_solve(position, 0) == exact
    position = _random_position(random.Random(1), 8)
    assert solver.try_solve(position, 50) is None
    assert solver.nodes <= 51
