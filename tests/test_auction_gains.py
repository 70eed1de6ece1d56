"""``benchmarks/auction_gains.py``: a duel's deal pairs grouped by how each half's auction ended,
played or read back from the duel's log."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from auction_gains import logged, report

from belot.bots.arena import duel
from belot.engine.rules import Rules


def test_a_duels_log_gives_back_its_pairs_and_their_groups(tmp_path: Path) -> None:
    log = tmp_path / "duel.jsonl"
    rules = Rules.preset_named("french")
    result = duel("basic", "random", deals=12, matches=0, seed=5, workers=1, rules=rules, log=log)
    pairs, names = logged(log)
    assert names == ("basic", "random")
    assert sorted(pairs, key=lambda p: p.number) == sorted(
        result.pair_results, key=lambda p: p.number
    )
    lines = report(pairs, names, top=50)
    mean = sum(p.a - p.b for p in pairs) / len(pairs)
    assert lines[0] == f"12 pairs, basic - random per deal {mean:+.2f}"
    groups = [line for line in lines if " share " in line]
    assert sum(int(line.split(" pair")[0].split()[-1]) for line in groups) == 12
    shares = sum(float(line.rsplit("share", 1)[1]) for line in groups)
    assert shares == pytest.approx(mean, abs=0.01 * len(groups))
