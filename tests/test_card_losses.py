"""``benchmarks/card_losses.py``: every card of a duel's deals counted once in all, once in its
trick and once in its role, with what it lost against the solver."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from card_losses import losses

from belot.bots.analysis import annotate
from belot.bots.arena import duel_deal
from belot.bots.random_bot import RandomBot
from belot.engine.rules import Rules
from belot.engine.table import Seat


def test_every_card_counts_once_in_all_in_its_trick_and_in_its_role() -> None:
    rows = losses("french", "random", "random", deals=2, seed=5)
    for side in (0, 1):
        cards, lost = rows[side, "all"]
        assert lost >= 0
        assert cards == sum(rows.get((side, f"trick {t}"), (0, 0))[0] for t in range(1, 9))
        assert (
            cards
            == rows.get((side, "declarer"), (0, 0))[0] + rows.get((side, "defender"), (0, 0))[0]
        )
        assert lost == sum(rows.get((side, f"trick {t}"), (0, 0))[1] for t in range(1, 9))
    assert rows[0, "trick 8"][1] == 0  # the last card has no choice


def test_the_losses_are_the_solvers_notes_of_the_same_deals() -> None:
    rows = losses("french", "random", "random", deals=1, seed=5)
    rules = Rules.preset_named("french")
    total = 0
    for a_team in ("NS", "EW"):
        bots = {s: RandomBot(seed=(100 if s.team.name == a_team else 200) + s) for s in Seat}
        deal = duel_deal(rules, 5, 0)
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            deal.push(bots[seat].act(deal.view(seat)))
        if deal.contract is not None:
            total += sum(note.best - note.value for note in annotate(deal))
    assert total > 0  # random play gives points away
    assert total == rows.get((0, "all"), (0, 0))[1] + rows.get((1, "all"), (0, 0))[1]
