"""What a `strong` partner's plays say of its hand when `strong` itself is their model.

The card play reads the partner's plays by their legality alone (``strong.PARTNER_INFERENCE``
off): read with `basic`'s habits as their model they gained nothing, and read by open-hands
best play they said next to nothing (research.md, "The partner's plays read with `basic` as
their model" and "What a hidden hand is worth"). The last model left is `strong` itself: in a
dealt world, would the partner, holding that world's cards, have played what it played? A
`strong` seat decides by its seed and what it sees alone (``base.decision_rng``, budgets in
nodes), so the question has an exact answer: replay the world's deal back to each of the
partner's plays and ask a `strong` bot of the partner's seed. In the real deal it agrees with
every play (checked); the fewer of the dealt worlds agree, the more the reading tells.

Four `strong` seats play the duels' deals (``arena.duel_deal``). At each card decision with a
choice from ``--from-trick`` to ``--to-trick``, ``--worlds`` worlds are dealt within what the
seat has seen (``sampling.dealt_world``; weighed by nothing, so that the readings are compared
alone), and for each the partner's plays with a choice are asked of `strong` (at ``--think``,
its own think when None) and of `basic` (``inference.PlayModel``). Printed: the share of the
partner's plays each model agrees with in the dealt worlds, the share of worlds with every play
agreed, and the partner's suit-length error (the sum over the suits of the cards too many or
too few, ``play_lengths.length_error``) and hand error (its cards that are not the real ones)
over the worlds as dealt and as each reading weighs them (each play not agreed multiplies a
world's weight by ``--miss``; 0: only the worlds that agree with every play count). The
difference is what the reading would tell the card play; this asks only how much, not what it
would be worth (a search that asked `strong` inside each world's weight would take seconds a
decision).

Run: ``.venv/bin/python benchmarks/partner_model.py --game french --deals 24`` (about seven
minutes on two cores).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from play_lengths import length_error

from belot.bots.arena import duel_deal
from belot.bots.inference import PlayModel
from belot.bots.sampling import Constraints, SamplingError, dealt_world, world_deal
from belot.bots.strong import StrongBot
from belot.engine.actions import Play
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView

#: The seed of seat ``s``'s `strong` bot.
SEED = 100


@dataclass(frozen=True, slots=True)
class World:
    """One dealt world at a card decision: how many of the partner's plays with a choice the
    `strong` model and the `basic` model would not have made holding the world's cards, and how
    far the world's hand of the partner's is from the real one."""

    strong_misses: int
    basic_misses: int
    length_error: int
    hand_error: int


@dataclass(frozen=True, slots=True)
class Decision:
    """A card decision's dealt worlds, with how many partner plays with a choice it weighs and
    how many of them each model would not have made holding the real cards (`strong` at its
    own think: none)."""

    plays: int
    real_strong_misses: int
    real_basic_misses: int
    worlds: tuple[World, ...]


def _partner_turns(deal: Deal, partner: Seat) -> list[int]:
    """The partner's plays in ``deal`` that had a choice, each as the number of cards played
    before it."""
    replay = Deal(deal.rules, dealer=deal.dealer, deck=deal.deck)
    turns = []
    played = 0
    for seat, action in deal.history:
        if isinstance(action, Play):
            if seat == partner and len(replay.legal_cards()) > 1:
                turns.append(played)
            played += 1
        replay.push(action, seat)
    return turns


def _misses(world: Deal, turns: list[int], partner: Seat, model: StrongBot) -> int:
    """How many of the partner's plays at ``turns`` (cards played before each) in ``world``
    (a deal replayed to now) `model` would not have made; ``world`` is popped back to the
    first of them."""
    plays = [a.card for s, a in world.history if isinstance(a, Play)]
    played = len(plays)
    misses = 0
    for n in reversed(turns):
        while played > n:
            if isinstance(world.pop(), Play):
                played -= 1
        action = model.act(world.view(partner))
        if not isinstance(action, Play) or action.card != plays[n]:
            misses += 1
    return misses


def decision(
    deal: Deal, view: SeatView, worlds: int, think: float | None, rng: random.Random
) -> Decision | None:
    """The dealt worlds of ``view``'s card decision in ``deal`` (None when the partner has had
    no choice yet)."""
    seat = view.seat
    partner = seat.partner
    turns = _partner_turns(deal, partner)
    if not turns:
        return None
    model = StrongBot(seed=SEED + partner, think=think)
    real = deal.hand_mask(partner)
    basic = PlayModel(view, None, partner_miss=0.5)
    constraints = Constraints.of(view)
    rows = []
    for _ in range(worlds):
        try:
            world = dealt_world(constraints, deal.hand_mask(seat), rng)
            replayed = world_deal(view, world, rng)
        except SamplingError:
            continue
        hand = world[partner]
        rows.append(
            World(
                _misses(replayed, turns, partner, model),
                _basic_misses(basic, world),
                length_error(hand, real),
                (hand & ~real).bit_count(),
            )
        )
    real_strong = _misses(world_deal(view, _hands(deal), rng), turns, partner, model)
    return Decision(len(turns), real_strong, _basic_misses(basic, _hands(deal)), tuple(rows))


Job = tuple[str, int, int, int, int, int, float | None]


def deal_decisions(job: Job) -> list[Decision]:
    """The decisions of the duels' deal ``number`` of ``seed``, four `strong` seats."""
    game, seed, number, first, last, worlds, think = job
    deal = duel_deal(Rules.preset_named(game), seed, number)
    bots = [StrongBot(seed=SEED + s) for s in range(4)]
    rng = random.Random(f"partner-model-{seed}-{number}")
    rows = []
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        if (
            view.phase is Phase.PLAY
            and isinstance(view.legal[0], Play)
            and len(view.legal) > 1
            and first <= len(view.tricks) + 1 <= last
        ):
            row = decision(deal, view, worlds, think, rng)
            if row is not None:
                # At its own think the model makes the real partner's every play (the check of
                # the method).
                assert think is not None or row.real_strong_misses == 0
                rows.append(row)
        deal.push(bots[seat].act(view))
    return rows


