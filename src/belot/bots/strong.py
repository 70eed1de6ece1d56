"""``strong``: deal the unseen cards many times, solve each world exactly, play the best average.

Card play: worlds are dealt by ``belot.bots.sampling`` (consistent with voids, belots, shown
declarations; weighted by the auction), each is solved by the perfect-information solver for
every legal card, and the card with the best weighted average for the bot's team is played —
the average of the game points the deal would write (made or inside, doubles, declarations and
belots announced), not of raw card points.
The search effort is a node budget (``think`` seconds × ``NODES_PER_SECOND``), not a clock, so
the bot is deterministic for a given seed whatever the machine's load. A card of the first
trick gets ``FIRST_TRICK_THINK`` times the budget: its worlds are whole deals to solve.

Auction: bidding by simulation (``belot.bots.bidding``): each call worth weighing is played out
exactly in worlds dealt to agree with the calls so far, and the one with the best mean score is
made, within ``AUCTION_THINK`` (4.8) times the card-play node budget (French Belote and Bela
3.6 times, Coinche 2.4: ``GAME_AUCTION_THINK``). Cut: ``basic``'s. Declarations: always the
best set.

Every game plays so: French Belote, Coinche and Bela deal their worlds by the same sampling (the
turned card and its taker, Bela's hidden pairs, each game's obligations), solve them under their
own obligations and score them by the engine's scoring of the game (``bidding.deal_score``:
French made at equal points or dedans, capot 252; Coinche's contract test, level, capot and
doubles; Bela's callers who must score more, stiglja). Bela's bela is kept silent when the
worlds score that better. In a match every game plays for the match (``bidding.playing_for``):
each world's outcome is weighed by the chance of winning the match it leaves, from the game's
own table (``match_equity``).
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import ClassVar, Final

import numpy as np
import numpy.typing as npt

from belot.bots.base import Bot, Progress, Thought, decision_rng
from belot.bots.basic import BasicBot
from belot.bots.bidding import (
    CANDIDATE_NODES,
    CallEstimate,
    declared_points,
    estimate_calls,
    first_seat,
    held_belots,
    net_score,
    outcome_pivots,
    playing_for,
    worth_weighing,
)
from belot.bots.call_model import CallModel
from belot.bots.inference import PlayModel
from belot.bots.sampling import (
    Constraints,
    SamplingError,
    announced_as,
    dealt_world,
    drawn_by_weight,
    weight,
)
from belot.bots.signals import SignalReading, longest, plain_choices
from belot.bots.solver import Position, Solver, load_compiled
from belot.engine.actions import Action, Call, Declare, Play
from belot.engine.cards import Card, mask_of
from belot.engine.contracts import Contract
from belot.engine.deal import BELOT_POINTS, Phase
from belot.engine.declarations import Declaration
from belot.engine.games import game_of
from belot.engine.games.coinche import bid_level
from belot.engine.scoring import contract_total
from belot.engine.table import Seat
from belot.engine.view import SeatView

__all__ = [
    "NODES_PER_SECOND",
    "CardEstimate",
    "StrongBot",
    "WorldWeight",
    "estimate_cards",
    "shared_solver",
]

#: Solver nodes one core of this project's reference machine searches per second (measured
#: 6.5-6.8 M in the first two tricks of full deals with the tolerance the bot uses, 5.9-6.3 M in
#: the later cards, against 10.0-10.8 M before the solver's steps of 2026-12-03 (eff8337, 5fcf562):
#: a node now does more, the last two tricks played out at once; the low end, so that a budget
#: holds on a busy machine). It was 10 M until then, which took the slowest decisions to 1.1 s.
NODES_PER_SECOND: Final = 6_000_000
#: Think time per decision when the bot is given none (3 M nodes; most later cards stop sooner,
#: at ``MAX_WORLDS`` worlds). 0.5 s, not 0.175 s: in A/B tests on 600 deal pairs, 2.9 × the
#: nodes gained +0.87 ± 0.73 game points a deal. With the factors below, decisions with a choice
#: took 228 ms on average and 777 ms at most (`benchmarks/think_times.py`, 24 deals, both cores
#: busy; at 6 M nodes a second, 12 deals of each game: 163-228 ms on average, 676 ms at most).
DEFAULT_THINK: Final = 0.5
#: Nodes a solve of the first world may take (about 0.25 s at the solver's 24 M nodes a second)
#: when the budget is smaller. Over it, a card is played by `basic`; in the auction the world is
#: skipped for another while the budget lasts. (It was 1.5 M, 0.25 s at the 6 M nodes a second of
#: the older solver: a tiny budget's first card of a deal then found no world about once in 600.)
HARD_CAP_NODES: Final = 6_000_000
#: A hand of this many cards or more is in the first two tricks, whose worlds are the fewest.
EARLY_CARDS: Final = 7
#: How far off (card points) each world's values may be in the first two tricks. In French
#: Belote a card point is a game point (in Bulgarian Belot a tenth of one), yet 2 there lost
#: -1.00 ± 2.46 a deal against 6 (A/B, 600 deal pairs, seed 201): no gain shown
#: (docs/bots/research.md, "Closer values in French Belote's first tricks").
EARLY_TOLERANCE: Final = 6
#: Whether those values are nonetheless exact as to the outcome they give (made, inside,
#: hanging, valat): on the same side as the exact value of each card points at which it changes.
#: With ``bidding.EXACT_OUTCOMES``, in an A/B test against neither (600 deal pairs, seed 69, 225
#: differing): +0.17 ± 0.47 game points a deal, within the noise but at no cost in time.
EXACT_OUTCOMES: Final = True
#: Most worlds dealt per decision.
MAX_WORLDS: Final = 160
#: A Bulgarian auction turn may search this many times a card's node budget: it decides more
#: points. 1.2 until 6 December 2026; three times that, in A/B tests against it: +0.40 ± 0.91
#: game points a deal (300 deal pairs), +0.32 ± 0.57 (1,000, seed 105) and +0.48 ±
#: 0.53 (1,000, seed 191); the last two together +0.40 ± 0.39 (docs/bots/research.md, "The
#: Bulgarian auction's window and budget"). 3.6 until 7 December 2026; four times 1.2 against
#: it: +0.26 ± 0.21 (2,000, seed 220; "Four times a card's budget for the Bulgarian auction").
#: Its slowest decisions are such turns, 14.4 M nodes (734 ms of CPU at most over 16 deals).
AUCTION_THINK: Final = 4.8
#: Each other game's multiple of the card's budget for an auction turn (every game's was 1.2 at
#: first, as Bulgarian Belot's then). A Coinche turn weighs a dozen bids in each world, so 1.2
#: bought it about 6 worlds (French and Bela 11-12). Twice that won more Coinche matches against
#: `basic` in an A/B test (seed 141, 301 match pairs, 100 differing): 85.4% against 79.4%, +6.0% ±
#: 3.4%; and gained game points a deal against `basic` in French Belote (seed 143, 492 deal pairs,
#: 191 differing): +7.76 ± 5.11, and in Bela (seed 145, 624 deal pairs, 219 differing): +6.92 ±
#: 3.51. Three times 1.2 gained again against 2.4, in French Belote (seed 147, 501 deal pairs, 120
#: differing): +4.16 ± 3.24, and in Bela (seed 149, 602 deal pairs, 118 differing): +3.43 ± 2.82. In
#: Coinche's matches it did not (seed 151, 400 match pairs, 99 differing): 85.9% against 84.1%,
#: +1.8% ± 2.5%, so Coinche keeps 2.4.
GAME_AUCTION_THINK: dict[str, float] = {"coinche": 2.4, "french": 3.6, "bela": 3.6}
#: The weight of a world, in the card play, for each card of the other team's that `basic`
#: holding that world's cards would not have played (``belot.bots.inference``), by game; None:
#: the others' plays say nothing but what their legality does. In an A/B test against None
#: (`benchmarks/ab_test.py`, 300 deal pairs, seed 47, 123 differing) 0.25 gained +0.59 ± 0.59
#: game points a deal in Bulgarian Belot; in French Belote 0.1 gained +1.71 ± 1.54 on 0.25
#: (1,000 deal pairs, seed 161, 308 differing), in Bela -0.71 ± 2.22 (664, seed 167) and in
#: Coinche -0.94 ± 9.96 (1,000, seed 177). Against None (the tests ran None against them):
#: Bela's quarter +3.27 ± 2.23 (1,005, seed 216), French Belote's tenth +4.42 ± 3.72 (439, 219).
PLAY_INFERENCE: dict[str, float | None] = {
    "bulgarian": 0.25,
    "french": 0.1,
    "coinche": 0.25,
    "bela": 0.25,
}
#: The same weight from the third trick on (hands under ``EARLY_CARDS`` cards), by game; a
#: game not named keeps its ``PLAY_INFERENCE`` throughout. The deal itself never misses when the
#: other team is `basic` (``benchmarks/world_weights.py``), so a sharper reading is nearer the
#: truth, but in the first two tricks, weighed in 6 to 25 worlds, it leaves fewer of them to
#: count; the later tricks weigh up to ``MAX_WORLDS``. Bela at 0.05 (a quarter before), in an
#: A/B test against a quarter throughout (1,004 deal pairs, seed 217, 277 differing): -0.42 ±
#: 1.42 game points a deal; French Belote at 0.03 (a tenth before) against a tenth (990, seed
#: 218, 160 differing): +0.23 ± 1.08. No game reads so (docs/bots/research.md, "The later
#: tricks' plays read more sharply").
LATE_PLAY_INFERENCE: dict[str, float] = {}
#: The weight of a world, in the card play, for each card of the partner's that `basic` holding
#: that world's cards would not have played, by game (``PlayModel``'s ``partner_miss``); a game
#: not named: the partner's plays say nothing but what their legality does. In an A/B test
#: against none, French Belote at 0.5: -0.29 ± 1.47 game points a deal (1,008 deal pairs, seed
#: 211): no gain shown, so no game reads them (docs/bots/research.md, "The partner's plays").
PARTNER_INFERENCE: dict[str, float] = {}
#: The games whose card play weighs a world by the chance that `basic` would have made the
#: others' calls holding its hands (``call_model``) instead of by ``sampling.weight``'s factors
#: for the jack and nine of a suit called. French Belote and Bela with the auction's model
#: (``bidding.GAME_MODEL``), A/B tests: +4.02 ± 4.74 and -3.79 ± 4.79 (1,000 and 840 deal
#: pairs), and +1.62 ± 3.98 game points a deal: no gain shown, nor loss. Bulgarian Belot keeps
#: the factors its A/B tests tuned: the model gained +0.51 ± 0.51 (seed 119) and -0.22 ± 0.57
#: (seed 123), +0.18 ± 0.38 together, for 30 times the time a world.
PLAY_CALL_MODEL: tuple[str, ...] = ("french", "coinche", "bela")
#: A card of the first trick may search this many times a card's node budget: a world is a
#: whole deal to solve then, so the budget buys the fewest worlds. 3.0 gained nothing in Bela's
#: A/B test (1,486 pairs, seed 215): -0.46 ± 1.71 game points a deal; nor 2.4 in Bulgarian
#: Belot's (996 pairs, seed 221): -0.18 ± 0.32.
FIRST_TRICK_THINK: Final = 1.2
#: The games whose card decisions stop dealing worlds once the best card is clearly best
#: (``_settled``), each with how clearly and the most worlds such a decision deals: the best card
#: ahead of every other by more than that many standard errors of the weighted mean of their
#: difference world by world (or level with it in every world); the most worlds, in place of
#: ``MAX_WORLDS``, so that the time the clear decisions save may go to the close ones. The
#: other games deal until the budget or ``MAX_WORLDS``. In French Belote's A/B tests against
#: neither (1,000 deal pairs each): 2 errors and 320 worlds -0.91 ± 1.67 game points a deal
#: (seed 171), its median decision with a choice 44 ms where the committed code's was 67 (both
#: cores busy); 3 errors and 320 worlds -0.65 ± 1.58 (seed 173), the median 81 ms. No gain nor
#: loss shown, so no game stops early (docs/bots/research.md, "A card decision that stops").
CLEAR: dict[str, tuple[float, int]] = {}
#: The signal between two `strong` partners (``belot.bots.signals``): None, no signal (a
#: partner may be a human); else each seat leads and discards from its longest plain suit when
#: the search values such a card within ``SIGNAL_MARGIN`` game points of the best, and weighs a
#: world ``SIGNALS`` times for each lead or discard of its partner's that the world says was not
#: from its longest. ``SIGNAL_LEADS``, ``SIGNAL_DISCARDS``: which of the two the signal says.
#: Off: in French Belote A/B tests (400 deal pairs each) it lost -3.67 ± 2.97 a deal within 5
#: game points read at 0.3 (seed 199) and -2.55 ± 2.68 within 2 read at 0.5 (seed 200); played
#: at every lead and discard it takes a twentieth off the partner's length error
#: (docs/bots/research.md, "A signal of the partner's lengths").
SIGNALS: float | None = None
SIGNAL_MARGIN = 2.0
SIGNAL_LEADS = True
SIGNAL_DISCARDS = True
#: The games whose cards of the first two tricks (the ones the node budget, not ``MAX_WORLDS``,
#: ends) solve each world drawn from this many dealt ones, with the chance of each by its weight
#: (the calls, the plays), as an auction turn's worlds are (``bidding.GAME_CANDIDATES``). The
#: world solved then counts the mean weight of its candidates, so that the worlds stay weighed
#: as the calls and plays say, but few of the budget's solves go to worlds that they all but rule
#: out. Each candidate is charged ``bidding.CANDIDATE_NODES`` of the budget. A game not named
#: solves every world it deals, with that world's weight. French Belote with 8, in an A/B test
#: against none (1,000 deal pairs, seed 202, 702 differing): +0.17 ± 2.71 game points a deal,
#: though the worlds' effective share in its first two tricks rises from about 0.45 to 0.85
#: (``benchmarks/world_weights.py``). No gain shown: no game draws so (docs/bots/research.md,
#: "Worlds drawn by their weight in the first two tricks").
CANDIDATES: dict[str, int] = {}
#: The games whose early card decisions, weighed in few worlds, keep to ``basic``'s card unless
#: the search finds another clearly better: by game, how clearly (the best card ahead of
#: ``basic``'s by more than that many standard errors of the weighted mean of their difference
#: world by world) and from how many cards in hand (8: the first trick only). A game not named
#: plays the best mean whatever ``basic`` would play. French Belote's first two tricks at z = 1,
#: in an A/B test against none (seed 205, stopped at 1,016 deal pairs, 467 differing): -0.41 ±
#: 2.10 game points a deal. No gain shown: no game keeps ``basic``'s card
#: (docs/bots/research.md, "basic's card kept in the first two tricks").
HABIT: dict[str, tuple[float, int]] = {}
#: The least worlds before a decision may stop so, and how often (in worlds) it looks.
CLEAR_MIN_WORLDS = 24
CLEAR_EVERY = 8


@dataclass(frozen=True, slots=True)
class CardEstimate:
    """A legal card with the mean final card points of the mover's team over the worlds."""

    card: Card
    points: float
    worlds: int
    #: Where the card may be played keeping a bela silent (Bela): the mean if it is.
    silent_points: float | None = None


