"""What the calls of every game say of the hands, with `basic` as the model of a caller.

`basic` calls by fixed bars: it takes a French deal when a suit's strength with the turned card
reaches ``TAKE_AT``, names Bela's trumps at ``NAME_AT`` (the dealer, when forced, its strongest
suit), and in Coinche bids its best suit at ``coinche_level``, coinches when ``coinche_margin``
is over 0 and surcoinches when ``surcoinche_margin`` reaches 0. So a call says on which side of
each bar the caller's hand was. ``call_chances`` gives, call by call, the chance that `basic`
holding the given hands would have made it, each bar softened by a logistic (a player is not a
machine: ``SCALE`` points a unit; the bars are whole numbers, so each lies half a point from the
nearest hand on either side). ``CallModel`` multiplies them over the other seats' calls, for
the hands at the auction or as dealt.
Bulgarian Belot's calls are read the same way (``bulgarian_chance``: its bids, contras and
recontras at `basic`'s bars, made only when no bid was); its auction was the first to read
them so, and its card play keeps the priors of ``sampling.weight`` (``strong.PLAY_CALL_MODEL``).

A call that `basic` never makes (a raise over its partner's Coinche bid) says nothing here.

The seat's partner may be read at a bar of its own (``PARTNER_AT``: a French take, a Bela
naming), and ``partner_bot`` makes its calls at that bar in the auction's worlds.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Final

from belot.bots.base import Bot
from belot.bots.basic import (
    COINCHE_CAPOT,
    NAME_AT,
    TAKE_AT,
    BasicBot,
    bid_margin,
    coinche_estimate,
    coinche_margin,
    contra_margin,
    name_or_pass,
    recontra_margin,
    suit_strength,
    surcoinche_margin,
    take_or_pass,
)
from belot.bots.sampling import played_cards
from belot.engine.actions import CAPOT_LEVEL, Action, Call, CallKind
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.deal import Phase
from belot.engine.games import game_of
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView

__all__ = [
    "PARTNER_AT",
    "PARTNER_MODELLED",
    "SCALE",
    "CallModel",
    "before_each",
    "bulgarian_chance",
    "call_chances",
    "likelihood",
    "partner_bot",
]

#: Strength points (Bulgarian Belot, French Belote, Bela) or card points (Coinche) per unit of
#: the logistic. French Belote at 4, in an A/B test against 8 (seed 212, 1,091 deal pairs):
#: -0.47 ± 2.17 game points a deal, no gain (docs/bots/research.md, "The calls read more
#: sharply in French Belote").
SCALE: Final = {"bulgarian": 8.0, "french": 8.0, "bela": 8.0, "coinche": 8.0}
#: The strength at which the seat's partner is taken to take a French deal or name Bela's
#: trumps, by game (absent: `basic`'s own ``TAKE_AT`` and ``NAME_AT``, as for the other seats).
#: `strong` takes French Belote's turned suit from about 40 (half its first-round turns of
#: strength 36 to 47 took, where `basic` takes at 52: ``benchmarks/call_bars.py``), but read
#: and modelled so by its partner it lost -7.79 ± 5.84 game points a deal (A/B test, seed 165,
#: 242 deal pairs); read so but modelled as `basic` (``PARTNER_MODELLED`` off) +0.13 ± 2.53
#: (seed 185, 1,041 pairs). None is set.
PARTNER_AT: dict[str, int] = {}
#: Whether the auction's worlds also make the partner's calls at ``PARTNER_AT`` (``partner_bot``);
#: False: the partner is read at it but modelled as `basic`, to tell the two apart.
PARTNER_MODELLED = True
#: The lowest Coinche bid, and the highest below capot.
_LOWEST: Final = 80
_HIGHEST: Final = 160

Calls = Sequence[tuple[Seat, Call]]
Hands = Sequence[int]


class CallModel:
    """The model of the other seats' calls in one view, for many worlds: each seat's chance of
    its calls depends on its own hand alone, so it is worked out once a seat and hand."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.game = game_of(view.rules).name
        self._bars = bars_of(self.game, view.seat)
        self.seats = sorted({seat for seat, _ in view.calls if seat != view.seat})
        self._known: dict[int, float] = {}  # by hand and seat
        self._played = played_cards(view)  # each seat's cards played, the same in every world
        # Bulgarian Belot: each call with what stood before it (the bids so far copied).
        self._before = [
            (seat, call, current, holder, double, [list(b) for b in bids])
            for seat, call, current, holder, double, bids in before_each(view.calls)
        ]
        # French Belote and Bela: each seat's calls, each as its chance given the hand.
        self._each: list[list[Callable[[int], float]]] = [[], [], [], []]
        each_call = _each_call(self.game, view.calls, view.turned, view.dealer, None, self._bars)
        if each_call is not None:
            for (seat, _), each in zip(view.calls, each_call, strict=True):
                self._each[seat].append(each)

    def chance(self, seat: Seat, hand: int) -> float:
        """The chance that `basic` holding ``hand`` at the auction made ``seat``'s calls."""
        key = hand << 2 | seat
        known = self._known.get(key)
        if known is None:
            view = self.view
            known = 1.0
            if self._each[seat]:
                for each in self._each[seat]:
                    known *= each(hand)
            elif self.game == "bulgarian":
                for caller, call, current, holder, double, bids in self._before:
                    if caller == seat:
                        known *= bulgarian_chance(call, hand, current, holder, double, seat, bids)
            else:
                hands = [0, 0, 0, 0]
                hands[seat] = hand
                chances = call_chances(
                    view.rules,
                    view.calls,
                    hands,
                    view.turned,
                    view.dealer,
                    only=seat,
                    bars=self._bars,
                )
                for (caller, _), chance in zip(view.calls, chances, strict=True):
                    if caller == seat:
                        known *= chance
            self._known[key] = known
        return known

    def auction(self, hands: Hands) -> float:
        """How likely `basic`, holding ``hands`` (each seat's cards at the auction), would have
        made the calls the other seats made."""
        result = 1.0
        for seat in self.seats:
            result *= self.chance(seat, hands[seat])
        return result

    def dealt(self, held: Hands, rng: random.Random, draws: int = 4) -> float:
        """``auction`` for a world of the card play: ``held`` are the hands now, and with the
        cards each seat has played, the eight it was dealt. A Bulgarian or French Belote caller
        saw five of them at the auction (the French taker: five besides the turned card), a Bela
        caller six; which five or six no world says, so each seat's chance is averaged over
        ``draws`` random choices of them (an unbiased estimate of it, as each choice is as
        likely, and the seats' choices are apart)."""
        played = self._played
        if self.game == "coinche":
            return self.auction([held[s] | played[s] for s in range(4)])
        seen = 6 if self.game == "bela" else 5
        turned, taker = self.view.turned, self.view.taker
        result = 1.0
        for seat in self.seats:
            hand = held[seat] | played[seat]
            if turned is not None and seat == taker:
                hand &= ~turned.mask
            cards = [c for c in range(32) if hand >> c & 1]
            if len(cards) <= seen:
                result *= self.chance(seat, hand)
                continue
            # Which cards it did not see: one of the ways to leave out that many, at random.
            ways = _LEFT_OUT[len(cards), len(cards) - seen]
            total = 0.0
            for _ in range(draws):
                five = hand
                for i in ways[rng.randrange(len(ways))]:
                    five &= ~(1 << cards[i])
                total += self.chance(seat, five)
            result *= total / draws
        return result


