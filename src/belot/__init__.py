"""Belot: an exact rules engine for the Belot family of card games (Bulgarian Belot, French
Belote, Coinche and Bela), with bots, a game table in the browser and the terminal, and a score
counter.

>>> from belot import Card, Deal, Seat
>>> str(Card.from_str("10♥"))
'10H'

The engine's names are loaded on first use (PEP 562), so ``import belot`` and the command line's
start-up do not pay for the whole engine.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names as the type checker sees them
    from belot.engine import (
        Action,
        BelotError,
        Call,
        CallKind,
        Card,
        Contract,
        Cut,
        Deal,
        DealScore,
        Declaration,
        Declare,
        IllegalActionError,
        InvalidActionError,
        InvalidRecordError,
        Kind,
        Match,
        Outcome,
        OutOfTurnError,
        Phase,
        Play,
        Rank,
        Rules,
        RulesError,
        Seat,
        Suit,
        Team,
        TeamPoints,
        Trick,
        UnknownCardError,
        cards_of,
        deal_from_record,
        deal_to_record,
        from_position,
        mask_of,
        match_from_record,
        match_to_record,
        parse_action,
        parse_cards,
        score_deal,
        shuffled_deck,
        to_position,
    )

#: The engine's public names, re-exported (a test keeps this equal to ``belot.engine.__all__``).
__all__ = [
    "Action",
    "BelotError",
    "Call",
    "CallKind",
    "Card",
    "Contract",
    "Cut",
    "Deal",
    "DealScore",
    "Declaration",
    "Declare",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidRecordError",
    "Kind",
    "Match",
    "OutOfTurnError",
    "Outcome",
    "Phase",
    "Play",
    "Rank",
    "Rules",
    "RulesError",
    "Seat",
    "Suit",
    "Team",
    "TeamPoints",
    "Trick",
    "UnknownCardError",
    "cards_of",
    "deal_from_record",
    "deal_to_record",
    "from_position",
    "mask_of",
    "match_from_record",
    "match_to_record",
    "parse_action",
    "parse_cards",
    "score_deal",
    "shuffled_deck",
    "to_position",
]


def __getattr__(name: str) -> object:
    """An engine name, imported from ``belot.engine`` the first time it is asked for."""
    if name not in __all__:
        # Not ours: `from belot import cheatsheet` then imports the subpackage as usual.
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import belot.engine

    value = getattr(belot.engine, name)
    globals()[name] = value  # the next lookup does not come here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
