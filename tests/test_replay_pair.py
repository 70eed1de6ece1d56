"""``benchmarks/replay_pair.py`` and ``arena.duel_bots``: fresh bots play a duel's deal pair
again as the duel played it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from ab_test import _both
from replay_pair import replay, replay_ab

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


def test_an_ab_tests_pairs_replayed_as_the_test_played_them() -> None:
    # X and Y differ in the margin a Bela naming must gain; both think briefly. The test's own
    # result for pair 1 (X's and Y's game points less basic's a deal) is what the replay's lines
    # write for each half.
    rules = Rules.preset_named("bela")
    x = {"strong.DEFAULT_THINK": 0.02}
    y = {
        "strong.DEFAULT_THINK": 0.02,
        "bidding.GAME_MARGIN": {"bid": 60.0, "coinche": 20.0, "surcoinche": 20.0},
    }
    results = _both(("bela", 9, 1, False, x, y))
    lines = replay_ab(rules, x, y, 9, 1)
    assert lines[0].startswith("pair 1, X ")
    for name, result in zip(("X", "Y"), results, strict=True):
        start = lines.index(next(line for line in lines if line.startswith(f"pair 1, {name} ")))
        written = [line for line in lines[start:] if "written" in line or "all passed" in line]
        gains = []
        for line in written[:2]:
            found = re.search(r"written strong \w+ (-?\d+), basic (-?\d+)", line)
            assert found is not None
            gains.append(int(found[1]) - int(found[2]))
        assert len(gains) == 2 and sum(gains) / 2 == result
