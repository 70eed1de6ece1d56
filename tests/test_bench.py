"""``belot bench`` and the benchmark registry (briefly: no timing is asserted)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belot import bench
from belot.bench import (
    BENCHMARKS,
    BenchError,
    Benchmark,
    legal_queries,
    play_positions,
    register,
    run_benchmark,
    run_benchmarks,
)
from belot.cli import main
from belot.engine import build
from belot.engine.playout import check_position
from belot.engine.tricks import legal_mask

ENGINE = ["deals", "playouts", "legal"]
#: Only the engine's own benchmarks: others (the solver's) have their own tests and set-up costs.
ONLY = [arg for name in ENGINE for arg in ("--only", name)]


def run(argv: list[str]) -> tuple[int, str, str]:
    """Run ``belot ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def test_bench_prints_the_three_figures() -> None:
    code, out, err = run(["bench", "--seconds", "0.05", *ONLY])
    assert code == 0, err
    assert "CPython" in out.splitlines()[0] or "Python" in out.splitlines()[0]
    for name, unit in (("deals", "deals"), ("playouts", "playouts"), ("legal", "queries")):
        line = next(line for line in out.splitlines() if line.startswith(name + " "))
        match = re.search(rf"([\d,]+) {unit}/s\s+([\d,]+) {unit} in ([\d.]+) s CPU", line)
        assert match, line
        rate, count = (int(match[i].replace(",", "")) for i in (1, 2))
        assert rate > 0 and count > 0


def test_bench_json() -> None:
    code, out, err = run(["bench", "--seconds", "0.05", "--json", "--seed", "3", *ONLY])
    assert code == 0, err
    report = json.loads(out)
    assert report["seconds"] == 0.05 and report["seed"] == 3
    assert report["machine"]["cpus"] >= 1 and report["machine"]["python"]
    assert report["machine"]["engine"] == (
        "compiled" if build.compiled() else f"Python source: {build.PURE}"
    )
    results = {r["name"]: r for r in report["results"]}
    assert list(results) == ENGINE
    for name in ENGINE:
        result = results[name]
        assert result["count"] > 0 and result["per_second"] > 0
        assert result["wall_seconds"] >= 0.05 and result["cpu_seconds"] > 0
        assert result["goal"] > 0 and isinstance(result["meets_goal"], bool)
    assert 162 <= results["playouts"]["details"]["mean_card_points"] <= 260


def test_bench_only_and_list() -> None:
    code, out, _ = run(["bench", "--seconds", "0.02", "--json", "--only", "legal"])
    assert code == 0
    assert [r["name"] for r in json.loads(out)["results"]] == ["legal"]
    code, out, _ = run(["bench", "--list"])
    assert code == 0 and [line.split()[0] for line in out.splitlines()][:3] == ENGINE


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--only", "nope"], "unknown benchmark 'nope'"),
        (["--seconds", "0"], "--seconds must be above 0"),
        (["--seconds", "nan"], "--seconds must be above 0"),
        (["--seconds", "soon"], "not a valid float"),
    ],
)
def test_bench_bad_options(argv: list[str], words: str) -> None:
    code, out, err = run(["bench", *argv])
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err


@pytest.fixture
def extra() -> Iterator[None]:
    saved = dict(BENCHMARKS)
    yield
    BENCHMARKS.clear()
    BENCHMARKS.update(saved)


