"""Seats and teams around the table."""

from __future__ import annotations

from enum import IntEnum

from belot.engine.errors import BelotError

__all__ = ["Seat", "Team"]


class Team(IntEnum):
    """North-South play East-West."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Team:
        return Team(self ^ 1)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    @classmethod
    def from_str(cls, text: str) -> Team:
        key = str(text).strip().upper()
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE"):
            return cls.EW
        raise BelotError(f"unknown team {text!r} (use NS or EW)")

    def __str__(self) -> str:
        return self.name


class Seat(IntEnum):
    """The four seats; partners sit opposite (N with S, E with W)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def team(self) -> Team:
        return Team(self & 1)

    @property
    def partner(self) -> Seat:
        return Seat(self ^ 2)

    @classmethod
    def from_str(cls, text: str) -> Seat:
        key = str(text).strip().upper()[:1]
        if (
            key
            and key in "NESW"
            and str(text).strip().upper()
            in (key, {"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}[key])
        ):
            return cls("NESW".index(key))
        raise BelotError(f"unknown seat {text!r} (use N, E, S or W)")

    def __str__(self) -> str:
        return self.name
