"""Bidding by simulation (``belot.bots.bidding``) and the strong bot's auction."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

import pytest

from belot.bots import bidding, call_model
from belot.bots.basic import BasicBot
from belot.bots.bidding import estimate_calls, worth_weighing
from belot.bots.solver import Position, Solver
from belot.bots.strong import StrongBot
from belot.engine import Call, Contract, Deal, Rules, Seat, mask_of, parse_cards
from belot.engine.actions import CallKind, Cut
from belot.engine.deal import Phase
from belot.engine.scoring import Outcome, TeamPoints, score_deal
from belot.engine.table import Team
from belot.engine.view import SeatView
from conftest import fill_hands, make_deal, push_all

# Dealer N, order of play W → S → E → N: W calls and leads first.

_SOLVER = Solver()


def _view_of(five: str, calls: tuple[str, ...] = (), seed: int = 1) -> Deal:
    """A deal whose seat to call holds ``five`` after ``calls`` (W opens)."""
    order = [Seat.W, Seat.S, Seat.E, Seat.N]
    seat = order[len(calls) % 4]
    deal = make_deal(fill_hands({seat: five}, seed=seed))
    push_all(deal, list(calls))
    assert deal.turn is seat
    return deal


def _estimates(deal: Deal, seed: int = 5, nodes: int = 6_000_000) -> list[bidding.CallEstimate]:
    assert deal.turn is not None
    view = deal.view(deal.turn)
    calls = worth_weighing(view)
    return estimate_calls(
        view, calls, random.Random(seed), _SOLVER, nodes=nodes, hard_cap=nodes, max_worlds=24
    )


def test_a_weak_hand_weighs_nothing_but_a_pass() -> None:
    deal = _view_of("7C 8D 9S KH QD")
    assert worth_weighing(deal.view(Seat.W)) == [Call.pass_()]
    assert str(StrongBot(seed=1).act(deal.view(Seat.W))) == "pass"


def test_bids_near_the_threshold_and_doubles_are_weighed() -> None:
    calls = worth_weighing(_view_of("JH 9H AH 7C 8D").view(Seat.W))
    assert Call.bid(Contract.HEARTS) in calls and Call.pass_() in calls
    assert Call.bid(Contract.NO_TRUMPS) not in calls
    contra = worth_weighing(_view_of("JS 9S AS 10S AC", ("spades",)).view(Seat.S))
    assert Call.contra() in contra
    assert all(c.contract is None or c.contract > Contract.SPADES for c in contra)


def test_a_sure_trump_hand_bids_its_suit_first() -> None:
    deal = _view_of("JH 9H AH 10H KH")
    estimates = _estimates(deal)
    best = estimates[0]
    assert best.call.kind is CallKind.BID and best.worlds > 0
    by_call = {e.call: e.points for e in estimates}
    # Passing is worth less: others may take the auction before the hand bids on its next turn.
    assert by_call[Call.bid(Contract.HEARTS)] > by_call[Call.pass_()]


def test_a_hopeless_contract_of_the_others_is_doubled() -> None:
    # W bids clubs; S holds the four top clubs: the contract goes inside, doubled it costs more.
    deal = _view_of("JC 9C AC 10C AH", ("clubs",))
    by_call = {e.call: e.points for e in _estimates(deal)}
    assert by_call[Call.contra()] > by_call[Call.pass_()] > 0


def test_a_double_must_gain_beyond_its_noise(monkeypatch: pytest.MonkeyPatch) -> None:
    # The sure contra above clears a bar of two standard errors of its gain over passing (its
    # means unchanged); a bar of very many standard errors of a gain that varies stops it.
    sure = _view_of("JC 9C AC 10C AH", ("clubs",))
    first = {e.call: e.points for e in _estimates(sure)}
    monkeypatch.setattr(bidding, "DOUBLE_Z", 2.0)
    estimates = _estimates(sure)
    assert estimates[0].call == Call.contra()
    assert {e.call: e.points for e in estimates} == first  # the means are unchanged
    monkeypatch.setattr(bidding, "DOUBLE_Z", 1e9)
    assert _estimates(sure)[0].call == Call.pass_()


def test_a_bid_may_be_made_to_gain_beyond_its_noise(monkeypatch: pytest.MonkeyPatch) -> None:
    # The sure hearts bid above still leads with a bar of one standard error of its gain over
    # passing (its means unchanged); with a bar of very many, a gain that varies stops it.
    sure = _view_of("JH 9H AH 10H KH")
    first = {e.call: e.points for e in _estimates(sure)}
    monkeypatch.setattr(bidding, "BID_Z", 1.0)
    estimates = _estimates(sure)
    assert estimates[0].call == Call.bid(Contract.HEARTS)
    assert {e.call: e.points for e in estimates} == first
    monkeypatch.setattr(bidding, "BID_Z", 1e9)
    assert _estimates(sure)[0].call == Call.pass_()


def test_estimates_are_deterministic_and_within_the_node_budget() -> None:
    deal = _view_of("JD 9D AD 10S AS")
    first = _estimates(deal, seed=3, nodes=2_000_000)
    again = _estimates(deal, seed=3, nodes=2_000_000)
    assert first == again
    assert 0 < first[0].worlds < 24
    bot = StrongBot(seed=4, think=0.05)
    assert bot.act(deal.view(Seat.W)) == bot.act(deal.view(Seat.W))


class _FirstWorldTooHard(Solver):
    """A solver that runs out of nodes on every solve of the first world it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.first: tuple[int, int, int, int] | None = None

    def try_solve(
        self, position: Position, max_nodes: int, tolerance: int = 0, pivots: Sequence[int] = ()
    ) -> int | None:
        if self.first is None:
            self.first = position.hands
        if position.hands == self.first:
            self.nodes = max_nodes
            return None
        return super().try_solve(position, max_nodes, tolerance, pivots)


