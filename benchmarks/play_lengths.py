"""What `strong`'s leads and discards say of its suit lengths: the length of the plain suit it
leads or discards from, against the mean length of the plain suits it holds then.

The partner's suit lengths are most of what its hand is worth to `strong` (research.md, "Which
part of the partner's hand is worth it"). Whether its own plays already tell them, so that a
reading could, is asked here: four `strong` seats play the duels' deals (``arena.duel_deal``)
and each lead or discard of a plain suit by a seat holding two plain suits or more is counted.
If the suit played were picked at random among those held, its mean length would be the mean
of theirs; if a card were picked at random among them, more (a longer suit holds more of the
cards), and both are printed. The further above them, the more a play says.

Run: ``.venv/bin/python benchmarks/play_lengths.py --game french --deals 160`` (about 4 minutes on
two cores).

With ``--signal MARGIN`` the four seats play by the length signal between partners
(``belot.bots.signals``: a lead or discard from the longest plain suit when the search values
it within MARGIN game points of the best), and the script also asks how much its reading
tells: at each card decision from the third trick on, ``--worlds`` worlds are dealt within what
the seat has seen, and the mean error of the partner's suit lengths in them (the sum over the
suits of the cards too many or too few) is printed as dealt and as the reading weighs them
(``--miss``), beside the share of card decisions the signal changed.
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from hidden_hands import lengths

from belot.bots import strong
from belot.bots.arena import duel_deal
from belot.bots.sampling import Constraints, SamplingError, dealt_world
from belot.bots.signals import SignalReading
from belot.bots.strong import CardEstimate, StrongBot
from belot.engine.actions import Play
from belot.engine.cards import SUIT_MASKS, Card
from belot.engine.deal import Deal
from belot.engine.rules import Rules
from belot.engine.tricks import TRUMP_MASKS
from belot.engine.view import SeatView

#: One counted play: "lead" or "discard", the length of the suit played, the mean length of
#: the plain suits held, and the mean length of the suit of a plain card picked at random.
Row = tuple[str, int, float, float]
#: With the signal, one more row a card decision: ``("read", changed, dealt, weighed)``, whether
#: the signal changed the card (1 or 0), and the partner's length error over the worlds as
#: dealt and as weighed by the reading (NaN before the third trick).
#: `strong`'s choice of a card by the signal, as it is (``deal_rows`` counts what it changes).
_SIGNAL = strong._signal
Job = tuple[str, int, int, float | None, float | None, float, int]


def length_error(dealt: int, real: int) -> int:
    """How far the suit lengths of the hand ``dealt`` are from those of ``real``: the sum over
    the suits of the cards too many or too few."""
    return sum(abs((dealt & m).bit_count() - (real & m).bit_count()) for m in SUIT_MASKS)


def _read(
    deal: Deal, view: SeatView, miss: float, worlds: int, rng: random.Random
) -> tuple[float, float]:
    """The partner's mean length error over ``worlds`` worlds dealt within ``view`` (a seat's
    view of ``deal``): as dealt, and as the signal's reading weighs them."""
    seat = view.seat
    reading = SignalReading(view, miss)
    constraints = Constraints.of(view)
    real = deal.hand_mask(seat.partner)
    dealt = weighed = weights = 0.0
    n = 0
    for _ in range(worlds):
        try:
            world = dealt_world(constraints, deal.hand_mask(seat), rng)
        except SamplingError:
            break
        error = length_error(world[seat.partner], real)
        w = reading.weight(world)
        dealt += error
        weighed += w * error
        weights += w
        n += 1
    if not n or weights <= 0:
        return float("nan"), float("nan")
    return dealt / n, weighed / weights


def deal_rows(job: Job) -> list[Row]:
    """The counted plays of the duels' deal ``number`` of ``seed``, four `strong` seats (by the
    length signal at a margin of ``signal`` game points unless it is None)."""
    game, seed, number, think, signal, miss, worlds = job
    deal = duel_deal(Rules.preset_named(game), seed, number)
    bots = [StrongBot(seed=100 + s, think=think) for s in range(4)]
    rows: list[Row] = []
    rng = random.Random(f"{seed}-{number}")
    changed: list[bool] = []
    if signal is not None:
        strong.SIGNALS, strong.SIGNAL_MARGIN = miss, signal

        def watched(view: SeatView, estimates: list[CardEstimate]) -> Card:
            card = _SIGNAL(view, estimates)
            changed.append(card != estimates[0].card)
            return card

        strong._signal = watched  # to count the cards it changes
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        if signal is not None and isinstance(view.legal[0], Play) and len(view.legal) > 1:
            changed.clear()
            dealt, weighed = (float("nan"), float("nan"))
            if len(view.tricks) >= 2:
                dealt, weighed = _read(deal, view, miss, worlds, rng)
            action = bots[seat].act(view)
            rows.append(("read", int(any(changed)), dealt, weighed))
        else:
            action = bots[seat].act(view)
        contract = deal.contract
        if isinstance(action, Play) and contract is not None:
            hand = deal.hand_mask(seat)
            trumps = TRUMP_MASKS[contract]
            counts = lengths(hand)
            plain = [s for s in range(4) if counts[s] and not SUIT_MASKS[s] & trumps]
            suit = action.card.suit
            trick = view.current_trick
            kind = "lead" if not trick else "discard" if trick[0][1].suit != suit else None
            if kind and len(plain) > 1 and suit in plain:
                held = [counts[s] for s in plain]
                by_card = sum(n * n for n in held) / sum(held)
                rows.append((kind, counts[suit], statistics.mean(held), by_card))
        deal.push(action)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("bulgarian", "french", "bela"), default="french")
    parser.add_argument("--deals", type=int, default=160)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--signal", type=float, metavar="MARGIN", help="play by the length signal")
    parser.add_argument("--miss", type=float, default=0.5, help="the reading's weight of a miss")
    parser.add_argument("--worlds", type=int, default=40, help="worlds dealt a decision")
    args = parser.parse_args()
    jobs: list[Job] = [
        (args.game, args.seed, n, None, args.signal, args.miss, args.worlds)
        for n in range(args.deals)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for rows in pool.map(deal_rows, jobs) for row in rows]
    signalled = "" if args.signal is None else f", by the length signal at {args.signal:g}"
    print(
        f"{args.game}: `strong`'s plain leads and discards, {args.deals} deals (seed {args.seed})"
        + signalled
    )
    for kind in ("lead", "discard"):
        kept = [row for row in rows if row[0] == kind]
        if kept:
            played = statistics.mean(row[1] for row in kept)
            held = statistics.mean(row[2] for row in kept)
            by_card = statistics.mean(row[3] for row in kept)
            print(
                f"  {kind:8} {len(kept):5} plays: the suit's length {played:.2f};"
                f" a suit at random {held:.2f}, a card at random {by_card:.2f}"
            )
    read = [row for row in rows if row[0] == "read"]
    if read:
        later = [row for row in read if row[2] == row[2]]  # not NaN
        print(
            f"  the signal changed {sum(row[1] for row in read)} of {len(read)} card decisions;"
            f" the partner's length error over {len(later)} decisions from the third trick:"
            f" {statistics.mean(row[2] for row in later):.3f} as dealt,"
            f" {statistics.mean(row[3] for row in later):.3f} as read (miss {args.miss:g})"
        )


if __name__ == "__main__":
    main()
