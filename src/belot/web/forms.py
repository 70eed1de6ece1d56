"""What the bodies of the table API may hold: every field checked for its exact type and range.

Nothing is coerced: ``"hints": "no"`` is not false, ``"timer": true`` is not one second, and a
seat of an unknown kind is not a bot. A body that does not fit is refused with a
``TableError`` naming its field (``seats.N.kind``), which the API answers with a 400.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from belot.bots import LEVELS, plays, why_not_plays
from belot.engine.errors import BelotError
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.web.tables import SeatInfo, SeatKind, TableError, person_name

__all__ = ["TIMER_LIMIT", "NewTable", "claim_name", "level_plays", "new_table"]

#: The longest turn timer, in seconds.
TIMER_LIMIT: Final = 600
#: The seat of the person who creates a table.
CREATOR: Final = Seat.S
_TABLE_FIELDS: Final = ("rules", "seats", "timer", "hints", "name")
_SEAT_FIELDS: Final = ("kind", "level")
_KINDS: Final[tuple[SeatKind, ...]] = ("person", "bot")


@dataclass(frozen=True, slots=True)
class NewTable:
    """A request for a new table, checked."""

    rules: Rules
    #: N, E, S, W; South is the creator's.
    seats: list[SeatInfo]
    timer: int
    hints: bool
    #: The creator's name.
    name: str


def new_table(data: object) -> NewTable:
    """The new table a create-table body asks for; raises ``TableError`` naming the field."""
    body = _body(data)
    _known_fields(body, _TABLE_FIELDS, "")
    timer = body.get("timer", 0)
    if not _whole(timer) or not 0 <= timer <= TIMER_LIMIT:
        raise TableError(
            f"timer must be a whole number of seconds from 0 (off) to {TIMER_LIMIT}, "
            f"not {_shown(timer)}",
            "timer",
            max=TIMER_LIMIT,
        )
    hints = body.get("hints", True)
    if not isinstance(hints, bool):
        raise TableError(f"hints must be true or false, not {_shown(hints)}", "bad_request")
    try:
        rules = Rules.from_dict(body.get("rules"))
    except BelotError as error:  # which option, and why, in English for programs
        raise TableError(str(error), "rules") from None
    return NewTable(
        rules=rules,
        seats=_seats(body.get("seats", {}), rules.preset),
        timer=timer,
        hints=hints,
        name=person_name(body.get("name", ""), "name"),
    )


def claim_name(data: object) -> str:
    """The name a claim-seat body gives (empty when none); raises ``TableError``."""
    body = _body(data)
    _known_fields(body, ("name",), "")
    return person_name(body.get("name", ""), "name")


@cache
def level_plays(level: str, game: str) -> bool:
    """Whether bots of ``level`` play ``game`` (a rules preset)."""
    return plays(level, game)


def _seats(value: object, game: str) -> list[SeatInfo]:
    if not isinstance(value, Mapping):
        raise TableError(
            f"seats must be an object with seats N, E, S, W, not {_shown(value)}", "bad_request"
        )
    for key in value:
        if key not in Seat.__members__:
            raise TableError(
                f"seats: unknown seat {_shown(key)} (seats are N, E, S, W)", "bad_request"
            )
    return [_seat(seat, value.get(seat.name, {}), game) for seat in Seat]


def _seat(seat: Seat, item: object, game: str) -> SeatInfo:
    field = f"seats.{seat.name}"
    if not isinstance(item, Mapping):
        raise TableError(
            f"{field} must be an object with kind and level, not {_shown(item)}", "bad_request"
        )
    _known_fields(item, _SEAT_FIELDS, field + ".")
    kind = item.get("kind", "person" if seat == CREATOR else "bot")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise TableError(
            f"{field}.kind must be 'person' or 'bot', not {_shown(kind)}", "bad_request"
        )
    if seat == CREATOR and kind != "person":
        raise TableError(
            f"{field}.kind: seat {seat.name} is the creator's, a person", "bad_request"
        )
    level = item.get("level", "random")
    if not isinstance(level, str) or level not in LEVELS:
        raise TableError(
            f"{field}.level: unknown bot level {_shown(level)} (known: {', '.join(LEVELS)})",
            "level",
            level=str(level)[:40],
        )
    # A person's seat has a level too: the bot that plays it when the person leaves.
    why = None if level_plays(level, game) else why_not_plays(level, game)
    if why is not None:
        raise TableError(f"{field}.level: {why}", "level_game", level=level, game=game)
    return SeatInfo(kind="person" if kind == "person" else "bot", level=level)


def _body(data: object) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise TableError("the request body must be a JSON object", "body_json")
    return data


def _known_fields(data: Mapping[str, Any], known: tuple[str, ...], prefix: str) -> None:
    for key in data:
        if key not in known:
            field = _shown(f"{prefix}{key}")
            raise TableError(f"unknown field {field} (known: {', '.join(known)})", "bad_request")


def action_position(message: Mapping[str, Any]) -> int | None:
    """The position (``"at"``) an action message was chosen on, None when it names none;
    raises ``TableError`` when it is not a whole number."""
    at = message.get("at")
    if at is not None and (not _whole(at) or at < 0):
        raise TableError(
            f"'at' is the state's position (a whole number), not {_shown(at)}", "bad_at"
        )
    return at


def _whole(value: object) -> bool:
    """An int that is not a bool (``True`` is 1 to Python, not to a body)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """``value`` as an error shows it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
