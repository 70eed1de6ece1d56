"""The golden vectors of Bridge Belot v2.06 (../shared/vectors/belot2001-golden.json).

``validcards``: 2,000 positions with the cards the program allowed; ``cardtables``: each card's
trick strength and point value per contract.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from belot.engine import Card, Contract, Rank, Suit
from belot.engine.declarations import Kind, announcement_choices
from belot.engine.tricks import CARD_POINTS, KEY, legal_mask, winner_position

VECTORS = Path(__file__).resolve().parents[2] / "shared" / "vectors" / "belot2001-golden.json"

CONTRACTS = {
    "Clubs": Contract.CLUBS,
    "Diamonds": Contract.DIAMONDS,
    "Hearts": Contract.HEARTS,
    "Spades": Contract.SPADES,
    "NoTrumps": Contract.NO_TRUMPS,
    "AllTrumps": Contract.ALL_TRUMPS,
}


@cache
def golden() -> dict[str, Any]:
    if not VECTORS.exists():
        pytest.skip(f"golden vectors not found at {VECTORS} (shared/ must sit beside the clone)")
    data: dict[str, Any] = json.loads(VECTORS.read_text(encoding="utf-8"))
    return data


def to_card(suit: str, rank: int) -> Card:
    return Card(Suit.from_str(suit), Rank(rank - 7))


def validcards_cases() -> list[Any]:
    if not VECTORS.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{VECTORS} not found"))]
    return [
        pytest.param(case, id=f"{i}-{case['contract']}")
        for i, case in enumerate(golden()["validcards"])
    ]


def test_there_are_2000_validcards_cases() -> None:
    assert len(golden()["validcards"]) == 2000


@pytest.mark.parametrize("case", validcards_cases())
def test_validcards(case: dict[str, Any]) -> None:
    contract = CONTRACTS[case["contract"]]
    hand = [to_card(s, r) for s, r in case["hand"]]
    trick = [to_card(s, r).index for _, s, r in case["trick"]]
    # Seats are in playing order; the seat to act follows the last card of the trick.
    if case["trick"]:
        assert case["trick"][-1][0] % 4 + 1 == case["seat"]
    hand_mask = sum(c.mask for c in hand)
    got = legal_mask(hand_mask, trick, contract)
    want = sum(hand[i].mask for i in case["legal"])
    assert got == want, (
        f"{case['contract']} hand {[str(c) for c in hand]} trick "
        f"{[str(to_card(s, r)) for _, s, r in case['trick']]}: legal "
        f"{[str(c) for c in hand if c.mask & got]}, golden {[str(hand[i]) for i in case['legal']]}"
    )


@pytest.mark.parametrize("name", list(CONTRACTS))
def test_cardtables_strength_and_points(name: str) -> None:
    contract = CONTRACTS[name]
    rows = [row for row in golden()["cardtables"] if row["contract"] == name]
    assert len(rows) == 32
    for suit in "CDHS":
        suit_rows = [row for row in rows if row["suit"] == suit]
        by_strength = sorted(suit_rows, key=lambda row: row["strength"])
        ours = sorted(
            (to_card(suit, row["rank"]) for row in suit_rows), key=lambda c: KEY[contract][c.index]
        )
        assert ours == [to_card(suit, row["rank"]) for row in by_strength]
    for row in rows:
        c = to_card(row["suit"], row["rank"])
        # The 2001 program counts No trumps undoubled; RULES.md doubles the card points.
        factor = 2 if contract == Contract.NO_TRUMPS else 1
        assert CARD_POINTS[contract][c.index] == row["points"] * factor, str(c)


@pytest.mark.parametrize("name", list(CONTRACTS))
def test_cardtables_decide_tricks_of_one_suit(name: str) -> None:
    """Within the led suit, the card with the golden highest strength wins the trick."""
    contract = CONTRACTS[name]
    strength = {
        to_card(row["suit"], row["rank"]): row["strength"]
        for row in golden()["cardtables"]
        if row["contract"] == name
    }
    for suit in Suit:
        suited = [c for c in strength if c.suit == suit]
        for a in suited:
            for b in suited:
                if a is b:
                    continue
                trick = [a.index, b.index]
                want = 0 if strength[a] > strength[b] else 1
                assert winner_position(trick, contract) == want


# ``announces``: per hand, eight slots in pairs by kind: 0-1 fours, 2-3 tierces, 4-5 quartes,
# 6-7 quintes; each used slot holds the rank (7..14) of the four or of the sequence's top card.
# Decoded from the data: every one of the 500 hands fits this reading with no slot left over.
SLOT_KINDS: tuple[Kind, ...] = (Kind.FOUR, Kind.FOUR, Kind.TIERCE, Kind.TIERCE)
SLOT_KINDS += (Kind.QUARTE, Kind.QUARTE, Kind.QUINTE, Kind.QUINTE)


def announces_cases() -> list[Any]:
    if not VECTORS.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{VECTORS} not found"))]
    return [pytest.param(case, id=str(i)) for i, case in enumerate(golden()["announces"])]


@pytest.mark.parametrize("case", announces_cases())
def test_announces(case: dict[str, Any]) -> None:
    hand = sum(to_card(s, r).mask for s, r in case["hand"])
    want = sorted((SLOT_KINDS[i], code - 7) for i, code in enumerate(case["desc"]) if code)
    best = announcement_choices(hand)[0]
    assert sorted((d.kind, int(d.rank)) for d in best) == want