def test_a_world_too_hard_to_solve_is_skipped_while_nodes_are_left() -> None:
    deal = _view_of("JD 9D AD 10S AS")
    assert deal.turn is not None
    view = deal.view(deal.turn)
    calls = worth_weighing(view)
    solver = _FirstWorldTooHard()
    # The first world gets the hard cap (a third of the nodes), then the rest go to others.
    estimates = estimate_calls(
        view, calls, random.Random(3), solver, nodes=3_000_000, hard_cap=1_000_000
    )
    assert estimates and estimates[0].worlds > 0
    # With no nodes beyond the hard cap, the hard first world ends the search: nothing solved.
    solver = _FirstWorldTooHard()
    assert estimate_calls(view, calls, random.Random(3), solver, nodes=1, hard_cap=1_000) == []


class _Spy(Solver):
    """A solver that records the pivots of each solve."""

    def __init__(self) -> None:
        super().__init__()
        self.pivots: list[tuple[int, ...]] = []

    def try_solve(
        self, position: Position, max_nodes: int, tolerance: int = 0, pivots: Sequence[int] = ()
    ) -> int | None:
        self.pivots.append(tuple(pivots))
        return super().try_solve(position, max_nodes, tolerance, pivots)


def test_each_world_is_solved_exactly_as_to_its_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view_of("JD 9D AD 10S AS").view(Seat.W)
    calls = worth_weighing(view)
    spy = _Spy()
    estimate_calls(view, calls, random.Random(3), spy, nodes=500_000, hard_cap=500_000)
    # A valat against the declarers, hanging, made, their valat: each world's own totals.
    assert spy.pivots and all(len(p) == 4 and p[0] == 1 for p in spy.pivots)
    monkeypatch.setattr(bidding, "EXACT_OUTCOMES", False)
    spy = _Spy()
    estimate_calls(view, calls, random.Random(3), spy, nodes=500_000, hard_cap=500_000)
    assert spy.pivots and not any(spy.pivots)


def test_worlds_deal_every_card_once_and_keep_the_seats_hand() -> None:
    deal = _view_of("JD 9D AD 10S AS", ("pass",), seed=2)
    view = deal.view(Seat.S)
    mine = mask_of(view.hand)
    count = 0
    for _, hands in bidding._worlds(view, mine, random.Random(1), 30):
        count += 1
        assert [h.bit_count() for h in hands] == [8, 8, 8, 8]
        assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 32) - 1
        assert hands[Seat.S] & mine == mine
    assert count == 30


def test_worlds_agree_with_the_others_calls() -> None:
    # W bid hearts: in the worlds W mostly holds the jack of hearts (a quarter of deals at
    # random would give it to W's first five cards).
    deal = _view_of("7C 8C 7D 8D 7S", ("hearts",), seed=3)
    view = deal.view(Seat.S)
    jack = mask_of(parse_cards("JH"))
    worlds = list(bidding._worlds(view, mask_of(view.hand), random.Random(2), 200))
    with_jack = sum(1 for five, _ in worlds if five[Seat.W] & jack) / len(worlds)
    assert with_jack > 0.45  # 5 of the 27 unseen cards, 0.19, at random


