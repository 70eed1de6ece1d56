"""The model of `basic`'s calls in French Belote, Coinche and Bela (``belot.bots.call_model``)."""

from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest

from belot.bots import bidding, call_model
from belot.bots.basic import NAME_AT, TAKE_AT, BasicBot, coinche_estimate
from belot.bots.call_model import CallModel, call_chances, likelihood
from belot.bots.sampling import Constraints, deal_hidden, played_cards
from belot.engine.actions import Call, CallKind, Cut
from belot.engine.cards import Card, Rank
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView

SHARP = 0.1  # a logistic as sharp as a step: half a point gives 0.993


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def _auction(rules: Rules, n: int) -> tuple[Deal, list[int], list[list[Call]]]:
    """An auction of four `basic` bots: each seat's cards at the auction, and at each call the
    other legal calls it could have made instead."""
    deal = Deal.new(rules, dealer=Seat(n % 4), seed=f"call-model-{n}")
    deal.push(Cut(9))
    hands = [0, 0, 0, 0]
    others = []
    while deal.phase is Phase.AUCTION:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        hands[seat] = _mask(view.hand)
        call = BasicBot(seed=0).act(view)
        assert isinstance(call, Call)
        others.append([a for a in view.legal if isinstance(a, Call) and a != call])
        deal.push(call)
    return deal, hands, others


def _says_nothing(calls: list[tuple[Seat, Call]], seat: Seat, call: Call) -> bool:
    """A Coinche bid over the partner's, which `basic` never makes."""
    last = next((s for s, c in reversed(calls) if c.kind is CallKind.BID), None)
    return call.kind is CallKind.BID and last is not None and last.team is seat.team


@pytest.mark.parametrize("game", ["french", "coinche", "bela"])
def test_the_model_gives_basics_calls_and_no_other(game: str) -> None:
    # With a step-sharp logistic, each call `basic` made has (nearly) all the chance and each
    # legal call it did not make (nearly) none: its bars, its choice of suit, Bela's forced
    # dealer, Coinche's levels, coinche and surcoinche.
    rules = getattr(Rules, game)()
    kinds = set()
    for n in range(300):
        deal, hands, others = _auction(rules, n)
        calls = list(deal.calls)
        turned, dealer = deal.turned_card, deal.dealer
        chances = call_chances(rules, calls, hands, turned, dealer, SHARP)
        for i, ((seat, call), chance) in enumerate(zip(calls, chances, strict=True)):
            assert chance >= 0.95, (n, i, call)
            kinds.add((call.kind, call.level >= 120))
            for other in others[i]:
                if game == "coinche" and _says_nothing(calls[:i], seat, other):
                    continue
                instead = call_chances(
                    rules, [*calls[:i], (seat, other)], hands, turned, dealer, SHARP
                )[i]
                assert instead <= 0.05, (n, i, call, other)
    if game == "coinche":
        # (`basic` surcoinches about once in 1,500 auctions: here only as the call not made.)
        assert CallKind.COINCHE in {kind for kind, _ in kinds}
        assert (CallKind.BID, True) in kinds and (CallKind.BID, False) in kinds


def test_a_coinche_bid_shows_its_level_in_the_worlds() -> None:
    # The seat after a Coinche bid deals the bidder's hand, in the auction's worlds, with the
    # bid's estimate far more often than at random.
    rules = Rules.coinche()
    for n in range(100):
        deal = Deal.new(rules, dealer=Seat.N, seed=f"call-model-{n}")
        deal.push(Cut(9))
        bidder = deal.turn
        assert bidder is not None
        first = BasicBot(seed=0).act(deal.view(bidder))
        if isinstance(first, Call) and first.kind is CallKind.BID and first.level < 160:
            deal.push(first)
            break
    assert isinstance(first, Call) and first.contract is not None
    assert bidder is not None
    seat = deal.turn
    assert seat is not None
    view = deal.view(seat)
    rng = random.Random(3)
    constraints = Constraints.of(view)

    def shown(hands: tuple[int, int, int, int]) -> bool:
        estimate = coinche_estimate(hands[bidder], int(first.contract or 0))
        return first.level - 10 <= estimate < first.level + 20

    model = CallModel(view)
    modelled = sum(shown(bidding._modelled_world(model, constraints, rng)) for _ in range(200))
    dealt = sum(shown(deal_hidden(constraints, rng)) for _ in range(200))
    assert likelihood(view, bidding._modelled_world(model, constraints, rng)) > 0.0
    assert modelled >= 2 * dealt, (modelled, dealt)


