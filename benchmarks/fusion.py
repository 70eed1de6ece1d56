"""What strategy fusion costs `strong`'s card play: one seat's later cards chosen as that seat
could choose them, against chosen in each world with every hand open.

`strong` values each legal card by the mean, over worlds dealt as it deals them (weighed by the
calls and plays as it weighs them), of the card points its team takes when all four play best
with every hand open. So in each world every later card is chosen knowing that world: the
seat's own, its partner's and the other team's, though none of them could ("strategy fusion").
This script takes one of those later cards at a time and chooses it without the open hands. At
each of `strong`'s card decisions with a choice (four `strong` seats play the deals), in each
world and for each legal card ``c``:

- ``--who own``: the deal is followed from ``c`` by the other three's open-hands best cards (the
  solver's) to the seat's next turn. There the seat cannot tell apart the worlds in which the
  same cards could have been played since ``c``: one card for them all, the one with the best
  weighed mean over them, replaces each world's best card.
- ``--who partner``, ``next``, ``previous``, ``self`` (the partner, the other team's seat after
  the seat or before it, or the seat itself): the deal is followed so to that seat's next turn
  (after ``c``), and its card there is the best mean over ``--its-worlds`` positions as it may
  see them (its own hand kept, the other three hands dealt again with their sizes and the voids
  shown), not its best with open hands. With ``--all-later`` every later card of that seat's is
  chosen so, and the deal is played out to its end (the rest still open-handed).

A card's **fused** value is the open-hands mean (what `strong` reads), its **unfused** value the
mean with those cards chosen so. Per decision: whether the best card by the unfused values
differs from the best by the fused ones; what it gains by the unfused values over the fused best
(a gain measured on the worlds that chose it, so biased upwards), and the same two cards valued
again on as many fresh worlds (unbiased: the column to read); what it loses by the fused values;
what the fusion (fused less unfused) is of the fused best and of all cards; and how many worlds
a path was played in (``own``) or how many choices a card was made (the others). Card points of
the seat's team.

Only one seat's cards are unfused at a time (its next one, or with ``--all-later`` every later
one), and the rest of the deal is still played open-handed, so this is not a duel: it says
whether a search that did not fuse those cards would choose differently, and by how much its
own values would prefer the other choice. Decisions of the
first trick use fewer worlds (``--early-worlds``), as their solves are whole deals;
``--from-trick`` leaves out the decisions of the tricks before it.

Run: ``.venv/bin/python benchmarks/fusion.py --game french --who partner --deals 32`` (about ten
minutes on one core).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from belot.bots import make
from belot.bots.arena import duel_deal
from belot.bots.sampling import Constraints, SamplingError, dealt_world
from belot.bots.solver import Position, Solver
from belot.bots.strong import WorldWeight
from belot.engine.actions import Play
from belot.engine.cards import SUIT_MASKS, mask_of
from belot.engine.games import GAMES
from belot.engine.rules import Rules
from belot.engine.scoring import contract_total
from belot.engine.view import SeatView


@dataclass(frozen=True, slots=True)
class Reading:
    """One decision: how many cards, whether the unfused best differs from the fused best, what
    the unfused best gains over the fused best by the unfused values (on the same worlds, and
    ``checked`` on fresh ones), the fused value it loses, the mean fusion (fused less unfused) of
    the fused best card and of all the legal cards, the mean worlds a path is played in (or
    choices a card), and each card's fused and unfused value (card points, by card index)."""

    cards: int
    worlds: int
    differs: bool
    gain: float
    checked: float
    cost: float
    fusion_best: float
    fusion_mean: float
    groups: float
    fused: dict[int, float] = dataclasses.field(default_factory=dict)
    unfused: dict[int, float] = dataclasses.field(default_factory=dict)

    @classmethod
    def of(
        cls,
        cards: int,
        worlds: int,
        fused: dict[int, float],
        unfused: dict[int, float],
        weights: float,
        groups: float,
        again: Callable[[int, int], float],
    ) -> Reading:
        """The reading of a decision with ``cards`` in hand from the weighed sums of each legal
        card's ``fused`` and ``unfused`` values; ``again(best, other)`` values the unfused best
        card less the fused best on fresh worlds, where the two differ."""
        legal = sorted(fused)
        best_fused = max(legal, key=lambda c: (fused[c], -c))
        best_unfused = max(legal, key=lambda c: (unfused[c], -c))
        fusion = {c: (fused[c] - unfused[c]) / weights for c in legal}
        differs = best_fused != best_unfused
        return cls(
            cards=cards,
            worlds=worlds,
            differs=differs,
            gain=(unfused[best_unfused] - unfused[best_fused]) / weights,
            checked=again(best_unfused, best_fused) if differs else 0.0,
            cost=(fused[best_fused] - fused[best_unfused]) / weights,
            fusion_best=fusion[best_fused],
            fusion_mean=sum(fusion.values()) / len(legal),
            groups=groups,
            fused={c: fused[c] / weights for c in legal},
            unfused={c: unfused[c] / weights for c in legal},
        )


