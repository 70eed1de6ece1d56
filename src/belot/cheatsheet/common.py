"""The parts of a sheet that games of the family share, read from the engine: the card ranking
and card points, the declarations table, French Belote's obligations (Coinche plays them too),
the forced undertrump, and the frame of a sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belot.cheatsheet.layout import CheatSheet, Section, Table
from belot.cheatsheet.words import Words
from belot.engine.cards import Card, Rank, Suit
from belot.engine.contracts import Contract
from belot.engine.declarations import (
    FOUR_ORDER,
    FOUR_POINTS,
    SEQUENCE_POINTS,
    Kind,
    announcement_choices,
)
from belot.engine.rules import Rules
from belot.engine.tricks import CARD_POINTS, KEY, legal_mask

__all__ = [
    "SUIT_GAME",
    "card_points",
    "card_ranking",
    "declarations_table",
    "direction",
    "forced_undertrump",
    "four_order",
    "no_four",
    "obligations",
    "pair",
    "ranking",
    "sheet",
    "single_best",
    "trump_suits",
]

#: The card ranking of a game played in a suit only: (label key, contract, suit shown).
SUIT_GAME: Final = (
    ("trump_suit", Contract.HEARTS, Suit.HEARTS),
    ("plain_suit", Contract.HEARTS, Suit.CLUBS),
)

#: The ranks whose points a suit game's card table shows one a row; the 8 and 7 share the last.
_RANKS_SHOWN: Final = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)


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


def single_best(say: Words) -> tuple[str, str]:
    """French Belote's comparison of declarations (Coinche's too): the single best at the
    table, then the fours' order and what eight trumps declare, read from the engine."""
    every_trump = announcement_choices(0xFF << 8 * Suit.HEARTS)[0]
    fours = say(
        "fours",
        fours=four_order(say),
        none=no_four(say),
        eight=sum(d.points for d in every_trump),
    )
    return say("compare"), fours


def card_points(say: Words, notes: Sequence[str]) -> Section:
    """The points of each card as a trump and as a plain card (hearts trumps in the engine's
    ``CARD_POINTS``), then ``notes``."""
    hearts = Contract.HEARTS

    def row(ranks: tuple[Rank, ...]) -> tuple[str, ...]:
        rank = ranks[0]
        return (
            say.ranks(ranks),
            str(CARD_POINTS[hearts][Card(Suit.HEARTS, rank).index]),
            str(CARD_POINTS[hearts][Card(Suit.CLUBS, rank).index]),
        )

    rows = [row((r,)) for r in _RANKS_SHOWN]
    rows.append(row((Rank.EIGHT, Rank.SEVEN)))
    table = Table((say("card"), say("trump"), say("plain")), tuple(rows), (0.34, 0.33, 0.33))
    return Section(say("points"), 0, (table,), tuple(notes))


def pair(points: tuple[int, int]) -> str:
    """Two teams' points as a sheet writes them: ``92 : 70``."""
    return f"{points[0]} : {points[1]}"


def trump_suits(say: Words) -> str:
    """Every suit with its symbol: ``Clubs ♣, Diamonds ♦, Hearts ♥, Spades ♠``."""
    return ", ".join(f"{say.suit(suit)} {suit.symbol}" for suit in Suit)


def direction(rules: Rules, say: Words) -> str:
    """Which way the deal and the play go, from whom."""
    return say("clockwise" if rules.direction == 1 else "counter_clockwise")


def obligations(rules: Rules, say: Words, column: int = 1) -> Section:
    """French Belote's obligations (Coinche's too): climb on a trump lead, trump when void
    unless partner holds the trick, and undertrump as the engine says."""
    otherwise = say("lower_trump" if forced_undertrump(rules) else "any_card")
    table = Table(
        (say("when"), say("must")),
        (
            (say("led"), say("must_led")),
            (say("void"), say("must_void", otherwise=otherwise)),
        ),
        (0.22, 0.78),
    )
    return Section(say("obligations"), column, (table,))


def sheet(
    say: Words,
    game: str,
    sections: Sequence[Section],
    rows: Sequence[tuple[str, Contract, Suit]] = SUIT_GAME,
) -> CheatSheet:
    """A game's sheet: its title and subtitle, the card ranking of ``rows``, then ``sections``,
    and the footer naming the command that made it."""
    return CheatSheet(
        say("title"),
        say("subtitle"),
        (card_ranking(say, rows), *sections),
        say.lang,
        say("footer", game=game, lang=say.lang),
    )
