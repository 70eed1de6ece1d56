"""What a game of the Belot family decides its own way, and the parts most of them share.

A ``Deal`` is one machine for every game: cut, deal, auction, play, score, with ``push``, ``pop``,
``legal_actions``, views and records. At the few steps where the games differ it asks its
``Game``: how the cards are dealt, which calls are legal and what a call does, which declarations
score, what the deal writes and when a match is over. The play obligations are table-driven in
``tricks`` and read one option (``forced_undertrump``), unless a game gives its own
(``obligations``: Bela's ``bela_legal_mask``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from belot.engine.actions import Call, LegalActions
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.declarations import Declaration
from belot.engine.rules import Rules
from belot.engine.scoring import DealScore
from belot.engine.sheet import match_winner
from belot.engine.table import Seat, Team
from belot.engine.tricks import ContractObligations, legal_mask, obliged, obliged_under

if TYPE_CHECKING:
    from belot.engine.deal import Deal

__all__ = ["AuctionStep", "Bidding", "Game", "HeldObligations", "Obligations", "is_among"]

Hands = tuple[int, int, int, int]
_BIT: Final = tuple(1 << card for card in range(32))


def _of_seat(seat: int, s0: int, s1: int, s2: int, c0: int, c1: int, c2: int, c3: int) -> int:
    """The cards of ``seat``, given the cards ``c0``..``c3`` dealt to the seats ``s0``, ``s1``,
    ``s2`` and the fourth, in dealing order (a native call, where a list of hands by seat
    would box every int)."""
    return c0 if seat == s0 else c1 if seat == s1 else c2 if seat == s2 else c3


def _added(hands: tuple[int, int, int, int], dealt: tuple[int, int, int, int]) -> Hands:
    """Each seat's hand with the cards just dealt to it."""
    h0, h1, h2, h3 = hands
    d0, d1, d2, d3 = dealt
    return (h0 | d0, h1 | d1, h2 | d2, h3 | d3)


def _in_seat_order(
    first: Seat, after: tuple[Seat, ...], c0: int, c1: int, c2: int, c3: int
) -> tuple[int, int, int, int]:
    """The cards ``c0``..``c3`` dealt to ``first`` and the seats after it, in dealing order, as
    hands by seat (N, E, S, W); native ints throughout (a tuple of four ints is unboxed)."""
    s0: int = first
    s1: int = after[s0]
    s2: int = after[s1]
    return (
        _of_seat(0, s0, s1, s2, c0, c1, c2, c3),
        _of_seat(1, s0, s1, s2, c0, c1, c2, c3),
        _of_seat(2, s0, s1, s2, c0, c1, c2, c3),
        _of_seat(3, s0, s1, s2, c0, c1, c2, c3),
    )


#: ``(hand, trick, contract, option) -> legal cards``, as ``tricks.legal_mask``.
Obligations = Callable[[int, Sequence[int], int, Any], int]
#: The same rule told who holds the trick: ``(hand, lead, win, partner_holds, contract,
#: option) -> legal cards`` on a trick begun by the card ``lead`` and held by ``win``, as
#: ``tricks.obliged`` (``Deal`` keeps the holder as cards are played).
HeldObligations = Callable[[int, int, int, bool, int, Any], int]


class HeldUnder(ContractObligations):
    """A game's ``HeldObligations`` with the contract and the option fixed."""

    def __init__(self, held: HeldObligations, contract: int, option: Any) -> None:
        self.held = held
        self.contract = contract
        self.option = option

    def legal(self, hand: int, lead: int, win: int, partner_holds: bool) -> int:
        return self.held(hand, lead, win, partner_holds, self.contract, self.option)


class AuctionStep(Enum):
    """What follows a call: the next seat speaks (or the caller's partner: Coinche after a
    coinche), the cards are played, or nobody took."""

    NEXT = "next"
    PARTNER = "partner"
    PLAY = "play"
    REDEAL = "redeal"


#: The auction's state after a call: contract, the seat that called it, double (1, 2, 4),
#: passes in a row, and what follows.
Bidding = tuple[Contract | None, Seat | None, int, int, AuctionStep]


def is_among(action: object, actions: Iterable[object]) -> bool:
    """Whether ``action`` is one of ``actions``: by identity first, then by equality. The
    engine offers canonical objects, and ``in`` would call a dataclass's ``__eq__`` (which runs
    in the interpreter) on every action before the one asked about."""
    offered: tuple[object, ...] = actions if isinstance(actions, tuple) else tuple(actions)
    for candidate in offered:
        if candidate is action:
            return True
    return action in offered


