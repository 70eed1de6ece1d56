"""A signal between two `strong` partners: the suit a seat leads or discards from is its longest.

What a seat's partner holds is most of what it does not know, and the most of that is worth
knowing is the partner's shape: how many cards of each suit it holds (docs/bots/research.md,
"Which part of the partner's hand is worth it"). `strong`'s leads and discards say next to
nothing of it. So a convention: when the search values several leads or discards of plain suits
(not trumps) within a margin of the best, the seat plays from the suit of which it holds the
most cards. A lead is the first card of a trick; a discard follows neither the suit led nor with
a trump.

``longest`` is the signaller's side: of the cards it may choose among, those of its longest
suits. ``SignalReading`` is the partner's: a dealt world in which the partner, holding that
world's cards, led or discarded from a plain suit while it could have played from a longer one
weighs ``miss`` times as much (not nothing: a seat plays its best card where its choices are not
level, whatever the convention says).

Only a seat that knows its partner plays so may read it (a human partner does not): the
convention is a setting of `strong` (``strong.SIGNALS``), not of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from belot.engine.cards import SUIT_MASKS
from belot.engine.contracts import Contract
from belot.engine.games import game_of
from belot.engine.tricks import SUIT_OF, TRUMP_MASKS
from belot.engine.view import SeatView

__all__ = ["SignalReading", "longest", "plain_choices"]


def plain_choices(cards: int, trick: tuple[int, ...], contract: Contract) -> int:
    """The cards of ``cards`` that would be a lead or a discard of a plain suit on ``trick``
    (the cards on it, in play order): on a lead, those not trumps; else those of neither the
    suit led nor trumps."""
    plain = cards & ~TRUMP_MASKS[contract]
    return plain & ~SUIT_OF[trick[0]] if trick else plain


def longest(hand: int, cards: int) -> int:
    """The cards of ``cards`` in the suits of theirs of which ``hand`` holds the most."""
    lengths = [(hand & suit).bit_count() if cards & suit else -1 for suit in SUIT_MASKS]
    most = max(lengths)
    return sum(cards & suit for suit, n in zip(SUIT_MASKS, lengths, strict=True) if n == most)


@dataclass(frozen=True, slots=True)
class _Signal:
    """One lead or discard of a plain suit by the partner, with the trick it was played on."""

    card: int
    #: The cards the partner played from this one on: its hand then was its hand now and these.
    since: int
    #: The cards on the trick before this one, in play order.
    trick: tuple[int, ...]


class SignalReading:
    """The weight of a dealt world by the partner's leads and discards (see the module docstring).

    >>> from belot.engine import Deal, Seat, Cut
    >>> deal = Deal.new(seed=3, dealer=Seat.N)
    >>> deal.push(Cut(10))
    >>> SignalReading(deal.view(Seat.S), miss=0.3).signals  # nothing played yet
    0
    """

    def __init__(
        self, view: SeatView, miss: float, *, leads: bool = True, discards: bool = True
    ) -> None:
        self.miss = miss
        self._rule, self._option = game_of(view.rules).obligations(view.rules)
        self._contract = view.contract
        self._partner = view.seat.partner
        self._signals: list[_Signal] = []
        if view.contract is None:
            return
        history = [(seat, card.index) for trick in view.tricks for seat, card in trick.plays]
        since = 0
        signals: list[_Signal] = []
        for n in range(len(history) - 1, -1, -1):
            seat, card = history[n]
            if seat != self._partner:
                continue
            since |= 1 << card
            trick = tuple(c for _, c in history[4 * (n // 4) : n])
            if not (leads if not trick else discards):
                continue
            if plain_choices(1 << card, trick, view.contract):
                signals.append(_Signal(card, since, trick))
        signals.reverse()
        self._signals = signals

    @property
    def signals(self) -> int:
        """How many of the partner's leads and discards the reading weighs."""
        return len(self._signals)

    def weight(self, hands: tuple[int, int, int, int]) -> float:
        """``miss`` to the power of the partner's leads and discards that, holding ``hands``
        (each seat's cards now), were not from its longest suit of those it could play."""
        partner = hands[self._partner]
        result = 1.0
        for signal in self._signals:
            if not self._agrees(signal, partner | signal.since):
                result *= self.miss
        return result

    def _agrees(self, signal: _Signal, hand: int) -> bool:
        """Whether, holding ``hand``, ``signal.card`` was of a longest suit the seat could lead
        or discard from."""
        contract = self._contract
        assert contract is not None
        legal = self._rule(hand, signal.trick, contract, self._option)
        free = plain_choices(legal, signal.trick, contract)
        return bool(longest(hand, free) >> signal.card & 1)