def test_belots_and_declarations_count_in_the_score_of_a_world() -> None:
    hands = tuple(
        mask_of(parse_cards(text))
        for text in (
            "7C 8C 9C 7D 9D KH QH JS",  # N: a tierce in clubs, the belot of hearts
            "JC QC AC 8D JH 9H AH 10S",
            "10C 10D JD KD 7H 8H 7S KS",
            "KC QD AD 10H 8S 9S QS AS",
        )
    )
    held = bidding._held((hands[0], hands[1], hands[2], hands[3]))
    assert bidding.held_belots(held.hands, Contract.HEARTS) == [20, 0]
    assert bidding.held_belots(held.hands, Contract.SPADES) == [0, 0]
    assert bidding.held_belots(held.hands, Contract.NO_TRUMPS) == [0, 0]
    assert bidding.held_belots(held.hands, Contract.ALL_TRUMPS) == [20, 0]
    view = _view_of("7C 8D 9S KH QD").view(Seat.W)
    assert held.declared(view, Contract.HEARTS) == (20, 0)
    assert held.declared(view, Contract.NO_TRUMPS) == (0, 0)
    # EW make hearts with 120 card points: the game points the engine would write.
    net = bidding._net(view, held, bidding._Outcome(Contract.HEARTS, Team.EW, 1), 120, Team.EW)
    points = (TeamPoints(42, 20, 20), TeamPoints(120, 0, 0))
    score = score_deal(view.rules, Contract.HEARTS, Team.EW, points)
    assert net == score.written[Team.EW] - score.written[Team.NS]
    doubled = bidding._net(view, held, bidding._Outcome(Contract.HEARTS, Team.EW, 2), 120, Team.NS)
    score = score_deal(view.rules, Contract.HEARTS, Team.EW, points, double=2)
    assert doubled == score.written[Team.NS] - score.written[Team.EW] < 0


def test_hanging_points_and_the_match_enter_the_score_of_a_call() -> None:
    """Points hanging from earlier deals go to the deal's winner; in a match, a call's score is
    what its outcome is worth in the match (at 140 to 100, making hearts wins it)."""
    from belot.bots.match_equity import MatchUtility
    from belot.engine.sheet import Standing

    args = (Contract.HEARTS, Team.EW, 1, 120, 162, (0, 0), (0, 0), Team.EW)
    plain = bidding.net_score(Rules.bulgarian(), *args)
    hanging = bidding.net_score(Rules.bulgarian(), *args, hanging=10)
    assert hanging == plain + 10
    utility = MatchUtility.of(Standing((100, 140)), Team.EW)
    in_match = bidding.net_score(Rules.bulgarian(), *args, utility=utility)
    assert in_match == utility(12, 4) == utility(40, 0) > plain


def test_outcome_pivots_are_where_the_deal_changes_in_kind() -> None:
    rules = Rules.bulgarian()
    pivots = bidding.outcome_pivots
    # Inside under 81, hanging at 81, made from 82; a valat at 0 and at 162.
    assert pivots(rules, Contract.HEARTS, Team.NS, 1, 162, (0, 0), (0, 0)) == (1, 81, 82, 162)
    # The others' 20 of declarations: made from 92 (92 + 0 > 70 + 20).
    assert pivots(rules, Contract.HEARTS, Team.NS, 1, 162, (0, 20), (0, 0)) == (1, 91, 92, 162)
    assert pivots(rules, Contract.HEARTS, Team.EW, 2, 162, (0, 20), (20, 0)) == (1, 81, 82, 162)
    all_trumps = pivots(rules, Contract.ALL_TRUMPS, Team.NS, 1, 258, (50, 0), (0, 0))
    assert all_trumps == (1, 104, 105, 258)
    first = pivots(rules, Contract.SPADES, Team.NS, 1, 162, (0, 0), (20, 0))[2]
    for value in range(163):  # made from the pivot on, by the engine's scoring
        outcome = score_deal(
            rules,
            Contract.SPADES,
            Team.NS,
            (TeamPoints(value, 0, 20), TeamPoints(162 - value, 0, 0)),
            valat=Team.NS if value == 162 else Team.EW if value == 0 else None,
        ).outcome
        assert (outcome is Outcome.MADE) == (value >= first)


