"""CPU time of ``expert``'s decisions in whole deals against ``strong``, in each game (auction
turns, the first trick's cards and the later cards apart), and whether the slowest stays within
``expert.THINK_BOUND``.

Run: ``nice -n 10 .venv/bin/python benchmarks/expert_times.py [--deals 4] [--games bulgarian,…]
[--level expert]``: ``benchmarks/think_times.py``'s measure, with the expert's defaults and
bound.
"""

from __future__ import annotations

from bot_settings import apply, parse
from think_times import arguments, report, times

from belot.bots.expert import THINK_BOUND


def main() -> None:
    games = "bulgarian,french,coinche,bela"
    args = arguments("expert", "strong", 4, games, __doc__).parse_args()
    apply(parse(args.set))
    slowest = 0
    for game in args.games.split(","):
        found = times(args.level, args.against, game, args.deals, f"expert-times-{game}-")
        slowest = max(slowest, report(game, *found))
    verdict = "within" if slowest <= THINK_BOUND * 1e6 else "OVER"
    print(f"slowest decision {slowest / 1e6:.2f} s CPU: {verdict} the bound of {THINK_BOUND:g} s")


if __name__ == "__main__":
    main()
