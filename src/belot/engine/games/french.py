"""French Belote (RULES.md §4, seed 001): a turned card and take-or-pass in two rounds, forced
undertrump, one declaration comparison, made at equal points, dedans, capot 252, exact points to
1000."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from belot.engine.actions import Call, CallKind, LegalActions
from belot.engine.cards import Card, Suit
from belot.engine.contracts import Contract
from belot.engine.declarations import Declaration
from belot.engine.errors import InvalidActionError
from belot.engine.games.base import AuctionStep, Bidding, Game, is_among
from belot.engine.games.bulgarian import extras, valat_team
from belot.engine.scoring import LAST_TRICK, DealScore, Outcome
from belot.engine.table import OTHER_TEAM, TEAM_OF, Seat, Team

if TYPE_CHECKING:
    from belot.engine.deal import Deal

__all__ = [
    "CAPOT_POINTS",
    "DECK_POINTS",
    "French",
    "declaration_winner",
    "score_french",
    "single_best_scores",
]

DECK_POINTS: Final = 152 + LAST_TRICK
"""Card points of a deal with the dix de der: 162."""
CAPOT_POINTS: Final = 252
"""What a capot counts for its cards instead of 162 (the dix de der included)."""
_PASS: Final = Call.pass_()
_TAKES: Final = tuple(Call.bid(Contract.of_suit(suit)) for suit in Suit)
#: ``_ROUNDS[round two][turned suit]``: the legal calls, pass first.
_ROUNDS: Final = (
    tuple(LegalActions((_PASS, _TAKES[turned])) for turned in Suit),
    tuple(
        LegalActions((_PASS, *(take for suit, take in enumerate(_TAKES) if suit != turned)))
        for turned in Suit
    ),
)


def _key(declaration: Declaration, trump: Suit) -> tuple[int, int, int, int]:
    """Strength of one declaration: any four above any sequence; fours J 9 A 10 K Q; sequences
    by kind (a run of 6 or 7 is a quinte), then the top card, then a trump sequence first."""
    if declaration.is_four:
        return (2, declaration.four_key(), 0, 0)
    kind, top = declaration.sequence_key()
    return (1, kind, top, int(declaration.suit == trump))


def declaration_winner(
    announced: Sequence[Sequence[Declaration]], trump: Suit, order: Sequence[Seat]
) -> Team | None:
    """The team that holds the strongest single declaration of ``announced`` (per seat N E S W);
    a dead tie goes to the seat that plays earlier in the first trick (``order``)."""
    best: tuple[tuple[int, int, int, int], int] | None = None
    winner: Team | None = None
    for position, seat in enumerate(order):
        for declaration in announced[seat]:
            # Earlier seats win ties: a later seat needs a strictly stronger key.
            candidate = (_key(declaration, trump), -position)
            if best is None or candidate > best:
                best, winner = candidate, TEAM_OF[seat]
    return winner


def single_best_scores(
    deal: Deal, announced: Sequence[Sequence[Declaration]]
) -> tuple[list[Declaration], list[Declaration]]:
    """The declarations that score when the single strongest decides: every one of the team
    that holds it (French Belote, Coinche)."""
    scored: tuple[list[Declaration], list[Declaration]] = ([], [])
    ns = bool(announced[0]) or bool(announced[2])
    ew = bool(announced[1]) or bool(announced[3])
    if not ew:  # one team announced (or none): it holds the strongest, and scores all of it
        return ([*announced[0], *announced[2]], []) if ns else scored
    if not ns:
        return ([], [*announced[1], *announced[3]])
    contract = deal.contract
    assert contract is not None and contract.trump is not None
    order = [deal.first]
    for _ in range(3):
        order.append(deal.next_seat(order[-1]))
    winner = declaration_winner(announced, contract.trump, order)
    if winner is not None:
        for seat in winner.seats:
            scored[winner].extend(announced[seat])
    return scored


def score_french(
    takers: Team,
    cards: tuple[int, int],
    declarations: tuple[int, int],
    belote: tuple[int, int],
    capot: Team | None,
) -> DealScore:
    """Score a French deal. ``cards`` has the card points with the dix de der per team (NS, EW),
    ``declarations`` the points of the scored ones (one team's at most), ``belote`` 20 or 0,
    ``capot`` the team that took every trick."""
    points = list(cards)
    shown = list(declarations)
    if capot is not None:
        # 252 replaces 162; the swept team loses its declarations, keeps its belote.
        points[capot], points[OTHER_TEAM[capot]] = CAPOT_POINTS, 0
        shown[OTHER_TEAM[capot]] = 0
    raw = (points[0] + shown[0] + belote[0], points[1] + shown[1] + belote[1])
    defenders = OTHER_TEAM[takers]
    notes: tuple[str, ...] = ("capot",) if capot is not None else ()
    written = list(raw)
    if raw[takers] >= raw[defenders]:  # 81:81 is made (seed 001)
        outcome, winner = Outcome.MADE, takers
    else:  # dedans: the defenders write every card point and every declaration
        outcome, winner = Outcome.INSIDE, defenders
        written[takers] = belote[takers]
        written[defenders] = points[0] + points[1] + shown[0] + shown[1] + belote[defenders]
        notes = (*notes, "dedans")
    return DealScore(
        outcome,
        (raw[0], raw[1]),
        (written[0], written[1]),
        0,
        winner,
        capot,
        1,
        notes,
    )


class French(Game):
    name: ClassVar[str] = "french"
    turns_a_card: ClassVar[bool] = True

    # --- the deal's shape: the taker picks up the turned card and two more, the others three --

    def deal_rest(
        self,
        deck: tuple[int, ...],
        hands: tuple[int, int, int, int],
        first: Seat,
        after: tuple[Seat, ...],
        bidder: Seat,
    ) -> tuple[int, int, int, int]:
        out = list(hands)
        taker: int = bidder
        out[taker] |= 1 << deck[20]  # the turned card
        position = 21
        seat: int = first
        for _ in range(4):
            count = 2 if seat == taker else 3
            for index in range(position, position + count):  # by index: a slice is a tuple
                out[seat] |= 1 << deck[index]
            position += count
            seat = after[seat]
        return (out[0], out[1], out[2], out[3])

    def stack_deck(
        self,
        hands: Sequence[Sequence[Card]],
        first: Seat,
        after: Sequence[Seat],
        taker: Seat | None,
    ) -> list[Card]:
        """As the shared deal, with ``taker``'s sixth card turned and its last two after it."""
        if taker is None:
            raise InvalidActionError("a French deal is dealt for its taker: give taker=")
        dealt = super().stack_deck(hands, first, after, None)
        dealt[20] = hands[taker][5]
        position = 21
        seat = first
        for _ in range(4):
            rest = hands[seat][6:8] if seat == taker else hands[seat][5:8]
            dealt[position : position + len(rest)] = rest
            position += len(rest)
            seat = after[seat]
        return dealt

    # --- the auction: take or pass, twice --------------------------------------------------

    def legal_calls(self, deal: Deal, seat: Seat) -> LegalActions:
        turned = deal.turned_card
        assert turned is not None
        # Round one: the turned card's suit only; round two: any other suit.
        return _ROUNDS[deal.passes >= 4][turned.suit]

    def why_illegal(self, deal: Deal, seat: Seat, call: Call) -> str | None:
        if call is _PASS or is_among(call, self.legal_calls(deal, seat)):
            return None
        turned = deal.turned_card
        assert turned is not None
        if call.kind is not CallKind.BID:
            why = "French Belote has no contra or recontra"
        elif call.contract is None or not call.contract.is_suit:
            why = "French Belote has no no-trumps or all-trumps"
        elif deal.passes < 4:
            why = f"in round one only the turned suit, {turned.suit.name.lower()}, may be taken"
        else:
            why = f"{turned.suit.name.lower()} was passed in round one: name another suit"
        return f"{call} is not a legal call now ({why})"

    def after_call(self, deal: Deal, seat: Seat, call: Call) -> Bidding:
        passes = deal.passes
        if call.kind is CallKind.PASS:
            passes += 1
            step = AuctionStep.REDEAL if passes == 8 else AuctionStep.NEXT
            return (None, None, 1, passes, step)
        # The first to take ends the auction.
        return (call.contract, seat, 1, passes, AuctionStep.PLAY)

    # --- declarations: one comparison of the single strongest -------------------------------

    def scored_declarations(
        self, deal: Deal, announced: Sequence[Sequence[Declaration]]
    ) -> tuple[list[Declaration], list[Declaration]]:
        return single_best_scores(deal, announced)

    # --- the score: exact points ------------------------------------------------------------

    def score(self, deal: Deal, hanging: int) -> DealScore:
        bidder = deal.bidder
        assert bidder is not None
        declared, belote = extras(deal, deal.scored_declarations())
        return score_french(
            TEAM_OF[bidder],
            deal.card_points,
            declared,
            belote,
            valat_team(deal),
        )

    def match_winner(self, totals: tuple[int, int], last: DealScore, target: int) -> Team | None:
        return leader_at(totals, target)


def leader_at(totals: tuple[int, int], target: int) -> Team | None:
    """At the end of a hand, a team at ``target`` or more that leads (a capot too); tied:
    play on."""
    ns, ew = totals
    if max(ns, ew) < target or ns == ew:
        return None
    return Team.NS if ns > ew else Team.EW
