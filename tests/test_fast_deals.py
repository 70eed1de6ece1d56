"""The compiled random full deals of Coinche (bots.fast_deals) against the Deal engine."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from belot.bench import all_benchmarks, run_benchmark
from belot.bots import _deal_core, _solver_core
from belot.bots._playout_core import seed_state
from belot.bots.fast_deals import FastDealError, random_deals, recorded_deals
from belot.engine.actions import Play
from belot.engine.cards import Card
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat

_M32 = 0xFFFFFFFF

RULES = (
    Rules.coinche(declarations=False),
    Rules.coinche(
        declarations=False,
        contract_test="total",
        double_scope="bid_only",
        surcoinche_multiplier=3,
        rounding="none",
        coinche_capot=False,
    ),
    Rules.coinche(declarations=False, forced_undertrump=False),
    Rules.coinche(declarations=False, direction=1),
)


class _Xoshiro:
    """xoshiro128** as ``_playout_core`` writes it, in plain Python: the draws the compiled
    deal takes, for a reference deal played through the engine."""

    def __init__(self, seed: int) -> None:
        self.s = [int(w) for w in seed_state(seed)]

    def below(self, n: int) -> int:
        s0, s1, s2, s3 = self.s
        r = (s1 * 5) & _M32
        r = ((((r << 7) | (r >> 25)) & _M32) * 9) & _M32
        t = (s1 << 9) & _M32
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 11) | (s3 >> 21)) & _M32
        self.s = [s0, s1, s2, s3]
        return (r * n) >> 32


def _engine_deal(
    rng: _Xoshiro, deck: list[int], rules: Rules, dealer: Seat
) -> tuple[Deal, list[str]]:
    """The deal the compiled loop should play, chosen through the engine: the same shuffle
    (of ``deck`` as the last deal left it), then at each turn the engine's legal calls (in its
    order) or legal cards (lowest first), one drawn when there is more than one."""
    for i in range(31, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hands = [sorted(deck[8 * s : 8 * s + 8]) for s in range(4)]
    deal = Deal.with_hands(
        [[Card.from_index(c) for c in hand] for hand in hands], rules, dealer=dealer
    )
    actions: list[str] = []
    while not deal.is_over:
        if deal.phase is Phase.AUCTION:
            legal = list(deal.legal_actions())
        else:
            mask = deal.legal_mask()
            legal = [Play(Card.from_index(c)) for c in range(32) if mask >> c & 1]
            # The engine offers exactly these cards, each once (no declarations, no silence).
            assert sorted(map(str, deal.legal_actions())) == sorted(map(str, legal))
        action = legal[rng.below(len(legal)) if len(legal) > 1 else 0]
        deal.push(action)
        actions.append(str(action))
    return deal, actions


@pytest.mark.parametrize("rules", RULES, ids=range(len(RULES)))
def test_compiled_deals_are_the_engines(rules: Rules) -> None:
    """300 compiled deals per rules, each the very deal that the same draws make through the
    engine: the shuffle, every call and card (so the same number of legal choices, in the same
    order, at every turn), the card points and what the deal writes."""
    for dealer in (Seat.N, Seat.E):
        seed = 7 + dealer
        stats, deals = recorded_deals(150, seed=seed, rules=rules, dealer=dealer)
        rng = _Xoshiro(seed)
        deck = list(range(32))
        written = [0, 0]
        for compiled in deals:
            deal, actions = _engine_deal(rng, deck, rules, dealer)
            assert [str(a) for a in compiled.actions] == actions
            assert compiled.hands == tuple(tuple(deal.dealt_hand(s)) for s in Seat)
            if deal.all_passed:
                assert compiled.written is None
                continue
            result = deal.result
            assert result is not None
            assert compiled.written == result.written
            assert compiled.card_points == deal.card_points
            written[0] += result.written[0]
            written[1] += result.written[1]
        assert stats.count == 150
        assert stats.written == (written[0], written[1])
        assert random_deals(150, seed=seed, rules=rules, dealer=dealer) == stats


def test_the_deals_cover_what_scores() -> None:
    """The random deals reach every kind of outcome the score distinguishes."""
    _, deals = recorded_deals(2000, seed=3)
    texts = [[str(a) for a in d.actions] for d in deals]
    assert any("coinche" in t for t in texts)
    assert any("surcoinche" in t for t in texts)
    assert any(any(a.startswith("capot") for a in t) for t in texts)
    assert any(d.written is not None and 0 in d.written for d in deals)
    assert any(d.written is not None and min(d.written) > 0 for d in deals)
    assert all(sum(d.card_points) == 162 for d in deals if d.written is not None)


def test_bad_input_is_refused() -> None:
    with pytest.raises(FastDealError, match="at least 1"):
        random_deals(0)
    with pytest.raises(FastDealError, match="Coinche only"):
        random_deals(5, rules=Rules.bulgarian())
    with pytest.raises(FastDealError, match="declarations=False"):
        random_deals(5, rules=Rules.coinche())


def test_deal_core_names_the_solver_core_it_inlines() -> None:
    """numba caches the deal loop by its own file only (see ``_playout_core``)."""
    digest = hashlib.sha256(Path(_solver_core.__file__).read_bytes()).hexdigest()[:16]
    assert digest == _deal_core.SOLVER_CORE, (
        f"_solver_core.py changed: set _deal_core.SOLVER_CORE = {digest!r}"
    )


def test_plain_python_fallback_agrees() -> None:
    """The same source without the JIT (NUMBA_DISABLE_JIT=1) plays the same deals."""
    script = (
        "import json\n"
        "from belot.bots.fast_deals import recorded_deals\n"
        "stats, deals = recorded_deals(20, seed=11)\n"
        "print(json.dumps([[str(a) for a in d.actions] + [d.written] for d in deals]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
        check=True,
    )
    _, deals = recorded_deals(20, seed=11)
    expected = [
        [str(a) for a in d.actions] + [list(d.written) if d.written else None] for d in deals
    ]
    assert json.loads(result.stdout) == expected


def test_the_benchmark_is_registered() -> None:
    benchmark = all_benchmarks()["fast-deals"]
    result = run_benchmark(benchmark, seconds=0.05, seed=1)
    assert result.count >= 10_000 and result.count % 10_000 == 0
    assert result.details["game"] == "coinche, declarations off"
    assert 80 < result.details["mean_level"] <= 250
