"""The card-ranking comparison tool: which of some cards wins a trick, and why.

The answer comes from the engine's trick arithmetic (``winner_position``, ``KEY``,
``TRUMP_MASKS``), the same code that decides every trick of a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from belot.engine.cards import Card, Suit
from belot.engine.contracts import Contract
from belot.engine.errors import BelotError
from belot.engine.tricks import KEY, TRUMP_MASKS, winner_position

__all__ = ["ComparisonError", "compare_cards", "order_text"]


class ComparisonError(BelotError):
    """Input the comparison tool cannot use; ``field`` names the form field."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


def _order(contract: Contract, suit: Suit) -> list[Card]:
    keys = KEY[contract]
    return sorted((Card(suit, r) for r in range(8)), key=lambda c: -keys[c.index])


def order_text(contract: Contract, suit: Suit) -> str:
    """The ranks of ``suit`` strongest first under ``contract``: ``J 9 A 10 K Q 8 7``."""
    return " ".join(c.rank.text for c in _order(contract, suit))


#: Why a card wins or loses, by ``reason`` (the pages show it in their language: ``why_*``
#: of belot.web.scorecounter.texts).
_WHY: dict[str, str] = {
    "trump_beats": "wins: a trump beats every card of another suit",
    "highest_trump": "wins: the highest trump in the trick",
    "highest_led": "wins: the highest card of the suit led",
    "off_suit": "cannot win: it is neither of the suit led nor a trump",
    "off_suit_no_trumps": "cannot win: it is not of the suit led",
    "trumped": "loses: {by} is a trump",
    "ranks_below": "loses: {rank} ranks below {by} ({order})",
}


def _is_trump(contract: Contract, card: Card) -> bool:
    return bool(TRUMP_MASKS[contract] & card.mask)


def compare_cards(contract: Contract, led: Suit, cards: Sequence[Card]) -> dict[str, Any]:
    """Which card wins a trick of ``contract`` led in ``led``, with a reason for every card.

    The first card of the suit led is taken as the lead; the others follow in the given order.
    """
    if len(cards) < 2:
        raise ComparisonError("cards", "pick two or more cards")
    if len(set(cards)) != len(cards):
        raise ComparisonError("cards", "each card can be picked only once")
    if len(cards) > 4:
        raise ComparisonError("cards", "a trick has four cards at most")
    leads = [c for c in cards if c.suit == led]
    if not leads:
        raise ComparisonError(
            "cards", f"at least one card must be of the suit led ({led.symbol}): it is the lead"
        )
    trick = [leads[0], *(c for c in cards if c is not leads[0])]
    winner = trick[winner_position([c.index for c in trick], contract)]
    trumps_in = [c for c in trick if _is_trump(contract, c)]
    led_is_trump = _is_trump(contract, trick[0])
    reasons = []
    for card in trick:
        values: dict[str, str] = {}
        if card is winner:
            if _is_trump(contract, card) and not led_is_trump:
                reason = "trump_beats" if len(trumps_in) == 1 else "highest_trump"
            else:
                reason = "highest_led"
        elif card.suit != led and not _is_trump(contract, card):
            reason = "off_suit" if contract.is_suit else "off_suit_no_trumps"
        elif _is_trump(contract, winner) and not _is_trump(contract, card):
            reason, values = "trumped", {"by": winner.symbol}
        else:
            reason = "ranks_below"
            values = {
                "rank": card.rank.text,
                "by": winner.rank.text,
                "order": order_text(contract, card.suit),
            }
        reasons.append(
            {
                "card": str(card),
                "symbol": card.symbol,
                "wins": card is winner,
                "why": _WHY[reason].format(**values),
                "reason": reason,
                **values,
            }
        )
    return {
        "contract": contract.text,
        "led": led.letter,
        "winner": str(winner),
        "winner_symbol": winner.symbol,
        "trick": [str(c) for c in trick],
        "reasons": reasons,
        "orders": {
            s.letter: order_text(contract, s)
            for s in Suit
            if s == led or _is_trump(contract, Card(s, 0))
        },
    }
