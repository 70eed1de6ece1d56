"""The chance of winning a match from its score, and the bots' match utility built on it."""

from __future__ import annotations

import itertools
import random

import pytest

from belot.bots._deal_outcomes import OUTCOMES
from belot.bots.match_equity import MatchUtility, match_utility, win_chance
from belot.engine.sheet import Standing
from belot.engine.table import Team


def test_even_scores_are_an_even_match() -> None:
    assert win_chance(0, 0) == pytest.approx(0.5)
    assert win_chance(100, 100) == pytest.approx(0.5)


@pytest.mark.parametrize(("mine", "theirs"), [(0, 40), (70, 20), (140, 100), (150, 145), (3, 150)])
def test_the_chances_of_the_two_teams_add_up_to_one(mine: int, theirs: int) -> None:
    assert win_chance(mine, theirs) + win_chance(theirs, mine) == pytest.approx(1.0)


def test_more_points_never_lower_the_chance() -> None:
    for theirs in range(0, 151, 10):
        chances = [win_chance(mine, theirs) for mine in range(0, 151)]
        assert all(a <= b + 1e-12 for a, b in itertools.pairwise(chances))


def test_the_end_of_the_match() -> None:
    assert win_chance(151, 150) == 1.0
    assert win_chance(160, 170) == 0.0
    assert win_chance(160, 160) == 0.5  # equal at or over the target: play on
    assert win_chance(150, 0) > 0.99
    assert win_chance(0, 150) < 0.01


def test_the_table_agrees_with_matches_played_out() -> None:
    """Matches played deal by deal with deals drawn from the outcome table end as the table
    says (from 120 to 130, 4,000 matches: within 0.025, over four standard errors)."""
    rng = random.Random(5)
    outcomes = [(x, y) for x, y, _ in OUTCOMES if x + y > 0]
    counts = [n for x, y, n in OUTCOMES if x + y > 0]
    wins = 0
    for _ in range(4000):
        mine, theirs = 120, 130
        while not (max(mine, theirs) >= 151 and mine != theirs):
            x, y = rng.choices(outcomes, counts)[0]
            mine, theirs = mine + x, theirs + y
        wins += mine > theirs
    assert wins / 4000 == pytest.approx(win_chance(120, 130), abs=0.025)


def test_at_the_start_a_game_point_is_a_game_point() -> None:
    utility = MatchUtility.of(Standing((0, 0)), Team.NS)
    assert utility(0, 0) == pytest.approx(0.0)
    assert utility(16, 0) == pytest.approx(16, abs=1)
    assert utility(0, 16) == pytest.approx(-16, abs=1)


def test_near_the_end_what_counts_is_the_match() -> None:
    """At 100 to 140, the others win with 11 points more: letting them write 16 or 32 is the
    same loss, and keeping them to nothing is worth more than the points we write."""
    behind = match_utility(Standing((100, 140)), Team.NS)
    assert behind is not None
    assert behind(0, 16) == pytest.approx(behind(0, 32))
    assert behind(16, 0) > 16
    ahead = match_utility(Standing((100, 140)), Team.EW)
    assert ahead is not None
    assert ahead(16, 0) == ahead(11, 5)  # either wins the match
    assert ahead(0, 32) < -32


def test_a_deal_on_its_own_is_worth_its_points() -> None:
    assert match_utility(None, Team.NS) is None


def test_an_edge_is_the_mean_deal_of_the_weighed_outcomes() -> None:
    from belot.bots.match_equity import _outcomes

    for edge in (-2.0, 0.0, 3.0):
        outcomes = _outcomes(edge)
        total = sum(w for _, _, w in outcomes)
        assert sum((x - y) * w for x, y, w in outcomes) / total == pytest.approx(edge, abs=1e-6)


def test_a_team_with_an_edge_is_the_favourite() -> None:
    """A team gaining 3 game points a deal wins most matches from 0 to 0, and its chances from
    every score are its opponent's, without the edge, turned round."""
    assert 0.7 < win_chance(0, 0, edge=3.0) < 0.85
    assert win_chance(0, 0, edge=-3.0) == pytest.approx(1 - win_chance(0, 0, edge=3.0), abs=1e-6)
    for mine, theirs in [(0, 40), (70, 20), (140, 100), (100, 100)]:
        assert win_chance(mine, theirs, edge=3.0) > win_chance(mine, theirs)
        with_edge = win_chance(mine, theirs, edge=3.0)
        assert with_edge == pytest.approx(1 - win_chance(theirs, mine, edge=-3.0), abs=1e-6)
    for theirs in range(0, 151, 30):
        chances = [win_chance(mine, theirs, edge=3.0) for mine in range(0, 151)]
        assert all(a <= b + 1e-12 for a, b in itertools.pairwise(chances))


