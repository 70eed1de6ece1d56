"""What one seat can infer from its view: cards gone, cards each other seat may still hold.

>>> from belot.engine import Deal, Seat, Cut
>>> deal = Deal.new(seed=3, dealer=Seat.N)
>>> deal.push(Cut(10))
>>> know = Knowledge.of(deal.view(Seat.W))
>>> know.unseen.bit_count()  # the cards W does not hold
27

Everything is a card-set int (bit ``suit * 8 + rank``, as in ``belot.engine.cards``). The
inferences come from the playing obligations of the deal's own game
(``game_of(rules).obligations``: Bulgarian suit play, French Belote's and Coinche's forced
undertrump, Bela's beating in every suit): a card played rules out every card whose presence in
the hand would have made that play illegal (``ruled_out``), so a seat that did not follow suit is
void in it, one that neither followed nor trumped when it had to has no trump, one that had to
beat a card and did not holds nothing above it. A card shown in an announced declaration or
belot is held until played, and so is French Belote's turned card by its taker (while it lies on
the table, nobody holds it). ``possible(seat)`` is the set every sampler of hidden hands must
draw from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from belot.engine.actions import CallKind
from belot.engine.cards import SUIT_MASKS, Rank, mask_of
from belot.engine.contracts import Contract
from belot.engine.games import game_of
from belot.engine.games.base import Obligations
from belot.engine.table import Seat
from belot.engine.tricks import ABOVE, CARD_POINTS, KEY, TRUMP_MASKS, winner_position
from belot.engine.view import SeatView

__all__ = ["Knowledge", "beats", "excluded_by_plays", "ruled_out", "unseen_of"]

_ALL: Final = (1 << 32) - 1
_KQ: Final = (1 << Rank.KING) | (1 << Rank.QUEEN)


def beats(trick: Sequence[int], card: int, contract: Contract) -> bool:
    """Whether ``card`` added to ``trick`` (card indices in play order) would hold the trick."""
    if not trick:
        return True
    return winner_position([*trick, card], contract) == len(trick)


@lru_cache(maxsize=1 << 16)
def ruled_out(
    trick: tuple[int, ...], card: int, contract: int, rule: Obligations, option: Any
) -> int:
    """The cards whose presence in the hand would have made ``card`` illegal on ``trick`` (the
    cards before it, in play order) under the obligations ``rule`` with ``option``.

    One card is enough to witness every obligation of the family (follow, beat, trump,
    overtrump, undertrump: each asks whether the hand holds some card of a set), so testing the
    played card against each other card alone gives all that the play shows.
    """
    if not trick:
        return 0
    bit = 1 << card
    out = 0
    for other in range(32):
        if other != card:
            pair = bit | 1 << other
            if not rule(pair, trick, contract, option) & bit:
                out |= 1 << other
    return out


def excluded_by_plays(view: SeatView, contract: Contract) -> list[int]:
    """Per seat (N E S W), the cards its plays so far show it does not hold (``ruled_out`` for
    every card of the view's tricks, under the view's game's obligations). Cards already played
    or held by the viewer may be among them: intersect with what is unseen."""
    rule, option = game_of(view.rules).obligations(view.rules)
    excluded = [0, 0, 0, 0]
    for trick in view.tricks:
        cards: list[int] = []
        for seat, played in trick.plays:
            if cards:
                excluded[seat] |= ruled_out(tuple(cards), played.index, contract, rule, option)
            cards.append(played.index)
    return excluded


def unseen_of(view: SeatView) -> int:
    """The cards ``view.seat`` has not seen: neither in its hand, nor played, nor turned face
    up on the table (French Belote's card before anybody takes it)."""
    seen = mask_of(view.hand) | mask_of(view.played_cards)
    if view.turned is not None and view.taker is None:
        seen |= view.turned.mask
    return _ALL & ~seen


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
    #: The game (``Rules.preset``: bulgarian, french, coinche, bela).
    game: str = "bulgarian"

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        """Deduce what ``view.seat`` knows."""
        seat = view.seat
        step = view.rules.direction
        order = (Seat((seat + step) % 4), Seat((seat + 2 * step) % 4), Seat((seat + 3 * step) % 4))
        hand = mask_of(view.hand)
        played = 0
        for trick in view.tricks:
            for _, card in trick.plays:
                played |= card.mask
        unseen = unseen_of(view)
        contract = view.contract
        excluded = [0, 0, 0, 0] if contract is None else excluded_by_plays(view, contract)
        known = [0, 0, 0, 0]
        for announcement in view.announcements:
            if announcement.declaration is not None:
                known[announcement.seat] |= announcement.declaration.cards
        for holder, suit in view.belots:
            known[holder] |= _KQ << (8 * suit)
        if view.turned is not None and view.bidder is not None:  # the taker picked it up
            known[view.bidder] |= view.turned.mask
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
            game=view.rules.preset,
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
