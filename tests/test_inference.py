"""The card play's inference from the other team's plays, with `basic` as the model of a player:
checked against the engine itself, replaying each world with `BasicBot` choosing the cards."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belot.bots.basic import ENDGAME_TRICKS, BasicBot
from belot.bots.inference import PlayModel
from belot.bots.sampling import Constraints, SamplingError, dealt_world
from belot.engine.actions import Cut, Play
from belot.engine.cards import ALL_CARDS
from belot.engine.deal import Deal
from belot.engine.errors import BelotError
from belot.engine.rules import Rules
from belot.engine.table import Seat
from properties_common import hand_masks, team_decisions

MISS = 0.3


def _positions(deals: int, seed: str) -> Iterator[tuple[Deal, Seat]]:
    """Each card decision of N and S, with a play behind it, in deals `basic` plays all round."""
    return team_decisions(
        Rules.bulgarian(), seed, deals, lambda: [BasicBot(seed=s) for s in range(4)]
    )


def _misses(
    deal: Deal, seat: Seat, world: tuple[int, int, int, int], partner: bool = False
) -> int | None:
    """How many of the other team's plays (with ``partner``: the partner's) `BasicBot` would
    not have made, the deal replayed by the engine with ``world``'s hands (each seat's cards
    now, and those it played); None if the world cannot replay the deal (a declaration its hand
    does not hold)."""
    dealt = list(world)
    for s, action in deal.history:
        if isinstance(action, Play):
            dealt[s] |= action.card.mask
    replay = Deal.with_hands(
        [[card for card in ALL_CARDS if hand & card.mask] for hand in dealt],
        deal.rules,
        dealer=deal.dealer,
    )
    misses = 0
    for s, action in deal.history:
        if isinstance(action, Cut):
            continue
        read = s == seat.partner if partner else s.team is not seat.team
        if isinstance(action, Play) and read:
            view = replay.view(s)
            counted = len(view.hand) <= ENDGAME_TRICKS  # the end counted out: not modelled
            if len(view.legal) > 1 and not counted and BasicBot(seed=0).act(view) != action:
                misses += 1
        try:
            replay.push(action)
        except BelotError:
            return None
    return misses


def test_basic_opponents_made_every_play_of_the_real_world() -> None:
    weighed = 0
    for deal, seat in _positions(12, "real"):
        model = PlayModel(deal.view(seat), MISS)
        assert model.weight(hand_masks(deal)) == 1.0
        weighed += model.plays
    assert weighed > 300


def test_only_the_other_teams_plays_are_weighed() -> None:
    for deal, seat in _positions(3, "team"):
        view = deal.view(seat)
        theirs = sum(
            1
            for number, t in enumerate(view.tricks)
            for s, _ in t.plays
            if s.team is not seat.team and 8 - number > ENDGAME_TRICKS
        )
        assert PlayModel(view, MISS).plays == theirs


def _worlds(deal: Deal, seat: Seat, rng: random.Random) -> Iterator[tuple[int, int, int, int]]:
    """Up to six worlds dealt within what ``seat`` has seen, ``seat`` holding its own cards."""
    constraints = Constraints.of(deal.view(seat))
    for _ in range(6):
        try:
            world = dealt_world(constraints, deal.hand_mask(seat), rng)
        except SamplingError:
            return
        yield world


def test_a_world_weighs_miss_for_each_play_basic_would_not_have_made() -> None:
    # The model works out what each seat knew once a decision and fills in its hand per world;
    # the engine's replay with the real `BasicBot` must agree world by world.
    rng = random.Random(5)
    missed = checked = 0
    for n, (deal, seat) in enumerate(_positions(10, "worlds")):
        if n % 3:
            continue
        view = deal.view(seat)
        model = PlayModel(view, MISS)
        for world in _worlds(deal, seat, rng):
            misses = _misses(deal, seat, world)
            if misses is None:
                continue
            assert model.weight(world) == pytest.approx(MISS**misses)
            missed += misses > 0
            checked += 1
    assert checked > 100 and missed > checked // 4


def test_the_partners_plays_are_read_at_their_own_weight() -> None:
    # With a partner_miss the partner's plays weigh a world as the other team's do, each at
    # that weight: checked against the engine's replay as above, alone and with the others'.
    rng = random.Random(7)
    partner_missed = checked = 0
    for n, (deal, seat) in enumerate(_positions(10, "partner")):
        if n % 3:
            continue
        view = deal.view(seat)
        partner_only = PlayModel(view, None, partner_miss=0.5)
        both = PlayModel(view, MISS, partner_miss=0.5)
        assert partner_only.plays + PlayModel(view, MISS).plays == both.plays
        assert partner_only.weight(hand_masks(deal)) == 1.0  # `basic` partners: the real world
        for world in _worlds(deal, seat, rng):
            theirs = _misses(deal, seat, world)
            ours = _misses(deal, seat, world, partner=True)
            if theirs is None or ours is None:
                continue
            assert partner_only.weight(world) == pytest.approx(0.5**ours)
            assert both.weight(world) == pytest.approx(MISS**theirs * 0.5**ours)
            partner_missed += ours > 0
            checked += 1
    assert checked > 100 and partner_missed > checked // 4


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.01, 1.0))
def test_weights_lie_between_miss_to_the_plays_and_one(seed: int, miss: float) -> None:
    positions = [(deal.copy(), seat) for deal, seat in _positions(1, f"prop-{seed}")]
    if not positions:
        return  # thrown in
    deal, seat = random.Random(seed).choice(positions)
    view = deal.view(seat)
    model = PlayModel(view, miss)
    w = model.weight(dealt_world(Constraints.of(view), deal.hand_mask(seat), random.Random(seed)))
    assert miss**model.plays * (1 - 1e-9) <= w <= 1.0