def test_a_benchmark_registered_elsewhere_runs_with_details(extra: None) -> None:
    class Squares:
        def __init__(self, seed: int) -> None:
            self.total = seed

        def __call__(self) -> int:
            self.total += sum(i * i for i in range(100))
            return 100

        def details(self) -> dict[str, Any]:
            return {"total": self.total}

    register(Benchmark("squares", "sums of squares", "squares", Squares, goal=1.0))
    (result,) = run_benchmarks(["squares"], seconds=0.01, seed=7)
    assert result.count % 100 == 0 and result.count >= 100
    assert result.details["total"] == 7 + 328350 * (result.count // 100)
    assert result.meets_goal is True and result.to_json()["unit"] == "squares"
    code, out, _ = run(["bench", "--seconds", "0.01", "--only", "squares"])
    assert code == 0 and "squares/s" in out and "sums of squares" in out


def test_run_benchmark_refuses_a_bad_duration() -> None:
    with pytest.raises(BenchError, match="positive"):
        run_benchmark(BENCHMARKS["legal"], seconds=-1)
    with pytest.raises(BenchError, match="unknown benchmark"):
        run_benchmarks(["deal"])


def test_benchmark_inputs_are_real_positions() -> None:
    positions = play_positions(12, seed=1)
    assert sorted(p.contract for p in positions) == sorted(list(range(6)) * 2)
    for position in positions:
        check_position(position)
        assert [h.bit_count() for h in position.hands] == [8, 8, 8, 8]
    queries = legal_queries(500, seed=1)
    assert len(queries) == 500
    assert any(len(trick) == 3 for _, trick, _ in queries)
    for hand, trick, contract in queries:
        assert len(trick) <= 3 and not any(hand >> c & 1 for c in trick)
        legal = legal_mask(hand, trick, contract)
        assert legal and legal & hand == legal


def test_bench_game_runs_the_benchmarks_every_game_can_run() -> None:
    argv = ["bench", "--seconds", "0.02", "--json", "--game", "french"]
    code, out, err = run(argv)
    assert code == 0, err
    report = json.loads(out)
    assert report["rules"]["preset"] == "french"
    assert [r["name"] for r in report["results"]] == [
        "deals",
        "legal-actions",
        "legal-actions-again",
    ]
    assert all(r["count"] > 0 for r in report["results"])
    code, out, err = run(["bench", "--game", "french", "--only", "playouts"])
    assert code == 2 and out == "" and "Traceback" not in err
    assert "playouts benchmark measures Bulgarian Belot only" in err
    code, _, err = run(["bench", "--option", "double_scoring=sometimes", "--only", "deals"])
    assert code == 2 and "double_scoring" in err and "Traceback" not in err


@pytest.mark.parametrize("game", ["bulgarian", "french", "coinche", "bela"])
def test_bench_game_runs_deals_and_legal_actions_of_every_game(game: str) -> None:
    # An option makes even Bulgarian Belot run only what every game runs.
    code, out, err = run(
        ["bench", "--seconds", "0.02", "--json", "--game", game, "--option", "target=1001"]
    )
    assert code == 0, err
    results = json.loads(out)["results"]
    assert [r["name"] for r in results] == ["deals", "legal-actions", "legal-actions-again"]
    assert results[0]["details"] == {"game": game} and results[0]["goal"] == 10_000


def test_each_game_has_its_deals_benchmark_with_the_same_goal() -> None:
    names = [f"deals-{game}" for game in ("french", "coinche", "bela")]
    code, out, err = run(
        ["bench", "--seconds", "0.02", "--json", *(a for n in names for a in ("--only", n))]
    )
    assert code == 0, err
    results = json.loads(out)["results"]
    assert [r["name"] for r in results] == names
    for result, game in zip(results, ("french", "coinche", "bela"), strict=True):
        assert result["details"] == {"game": game} and result["count"] > 0
        assert result["goal"] == BENCHMARKS["deals"].goal == 10_000
    code, out, err = run(["bench", "--game", "french", "--only", "deals-coinche"])
    assert code == 2 and out == "" and "Traceback" not in err
    assert "deals-coinche benchmark measures Coinche only" in err


def test_startup_cpu_times_children_that_keep_their_bytecode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A shell's PYTHONDONTWRITEBYTECODE=1 would make every child compile every module again:
    one untimed child first writes the .pyc files, and no child sees the variable."""
    calls: list[tuple[list[str], dict[str, str]]] = []

    def fake_run(command: list[str], *, env: dict[str, str], **_: Any) -> None:
        calls.append((command, env))

    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("BELOT_BENCH_MARK", "kept")
    monkeypatch.setattr(subprocess, "run", fake_run)  # bench.subprocess
    assert bench.startup_cpu(("calc", "--help"), runs=2) >= 0
    assert len(calls) == 3  # one untimed, then the two timed
    for command, env in calls:
        assert command[-2:] == ["calc", "--help"]
        assert "PYTHONDONTWRITEBYTECODE" not in env and env["BELOT_BENCH_MARK"] == "kept"


def test_startup_cpu_children_write_the_bytecode(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path))
    assert bench.startup_cpu(runs=1) > 0
    written = {(p.parent.name, p.name.split(".")[0]) for p in tmp_path.rglob("*.pyc")}
    assert ("cli", "__init__") in written and ("belot", "__init__") in written
