"""Worked examples for the rules pages: real deal records, replayed by the engine.

Each example file (``examples/<variant>.json``) holds deal records in the ``belot-deal/1``
format with the result they must give; :func:`load` replays every record through the rules
engine (which checks each action and the stored result) and describes the deal for a page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
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
    #: language -> {"title": ..., "lesson": ...}
    translations: dict[str, dict[str, str]] = field(default_factory=dict)

    def words(self, lang: str) -> tuple[str, str]:
        """Its title and lesson in ``lang`` (English where it has none in it)."""
        said = self.translations.get(lang, {})
        return said.get("title", self.title), said.get("lesson", self.lesson)

    def replay(self) -> Deal:
        """The deal rebuilt action by action (raises ``InvalidRecordError`` if it does not)."""
        return deal_from_record(self.record)


#: Scoring examples of RULES.md and seeds 000/002, as score counter input (Bulgarian rules), each
#: with its caption in the languages of the Bulgarian rules page.
SCORING_EXAMPLES: tuple[tuple[dict[str, str], dict[str, Any]], ...] = (
    (
        {
            "en": "Seed 000: spades by NS, 98 card points + tierce 20 + belot 20 against 64",
            "bg": "Семе 000: пика на НС, 98 точки от карти + терца 20 + белот 20 срещу 64",
            "fr": "Graine 000 : pique par NS, 98 points de cartes + tierce 20 + belote 20 contre "
            "64",
        },
        {
            "contract": "spades",
            "declarers": "NS",
            "points": {"NS": {"cards": 98, "declarations": 20, "belot": 20}, "EW": {"cards": 64}},
        },
    ),
    (
        {
            "en": "The same deal after a contra by EW",
            "bg": "Същото раздаване след контра от ИЗ",
            "fr": "La même donne après un contre de EO",
        },
        {
            "contract": "spades",
            "declarers": "NS",
            "double": 2,
            "points": {"NS": {"cards": 98, "declarations": 20, "belot": 20}, "EW": {"cards": 64}},
        },
    ),
    (
        {
            "en": "NS take only 70 card points against 92, no declarations",
            "bg": "НС взимат само 70 точки от карти срещу 92, без анонси",
            "fr": "NS ne font que 70 points de cartes contre 92, sans annonce",
        },
        {"contract": "spades", "declarers": "NS", "points": {"NS": {"cards": 70}}},
    ),
    (
        {
            "en": "A suit deal split 96 : 66",
            "bg": "Раздаване на боя, разделено 96 : 66",
            "fr": "Une donne à la couleur partagée 96 : 66",
        },
        {"contract": "hearts", "declarers": "NS", "points": {"NS": {"cards": 96}}},
    ),
    (
        {
            "en": "All trumps split 134 : 124",
            "bg": "ВК, разделено 134 : 124",
            "fr": "Tout-atout partagé 134 : 124",
        },
        {"contract": "all-trumps", "declarers": "NS", "points": {"NS": {"cards": 134}}},
    ),
    (
        {
            "en": "Hanging at 106 : 106 (NS 106 card points; EW 56 and a quarte)",
            "bg": "Висяща при 106 : 106 (НС 106 точки от карти; ИЗ 56 и кварта)",
            "fr": "Litige à 106 : 106 (NS 106 points de cartes ; EO 56 et une quarte)",
        },
        {
            "contract": "clubs",
            "declarers": "NS",
            "points": {"NS": {"cards": 106}, "EW": {"declarations": 50}},
        },
    ),
    (
        {
            "en": "A valat in a suit without declarations",
            "bg": "Валат на боя без анонси",
            "fr": "Un valat à la couleur sans annonce",
        },
        {"contract": "diamonds", "declarers": "EW", "valat": "EW", "points": {}},
    ),
)


def scoring_examples(lang: str = "en") -> list[dict[str, Any]]:
    """Each scoring example with the engine's answer (``calc_deal``), captioned in ``lang``
    (English where it has no caption in it)."""
    return [
        {"caption": caption.get(lang, caption["en"]), "input": entry, "result": calc_deal(entry)}
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
        Example(
            e["id"],
            e["title"],
            e["lesson"],
            e.get("expect", {}),
            e["record"],
            e.get("translations", {}),
        )
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
                    # For other languages: the kind (tierce ... four) and its top card or rank.
                    "kind": "four" if decl.is_four else decl.kind.text,
                    "top": decl.top.symbol if not decl.is_four else decl.top.rank.text,
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