#: By a caller's cards as dealt (the French taker's without the turned card) and how many of them
#: it did not see at the auction: each way to choose those, as positions among its cards
#: (``CallModel.dealt``).
_LEFT_OUT: Final = {
    (n, k): tuple(itertools.combinations(range(n), k)) for n in range(2, 9) for k in range(1, n)
}


def _partner_at(game: str) -> int | None:
    """The partner's own bar in ``game`` (``PARTNER_AT``; None: `basic`'s, or a game without
    such a bar)."""
    return PARTNER_AT.get(game) if game in ("french", "bela") else None


def bars_of(game: str, seat: Seat) -> tuple[int, int, int, int] | None:
    """Each seat's bar to take a French deal or name Bela's trumps, as ``seat`` reads them:
    `basic`'s, its partner's ``PARTNER_AT`` (None: `basic`'s for all, or not those games)."""
    at = _partner_at(game)
    if at is None:
        return None
    bars = [TAKE_AT if game == "french" else NAME_AT] * 4
    bars[seat.partner] = at
    return (bars[0], bars[1], bars[2], bars[3])


class _PartnerBot(BasicBot):
    """`basic`, but taking a French deal or naming Bela's trumps at its own bar."""

    def __init__(self, at: int) -> None:
        super().__init__()
        self.at = at

    def act(self, view: SeatView) -> Action:
        if view.phase is Phase.AUCTION and len(view.legal) > 1:
            if view.turned is not None:
                return take_or_pass(view, self.at)
            if view.rules.preset == "bela":
                return name_or_pass(view, self.at)
        return super().act(view)


