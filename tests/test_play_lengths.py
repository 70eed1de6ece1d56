"""``benchmarks/play_lengths.py``: each counted play is a plain lead or discard, its suit's
length within the hand's plain suits."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from play_lengths import deal_rows


def test_counted_plays_are_leads_and_discards_of_held_plain_suits() -> None:
    rows = [row for n in range(3) for row in deal_rows(("french", 777, n, 0.02))]
    assert rows
    assert {row[0] for row in rows} <= {"lead", "discard"}
    assert any(row[0] == "lead" for row in rows)
    for _, played, held, by_card in rows:
        assert 1 <= played <= 8
        assert 1 <= held <= by_card <= 8
