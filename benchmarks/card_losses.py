"""Where a bot's card play gives away card points: every card of a duel's deals checked against
the solver with all hands open (``analysis.annotate``), by trick and by role.

Deals are the duels' deal pairs (``arena.duel_deal``, ``--seed``), each played from both
seats, ``A`` against ``B`` (seeded as ``ab_test.py`` seeds them: 100 + seat and 200 + seat). A
card's loss is what its team would take with the best card, less what it takes after this one
(best play by all from then on): it counts what a player could not know as well as its
mistakes, so the two bots are read side by side. ``belot duel --solver-loss`` gives the same
losses in all, without the split; ``basic_leaks.py`` splits one level's own deals (four
copies, Bulgarian Belot) by contract, side and place in the trick.

Run: ``.venv/bin/python benchmarks/card_losses.py --game french --deals 40`` (about 3 minutes on
one core for French Belote with `strong` against `basic`).
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from belot.bots import LEVELS, make
from belot.bots.analysis import annotate
from belot.bots.arena import duel_deal, seatings
from belot.engine.games import GAMES
from belot.engine.rules import Rules


def losses(
    game: str, a: str, b: str, deals: int, seed: int
) -> dict[tuple[int, str], tuple[int, int]]:
    """Per side (0: A, 1: B) and row ("all", "trick N", "declarer", "defender"): the cards
    played and the card points they lost in all."""
    rules = Rules.preset_named(game)
    bots = ([make(a, seed=100 + s) for s in range(4)], [make(b, seed=200 + s) for s in range(4)])
    rows: dict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
    for number in range(deals):
        for _, seats, side_of in seatings(bots):
            deal = duel_deal(rules, seed, number)
            while not deal.is_over:
                seat = deal.turn
                assert seat is not None
                deal.push(seats[seat].act(deal.view(seat)))
            if deal.contract is None:
                continue  # all passed: no card played
            for note in annotate(deal):
                side = side_of[note.seat]
                role = "declarer" if note.seat.team is deal.declarers else "defender"
                for row in ("all", f"trick {note.trick}", role):
                    rows[side, row][0] += 1
                    rows[side, row][1] += note.best - note.value
    return {key: (cards, lost) for key, (cards, lost) in rows.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=tuple(GAMES), default="bulgarian")
    parser.add_argument("--a", default="strong", choices=LEVELS)
    parser.add_argument("--b", default="basic", choices=LEVELS)
    parser.add_argument("--deals", type=int, default=40, help="duplicate deal pairs")
    parser.add_argument("--seed", type=int, default=999)
    args = parser.parse_args()
    rows = losses(args.game, args.a, args.b, args.deals, args.seed)
    order = ["all", *(f"trick {t}" for t in range(1, 9)), "declarer", "defender"]
    print(f"{args.game}: {args.deals} deal pairs, seed {args.seed}")
    print(f"{'':10s} {args.a + ' (cards)':>22s} {args.b + ' (cards)':>22s}   card points a card")
    for row in order:
        cells = []
        for side in (0, 1):
            cards, lost = rows.get((side, row), (0, 0))
            cells.append(f"{lost / cards:8.2f} ({cards:5d})" if cards else f"{'-':>16s}")
        share = rows.get((0, row), (0, 0))[1] / max(rows.get((0, "all"), (0, 1))[1], 1)
        print(f"{row:10s} {cells[0]:>22s} {cells[1]:>22s}   {args.a}'s share {share:5.0%}")


if __name__ == "__main__":
    main()