def partner_bot(game: str) -> Bot | None:
    """The model of the seat's partner in the auction's worlds, when ``PARTNER_AT`` gives it a
    bar of its own in ``game`` (None: `basic`, as the others)."""
    at = _partner_at(game)
    return None if at is None or not PARTNER_MODELLED else _PartnerBot(at)


def likelihood(view: SeatView, hands: Hands) -> float:
    """``CallModel(view).auction(hands)``, for one world."""
    return CallModel(view).auction(hands)


def call_chances(
    rules: Rules,
    calls: Calls,
    hands: Hands,
    turned: Card | None = None,
    dealer: Seat = Seat.N,
    scale: float | None = None,
    only: Seat | None = None,
    bars: Sequence[int] | None = None,
) -> list[float]:
    """For each call of an auction (``calls``, in order), the chance that `basic` holding its
    seat's cards of ``hands`` would have made it after the calls before it; ``turned`` is French
    Belote's turned card, ``dealer`` Bela's dealer (forced to name after three passes). With
    ``only``, the other seats' calls are given 1.0. ``bars``: each seat's strength to take a
    French deal or name Bela's trumps (by default `basic`'s own)."""
    name = game_of(rules).name
    each_call = _each_call(name, calls, turned, dealer, scale, bars)
    if each_call is not None:
        return [
            1.0 if only is not None and seat != only else each(hands[seat])
            for (seat, _), each in zip(calls, each_call, strict=True)
        ]
    if name == "coinche":
        unit = SCALE["coinche"] if scale is None else scale
        return _coinche(calls, hands, rules.coinche_capot, unit, only)
    return [1.0] * len(calls)


def _each_call(
    game: str,
    calls: Calls,
    turned: Card | None,
    dealer: Seat,
    scale: float | None,
    bars: Sequence[int] | None,
) -> list[Callable[[int], float]] | None:
    """French Belote and Bela: for each call of ``calls``, its chance as a function of its
    caller's hand (``_french_call``, ``_bela_call``; ``scale`` by default the game's ``SCALE``,
    ``bars`` `basic`'s own); None in the other games, or without French Belote's turned card."""
    if game == "french" and turned is not None:
        unit = SCALE[game] if scale is None else scale
        at = bars or (TAKE_AT,) * 4
        return [
            partial(_french_call, n, call, turned, unit, at[seat])
            for n, (seat, call) in enumerate(calls)
        ]
    if game == "bela":
        unit = SCALE[game] if scale is None else scale
        at = bars or (NAME_AT,) * 4
        return [
            partial(_bela_call, call, forced, unit, at[seat])
            for (seat, call), forced in zip(calls, _bela_forced(calls, dealer), strict=True)
        ]
    return None


