"""How long a ``strong`` bot's move waits while many hints are asked at once.

A strong bot decides MOVES times on a mid-deal view, alone and then while HINTS hint requests
(each from its own seat and address, the worst case for the limits) are in flight, through the
server's ``Thinkers``: the bots' threads and the advice thread. With ``--shared`` the hints go
through the bots' threads instead, as every search did before ``belot.web.thinking``.

    .venv/bin/python benchmarks/hint_pressure.py --hints 16 --moves 6
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from belot.bots import make
from belot.engine.actions import Cut
from belot.engine.deal import Deal, Phase
from belot.engine.table import Seat
from belot.engine.view import SeatView
from belot.web import hints
from belot.web.thinking import Busy, Thinkers


def mid_deal(seed: int) -> Deal:
    """A deal some way into the card play, reached by basic bots."""
    deal = Deal(dealer=Seat.N, seed=seed)
    deal.push(Cut(16))
    bots = {seat: make("basic", seed=seat) for seat in Seat}
    while not deal.is_over and (deal.phase is not Phase.PLAY or len(deal.tricks) < 2):
        seat = deal.turn
        assert seat is not None
        deal.push(bots[seat].act(deal.view(seat)))
    return deal


async def moves(thinkers: Thinkers, view: SeatView, count: int) -> list[float]:
    bot = make("strong", seed=1)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        await thinkers.move(bot.act, view)
        times.append(time.perf_counter() - start)
    return times


async def run(args: argparse.Namespace) -> None:
    thinkers = Thinkers(queue=args.hints)
    deal = next(d for d in map(mid_deal, range(1, 50)) if d.phase is Phase.PLAY)
    seat = deal.turn
    assert seat is not None
    view = deal.view(seat)
    await thinkers.move(make("strong", seed=0).act, view)  # load the search
    alone = await moves(thinkers, view, args.moves)

    async def ask(number: int) -> None:
        try:
            if args.shared:
                await thinkers.move(hints.hint, view)
            else:
                await thinkers.advise(hints.hint, view, key=number, address=str(number))
        except Busy:
            pass

    asks = [asyncio.ensure_future(ask(n)) for n in range(args.hints)]
    await asyncio.sleep(0.05)
    pressed = await moves(thinkers, view, args.moves)
    started = time.perf_counter()
    await asyncio.gather(*asks)
    left = time.perf_counter() - started
    thinkers.shutdown()
    where = "on the bots' threads" if args.shared else "on the advice thread"
    print(f"{args.hints} hints {where}; a strong move, {args.moves} times")
    print(f"  alone:      median {statistics.median(alone):.2f} s, max {max(alone):.2f} s")
    print(f"  with hints: median {statistics.median(pressed):.2f} s, max {max(pressed):.2f} s")
    print(f"  the hints finished {left:.1f} s after the last move")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=16)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--shared", action="store_true", help="hints on the bots' threads")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
