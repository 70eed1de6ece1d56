"""The terminal commands: ``belot replay``, ``belot match`` and ``belot play``."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from belot.cli import cli
from belot.engine import Deal, Match, Play, Seat, deal_to_record
from belot.engine.errors import BelotError
from belot.engine.record import dumps, match_from_record

BELOT = [sys.executable, "-c", "from belot.cli import main; main()"]


def run(*args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BELOT, *args], input=input, capture_output=True, text=True, timeout=120)


def random_match(seed: int) -> Match:
    match = Match(seed=seed)
    rng = random.Random(seed)
    match.play([lambda view: rng.choice(view.legal)] * 4)
    return match


# --- belot replay ----------------------------------------------------------------------------


def test_replay_deal_record(tmp_path: Path) -> None:
    rng = random.Random(4)
    deal = Deal(dealer=Seat.N, seed=4)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    path = tmp_path / "deal.json"
    path.write_text(dumps(deal_to_record(deal)))
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Deal · dealer N · seed 4" in out
    assert f"contract: {deal.contract.text}" in out  # type: ignore[union-attr]
    for number, trick in enumerate(deal.tricks, 1):
        assert f"trick {number}: " in out
        assert f"→ {trick.winner.name} " in out  # type: ignore[union-attr]
    assert deal.tricks[0].cards[0].symbol in out
    score = deal.result
    assert score is not None
    assert f"written NS {score.written[0]}, EW {score.written[1]}" in out


def test_replay_match_from_stdin() -> None:
    match = random_match(6)
    result = CliRunner().invoke(cli, ["replay", "-"], input=dumps(match))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Deal ") == len(match.deals)
    assert "Score sheet" in out
    ns, ew = match.totals
    assert f"Winner: {match.winner.name} ({ns} : {ew}" in out  # type: ignore[union-attr]


def test_replay_bad_records_give_one_line_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    result = run("replay", str(bad))
    assert result.returncode == 2
    assert result.stderr.startswith("belot: not valid JSON") and "Traceback" not in result.stderr
    record = json.loads(dumps(random_match(1)))
    record["deals"][0]["actions"][5] = "ZZ"
    result = run("replay", "-", input=json.dumps(record))
    assert result.returncode == 2
    assert "deal 1: step 6" in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


# --- belot match -----------------------------------------------------------------------------


def test_match_prints_a_score_sheet_and_records(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    result = CliRunner().invoke(
        cli, ["match", "--seed", "9", "--bots", "random", "--record", str(path)]
    )
    assert result.exit_code == 0, result.output
    match = match_from_record(json.loads(path.read_text()))
    out = result.output
    assert f"seed {match.seed}" in out and "N random" in out
    assert "contract" in out and "declarers" in out and "hanging" in out
    for number, score in enumerate(match.scores, 1):
        row = next(line for line in out.splitlines() if line.split()[:1] == [str(number)])
        if score is None:
            assert "all passed" in row
        else:
            assert f" {score.written[0]} " in row and f" {score.written[1]} " in row
    assert match.winner is not None
    assert f"Winner: {match.winner.name}" in out
    # The same seed plays the same match.
    again = CliRunner().invoke(cli, ["match", "--seed", "9", "--bots", "random"])
    assert again.output == out


def test_match_with_deals_shows_tricks() -> None:
    result = CliRunner().invoke(cli, ["match", "--seed", "2", "--bots", "random", "--deals"])
    assert result.exit_code == 0, result.output
    assert "trick 8:" in result.output and "Score sheet" in result.output


def test_match_default_bots_and_bad_options() -> None:
    result = run("match", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert "Winner:" in result.stdout
    result = run("match", "--bots", "random,random")
    assert result.returncode == 2 and "--bots" in result.stderr
    result = run("match", "--option", "passes_after_double=7")
    assert result.returncode == 2 and "passes_after_double" in result.stderr


# --- belot play ------------------------------------------------------------------------------


def test_play_one_whole_deal_from_scripted_input(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # Bad inputs first (each answered with a message), then always the first choice.
    script = "x\n99\n" + "1\n" * 60
    result = CliRunner().invoke(
        cli, ["play", "--seed", "3", "--bots", "random", "--record", str(path)], input=script
    )
    out = result.output
    assert "Traceback" not in out
    assert "A cut lifts 1 to 31 cards, not 'x'" in out or "Not understood: 'x'" in out
    match = match_from_record(json.loads(path.read_text()))
    if match.is_over:  # random players can end a match within the scripted answers
        assert result.exit_code == 0
        assert "East and West win." in out or "You and North win!" in out
    else:
        assert result.exit_code == 1 and "Game left unfinished (end of input)" in out
    assert match.deals, "at least one whole deal was played"
    first = match.deals[0]
    assert first.contract is not None
    assert "Trick 8:" in out and "Score sheet:" in out
    score = match.scores[0]
    assert score is not None
    assert f"written NS {score.written[0]}, EW {score.written[1]}" in out
    # South only ever answered from the choices offered: every South card was legal.
    south = [a for s, a in first.history if s == Seat.S]
    assert sum(isinstance(a, Play) for a in south) == 8


def test_play_rejects_bad_choices_and_reprompts() -> None:
    # A seed whose first dealer is not East, so that South's first question is a call.
    seed = next(s for s in range(100) if Match(seed=s).first_dealer != Seat.E)
    result = CliRunner().invoke(
        cli, ["play", "--seed", str(seed), "--bots", "random"], input="0\nQS\nbogus\n1\n"
    )
    out = result.output
    assert "Traceback" not in out
    assert out.count("Your call [") == 5  # asked again after each of the three bad answers
    assert "No choice 0: pick 1 to" in out
    assert "Q♠ is not allowed now" in out
    assert "Not understood: 'bogus'" in out
    assert "You: pass" in out
    assert result.exit_code == 1


def test_play_quit_and_interrupt() -> None:
    result = CliRunner().invoke(cli, ["play", "--seed", "1", "--bots", "random"], input="q\n")
    assert result.exit_code == 0
    assert "Game left unfinished (you left)" in result.output
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [*BELOT, "play", "--seed", "1", "--bots", "random"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # Ctrl-C as at a terminal, even where this suite runs in the background (a shell starts
        # background jobs with SIGINT ignored, and a child inherits that).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    deadline = time.time() + 30
    seen = ""
    while "[" not in seen and time.time() < deadline:
        seen += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    # Wait with standard input still open: closing it could race the signal with an end of input.
    proc.wait(timeout=30)
    out = seen + proc.stdout.read()
    assert proc.stderr is not None and proc.stdin is not None
    err = proc.stderr.read()
    proc.stdin.close()
    assert proc.returncode == 130
    assert "Game left unfinished (interrupted)" in out
    assert "Traceback" not in err


def test_play_saves_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    runner = CliRunner()
    first = runner.invoke(
        cli,
        ["play", "--seed", "8", "--bots", "random", "--record", str(path)],
        input="1\n" * 5,
    )
    assert first.exit_code == 1 and "Game left unfinished (end of input)" in first.output
    saved = match_from_record(json.loads(path.read_text()))
    assert saved.deal.actions and not saved.is_over
    again = runner.invoke(
        cli,
        ["play", "--resume", str(path), "--record", str(path)],
        input="1\n" * 3,
    )
    assert again.exit_code == 1, again.output
    assert f"Resumed after {len(saved.deal.actions)} actions." in again.output
    resumed = match_from_record(json.loads(path.read_text()))
    assert resumed.seed == saved.seed
    done = [*resumed.deals, resumed.deal]
    assert done[len(saved.deals)].actions[: len(saved.deal.actions)] == saved.deal.actions
    clash = runner.invoke(cli, ["play", "--resume", str(path), "--seed", "1"])
    assert isinstance(clash.exception, BelotError) and "--resume" in str(clash.exception)
