"""Random full deals of one game through the public ``Deal`` API, as ``belot bench``'s ``deals``
drives them, for counting instructions under callgrind: the difference of two runs (say 300
and 50 deals) over the deals between them is the instructions a deal, the start-up cancelled.

    for n in 50 300; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/deal_instructions.py --game coinche --deals $n 2>&1 | grep refs
    done   # instructions a deal: (refs of 300 - refs of 50) / 250

Set ``PYTHONHASHSEED=0`` for the same dict layouts in both runs. The imports' objects are frozen
out of the garbage collector's reach (``gc.freeze``), so that a full collection falling between
the two runs in one engine and not in the other does not count as the deals' work. The process
ends with ``os._exit``: Python's own shutdown, which frees every memo, is not counted either.
"""

from __future__ import annotations

import argparse
import gc
import os
import random

from belot.engine import Deal, Rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bulgarian", help="the rules preset")
    parser.add_argument("--deals", type=int, default=300)
    args = parser.parse_args()
    rules = Rules.preset_named(args.game)
    gc.collect()
    gc.freeze()
    uniform = random.Random(1).random
    for seed in range(args.deals):
        deal = Deal.new(rules, seed=seed)
        while actions := deal.legal_actions():
            deal.push(actions[int(uniform() * len(actions))])
    os._exit(0)


if __name__ == "__main__":
    main()
