"""``benchmarks/replay_pair.py`` and ``arena.duel_bots``: fresh bots play a duel's deal pair
again as the duel played it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from replay_pair import replay

from belot.bots.arena import deal_pair, duel, duel_bots
from belot.engine.rules import Rules


def test_fresh_bots_play_a_duels_pairs_again_as_it_did() -> None:
    # The duel plays its pairs in one chunk with the same bots throughout; pairs 1 and 2, played
    # by fresh bots, end as they did there.
    rules = Rules.preset_named("bela")
    result = duel("strong", "basic", deals=3, matches=0, seed=5, workers=1, rules=rules, think=0.02)
    played = {pair.number: pair for pair in result.pair_results}
    for number in (1, 2):
        again = deal_pair(rules, duel_bots("strong", "basic", 5, think=0.02), 5, number)
        assert again == played[number]
        lines = replay(rules, "strong", "basic", 5, number, think=0.02)
        assert lines[0] == f"pair {number}"
        for half, game in enumerate(again.games):
            told = [line for line in lines if "written" in line or "all passed" in line][half]
            if game.contract is None:
                assert told.strip() == "all passed"
            else:
                assert f"({'strong' if game.declarer == 0 else 'basic'})" in told
                assert f"{game.outcome};" in told
                assert f"written strong {game.points[0]}, basic {game.points[1]}" in told
