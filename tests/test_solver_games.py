"""The solver and the compiled playouts play every game by its own obligations (RULES.md §3-§6):
their values against brute-force minimax over the engine's legal actions, their legal cards
against the engine's, and every recorded playout replayed card by card through a ``Deal``."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

from belot.bots.playouts import recorded_playouts
from belot.bots.solver import Position, Solver, SolverError, obligation_flags, rules_options
from belot.engine.actions import Call, Declare, Play
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.games import GAMES
from belot.engine.rules import Rules
from belot.engine.table import Seat, Team

RULES = {
    "bulgarian": Rules.bulgarian(),
    "bulgarian-undertrump": Rules.bulgarian(forced_undertrump=True, direction=1),
    "french": Rules.french(),
    "french-no-undertrump": Rules.french(forced_undertrump=False),
    "coinche": Rules.coinche(),
    "coinche-no-undertrump": Rules.coinche(forced_undertrump=False, direction=1),
    "bela": Rules.bela(),
    "bela-partner-exception": Rules.bela(partner_exception=True),
    "bela-no-plain-beating": Rules.bela(beat_in_plain_suit=False, direction=1),
    "bela-neither": Rules.bela(beat_in_plain_suit=False, partner_exception=True),
}

#: What each game's obligations must be read as: (forced undertrump, beat in a plain suit,
#: partner exception).
FLAGS = {
    "bulgarian": (False, False, True),
    "bulgarian-undertrump": (True, False, True),
    "french": (True, False, True),
    "french-no-undertrump": (False, False, True),
    "coinche": (True, False, True),
    "coinche-no-undertrump": (False, False, True),
    "bela": (True, True, False),
    "bela-partner-exception": (True, True, True),
    "bela-no-plain-beating": (True, False, False),
    "bela-neither": (True, False, True),
}


@pytest.fixture(scope="module")
def solver() -> Solver:
    """One solver for the module: numba compiles (or loads from its cache) once."""
    return Solver()


def deal_in_play(rules: Rules, rng: random.Random, cards_left: int) -> Deal:
    """A random deal of ``rules`` (random legal actions from the cut on) stopped in its play
    phase when ``cards_left`` cards are still to be played. Bulgarian auctions are one bid of
    a random contract and three passes (random calls nearly always end in All trumps)."""
    while True:
        deal = Deal.new(rules, seed=rng.randrange(1 << 30))
        while not deal.is_over:
            if deal.phase is Phase.PLAY and _cards_left(deal) == cards_left:
                return deal
            if deal.phase is Phase.AUCTION and rules.preset == "bulgarian":
                bid = deal.contract is None
                deal.push(Call.bid(Contract(rng.randrange(6))) if bid else Call.pass_())
                continue
            deal.push(rng.choice(deal.legal_actions()))
        # Everyone passed (French Belote redeals): try another deck.


def _cards_left(deal: Deal) -> int:
    return sum(deal.hand_mask(seat).bit_count() for seat in Seat)


def minimax(deal: Deal, declarers: Team) -> int:
    """Plain minimax over the engine's legal actions, without pruning: the declarers' card
    points at the end of the deal (last trick included) with best play by both sides."""
    if deal.is_over:
        return deal.card_points[declarers]
    seat = deal.turn
    assert seat is not None
    values = []
    for action in list(deal.legal_actions()):
        deal.push(action)
        values.append(minimax(deal, declarers))
        deal.pop()
    return max(values) if seat.team == declarers else min(values)


def _positions(name: str, seed: int, count: int) -> Iterator[tuple[Deal, Position]]:
    """``count`` deals of ``RULES[name]`` with 2 or 3 tricks left, some in the middle of a
    trick, and their solver positions."""
    rng = random.Random(seed)
    for index in range(count):
        deal = deal_in_play(RULES[name], rng, 4 * (2 + index % 2) - rng.randrange(4))
        yield deal, Position.from_deal(deal)


@pytest.mark.parametrize("name", RULES)
def test_positions_carry_each_games_obligations(name: str) -> None:
    rules = RULES[name]
    assert obligation_flags(rules) == FLAGS[name]
    deal, position = next(_positions(name, 7, 1))
    flags = (position.forced_undertrump, position.beat_in_plain_suit, position.partner_exception)
    assert flags == FLAGS[name]
    assert position.direction == rules.direction
    assert position.contract.is_suit or rules.preset == "bulgarian"
    totals = {Contract.NO_TRUMPS: 240 + rules.nt_last_trick, Contract.ALL_TRUMPS: 258}
    assert position.total == totals.get(position.contract, 162)
    assert position.points == deal.card_points


def test_every_game_has_known_obligations() -> None:
    for game in GAMES:
        options = rules_options(Rules.preset_named(game), Contract.HEARTS)
        flags = ("forced_undertrump", "beat_in_plain_suit", "partner_exception")
        assert tuple(options[flag] for flag in flags) == FLAGS[game]
        assert options["last_trick"] == 10
    with pytest.raises(SolverError, match="play phase"):
        Position.from_deal(Deal.new(Rules.bela(), seed=1))


@pytest.mark.parametrize("name", RULES)
def test_solver_matches_minimax_over_the_engine(solver: Solver, name: str) -> None:
    for deal, position in _positions(name, 100 + len(name), 24):
        declarers = position.declarers
        assert solver.solve(position) == minimax(deal, declarers), (name, position)
        per_card = solver.solve_cards(position)
        expected: dict[Card, int] = {}
        for action in list(deal.legal_actions()):
            assert isinstance(action, Play)
            deal.push(action)
            expected[action.card] = minimax(deal, declarers)
            deal.pop()
        assert per_card == expected, (name, position)


@pytest.mark.parametrize("name", RULES)
def test_solver_legal_cards_are_the_engines(solver: Solver, name: str) -> None:
    """Along random deals, at every card: the solver's legal cards are the engine's; and the
    game's own obligations matter (Bulgarian Belot's would be wrong somewhere outside it:
    random deals go on until one such card is seen, forced undertrumps being rare)."""
    rng = random.Random(300 + len(name))
    rules = RULES[name]
    as_bulgarian = FLAGS[name] == FLAGS["bulgarian"]
    differs = deals = 0
    while deals < 40 or (differs == 0 and not as_bulgarian and deals < 400):
        deals += 1
        deal = deal_in_play(rules, rng, 32)
        while not deal.is_over:
            actions = deal.legal_actions()
            if not isinstance(actions[0], Declare):
                position = Position.from_deal(deal)
                mask = deal.legal_mask()
                assert solver.legal_mask(position) == mask, (name, position)
                bulgarian = Position(
                    position.hands,
                    position.contract,
                    position.declarers,
                    position.leader,
                    position.trick,
                    position.points,
                    position.direction,
                    position.last_trick,
                )
                differs += solver.legal_mask(bulgarian) != mask
            deal.push(rng.choice(actions))
    assert (differs == 0) == as_bulgarian, (name, differs)


@pytest.mark.parametrize("name", RULES)
def test_recorded_playouts_replay_in_the_engine(name: str) -> None:
    rng = random.Random(500 + len(name))
    for number in range(30):
        deal = deal_in_play(RULES[name], rng, rng.choice((32, rng.randrange(1, 33))))
        position = Position.from_deal(deal)
        before = deal.tricks_won
        _, games = recorded_playouts(position, 3, seed=number)
        for game in games:
            pushed = 0
            for card in game.cards:
                actions = deal.legal_actions()
                if isinstance(actions[0], Declare):  # the first card waits for declarations
                    deal.push(rng.choice(actions))
                    pushed += 1
                deal.push(Play(card))  # an illegal card raises IllegalActionError
                pushed += 1
            assert deal.is_over
            assert game.points == deal.card_points
            assert (before[0] + game.tricks[0], before[1] + game.tricks[1]) == deal.tricks_won
            for _ in range(pushed):
                deal.pop()


def test_plain_python_fallback_plays_each_games_obligations(solver: Solver) -> None:
    """Without the JIT (NUMBA_DISABLE_JIT=1) the same source gives the same values, legal
    cards and playouts under every game's obligations."""
    rows = []
    for number, name in enumerate(RULES):
        for _, position in _positions(name, 700 + number, 3):
            rows.append([*dataclasses.astuple(position)[:-3], *FLAGS[name], number])
    script = (
        "import sys, json\n"
        "from belot.bots.playouts import recorded_playouts\n"
        "from belot.bots.solver import Position, Solver\n"
        "from belot.engine.contracts import Contract\n"
        "from belot.engine.table import Seat, Team\n"
        "solver = Solver()\n"
        "out = []\n"
        "for r in json.load(sys.stdin):\n"
        "    p = Position(tuple(r[0]), Contract(r[1]), Team(r[2]), Seat(r[3]), tuple(r[4]),\n"
        "                 tuple(r[5]), *r[6:11])\n"
        "    _, games = recorded_playouts(p, 2, seed=r[11])\n"
        "    cards = [[str(c) for c in g.cards] for g in games]\n"
        "    out.append([solver.solve(p), solver.legal_mask(p), cards])\n"
        "print(json.dumps(out))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(rows),
        capture_output=True,
        text=True,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
        check=True,
    )
    for row, (value, legal, cards) in zip(rows, json.loads(result.stdout), strict=True):
        position = Position(
            tuple(row[0]),
            Contract(row[1]),
            Team(row[2]),
            Seat(row[3]),
            tuple(row[4]),
            tuple(row[5]),
            *row[6:11],
        )
        _, games = recorded_playouts(position, 2, seed=row[11])
        assert [[str(c) for c in g.cards] for g in games] == cards, position
        assert solver.solve(position) == value, position
        assert solver.legal_mask(position) == legal, position