_SOLVERS = threading.local()


def shared_solver() -> Solver:
    """This thread's solver for the bots' searches (kept: allocating its table costs more than
    a decision; one per thread, as a search writes into its solver's arrays)."""
    solver: Solver | None = getattr(_SOLVERS, "solver", None)
    if solver is None:
        solver = _SOLVERS.solver = Solver()
    return solver


def estimate_cards(
    view: SeatView,
    rng: random.Random,
    *,
    think: float = DEFAULT_THINK,
    max_worlds: int | None = None,
    game_points: bool = False,
    value_lone: bool = False,
    clear: float | None = None,
    habit: tuple[Card, float] | None = None,
    progress: Progress | None = None,
) -> list[CardEstimate]:
    """Each legal card of ``view`` with its expected final card points for the mover's team,
    best first, averaged over worlds dealt at random within a node budget of ``think``
    seconds (points are NaN when not even one world could be solved within the hard cap).
    A lone legal card needs no search to be played, so it comes back at once with NaN points
    and no worlds, unless ``value_lone`` (a hint shows its value).

    With ``game_points``, the mean is of the game points the deal would write for the mover's
    team minus the other's (made or inside, doubles, each world's declarations and belots: see
    ``_GameObjective``) instead of card points.

    With ``clear``, the dealing stops early once the best card so far is ahead of every other by
    more than ``clear`` standard errors (``_settled``; not where a card may keep a bela silent).

    With ``habit`` (a card and z), that card comes first unless the best card is ahead of it by
    more than z standard errors (``_clear_of``) or it is not legal.

    ``progress`` is told the worlds solved and the best card so far after each world (and
    once before the first); it changes nothing of the search."""
    max_worlds = MAX_WORLDS if max_worlds is None else max_worlds
    legal = list(dict.fromkeys(a.card for a in view.legal if isinstance(a, Play)))
    silent = {a.card for a in view.legal if isinstance(a, Play) and a.silent}
    if not legal:
        return []
    contract, bidder = view.contract, view.bidder
    assert contract is not None and bidder is not None
    if len(legal) == 1 and not value_lone:
        return [CardEstimate(legal[0], float("nan"), 0)]
    constraints = Constraints.of(view)
    total = contract_total(contract, view.rules)
    ours = view.seat.team == bidder.team
    mine = mask_of(view.hand)
    solver = shared_solver()
    weigh = WorldWeight.of(view)
    # Early in the deal, values to within a few points buy more worlds.
    tolerance = EARLY_TOLERANCE if len(view.hand) >= EARLY_CARDS else 0
    budget = int(think * NODES_PER_SECOND)
    planned = budget
    sums = dict.fromkeys(legal, 0.0)
    silent_sums = dict.fromkeys(silent, 0.0)
    objective = _GameObjective(view, total, constraints) if game_points else None
    candidates = CANDIDATES.get(game_of(view.rules).name, 1) if len(view.hand) >= EARLY_CARDS else 1
    weights = 0.0
    worlds = 0
    # Each world's weight and its value of each legal card, to see when the best is clear (of
    # every other card, or of the habit's).
    watch = None if silent else clear
    keep = watch is not None or habit is not None
    seen: list[float] = []
    rows: list[list[float]] = []
    if progress is not None:
        progress(Thought(len(legal), 0, max_worlds, 0.0, None))
    for _ in range(max_worlds):
        drawn: float | None = None  # the world's weight, when drawn from candidates
        try:
            if candidates > 1:
                world, drawn = weigh.drawn(constraints, mine, candidates, rng)
                budget -= CANDIDATE_NODES * candidates
                if drawn <= 0.0:  # none agrees with the calls and plays: not worth a solve
                    if budget <= 0:
                        break
                    continue
            else:
                world = dealt_world(constraints, mine, rng)
        except SamplingError:
            break
        extras = None if objective is None else objective.world(world)
        if objective is not None and extras is None:
            continue  # its hands could not have made the announcements heard
        position = Position.in_world(view, world)
        # The first world may overrun the budget, never the hard cap.
        limit = max(budget, 1) if worlds else max(budget, HARD_CAP_NODES)
        pivots: tuple[int, ...] = ()
        if objective is not None and extras is not None and tolerance:
            pivots = objective.pivots(extras)
        values = solver.try_solve_cards(position, limit, tolerance, pivots)
        budget -= solver.nodes
        if values is None:
            break
        w = drawn if drawn is not None else weigh(world, rng)
        row = [
            objective(values[card], extras)
            if objective is not None
            else (values[card] if ours else total - values[card])
            for card in legal
        ]
        for card, value in zip(legal, row, strict=True):
            sums[card] += w * value
        if keep:
            seen.append(w)
            rows.append(row)
        if objective is not None and extras is not None:
            for card in silent:
                silent_sums[card] += w * objective(values[card], objective.silenced(extras))
        weights += w
        worlds += 1
        if progress is not None:
            best = max(legal, key=lambda card: (sums[card], -card.index))
            spent = 1.0 - max(budget, 0) / planned if planned > 0 else 1.0
            progress(Thought(len(legal), worlds, max_worlds, spent, Play(best)))
        if budget <= 0:
            break
        if (
            watch is not None
            and worlds >= CLEAR_MIN_WORLDS
            and worlds % CLEAR_EVERY == 0
            and _settled(rows, seen, watch)
        ):
            break
    if worlds == 0 or weights <= 0.0:  # no world, or none the calls and plays allow
        return [CardEstimate(card, float("nan"), 0) for card in legal]
    estimates = [
        CardEstimate(
            card,
            sums[card] / weights,
            worlds,
            silent_sums[card] / weights if card in silent_sums and objective else None,
        )
        for card in legal
    ]
    estimates.sort(key=lambda e: (-e.points, e.card.index))
    if habit is not None and habit[0] in legal and estimates[0].card != habit[0]:
        top = legal.index(estimates[0].card)
        if not _clear_of(rows, seen, top, habit[1])[legal.index(habit[0])]:
            estimates.sort(key=lambda e: e.card != habit[0])  # stable: the rest as they were
    return estimates