def _basic_misses(model: PlayModel, hands: tuple[int, int, int, int]) -> int:
    """How many of the partner's plays `basic` holding ``hands`` would not have made (``model``
    reads them at 0.5 each)."""
    return round(math.log(model.weight(hands), 0.5))


def _hands(deal: Deal) -> tuple[int, int, int, int]:
    a, b, c, d = (deal.hand_mask(s) for s in Seat)
    return a, b, c, d


def _weighed(decisions: list[Decision], misses: str, miss: float, field: str) -> float:
    """The mean over ``decisions`` of ``field`` over the worlds as weighed by ``miss`` for each
    play the model (``misses``: "strong_misses" or "basic_misses") would not have made. Where
    no world keeps a weight (``miss`` 0), the reading tells nothing and the worlds count as
    dealt, so that every reading is compared over the same decisions."""
    means = []
    for d in decisions:
        weights: list[float] = [miss ** getattr(w, misses) for w in d.worlds]
        if sum(weights) == 0:
            weights = [1.0] * len(d.worlds)
        values: list[int] = [getattr(w, field) for w in d.worlds]
        means.append(sum(x * v for x, v in zip(weights, values, strict=True)) / sum(weights))
    return statistics.mean(means)


def report(decisions: list[Decision], misses: tuple[float, ...]) -> None:
    worlds = [w for d in decisions for w in d.worlds]
    plays = sum(d.plays * len(d.worlds) for d in decisions)
    print(
        f"  {len(decisions)} decisions, {len(worlds)} worlds, {plays} partner plays asked;"
        f" partner plays a decision {statistics.mean(d.plays for d in decisions):.2f}"
    )
    for name in ("strong", "basic"):
        key = f"{name}_misses"
        missed = sum(getattr(w, key) for w in worlds)
        whole = sum(1 for w in worlds if getattr(w, key) == 0)
        # Where the real deal stands among the dealt worlds by the reading: the share of them
        # it has fewer misses than, ties counted half.
        ranks = []
        for d in decisions:
            real = getattr(d, f"real_{key}")
            for w in d.worlds:
                ranks.append(
                    1.0 if getattr(w, key) > real else 0.5 if getattr(w, key) == real else 0.0
                )
        real_missed = sum(getattr(d, f"real_{key}") for d in decisions)
        asked = sum(d.plays for d in decisions)
        none = sum(1 for d in decisions if all(getattr(w, key) for w in d.worlds))
        print(
            f"  {name:6}: agrees with {1 - missed / plays:.1%} of the plays in the dealt worlds"
            f" ({1 - real_missed / asked:.1%} in the real deal); with every play in"
            f" {whole / len(worlds):.1%} of the worlds (in none at {none} decisions); the real"
            f" deal at the {statistics.mean(ranks):.0%} point of them"
        )
    for field in ("length_error", "hand_error"):
        dealt = statistics.mean(
            statistics.mean(getattr(w, field) for w in d.worlds) for d in decisions
        )
        line = f"  the partner's {field.replace('_', ' ')}: {dealt:.3f} as dealt"
        for name in ("strong", "basic"):
            for m in misses:
                read = _weighed(decisions, f"{name}_misses", m, field)
                line += f"; {name} at {m:g} {read:.3f} ({read / dealt - 1:+.1%})"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("bulgarian", "french", "bela"), default="french")
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=16, help="worlds dealt a decision")
    parser.add_argument("--from-trick", type=int, default=3)
    parser.add_argument("--to-trick", type=int, default=5)
    parser.add_argument("--think", type=float, help="the model's think (None: strong's own)")
    parser.add_argument("--miss", type=float, nargs="+", default=[0.3, 0.0])
    args = parser.parse_args()
    jobs: list[Job] = [
        (args.game, args.seed, n, args.from_trick, args.to_trick, args.worlds, args.think)
        for n in range(args.deals)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        decisions = [d for rows in pool.map(deal_decisions, jobs) for d in rows]
    think = "its own think" if args.think is None else f"think {args.think:g}"
    print(
        f"{args.game}: the partner's plays read with `strong` ({think}) and `basic` as models,"
        f" {args.deals} deals (seed {args.seed}), tricks {args.from_trick}-{args.to_trick}"
    )
    report(decisions, tuple(args.miss))


if __name__ == "__main__":
    main()
