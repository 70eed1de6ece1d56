"""Hypothesis properties of Bela's own rules (a deal's points with stiglja, one round of calls,
a seat's two hidden cards out of its own view), and a legal-card oracle written from RULES.md §6
(plain code, none of the engine's tables). The properties every game shares are in
``test_properties.py``."""

from __future__ import annotations

import random
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from belot.engine import Call, Card, Deal, Rules, Seat, Suit
from belot.engine.cards import ALL_CARDS
from properties_common import (
    BELA,
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
@given(seed=st.integers(0, 2**32), rules=BELA.rules, dealer=st.sampled_from(list(Seat)))
def test_points_add_up(seed: int, rules: Rules, dealer: Seat) -> None:
    deal, _ = random_deal(seed, rules, dealer)
    result = deal.result
    assert result is not None and not deal.all_passed  # Bela never redeals
    ns, ew = deal.tricks_won
    assert sum(deal.card_points) == 162
    shown = sum(d.points for team in deal.scored_declarations() for d in team)
    bela = 20 * len(deal.belots)
    stiglja = 90 if 0 in (ns, ew) else 0
    total = 162 + shown + bela + stiglja
    assert sum(result.raw) == total
    # Everything is written, except the callers' share of a tie that hangs.
    assert sum(result.written) + result.hanging == total
    assert all(w >= 0 for w in result.written)
    assert (stiglja == 0) == (result.valat is None)


@FAST
@given(seed=st.integers(0, 2**32), rules=BELA.rules)
def test_one_round_of_calls_at_most(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    while deal.phase.value in ("cut", "auction"):
        deal.push(random_action(deal, rng))
    assert len(deal.calls) <= 4


@FAST
@given(seed=st.integers(0, 2**32), calls=st.integers(0, 3), data=st.data())
def test_a_seats_own_hidden_cards_are_not_in_its_view_before_trumps(
    seed: int, calls: int, data: st.DataObject
) -> None:
    rules = Rules.bela()
    deal = Deal.new(rules, seed=seed)
    deal.push(deal.legal_actions()[seed % 31])
    for _ in range(calls):
        deal.push(Call.pass_())
    seat = deal.turn
    assert seat is not None and deal.phase.value == "auction"
    cut = deal.cut
    assert cut is not None
    after = list(deal.deck[cut:] + deal.deck[:cut])
    position = [deal.first, *[None] * 3]
    for i in range(1, 4):
        position[i] = deal.next_seat(position[i - 1])  # type: ignore[arg-type]
    mine = after[24 + 2 * position.index(seat) :][:2]  # its two hidden cards
    own = data.draw(st.sampled_from(mine))
    elsewhere = [c for c in ALL_CARDS if c not in deal.hand(seat) and c not in mine]
    swap = data.draw(st.sampled_from(elsewhere))
    deck = [swap if c is own else own if c is swap else c for c in deal.deck]
    other = Deal(rules, dealer=deal.dealer, deck=deck)
    for action in deal.actions:
        other.push(action)
    assert other.view(seat).key() == deal.view(seat).key()
    assert other.view(seat).to_json() == deal.view(seat).to_json()
    assert other.hand(seat) == deal.hand(seat) and len(deal.hand(seat)) == 6


# --- a legal-card oracle written from RULES.md §6 ------------------------------------------------


def oracle(
    hand: list[Card],
    trick: list[tuple[Seat, Card]],
    trump: Suit,
    me: Seat,
    beat_in_plain_suit: bool = True,
    partner_exception: bool = False,
) -> set[Card]:
    """The cards ``me`` may play, as RULES.md §6 says."""
    if not trick:
        return set(hand)
    led = trick[0][1].suit
    trumps_in_trick = [(s, c) for s, c in trick if c.suit == trump]
    holds, top = holder(trick, trump)
    partner_holds = holds == me.partner and led != trump and partner_exception
    same = [c for c in hand if c.suit == led]
    mine = [c for c in hand if c.suit == trump]
    if same:
        must_beat = led == trump or (
            beat_in_plain_suit and not trumps_in_trick and not partner_holds
        )
        if not must_beat:
            return set(same)
        higher = [c for c in same if strength(c, trump) > strength(top, trump)]
        return set(higher or same)
    if not mine or partner_holds:
        return set(hand)
    if not trumps_in_trick:
        return set(mine)  # must trump, whoever holds the trick
    over = [c for c in mine if strength(c, trump) > strength(top, trump)]
    return set(over or mine)  # overtrump, else any trump


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    direction=st.sampled_from([1, -1]),
    beat=st.booleans(),
    partner=st.booleans(),
)
def test_the_engine_agrees_with_the_oracle(
    seed: int, direction: int, beat: bool, partner: bool
) -> None:
    rules = Rules.bela(direction=direction, beat_in_plain_suit=beat, partner_exception=partner)
    checked = 0
    with_options = partial(oracle, beat_in_plain_suit=beat, partner_exception=partner)
    for deal in positions(rules, seed):
        if deal.phase.value == "play":
            agrees_with(deal, with_options)
            checked += 1
    assert checked > 0