@dataclass(frozen=True, slots=True)
class WorldWeight:
    """How well a world of ``view``'s card play agrees with what the seat has heard and seen,
    as `strong` weighs it: the calls (``calls``' model, for ``PLAY_CALL_MODEL``'s games; else
    ``sampling.weight``'s factors), the other team's plays and the partner's (``plays``:
    ``PLAY_INFERENCE``, or ``LATE_PLAY_INFERENCE`` from the third trick, and
    ``PARTNER_INFERENCE``) and the partner's signals (``signals``: ``SIGNALS``), each None where
    the game or the settings leave it out."""

    view: SeatView
    calls: CallModel | None
    plays: PlayModel | None
    signals: SignalReading | None

    @classmethod
    def of(cls, view: SeatView) -> WorldWeight:
        """The weight of ``view``'s worlds under the present settings."""
        game = game_of(view.rules).name
        calls = CallModel(view) if game in PLAY_CALL_MODEL else None
        miss = PLAY_INFERENCE.get(game)
        if game in LATE_PLAY_INFERENCE and len(view.hand) < EARLY_CARDS:
            miss = LATE_PLAY_INFERENCE[game]
        partner_miss = PARTNER_INFERENCE.get(game)
        plays = (
            None
            if miss is None and partner_miss is None
            else PlayModel(view, miss, partner_miss=partner_miss)
        )
        signals = (
            None
            if SIGNALS is None
            else SignalReading(view, SIGNALS, leads=SIGNAL_LEADS, discards=SIGNAL_DISCARDS)
        )
        return cls(view, calls, plays, signals)

    def __call__(self, world: tuple[int, int, int, int], rng: random.Random) -> float:
        """The weight of ``world`` (``rng``: the call model's choice of the cards each caller
        had seen)."""
        w = weight(self.view, world) if self.calls is None else self.calls.dealt(world, rng)
        if self.plays is not None:
            w *= self.plays.weight(world)
        if self.signals is not None:
            w *= self.signals.weight(world)
        return w

    def drawn(
        self, constraints: Constraints, mine: int, candidates: int, rng: random.Random
    ) -> tuple[tuple[int, int, int, int], float]:
        """One world drawn from ``candidates`` dealt ones (``sampling.dealt_world``) by their
        weight, and the mean of their weights (``sampling.drawn_by_weight``)."""
        return drawn_by_weight(
            candidates,
            lambda: dealt_world(constraints, mine, rng),
            lambda world: self(world, rng),
            rng,
        )