class Game:
    """One game of the family; subclasses override only what their rules change."""

    name: ClassVar[str]
    #: The ``Rules`` options this game reads (any other is refused for its preset).
    options: ClassVar[frozenset[str]]
    #: Whether a card is turned face up after the first packets (French Belote).
    turns_a_card: ClassVar[bool] = False
    #: Whether the holder of K+Q of trumps may keep the belot silent when playing the first of
    #: the two (Bela, RULES.md §6): ``Deal.legal_actions()`` then offers that card twice, as
    #: ``Play(card)`` (announced) and ``Play(card, silent=True)``. Elsewhere it is announced.
    bela_optional: ClassVar[bool] = False

    # --- the deal's shape ---------------------------------------------------------------------

    def deal_first(self, deck: tuple[int, ...], first: Seat, after: tuple[Seat, ...]) -> Hands:
        """The cards dealt before the auction: 3 each, then 2 each, from ``first``.

        ``deck`` is the card indices after the cut, top first; ``after[s]`` the seat after ``s``.
        """
        bit = _BIT
        # Native ints throughout: the four hands in dealing order, then put in seat order.
        c0 = bit[deck[0]] | bit[deck[1]] | bit[deck[2]] | bit[deck[12]] | bit[deck[13]]
        c1 = bit[deck[3]] | bit[deck[4]] | bit[deck[5]] | bit[deck[14]] | bit[deck[15]]
        c2 = bit[deck[6]] | bit[deck[7]] | bit[deck[8]] | bit[deck[16]] | bit[deck[17]]
        c3 = bit[deck[9]] | bit[deck[10]] | bit[deck[11]] | bit[deck[18]] | bit[deck[19]]
        return _in_seat_order(first, after, c0, c1, c2, c3)

    def deal_rest(
        self,
        deck: tuple[int, ...],
        hands: Hands,
        first: Seat,
        after: tuple[Seat, ...],
        bidder: Seat,
    ) -> Hands:
        """The hands once the auction is over: 3 more each from the 21st card, from ``first``."""
        bit = _BIT
        c0 = bit[deck[20]] | bit[deck[21]] | bit[deck[22]]
        c1 = bit[deck[23]] | bit[deck[24]] | bit[deck[25]]
        c2 = bit[deck[26]] | bit[deck[27]] | bit[deck[28]]
        c3 = bit[deck[29]] | bit[deck[30]] | bit[deck[31]]
        return _added(hands, _in_seat_order(first, after, c0, c1, c2, c3))

    def stack_deck(
        self,
        hands: Sequence[Sequence[Card]],
        first: Seat,
        after: Sequence[Seat],
        taker: Seat | None,
    ) -> list[Card]:
        """The deck (after the cut) that deals ``hands`` (N E S W, eight cards each): the first
        five before the auction, the last three after it."""
        dealt: list[Card] = [hands[0][0]] * 32
        seat = first
        for i in range(4):
            hand = hands[seat]
            dealt[3 * i : 3 * i + 3] = hand[0:3]
            dealt[12 + 2 * i : 14 + 2 * i] = hand[3:5]
            dealt[20 + 3 * i : 23 + 3 * i] = hand[5:8]
            seat = after[seat]
        return dealt

    # --- the auction --------------------------------------------------------------------------

    def legal_calls(self, deal: Deal, seat: Seat) -> Iterable[Call] | LegalActions:
        """Every call ``seat`` may make now, pass first (a ``LegalActions`` is offered as it
        is: a game may keep one per auction state)."""
        raise NotImplementedError

    def why_illegal(self, deal: Deal, seat: Seat, call: Call) -> str | None:
        """None when ``call`` is legal for ``seat`` now, else why not (one line)."""
        if is_among(call, self.legal_calls(deal, seat)):
            return None
        return f"{call} is not a legal call now"

    def after_call(self, deal: Deal, seat: Seat, call: Call) -> Bidding:
        """The auction's state once ``seat`` has made the legal ``call``."""
        raise NotImplementedError

    # --- the play -------------------------------------------------------------------------------

    def obligations(self, rules: Rules) -> tuple[Obligations, Any]:
        """The function that gives a hand's legal cards on a trick, and the option it reads:
        ``tricks.legal_mask`` with ``forced_undertrump`` unless the game has its own."""
        return legal_mask, rules.forced_undertrump

    def held_obligations(self, rules: Rules) -> tuple[HeldObligations, Any]:
        """``obligations`` told who holds the trick (the form ``Deal`` asks): the same rule,
        which tests check on every position."""
        return obliged, rules.forced_undertrump

    def contract_obligations(self, rules: Rules, contract: Contract) -> ContractObligations:
        """``held_obligations`` for one contract: ``(hand, lead, win, partner_holds) -> legal
        cards``, which ``Deal`` asks on every card of the play."""
        held, option = self.held_obligations(rules)
        if held is obliged:
            return obliged_under(contract, option)
        return HeldUnder(held, contract, option)

    # --- declarations -------------------------------------------------------------------------

    def announcement_choices(
        self, rules: Rules
    ) -> Callable[[int], list[tuple[Declaration, ...]]] | None:
        """What a hand may announce, if the game decides it its own way (None: a card counts
        in one declaration only, as ``declarations.announcement_choices`` says)."""
        return None

    def declares(self, contract: Contract) -> bool:
        """Whether sequences and fours are announced under ``contract``."""
        return contract != Contract.NO_TRUMPS

    def scored_declarations(
        self, deal: Deal, announced: Sequence[Sequence[Declaration]]
    ) -> tuple[list[Declaration], list[Declaration]]:
        """Which of the seats' announced declarations (N E S W) score, per team (NS, EW)."""
        raise NotImplementedError

    # --- the score and the end of a match -----------------------------------------------------

    def score(self, deal: Deal, hanging: int) -> DealScore:
        """What the finished ``deal`` writes, with ``hanging`` points carried in."""
        raise NotImplementedError

    def match_winner(self, totals: tuple[int, int], last: DealScore, target: int) -> Team | None:
        """The team that has won the match once ``last`` left the sheet at ``totals``."""
        return match_winner(totals, last, target)
