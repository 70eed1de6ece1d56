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
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor

from hidden_hands import lengths

from belot.bots.arena import duel_deal
from belot.bots.strong import StrongBot
from belot.engine.actions import Play
from belot.engine.cards import SUIT_MASKS
from belot.engine.rules import Rules
from belot.engine.tricks import TRUMP_MASKS

#: One counted play: "lead" or "discard", the length of the suit played, the mean length of
#: the plain suits held, and the mean length of the suit of a plain card picked at random.
Row = tuple[str, int, float, float]


def deal_rows(job: tuple[str, int, int, float | None]) -> list[Row]:
    """The counted plays of the duels' deal ``number`` of ``seed``, four `strong` seats."""
    game, seed, number, think = job
    deal = duel_deal(Rules.preset_named(game), seed, number)
    bots = [StrongBot(seed=100 + s, think=think) for s in range(4)]
    rows: list[Row] = []
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
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
    args = parser.parse_args()
    jobs = [(args.game, args.seed, n, None) for n in range(args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for rows in pool.map(deal_rows, jobs) for row in rows]
    print(
        f"{args.game}: `strong`'s plain leads and discards, {args.deals} deals (seed {args.seed})"
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


if __name__ == "__main__":
    main()
