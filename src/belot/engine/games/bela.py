"""Bela (RULES.md §6, seed 004; where they are silent, the published rules of Croatian Bela):
six cards and two hidden (the talon), one round of naming trumps with the dealer forced to name,
beating the trick in every suit, each side's best declaration compared, the callers pass only
with more points, stiglja +90, exact points to 1001, a belot of eight cards wins the match."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar, Final

from belot.engine.actions import Call, CallKind, LegalActions
from belot.engine.cards import SUIT_MASKS, Card, Suit
from belot.engine.contracts import Contract
from belot.engine.declarations import FOUR_POINTS, Declaration, _sequences, _value
from belot.engine.games.base import (
    _BIT,
    AuctionStep,
    Bidding,
    Game,
    Hands,
    HeldObligations,
    Obligations,
    _added,
    _in_seat_order,
    is_among,
)
from belot.engine.games.bulgarian import BELOT_POINTS, extras, valat_team
from belot.engine.rules import Rules
from belot.engine.scoring import VALAT_BONUS, DealScore, Outcome
from belot.engine.table import OTHER_TEAM, TEAM_OF, Seat, Team
from belot.engine.tricks import BEATS, SUIT_OF, TRUMP_MASKS, ContractObligations

if TYPE_CHECKING:
    from belot.engine.deal import Deal

__all__ = [
    "STIGLJA_BONUS",
    "Bela",
    "bela_legal_mask",
    "bela_obliged",
    "bela_under",
    "choices_sharing_cards",
    "declaration_winner",
    "score_bela",
]

STIGLJA_BONUS: Final = VALAT_BONUS
"""What taking every trick (stiglja) adds: 90."""
BELA_POINTS: Final = BELOT_POINTS
"""The king and queen of trumps in one hand (bela): 20."""
_PASS: Final = Call.pass_()
_NAMES: Final = tuple(Call.bid(Contract.of_suit(suit)) for suit in Suit)
_NAMING: Final = LegalActions((_PASS, *_NAMES))
_FORCED: Final = LegalActions(_NAMES)
_SEATS: Final = tuple(Seat)
_NEXT: Final = AuctionStep.NEXT
_PASS_KIND: Final = CallKind.PASS
_PLAY: Final = AuctionStep.PLAY


def bela_legal_mask(hand: int, trick: Sequence[int], contract: int, option: Any) -> int:
    """The cards of ``hand`` that may be played on ``trick`` under Bela's obligations;
    ``option`` is ``(beat_in_plain_suit, partner_exception)``."""
    if not trick:
        return hand
    beats = BEATS[contract]
    win, best = trick[0], 0
    for position in range(1, len(trick)):
        card = trick[position]
        if beats[win] >> card & 1:
            best, win = position, card
    return bela_obliged(hand, trick[0], win, len(trick) - best == 2, contract, option)


def bela_obliged(
    hand: int, lead: int, win: int, partner_holds: bool, contract: int, option: Any
) -> int:
    """``bela_legal_mask`` on a trick led by ``lead`` and held by ``win`` (``partner_holds``:
    by the player's partner), as ``Deal`` asks it (bound to its contract: ``bela_under``)."""
    return bela_under(contract, option)(hand, lead, win, partner_holds)


_UNDER: dict[tuple[int, Any], ContractObligations] = {}


def bela_under(contract: int, option: Any) -> ContractObligations:
    """``bela_obliged`` for one contract and ``option``, its tables bound once."""
    key = (contract, option)
    bound = _UNDER.get(key)
    if bound is None:
        bound = _UNDER[key] = _bind(int(contract), option)
    return bound


def _bind(contract: int, option: Any) -> ContractObligations:
    beat_plain, partner_free = option
    if beat_plain and not partner_free:  # the default rules: the same, with less to ask
        return _BelaDefault(contract)
    return _Bela(contract, bool(beat_plain), bool(partner_free))


class _BelaDefault(ContractObligations):
    def __init__(self, contract: int) -> None:
        self.beats: tuple[int, ...] = BEATS[contract]
        self.trumps_mask = TRUMP_MASKS[contract]

    def legal(self, hand: int, lead: int, win: int, partner_holds: bool) -> int:
        trumps_mask = self.trumps_mask
        follow = hand & SUIT_OF[lead]
        if follow:
            if trumps_mask >> win & 1 and not trumps_mask >> lead & 1:  # already trumped
                return follow
            return (follow & self.beats[win]) or follow
        trumps = hand & trumps_mask
        if not trumps:
            return hand
        return (trumps & self.beats[win]) or trumps


class _Bela(ContractObligations):
    def __init__(self, contract: int, beat_plain: bool, partner_free: bool) -> None:
        self.beats: tuple[int, ...] = BEATS[contract]
        self.trumps_mask = TRUMP_MASKS[contract]
        self.beat_plain = beat_plain
        self.partner_free = partner_free

    def legal(self, hand: int, lead: int, win: int, partner_holds: bool) -> int:
        trumps_mask, beats = self.trumps_mask, self.beats
        follow = hand & SUIT_OF[lead]
        if trumps_mask >> lead & 1:
            # Trumps led: overtrump if you can, over partner too (the partner exception, when
            # an option turns it on, is read as French Belote's: on a plain-suit lead only).
            if follow:
                return (follow & beats[win]) or follow
            return hand  # no trump left: any card
        free = self.partner_free and partner_holds
        if follow:
            if not self.beat_plain or free or trumps_mask >> win & 1:  # or already trumped
                return follow
            return (follow & beats[win]) or follow
        trumps = hand & trumps_mask
        if not trumps or free:
            return hand
        # Void in the suit led: trump, overtrump if you can, else any trump, whoever holds it.
        return (trumps & beats[win]) or trumps


def choices_sharing_cards(hand: int) -> list[tuple[Declaration, ...]]:
    """Every set of declarations ``hand`` may announce when one card may serve in a four and
    in a sequence at once (option ``card_in_two_declarations``), best first, nothing last."""
    fours = [
        Declaration((1 << rank) * 0x01010101)
        for rank in FOUR_POINTS
        if hand & ((1 << rank) * 0x01010101) == (1 << rank) * 0x01010101
    ]
    every = fours + _sequences(hand)
    choices = [
        tuple(sorted(subset, key=lambda d: -d.points))
        for count in range(len(every) + 1)
        for subset in combinations(every, count)
    ]
    choices.sort(key=_value, reverse=True)
    return choices


def _strength(declaration: Declaration) -> tuple[int, int, int]:
    """The higher value first, then a four before a sequence of the same value, then the higher
    top card (natural order 7 … A, as sequences run: RULES.md §2)."""
    return (declaration.points, int(declaration.is_four), int(declaration.rank))


def declaration_winner(
    announced: Sequence[Sequence[Declaration]], order: Sequence[Seat]
) -> Team | None:
    """The side whose best declaration is the stronger (``announced`` per seat N E S W); equal
    best declarations go to the side whose player comes first in ``order`` (from the dealer's
    right)."""
    best: tuple[tuple[int, int, int], int] | None = None
    winner: Team | None = None
    for position, seat in enumerate(order):
        for declaration in announced[seat]:
            candidate = (_strength(declaration), -position)
            if best is None or candidate > best:
                best, winner = candidate, TEAM_OF[seat]
    return winner


def score_bela(
    callers: Team,
    cards: tuple[int, int],
    declarations: tuple[int, int],
    belas: tuple[int, int],
    stiglja: Team | None,
    *,
    tie: str = "fails",
    hanging: int = 0,
    belot: Team | None = None,
) -> DealScore:
    """Score a Bela deal. ``cards``: card points with the last trick per team (NS, EW);
    ``declarations``: the scored ones (one side's at most); ``belas``: 20 per bela; ``stiglja``:
    the side that took every trick; ``hanging``: callers' points left from a tied deal;
    ``belot``: the side whose eight cards of one suit win the match."""
    points, shown, bela = list(cards), list(declarations), list(belas)
    notes: tuple[str, ...] = ()
    if stiglja is not None:
        # Seed 004: a side without a trick loses its declarations and belas to the other.
        swept = OTHER_TEAM[stiglja]
        points[stiglja] += STIGLJA_BONUS
        shown[stiglja], shown[swept] = shown[0] + shown[1], 0
        bela[stiglja], bela[swept] = bela[0] + bela[1], 0
        notes = ("stiglja",)
    raw = [points[0] + shown[0] + bela[0], points[1] + shown[1] + bela[1]]
    other = OTHER_TEAM[callers]
    written = [0, 0]
    left = 0
    winner: Team | None
    if raw[callers] > raw[other]:  # the callers pass: each side writes its own
        outcome, winner = Outcome.MADE, callers
        written = list(raw)
    elif raw[callers] == raw[other] and tie == "hangs":
        # The other side writes its own; the callers' points wait for the next deal's winner.
        outcome, winner = Outcome.HANGING, None
        written[other], left = raw[other], raw[callers]
    else:  # the callers fall: the other side writes every point, the callers' bela included
        outcome, winner = Outcome.INSIDE, other
        written[other] = raw[0] + raw[1]
    if winner is not None:
        written[winner] += hanging
        left_over = 0
    else:
        left_over = hanging + left
    if belot is not None:
        notes = (*notes, f"belot {belot.name}")
    return DealScore(
        outcome, (raw[0], raw[1]), (written[0], written[1]), left_over, winner, stiglja, 1, notes
    )


def belot_team(deal: Deal) -> Team | None:
    """The side of a player who announced all eight cards of one suit (a belot), if any.

    A belot is a declaration, so it is announced with the first card or lost (Croatian Bela).
    """
    for seat in _SEATS:
        announced = deal.announced(seat)
        if not announced:  # most seats announce nothing
            continue
        covered = 0
        for declaration in announced:
            covered |= declaration.cards
        if any(covered & mask == mask for mask in SUIT_MASKS):
            return TEAM_OF[seat]
    return None


def _order(deal: Deal) -> list[Seat]:
    """The seats from the dealer's right (the first to call and to lead)."""
    order = [deal.first]
    for _ in range(3):
        order.append(deal.next_seat(order[-1]))
    return order


class Bela(Game):
    name: ClassVar[str] = "bela"
    #: RULES.md §6: the bela is announced with the first of the two, or the holder keeps silent.
    bela_optional: ClassVar[bool] = True

    # --- the deal's shape: six cards (3, 3), then the two hidden ones once trumps are named --
    # RULES.md §6 lets an engine deal the hidden pair then: the cards are the same, and no
    # seat's view can show what the deal does not yet hold.

    def deal_first(self, deck: tuple[int, ...], first: Seat, after: tuple[Seat, ...]) -> Hands:
        bit = _BIT
        # Three each, then three more each: six before trumps are named (native ints, as
        # Game.deal_first).
        c0 = bit[deck[0]] | bit[deck[1]] | bit[deck[2]]
        c1 = bit[deck[3]] | bit[deck[4]] | bit[deck[5]]
        c2 = bit[deck[6]] | bit[deck[7]] | bit[deck[8]]
        c3 = bit[deck[9]] | bit[deck[10]] | bit[deck[11]]
        c0 |= bit[deck[12]] | bit[deck[13]] | bit[deck[14]]
        c1 |= bit[deck[15]] | bit[deck[16]] | bit[deck[17]]
        c2 |= bit[deck[18]] | bit[deck[19]] | bit[deck[20]]
        c3 |= bit[deck[21]] | bit[deck[22]] | bit[deck[23]]
        return _in_seat_order(first, after, c0, c1, c2, c3)

    def deal_rest(
        self,
        deck: tuple[int, ...],
        hands: Hands,
        first: Seat,
        after: tuple[Seat, ...],
        bidder: Seat,
    ) -> Hands:
        bit = _BIT
        c0 = bit[deck[24]] | bit[deck[25]]
        c1 = bit[deck[26]] | bit[deck[27]]
        c2 = bit[deck[28]] | bit[deck[29]]
        c3 = bit[deck[30]] | bit[deck[31]]
        return _added(hands, _in_seat_order(first, after, c0, c1, c2, c3))

    def stack_deck(
        self,
        hands: Sequence[Sequence[Card]],
        first: Seat,
        after: Sequence[Seat],
        taker: Seat | None,
    ) -> list[Card]:
        """The deck that deals ``hands``: the first six of each in two packets of three, the
        last two hidden."""
        dealt: list[Card] = [hands[0][0]] * 32
        seat = first
        for i in range(4):
            hand = hands[seat]
            dealt[3 * i : 3 * i + 3] = hand[0:3]
            dealt[12 + 3 * i : 15 + 3 * i] = hand[3:6]
            dealt[24 + 2 * i : 26 + 2 * i] = hand[6:8]
            seat = after[seat]
        return dealt

    # --- naming trumps: one round, the dealer must name when the three others pass ----------

    def legal_calls(self, deal: Deal, seat: Seat) -> LegalActions:
        # After three passes the dealer must name trumps: no pass.
        return _NAMING if deal._passes < 3 else _FORCED

    def why_illegal(self, deal: Deal, seat: Seat, call: Call) -> str | None:
        if (call is _PASS and deal._passes < 3) or is_among(call, self.legal_calls(deal, seat)):
            return None
        if call.kind is CallKind.PASS:
            why = "the three others passed: the dealer must name trumps"
        elif call.kind is not CallKind.BID:
            why = "Bela has no doubling"
        elif call.contract is None or not call.contract.is_suit:
            why = "Bela has no no-trumps or all-trumps: name a suit"
        else:
            why = f"{call.contract} is not a suit to name"
        return f"{call} is not a legal call now ({why})"

    def after_call(self, deal: Deal, seat: Seat, call: Call) -> Bidding:
        if call.kind is _PASS_KIND:
            return (None, None, 1, deal._passes + 1, _NEXT)
        return (call.contract, seat, 1, deal._passes, _PLAY)  # the first to name

    # --- the play and the declarations ---------------------------------------------------------

    def obligations(self, rules: Rules) -> tuple[Obligations, Any]:
        return bela_legal_mask, (rules.beat_in_plain_suit, rules.partner_exception)

    def held_obligations(self, rules: Rules) -> tuple[HeldObligations, Any]:
        return bela_obliged, (rules.beat_in_plain_suit, rules.partner_exception)

    def contract_obligations(self, rules: Rules, contract: Contract) -> ContractObligations:
        return bela_under(contract, (rules.beat_in_plain_suit, rules.partner_exception))

    def announcement_choices(
        self, rules: Rules
    ) -> Callable[[int], list[tuple[Declaration, ...]]] | None:
        return choices_sharing_cards if rules.card_in_two_declarations else None

    def scored_declarations(
        self, deal: Deal, announced: Sequence[Sequence[Declaration]]
    ) -> tuple[list[Declaration], list[Declaration]]:
        scored: tuple[list[Declaration], list[Declaration]] = ([], [])
        if not any(announced):
            return scored
        winner = declaration_winner(announced, _order(deal))
        if winner is not None:
            for seat in winner.seats:
                scored[winner].extend(announced[seat])
        return scored

    # --- the score and the end of the match ----------------------------------------------------

    def score(self, deal: Deal, hanging: int) -> DealScore:
        bidder = deal.bidder
        assert bidder is not None
        declared, belas = extras(deal, deal.scored_declarations())
        return score_bela(
            TEAM_OF[bidder],
            deal.card_points,
            declared,
            belas,
            valat_team(deal),
            tie=deal.rules.tie,
            hanging=hanging,
            belot=belot_team(deal) if deal.rules.belot_wins_match else None,
        )

    def match_winner(self, totals: tuple[int, int], last: DealScore, target: int) -> Team | None:
        """A belot wins at once; else, at the end of a deal, a team at ``target`` or more that
        leads; tied: play on."""
        for note in last.notes:
            if note.startswith("belot "):
                return Team[note[6:]]
        ns, ew = totals
        if max(ns, ew) < target or ns == ew:
            return None
        return Team.NS if ns > ew else Team.EW
