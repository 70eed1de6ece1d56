"""The parts of a sheet that games of the family share, read from the engine: the card ranking,
the declarations table, the forced undertrump."""

from __future__ import annotations

from collections.abc import Sequence

from belot.cheatsheet.layout import Section, Table
from belot.cheatsheet.words import Words
from belot.engine.cards import Card, Rank, Suit
from belot.engine.contracts import Contract
from belot.engine.declarations import FOUR_ORDER, FOUR_POINTS, SEQUENCE_POINTS, Kind
from belot.engine.rules import Rules
from belot.engine.tricks import KEY, legal_mask

__all__ = [
    "card_ranking",
    "declarations_table",
    "forced_undertrump",
    "four_order",
    "no_four",
    "ranking",
]


def ranking(contract: Contract, suit: Suit) -> list[Rank]:
    """The ranks of ``suit``, strongest first, by the engine's trick strength ``KEY``."""
    keys = KEY[contract]
    return sorted(Rank, key=lambda r: -keys[Card(suit, r).index])


def forced_undertrump(rules: Rules) -> bool:
    """Whether the engine makes a void player undertrump an opponent's higher trump: the legal
    cards of K♥ 7♦ on A♣ trumped by J♥ (hearts trumps) under ``rules``."""
    hand = 1 << Card(Suit.HEARTS, Rank.KING).index | 1 << Card(Suit.DIAMONDS, Rank.SEVEN).index
    trick = [Card(Suit.CLUBS, Rank.ACE).index, Card(Suit.HEARTS, Rank.JACK).index]
    legal = legal_mask(hand, trick, Contract.HEARTS, rules.forced_undertrump)
    return legal == 1 << Card(Suit.HEARTS, Rank.KING).index


def card_ranking(say: Words, rows: Sequence[tuple[str, Contract, Suit]]) -> Section:
    """The card ranking: one row per (label key, contract, suit shown)."""
    table = Table(
        (say("contract"), say("strongest")),
        tuple(
            (say(label), say.ranks(ranking(contract, suit), " · "))
            for label, contract, suit in rows
        ),
        (0.42, 0.58),
    )
    notes = [say("trump_wins"), say("natural", natural=say.natural())]
    if say("legend"):
        notes.append(say("legend"))
    return Section(say("ranking"), 0, (table,), tuple(notes))


def declarations_table(say: Words, belot_points: int) -> Table:
    """Sequences, fours by their points, and the belot."""
    rows: list[tuple[str, str, str]] = [
        (say("tierce"), say("tierce_is"), str(SEQUENCE_POINTS[Kind.TIERCE])),
        (say("quarte"), say("quarte_is"), str(SEQUENCE_POINTS[Kind.QUARTE])),
        (say("quinte"), say("quinte_is"), str(SEQUENCE_POINTS[Kind.QUINTE])),
    ]
    by_points: dict[int, list[Rank]] = {}
    for rank in sorted(FOUR_POINTS, key=lambda r: -FOUR_ORDER[r]):
        by_points.setdefault(FOUR_POINTS[rank], []).append(rank)
    for points, ranks in sorted(by_points.items()):
        rows.append((say("four"), f"4 × {say.ranks(ranks)}", str(points)))
    belot = say("belot_is", k=say.rank(Rank.KING), q=say.rank(Rank.QUEEN))
    rows.append((say("belot"), belot, str(belot_points)))
    return Table((say("declaration"), say("combination"), say("pts")), tuple(rows), (0.3, 0.5, 0.2))


def four_order(say: Words) -> str:
    """The fours, strongest first: ``J > 9 > A > 10 > K > Q``."""
    return " > ".join(say.rank(r) for r in sorted(FOUR_ORDER, key=lambda r: -FOUR_ORDER[r]))


def no_four(say: Words) -> str:
    """The ranks whose four is no declaration: ``7 or 8``."""
    return f" {say('or')} ".join(say.rank(r) for r in Rank if r not in FOUR_POINTS)
