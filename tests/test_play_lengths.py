"""``benchmarks/play_lengths.py``: each counted play is a plain lead or discard, its suit's
length within the hand's plain suits; with the length signal, what its reading tells."""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from play_lengths import deal_rows, length_error

from belot.bots import strong
from belot.engine.cards import Card


def _mask(*cards: str) -> int:
    return sum(Card.from_str(c).mask for c in cards)


def test_counted_plays_are_leads_and_discards_of_held_plain_suits() -> None:
    rows = [row for n in range(3) for row in deal_rows(("french", 777, n, 0.02, None, 0.5, 8))]
    assert rows
    assert {row[0] for row in rows} <= {"lead", "discard"}
    assert any(row[0] == "lead" for row in rows)
    for _, played, held, by_card in rows:
        assert 1 <= played <= 8
        assert 1 <= held <= by_card <= 8


def test_the_length_error_counts_the_cards_too_many_or_too_few_in_each_suit() -> None:
    real = _mask("7S", "8S", "9S", "AH")
    assert length_error(real, real) == 0
    assert length_error(_mask("JS", "QS", "KS", "10H"), real) == 0  # other cards, the same lengths
    assert length_error(_mask("7D", "8D", "9D", "AC"), real) == 8  # every card in another suit
    assert length_error(_mask("7S", "8S", "AH", "KH"), real) == 2  # a spade short, a heart over
    assert length_error(_mask("7S", "8S", "9S", "10S"), real) == 2


def test_with_the_signal_each_card_decision_is_read() -> None:
    before = (strong.SIGNALS, strong.SIGNAL_MARGIN, strong._signal)
    try:
        rows = [row for n in range(2) for row in deal_rows(("french", 777, n, 0.02, 5.0, 0.5, 8))]
    finally:
        strong.SIGNALS, strong.SIGNAL_MARGIN, strong._signal = before
    read = [row for row in rows if row[0] == "read"]
    assert read
    assert {row[1] for row in read} <= {0, 1}
    later = [row for row in read if not math.isnan(row[2])]
    assert later  # decisions from the third trick are read
    for _, _, dealt, weighed in later:
        assert 0 <= dealt <= 16 and 0 <= weighed <= 16
