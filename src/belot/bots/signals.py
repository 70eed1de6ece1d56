"""A signal between two `strong` partners: which of its small cards a seat plays, and its reading.

A seat often holds two or more cards of a suit that count no points (a plain 7, 8 or 9; a trump 7
or 8) and that the search values the same: which of them it plays changes nothing of the deal,
so it may say something. The convention: of such cards, a seat plays its highest when it holds
the suit's master (the best card of the suit not yet played), its lowest when it does not. And,
with ``discards``, a seat that discards (follows neither the suit led nor with a trump) does so
from a suit whose master it does not hold, when such a discard is valued level with the best.

``signalled`` is the signaller's side: of the legal small cards of one suit that the search
values within a margin of the best, the one the convention plays. ``SignalReading`` is the
partner's: a dealt world in which the partner, holding that world's cards, had a choice of small
cards and did not play the one the convention names weighs ``miss`` times as much (not nothing:
a seat plays its best card where its choices are not level, whatever the convention says); so
does a world in which the partner discarded from a suit whose master it held while it could
have discarded from one whose master it did not.

Only a seat that knows its partner plays so may read it (a human partner does not): the
convention is a setting of `strong` (``strong.SIGNALS``), not of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from belot.engine.contracts import Contract
from belot.engine.games import game_of
from belot.engine.tricks import CARD_POINTS, KEY, SUIT_OF, TRUMP_MASKS
from belot.engine.view import SeatView

__all__ = ["SignalReading", "discard_cards", "holds_master", "signalled", "small_cards"]


def small_cards(contract: Contract) -> int:
    """The cards that count no points in ``contract``, as a card set."""
    points = CARD_POINTS[contract]
    return sum(1 << card for card in range(32) if points[card] == 0)


def holds_master(hand: int, gone: int, contract: Contract, card: int) -> bool:
    """Whether ``hand`` holds the best card of ``card``'s suit not in ``gone`` (the cards
    played before)."""
    key = KEY[contract]
    out = SUIT_OF[card] & ~gone
    master = max((c for c in range(32) if out >> c & 1), key=key.__getitem__)
    return bool(hand >> master & 1)


def discard_cards(legal: int, trick: tuple[int, ...], contract: Contract) -> int:
    """The cards of ``legal`` that would be discards on ``trick`` (cards in play order): of
    neither the suit led nor trumps; none on a lead."""
    if not trick:
        return 0
    return legal & ~SUIT_OF[trick[0]] & ~TRUMP_MASKS[contract]


def signalled(hand: int, gone: int, contract: Contract, choices: list[int]) -> int:
    """Of ``choices`` (small cards of one suit in ``hand``), the one the convention plays: the
    highest when ``hand`` holds the best card of the suit not in ``gone`` (the cards played
    before), the lowest when it does not."""
    pick = max if holds_master(hand, gone, contract, choices[0]) else min
    return pick(choices, key=KEY[contract].__getitem__)


@dataclass(frozen=True, slots=True)
class _Signal:
    """One small card or discard of the partner's, with the trick and the cards gone then."""

    card: int
    #: The cards the partner played from this one on: its hand then was its hand now and these.
    since: int
    #: The cards on the trick before this one, in play order.
    trick: tuple[int, ...]
    #: Every card played before this one.
    gone: int


class SignalReading:
    """The weight of a dealt world by the partner's small cards (see the module docstring).

    >>> from belot.engine import Deal, Seat, Cut
    >>> deal = Deal.new(seed=3, dealer=Seat.N)
    >>> deal.push(Cut(10))
    >>> SignalReading(deal.view(Seat.S), miss=0.3).signals  # nothing played yet
    0
    """

    def __init__(self, view: SeatView, miss: float, *, discards: bool = False) -> None:
        self.miss = miss
        self._discards = discards
        self._rule, self._option = game_of(view.rules).obligations(view.rules)
        self._contract = view.contract
        self._partner = view.seat.partner
        self._signals: list[_Signal] = []
        self._seen: dict[tuple[int, int], bool] = {}
        if view.contract is None:
            return
        self._small = small_cards(view.contract)
        history = [(seat, card.index) for trick in view.tricks for seat, card in trick.plays]
        since = 0
        signals: list[_Signal] = []
        for n in range(len(history) - 1, -1, -1):
            seat, card = history[n]
            if seat != self._partner:
                continue
            since |= 1 << card
            t = n // 4
            trick = tuple(c for _, c in history[4 * t : n])
            discard = bool(discard_cards(1 << card, trick, view.contract))
            if not self._small >> card & 1 and not (discard and self._discards):
                continue
            gone = 0
            for _, c in history[:n]:
                gone |= 1 << c
            signals.append(_Signal(card, since, trick, gone))
        signals.reverse()
        self._signals = signals

    @property
    def signals(self) -> int:
        """How many of the partner's small cards and discards the reading weighs."""
        return len(self._signals)

    def weight(self, hands: tuple[int, int, int, int]) -> float:
        """``miss`` to the power of the partner's small cards and discards that, holding
        ``hands`` (each seat's cards now), it would not have played by the convention."""
        result = 1.0
        for i, signal in enumerate(self._signals):
            hand = hands[self._partner] | signal.since
            key = (i, hand)
            agrees = self._seen.get(key)
            if agrees is None:
                agrees = self._seen[key] = self._agrees(signal, hand)
            if not agrees:
                result *= self.miss
        return result

    def _agrees(self, signal: _Signal, hand: int) -> bool:
        """Whether the convention, holding ``hand``, plays ``signal.card``."""
        contract = self._contract
        assert contract is not None
        legal = self._rule(hand, signal.trick, contract, self._option)
        if self._discards:
            others = discard_cards(legal, signal.trick, contract)
            if others >> signal.card & 1 and holds_master(hand, signal.gone, contract, signal.card):
                free = (c for c in range(32) if others >> c & 1)
                if any(not holds_master(hand, signal.gone, contract, c) for c in free):
                    return False  # it could have discarded from a suit it was not master of
        if not self._small >> signal.card & 1:
            return True
        choices = legal & self._small & SUIT_OF[signal.card]
        if choices & (choices - 1) == 0:
            return True  # no choice of small cards
        cards = [c for c in range(32) if choices >> c & 1]
        return signalled(hand, signal.gone, contract, cards) == signal.card