def _in_play(rules: Rules, n: int) -> SeatView | None:
    """The view of the first defender to play in a deal of four `basic` bots, or None."""
    deal = Deal.new(rules, dealer=Seat(n % 4), seed=f"call-model-play-{n}")
    while deal.phase is not Phase.PLAY:
        if deal.is_over:
            return None
        seat = deal.turn
        assert seat is not None
        deal.push(BasicBot(seed=0).act(deal.view(seat)), seat)
    seat = deal.turn
    assert seat is not None and deal.bidder is not None
    return deal.view(seat if seat.team is not deal.bidder.team else Seat((seat + 1) % 4))


@pytest.mark.parametrize("game", ["bulgarian", "french", "bela"])
def test_the_card_play_reads_a_suit_taken(game: str) -> None:
    # A defender's worlds in which the declarer was dealt the trump jack weigh more, by the
    # model of its bid (French Belote's take, Bela's naming) and of the calls before it, than
    # those in which it was not, though which cards it saw at the auction no world says.
    rules = getattr(Rules, game)()
    rng = random.Random(5)
    ratios = []
    for n in range(40):
        view = _in_play(rules, n)
        if view is None or view.contract is None or not view.contract.is_suit:
            continue
        declarer = next(s for s, c in reversed(view.calls) if c.kind is CallKind.BID)
        jack = 1 << (8 * int(view.contract) + Rank.JACK)
        if any(card.mask == jack for card in view.hand):
            continue  # the defender holds the jack
        constraints = Constraints.of(view)
        model = CallModel(view)
        played = played_cards(view)
        sums = {True: [0.0, 0], False: [0.0, 0]}
        for _ in range(200):
            hands = deal_hidden(constraints, rng)
            dealt = bool((hands[declarer] | played[declarer]) & jack)
            sums[dealt][0] += model.dealt(hands, rng)
            sums[dealt][1] += 1
        if sums[True][1] and sums[False][1]:
            ratios.append((sums[True][0] / sums[True][1]) / (sums[False][0] / sums[False][1]))
    assert len(ratios) >= 5
    assert statistics.median(ratios) > 1.5, ratios


@pytest.mark.parametrize("game", ["french", "bela"])
def test_the_card_plays_chance_of_the_calls_is_the_mean_over_what_each_caller_saw(
    game: str,
) -> None:
    # ``dealt`` draws which of its cards each caller saw at the auction; over many draws its
    # mean is the product over the callers of their chance averaged over every such choice.
    rules = getattr(Rules, game)()
    seen = 6 if game == "bela" else 5
    rng = random.Random(11)
    checked = 0
    for n in range(40):
        view = _in_play(rules, n)
        if view is None or checked == 3:
            continue
        model = CallModel(view)
        hands = deal_hidden(Constraints.of(view), rng)
        played = played_cards(view)
        exact = 1.0
        for seat in model.seats:
            hand = hands[seat] | played[seat]
            if view.turned is not None and seat == view.taker:
                hand &= ~view.turned.mask
            cards = [c for c in range(32) if hand >> c & 1]
            chances = [
                model.chance(seat, sum(1 << c for c in choice))
                for choice in itertools.combinations(cards, seen)
            ]
            exact *= statistics.fmean(chances)
        mean = statistics.fmean(model.dealt(hands, rng) for _ in range(3000))
        assert mean == pytest.approx(exact, rel=0.05, abs=1e-4)
        checked += 1
    assert checked == 3