def _signal(view: SeatView, estimates: list[CardEstimate]) -> Card:
    """The card to play of ``estimates`` (best first) under the partners' signal: when the best
    is a lead or discard of a plain suit the signal speaks of (``SIGNAL_LEADS``,
    ``SIGNAL_DISCARDS``), the best of those within ``SIGNAL_MARGIN`` of it that are of the seat's
    longest suit (``signals.longest``)."""
    contract = view.contract
    assert contract is not None
    best = estimates[0].card
    trick = tuple(c.index for _, c in view.current_trick)
    if not (SIGNAL_DISCARDS if trick else SIGNAL_LEADS):
        return best
    level = sum(e.card.mask for e in estimates if e.points >= estimates[0].points - SIGNAL_MARGIN)
    free = plain_choices(level, trick, contract)
    if not free & best.mask:
        return best
    hand = sum(c.mask for c in view.hand)
    chosen = longest(hand, free)
    return next(e.card for e in estimates if chosen & e.card.mask)


def _settled(rows: list[list[float]], weights: list[float], z: float) -> bool:
    """Whether, over the worlds of ``rows`` (each world's value of each card) and ``weights``, the
    card with the best weighted mean is ahead of each other card by more than ``z`` standard
    errors of the weighted mean of their difference world by world, or level with it in every
    world."""
    w = np.asarray(weights)
    if w.sum() <= 0.0:
        return False
    values = np.asarray(rows)
    best = int(np.argmax(w @ values))
    return bool(_clear_of(values, w, best, z).all())


