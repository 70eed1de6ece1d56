"""Where one bot's duplicate gain over another comes from: deal pairs grouped by how each half's
auction ended.

Each deal of a duplicate pair is played twice with the same cards: A holds the North-South cards
in the first half, B in the second. A pair whose two auctions ended alike (the same contract,
declared by the same cards, or thrown in twice) differs only in the card play (and perhaps a
double); the others differ in the auction, and are grouped by the two outcomes (which cards
declared what, and which bot held them). For each group: how many pairs, A's mean gain per deal
in them, and its share of A's mean gain per deal over all pairs (the shares add up to that
mean).

Run: ``.venv/bin/python benchmarks/auction_gains.py strong basic --deals 400 --seed 31``
(400 pairs of ``strong`` against ``basic``: about 10 minutes on 2 cores; ``--game`` for the
other games), or read the deal pairs of a duel's log (``belot duel --log``) of any game:
``.venv/bin/python benchmarks/auction_gains.py --log
benchmarks/logs/duel_strong_basic_french_2000_6dec.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

from belot.bots.arena import Chunk, PairResult, duel
from belot.engine.contracts import Contract
from belot.engine.games import GAMES
from belot.engine.rules import Rules


def declared(pair: PairResult, half: int) -> tuple[str, str] | None:
    """The contract ``half`` (0: A holds North-South) ended in, and which cards (``NS`` or
    ``EW``) declared it; None when all four passed."""
    game = pair.games[half]
    if game.contract is None or game.declarer is None:
        return None
    return Contract(game.contract).text, "NS" if (game.declarer == 0) == (half == 0) else "EW"


def outcome(pair: PairResult, half: int, names: tuple[str, str]) -> str:
    """How the auction of ``half`` ended, seen from the cards, with the bot that declared."""
    contract = declared(pair, half)
    if contract is None:
        return "thrown in"
    side = pair.games[half].declarer
    assert side is not None
    return f"{contract[0]} by the {contract[1]} cards ({names[side]})"


def report(pairs: list[PairResult], names: tuple[str, str], top: int) -> list[str]:
    """The groups, card play first (by contract), then the largest shares of the auctions."""
    total = len(pairs)
    play: dict[str, list[float]] = defaultdict(list)
    auction: dict[tuple[str, str], list[float]] = defaultdict(list)
    gains = [pair.a - pair.b for pair in pairs]
    for pair, gain in zip(pairs, gains, strict=True):
        contract = declared(pair, 0)
        if contract == declared(pair, 1):
            play["thrown in" if contract is None else contract[0]].append(gain)
        else:
            auction[outcome(pair, 0, names), outcome(pair, 1, names)].append(gain)

    def row(label: str, gains: list[float]) -> str:
        noun = "pairs" if len(gains) > 1 else "pair "
        return (
            f"  {label}  {len(gains):5d} {noun}  mean {statistics.mean(gains):+7.2f}"
            f"  share {sum(gains) / total:+6.2f}"
        )

    lines = [f"{total} pairs, {names[0]} - {names[1]} per deal {statistics.mean(gains):+.2f}"]
    lines.append(f"same auction outcome in both halves (card play only): {_count(play)} pairs")
    for name, group in sorted(play.items(), key=lambda kv: -abs(sum(kv[1]))):
        lines.append(row(f"{name:<12}", group))
    lines.append(f"different auction outcomes: {_count(auction)} pairs; largest shares:")
    largest = sorted(auction.items(), key=lambda kv: -abs(sum(kv[1])))[:top]
    width = max((len(first) for (first, _), _ in largest), default=0)
    for (first, second), group in largest:
        lines.append(row(f"{first:<{width}} | {second:<{width}}", group))
    return lines


def logged(path: Path) -> tuple[list[PairResult], tuple[str, str]]:
    """The deal pairs a duel's log holds (in the order it holds them), and its two levels."""
    pairs: list[PairResult] = []
    names = ("A", "B")
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if "belot_duel_log" in record:
            names = (record["a"], record["b"])
        elif record.get("kind") == "deals":
            pairs.extend(Chunk.from_json(record).pairs)
    return pairs, names


def _count(groups: dict[str, list[float]] | dict[tuple[str, str], list[float]]) -> int:
    return sum(len(group) for group in groups.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", nargs="?", default="strong")
    parser.add_argument("b", nargs="?", default="basic")
    parser.add_argument("--log", type=Path, help="read a duel's log instead of playing")
    parser.add_argument("--game", choices=tuple(GAMES), default="bulgarian")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    seconds = None
    if args.log is not None:
        pairs, (a, b) = logged(args.log)
    else:
        a, b = args.a, args.b
        result = duel(
            a,
            b,
            deals=args.deals,
            matches=0,
            seed=args.seed,
            workers=args.workers,
            rules=Rules.preset_named(args.game),
        )
        pairs, seconds = result.pair_results, result.seconds
    names = (f"{a} A", f"{b} B") if a == b else (a, b)
    print("\n".join(report(pairs, names, args.top)))
    if seconds is not None:
        print(f"({seconds:.0f} s)")


if __name__ == "__main__":
    main()
