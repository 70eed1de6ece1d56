"""The terminal commands with ``--game french``: play, match, calc and replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from belot.engine import Match, Play, Rules, Seat
from belot.engine.errors import BelotError
from belot.engine.record import dumps, match_from_record

BELOT = [sys.executable, "-c", "from belot.cli import main; main()"]


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    """Run ``belot ARGS``; its exit code and its output (stdout, then stderr)."""
    result = subprocess.run(
        [*BELOT, *args], input=input, capture_output=True, text=True, timeout=120
    )
    out = result.stdout + result.stderr
    assert "Traceback" not in out
    return result.returncode, out


@pytest.mark.parametrize("level", ["random", "basic"])
def test_play_french_in_the_terminal(tmp_path: Path, level: str) -> None:
    path = tmp_path / "game.json"
    code, out = invoke(
        "play", "--game", "french", "--seed", "5", "--bots", level, "--record", str(path),
        input="1\n" * 150,
    )  # fmt: skip
    assert out.startswith(f"Belot · french to 1000 · seed 5 · you are South; N {level}")
    assert "The card turned: " in out
    assert "Round one: take its suit, or pass." in out
    match = match_from_record(json.loads(path.read_text()))
    assert match.rules == Rules.french()
    assert any(d.contract is not None and d.is_over for d in match.deals)
    assert "Trick 8:" in out and "Score sheet:" in out
    assert code in (0, 1)  # the match won, or left unfinished at the end of the script
    # the record replays through the engine, so South only ever played legal cards: all 8
    played = [d for d in match.deals if d.contract is not None and d.is_over]
    assert all(sum(isinstance(a, Play) for s, a in d.history if s == Seat.S) == 8 for d in played)


@pytest.mark.parametrize("level", ["random", "basic"])
def test_match_french_to_its_target(tmp_path: Path, level: str) -> None:
    path = tmp_path / "match.json"
    code, out = invoke("match", "--game", "french", "--seed", "2", "--bots", level,
                       "--record", str(path))  # fmt: skip
    assert code == 0, out
    assert out.startswith("Match · french to 1000 · seed 2")
    assert "target 1000" in out.splitlines()[-1]
    match = match_from_record(json.loads(path.read_text()))
    ns, ew = match.totals
    assert match.is_over and max(ns, ew) >= 1000 and ns != ew
    code, out = invoke("match", "--game", "french", "--option", "target=501", "--seed", "2")
    assert code == 0 and "french to 501" in out


def test_match_french_options_are_checked() -> None:
    code, out = invoke("match", "--game", "french", "--option", "nt_last_trick=10")
    assert code == 2 and "unknown rules option 'nt_last_trick' for french" in out
    code, out = invoke("match", "--game", "french", "--option", "target=true")
    assert code == 2 and "target must be" in out
    code, out = invoke("match", "--game", "belote")
    assert code == 2 and "unknown rules preset 'belote'" in out
    assert len(out.strip().splitlines()) == 1


def test_calc_french_scores_exactly() -> None:
    code, out = invoke("calc", "--game", "french", "--contract", "hearts", "--declarers", "NS",
                       "--ns", "81")  # fmt: skip
    assert code == 0 and "NS        81       81" in out and out.rstrip().endswith("made, 0 hanging")
    code, out = invoke("calc", "--game", "french", "--contract", "hearts", "--declarers", "NS",
                       "--ns", "70", "--ew-declarations", "50", "--ns-belot", "20")  # fmt: skip
    assert code == 0 and "NS        90       20" in out and "EW       142      212" in out
    code, out = invoke("calc", "--game", "french", "--contract", "spades", "--declarers", "EW",
                       "--ew", "162", "--valat", "EW")  # fmt: skip
    assert code == 0 and "EW       252      252" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--contract", "no-trumps", "--ns", "80"], "--contract: French Belote has only suit"),
        (["--contract", "hearts", "--ns", "80", "--contra"], "no contra or recontra"),
        (["--contract", "hearts", "--ns", "80", "--hanging", "3"], "nothing hangs"),
        (
            ["--contract", "hearts", "--ns", "80", "--ns-declarations", "20",
             "--ew-declarations", "50"],
            "only one team's declarations score",
        ),
        (["--contract", "hearts", "--ns", "80", "--rules", "bulgarian"], "give one game"),
    ],
)  # fmt: skip
def test_calc_french_refuses_impossible_deals(args: list[str], words: str) -> None:
    code, out = invoke("calc", "--game", "french", "--declarers", "NS", *args)
    assert code == 2 and words in out
    assert len(out.strip().splitlines()) == 1


def test_calc_json_sheet_of_french_deals_ends_at_1000() -> None:
    capot = {"contract": "hearts", "declarers": "NS", "points": {"NS": {"cards": 162}},
             "valat": "NS"}  # fmt: skip
    sheet = [{"rules": "french", **capot}] + [capot] * 3
    code, out = invoke("calc", "--json", input=json.dumps(sheet))
    answer = json.loads(out)
    assert code == 0 and answer["total"] == {"NS": 1008, "EW": 0}
    assert answer["winner"] == "NS"  # a capot may end a French match


def test_replay_french_records(tmp_path: Path) -> None:
    match = Match(Rules.french(), seed=8, auto_next=True)
    while not match.is_over and len(match.deals) < 3:
        options = match.legal_actions()
        match.push(options[-1] if match.deal.phase.value == "auction" else options[0])
    path = tmp_path / "m.json"
    path.write_text(dumps(match))
    code, out = invoke("replay", str(path))
    assert code == 0 and out.startswith("Match · french to 1000")
    assert "turned: " in out and ", taken by " in out
    code, out = invoke("replay", "--game", "french", str(path))
    assert code == 0
    code, out = invoke("replay", "--game", "french", "--option", "target=501", str(path))
    assert code == 2 and "played under french, not french with target=501" in out
    # a deal record without rules is replayed under --game
    record = json.loads(dumps(match.deals[0]))
    del record["rules"]
    bare = tmp_path / "d.json"
    bare.write_text(json.dumps(record))
    code, out = invoke("replay", "--game", "french", str(bare))
    assert code == 0 and "turned: " in out
    code, out = invoke("replay", str(bare))  # as Bulgarian Belot the calls are not legal
    assert code == 2 and "step" in out


def test_bench_runs_french_deals() -> None:
    code, out = invoke("bench", "--seconds", "0.1", "--json", "--only", "deals-french")
    assert code == 0, out
    (result,) = json.loads(out)["results"]
    assert result["name"] == "deals-french" and result["unit"] == "deals"
    assert result["count"] > 0 and result["per_second"] > 0


def test_a_bot_that_cannot_play_french_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from belot.cli.match import make_bots
    from fake_levels import bulgarian_only

    level = bulgarian_only(monkeypatch)
    with pytest.raises(BelotError, match=f"--bots: the {level} level does not play french yet"):
        make_bots(f"random,basic,random,{level}", 1, game="french")
    assert len(make_bots("random,basic,random,strong", 1, game="french")) == 4
