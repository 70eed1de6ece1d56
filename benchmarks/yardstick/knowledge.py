"""What one seat can infer from its view: cards gone, cards each other seat may still hold.

>>> from belot.engine import Deal, Seat, Cut
>>> deal = Deal.new(seed=3, dealer=Seat.N)
>>> deal.push(Cut(10))
>>> know = Knowledge.of(deal.view(Seat.W))
>>> know.unseen.bit_count()  # the cards W does not hold
27

Everything is a card-set int (bit ``suit * 8 + rank``, as in ``belot.engine.cards``). The
inferences come from the playing obligations of ``belot.engine.tricks.legal_mask``: a seat that
did not follow suit is void in it; in a suit contract a seat that neither followed nor trumped
while an opponent held the trick with a plain card has no trump; a seat that had to beat a card
and did not holds nothing above it; a card shown in an announced declaration or belot is held
until played. ``possible(seat)`` is the set every sampler of hidden hands must draw from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from belot.engine.actions import CallKind
from belot.engine.cards import SUIT_MASKS, Card, Rank
from belot.engine.contracts import Contract
from belot.engine.table import Seat
from belot.engine.tricks import ABOVE, CARD_POINTS, KEY, TRUMP_MASKS, winner_position
from belot.engine.view import SeatView

__all__ = ["Knowledge", "beats"]

_ALL: Final = (1 << 32) - 1
_KQ: Final = (1 << Rank.KING) | (1 << Rank.QUEEN)


def beats(trick: Sequence[int], card: int, contract: Contract) -> bool:
    """Whether ``card`` added to ``trick`` (card indices in play order) would hold the trick."""
    if not trick:
        return True
    return winner_position([*trick, card], contract) == len(trick)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The facts a seat can deduce from its ``SeatView`` (build with ``Knowledge.of(view)``)."""

    seat: Seat
    contract: Contract | None
    #: The seat that called the contract (None before any bid).
    bidder: Seat | None
    #: Seats in order of play, starting after ``seat``: next, partner's turn, the one before us.
    order: tuple[Seat, Seat, Seat]
    #: This seat's cards now.
    hand: int
    #: Every card played so far, the trick in progress included.
    played: int
    #: Cards neither held by this seat nor played: the other three hold them.
    unseen: int
    #: Per seat (N E S W), cards it is known not to hold (voids, cards it could not have ducked).
    excluded: tuple[int, int, int, int]
    #: Per seat, cards it is known to hold (shown in a declaration or a belot, not yet played).
    known: tuple[int, int, int, int]
    #: How many cards each seat holds now.
    hand_sizes: tuple[int, int, int, int]
    #: The trick in progress: (seat, card index) in play order.
    trick: tuple[tuple[Seat, int], ...]
    #: Contracts each seat bid, in auction order.
    bids: tuple[tuple[Contract, ...], ...]
    #: Seats that said contra or recontra.
    doublers: frozenset[Seat]

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        """Deduce what ``view.seat`` knows."""
        seat = view.seat
        step = view.rules.direction
        order = (Seat((seat + step) % 4), Seat((seat + 2 * step) % 4), Seat((seat + 3 * step) % 4))
        hand = 0
        for card in view.hand:
            hand |= card.mask
        played = 0
        for trick in view.tricks:
            for _, card in trick.plays:
                played |= card.mask
        unseen = _ALL & ~hand & ~played
        contract = view.contract
        excluded = [0, 0, 0, 0]
        if contract is not None:
            for trick in view.tricks:
                _infer(trick.plays, contract, excluded)
        known = [0, 0, 0, 0]
        for announcement in view.announcements:
            if announcement.declaration is not None:
                known[announcement.seat] |= announcement.declaration.cards
        for holder, suit in view.belots:
            known[holder] |= _KQ << (8 * suit)
        known = [k & unseen for k in known]
        known[seat] = hand
        excluded[seat] = _ALL & ~hand
        bids: list[list[Contract]] = [[], [], [], []]
        doublers = set()
        for caller, call in view.calls:
            if call.kind is CallKind.BID:
                assert call.contract is not None
                bids[caller].append(call.contract)
            elif call.kind is not CallKind.PASS:
                doublers.add(caller)
        current = view.current_trick
        return cls(
            seat=seat,
            contract=contract,
            bidder=view.bidder,
            order=order,
            hand=hand,
            played=played,
            unseen=unseen,
            excluded=(excluded[0], excluded[1], excluded[2], excluded[3]),
            known=(known[0], known[1], known[2], known[3]),
            hand_sizes=view.hand_sizes,
            trick=tuple((s, c.index) for s, c in current),
            bids=tuple(tuple(b) for b in bids),
            doublers=frozenset(doublers),
        )

    # --- who may hold what -----------------------------------------------------------------

    def possible(self, seat: Seat) -> int:
        """The cards ``seat`` may hold now."""
        if seat == self.seat:
            return self.hand
        others = 0
        for s in range(4):
            if s != seat:
                others |= self.known[s]
        return (self.unseen & ~self.excluded[seat] & ~others) | self.known[seat]

    def is_void(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` surely holds no card of ``suit``."""
        return not self.possible(seat) & SUIT_MASKS[suit]

    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def we_declare(self) -> bool:
        """Whether this seat's team called the contract."""
        return self.bidder is not None and self.bidder.team is self.seat.team

    @property
    def opponents(self) -> tuple[Seat, Seat]:
        return (self.order[0], self.order[2])

    @property
    def trumps(self) -> int:
        """The trump suit of a suit contract as a card set (0 otherwise)."""
        return 0 if self.contract is None else TRUMP_MASKS[self.contract]

    @property
    def trumps_out(self) -> int:
        """Trumps still held by the other three seats (suit contracts)."""
        return self.unseen & self.trumps

    def opponents_may_hold(self, cards: int) -> int:
        """The cards of ``cards`` an opponent may still hold."""
        return (self.possible(self.order[0]) | self.possible(self.order[2])) & cards

    # --- card strength ---------------------------------------------------------------------

    def is_master(self, card: int) -> bool:
        """Whether no card still out (in another hand) beats ``card`` within its suit."""
        assert self.contract is not None
        return not ABOVE[self.contract][card] & self.unseen

    def points(self, card: int) -> int:
        assert self.contract is not None
        return CARD_POINTS[self.contract][card]

    def key(self, card: int) -> int:
        """Trick strength of ``card`` (trumps of a suit contract above all plain cards)."""
        assert self.contract is not None
        return KEY[self.contract][card]

    # --- the trick in progress -------------------------------------------------------------

    @property
    def trick_cards(self) -> list[int]:
        return [card for _, card in self.trick]

    @property
    def trick_points(self) -> int:
        return sum(self.points(card) for _, card in self.trick)

    @property
    def winner(self) -> tuple[Seat, int] | None:
        """Who holds the trick in progress, with the card, or None before the lead."""
        if not self.trick:
            return None
        assert self.contract is not None
        return self.trick[winner_position(self.trick_cards, self.contract)]

    @property
    def partner_winning(self) -> bool:
        held = self.winner
        return held is not None and held[0] == self.partner

    @property
    def still_to_play(self) -> tuple[Seat, ...]:
        """The seats that play to the trick in progress after this seat."""
        return self.order[: 3 - len(self.trick)]

    def may_beat(self, seat: Seat, trick: Sequence[int]) -> bool:
        """Whether ``seat``, playing next on ``trick``, may hold a card that takes it over."""
        assert self.contract is not None
        possible = self.possible(seat)
        if not possible:
            return False
        led = SUIT_MASKS[trick[0] >> 3]
        follow = possible & led
        win = trick[winner_position(trick, self.contract)]
        if follow and ABOVE[self.contract][win] & follow:
            return True
        if self.contract.is_suit and not led & self.trumps:
            # Void in the led suit it may ruff (or over-ruff).
            if follow and self.known[seat] & led:
                return False
            trumps = possible & self.trumps
            if (1 << win) & self.trumps:
                return bool(trumps & ABOVE[self.contract][win])
            return bool(trumps)
        return False

    def sure_to_win(self, card: int) -> bool:
        """Whether ``card`` played now takes the trick whatever the opponents after us hold."""
        assert self.contract is not None
        cards = self.trick_cards
        if not beats(cards, card, self.contract):
            return False
        trick = [*cards, card]
        return all(
            not self.may_beat(seat, trick) for seat in self.still_to_play if seat != self.partner
        )

    def partner_sure(self) -> bool:
        """Whether the partner holds the trick and no opponent after us can take it over."""
        if not self.partner_winning:
            return False
        cards = self.trick_cards
        return all(
            not self.may_beat(seat, cards) for seat in self.still_to_play if seat != self.partner
        )


def _infer(plays: Sequence[tuple[Seat, Card]], contract: Contract, excluded: list[int]) -> None:
    """Add to ``excluded`` what the plays of one trick show (see the module docstring)."""
    cards: list[int] = []
    trumps = TRUMP_MASKS[contract]
    above = ABOVE[contract]
    for seat, played in plays:
        card = played.index
        if cards:
            led_suit = cards[0] >> 3
            led = SUIT_MASKS[led_suit]
            win_pos = winner_position(cards, contract)
            win = cards[win_pos]
            follows = (1 << card) & led
            if not follows:
                excluded[seat] |= led
            if contract == Contract.NO_TRUMPS:
                pass
            elif contract == Contract.ALL_TRUMPS or led & trumps:
                # Must beat the best card of the suit led if possible (over partner too).
                if follows and not (1 << card) & above[win]:
                    excluded[seat] |= above[win]
            elif not follows and len(cards) - win_pos != 2:
                # Plain suit led, void, an opponent holds the trick: trump, or over-trump.
                if (1 << win) & trumps:
                    if not (1 << card) & above[win]:
                        excluded[seat] |= above[win]
                elif not (1 << card) & trumps:
                    excluded[seat] |= trumps
        cards.append(card)
