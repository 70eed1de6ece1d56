"""Hypothesis properties of Coinche's own rules (a deal's points with capot 250, coinche and
surcoinche, all eight cards dealt before the auction), and a legal-card and legal-call oracle
written from RULES.md §5 (plain code, none of the engine's tables). The properties every game
shares are in ``test_properties.py``."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from belot.engine import Deal, Rules, Seat
from belot.engine.actions import CAPOT_LEVEL, CallKind
from properties_common import COINCHE, agrees_with, examples, positions, random_action, random_deal
from test_french_properties import oracle

FAST = examples(120)


@FAST
@given(seed=st.integers(0, 2**32), rules=COINCHE.rules, dealer=st.sampled_from(list(Seat)))
def test_points_add_up(seed: int, rules: Rules, dealer: Seat) -> None:
    deal, _ = random_deal(seed, rules, dealer)
    if deal.all_passed:
        assert deal.result is None and [str(c) for _, c in deal.calls] == ["pass"] * 4
        return
    result = deal.result
    assert result is not None
    ns, ew = deal.tricks_won
    assert sum(deal.card_points) == 162
    shown = [sum(d.points for d in team) for team in deal.scored_declarations()]
    capot = 0 if ew == 0 else 1 if ns == 0 else None
    if capot is not None:
        shown[1 - capot] = 0  # the swept side loses its declarations
    belote = 20 * len(deal.belots)
    cards = 250 if capot is not None else 162
    assert sum(result.raw) == cards + sum(shown) + belote
    assert (capot is None) == (result.valat is None)
    assert all(w >= 0 for w in result.written)
    level = next(c.level for _, c in reversed(deal.calls) if c.kind is CallKind.BID)
    times = {1: 1, 2: 2, 4: rules.surcoinche_multiplier}[deal.double]
    if times > 1 and rules.double_scope == "whole":
        table = 250 if capot is not None or level == CAPOT_LEVEL else 160
        assert sum(result.written) == (table + level + sum(shown)) * times + belote
    elif result.outcome.value == "made":
        assert sum(result.written) == cards + sum(shown) + belote + level * times
    else:
        table = 250 if capot is not None or level == CAPOT_LEVEL else 160
        assert sum(result.written) == table + level * times + sum(shown) + belote


@FAST
@given(seed=st.integers(0, 2**32), rules=COINCHE.rules)
def test_each_card_is_dealt_before_the_auction(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    deal.push(random_action(deal, rng))  # the cut
    assert all(len(deal.hand(s)) == 8 for s in Seat)  # all eight before the auction


# --- a legal-call oracle written from RULES.md §5 --------------------------------------------


def call_oracle(calls: list[tuple[Seat, str]], me: Seat, coinche_capot: bool) -> set[str]:
    """The calls ``me`` may make after ``calls`` (written as text), as RULES.md §5 says."""
    last: tuple[Seat, str] | None = None
    coinched = False
    for seat, text in calls:
        if text == "coinche":
            coinched = True
        elif text not in ("pass", "surcoinche"):
            last = (seat, text)
    same_side = last is not None and (int(last[0]) + int(me)) % 2 == 0
    if coinched:
        return {"pass", "surcoinche"} if same_side else set()
    legal = {"pass"}
    values = [80, 90, 100, 110, 120, 130, 140, 150, 160, 1000]  # capot above any number
    value = 0
    if last is not None:
        amount = last[1][:-1]
        value = 1000 if amount == "capot" else int(amount)
    for v in values:
        if v > value:
            legal |= {("capot" if v == 1000 else str(v)) + s for s in "CDHS"}
    if last is not None and not same_side and (value != 1000 or coinche_capot):
        legal.add("coinche")
    return legal


def auction_over(calls: list[str]) -> bool:
    """Whether the auction has ended after ``calls`` (RULES.md §5)."""
    if "surcoinche" in calls:
        return True
    if "coinche" in calls:
        return calls[calls.index("coinche") + 1 :].count("pass") == 2
    if calls == ["pass"] * 4:
        return True
    bids = [i for i, c in enumerate(calls) if c != "pass"]
    return bool(bids) and len(calls) - 1 - bids[-1] == 3


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), direction=st.sampled_from([1, -1]), capot=st.booleans())
def test_the_engine_agrees_with_the_oracles(seed: int, direction: int, capot: bool) -> None:
    checked = 0
    for deal in positions(Rules.coinche(direction=direction, coinche_capot=capot), seed):
        calls = [(s, str(c)) for s, c in deal.calls]
        if deal.phase.value == "auction":
            assert not auction_over([c for _, c in calls])
            seat = deal.turn
            assert seat is not None
            offered = {str(a) for a in deal.legal_actions()}
            assert offered == call_oracle(calls, seat, capot), calls
            checked += 1
        elif deal.phase.value == "play":
            assert auction_over([c for _, c in calls])
            agrees_with(deal, oracle)
            checked += 1
        elif deal.all_passed:
            assert auction_over([c for _, c in calls])
    assert checked > 0
