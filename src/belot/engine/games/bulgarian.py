"""Bulgarian Belot (RULES.md §3): the contract auction with contra and recontra, declarations
compared separately (or singly), scores ÷10 with hanging points, a match to 151."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from belot.engine.actions import Call, CallKind, LegalActions
from belot.engine.contracts import Contract
from belot.engine.declarations import Declaration, compare
from belot.engine.games.base import AuctionStep, Bidding, Game, is_among
from belot.engine.scoring import DealScore, TeamPoints, score_totals
from belot.engine.table import TEAM_OF, Seat, Team

if TYPE_CHECKING:
    from belot.engine.deal import Deal

__all__ = ["BELOT_POINTS", "Bulgarian", "extras", "team_points"]

BELOT_POINTS: Final = 20
_CALLS: Final = [Call.bid(c) for c in Contract]
_PASS: Final = Call.pass_()
_CONTRA: Final = Call.contra()
_RECONTRA: Final = Call.recontra()
_NS: Final = Team.NS
# Members read as module globals (cheaper than through their enum class, in every call).
_PASS_KIND: Final = CallKind.PASS
_BID: Final = CallKind.BID
_CONTRA_KIND: Final = CallKind.CONTRA
_NEXT: Final = AuctionStep.NEXT
_PLAY: Final = AuctionStep.PLAY
_REDEAL: Final = AuctionStep.REDEAL
_EW: Final = Team.EW
#: The legal calls, pass first: before any bid, and ``_AFTER[contract][k]`` after a bid of
#: ``contract``, k = 0 with neither contra nor recontra open, 1 with contra, 2 with recontra.
_OPENING: Final = LegalActions((_PASS, *_CALLS))
_AFTER: Final = tuple(
    tuple(
        LegalActions((_PASS, *_CALLS[contract + 1 :], *more))
        for more in ((), (_CONTRA,), (_RECONTRA,))
    )
    for contract in Contract
)


def team_points(
    deal: Deal, scored: tuple[Sequence[Declaration], Sequence[Declaration]]
) -> tuple[TeamPoints, TeamPoints]:
    """Each team's card points, scored declarations and belots (NS, EW)."""
    declared, belots = extras(deal, scored)
    cards = deal.card_points
    return (
        TeamPoints(cards[0], declared[0], belots[0]),
        TeamPoints(cards[1], declared[1], belots[1]),
    )


def extras(
    deal: Deal, scored: tuple[Sequence[Declaration], Sequence[Declaration]]
) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each team's points of its scored declarations, and of its belots (belote, bela): NS, EW."""
    ns = ew = 0
    for seat, _ in deal.belots:
        if seat & 1:
            ew += BELOT_POINTS
        else:
            ns += BELOT_POINTS
    ours, theirs = scored  # most often both empty
    declared = (
        sum(d.points for d in ours) if ours else 0,
        sum(d.points for d in theirs) if theirs else 0,
    )
    return declared, (ns, ew)


def valat_team(deal: Deal) -> Team | None:
    """The team that took all eight tricks, if one did."""
    ns, ew = deal.tricks_won
    return _NS if ew == 0 else _EW if ns == 0 else None


class Bulgarian(Game):
    name: ClassVar[str] = "bulgarian"
    options: ClassVar[frozenset[str]] = frozenset(
        {
            "direction",
            "target",
            "passes_after_double",
            "nt_last_trick",
            "declaration_compare",
            "belot_when_trumping",
            "double_scoring",
            "redeal_same_dealer",
            "forced_undertrump",
        }
    )

    # The auction runs in every deal a bot simulates: it reads the deal's state fields
    # directly rather than through its public properties.

    def legal_calls(self, deal: Deal, seat: Seat) -> LegalActions:
        contract = deal._contract
        if contract is None:
            return _OPENING
        bidder = deal._bidder
        assert bidder is not None
        ours = not (bidder ^ seat) & 1
        double = deal._double
        if double == 1 and not ours:
            return _AFTER[contract][1]
        if double == 2 and ours:
            return _AFTER[contract][2]
        return _AFTER[contract][0]

    def why_illegal(self, deal: Deal, seat: Seat, call: Call) -> str | None:
        if call is _PASS:  # the common calls, without generating every legal call
            return None
        contract = deal._contract
        if (
            call.kind is _BID
            and call.contract.__class__ is Contract
            and not call.level
            and (contract is None or call.contract > contract)
        ):
            return None
        if is_among(call, self.legal_calls(deal, seat)):
            return None
        if call.kind is CallKind.BID and call.level:
            why = "Bulgarian Belot bids a contract, without points"
        elif call.kind is CallKind.BID:
            why = f"a bid must be higher than {contract}"
        elif call.kind is CallKind.CONTRA:
            why = "contra only on the other team's contract, once"
        elif call.kind is CallKind.RECONTRA:
            why = "recontra only by the contract's team after a contra"
        else:
            why = "Bulgarian Belot doubles with contra and recontra"
        return f"{call} is not a legal call now ({why})"

    def after_call(self, deal: Deal, seat: Seat, call: Call) -> Bidding:
        contract, bidder, double = deal._contract, deal._bidder, deal._double
        kind = call.kind
        if kind is _PASS_KIND:
            passes = deal._passes + 1
            if contract is None:
                step = _REDEAL if passes == 4 else _NEXT
            else:
                needed = deal.rules.passes_after_double if double > 1 else 3
                step = _PLAY if passes >= needed else _NEXT
            return (contract, bidder, double, passes, step)
        if kind is _BID:
            return (call.contract, seat, 1, 0, _NEXT)
        return (contract, bidder, 2 if kind is _CONTRA_KIND else 4, 0, _NEXT)

    def scored_declarations(
        self, deal: Deal, announced: Sequence[Sequence[Declaration]]
    ) -> tuple[list[Declaration], list[Declaration]]:
        assert deal.contract is not None
        return compare(announced, deal.contract, deal.rules.declaration_compare)

    def score(self, deal: Deal, hanging: int) -> DealScore:
        contract, bidder = deal._contract, deal._bidder
        assert contract is not None and bidder is not None
        announced = [d or () for d in deal._declared]
        # Nothing announced: nothing to compare.
        scored = self.scored_declarations(deal, announced) if any(announced) else ([], [])
        (declared_ns, declared_ew), (belots_ns, belots_ew) = extras(deal, scored)
        cards_ns, cards_ew = deal.card_points
        return score_totals(
            deal.rules,
            contract,
            TEAM_OF[bidder],
            (cards_ns + declared_ns + belots_ns, cards_ew + declared_ew + belots_ew),
            deal._double,
            valat_team(deal),
            hanging,
        )