@pytest.mark.parametrize("game", ["french", "bela"])
def test_a_seats_chance_is_the_product_of_its_calls_chances(game: str) -> None:
    # ``CallModel`` keeps each seat's calls apart; ``call_chances`` reads the whole auction.
    rules = getattr(Rules, game)()
    rng = random.Random(12)
    checked = 0
    for n in range(30):
        view = _in_play(rules, n)
        if view is None:
            continue
        model = CallModel(view)
        for seat in model.seats:
            for _ in range(20):
                hand = rng.getrandbits(32) & rng.getrandbits(32)
                hands = [0, 0, 0, 0]
                hands[seat] = hand
                chances = call_chances(rules, view.calls, hands, view.turned, view.dealer)
                expected = math.prod(
                    c for (s, _), c in zip(view.calls, chances, strict=True) if s == seat
                )
                assert model.chance(seat, hand) == pytest.approx(expected, rel=1e-12, abs=0)
                checked += 1
    assert checked > 200


def test_coinche_hands_are_all_dealt_before_the_auction() -> None:
    rules = Rules.coinche()
    rng = random.Random(6)
    view = next(v for v in (_in_play(rules, n) for n in range(20)) if v is not None)
    hands = deal_hidden(Constraints.of(view), rng)
    played = played_cards(view)
    dealt = [hands[s] | played[s] for s in range(4)]
    assert CallModel(view).dealt(hands, rng) == likelihood(view, dealt)


@pytest.mark.parametrize("game", ["french", "bela"])
def test_the_partner_is_read_and_modelled_at_its_own_bar(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With PARTNER_AT, North reads South's take or naming at South's own bar, and the model of
    # South in the auction's worlds (``partner_bot``) calls at that bar: each of its calls gets
    # (nearly) all the chance, each other legal call (nearly) none, and some of them differ
    # from `basic`'s own.
    rules = getattr(Rules, game)()
    assert call_model.partner_bot(game) is None and call_model.bars_of(game, Seat.N) is None
    monkeypatch.setitem(call_model.PARTNER_AT, game, 40)
    partner = call_model.partner_bot(game)
    assert partner is not None
    bars = call_model.bars_of(game, Seat.N)
    basic = TAKE_AT if game == "french" else NAME_AT
    assert bars == (basic, basic, 40, basic)
    differ = 0
    for n in range(200):
        deal = Deal.new(rules, dealer=Seat(n % 4), seed=f"partner-{n}")
        deal.push(Cut(9))
        hands = [0, 0, 0, 0]
        while deal.phase is Phase.AUCTION:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            hands[seat] = _mask(view.hand)
            call = (partner if seat is Seat.S else BasicBot(seed=0)).act(view)
            assert isinstance(call, Call)
            calls = [*deal.calls, (seat, call)]
            chance = call_chances(
                rules, calls, hands, deal.turned_card, deal.dealer, SHARP, bars=bars
            )
            assert chance[-1] >= 0.95, (n, seat, call)
            for other in view.legal:
                if isinstance(other, Call) and other != call:
                    instead = call_chances(
                        rules,
                        [*deal.calls, (seat, other)],
                        hands,
                        deal.turned_card,
                        deal.dealer,
                        SHARP,
                        bars=bars,
                    )
                    assert instead[-1] <= 0.05, (n, seat, call, other)
            differ += seat is Seat.S and call != BasicBot(seed=0).act(view)
            deal.push(call)
    assert differ >= 5


def test_the_partner_may_be_read_at_its_bar_but_modelled_as_basic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(call_model.PARTNER_AT, "french", 40)
    monkeypatch.setattr(call_model, "PARTNER_MODELLED", False)
    assert call_model.partner_bot("french") is None
    assert call_model.bars_of("french", Seat.N) == (TAKE_AT, TAKE_AT, 40, TAKE_AT)