def _logistic(x: float, scale: float) -> float:
    if x < -40 * scale:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x / scale))


def _at_least(value: int, bar: int, scale: float) -> float:
    """The chance that ``value`` is taken to reach ``bar``."""
    return _logistic(value - bar + 0.5, scale)


def _best_of(strength: dict[int, int], chosen: int, scale: float) -> float:
    """The chance that ``chosen`` is taken for the strongest suit, ties going to the lowest."""
    result = 1.0
    for other, value in strength.items():
        if other != chosen:
            edge = 0.5 if other > chosen else -0.5
            result *= _logistic(strength[chosen] - value + edge, scale)
    return result


def _french_call(n: int, call: Call, turned: Card, scale: float, bar: int, hand: int) -> float:
    """French Belote: the chance of the auction's ``n``-th call by a seat holding ``hand``. A pass
    in the first round says the turned suit with the turned card is under the seat's ``bar``; in
    the second, that every other suit is; a take, that the suit taken is over it and the
    strongest of those the seat could take."""
    hand |= turned.mask
    suits = (turned.suit,) if n < 4 else _OTHER_SUITS[turned.suit]
    if call.kind is CallKind.PASS:
        best = max(suit_strength(hand, s) for s in suits)
        return 1.0 - _at_least(best, bar, scale)
    if call.contract is not None and int(call.contract) in suits:
        strength = {s: suit_strength(hand, s) for s in suits}
        taken = int(call.contract)
        return _at_least(strength[taken], bar, scale) * _best_of(strength, taken, scale)
    return 1.0


#: By suit, the suits but that one.
_OTHER_SUITS: Final = tuple(tuple(s for s in range(4) if s != suit) for suit in range(4))


def _bela_forced(calls: Calls, dealer: Seat) -> list[bool]:
    """Bela: whether each call was the dealer's, forced to name after three passes."""
    forced = []
    passes = 0
    for seat, call in calls:
        forced.append(seat == dealer and passes == 3)
        passes += call.kind is CallKind.PASS
    return forced


def _bela_call(call: Call, forced: bool, scale: float, bar: int, hand: int) -> float:
    """Bela: the chance of ``call`` by a seat holding ``hand``. A pass says every suit is under
    the seat's ``bar``; a naming, that the suit named is the strongest and over it (the dealer
    ``forced`` to name: only the strongest)."""
    if call.kind is CallKind.PASS:
        best = max(suit_strength(hand, s) for s in range(4))
        return 1.0 - _at_least(best, bar, scale)
    if call.contract is not None and call.contract.is_suit:
        strength = {s: suit_strength(hand, s) for s in range(4)}
        named = int(call.contract)
        chance = _best_of(strength, named, scale)
        if not forced:
            chance *= _at_least(strength[named], bar, scale)
        return chance
    return 1.0


def _coinche(
    calls: Calls, hands: Hands, capot_coinched: bool, scale: float, only: Seat | None
) -> list[float]:
    """Coinche, call by call as ``basic.coinche_call`` makes it: after a coinche of its side's
    bid, a surcoinche when ``surcoinche_margin`` reaches 0; against the other side's bid, a
    coinche when ``coinche_margin`` is over 0 (and a capot bid may be coinched); else its best
    suit bid at ``coinche_level`` if that is higher than the bid standing, else a pass. Over
    its partner's bid `basic` passes."""
    chances = []
    level = 0  # the bid standing
    suit = -1
    bidder: Seat | None = None
    coinched = False
    for seat, call in calls:
        kind = call.kind
        hand = hands[seat]
        ours = bidder is not None and bidder.team is seat.team
        chance = 1.0
        asked = only is None or seat == only
        if asked and coinched:
            if ours:
                chance = _at_least(surcoinche_margin(hand, suit, level), 0, scale)
                if kind is not CallKind.SURCOINCHE:
                    chance = 1.0 - chance
        elif asked and not ours:
            if bidder is not None and (level < CAPOT_LEVEL or capot_coinched):
                chance = _at_least(coinche_margin(hand, suit, level), 1, scale)
                if kind is not CallKind.COINCHE:
                    chance = 1.0 - chance
            if kind is not CallKind.COINCHE:
                chance *= _bid_or_pass(hand, call, level, scale)
        chances.append(chance)
        if kind is CallKind.BID and call.contract is not None:
            level, suit, bidder, coinched = call.level, int(call.contract), seat, False
        elif kind is CallKind.COINCHE:
            coinched = True
    return chances


