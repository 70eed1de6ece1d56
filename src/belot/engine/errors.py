"""Exceptions of the rules engine; each names what was wrong."""

from __future__ import annotations

__all__ = [
    "BelotError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidRecordError",
    "OutOfTurnError",
    "UnknownCardError",
]


class BelotError(ValueError):
    """Base class of every error the engine raises about bad input."""


class UnknownCardError(BelotError):
    """Text that is not a card, suit or rank."""


class InvalidActionError(BelotError):
    """Text or data that is not an action at all (cannot be parsed)."""


class IllegalActionError(BelotError):
    """A well-formed action that the rules do not allow now."""


class OutOfTurnError(IllegalActionError):
    """An action by a seat that is not the one to act."""


class InvalidRecordError(BelotError):
    """A deal or match record that is malformed or does not replay."""
