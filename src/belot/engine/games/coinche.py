"""Coinche (RULES.md §5, seed 004): all eight cards dealt first, point bids 80..160 and capot
with a suit, coinche and surcoinche, French Belote's obligations and declarations, the 82-point
and bid test, rounding to tens, a match to 1000."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from belot.engine.actions import CAPOT_LEVEL, Call, CallKind, LegalActions
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.declarations import Declaration
from belot.engine.games.base import AuctionStep, Bidding, Game, Hands, is_among
from belot.engine.games.bulgarian import extras, valat_team
from belot.engine.games.french import leader_at, single_best_scores
from belot.engine.rules import Rules
from belot.engine.scoring import DealScore, Outcome
from belot.engine.table import OTHER_TEAM, TEAM_OF, Seat, Team

if TYPE_CHECKING:
    from belot.engine.deal import Deal

__all__ = [
    "BID_LEVELS",
    "CAPOT_CARDS",
    "MADE_CARD_POINTS",
    "Coinche",
    "bid_level",
    "multiplier",
    "score_coinche",
]

BID_LEVELS: Final = tuple(range(80, 161, 10))
"""The numbered bids, lowest first; a capot (``CAPOT_LEVEL``) is above them all."""
CAPOT_CARDS: Final = 250
"""What a side taking every trick counts for its cards instead of 162."""
MADE_CARD_POINTS: Final = 82
"""The card points (last trick included) that the bidders need at least (seed 004)."""
FAILED_CARDS: Final = 160
"""What the defenders write for the cards when the bidders fail (or on a coinche)."""

_PASS: Final = Call.pass_()
_COINCHE: Final = Call(CallKind.COINCHE)
_SURCOINCHE: Final = Call(CallKind.SURCOINCHE)
#: Every bid in auction order: 80 in each suit, 90 ..., then capot in each suit.
_BIDS: Final = tuple(
    Call.points_bid(level, Contract(suit))
    for level in (*BID_LEVELS, CAPOT_LEVEL)
    for suit in range(4)
)


# Members read as module globals (cheaper than through their enum class, in every call).
_PASS_KIND: Final = CallKind.PASS
_BID: Final = CallKind.BID
_COINCHE_KIND: Final = CallKind.COINCHE
_NEXT: Final = AuctionStep.NEXT
_PARTNER: Final = AuctionStep.PARTNER
_PLAY: Final = AuctionStep.PLAY
_REDEAL: Final = AuctionStep.REDEAL
_LEVEL_RANK: Final = frozenset((*BID_LEVELS, CAPOT_LEVEL))


def _bids_above(level: int) -> int:
    """Where in ``_BIDS`` the bids higher than ``level`` begin."""
    return 0 if level == 0 else (BID_LEVELS.index(level) + 1) * 4


def _legal_after(level: int, coinche: bool, surcoinche: bool) -> LegalActions:
    higher = () if level >= CAPOT_LEVEL else _BIDS[_bids_above(level) :]
    return LegalActions(
        (
            _PASS,
            *higher,
            *((_COINCHE,) if coinche else ()),
            *((_SURCOINCHE,) if surcoinche else ()),
        )
    )


#: ``_CALLS[4 * rank + 2 * coinche + surcoinche]``, by the rank of the last bid: none (0), 80
#: to 160 (1 to 9, BID_LEVELS being every ten), capot (10).
_CALLS: Final = tuple(
    _legal_after(level, coinche, surcoinche)
    for level in (0, *BID_LEVELS, CAPOT_LEVEL)
    for coinche in (False, True)
    for surcoinche in (False, True)
)


def _calls(level: int, coinche: bool, surcoinche: bool) -> LegalActions:
    """The legal calls after a bid of ``level`` (0: none yet): pass, every higher bid (suits
    are not ranked), then coinche or surcoinche when the seat may say it."""
    rank = 10 if level == CAPOT_LEVEL else (level - 70) // 10 if level else 0
    return _CALLS[4 * rank + 2 * coinche + surcoinche]


def _nothing_to_announce(hand: int) -> list[tuple[Declaration, ...]]:
    return [()]


def bid_level(calls: Sequence[tuple[Seat, Call]]) -> int:
    """The level of the last bid of ``calls`` (0 when nobody has bid)."""
    at = len(calls)
    while at:
        at -= 1
        call = calls[at][1]
        # A pass known by identity, and every call but a bid has level 0: one attribute read
        # (a lookup in the interpreter) a call, where ``kind`` and ``level`` were two.
        if call is not _PASS:
            level = call.level
            if level:
                return level
    return 0


def multiplier(double: int, rules: Rules) -> int:
    """What the score is multiplied by: 1, 2 after a coinche, 4 (or 3) after a surcoinche."""
    return rules.surcoinche_multiplier if double == 4 else double


def _rounded(points: int, rules: Rules) -> int:
    """To the nearest ten, 5 up (seed 004), unless the option keeps exact points."""
    return (points + 5) // 10 * 10 if rules.rounding == "nearest_ten" else points


def score_coinche(
    rules: Rules,
    bidders: Team,
    level: int,
    cards: tuple[int, int],
    declarations: tuple[int, int],
    belote: tuple[int, int],
    capot: Team | None,
    double: int = 1,
) -> DealScore:
    """Score a Coinche deal (RULES.md §5).

    ``level`` is the bid (80..160 or ``CAPOT_LEVEL``), ``cards`` the card points with the last
    trick per team (NS, EW), ``declarations`` the points of those that won the comparison,
    ``belote`` 20 or 0, ``capot`` the team that took every trick, ``double`` 1, 2 (coinche) or
    4 (surcoinche, counted as ``rules.surcoinche_multiplier``).
    """
    defenders = OTHER_TEAM[bidders]
    shown = list(declarations)
    counted = list(cards)
    if capot is not None:
        # A side that takes no trick loses its declarations; the sweep counts 250.
        shown[OTHER_TEAM[capot]] = 0
        counted[capot], counted[OTHER_TEAM[capot]] = CAPOT_CARDS, 0
    raw = (counted[0] + shown[0] + belote[0], counted[1] + shown[1] + belote[1])
    if level == CAPOT_LEVEL:
        made = capot == bidders
    else:
        reaches = raw[bidders] >= level
        if rules.contract_test == "seed" or level == BID_LEVELS[0]:
            # Pagat's ``total`` test asks the 82 card points only of a bid of 80.
            made = cards[bidders] >= MADE_CARD_POINTS and reaches
        else:
            made = reaches
    winner = bidders if made else defenders
    times = multiplier(double, rules)
    # The cards on a capot (bid or swept) count 250, else 160 for the side that writes them.
    table = CAPOT_CARDS if capot is not None or level == CAPOT_LEVEL else FAILED_CARDS
    written = [0, 0]
    if times > 1 and rules.double_scope == "whole":
        # Seed 004: the winning side writes everything, multiplied; belote is not multiplied.
        written[winner] = (table + level + shown[0] + shown[1]) * times + belote[winner]
        written[OTHER_TEAM[winner]] = belote[OTHER_TEAM[winner]]
    elif made:
        written[bidders] = counted[bidders] + shown[bidders] + belote[bidders] + level * times
        written[defenders] = counted[defenders] + shown[defenders] + belote[defenders]
    else:
        written[defenders] = table + level * times + shown[0] + shown[1] + belote[defenders]
        written[bidders] = belote[bidders]
    notes = (
        *(("capot",) if capot is not None else ()),
        *(() if made else ("failed",)),
        *(("coinche",) if double == 2 else ("surcoinche",) if double == 4 else ()),
    )
    return DealScore(
        Outcome.MADE if made else Outcome.INSIDE,
        (raw[0], raw[1]),
        (_rounded(written[0], rules), _rounded(written[1], rules)),
        0,
        winner,
        capot,
        times,
        notes,
    )


class Coinche(Game):
    name: ClassVar[str] = "coinche"

    # --- the deal's shape: all eight cards (3, 2, 3) before the auction ----------------------

    def deal_first(self, deck: tuple[int, ...], first: Seat, after: tuple[Seat, ...]) -> Hands:
        hands = super().deal_first(deck, first, after)
        return super().deal_rest(deck, hands, first, after, first)

    def deal_rest(
        self,
        deck: tuple[int, ...],
        hands: Hands,
        first: Seat,
        after: tuple[Seat, ...],
        bidder: Seat,
    ) -> Hands:
        return hands

    def stack_deck(
        self,
        hands: Sequence[Sequence[Card]],
        first: Seat,
        after: Sequence[Seat],
        taker: Seat | None,
    ) -> list[Card]:
        """The shared 3-2-3 deck; all of it is dealt before the auction."""
        return super().stack_deck(hands, first, after, None)

    # --- the auction --------------------------------------------------------------------------

    def legal_calls(self, deal: Deal, seat: Seat) -> LegalActions:
        bidder, double = deal._bidder, deal._double
        if double == 1:
            level = bid_level(deal._calls)
            coinche = (
                bidder is not None
                and bool((bidder ^ seat) & 1)
                and (level < CAPOT_LEVEL or deal.rules.coinche_capot)
            )
            return _calls(level, coinche, False)
        surcoinche = double == 2 and bidder is not None and not (bidder ^ seat) & 1
        return _calls(CAPOT_LEVEL, False, surcoinche)

    def why_illegal(self, deal: Deal, seat: Seat, call: Call) -> str | None:
        if call is _PASS:
            return None
        if (
            call.kind is _BID
            and deal._double == 1
            and call.level in _LEVEL_RANK
            and call.contract is not None
            and call.contract.is_suit
            and call.level > bid_level(deal._calls)
        ):
            return None  # the common case, without building every legal call
        if is_among(call, self.legal_calls(deal, seat)):
            return None
        level, double = bid_level(deal._calls), deal._double
        if call.kind is CallKind.BID:
            if call.contract is None or not call.contract.is_suit:
                why = "Coinche bids name a suit: no no-trumps or all-trumps"
            elif call.level == 0:
                why = "a Coinche bid has points: write 80H .. 160H or capotH"
            elif double > 1:
                why = "after a coinche only surcoinche or pass"
            else:
                why = f"a bid must be higher than {level}"
        elif call.kind is CallKind.COINCHE:
            if deal._bidder is None:
                why = "there is no bid to coinche"
            elif double > 1:
                why = "the bid is already coinched"
            elif not (deal._bidder ^ seat) & 1:
                why = "only the other side may coinche"
            else:
                why = "a capot bid may not be coinched (coinche_capot is off)"
        elif call.kind is CallKind.SURCOINCHE:
            why = "surcoinche only by the coinched side, after a coinche"
        else:
            why = "Coinche has coinche and surcoinche, not contra or recontra"
        return f"{call} is not a legal call now ({why})"

    def after_call(self, deal: Deal, seat: Seat, call: Call) -> Bidding:
        contract, bidder, double = deal._contract, deal._bidder, deal._double
        kind = call.kind
        if kind is _PASS_KIND:
            passes = deal._passes + 1
            if double == 2:
                # After a coinche the coinched side's two players speak, then it ends.
                step = _PLAY if passes == 2 else _PARTNER
            elif contract is None:
                step = _REDEAL if passes == 4 else _NEXT
            else:
                step = _PLAY if passes == 3 else _NEXT
            return (contract, bidder, double, passes, step)
        if kind is _BID:
            return (call.contract, seat, 1, 0, _NEXT)
        if kind is _COINCHE_KIND:
            return (contract, bidder, 2, 0, _NEXT)
        return (contract, bidder, 4, 0, _PLAY)  # a surcoinche ends the auction

    # --- declarations: French Belote's single comparison, or none --------------------------

    def announcement_choices(
        self, rules: Rules
    ) -> Callable[[int], list[tuple[Declaration, ...]]] | None:
        # With ``declarations`` off nothing is announced; belote still counts.
        return None if rules.declarations else _nothing_to_announce

    def scored_declarations(
        self, deal: Deal, announced: Sequence[Sequence[Declaration]]
    ) -> tuple[list[Declaration], list[Declaration]]:
        # Seed 004: declarations compare as in French Belote (the single strongest decides).
        return single_best_scores(deal, announced)

    # --- the score -------------------------------------------------------------------------

    def score(self, deal: Deal, hanging: int) -> DealScore:
        bidder = deal.bidder
        assert bidder is not None
        declared, belote = extras(deal, deal.scored_declarations())
        return score_coinche(
            deal.rules,
            TEAM_OF[bidder],
            bid_level(deal.calls),
            deal.card_points,
            declared,
            belote,
            valat_team(deal),
            deal.double,
        )

    def match_winner(self, totals: tuple[int, int], last: DealScore, target: int) -> Team | None:
        """Seed 004: at the end of a hand, a team at the target or more that leads; tied: play
        on (as in French Belote)."""
        return leader_at(totals, target)
