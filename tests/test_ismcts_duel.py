"""``benchmarks/ismcts_duel.py`` (strong against OpenSpiel's ISMCTS) runs, on one deal pair of
each game with a tiny budget, so that it does not rot; the figures are in docs/research.md."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "ismcts_duel.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ismcts_duel", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def run(bench: ModuleType, capsys: pytest.CaptureFixture[str], *args: str) -> list[Any]:
    assert bench.main([*args, "--json"]) == 0
    results: list[Any] = json.loads(capsys.readouterr().out.splitlines()[-1])
    return results


def test_one_deal_pair_of_each_game_with_a_tiny_budget(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    results = run(bench, capsys, "--pairs", "1", "--simulations", "2", "--think", "0.001")
    assert [r["game"] for r in results] == ["bulgarian", "french", "coinche", "bela"]
    for r in results:
        assert r["pairs"] == 1 and len(r["diffs"]) == 1 and r["diff"] == r["diffs"][0]
        assert r["diffs"][0] * 2 == int(r["diffs"][0] * 2)  # the mean of two whole returns
        assert r["simulations"] == [2.0, 2, 2]
        assert r["strong_cpu"] > 0 and r["ismcts_cpu"] > 0
        assert r["uct_c"] == 2 * bench.CARD_POINTS[r["game"]]


def test_the_same_seed_plays_the_same_pair_and_the_budget_follows_strongs_cpu(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    fixed = ("--games", "bela", "--pairs", "1", "--simulations", "2", "--think", "0.001")
    assert run(bench, capsys, *fixed)[0]["diffs"] == run(bench, capsys, *fixed)[0]["diffs"]
    (matched,) = run(
        bench,
        capsys,
        *("--games", "bela", "--pairs", "1", "--think", "0.001"),
        *("--calibration", "1", "--probe", "2"),
    )
    mean, fewest, most = matched["simulations"]
    assert 1 <= fewest <= mean <= most and math.isfinite(matched["diff"])


def test_bad_input_gets_one_line(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(["--games", "belote"])
    assert "unknown game 'belote' (known: bulgarian, french, coinche, bela)" in (
        capsys.readouterr().err
    )
