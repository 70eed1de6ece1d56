"""Two ``belot duel --log`` files of the same deals (the same bots, rules and seed) played by
two versions of the code, compared pair by pair: an A/B test that costs one new duel, since
the old version's results are already in its log.

Each deal pair both logs hold gives the new A − B less the old A − B (game points a deal);
the mean, its 95% interval and how many pairs differ are printed, over every common pair and
over those numbered from ``--from`` on (pairs the old log played with other settings, say a
node rate since changed, can so be left out). A log of a run still going is read as far as
its last finished chunk.

Run: ``.venv/bin/python benchmarks/compare_duel_logs.py OLD NEW [--from 250]``
"""

from __future__ import annotations

import argparse

from pool_duel_logs import pairs_of

from belot.bots.arena import mean_ci


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--from", dest="first", type=int, default=0, help="first pair compared")
    args = parser.parse_args()
    old_head, old = pairs_of(args.old)
    new_head, new = pairs_of(args.new)
    keys = ("a", "b", "seed", "think", "rules")
    if any(old_head.get(k) != new_head.get(k) for k in keys):
        raise SystemExit("the two logs are not of the same duel (bots, seed, think or rules)")
    print(f"{new_head['a']} - {new_head['b']}, {new_head['rules']}, seed {new_head['seed']}")
    for first in sorted({0, args.first}):
        common = sorted(n for n in new.keys() & old.keys() if n >= first)
        if len(common) < 2:
            print(f"  pairs from {first}: fewer than two in both logs")
            continue
        changes = [new[n] - old[n] for n in common]
        mean, half = mean_ci(changes)
        old_mean, old_half = mean_ci([old[n] for n in common])
        new_mean, new_half = mean_ci([new[n] for n in common])
        print(
            f"  pairs {common[0]}-{common[-1]} ({len(common)}, {sum(1 for c in changes if c)}"
            f" differ): old {old_mean:+.2f} ± {old_half:.2f}, new {new_mean:+.2f} ± {new_half:.2f},"
            f" new - old {mean:+.2f} ± {half:.2f} a deal"
        )


if __name__ == "__main__":
    main()
