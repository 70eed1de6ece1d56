"""Hints for a position and the card-by-card analysis of a finished deal, library and CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from belot.bots import make
from belot.bots.analysis import (
    AnalysisError,
    annotate,
    format_annotation,
    hint,
    hint_calls,
    losses,
)
from belot.bots.solver import Position, Solver
from belot.bots.strong import StrongBot
from belot.cli import cli
from belot.engine.actions import CallKind, Play
from belot.engine.deal import Deal, Phase
from belot.engine.match import Match
from belot.engine.record import deal_to_record, dumps
from belot.engine.rules import Rules
from belot.engine.scoring import contract_total
from belot.engine.table import Seat


def _played_deal(seed: int = 0) -> Deal:
    """A finished deal with a contract, played by the basic bot."""
    bots = [make("basic", seed=1), make("basic", seed=2)]
    for number in range(seed, seed + 100):
        deal = Deal.new(seed=number)
        while not deal.is_over:
            assert deal.turn is not None
            deal.push(bots[deal.turn & 1].act(deal.view(deal.turn)))
        if deal.contract is not None:
            return deal
    raise AssertionError("no deal with a contract")


def _prefix(deal: Deal, count: int) -> Deal:
    out = Deal(deal.rules, dealer=deal.dealer, deck=deal.deck, seed=deal.seed)
    for action in deal.actions[:count]:
        out.push(action)
    return out


@pytest.fixture(scope="module")
def deal() -> Deal:
    return _played_deal()


def test_annotation_costs_are_solver_differences(deal: Deal) -> None:
    notes = annotate(deal)
    assert len(notes) == 32
    assert [n.card for n in notes] == [a.card for a in deal.actions if isinstance(a, Play)]
    solver = Solver()
    replay = _prefix(deal, 0)
    plays = iter(notes)
    for action in deal.actions:
        if isinstance(action, Play):
            note = next(plays)
            position = Position.from_deal(replay)
            values = solver.solve_cards(position)
            sign = 1 if note.seat.team == position.declarers else -1
            mine = {c: v if sign > 0 else position.total - v for c, v in values.items()}
            assert note.value == mine[action.card]
            assert note.best == max(mine.values())
            assert note.cost >= 0
            assert action.card in note.best_cards or note.cost > 0
        replay.push(action)
    # The last card of the deal is forced: it never costs anything.
    assert notes[-1].cost == 0


def test_costs_add_up_to_the_gap_from_best_play(deal: Deal) -> None:
    """The declarers' shortfall from the first card's value is what they lost minus what the
    defenders lost."""
    notes = annotate(deal)
    assert deal.bidder is not None
    declarers = deal.bidder.team
    first = notes[0]
    total = contract_total(deal.contract, deal.rules)  # type: ignore[arg-type]
    start = first.best if first.seat.team == declarers else total - first.best
    lost = losses(notes)
    ours = sum(lost[s] for s in declarers.seats)
    theirs = sum(lost[s] for s in declarers.other.seats)
    assert deal.card_points[declarers] == start - ours + theirs


def test_annotation_text(deal: Deal) -> None:
    text = format_annotation(deal, annotate(deal))
    assert text.startswith(f"contract {deal.contract}")
    assert len(text.splitlines()) == 32 + 5


def test_hint_lists_each_legal_card(deal: Deal) -> None:
    position = _prefix(deal, len(deal.actions) - 14)
    assert position.phase is Phase.PLAY and position.turn is not None
    view = position.view(position.turn)
    estimates = hint(view, think=0.05)
    legal = {a.card for a in view.legal if isinstance(a, Play)}
    assert {e.card for e in estimates} == legal
    assert hint(view, think=0.05) == estimates  # same seed, same answer
    # The best card is the one the strong bot plays with the same think and seed.
    assert StrongBot(seed=0, think=0.05).act(view) == Play(estimates[0].card)
    other = position.turn.partner
    with pytest.raises(AnalysisError, match="turn"):
        hint(position.view(other))


def test_a_lone_legal_card_is_valued_too(deal: Deal) -> None:
    """A card played because it is the only one legal still has a value to show (the bots
    skip the search for it; a hint of NaN once left the browser's hint box empty)."""
    last = _prefix(deal, len(deal.actions) - 1)
    assert last.turn is not None
    [estimate] = hint(last.view(last.turn), think=0.05)
    assert estimate.card == deal.actions[-1].card  # type: ignore[union-attr]
    assert estimate.worlds > 0 and math.isfinite(estimate.points)
    # The deal's outcome is all but known: the hint is the game points it writes, near enough.
    team = last.turn.team
    points = deal.result.written  # type: ignore[union-attr]
    assert estimate.points == pytest.approx(points[team] - points[team.other], abs=5)


def test_cli_analyse_and_hint(deal: Deal, tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(deal_to_record(deal)))
    result = runner.invoke(cli, ["analyse", str(record)])
    assert result.exit_code == 0, result.output
    assert "lost:" in result.output
    middle = _prefix(deal, len(deal.actions) - 10)
    assert middle.turn is not None
    result = runner.invoke(
        cli, ["hint", "-", "--think", "0.05"], input=json.dumps(deal_to_record(middle))
    )
    assert result.exit_code == 0, result.output
    assert f"{middle.turn.name} to play" in result.output
    legal = [str(a.card) for a in middle.legal_actions() if isinstance(a, Play)]
    assert all(card in result.output for card in legal)


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    from belot.cli import main

    for args in (["analyse", str(tmp_path / "missing.json")], ["hint", str(tmp_path)]):
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2


def _coinche_match(deals: int, seed: int = 3) -> Match:
    """A Coinche match of `basic` bots stopped after ``deals`` finished deals and, in the next,
    the first ten cards (all-pass redeals count as deals)."""
    bots = [make("basic", seed=1), make("basic", seed=2)]
    match = Match(Rules.coinche(), seed=seed, dealer=Seat.N)
    finished = 0
    while True:
        if match.deal_over:
            finished += 1
            match.next_deal()
        played = sum(isinstance(a, Play) for a in match.deal.actions)
        if finished == deals and played == 10:
            return match
        assert match.turn is not None
        match.push(bots[match.turn & 1].act(match.view(match.turn)))


def test_cli_analyse_and_hint_read_a_match_record(tmp_path: Path) -> None:
    """A match record (as `belot match --record` and `belot play --record` write it) needs no
    deal written out of it: `analyse` takes each deal in turn, or the one `--deal` names, and
    `hint` the deal being played. A Coinche contract shows its bid."""
    match = _coinche_match(2)
    record = tmp_path / "match.json"
    record.write_text(dumps(match))
    runner = CliRunner()
    result = runner.invoke(cli, ["analyse", str(record)])
    assert result.exit_code == 0, result.output
    assert [line for line in result.output.splitlines() if line.startswith("deal ")] == [
        f"deal {n}, dealer {deal.dealer.name}" for n, deal in enumerate(match.deals, 1)
    ] + [f"deal 3, dealer {match.deal.dealer.name}"]
    first = match.deals[0]
    one = runner.invoke(cli, ["analyse", str(record), "--deal", "1"])
    assert one.exit_code == 0, one.output
    assert first.contract is not None  # seed 3's first deal is played
    assert one.output == format_annotation(first, annotate(first)) + "\n"
    assert one.output in result.output
    bid = [c for _, c in first.calls if c.kind is CallKind.BID][-1]
    assert one.output.startswith(f"contract {bid.level} {first.contract.text} by ")
    last = runner.invoke(cli, ["analyse", str(record), "--deal", "3"])
    assert last.exit_code == 0, last.output
    assert sum(line[:5].strip().isdigit() for line in last.output.splitlines()) == 10
    hint_now = runner.invoke(cli, ["hint", str(record), "--think", "0.05"])
    assert hint_now.exit_code == 0, hint_now.output
    assert match.turn is not None and f"{match.turn.name} to play" in hint_now.output
    legal = [str(a.card) for a in match.legal_actions() if isinstance(a, Play)]
    assert all(card in hint_now.output for card in legal)
    over = runner.invoke(cli, ["hint", str(record), "--deal", "2"])
    assert "the deal is over" in str(over.exception)


def test_cli_deal_numbers_that_are_not_there_are_refused(
    deal: Deal, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from belot.cli import main

    match = tmp_path / "match.json"
    match.write_text(dumps(_coinche_match(0)))
    single = tmp_path / "deal.json"
    single.write_text(json.dumps(deal_to_record(deal)))
    for args, words in (
        (["analyse", str(match), "--deal", "2"], "the match has deals 1 to 1"),
        (["hint", str(match), "--deal", "0"], "the match has deals 1 to 1"),
        (["analyse", str(single), "--deal", "1"], "a deal of a match record"),
    ):
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2
        error = capsys.readouterr().err
        assert words in error and len(error.strip().splitlines()) == 1, error


def test_hint_calls_weighs_every_legal_call(deal: Deal) -> None:
    opening = _prefix(deal, 1)  # just cut: the first call
    assert opening.phase is Phase.AUCTION and opening.turn is not None
    view = opening.view(opening.turn)
    estimates = hint_calls(view, think=0.1)
    assert {e.call for e in estimates} == set(view.legal)
    assert all(e.worlds == estimates[0].worlds > 0 for e in estimates)
    assert hint_calls(view, think=0.1) == estimates
    with pytest.raises(AnalysisError, match="turn to call"):
        hint_calls(opening.view(opening.turn.partner))
    runner = CliRunner()
    result = runner.invoke(
        cli, ["hint", "-", "--think", "0.1"], input=json.dumps(deal_to_record(opening))
    )
    assert result.exit_code == 0, result.output
    assert f"{opening.turn.name} to call" in result.output
    assert all(str(call) in result.output for call in view.legal)


def test_a_coinche_call_hint_weighs_the_strong_bots_calls_in_several_worlds() -> None:
    """Some forty bids are legal at a Coinche opening: the hint weighs the calls the strong
    bot weighs, each in the same several worlds, not every bid in one world."""
    from belot.bots.bidding import worth_weighing
    from belot.bots.strong import NODES_PER_SECOND
    from belot.engine.rules import Rules
    from belot.engine.table import Seat

    deal = Deal.new(Rules.preset_named("coinche"), dealer=Seat.N, seed=3)
    deal.push(deal.legal_actions()[0])  # the cut
    assert deal.turn is not None
    view = deal.view(deal.turn)
    assert len(view.legal) > 40
    # 10 M nodes: a second's search when this was written (``NODES_PER_SECOND`` was 10 M).
    estimates = hint_calls(view, think=10_000_000 / NODES_PER_SECOND)
    weighed = worth_weighing(view)
    assert {e.call for e in estimates} == set(weighed) and len(weighed) > 5
    assert all(e.worlds == estimates[0].worlds >= 4 for e in estimates)
