"""Hypothesis properties of French Belote's own rules (a deal's points with capot 252, the turned
card going to its taker), and a legal-card oracle written from RULES.md §4 (plain code, none of
the engine's tables). The properties every game shares are in ``test_properties.py``."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from belot.engine import Card, Deal, Rules, Seat, Suit
from properties_common import (
    FRENCH,
    agrees_with,
    examples,
    holder,
    positions,
    random_action,
    random_deal,
    strength,
)

FAST = examples(150)


@FAST
@given(seed=st.integers(0, 2**32), rules=FRENCH.rules, dealer=st.sampled_from(list(Seat)))
def test_points_add_up(seed: int, rules: Rules, dealer: Seat) -> None:
    deal, _ = random_deal(seed, rules, dealer)
    if deal.all_passed:
        assert deal.result is None and len(deal.calls) == 8
        return
    result = deal.result
    assert result is not None
    ns, ew = deal.tricks_won
    assert sum(deal.card_points) == 162
    scored = deal.scored_declarations()
    shown = [sum(d.points for d in team) for team in scored]
    capot = 0 if ew == 0 else 1 if ns == 0 else None
    if capot is not None:
        shown[1 - capot] = 0  # the swept team loses its declarations
    belote = 20 * len(deal.belots)
    cards = 252 if capot is not None else 162
    assert sum(result.written) == cards + sum(shown) + belote
    assert result.hanging == 0
    assert all(w >= 0 for w in result.written)
    assert (capot is None) == (result.valat is None)


@FAST
@given(seed=st.integers(0, 2**32), rules=FRENCH.rules)
def test_the_turned_card_goes_to_its_taker(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while deal.phase.value in ("cut", "auction"):
        deal.push(random_action(deal, rng))
    assume(not deal.all_passed)
    assert deal.turned_card in deal.dealt_hand(deal.bidder)  # type: ignore[arg-type]


# --- a legal-card oracle written from RULES.md §4 ------------------------------------------------


def oracle(hand: list[Card], trick: list[tuple[Seat, Card]], trump: Suit, me: Seat) -> set[Card]:
    """The cards ``me`` may play, as RULES.md §4 says (with §3's suit play)."""
    if not trick:
        return set(hand)
    led = trick[0][1].suit
    trumps_in_trick = [(s, c) for s, c in trick if c.suit == trump]
    holds, top = holder(trick, trump)
    same = [c for c in hand if c.suit == led]
    mine = [c for c in hand if c.suit == trump]
    if led == trump:
        if not same:
            return set(hand)
        higher = [c for c in same if strength(c, trump) > strength(top, trump)]
        return set(higher or same)  # climb, even over the partner
    if same:
        return set(same)  # follow a plain suit, no need to beat
    if holds == me.partner:
        return set(hand)  # partner exception: plain-suit lead only
    if not mine:
        return set(hand)
    if not trumps_in_trick:
        return set(mine)  # must trump
    over = [c for c in mine if strength(c, trump) > strength(top, trump)]
    return set(over or mine)  # overtrump, else undertrump (forced)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), direction=st.sampled_from([1, -1]))
def test_the_engine_agrees_with_the_oracle(seed: int, direction: int) -> None:
    checked = 0
    for deal in positions(Rules.french(direction=direction), seed):
        if deal.phase.value == "play":
            agrees_with(deal, oracle)
            checked += 1
    assert checked > 0