def _clear_of(rows: npt.ArrayLike, weights: npt.ArrayLike, best: int, z: float) -> np.ndarray:
    """For each card (column of ``rows``, a world each), whether card ``best`` is ahead of it by
    more than ``z`` standard errors of the weighted mean of their difference world by world, or
    level with it in every world (``best``'s own column is level). ``weights`` sum to more than
    0."""
    w = np.asarray(weights)
    total = w.sum()
    values = np.asarray(rows)
    gaps = values[:, best : best + 1] - values
    means = w @ gaps / total
    errors = np.sqrt((w * w) @ (gaps - means) ** 2) / total
    clear: np.ndarray = (means > z * errors) | (gaps == 0.0).all(axis=0)
    return clear


#: What a world adds to the score beyond its card points: the declaration points that score
#: and the belot points, per team.
Extras = tuple[tuple[int, int], tuple[int, int]]


class _GameObjective:
    """Game points for the mover's team less the other's, from the declarers' final card points
    and what a world holds besides: the declarations that score and the belots (all the card
    points: a valat). In the match, what those are worth in it (``playing_for``).

    A world counts the belots announced and those its hands still hold (the pair's holder
    announces it when playing one of the two); in the first trick also the declarations of the
    seats still to play their first card (their best), and, for each declaration heard but not
    yet shown, the one of its kind the world's announcer holds.
    """

    def __init__(self, view: SeatView, total: int, constraints: Constraints) -> None:
        contract, bidder = view.contract, view.bidder
        assert contract is not None and bidder is not None
        self.view = view
        self.total = total
        belots = [0, 0]
        for seat, _ in view.belots:
            belots[seat.team] += BELOT_POINTS
        self.belots = (belots[0], belots[1])
        self.shown: list[list[Declaration]] = [[], [], [], []]
        for announcement in view.announcements:
            if announcement.declaration is not None:
                self.shown[announcement.seat].append(announcement.declaration)
        self.heard = constraints.heard
        self.choices = constraints.choices
        self.first = first_seat(view)
        self.level = bid_level(view.calls)
        first_trick = not view.completed_tricks and contract != Contract.NO_TRUMPS
        started = {seat for seat, _ in view.current_trick} | {view.seat}
        self.to_come = [seat for seat in Seat if first_trick and seat not in started]
        self.declared = self._scoring(self.shown)
        self.hanging = 0 if view.standing is None else view.standing.hanging
        self.for_match = playing_for(view, view.seat.team)
        self.cache: dict[tuple[int, Extras], float] = {}

    @property
    def announced(self) -> Extras:
        """The extras of the declarations shown and the belots announced so far."""
        return self.declared, self.belots

    def world(self, hands: tuple[int, int, int, int]) -> Extras | None:
        """The extras of the world ``hands`` (None: its hands could not have announced what was
        heard)."""
        contract = self.view.contract
        assert contract is not None
        held = held_belots(hands, contract)
        belots = (self.belots[0] + held[0], self.belots[1] + held[1])
        declared = self.declared
        if self.heard or self.to_come:
            announced = [list(shown) for shown in self.shown]
            choices = self.choices
            for heard in self.heard:
                match = announced_as(hands[heard.seat] | heard.played, heard.kinds, choices)
                if match is None:
                    return None
                announced[heard.seat] = list(match)
            for seat in self.to_come:
                announced[seat] = list(choices(hands[seat])[0])
            declared = self._scoring(announced)
        return declared, belots

    def pivots(self, extras: Extras) -> tuple[int, ...]:
        """The declarers' card points at which the outcome changes in kind with a world's
        ``extras`` (``bidding.outcome_pivots``); none without ``EXACT_OUTCOMES``."""
        if not EXACT_OUTCOMES:
            return ()
        view = self.view
        contract, bidder = view.contract, view.bidder
        assert contract is not None and bidder is not None
        declared, belots = extras
        return outcome_pivots(
            view.rules, contract, bidder.team, view.double, self.total, declared, belots, self.level
        )

    def silenced(self, extras: Extras) -> Extras:
        """A world's ``extras`` had the mover kept its bela silent (Bela): its side does not
        score the pair."""
        declared, belots = extras
        points = list(belots)
        points[self.view.seat.team] -= BELOT_POINTS
        return declared, (points[0], points[1])

    def _scoring(self, announced: list[list[Declaration]]) -> tuple[int, int]:
        contract = self.view.contract
        assert contract is not None
        return declared_points(announced, contract, self.view.rules, self.first)

    def __call__(self, value: int, extras: Extras | None = None) -> float:
        """The objective when the declarers take ``value`` card points, with a world's
        ``extras`` (by default, only what was announced)."""
        if extras is None:
            extras = self.announced
        key = (value, extras)
        result = self.cache.get(key)
        if result is None:
            view = self.view
            contract, bidder = view.contract, view.bidder
            assert contract is not None and bidder is not None
            declared, belots = extras
            result = self.cache[key] = net_score(
                view.rules,
                contract,
                bidder.team,
                view.double,
                value,
                self.total,
                declared,
                belots,
                view.seat.team,
                hanging=self.hanging,
                utility=self.for_match,
                level=self.level,
            )
        return result