def _basic_auctions(count: int) -> list[tuple[Deal, list[tuple[int, list[Call]]]]]:
    """Auctions of four `basic` bots: for each call, its seat's five cards and the calls of
    the kinds pass, contra and recontra it could have made instead."""
    out = []
    for n in range(count):
        deal = Deal.new(Rules.bulgarian(), dealer=Seat(n % 4), seed=f"model-{n}")
        deal.push(Cut(7))
        seen = []
        while deal.phase is Phase.AUCTION:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            call = BasicBot(seed=0).act(view)
            assert isinstance(call, Call)
            others = [
                a
                for a in view.legal
                if isinstance(a, Call) and a.kind is not CallKind.BID and a != call
            ]
            seen.append((mask_of(view.hand), others))
            deal.push(call)
        out.append((deal, seen))
    return out


def test_the_model_of_a_call_is_basics_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # With a logistic as sharp as a step, the model gives `basic`'s call (nearly) all the
    # likelihood and a pass, contra or recontra it did not make (nearly) none: the bars of its
    # contras (No trumps and All trumps want more, a partner who bid less) and recontras, and
    # a pass where it could have doubled.
    monkeypatch.setitem(call_model.SCALE, "bulgarian", 0.25)  # a margin of 1 gives 0.98
    doubles = 0
    for deal, seen in _basic_auctions(1000):
        states = call_model.before_each(deal.calls)
        for (seat, call, current, holder, double, bids), (hand, others) in zip(
            states, seen, strict=True
        ):
            before = (current, holder, double, seat, bids)
            assert call_model.bulgarian_chance(call, hand, *before) >= 0.25, (call, others)
            for other in others:
                assert call_model.bulgarian_chance(other, hand, *before) <= 0.5, (call, other)
            doubles += call.kind in (CallKind.CONTRA, CallKind.RECONTRA)
    assert doubles >= 8


def _french_auction(seed: int) -> Deal:
    """A French Belote deal at its first call (cut by `basic`)."""
    deal = Deal.new(Rules.preset_named("french"), seed=f"again-{seed}")
    while deal.phase is not Phase.AUCTION:
        seat = deal.turn
        assert seat is not None
        deal.push(BasicBot().act(deal.view(seat)), seat)
    return deal


def test_a_first_round_pass_weighs_each_of_the_seats_second_round_calls() -> None:
    # In worlds where the auction comes back to the seat in the second round, GAME_AGAIN weighs
    # each of its calls then (pass and the three other suits), the rest still `basic`'s.
    passing = Call.pass_()
    back = 0
    for seed in range(40):
        deal = _french_auction(seed)
        me = deal.turn
        assert me is not None
        calls = len(deal.calls)
        played, positions, _ = bidding._game_auctions(deal, [passing], BasicBot(), again=True)
        assert len(deal.calls) == calls and deal.phase is Phase.AUCTION  # left as it was
        (ends,) = played
        alone, _, _ = bidding._game_auctions(deal, [passing], BasicBot())
        assert [mine for mine, _ in alone[0]] == [None]
        if ends[0][0] is None:  # another seat took: as without it
            assert ends == alone[0]
            continue
        back += 1
        later = [mine for mine, _ in ends]
        assert later[0] == passing and len(later) == 4
        turned = deal.view(me).turned
        assert turned is not None
        # The seat's own calls when the auction came back to it (`mine` is None for another's).
        assert {cast(Call, c).contract for c in later[1:]} == {Contract(s) for s in range(4)} - {
            Contract(turned.suit)
        }
        for mine, outcome in ends[1:]:
            assert mine is not None
            assert outcome.contract == mine.contract
            assert outcome.declarers is me.team
            assert (outcome.hands, outcome.contract, outcome.declarers) in positions
    assert back >= 5


def test_the_later_call_is_one_for_all_worlds_that_come_back_after_its_margin() -> None:
    hearts = Call.bid(Contract.HEARTS)
    later = {Call.pass_(): 0.0, hearts: 30.0}  # summed over worlds of weight 2 or 4
    margin = bidding.GAME_MARGIN[CallKind.BID]
    assert margin == 10.0
    assert bidding._with_later(5.0, later, 2.0) == 35.0  # +15 a world clears the margin
    assert bidding._with_later(5.0, later, 4.0) == 5.0  # +7.5 a world does not: pass
    assert bidding._with_later(5.0, {}, 0.0) == 5.0


