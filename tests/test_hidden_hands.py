"""``benchmarks/hidden_hands.py``: the worlds of a `strong` told a hidden hand hold that hand,
and the bot leaves the sampling as it found it."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import hidden_hands
from hidden_hands import TOLD, _Told, lengths, told, with_lengths

from belot.bots import sampling, strong
from belot.bots.arena import duel_deal
from belot.bots.basic import BasicBot
from belot.bots.sampling import Constraints, deal_hidden
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.tricks import KEY, TRUMP_MASKS


def _in_play(tricks: int) -> Deal:
    """A French Belote deal that `basic` played ``tricks`` tricks into (seed 5's first pair
    that came to a contract)."""
    rules = Rules.preset_named("french")
    bots = [BasicBot(seed=s) for s in range(4)]
    for number in range(20):
        deal = duel_deal(rules, 5, number)
        while not deal.is_over and (deal.phase is not Phase.PLAY or len(deal.tricks) <= tricks):
            seat = deal.turn
            assert seat is not None
            deal.push(bots[seat].act(deal.view(seat)))
        if not deal.is_over and deal.turn is not None:
            return deal
    raise AssertionError("no deal came to its play")


def test_a_told_hand_is_held_in_every_world_and_by_no_one_else() -> None:
    deal = _in_play(2)
    seat = deal.turn
    assert seat is not None
    view = deal.view(seat)
    rng = random.Random(1)
    partner = TOLD["partner"].cards(deal, seat)
    everyone = TOLD["all"].cards(deal, seat)
    assert set(everyone) == {s for s in Seat if s.team is not seat.team}  # the partner's too
    for hands in (partner, everyone):
        constraints = told(Constraints.of(view), hands)
        for _ in range(20):
            world = deal_hidden(constraints, rng)
            for s in hands:
                assert world[s] == deal.hand_mask(s)
    loose = told(Constraints.of(view), partner)
    seen = set()
    for _ in range(40):
        world = deal_hidden(loose, rng)
        seen.add(world)
        for s in Seat:
            if s not in (seat, seat.partner):
                assert world[s] & deal.hand_mask(seat.partner) == 0
    assert len(seen) > 1  # the other team's hands are still dealt at random


def test_the_told_bot_leaves_strong_sampling_as_it_found_it() -> None:
    deal = _in_play(6)
    seat = deal.turn
    assert seat is not None
    bot = _Told(seed=1, know="partner")
    bot.deal = deal
    action = bot.act(deal.view(seat))
    assert action in deal.view(seat).legal
    assert vars(strong)["Constraints"] is Constraints  # strong's global, put back


def test_told_the_partner_s_trumps_or_masters_the_worlds_hold_just_those() -> None:
    deal = _in_play(2)
    seat = deal.turn
    assert seat is not None
    contract = deal.contract
    assert contract is not None
    view = deal.view(seat)
    partner = deal.hand_mask(seat.partner)
    trumps = TRUMP_MASKS[contract]
    gone = sum(card.mask for trick in deal.tricks for _, card in trick.plays)
    masters = 0
    for suit in range(4):
        out = [c for c in range(8 * suit, 8 * suit + 8) if not gone >> c & 1]
        masters |= 1 << max(out, key=KEY[contract].__getitem__)
    masters &= ~deal.hand_mask(seat)  # the seat's own masters are no news
    rng = random.Random(2)
    for know, cards in (("partner-trumps", trumps), ("partner-masters", masters)):
        constraints = told(Constraints.of(view), TOLD[know].cards(deal, seat))
        hands = set()
        for _ in range(30):
            world = deal_hidden(constraints, rng)
            assert world[seat.partner] & cards == partner & cards
            hands.add(world[seat.partner])
        assert len(hands) > 1  # the rest of the partner's hand is still dealt at random


def test_nothing_is_told_at_the_auction() -> None:
    deal = duel_deal(Rules.preset_named("french"), 5, 0)
    bots = [BasicBot(seed=s) for s in range(4)]
    while deal.phase is not Phase.AUCTION:
        seat = deal.turn
        assert seat is not None
        deal.push(bots[seat].act(deal.view(seat)))
    seat = deal.turn
    assert seat is not None
    for know in ("partner-trumps", "partner-masters"):
        assert all(held == 0 for held, _ in TOLD[know].cards(deal, seat).values())
        bot = _Told(seed=1, know=know)
        bot.deal = deal
        assert bot.act(deal.view(seat)) in deal.view(seat).legal


def test_told_the_partner_s_suit_lengths_the_worlds_have_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal = _in_play(2)
    seat = deal.turn
    assert seat is not None
    want = lengths(deal.hand_mask(seat.partner))
    dealing = with_lengths(seat.partner, want)
    rng = random.Random(3)
    constraints = Constraints.of(deal.view(seat))
    hands = {dealing(constraints, rng, 200)[seat.partner] for _ in range(30)}
    assert all(lengths(hand) == want for hand in hands)
    assert len(hands) > 1
    # The told bot deals its worlds by ``with_lengths``'s dealing, and puts sampling's back.
    dealt: list[tuple[int, int, int, int]] = []

    def counted(
        partner: Seat, want: tuple[int, int, int, int]
    ) -> Callable[[Constraints, random.Random, int], tuple[int, int, int, int]]:
        dealing = with_lengths(partner, want)

        def dealing_counted(
            constraints: Constraints, rng: random.Random, tries: int = 200
        ) -> tuple[int, int, int, int]:
            dealt.append(dealing(constraints, rng, tries))
            return dealt[-1]

        return dealing_counted

    monkeypatch.setattr(hidden_hands, "with_lengths", counted)
    bot = _Told(seed=1, know="partner-lengths")
    bot.deal = deal
    assert bot.act(deal.view(seat)) in deal.view(seat).legal
    assert dealt and all(lengths(world[seat.partner]) == want for world in dealt)
    assert vars(sampling)["deal_hidden"] is deal_hidden