def _bid_or_pass(hand: int, call: Call, standing: int, scale: float) -> float:
    """The chance of `basic`'s bid (``call``) or pass over the bid ``standing`` (0: none)."""
    estimates = {s: coinche_estimate(hand, s) for s in range(4)}
    if call.kind is CallKind.PASS:
        if standing >= CAPOT_LEVEL:
            return 1.0
        # It bids when its best estimate reaches the lowest bid it may make (over 160, capot).
        needed = COINCHE_CAPOT if standing >= _HIGHEST else max(_LOWEST, standing + 10)
        return 1.0 - _at_least(max(estimates.values()), needed, scale)
    if call.kind is not CallKind.BID or call.contract is None:
        return 1.0
    suit = int(call.contract)
    estimate = estimates[suit]
    chance = _best_of(estimates, suit, scale)
    if call.level >= CAPOT_LEVEL:
        return chance * _at_least(estimate, COINCHE_CAPOT, scale)
    # Its estimate lies in the bid's ten (at 160: up to the capot bar).
    top = COINCHE_CAPOT if call.level >= _HIGHEST else call.level + 10
    return chance * _at_least(estimate, call.level, scale) * (1.0 - _at_least(estimate, top, scale))


def before_each(
    calls: Calls,
) -> Iterator[tuple[Seat, Call, Contract | None, Seat | None, int, list[list[Contract]]]]:
    """Each call of a Bulgarian auction with what stood before it: the contract and the seat
    that bid it, the double (0, 1 for a contra, 2 for a recontra), and each seat's bids so far."""
    current: Contract | None = None
    holder: Seat | None = None
    double = 0
    bids: list[list[Contract]] = [[], [], [], []]
    for seat, call in calls:
        yield seat, call, current, holder, double, bids
        if call.kind is CallKind.BID and call.contract is not None:
            current, holder, double = call.contract, seat, 0
            bids[seat].append(call.contract)
        elif call.kind is CallKind.CONTRA:
            double = 1
        elif call.kind is CallKind.RECONTRA:
            double = 2


def bulgarian_chance(
    call: Call,
    hand: int,
    current: Contract | None,
    holder: Seat | None,
    double: int,
    seat: Seat,
    bids: list[list[Contract]],
) -> float:
    """The chance that `basic` holding the five cards ``hand`` makes ``call`` after the calls
    that ``before_each`` sums up: it bids if it can, else contras or recontras if it may and
    can, else passes (each bar softened by the logistic)."""
    scale = SCALE["bulgarian"]
    partner = bids[seat.partner]
    ours = holder is not None and holder.team is seat.team

    def margin(contract: Contract) -> float:
        return bid_margin(hand, contract, partner, ours)

    if call.kind is CallKind.BID:
        assert call.contract is not None
        return _logistic(margin(call.contract), scale)
    higher = [c for c in Contract if current is None or c > current]
    result = _logistic(-max(margin(c) for c in higher), scale) if higher else 1.0
    if current is None:
        return result
    may_contra = not ours and double == 0
    may_recontra = ours and double == 1
    if may_contra:
        contra = _logistic(contra_margin(hand, current, partner), scale)
        result *= contra if call.kind is CallKind.CONTRA else 1.0 - contra
    elif may_recontra:
        recontra = _logistic(recontra_margin(hand, current, holder == seat), scale)
        result *= recontra if call.kind is CallKind.RECONTRA else 1.0 - recontra
    return result
