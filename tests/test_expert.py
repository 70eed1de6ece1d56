"""The expert level: offered wherever a level is chosen, legal in every game under a small
budget, blind to the cards its seat cannot see, and reporting its search as it goes (the report
changes nothing of the decision). Its full budget (seconds a decision) is measured by
``benchmarks/expert_times.py``, never here."""

from __future__ import annotations

import itertools
import json
import math

import pytest
from click.testing import CliRunner

from belot.bots import LEVELS, make, plays
from belot.bots.base import Thought
from belot.bots.expert import CARD_WORLDS, EXPERT_THINK, ExpertBot
from belot.bots.strong import DEFAULT_THINK, MAX_WORLDS, StrongBot
from belot.cli import cli
from belot.cli.engine import EngineSession
from belot.cli.match import make_bots
from belot.engine import Deal, Seat
from belot.engine.actions import Play
from belot.engine.deal import Phase
from belot.engine.record import deal_to_record
from belot.engine.rules import Rules
from test_bots_fair import _positions

GAMES = ("bulgarian", "french", "coinche", "bela")
#: The test-only budget: seconds of solver nodes a decision.
SMALL = 0.01
#: A duel's or a tournament's options for one quick deal pair.
QUICK = ["--deals", "1", "--matches", "0", "--workers", "1", "--quiet", "--think", str(SMALL)]


def test_expert_is_a_level_of_every_game_that_thinks_longer_than_strong() -> None:
    assert "expert" in LEVELS
    bot = make("expert", seed=3)
    assert isinstance(bot, ExpertBot) and isinstance(bot, StrongBot) and bot.shows_thinking
    assert all(plays("expert", game) for game in GAMES)
    assert EXPERT_THINK > DEFAULT_THINK and CARD_WORLDS > MAX_WORLDS
    assert not make("strong").shows_thinking


@pytest.mark.parametrize("game", GAMES)
def test_expert_plays_legal_actions_in_each_game(game: str) -> None:
    deal = Deal.new(Rules.preset_named(game), seed=f"expert-{game}", dealer=Seat.W)
    bots = [make("expert" if s % 2 == 0 else "basic", seed=s, think=SMALL) for s in range(4)]
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal, (game, seat, action)
        deal.push(action)


def test_same_view_same_decision_whatever_the_hidden_cards() -> None:
    for deal, twin in _positions(6, seed=26):
        seat = deal.turn
        assert seat is not None
        first = make("expert", seed=5, think=SMALL).act(deal.view(seat))
        assert make("expert", seed=5, think=SMALL).act(twin.view(seat)) == first


def _card_turn(game: str) -> Deal:
    """A deal of ``game`` at a card with a choice, the auction played by ``basic``."""
    for number in range(50):
        deal = Deal.new(Rules.preset_named(game), seed=f"turn-{number}", dealer=Seat.N)
        basic = make("basic", seed=1)
        while not deal.is_over and not (
            deal.phase is Phase.PLAY and len(deal.legal_actions()) > 1 and len(deal.actions) > 12
        ):
            deal.push(basic.act(deal.view(deal.turn)))  # type: ignore[arg-type]
        if not deal.is_over:
            return deal
    raise AssertionError("no card turn with a choice")


@pytest.mark.parametrize("game", ["bulgarian", "bela"])
def test_progress_reports_the_search_and_changes_nothing(game: str) -> None:
    deal = _card_turn(game)
    view = deal.view(deal.turn)  # type: ignore[arg-type]
    thoughts: list[Thought] = []
    reported = make("expert", seed=7, think=0.05).decide(view, thoughts.append)
    assert reported == make("expert", seed=7, think=0.05).act(view)
    assert thoughts[0].worlds == 0 and thoughts[0].best is None
    assert [t.worlds for t in thoughts] == list(range(len(thoughts)))
    cards = {a.card for a in view.legal if isinstance(a, Play)}
    assert all(t.choices == len(cards) and t.planned == CARD_WORLDS for t in thoughts)
    assert all(0 <= t.spent <= 1 for t in thoughts)
    assert all(t.spent <= u.spent for t, u in itertools.pairwise(thoughts))
    last = thoughts[-1].best
    assert isinstance(last, Play) and isinstance(reported, Play) and last.card == reported.card


def test_progress_of_an_auction_turn() -> None:
    deal = Deal.new(seed="expert-auction", dealer=Seat.W)
    deal.push(deal.legal_actions()[0])  # the cut
    view = deal.view(deal.turn)  # type: ignore[arg-type]
    assert view.phase is Phase.AUCTION
    thoughts: list[Thought] = []
    action = make("expert", seed=2, think=0.05).decide(view, thoughts.append)
    assert action in view.legal
    if len(thoughts) > 1:  # more than a pass worth weighing
        assert thoughts[-1].best == action


def test_duel_tournament_and_play_offer_expert() -> None:
    runner = CliRunner()
    duel = runner.invoke(
        cli,
        ["duel", "expert", "random", *QUICK, "--json"],
    )
    assert duel.exit_code == 0, duel.output
    assert json.loads(duel.output)["a"]["bot"] == "expert"
    # belot match and belot play make their bots so (a whole match at expert's budget would
    # take minutes: only the making is checked here).
    bots = make_bots("expert,random,random,random", 3, game="bela")
    assert isinstance(bots[Seat.N], ExpertBot)
    assert "expert" in runner.invoke(cli, ["match", "--help"]).output
    tournament = runner.invoke(
        cli,
        ["tournament", "expert", "random", *QUICK],
    )
    assert tournament.exit_code == 0 and "expert" in tournament.output, tournament.output
    wrong = runner.invoke(cli, ["duel", "expret", "random", "--deals", "1"])
    assert wrong.exit_code != 0
    assert "known: random, basic, strong, expert" in wrong.output + str(wrong.exception)


def test_the_engine_protocol_offers_expert() -> None:
    session = EngineSession()
    hello = session.handle(json.dumps({"cmd": "hello"}))
    assert "expert" in hello["levels"]
    for game in GAMES:
        assert session.handle(json.dumps({"cmd": "new", "rules": game, "seed": 4}))["ok"]
        session.handle(json.dumps({"cmd": "act", "action": "cut:6"}))
        reply = session.handle(
            json.dumps({"cmd": "bot", "level": "expert", "think": SMALL, "apply": True})
        )
        assert reply["ok"], reply
        assert not math.isnan(reply["ms"])


def test_belot_hint_offers_the_expert_search() -> None:
    deal = _card_turn("bulgarian")
    seat = deal.turn
    assert seat is not None
    runner = CliRunner()
    record = json.dumps(deal_to_record(deal))
    result = runner.invoke(cli, ["hint", "-", "--level", "expert", "--think", "0.05"], input=record)
    assert result.exit_code == 0, result.output
    assert f"{seat.name} to play" in result.output
    legal = {str(a.card) for a in deal.legal_actions() if isinstance(a, Play)}
    assert all(card in result.output for card in legal)
    wrong = runner.invoke(cli, ["hint", "-", "--level", "genius"], input=record)
    assert wrong.exit_code == 2 and "expert" in wrong.output