def test_the_favourite_takes_fewer_risks() -> None:
    """With the edge, at 0 to 0 a deal lost costs more than the same deal won gains; without
    it, the two are even."""
    even = MatchUtility.of(Standing((0, 0)), Team.NS)
    favourite = MatchUtility.of(Standing((0, 0)), Team.NS, edge=3.0)
    assert even(40, 0) == pytest.approx(-even(0, 40), abs=1)
    assert favourite(40, 0) < 40 < -favourite(0, 40)
    assert favourite(40, 0) + favourite(0, 40) < -10


OTHER_GAMES = [("french", 1000), ("coinche", 1000), ("bela", 1001)]


@pytest.mark.parametrize(("game", "target"), OTHER_GAMES)
def test_every_game_has_a_table_of_its_own(game: str, target: int) -> None:
    """Even scores are an even match, the two teams' chances add up to one, a point more never
    lowers the chance (between two cells of ten points too), and the match ends at the
    target."""
    assert win_chance(0, 0, target, game=game) == pytest.approx(0.5)
    assert win_chance(640, 640, target, game=game) == pytest.approx(0.5)
    for mine, theirs in [(0, 400), (700, 200), (905, 983), (996, 120)]:
        total = win_chance(mine, theirs, target, game=game) + win_chance(
            theirs, mine, target, game=game
        )
        assert total == pytest.approx(1.0)
    for theirs in range(0, target, 150):
        chances = [win_chance(mine, theirs, target, game=game) for mine in range(0, target, 7)]
        assert all(a <= b + 1e-12 for a, b in itertools.pairwise(chances))
    assert win_chance(target + 30, target - 1, target, game=game) == 1.0
    assert win_chance(target + 30, target + 40, target, game=game) == 0.0
    assert win_chance(target - 20, 0, target, game=game) > 0.95


@pytest.mark.parametrize(("game", "target"), OTHER_GAMES)
def test_a_game_table_agrees_with_matches_played_out(game: str, target: int) -> None:
    """Matches played point by point with the deals of the game's outcome table end as its
    table of ten-point cells says (from 600 to 700, 3,000 matches: within 0.03)."""
    import importlib

    from belot.bots.match_equity import _module

    table = importlib.import_module(_module(game)).OUTCOMES
    outcomes = [(x, y) for x, y, _ in table if x + y > 0]
    counts = [n for x, y, n in table if x + y > 0]
    rng = random.Random(7)
    wins = 0
    for _ in range(3000):
        mine, theirs = 600, 700
        while not (max(mine, theirs) >= target and mine != theirs):
            x, y = rng.choices(outcomes, counts)[0]
            mine, theirs = mine + x, theirs + y
        wins += mine > theirs
    assert wins / 3000 == pytest.approx(win_chance(600, 700, target, game=game), abs=0.03)


@pytest.mark.parametrize(("game", "target"), OTHER_GAMES)
def test_in_every_game_a_point_is_a_point_at_the_start_and_the_match_counts_at_the_end(
    game: str, target: int
) -> None:
    start = MatchUtility.of(Standing((0, 0), target=target), Team.NS, game=game)
    assert start(162, 0) == pytest.approx(162, rel=0.1)
    assert start(0, 162) == pytest.approx(-162, rel=0.1)
    assert start(163, 0) > start(162, 0)  # a point more counts between cells too
    # At 300 to 900 the others win with a deal of 101 or more: 162 or 252 is the same loss.
    behind = match_utility(Standing((300, 900), target=target), Team.NS, game=game)
    assert behind is not None
    assert behind(0, 162) == pytest.approx(behind(0, 252))
    assert behind(0, 162) < behind(0, 60) < 0 < behind(162, 0)  # 60 leaves the match open


@pytest.mark.parametrize("game", ["bulgarian", "french", "coinche", "bela"])
def test_strong_plays_every_game_for_the_match(game: str) -> None:
    from belot.bots import bidding
    from belot.engine.deal import Deal
    from belot.engine.rules import Rules
    from belot.engine.table import Seat

    rules = Rules.preset_named(game)
    standing = Standing((40, 60), target=rules.target)
    view = Deal(rules, seed=3, standing=standing).view(Seat.S)
    utility = bidding.playing_for(view, Team.NS)
    assert utility is not None
    assert (utility.game, utility.target, utility.edge) == (
        game,
        rules.target,
        bidding.MATCH_EDGES[game],
    )
    assert bidding.playing_for(Deal(rules, seed=3).view(Seat.S), Team.NS) is None
