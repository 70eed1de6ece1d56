"""``benchmarks/world_weights.py``: the effective number of worlds, and the model of `basic`'s
plays never misses on the deal `basic` played."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from world_weights import deal_rows, effective

from belot.engine.rules import Rules


def test_the_effective_number_of_worlds() -> None:
    assert effective([1.0] * 10) == pytest.approx(10.0)
    assert effective([0.5] * 10) == pytest.approx(10.0)  # alike, whatever the weight
    assert effective([1.0] + [0.0] * 9) == pytest.approx(1.0)
    assert effective([1.0, 0.1, 0.1]) == pytest.approx(1.2**2 / 1.02)
    assert effective([0.0, 0.0]) == 0.0


@pytest.mark.parametrize("game", ["french", "bela"])
def test_the_real_deal_never_misses_and_candidates_even_the_weights(game: str) -> None:
    rules = Rules.from_dict({"preset": game})
    one = [row for n in range(3) for row in deal_rows(rules, n, 24, 1)]
    eight = [row for n in range(3) for row in deal_rows(rules, n, 24, 8)]
    assert one and [row[0] for row in one] == [row[0] for row in eight]  # the same decisions
    assert all(misses == 0 for _, _, misses in one + eight)
    assert all(0.0 < share <= 1.0 + 1e-9 for _, share, _ in one + eight)
    assert sum(share for _, share, _ in eight) > sum(share for _, share, _ in one)