def test_the_partner_calls_in_the_worlds_as_its_model_does() -> None:
    # A partner model that takes at any strength: after the seat's first-round pass the deal
    # is played in the turned suit, the partner's unless the seat between them takes it first.
    passing = Call.pass_()
    partner = call_model._PartnerBot(0)
    ours = alone = 0
    for seed in range(20):
        deal = _french_auction(seed)
        me = deal.turn
        turned = deal.view(me).turned if me is not None else None
        assert me is not None and turned is not None
        played, _, _ = bidding._game_auctions(deal, [passing], BasicBot(), partner=partner)
        ((mine, outcome),) = played[0]
        assert mine is None and outcome.contract == Contract(turned.suit)
        ours += outcome.declarers is me.team
        basic, _, _ = bidding._game_auctions(deal, [passing], BasicBot())
        alone += basic[0][0][1].declarers is me.team and basic[0][0][1].contract is not None
    assert ours > alone


def test_a_shifted_value_stays_short_of_a_sweep_unless_it_was_one() -> None:
    assert bidding._shifted(100, 6, 162) == 106
    assert bidding._shifted(100, -20, 162) == 80
    assert bidding._shifted(158, 6, 162) == 161  # not a sweep for a shift
    assert bidding._shifted(10, -20, 162) == 1
    assert bidding._shifted(162, -20, 162) == 162  # a sweep stays one
    assert bidding._shifted(0, 6, 162) == 0
    assert bidding._shifted(90, 0, 162) == 90


def _pass_and_take(deal: Deal, seed: int) -> dict[str, float]:
    """The French Belote estimates of a pass and of taking, at ``deal``'s turn, over the same
    eight worlds whatever they cost (a budget none exhausts)."""
    view = deal.view(deal.turn)  # type: ignore[arg-type]
    calls = [a for a in view.legal if isinstance(a, Call)][:2]
    assert calls[0] == Call.pass_() and calls[1].kind is CallKind.BID
    means = _over_eight_worlds(view, calls, seed)
    return {"pass" if call == calls[0] else "take": points for call, points in means.items()}


def _over_eight_worlds(view: SeatView, calls: list[Call], seed: int) -> dict[Call, float]:
    """The estimates of ``calls`` at ``view``'s turn over the same eight worlds whatever they
    cost (a budget none exhausts)."""
    estimates = estimate_calls(
        view, calls, random.Random(seed), Solver(), nodes=10**12, hard_cap=10**12, max_worlds=8
    )
    assert [e.worlds for e in estimates] == [8] * len(calls)
    return {e.call: e.points for e in estimates}


@pytest.mark.parametrize(("shift", "raised"), [((40, 0), "take"), ((0, 40), "pass")])
def test_the_play_shift_values_the_teams_contracts_as_it_says(
    monkeypatch: pytest.MonkeyPatch, shift: tuple[int, int], raised: str
) -> None:
    # The same worlds valued with the shift: the seat's team's contracts gain, the other team's
    # lose, so no call is worth less to the seat; the take (its own contract) gains with its
    # team's shift, the pass (where the others may take) with theirs.
    gained = 0
    for seed in range(6):
        deal = _french_auction(seed)
        monkeypatch.setattr(bidding, "PLAY_SHIFT", {})
        before = _pass_and_take(deal, seed)
        monkeypatch.setattr(bidding, "PLAY_SHIFT", {"french": shift})
        after = _pass_and_take(deal, seed)
        assert all(after[c] >= before[c] - 1e-9 for c in before), (seed, before, after)
        gained += after[raised] > before[raised] + 1.0
    assert gained >= 3


@pytest.mark.parametrize(
    ("shift", "raised"), [((40, 0), Call.bid(Contract.HEARTS)), ((0, 40), Call.pass_())]
)
def test_the_bulgarian_play_shift_values_the_teams_contracts_as_it_says(
    monkeypatch: pytest.MonkeyPatch, shift: tuple[int, int], raised: Call
) -> None:
    # Bulgarian Belot's auction takes the same shift: over the same worlds no call is worth
    # less to the seat, the bid (its own contract) gains with its team's shift and the pass
    # (where the others may declare) with theirs.
    gained = 0
    for seed, five in enumerate(("JH 9H 7C 8D 7S", "9H AH 10H KC 8D", "JH 8H AC 7D 8S"), 3):
        view = _view_of(five, seed=seed).view(Seat.W)
        calls = [Call.pass_(), Call.bid(Contract.HEARTS)]
        monkeypatch.setattr(bidding, "PLAY_SHIFT", {})
        before = _over_eight_worlds(view, calls, seed)
        monkeypatch.setattr(bidding, "PLAY_SHIFT", {"bulgarian": shift})
        after = _over_eight_worlds(view, calls, seed)
        assert all(after[c] >= before[c] - 1e-9 for c in before), (five, before, after)
        gained += after[raised] > before[raised] + 0.1
    assert gained >= 2