def _ours(position: Position, value: int, seat: int, total: int) -> int:
    """``value`` (the declarers' card points) as the card points of ``seat``'s team."""
    return value if seat % 2 == position.declarers % 2 else total - value


def _team_values(solver: Solver, position: Position, seat: int, total: int) -> dict[int, int]:
    """Each legal card (index) of ``position`` with the card points ``seat``'s team takes when
    all play best from there with every hand open (at the deal's end, its final points under
    the index -1)."""
    if not any(position.hands):
        return {-1: _ours(position, position.points[int(position.declarers)], seat, total)}
    return {
        card.index: _ours(position, value, seat, total)
        for card, value in solver.solve_cards(position).items()
    }


def _open_best(values: dict[int, int], mover: int, seat: int) -> int:
    """The card (index) of ``values`` (``seat``'s team's points) best for ``mover``'s team, the
    lowest of equal ones."""
    sign = 1 if mover % 2 == seat % 2 else -1
    return max(values, key=lambda d: (sign * values[d], -d))


def _roots(view: SeatView, worlds: int, rng: random.Random) -> Iterator[tuple[float, Position]]:
    """Up to ``worlds`` worlds dealt and weighed as `strong` deals and weighs them, each with its
    weight and position (those of no weight left out), dealt one at a time as they are taken."""
    constraints = Constraints.of(view)
    weigh = WorldWeight.of(view)
    mine = mask_of(view.hand)
    for _ in range(worlds):
        try:
            world = dealt_world(constraints, mine, rng)
        except SamplingError:
            return
        w = weigh(world, rng)
        if w > 0.0:
            yield w, Position.in_world(view, world)


def read(
    view: SeatView,
    solver: Solver,
    worlds: int,
    rng: random.Random,
    cards: list[int] | None = None,
) -> Reading | None:
    """The fusion of the seat's next card at ``view``, of ``cards`` (None: every legal card;
    the result None: one legal card or no world). Where the best cards differ, the two are
    valued again, unfused, over as many fresh worlds."""
    legal = sorted({a.card.index for a in view.legal if isinstance(a, Play)})
    if cards is not None:
        legal = cards
    if len(legal) < 2:
        return None
    assert view.contract is not None
    total = contract_total(view.contract, view.rules)
    seat = int(view.seat)
    roots = list(_roots(view, worlds, rng))
    weights = sum(w for w, _ in roots)
    if weights <= 0.0:
        return None
    # Each world's path from each card to the seat's next turn (the others' open-hands best).
    paths: dict[tuple[int, int], tuple[int, ...]] = {}
    for i, (_, root) in enumerate(roots):
        for c in legal:
            position = root.play(c)
            played: list[int] = []
            while any(position.hands) and position.turn != view.seat:
                best = _open_best(
                    _team_values(solver, position, seat, total), int(position.turn), seat
                )
                played.append(best)
                position = position.play(best)
            paths[i, c] = tuple(played)
    # The seat's next cards valued in each world where a path could have been played.
    nexts: dict[tuple[int, int, tuple[int, ...]], dict[int, int] | None] = {}

    def after(i: int, c: int, path: tuple[int, ...]) -> dict[int, int] | None:
        key = (i, c, path)
        if key not in nexts:
            position = roots[i][1].play(c)
            for card in path:
                if not solver.legal_mask(position) >> card & 1:
                    nexts[key] = None
                    return None
                position = position.play(card)
            nexts[key] = _team_values(solver, position, seat, total)
        return nexts[key]

    fused: dict[int, float] = defaultdict(float)
    unfused: dict[int, float] = defaultdict(float)
    shared: dict[tuple[int, tuple[int, ...]], int] = {}
    sizes: list[int] = []
    for (i, c), path in paths.items():
        w, _ = roots[i]
        own = after(i, c, path)
        assert own is not None
        fused[c] += w * max(own.values())
        if (c, path) not in shared:
            group = [
                (roots[j][0], got)
                for j in range(len(roots))
                if (got := after(j, c, path)) is not None
            ]
            sizes.append(len(group))
            shared[c, path] = max(own, key=lambda d: (sum(wj * got[d] for wj, got in group), -d))
        unfused[c] += w * own[shared[c, path]]

    def again(best: int, other: int) -> float:
        if cards is not None:
            return 0.0
        fresh = read(view, solver, worlds, rng, [other, best])
        return float("nan") if fresh is None else fresh.unfused[best] - fresh.unfused[other]

    return Reading.of(
        len(view.hand), worlds, fused, unfused, weights, sum(sizes) / len(sizes), again
    )


