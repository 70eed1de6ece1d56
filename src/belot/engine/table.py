"""Seats and teams around the table."""

from __future__ import annotations

from enum import IntEnum

from belot.engine.errors import BelotError

__all__ = ["OTHER_TEAM", "TEAM_OF", "Seat", "Team"]


class Team(IntEnum):
    """North-South play East-West."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Team:
        return OTHER_TEAM[self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return _SEATS_OF[self]

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
        return TEAM_OF[self]

    @property
    def partner(self) -> Seat:
        return _SEATS[self ^ 2]

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


# Members by value: indexing a tuple costs a fraction of calling the enum (``Team(1)``), and
# the properties above run in every deal's score. The compiled engine indexes ``TEAM_OF[seat]``
# and ``OTHER_TEAM[team]`` itself, where a property would run in the interpreter.
TEAM_OF: tuple[Team, Team, Team, Team] = (Team.NS, Team.EW, Team.NS, Team.EW)
OTHER_TEAM: tuple[Team, Team] = (Team.EW, Team.NS)
_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEATS_OF: tuple[tuple[Seat, Seat], tuple[Seat, Seat]] = ((Seat.N, Seat.S), (Seat.E, Seat.W))