def auction_think(view: SeatView) -> float:
    """How many times a card's node budget an auction turn of ``view``'s game searches."""
    return GAME_AUCTION_THINK.get(game_of(view.rules).name, AUCTION_THINK)


class StrongBot(Bot):
    """Sampling plus exact search for the card play (see the module docstring)."""

    name: ClassVar[str] = "strong"
    games: ClassVar[frozenset[str] | None] = frozenset({"bulgarian", "french", "coinche", "bela"})

    #: Think time a decision when none is given (None: ``DEFAULT_THINK``, read when deciding
    #: so that an A/B test may set it), and the most worlds of a card and of an auction turn
    #: (None: ``MAX_WORLDS``, or the game's in ``CLEAR``, and ``bidding.MAX_WORLDS``).
    #: ``expert`` sets its own.
    default_think: ClassVar[float | None] = None
    card_worlds: ClassVar[int | None] = None
    auction_worlds: ClassVar[int | None] = None
    #: Whether a card decision stops once its best card is clear (``CLEAR``).
    settles: ClassVar[bool] = True

    def __init__(self, seed: int = 0, think: float | None = None) -> None:
        super().__init__(seed, think)
        load_compiled()  # now, not in the first decision

    def act(self, view: SeatView) -> Action:
        return self.decide(view)

    def _think(self) -> float:
        if self.think is not None:
            return self.think
        return DEFAULT_THINK if self.default_think is None else self.default_think

    def decide(self, view: SeatView, progress: Progress | None = None) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.AUCTION:
            return self._call(view, progress)
        if view.phase is not Phase.PLAY:
            return BasicBot(seed=self.seed).act(view)
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: (a.points, len(a.declarations)))
        rng = decision_rng(self.seed, view)
        think = self._think()
        if len(view.hand) == 8:  # the first trick
            think *= FIRST_TRICK_THINK
        clear, worlds = None, self.card_worlds
        game = game_of(view.rules).name
        if self.settles and game in CLEAR:
            clear, most = CLEAR[game]
            worlds = most if worlds is None else worlds
        habit = None
        if game in HABIT and len(view.hand) >= HABIT[game][1]:
            usual = BasicBot(seed=self.seed).act(view)
            habit = (usual.card, HABIT[game][0]) if isinstance(usual, Play) else None
        estimates = estimate_cards(
            view,
            rng,
            think=think,
            max_worlds=worlds,
            game_points=True,
            clear=clear,
            habit=habit,
            progress=progress,
        )
        if not estimates or estimates[0].worlds == 0:
            return BasicBot(seed=self.seed).act(view)  # no world solved within the cap
        best = estimates[0]
        if best.silent_points is not None and best.silent_points > best.points:
            return Play(best.card, silent=True)  # Bela: the bela announced would help the others
        if SIGNALS is not None:
            return Play(_signal(view, estimates))
        return Play(best.card)

    def _call(self, view: SeatView, progress: Progress | None = None) -> Action:
        calls = worth_weighing(view)
        if len(calls) == 1:
            return calls[0]  # nothing but a pass is worth weighing
        estimates = self.call_estimates(view, calls, progress)
        if not estimates:
            return BasicBot(seed=self.seed).act(view)  # no world solved within the cap
        return estimates[0].call

    def call_estimates(
        self, view: SeatView, calls: list[Call], progress: Progress | None = None
    ) -> list[CallEstimate]:
        """The estimates of ``calls`` at this auction turn, best first, within the turn's node
        budget (empty when no world was solved)."""
        return estimate_calls(
            view,
            calls,
            decision_rng(self.seed, view),
            shared_solver(),
            nodes=int(auction_think(view) * self._think() * NODES_PER_SECOND),
            hard_cap=HARD_CAP_NODES,
            max_worlds=self.auction_worlds,
            progress=progress,
        )
