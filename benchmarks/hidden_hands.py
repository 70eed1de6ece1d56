"""What a hidden hand is worth to `strong`'s card play: `strong` told the cards of its partner
(or every hand) against `strong` as it plays, each against the same `basic` on the same deals.

An upper bound for any reading of those seats' calls and plays: a `strong` player that knew
its partner's hand would deal its worlds with that hand fixed, and what it gains so is the most
that reading the partner could gain; told every hand (``--know all``: the other team's two, which
leave the partner's too), its worlds are all the one deal, the most that any reading could gain.
The auction is left as it is (it calls before a card is seen); only the card play's worlds are
told. Three choices tell a part of the partner's hand, to see which part the worth lies in:
``--know partner-trumps`` (which trumps the partner holds, in a suit contract), ``--know
partner-masters`` (for each suit, whether the partner holds its master, the best card of the
suit not yet played, when the seat does not hold it itself) and ``--know partner-lengths`` (how
many cards of each suit the partner holds, the worlds dealt again until its hand has them): what
a perfect signal of each would bring.

Deals are the duels' pairs (``arena.duel_deal``), each played from both seats; the bots are
seeded as ``ab_test.py`` seeds them (100 + seat, 200 + seat), so Y is the `strong` of an A/B
test's Y side. ``--log FILE`` keeps each pair's result as it ends, in an A/B test's log form
(``ab_test.read_log``), and the same command resumes from it.

Run: ``.venv/bin/python benchmarks/hidden_hands.py --game french --know partner --deals 300``
(about 20 minutes on two cores for French Belote, 15 for Bulgarian Belot).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import NamedTuple

from ab_test import read_log

from belot.bots import sampling, strong
from belot.bots.arena import duel_deal, mean_ci, seatings
from belot.bots.base import Bot
from belot.bots.basic import BasicBot
from belot.bots.sampling import Constraints, deal_hidden
from belot.bots.strong import StrongBot
from belot.engine.actions import Action
from belot.engine.cards import FULL_MASK, SUIT_MASKS
from belot.engine.deal import Deal
from belot.engine.games import GAMES
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.tricks import KEY, TRUMP_MASKS
from belot.engine.view import SeatView

#: What a seat holds, and what it does not, of the cards it is told about: seat: (held, absent).
Told = dict[Seat, tuple[int, int]]


def _hands(deal: Deal, seats: tuple[Seat, ...]) -> Told:
    return {s: (deal.hand_mask(s), FULL_MASK & ~deal.hand_mask(s)) for s in seats}


def _trumps(deal: Deal, seat: Seat) -> Told:
    contract = deal.contract
    trumps = 0 if contract is None else TRUMP_MASKS[contract]
    hand = deal.hand_mask(seat.partner)
    return {seat.partner: (hand & trumps, trumps & ~hand)}


def _masters(deal: Deal, seat: Seat) -> Told:
    contract = deal.contract
    if contract is None:
        return {}  # the auction: nothing is told
    gone = sum(card.mask for trick in deal.tricks for _, card in trick.plays)
    hand = deal.hand_mask(seat.partner)
    held = absent = 0
    for suit in range(4):
        out = [c for c in range(8 * suit, 8 * suit + 8) if not (gone >> c & 1)]
        if out:
            master = max(out, key=KEY[contract].__getitem__)
            if hand >> master & 1:
                held |= 1 << master
            else:
                absent |= 1 << master
    return {seat.partner: (held, absent)}


class Choice(NamedTuple):
    """A choice of ``--know``: what it tells, in words, and the cards it tells the seat ``seat``
    of ``deal`` as it stands (held and absent, by seat)."""

    words: str
    cards: Callable[[Deal, Seat], Told]


TOLD = {
    "partner": Choice("its partner's hand", lambda deal, seat: _hands(deal, (seat.partner,))),
    "all": Choice(
        "every hand",
        lambda deal, seat: _hands(deal, tuple(s for s in Seat if s.team is not seat.team)),
    ),
    "partner-trumps": Choice("its partner's trumps", _trumps),
    "partner-masters": Choice("which masters its partner holds", _masters),
    "partner-lengths": Choice("its partner's suit lengths", lambda deal, seat: {}),
}
#: How many times a world is dealt again, at most, for the partner's suit lengths.
LENGTH_TRIES = 5000


def lengths(hand: int) -> tuple[int, int, int, int]:
    """How many cards of each suit ``hand`` holds."""
    a, b, c, d = ((hand & mask).bit_count() for mask in SUIT_MASKS)
    return a, b, c, d


def with_lengths(
    seat: Seat, want: tuple[int, int, int, int]
) -> Callable[[Constraints, random.Random, int], tuple[int, int, int, int]]:
    """``sampling.deal_hidden``, dealing again (up to ``LENGTH_TRIES`` times) until ``seat``'s
    hand has ``want`` cards of each suit."""

    def dealing(
        constraints: Constraints, rng: random.Random, tries: int = 200
    ) -> tuple[int, int, int, int]:
        for _ in range(LENGTH_TRIES):
            world = deal_hidden(constraints, rng, tries)
            if lengths(world[seat]) == want:
                break
        return world

    return dealing


class _Told(StrongBot):
    """`strong` whose card play deals its worlds with what ``know`` tells (``TOLD``) of the
    hands as they are in ``deal``, which the duel sets before each deal."""

    def __init__(self, seed: int, know: str) -> None:
        super().__init__(seed=seed)
        self.know = know
        self.deal: Deal | None = None

    def act(self, view: SeatView) -> Action:
        deal = self.deal
        assert deal is not None
        cards = TOLD[self.know].cards(deal, view.seat)

        class Knowing:
            @staticmethod
            def of(view: SeatView) -> Constraints:
                return told(Constraints.of(view), cards)

        # A deliberate monkeypatch: strong.py looks `Constraints` up in its own globals (it
        # imports it from belot.bots.sampling), and `sampling.dealt_world`, which deals its
        # worlds, looks `deal_hidden` up in sampling's, so each is replaced there for this
        # decision (`Knowing` and `with_lengths` stand in for them duck-typed) and put back
        # after it.
        strong.Constraints = Knowing  # type: ignore[attr-defined,assignment]
        if self.know == "partner-lengths" and deal.contract is not None:
            partner = view.seat.partner
            dealing = with_lengths(partner, lengths(deal.hand_mask(partner)))
            sampling.deal_hidden = dealing  # type: ignore[assignment]
        try:
            return super().act(view)
        finally:
            strong.Constraints = Constraints  # type: ignore[attr-defined]
            sampling.deal_hidden = deal_hidden


def told(constraints: Constraints, cards: Told) -> Constraints:
    """``constraints`` with ``cards`` (seat: the cards it holds now and the cards it does not,
    of those it is told about) known: each seat must hold its held unseen cards, no other seat
    may, and it may not hold its absent ones."""
    must = list(constraints.must)
    cannot = list(constraints.cannot)
    for seat, (hand, absent) in cards.items():
        held = hand & constraints.unseen
        for other in Seat:
            if other == seat:
                must[other] |= held
                cannot[other] |= absent & constraints.unseen & ~held
            elif other != constraints.seat:
                must[other] &= ~held
                cannot[other] = (cannot[other] | held) & ~must[other]
    return dataclasses.replace(
        constraints,
        must=(must[0], must[1], must[2], must[3]),
        cannot=(cannot[0], cannot[1], cannot[2], cannot[3]),
    )


def _pair(job: tuple[str, int, int, str]) -> tuple[float, float]:
    """X's (told) and Y's (not told) game points less `basic`'s a deal on pair ``number``."""
    game, seed, number, know = job
    rules = Rules.preset_named(game)
    out = []
    for knowing in (True, False):
        ours: list[Bot] = [
            _Told(100 + s, know) if knowing else StrongBot(seed=100 + s) for s in range(4)
        ]
        basic: list[Bot] = [BasicBot(seed=200 + s) for s in range(4)]
        total = 0.0
        for team, seats, _ in seatings((ours, basic)):
            deal = duel_deal(rules, seed, number)
            for bot in ours:
                if isinstance(bot, _Told):
                    bot.deal = deal
            while not deal.is_over:
                seat = deal.turn
                assert seat is not None
                deal.push(seats[seat].act(deal.view(seat)))
            if deal.result is not None:
                written = deal.result.written
                total += written[team] - written[team.other]
        out.append(total / 2)
    return out[0], out[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=tuple(GAMES), default="bulgarian")
    parser.add_argument("--know", choices=sorted(TOLD), default="partner")
    parser.add_argument("--deals", type=int, default=300, help="duplicate deal pairs")
    parser.add_argument("--seed", type=int, default=501)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, default=None, help="JSON lines, one per pair")
    args = parser.parse_args()
    header = {"game": args.game, "know": args.know, "seed": args.seed}
    results = read_log(args.log, header) if args.log else {}
    log = args.log.open("a", encoding="utf-8") if args.log else None
    jobs = [(args.game, args.seed, n, args.know) for n in range(args.deals) if n not in results]
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(_pair, job): job[2] for job in jobs}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if log is not None:
                log.write(json.dumps({"pair": futures[future], "xy": results[futures[future]]}))
                log.write("\n")
                log.flush()
    if log is not None:
        log.close()
    pairs = [results[n] for n in range(args.deals)]
    diffs = [x - y for x, y in pairs]
    mean, half = mean_ci(diffs)
    what = TOLD[args.know].words
    print(f"{args.game}: `strong` told {what}, {args.deals} deal pairs (seed {args.seed})")
    print(f"  told, against basic      {statistics.mean(x for x, _ in pairs):+8.2f} a deal")
    print(f"  not told, against basic  {statistics.mean(y for _, y in pairs):+8.2f} a deal")
    print(f"  told - not told          {mean:+8.2f} ± {half:.2f} (95%)")
    print(f"  pairs differing          {sum(1 for d in diffs if d)}")


if __name__ == "__main__":
    main()
