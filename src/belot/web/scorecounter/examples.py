"""Worked examples for the rules pages: real deal records, replayed by the engine.

Each example file (``examples/<variant>.json``) holds deal records in the ``belot-deal/1``
format with the result they must give; :func:`load` replays every record through the rules
engine (which checks each action and the stored result) and describes the deal for a page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from belot.calc import calc_deal
from belot.engine.cards import Card
from belot.engine.contracts import Contract
from belot.engine.deal import BELOT_POINTS, Deal
from belot.engine.record import deal_from_record
from belot.engine.scoring import LAST_TRICK
from belot.engine.table import Seat, Team
from belot.engine.tricks import trick_points

__all__ = [
    "SCORING_EXAMPLES",
    "Example",
    "calc_input",
    "describe",
    "load",
    "scoring_examples",
    "variants",
]

HERE = Path(__file__).parent / "examples"


@dataclass(frozen=True, slots=True)
class Example:
    id: str
    title: str
    lesson: str
    expect: dict[str, Any]
    record: dict[str, Any]

    def replay(self) -> Deal:
        """The deal rebuilt action by action (raises ``InvalidRecordError`` if it does not)."""
        return deal_from_record(self.record)


#: Scoring examples of RULES.md and seeds 000/002, as score counter input (Bulgarian rules).
SCORING_EXAMPLES: tuple[tuple[str, dict[str, Any]], ...] = (
    (
        "Seed 000: spades by NS, 98 card points + tierce 20 + belot 20 against 64",
        {
            "contract": "spades",
            "declarers": "NS",
            "points": {"NS": {"cards": 98, "declarations": 20, "belot": 20}, "EW": {"cards": 64}},
        },
    ),
    (
        "The same deal after a contra by EW",
        {
            "contract": "spades",
            "declarers": "NS",
            "double": 2,
            "points": {"NS": {"cards": 98, "declarations": 20, "belot": 20}, "EW": {"cards": 64}},
        },
    ),
    (
        "NS take only 70 card points against 92, no declarations",
        {"contract": "spades", "declarers": "NS", "points": {"NS": {"cards": 70}}},
    ),
    (
        "A suit deal split 96 : 66",
        {"contract": "hearts", "declarers": "NS", "points": {"NS": {"cards": 96}}},
    ),
    (
        "All trumps split 134 : 124",
        {"contract": "all-trumps", "declarers": "NS", "points": {"NS": {"cards": 134}}},
    ),
    (
        "Hanging at 106 : 106 (NS 106 card points; EW 56 and a quarte)",
        {
            "contract": "clubs",
            "declarers": "NS",
            "points": {"NS": {"cards": 106}, "EW": {"declarations": 50}},
        },
    ),
    (
        "A valat in a suit without declarations",
        {"contract": "diamonds", "declarers": "EW", "valat": "EW", "points": {}},
    ),
)


def scoring_examples() -> list[dict[str, Any]]:
    """Each scoring example with the engine's answer (``calc_deal``)."""
    return [
        {"caption": caption, "input": entry, "result": calc_deal(entry)}
        for caption, entry in SCORING_EXAMPLES
    ]


def variants() -> list[str]:
    """The variants that have a file of worked examples."""
    return sorted(p.stem for p in HERE.glob("*.json"))


@cache
def load(variant: str) -> tuple[Example, ...]:
    """The worked examples of ``variant`` (none if it has no file)."""
    path = HERE / f"{variant}.json"
    if not path.exists():
        return ()
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Example(e["id"], e["title"], e["lesson"], e.get("expect", {}), e["record"])
        for e in data["examples"]
    )


def _sorted_hand(cards: list[Card], contract: Contract) -> list[Card]:
    return sorted(cards, key=lambda c: (c.suit, c.rank))


def calc_input(deal: Deal) -> dict[str, Any]:
    """What a person would type into the score counter for this played deal."""
    assert deal.contract is not None and deal.declarers is not None
    scored = deal.scored_declarations()
    belots = [0, 0]
    for seat, _ in deal.belots:
        belots[seat.team] += BELOT_POINTS
    result = deal.result
    assert result is not None
    return {
        "contract": deal.contract.text,
        "declarers": deal.declarers.name,
        "double": deal.double,
        "points": {
            team.name: {
                "cards": deal.card_points[team],
                "declarations": sum(d.points for d in scored[team]),
                "belot": belots[team],
            }
            for team in Team
        },
        "valat": None if result.valat is None else result.valat.name,
    }


def describe(deal: Deal) -> dict[str, Any]:
    """Everything a page shows about a finished deal, read from the replayed engine state."""
    contract, declarers, result = deal.contract, deal.declarers, deal.result
    assert contract is not None and declarers is not None and result is not None
    scored = deal.scored_declarations()
    scored_cards = {d.cards for team in scored for d in team}
    tricks = []
    for number, trick in enumerate(deal.tricks, 1):
        points = trick_points([c.index for c in trick.cards], contract)
        bonus = 0
        if number == 8:
            bonus = deal.rules.nt_last_trick if contract == Contract.NO_TRUMPS else LAST_TRICK
        assert trick.winner is not None
        tricks.append(
            {
                "number": number,
                "plays": [
                    {"seat": s.name, "card": c.symbol, "suit": c.suit.letter}
                    for s, c in trick.plays
                ],
                "winner": trick.winner.name,
                "team": trick.winner.team.name,
                "points": points + bonus,
                "bonus": bonus,
            }
        )
    announced = []
    for seat in Seat:
        for decl in deal.announced(seat) or ():
            announced.append(
                {
                    "seat": seat.name,
                    "team": seat.team.name,
                    "text": decl.describe(),
                    "points": decl.points,
                    "scores": decl.cards in scored_cards,
                }
            )
    calc = calc_input(deal)
    return {
        "dealer": deal.dealer.name,
        "cut": deal.cut,
        "contract": contract.text,
        "declarers": declarers.name,
        "bidder": deal.bidder.name if deal.bidder is not None else None,
        "double": deal.double,
        "calls": [{"seat": s.name, "call": str(c)} for s, c in deal.calls],
        "hands": {
            seat.name: [
                {"card": c.symbol, "suit": c.suit.letter}
                for c in _sorted_hand(deal.dealt_hand(seat), contract)
            ]
            for seat in Seat
        },
        "announced": announced,
        "belots": [{"seat": s.name, "team": s.team.name, "suit": u.symbol} for s, u in deal.belots],
        "tricks": tricks,
        "tricks_won": {t.name: deal.tricks_won[t] for t in Team},
        "card_points": {t.name: deal.card_points[t] for t in Team},
        "outcome": result.outcome.value,
        "raw": {t.name: result.raw[t] for t in Team},
        "written": {t.name: result.written[t] for t in Team},
        "hanging": result.hanging,
        "valat": None if result.valat is None else result.valat.name,
        "calc_input": calc,
        "calc": calc_deal(calc),
    }