def _voids(tricks: list[list[tuple[int, int]]]) -> list[int]:
    """Each seat's card set of the suits it has shown void in (a card of another suit on a
    lead)."""
    voids = [0, 0, 0, 0]
    for plays in tricks:
        led = plays[0][1] >> 3
        for seat, card in plays[1:]:
            if card >> 3 != led:
                voids[seat] |= SUIT_MASKS[led]
    return voids


def _seen_by(
    position: Position, player: int, voids: list[int], count: int, rng: random.Random
) -> list[Position]:
    """Up to ``count`` positions as ``player`` may see ``position``: its own hand kept, the other
    three hands dealt again from their cards with their sizes and shown voids."""
    seats = [s for s in range(4) if s != player]
    pool = [c for c in range(32) if sum(position.hands[s] for s in seats) >> c & 1]
    sizes = [position.hands[s].bit_count() for s in seats]
    result: list[Position] = []
    for _ in range(count):
        for _ in range(200):
            rng.shuffle(pool)
            hands = list(position.hands)
            start = 0
            for s, size in zip(seats, sizes, strict=True):
                hands[s] = sum(1 << c for c in pool[start : start + size])
                start += size
            if all(hands[s] & voids[s] == 0 for s in seats):
                result.append(
                    dataclasses.replace(position, hands=(hands[0], hands[1], hands[2], hands[3]))
                )
                break
    return result


def _other_values(
    view: SeatView,
    solver: Solver,
    other: int,
    cards: list[int],
    worlds: int,
    its_worlds: int,
    rng: random.Random,
    all_later: bool = False,
) -> tuple[dict[int, float], dict[int, float], float, int]:
    """For each of ``cards`` (the seat's legal cards, indices), its weighed sum over ``worlds``
    dealt worlds of the seat's team's card points with ``other``'s next card its open-hands best
    (fused) and chosen by the mean over ``its_worlds`` positions dealt as it may see them
    (unfused; with ``all_later`` every later card of ``other``'s so, the rest of the deal
    played out); the sum of the weights; how many such choices were made."""
    trick = view.current_trick
    assert view.contract is not None
    total = contract_total(view.contract, view.rules)
    seat = int(view.seat)
    sign = 1 if other % 2 == seat % 2 else -1  # the other's team's card points, up to a constant
    history = [[(int(s), c.index) for s, c in t.plays] for t in view.completed_tricks]
    fused: dict[int, float] = defaultdict(float)
    unfused: dict[int, float] = defaultdict(float)
    weights = 0.0
    choices = 0
    for w, root in _roots(view, worlds, rng):
        weights += w
        for c in cards:
            current = [(int(s), card.index) for s, card in trick]
            tricks = list(history)
            position = root
            card = c
            fused_value: int | None = None  # the open-hands value, once the other's turn comes
            while True:
                current.append((int(position.turn), card))
                position = position.play(card)
                if len(current) == 4:
                    tricks.append(current)
                    current = []
                own = _team_values(solver, position, seat, total)
                if not any(position.hands):
                    value = own[-1]
                    break
                mover = int(position.turn)
                card = _open_best(own, mover, seat)
                if mover != other:
                    continue
                if fused_value is None:
                    fused_value = own[card]
                if len(own) > 1:
                    sums = dict.fromkeys(own, 0.0)
                    voids = _voids([*tricks, current] if current else tricks)
                    for seen in _seen_by(position, other, voids, its_worlds, rng):
                        for d, v in _team_values(solver, seen, seat, total).items():
                            sums[d] += sign * v
                    card = max(sums, key=lambda d: (sums[d], -d))
                    choices += 1
                if not all_later:
                    value = own[card]  # the rest played open-handed
                    break
            fused[c] += w * (value if fused_value is None else fused_value)
            unfused[c] += w * value
    return fused, unfused, weights, choices


def read_other(
    view: SeatView,
    solver: Solver,
    other: int,
    worlds: int,
    its_worlds: int,
    rng: random.Random,
    all_later: bool = False,
) -> Reading | None:
    """The fusion of another seat's next card at ``view`` (``other``: the partner, or one of the
    other team): in each world that seat's next card (after the seat's and, on the way, the
    others' open-hands best) chosen by the mean over ``its_worlds`` positions dealt as it may
    see them, against its open-hands best card there; with ``all_later``, each of its later
    cards so (None: one legal card or no world). Where the best cards differ, the two are
    valued again, unfused, over as many fresh worlds."""
    legal = sorted({a.card.index for a in view.legal if isinstance(a, Play)})
    if len(legal) < 2:
        return None
    fused, unfused, weights, choices = _other_values(
        view, solver, other, legal, worlds, its_worlds, rng, all_later
    )
    if weights <= 0.0:
        return None

    def again(best: int, other_card: int) -> float:
        _, fresh, fresh_weights, _ = _other_values(
            view, solver, other, [other_card, best], worlds, its_worlds, rng, all_later
        )
        if fresh_weights <= 0.0:
            return float("nan")
        return (fresh[best] - fresh[other_card]) / fresh_weights

    return Reading.of(len(view.hand), worlds, fused, unfused, weights, choices / len(legal), again)


