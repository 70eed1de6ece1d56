"""The rules engine: cards, rules, deals, matches, scoring and records.

It knows nothing of bots, the web or the command line.
"""

# First: it decides whether the compiled modules or their source are imported.
from belot.engine import build as _build  # noqa: F401
from belot.engine.actions import Action, Call, CallKind, Cut, Declare, Play, parse_action
from belot.engine.cards import Card, Rank, Suit, cards_of, mask_of, parse_cards
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase, Trick, shuffled_deck
from belot.engine.declarations import Declaration, Kind
from belot.engine.errors import (
    BelotError,
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    OutOfTurnError,
    UnknownCardError,
)
from belot.engine.match import Match
from belot.engine.record import (
    deal_from_record,
    deal_to_record,
    from_position,
    match_from_record,
    match_to_record,
    to_position,
)
from belot.engine.rules import Rules, RulesError
from belot.engine.scoring import DealScore, Outcome, TeamPoints, score_deal
from belot.engine.table import Seat, Team

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
