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