_WHOSE = {
    "own": "the seat's own",
    "self": "the seat's own (from its view)",
    "partner": "the partner's",
    "next": "the next seat's",
    "previous": "the previous seat's",
}


def _other(seat: int, who: str, direction: int) -> int:
    """The seat ``who`` names from ``seat``: itself, its partner, or the next or previous to
    play."""
    step = {"self": 0, "partner": 2, "next": direction, "previous": -direction}[who]
    return (seat + step) % 4


def _checked(readings: list[Reading]) -> str:
    """The mean of the decisions' fresh-worlds gain (0 where it is unknown) with its 95%
    interval, by z = 1.96 as the research page's figures were printed (``arena.mean_ci``'s exact
    z would move some in the last digit)."""
    n = len(readings)
    if n < 2:
        return "-"
    values = [r.checked if r.checked == r.checked else 0.0 for r in readings]
    mean = sum(values) / n
    spread = sum((v - mean) ** 2 for v in values) / (n - 1)
    return f"{mean:.3f} ± {1.96 * math.sqrt(spread / n):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=tuple(GAMES), default="french")
    parser.add_argument("--deals", type=int, default=12, help="deals, `strong` in all four seats")
    parser.add_argument("--worlds", type=int, default=24, help="worlds a decision")
    parser.add_argument("--early-worlds", type=int, default=8, help="worlds in the first trick")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--who",
        choices=("own", "self", "partner", "next", "previous"),
        default="own",
        help="whose next card is chosen without the open hands: the seat's (by the worlds it "
        "cannot tell apart, own; or from its own view, self), its partner's, or the other "
        "team's seat that plays next after it or just before it",
    )
    parser.add_argument(
        "--its-worlds", type=int, default=8, help="worlds another seat's choice weighs"
    )
    parser.add_argument(
        "--all-later",
        action="store_true",
        help="another seat's every later card chosen so, not only its next",
    )
    parser.add_argument(
        "--from-trick", type=int, default=1, help="the first trick whose decisions are read"
    )
    args = parser.parse_args()
    rules = Rules.preset_named(args.game)
    bots = [make("strong", seed=100 + s) for s in range(4)]
    solver = Solver()
    rng = random.Random(args.seed)
    rows: dict[str, list[Reading]] = defaultdict(list)
    for number in range(args.deals):
        deal = duel_deal(rules, args.seed, number)
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            if (
                any(isinstance(a, Play) for a in view.legal)
                and 9 - len(view.hand) >= args.from_trick
            ):
                worlds = args.early_worlds if len(view.hand) == 8 else args.worlds
                reading = (
                    read(view, solver, worlds, rng)
                    if args.who == "own"
                    else read_other(
                        view,
                        solver,
                        _other(seat, args.who, rules.direction),
                        worlds,
                        args.its_worlds,
                        rng,
                        args.all_later,
                    )
                )
                if reading is not None:
                    rows[f"trick {9 - reading.cards}"].append(reading)
                    rows["all"].append(reading)
            deal.push(bots[seat].act(view))
    print(
        f"{args.game}, {args.deals} deals, strong in every seat, seed {args.seed}, "
        f"{_WHOSE[args.who]} {'every later' if args.all_later else 'next'} card unfused"
    )
    print(
        "| decisions | n | unfused best differs | its unfused gain | the same, fresh worlds "
        "| its fused cost "
        "| fusion of the fused best "
        f"| fusion, all cards | {'worlds a path' if args.who == 'own' else 'choices a card'} |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for key in ["all", *(f"trick {t}" for t in range(1, 9))]:
        got = rows.get(key)
        if not got:
            continue
        n = len(got)
        print(
            f"| {key} | {n} | {sum(r.differs for r in got) / n:.1%} "
            f"| {sum(r.gain for r in got) / n:.3f} "
            f"| {_checked(got)} "
            f"| {sum(r.cost for r in got) / n:.2f} | {sum(r.fusion_best for r in got) / n:.2f} "
            f"| {sum(r.fusion_mean for r in got) / n:.2f} | {sum(r.groups for r in got) / n:.1f} |"
        )


if __name__ == "__main__":
    main()
