"""Bidding by simulation: deal the unseen cards many times, play each call out exactly, make the
call with the best mean score.

At the auction a seat sees its first five cards and the calls so far. A world deals the other
27 cards: five to each other seat, then the three cards each seat (this one too) gets after the
auction. Worlds are kept with the probability that the others would have made their calls with
those five cards (the ``basic`` bot's hand strength as a model of a bidder: a bid likely shows
strength for its contract, a pass the lack of it, a contra strength against the contract).

In each world, each call worth weighing is made, and the rest of the auction is played out by
the model (``basic`` for every seat, this one too): the others may outbid, double or leave the
contract, the partner may raise. The contract the auction ends in is solved with all hands open
(the perfect-information solver, from the first lead) and scored as the deal would be — made or
inside, doubled, with the declarations and belots the hands hold; four passes are a redeal,
worth nothing. The call with the best mean, less a margin for the risk a bid or a double takes,
is made.

French Belote, Coinche and Bela deal their worlds with ``belot.bots.sampling`` (``deal_hidden``
then ``world_deal``: the stock, Bela's hidden pairs), each drawn from ``GAME_CANDIDATES`` so
dealt by the same model of the others' calls (``belot.bots.call_model``), finish the auction
with ``basic`` and score by the game's own scoring (``deal_score``); a Coinche bid is weighed at
several levels, each by its solved outcomes, and so are coinche and surcoinche.

Calls no hand could sensibly make are not weighed (a bid far under ``basic``'s strength
threshold, a contra without defence), so most auction turns of a weak hand cost nothing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from belot.bots.base import Bot, Progress, Thought
from belot.bots.basic import (
    CONTRA_AT,
    BasicBot,
    bid_margin,
    coinche_estimate,
    contract_strength,
    defence_strength,
)
from belot.bots.call_model import CallModel, partner_bot
from belot.bots.match_equity import MatchUtility, match_utility
from belot.bots.sampling import (
    Constraints,
    SamplingError,
    choices_of,
    deal_hidden,
    drawn_by_weight,
    weight,
    world_deal,
)
from belot.bots.solver import Position, Solver, rules_options
from belot.engine.actions import CAPOT_LEVEL, Call, CallKind
from belot.engine.cards import ALL_CARDS, SUIT_MASKS, Card, Rank, mask_of
from belot.engine.contracts import Contract
from belot.engine.deal import BELOT_POINTS, Deal, Phase
from belot.engine.declarations import Declaration, announcement_choices, compare
from belot.engine.games import bela, coinche, french, game_of
from belot.engine.rules import Rules
from belot.engine.scoring import DealScore, TeamPoints, contract_total, score_deal
from belot.engine.table import Seat, Team
from belot.engine.view import SeatView

__all__ = [
    "CallEstimate",
    "deal_score",
    "declared_points",
    "estimate_calls",
    "held_belots",
    "net_score",
    "outcome_pivots",
    "playing_for",
    "worth_weighing",
]

#: How far under ``basic``'s threshold a bid is still weighed (strength points).
WINDOW: Final = 18
#: In a match, weigh a deal's outcomes by the chance of winning the match they leave
#: (``belot.bots.match_equity``), in game points at the score, instead of by their points.
PLAY_FOR_THE_MATCH: Final = True
#: Game points a deal the bot expects to gain on the other team in a match (``strong`` gained
#: +3.2 a deal on ``basic`` over 2,000 deals): as the favourite, it takes fewer risks when the
#: match is even or it leads, and needs fewer when it trails.
MATCH_EDGE: Final = 3.0
#: The same in each game, in its own game points (French Belote, Coinche and Bela score card
#: points, about ten times Bulgarian Belot's): about three quarters of what ``strong`` gained a
#: deal on ``basic`` when they were set (French +31, Coinche +175, Bela +25 a deal;
#: docs/bots/research.md). French Belote's edge as measured since, 37, won no more matches in an
#: A/B test (200 match pairs, seed 197, 20 differing): -1.0% ± 2.2%; nor did Bela's, 35
#: (201 match pairs, seed 214, 13 differing): -0.7% ± 1.8%.
MATCH_EDGES: Final = {"bulgarian": MATCH_EDGE, "french": 23.0, "coinche": 130.0, "bela": 19.0}
#: Game points a call must gain over passing, for the risk it takes (a bid may be doubled or
#: outbid; the exact play of each world is better than the table's). A bid's margin of 0 in an
#: A/B test against 1 (seed 223, 2,000 deal pairs, 310 differing): +0.10 ± 0.17, no gain.
MARGIN: Final = {CallKind.BID: 1.0, CallKind.CONTRA: 2.0, CallKind.RECONTRA: 2.0}
#: A contra or recontra must gain over passing, besides its margin, this many standard errors
#: of that gain (world by world; never with one world); 0: the margin alone. A `strong` player
#: had recontra'd its partner's loose contract on one world, and on seven, and lost 80 to 104
#: game points; in an A/B test against 0 (1,000 deal pairs, seed 111, 18 differing) 1.0 gained
#: +0.22 ± 0.28 game points a deal.
DOUBLE_Z: Final = 1.0
#: The same for a bid: its gain over passing must also be this many standard errors of that
#: gain (0: the margin alone; Bulgarian Belot only). 0.5 against 0, against the best call of
#: a few noisy estimates (A/B test, seed 222, 1,014 deal pairs, 236 differing): +0.04 ± 0.29
#: game points a deal, no gain (docs/bots/research.md, "A bid's bar in the Bulgarian auction").
BID_Z = 0.0
#: Values of each world may be this many card points off (much faster solves).
TOLERANCE: Final = 4
#: Whether those values are nonetheless exact as to the outcome they give (made, inside,
#: hanging, valat): on the same side as the exact value of each card points at which it changes.
EXACT_OUTCOMES: Final = True
#: Most worlds per decision, and most deals tried to find them.
MAX_WORLDS: Final = 48
_MAX_TRIES: Final = 1500


@dataclass(frozen=True, slots=True)
class CallEstimate:
    """A call with the mean game points (the caller's team less the other) it leads to."""

    call: Call
    points: float
    worlds: int


@dataclass(frozen=True, slots=True)
class _Outcome:
    """A contract the auction would end in: None for a redeal."""

    contract: Contract | None
    declarers: Team
    double: int


def worth_weighing(view: SeatView) -> list[Call]:
    """The legal calls of ``view`` worth simulating: pass, and the bids, contra and recontra
    the hand is not far too weak for (pass alone: nothing to weigh)."""
    if game_of(view.rules).name != "bulgarian":
        return _game_worth_weighing(view)
    hand = mask_of(view.hand)
    seat = view.seat
    legal = {a for a in view.legal if isinstance(a, Call)}
    partner_bids = [
        c.contract for s, c in view.calls if s == seat.partner and c.contract is not None
    ]
    current, holder = view.contract, view.bidder
    calls = [Call.pass_()] if Call.pass_() in legal else []
    for contract in Contract:
        if Call.bid(contract) not in legal:
            continue
        over_partner = holder is not None and holder.team is seat.team
        if bid_margin(hand, contract, partner_bids, over_partner) >= -WINDOW:
            calls.append(Call.bid(contract))
    if current is not None:
        contra_bar = CONTRA_AT - WINDOW
        if Call.contra() in legal and defence_strength(hand, current) >= contra_bar:
            calls.append(Call.contra())
        if Call.recontra() in legal:
            calls.append(Call.recontra())
    return calls


def estimate_calls(
    view: SeatView,
    calls: list[Call],
    rng: random.Random,
    solver: Solver,
    *,
    nodes: int,
    hard_cap: int,
    max_worlds: int | None = None,
    progress: Progress | None = None,
) -> list[CallEstimate]:
    """Each of ``calls`` with the mean game points for the caller's team less the other's that
    it leads to, best first after the risk margins, over worlds solved within ``nodes`` solver
    nodes in all (``hard_cap`` if that is more, until a first world is solved). Until then, a
    world with a contract that takes more than ``hard_cap`` nodes is skipped for the next one
    while nodes are left. Empty when no world was solved. ``progress`` is told the worlds
    solved and the best call so far after each world (and once before the first)."""
    max_worlds = MAX_WORLDS if max_worlds is None else max_worlds
    if progress is not None:
        progress(Thought(len(calls), 0, max_worlds, 0.0, None))
    if game_of(view.rules).name != "bulgarian":
        return _estimate_game_calls(
            view,
            calls,
            rng,
            solver,
            nodes=nodes,
            hard_cap=hard_cap,
            max_worlds=max_worlds,
            progress=progress,
        )
    ours = view.seat.team
    leader = Seat((view.dealer + view.rules.direction) % 4)
    model = BasicBot()
    utility = playing_for(view, ours)
    sums = dict.fromkeys(calls, 0.0)
    # Each double's (and bid's) squared gains over passing, world by world (``DOUBLE_Z``,
    # ``BID_Z``).
    passing = Call.pass_()
    doubles = (CallKind.CONTRA, CallKind.RECONTRA)
    zs = {c: DOUBLE_Z if c.kind in doubles else BID_Z for c in calls if c != passing}
    squares = {c: 0.0 for c, z in zs.items() if z and passing in calls}
    gain, loss = PLAY_SHIFT.get("bulgarian", (0, 0))
    shifts = {ours: gain, ours.other: -loss}
    worlds = 0
    spent = 0

    def margin(call: Call) -> float:
        """What ``call`` must gain over passing: its ``MARGIN`` and, for a double, ``DOUBLE_Z``
        standard errors of its gain over the worlds so far (for a bid ``BID_Z``)."""
        result = MARGIN.get(call.kind, 0.0)
        if call in squares:
            gain = (sums[call] - sums[passing]) / worlds
            spread = (squares[call] - worlds * gain**2) / (worlds - 1) if worlds > 1 else math.inf
            result += zs[call] * math.sqrt(max(spread, 0.0) / worlds)
        return result

    for five, hands in _worlds(view, mask_of(view.hand), rng, max_worlds):
        outcomes = _auctions(view, five, hands, calls, model)
        # Each contract is solved once a world, whatever the double.
        solves = sorted({(o.contract, o.declarers) for o in outcomes if o.contract is not None})
        # Each solve's value, moved by ``PLAY_SHIFT``'s shift for its declarers.
        values: dict[tuple[Contract, Team], int] = {}
        allowed = nodes if worlds else max(nodes, hard_cap)
        held = _held(hands)
        for contract, declarers in solves:
            options = rules_options(view.rules, contract)
            position = Position(hands, contract, declarers, leader, **options)
            limit = allowed - spent if worlds else min(allowed - spent, hard_cap)
            total = contract_total(contract, view.rules)
            pivots: tuple[int, ...] = ()
            if EXACT_OUTCOMES:
                unshifted = _pivots(view, held, contract, declarers)
                pivots = _shifted_pivots(unshifted, shifts[declarers], total)
            value = solver.try_solve(position, max(limit, 1), TOLERANCE, pivots)
            spent += solver.nodes
            if value is None:
                break
            values[contract, declarers] = _shifted(value, shifts[declarers], total)
        if len(values) < len(solves):
            # Out of nodes in the middle of a world: it does not count. Before any world is
            # solved, a hard one is skipped for the next while nodes are left.
            if worlds or spent >= allowed:
                break
            continue
        nets = dict.fromkeys(calls, 0.0)
        for call, outcome in zip(calls, outcomes, strict=True):
            if outcome.contract is not None:
                value = values[outcome.contract, outcome.declarers]
                nets[call] = _net(view, held, outcome, value, ours, utility)
        for call in calls:
            sums[call] += nets[call]
        for call in squares:
            squares[call] += (nets[call] - nets[passing]) ** 2
        worlds += 1
        if progress is not None:
            best = min(calls, key=lambda c: (-(sums[c] / worlds - margin(c)), _order(c)))
            progress(Thought(len(calls), worlds, max_worlds, min(spent / max(nodes, 1), 1.0), best))
        if spent >= nodes:
            break
    if worlds == 0:
        return []
    estimates = [CallEstimate(call, sums[call] / worlds, worlds) for call in calls]
    estimates.sort(key=lambda e: (-(e.points - margin(e.call)), _order(e.call)))
    return estimates


#: French Belote, Coinche and Bela score a deal in card points (about ten times Bulgarian
#: Belot's game points): the margins a call must gain over passing there. A bid's margin of 25
#: in French Belote (A/B test, seed 155, 505 deal pairs): +0.32 ± 3.26 game points a deal; of 30
#: in Bela (seed 206, 1,626 pairs): -0.52 ± 1.86. No gain shown: 10 in every game.
GAME_MARGIN: Final = {CallKind.BID: 10.0, CallKind.COINCHE: 20.0, CallKind.SURCOINCHE: 20.0}
#: Coinche: bid levels weighed per suit, from the lowest legal one up (and capot when the
#: hand's estimate reaches ``_CAPOT_ESTIMATE``), for the ``_COINCHE_SUITS`` best suits; a suit
#: whose estimate is this far under the lowest legal level is not weighed.
_COINCHE_LEVELS: Final = 6
_COINCHE_SUITS: Final = 2
_COINCHE_WINDOW: Final = 30
_CAPOT_ESTIMATE: Final = 190
#: Bela: how many suits a call is weighed in, the hand's strongest. Every suit weighed costs a
#: solve a world: with all four, a naming turn weighed about 6 worlds within its budget, with
#: two about 10, and its decisions came nearer those of 8 times the budget; French Belote's
#: second round (three suits) showed no such gain, and weighs every suit (docs/bots/research.md,
#: "Fewer suits, more worlds").
GAME_SUITS: Final = 2
#: Solver nodes a call played out in a world is charged (its time: a view, ``basic``'s call,
#: the push and pop), so that the auction's node budget keeps the decision's time whatever the
#: number of calls weighed: 13-18 µs, under 150 nodes at ``NODES_PER_SECOND``
#: (``benchmarks/auction_worlds.py``). It was 15,000 (2.5 ms, a call's time on 2 December),
#: which left a Coinche opening two worlds for its dozen bids; with 150 it weighs six to ten (at the
#: auction's budget of then, 1.2 times a card's; see ``strong.GAME_AUCTION_THINK`` since),
#: and in an A/B test of matches (seed 137, 246 match pairs) `strong` won 79.9% of Coinche
#: matches against `basic` where with 15,000 it won 72.8% (+7.1% ± 4.4%); French Belote +1.55 ±
#: 2.51 game points a deal (seed 133, 1,000 pairs), Bela -0.11 ± 2.94 (seed 135, 517 pairs).
CALL_NODES: Final = 150
#: Whether French Belote's, Coinche's and Bela's auction worlds follow `basic`'s model of the
#: others' calls (``call_model``: each world drawn from ``GAME_CANDIDATES`` dealt ones with the
#: chance that `basic` holding it would have made those calls) instead of ``sampling.weight``'s
#: priors on the jack and nine of a suit called. In A/B tests with the card play's model
#: (``strong.PLAY_CALL_MODEL``): French Belote +4.02 ± 4.74 game points a deal (seed 117, 1,000
#: deal pairs) and -3.79 ± 4.79 (seed 125, 840), Bela +1.62 ± 3.98 (seed 121, 1,000); Coinche's
#: alone +53 ± 207 after 44 pairs. No gain shown, nor loss: `basic`'s calls read as it makes them.
GAME_MODEL = True
GAME_CANDIDATES: Final = 32
#: Whether, in French Belote's first round, a world whose auction comes back to the seat in the
#: second weighs each of its calls then and makes the best over all such worlds (the seat will
#: choose then, not `basic`), instead of `basic`'s call for it in each world. In an A/B test
#: (seed 163, stopped after 381 deal pairs, 80 differing) +1.09 ± 3.33 game points a deal, and
#: again on new deals (seed 213, stopped after 1,456, 324 differing) -0.59 ± 1.81; pooled -0.24 ±
#: 1.59 over 1,837: no gain shown, so off.
GAME_AGAIN = False
#: Solver nodes a candidate world is charged (its dealing and its calls' chance: 70-80 µs until
#: ``sampling.deal_hidden`` dealt the cards no seat is barred from last, in one shuffle, 30-38
#: µs since; the charge was kept, so that the same worlds take less time).
CANDIDATE_NODES: Final = 500
#: The auction's worlds (every game's) solve each contract with all hands open;
#: by game, the card points the declarers are taken to gain on that value when the seat's team
#: declares, and to lose when the other team does: the errors of the card play the worlds leave
#: out (the other team played as ``basic`` plays; ``benchmarks/card_losses.py`` gives each side's
#: loss a card against open hands). A sweep stays a sweep. A game not named: none. In A/B tests
#: against none: French Belote (6, 20) +0.27 ± 1.56 game points a deal (2,000 deal pairs, seed
#: 203) and (0, 14) +0.21 ± 2.34 (1,003, seed 209), Bulgarian Belot (0, 18) -0.11 ± 0.31 (985,
#: seed 210): no gain shown; Bela (0, 14) +1.12 ± 2.05 (2,000, seed 204) and again +3.24 ± 2.02
#: (2,000, seed 208), together +2.18 ± 1.44 over 4,000: adopted in Bela (docs/bots/research.md,
#: "Where the other games' edge is made", "The Bela open-hands shift again").
PLAY_SHIFT: dict[str, tuple[int, int]] = {"bela": (0, 14)}


def _game_worth_weighing(view: SeatView) -> list[Call]:
    """French Belote's legal calls (a pass and at most three suits), Bela's pass and the
    ``GAME_SUITS`` suits the hand is strongest in (``basic``'s ``contract_strength``), or Coinche's
    pass, coinche, surcoinche and the bids of its best suits at the levels within reach."""
    legal = [a for a in view.legal if isinstance(a, Call)]
    name = game_of(view.rules).name
    if name == "french":
        return legal  # at most three suits, and two instead showed no gain (GAME_SUITS)
    hand = mask_of(view.hand)
    if name == "bela":
        strength = {
            c: contract_strength(hand, c.contract)
            for c in legal
            if c.kind is CallKind.BID and c.contract is not None
        }
        kept = set(sorted(strength, key=strength.__getitem__, reverse=True)[:GAME_SUITS])
        return [c for c in legal if c.kind is not CallKind.BID or c in kept]
    lowest = min((c.level for c in legal if c.kind is CallKind.BID), default=None)
    calls = [c for c in legal if c.kind is not CallKind.BID]
    if lowest is None:
        return calls
    estimates = sorted(((coinche_estimate(hand, suit), suit) for suit in range(4)), reverse=True)[
        :_COINCHE_SUITS
    ]
    legal_set = set(legal)
    for estimate, suit in estimates:
        if estimate + _COINCHE_WINDOW < lowest:
            continue
        for step in range(_COINCHE_LEVELS):
            bid = Call.points_bid(lowest + 10 * step, Contract(suit))
            if bid in legal_set:
                calls.append(bid)
        capot = Call.points_bid(CAPOT_LEVEL, Contract(suit))
        if estimate >= _CAPOT_ESTIMATE and capot in legal_set:
            calls.append(capot)
    return calls


@dataclass(frozen=True, slots=True)
class _Played:
    """Where an auction ends in a world of any game: the contract, who declares, the double,
    a Coinche bid's level and the hands of the play (None: a redeal)."""

    contract: Contract | None
    declarers: Team
    double: int
    level: int
    hands: tuple[int, int, int, int]


def _estimate_game_calls(
    view: SeatView,
    calls: list[Call],
    rng: random.Random,
    solver: Solver,
    *,
    nodes: int,
    hard_cap: int,
    max_worlds: int,
    progress: Progress | None = None,
) -> list[CallEstimate]:
    """``estimate_calls`` for French Belote, Coinche and Bela: each world is dealt within what
    the seat has seen (``sampling.deal_hidden``, completed by ``world_deal``: the stock, Bela's
    hidden pairs), weighted by the calls (``sampling.weight``); each call is made in it and the
    auction finished by ``basic`` for every seat; the contract it ends in is solved from the
    first lead and scored by the game's own scoring (a Coinche bid's level and doubles too).
    Coinche's level is so chosen from the distribution of the solved outcomes at each level."""
    rules = view.rules
    ours = view.seat.team
    model = BasicBot()
    constraints = Constraints.of(view)
    choose = choices_of(rules)
    first = first_seat(view)
    hanging = 0 if view.standing is None else view.standing.hanging
    utility = playing_for(view, ours)
    sums = dict.fromkeys(calls, 0.0)
    # With ``GAME_AGAIN``: each call's worlds whose auction comes back to this seat, apart,
    # by the seat's call then (one turn, the same in all of them: French Belote's second round).
    later: dict[Call, dict[Call, float]] = {call: {} for call in calls}
    back = dict.fromkeys(calls, 0.0)  # those worlds' weight
    game = game_of(rules).name
    again = GAME_AGAIN and game == "french"
    partner = partner_bot(game)
    weights = 0.0
    worlds = 0
    spent = 0
    reader = CallModel(view) if GAME_MODEL else None
    gain, loss = PLAY_SHIFT.get(game, (0, 0))
    shifts = {ours: gain, ours.other: -loss}
    for _ in range(max_worlds):
        try:
            if reader is not None and reader.seats:  # another seat has called
                hidden = _modelled_world(reader, constraints, rng)
                spent += CANDIDATE_NODES * GAME_CANDIDATES
                w = 1.0
            else:
                hidden = deal_hidden(constraints, rng)
                w = weight(view, hidden)
            deal = world_deal(view, hidden, rng)
        except SamplingError:
            continue
        played, positions, pushed = _game_auctions(deal, calls, model, again=again, partner=partner)
        # The auctions played out cost time the solver's nodes do not count.
        spent += CALL_NODES * pushed
        outcomes = [outcome for ends in played for _, outcome in ends]
        extras = {
            outcome: _world_extras(outcome, rules, choose, first)
            for outcome in outcomes
            if outcome.contract is not None
        }
        # Each solve's value, moved by ``PLAY_SHIFT``'s shift for its declarers.
        values: dict[tuple[tuple[int, int, int, int], Contract, Team], int] = {}
        allowed = nodes if worlds else max(nodes, hard_cap)
        for key, position in positions.items():
            _, contract, declarers = key
            limit = allowed - spent if worlds else min(allowed - spent, hard_cap)
            total = contract_total(contract, rules)
            pivots: set[int] = set()
            for outcome in outcomes:
                if (outcome.hands, outcome.contract, outcome.declarers) == key:
                    declared, belots = extras[outcome]
                    unshifted = outcome_pivots(
                        rules,
                        contract,
                        declarers,
                        outcome.double,
                        total,
                        declared,
                        belots,
                        outcome.level,
                    )
                    pivots.update(_shifted_pivots(unshifted, shifts[declarers], total))
            chosen = tuple(sorted(pivots))[:4] if EXACT_OUTCOMES else ()
            value = solver.try_solve(position, max(limit, 1), TOLERANCE, chosen)
            spent += solver.nodes
            if value is None:
                break
            values[key] = _shifted(value, shifts[declarers], total)
        if len(values) < len(positions):
            if worlds or spent >= allowed:
                break
            continue
        for call, ends in zip(calls, played, strict=True):
            if ends[0][0] is not None:
                back[call] += w
            for mine, outcome in ends:
                gained = 0.0
                if outcome.contract is not None:  # a redeal is worth nothing
                    declared, belots = extras[outcome]
                    total = contract_total(outcome.contract, rules)
                    value = values[outcome.hands, outcome.contract, outcome.declarers]
                    gained = w * net_score(
                        rules,
                        outcome.contract,
                        outcome.declarers,
                        outcome.double,
                        min(max(value, 0), total),
                        total,
                        declared,
                        belots,
                        ours,
                        hanging=hanging,
                        utility=utility,
                        level=outcome.level,
                    )
                if mine is None:
                    sums[call] += gained
                else:
                    later[call][mine] = later[call].get(mine, 0.0) + gained
        weights += w
        worlds += 1
        if progress is not None and weights > 0:
            means = {c: _with_later(sums[c], later[c], back[c]) / weights for c in calls}
            best = min(
                calls, key=lambda c: (-(means[c] - GAME_MARGIN.get(c.kind, 0.0)), _game_order(c))
            )
            progress(Thought(len(calls), worlds, max_worlds, min(spent / max(nodes, 1), 1.0), best))
        if spent >= nodes:
            break
    if worlds == 0 or weights <= 0:
        return []
    estimates = [
        CallEstimate(call, _with_later(sums[call], later[call], back[call]) / weights, worlds)
        for call in calls
    ]
    estimates.sort(
        key=lambda e: (-(e.points - GAME_MARGIN.get(e.call.kind, 0.0)), _game_order(e.call))
    )
    return estimates


def _shifted_pivots(pivots: tuple[int, ...], shift: int, total: int) -> tuple[int, ...]:
    """The open-hands values at which an outcome's kind changes once they are moved by
    ``shift`` (``_shifted``): each pivot ``shift`` lower, a sweep's pivots kept."""
    if shift == 0:
        return pivots
    return tuple(p if p in (1, total) else min(max(p - shift, 1), total) for p in pivots)


def _shifted(value: int, shift: int, total: int) -> int:
    """An open-hands value of the declarers' card points (of ``total``) moved by ``shift``,
    short of a sweep either way unless it was one."""
    if shift == 0 or value <= 0 or value >= total:
        return value
    return min(max(value + shift, 1), total - 1)


def _with_later(total: float, later: dict[Call, float], weight: float) -> float:
    """A call's sum over its worlds that do not come back to the seat, plus, over those that
    do (of ``weight`` in all), the sum of the later call it would then make: the best after its
    margin. The seat will not know which of those worlds it is in, so one call for them all."""
    if not later:
        return total
    best = min(
        later,
        key=lambda c: (-(later[c] - weight * GAME_MARGIN.get(c.kind, 0.0)), _game_order(c)),
    )
    return total + later[best]


def _modelled_world(
    model: CallModel, constraints: Constraints, rng: random.Random
) -> tuple[int, int, int, int]:
    """One world of the other seats' hands, drawn from ``GAME_CANDIDATES`` dealt within what the
    seat has seen, each with the chance that `basic` would have made the others' calls holding
    it (``CallModel.auction``)."""
    hidden, chance = drawn_by_weight(
        GAME_CANDIDATES, lambda: deal_hidden(constraints, rng), model.auction, rng
    )
    if chance <= 0.0:
        raise SamplingError("no dealt world agrees with the calls")
    return hidden


def _game_order(call: Call) -> tuple[int, int]:
    """Ties go to the quieter call: pass, then the lower bid, then doubles."""
    if call.kind is CallKind.PASS:
        return (-1, 0)
    if call.kind is CallKind.BID:
        return (call.level, int(call.contract or 0))
    return (1000, int(call.kind is CallKind.SURCOINCHE))


def _world_extras(
    outcome: _Played,
    rules: Rules,
    choose: Callable[[int], list[tuple[Declaration, ...]]],
    first: Seat,
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The declaration points that score and the belots per team of a world's play, each seat
    announcing its best declarations (the game's own ``choose``)."""
    contract = outcome.contract
    assert contract is not None
    announced = [choose(hand)[0] for hand in outcome.hands]
    declared = declared_points(announced, contract, rules, first)
    belots = held_belots(outcome.hands, contract)
    return declared, (belots[0], belots[1])


def _game_auctions(
    deal: Deal, calls: list[Call], model: Bot, *, again: bool = False, partner: Bot | None = None
) -> tuple[
    list[list[tuple[Call | None, _Played]]],
    dict[tuple[tuple[int, int, int, int], Contract, Team], Position],
    int,
]:
    """Where the auction of the world ``deal`` ends after each of ``calls``, the other calls
    made by ``model``; the position of the first lead of each contract so reached; and how
    many calls were made in all. Each call's ends are one, with no call of this seat's after
    it (None); with ``again``, when the auction comes back to this seat, one for each of its
    calls then (the call), the rest made by ``model`` (the partner's by ``partner``, if
    given)."""
    made = 0
    played: list[list[tuple[Call | None, _Played]]] = []
    positions: dict[tuple[tuple[int, int, int, int], Contract, Team], Position] = {}
    me = deal.turn
    assert me is not None
    models = [model] * 4
    models[me.partner] = partner or model
    for call in calls:
        deal.push(call, me)
        ends: list[tuple[Call | None, _Played]] = []
        made += 1 + _finish(deal, models, me, None, again, ends, positions)
        deal.pop()
        played.append(ends)
    return played, positions, made


def _finish(
    deal: Deal,
    models: list[Bot],
    me: Seat,
    mine: Call | None,
    again: bool,
    ends: list[tuple[Call | None, _Played]],
    positions: dict[tuple[tuple[int, int, int, int], Contract, Team], Position],
) -> int:
    """Finish the auction of ``deal`` with each seat's ``models``' calls (this seat's too,
    unless ``again``: then each of its calls in turn), add where it ends to ``ends`` (with ``mine``,
    this seat's later call) and its first lead to ``positions``; how many calls were made.
    ``deal`` is left as it was."""
    pushed = 0
    made = 0
    while deal.phase is Phase.AUCTION:
        turn = deal.turn
        assert turn is not None
        if again and turn == me:
            for later in [a for a in deal.legal_actions() if isinstance(a, Call)]:
                deal.push(later, me)
                made += 1 + _finish(deal, models, me, later, False, ends, positions)
                deal.pop()
            for _ in range(pushed):
                deal.pop()
            return made + pushed
        deal.push(models[turn].act(deal.view(turn)), turn)
        pushed += 1
    contract, bidder = deal.contract, deal.bidder
    hands = (
        deal.hand_mask(Seat.N),
        deal.hand_mask(Seat.E),
        deal.hand_mask(Seat.S),
        deal.hand_mask(Seat.W),
    )
    if contract is None or bidder is None or deal.phase is not Phase.PLAY:
        ends.append((mine, _Played(None, bidder.team if bidder else Team.NS, 1, 0, hands)))
    else:
        key = (hands, contract, bidder.team)
        if key not in positions:
            positions[key] = Position.from_deal(deal)
        level = coinche.bid_level(deal.calls)
        ends.append((mine, _Played(contract, bidder.team, deal.double, level, hands)))
    for _ in range(pushed):
        deal.pop()
    return made + pushed


def playing_for(view: SeatView, team: Team) -> MatchUtility | None:
    """``team``'s match utility, gaining the game's ``MATCH_EDGES`` a deal, when the deal is
    part of a match (and ``PLAY_FOR_THE_MATCH``); None when a deal is worth its game points."""
    if not PLAY_FOR_THE_MATCH:
        return None
    game = game_of(view.rules).name
    return match_utility(view.standing, team, MATCH_EDGES[game], game)


def _order(call: Call) -> int:
    """Ties go to the quieter call: pass, then the lower bid, then doubles."""
    if call.kind is CallKind.PASS:
        return -1
    if call.contract is not None:
        return int(call.contract)
    return 10 if call.kind is CallKind.CONTRA else 11


def _auctions(
    view: SeatView,
    five: tuple[int, int, int, int],
    hands: tuple[int, int, int, int],
    calls: list[Call],
    model: Bot,
) -> list[_Outcome]:
    """Where the auction ends after each of ``calls`` in the world ``hands`` (``five``: the
    cards dealt before the auction), the other calls made by ``model``."""
    deal = Deal.with_hands(
        [_cards(five[s]) + _cards(hands[s] & ~five[s]) for s in Seat],
        view.rules,
        dealer=view.dealer,
        cut=view.cut or 1,
    )
    for seat, call in view.calls:
        deal.push(call, seat)
    outcomes = []
    for call in calls:
        deal.push(call)
        pushed = 1
        while deal.phase is Phase.AUCTION:
            turn = deal.turn
            assert turn is not None
            deal.push(model.act(deal.view(turn)))
            pushed += 1
        if deal.contract is None or deal.declarers is None:
            outcomes.append(_Outcome(None, view.seat.team, 1))
        else:
            outcomes.append(_Outcome(deal.contract, deal.declarers, deal.double))
        for _ in range(pushed):
            deal.pop()
    return outcomes


def _cards(mask: int) -> list[Card]:
    return [ALL_CARDS[c] for c in range(32) if mask >> c & 1]


def _worlds(
    view: SeatView, hand: int, rng: random.Random, count: int
) -> Iterator[tuple[tuple[int, int, int, int], tuple[int, int, int, int]]]:
    """Up to ``count`` deals that agree with ``view``: the five cards each seat holds at the
    auction (the seat's own, the others' kept with the probability of their calls), and the
    eight it holds after."""
    me = view.seat
    others = [s for s in Seat if s != me]
    unseen = [c for c in range(32) if not hand >> c & 1]
    model = CallModel(view)
    tries = 0
    found = 0
    while found < count and tries < _MAX_TRIES:
        tries += 1
        rng.shuffle(unseen)
        five = [0, 0, 0, 0]
        five[me] = hand
        for i, seat in enumerate(others):
            for c in unseen[5 * i : 5 * i + 5]:
                five[seat] |= 1 << c
        if rng.random() >= model.auction(five):
            continue
        full = list(five)
        for i, seat in enumerate(Seat):
            for c in unseen[15 + 3 * i : 18 + 3 * i]:
                full[seat] |= 1 << c
        found += 1
        yield (five[0], five[1], five[2], five[3]), (full[0], full[1], full[2], full[3])


@dataclass(frozen=True, slots=True)
class _Held:
    """The hands of a world and the best declarations each announces."""

    hands: tuple[int, int, int, int]
    announced: tuple[tuple[Declaration, ...], ...]

    def declared(self, view: SeatView, contract: Contract) -> tuple[int, int]:
        """The declaration points that score per team (none in No trumps)."""
        return declared_points(self.announced, contract, view.rules, first_seat(view))


def declared_points(
    announced: Sequence[Sequence[Declaration]],
    contract: Contract,
    rules: Rules,
    first: Seat | None = None,
) -> tuple[int, int]:
    """The points of the declarations that score per team, each seat having announced
    ``announced[seat]``, compared as the game of ``rules`` compares them (Bulgarian Belot's
    one by one; French Belote's, Coinche's and Bela's single strongest, ties to the seat that
    plays earlier from ``first``, the dealer's next); none where the game does not declare."""
    game = game_of(rules)
    if game.name == "bulgarian":
        if contract == Contract.NO_TRUMPS:
            return (0, 0)
        scored = compare(announced, contract, rules.declaration_compare)
        return (sum(d.points for d in scored[0]), sum(d.points for d in scored[1]))
    if not game.declares(contract) or contract.trump is None:
        return (0, 0)
    assert first is not None, "the order of play decides equal declarations"
    order = [Seat((first + k * rules.direction) % 4) for k in range(4)]
    if game.name == "bela":
        winner = bela.declaration_winner(announced, order)
    else:
        winner = french.declaration_winner(announced, contract.trump, order)
    points = [0, 0]
    if winner is not None:
        points[winner] = sum(d.points for seat in winner.seats for d in announced[seat])
    return (points[0], points[1])


def _held(hands: tuple[int, int, int, int]) -> _Held:
    return _Held(hands, tuple(announcement_choices(h)[0] for h in hands))


def held_belots(hands: tuple[int, int, int, int], contract: Contract) -> list[int]:
    """Belot points per team: the king and queen of trumps (of any suit in all trumps) in one
    hand."""
    points = [0, 0]
    if contract == Contract.NO_TRUMPS:
        return points
    suits = range(4) if contract == Contract.ALL_TRUMPS else (int(contract),)
    pair = (1 << Rank.KING) | (1 << Rank.QUEEN)
    for seat, held in enumerate(hands):
        for suit in suits:
            if (held & SUIT_MASKS[suit]) >> (8 * suit) & pair == pair:
                points[seat & 1] += BELOT_POINTS
    return points


def _pivots(view: SeatView, held: _Held, contract: Contract, declarers: Team) -> tuple[int, ...]:
    """``outcome_pivots`` of ``contract`` declared by ``declarers`` in the world ``held``."""
    total = contract_total(contract, view.rules)
    belots = held_belots(held.hands, contract)
    return outcome_pivots(
        view.rules,
        contract,
        declarers,
        1,
        total,
        held.declared(view, contract),
        (belots[0], belots[1]),
    )


def _net(
    view: SeatView,
    held: _Held,
    outcome: _Outcome,
    value: int,
    ours: Team,
    utility: MatchUtility | None = None,
) -> float:
    """Game points for ``ours`` less the other team's, had the deal been played out in
    ``outcome`` with the declarers taking ``value`` card points (what they are worth in the
    match, with a ``utility``)."""
    contract = outcome.contract
    assert contract is not None
    total = contract_total(contract, view.rules)
    return net_score(
        view.rules,
        contract,
        outcome.declarers,
        outcome.double,
        min(max(value, 0), total),
        total,
        held.declared(view, contract),
        held_belots(held.hands, contract),
        ours,
        hanging=0 if view.standing is None else view.standing.hanging,
        utility=utility,
    )


def net_score(
    rules: Rules,
    contract: Contract,
    declarers: Team,
    double: int,
    value: int,
    total: int,
    declared: Sequence[int],
    belots: Sequence[int],
    ours: Team,
    *,
    hanging: int = 0,
    utility: MatchUtility | None = None,
    level: int = 0,
) -> float:
    """Game points written for ``ours`` less the other team's when the declarers take ``value``
    of the deal's ``total`` card points (all of them or none: a sweep), with ``declared`` and
    ``belots`` points per team and ``hanging`` points carried in (Coinche: bid at ``level``).
    With a match ``utility``: what the points written are worth to ``ours`` in the match, in
    game points."""
    score = deal_score(
        rules, contract, declarers, double, value, total, declared, belots, hanging, level
    )
    if utility is not None:
        return utility(score.written[ours], score.written[ours.other])
    return float(score.written[ours] - score.written[ours.other])


@lru_cache(maxsize=4096)
def outcome_pivots(
    rules: Rules,
    contract: Contract,
    declarers: Team,
    double: int,
    total: int,
    declared: tuple[int, int],
    belots: tuple[int, int],
    level: int = 0,
) -> tuple[int, ...]:
    """The declarers' card points at which the deal's outcome changes in kind (a sweep against
    them, inside, hanging, made, their sweep): each value from which on it differs from the one
    below, ascending (at most four). Remembered: a decision asks for the same few many times."""
    kinds = []
    for value in range(total + 1):
        score = deal_score(
            rules, contract, declarers, double, value, total, declared, belots, 0, level
        )
        kinds.append((score.outcome, score.valat))
    return tuple(v for v in range(1, total + 1) if kinds[v] != kinds[v - 1])


def deal_score(
    rules: Rules,
    contract: Contract,
    declarers: Team,
    double: int,
    value: int,
    total: int,
    declared: Sequence[int],
    belots: Sequence[int],
    hanging: int = 0,
    level: int = 0,
) -> DealScore:
    """The deal's score, by the engine's scoring of the game of ``rules``, when the declarers
    take ``value`` of its ``total`` card points: all of them is their sweep (valat, capot,
    stiglja), none the other side's (see ``net_score``; ``level``: a Coinche bid's)."""
    cards = [0, 0]
    cards[declarers] = value
    cards[declarers.other] = total - value
    sweep = declarers if value == total else declarers.other if value == 0 else None
    name = game_of(rules).name
    if name == "french":
        return french.score_french(
            declarers, (cards[0], cards[1]), _pair(declared), _pair(belots), sweep
        )
    if name == "coinche":
        return coinche.score_coinche(
            rules,
            declarers,
            level,
            (cards[0], cards[1]),
            _pair(declared),
            _pair(belots),
            sweep,
            double,
        )
    if name == "bela":
        return bela.score_bela(
            declarers,
            (cards[0], cards[1]),
            _pair(declared),
            _pair(belots),
            sweep,
            tie=rules.tie,
            hanging=hanging,
        )
    return score_deal(
        rules,
        contract,
        declarers,
        (
            TeamPoints(cards[0], declared[0], belots[0]),
            TeamPoints(cards[1], declared[1], belots[1]),
        ),
        double=double,
        valat=sweep,
        hanging=hanging,
    )


def _pair(points: Sequence[int]) -> tuple[int, int]:
    return (points[0], points[1])


def first_seat(view: SeatView) -> Seat:
    """The seat after the dealer: it calls first and leads the first trick."""
    return Seat((view.dealer + view.rules.direction) % 4)
