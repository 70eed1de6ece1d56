"""The yardstick (``benchmarks/yardstick``): `basic` and `strong` frozen as at commit 39fcb5d.

The frozen basic must keep playing as basic did at 39fcb5d, whatever later changes to
``src/belot/bots`` do: its moves on a few fixed deals are compared with moves recorded from the
live basic before it was improved (issue 26), not with the live basic.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from belot.bots.base import Bot
from belot.engine.actions import Cut
from belot.engine.deal import Deal
from belot.engine.errors import BelotError
from belot.engine.rules import Rules
from belot.engine.table import Seat

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from yardstick import make  # noqa: E402

#: Every action after the cut of deal ``n`` (deck seed ``yardstick:n``, dealer ``n % 4``, cut
#: ``1 + 4n mod 31``) played by four basic bots of seeds 0..3, recorded from ``belot.bots.basic`` at
#: 39fcb5d.
RECORDED = [
    (
        "hearts pass pass pass declare:10H-QH JH declare:10S-KS KH 8H 7H QH 8C 7C AH AC 9C 10S KC"
        " 9H 10H KD 8D 10C JC KS 8S QC 7S QS 9S 9D 10D 7D AD QD JD AS JS"
    ),
    (
        "all-trumps pass pass pass declare:JH-KH JD 7D KD declare:7C-10C 9D JH 7H 9H AH JS 9S 10S"
        " 8S AD 8D QD 7C AS QC 7S QS AC JC KC 9C 10D 8H 10C QH 10H KS 8C KH"
    ),
    (
        "all-trumps pass pass pass JH declare:QS-AS QC QH 7H JS QS 10S 8S 9H AC JC KH 7D JD 8D QD"
        " 9S 7C 9D 7S AS KD 8C 8H KS KC AH 10C 10D 9C 10H AD"
    ),
    (
        "hearts pass pass pass JH 8H 9H QH AC QC 8C 7C AD 9D JD 8D 7D QD KD 10H AH 7H KH 7S 8S 9S"
        " 10S JS AS KC KS QS 10D 10C 9C JC"
    ),
    (
        "diamonds pass pass pass JD QD AD KD AC 10C QC 7C AS 7S QS 8S 7H 9H 8H KS QH JH 9D 8C 9S "
        "JS 10D 10S KH AH JC 9C 7D KC 8D 10H"
    ),
    (
        "pass clubs pass pass pass AD 9D declare:JD-KD JD 7D 7S 8S JS QS 7H 9H KH JH JC 7C 9C KC "
        "AH QC 8H 8D KS AC 9S AS QH 10C 10S KD 10D 8C QD 10H"
    ),
    (
        "pass hearts spades pass pass pass declare:7C-9C 7C JC declare:9S-JS AC declare:JH-KH 10C"
        " JS 7S QS AS 9S 8S 10D 7D AD 8D QD 9D 10S 7H 8C 9H KS JH 8H QC KD QH KC 10H JD KH 9C AH"
    ),
    (
        "pass pass pass all-trumps pass pass pass 7C AC 8C declare:9C-JC,9D-JD JC JD 7D AD KD JH "
        "KH 7H 8H 9C QC AS QH 9D QD 8D QS 10C 10S KS 10H 10D AH 7S 9S KC 9H 8S JS"
    ),
]


def _play(n: int, bots: list[Bot]) -> str:
    deal = Deal(Rules.bulgarian(), dealer=Seat(n % 4), seed=f"yardstick:{n}")
    deal.push(Cut(1 + 4 * n % 31))
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal
        deal.push(action)
    return " ".join(str(a) for a in deal.actions[1:])


@pytest.mark.parametrize("n", range(len(RECORDED)))
def test_frozen_basic_plays_the_recorded_moves(n: int) -> None:
    assert _play(n, [make("basic", seed=s) for s in range(4)]) == RECORDED[n]


def test_frozen_basic_plays_legal_moves_on_many_deals() -> None:
    bots = [make("basic", seed=s) for s in range(4)]
    for n in range(len(RECORDED), len(RECORDED) + 40):
        _play(n, bots)


def test_frozen_bots_are_not_levels_users_see() -> None:
    from belot.bots import LEVELS

    frozen = make("basic")
    assert type(frozen).__module__ == "yardstick.basic"
    assert all(not target.startswith("yardstick") for target in LEVELS.values())


def test_unknown_yardstick_level_is_refused() -> None:
    with pytest.raises(BelotError, match="unknown yardstick level 'expert'"):
        make("expert")


def test_yardstick_duel_prints_the_duplicate_figure() -> None:
    out = subprocess.run(
        [sys.executable, str(BENCHMARKS / "yardstick_duel.py"), "random", "--deals", "3"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.startswith("random against yardstick basic: ")
    assert "over 3 deal pairs" in out


def test_a_yardstick_duel_cut_short_is_carried_on_from_its_log(tmp_path: Path) -> None:
    """Run again with its ``--log``, a duel plays only the pairs the log lacks, and each as the
    whole run plays it (the bots draw from each view, not from a running generator)."""

    def duel(log: Path) -> str:
        command = [sys.executable, str(BENCHMARKS / "yardstick_duel.py"), "basic"]
        return subprocess.run(
            [*command, "--deals", "4", "--log", str(log)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    said = duel(whole)
    rows = whole.read_text().splitlines()
    resumed.write_text("\n".join(rows[:2]) + "\n")  # a run cut after two pairs
    assert duel(resumed).split(" (")[0] == said.split(" (")[0]  # the same figure, 4 pairs
    assert resumed.read_text().splitlines() == rows  # pairs 2 and 3 played, the same


def test_a_yardstick_match_duel_counts_the_matches_won_and_carries_on(tmp_path: Path) -> None:
    """``--matches N`` plays N match pairs to 151 (each match twice, the teams swapped): the
    figure is the bot's share of the matches won, and a log cut short is carried on."""

    def run(*arguments: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, str(BENCHMARKS / "yardstick_duel.py"), *arguments]
        return subprocess.run(command, capture_output=True, text=True)

    log, resumed = tmp_path / "matches.jsonl", tmp_path / "resumed.jsonl"
    said = run("basic", "--against", "basic", "--matches", "2", "--log", str(log))
    assert said.returncode == 0, said.stderr
    assert said.stdout.startswith("basic against yardstick basic: wins ")
    assert "of 4 matches to 151" in said.stdout
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [row["match"] for row in rows] == [0, 1]
    assert all(len(row["scores"]) == 2 and set(row["scores"]) <= {0, 0.5, 1} for row in rows)
    share = sum(sum(row["scores"]) for row in rows) / 4
    assert f"wins {100 * share:.1f}%" in said.stdout

    resumed.write_text(log.read_text().splitlines()[0] + "\n")  # cut after one match pair
    again = run("basic", "--against", "basic", "--matches", "2", "--log", str(resumed))
    assert again.stdout.split(" (")[0] == said.stdout.split(" (")[0]
    assert resumed.read_text() == log.read_text()

    summary = run("basic", "--summary", str(log))
    assert summary.stdout.startswith(f"{log}: wins {100 * share:.1f}% ± ")
    assert "of 4 matches (2 match pairs)" in summary.stdout

    mixed = run("basic", "--deals", "2", "--log", str(log))  # a deal duel on a match log
    assert mixed.returncode != 0
    assert "not a log of deal pairs" in mixed.stderr

    deals = tmp_path / "deals.jsonl"
    assert run("random", "--deals", "2", "--log", str(deals)).returncode == 0
    unpaired = run("basic", "--summary", str(log), str(deals))  # no pair of a match and a deal
    assert unpaired.returncode != 0
    assert "one log holds deal pairs, the other match pairs" in unpaired.stderr
    paired = run("basic", "--summary", str(log), str(resumed))
    assert "first less second +0.00 ± 0.00 points of the matches won" in paired.stdout
