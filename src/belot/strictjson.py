"""JSON from strangers: ``loads`` refuses what ``json.loads`` would choke on or let through.

Python's parser raises ``RecursionError`` on deep nesting, ``ValueError`` (not a
``JSONDecodeError``) on integers of more than 4,300 digits, and accepts ``NaN``, ``Infinity``
and ``1e400`` (infinity), which no other JSON reader takes back. Every one of these becomes a
``JSONInputError`` with a one-line reason, so that a server or the engine protocol answers it
instead of failing.
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

from belot.engine.errors import BelotError

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "JSONInputError", "MalformedJSONError", "loads"]

#: Deepest nesting of lists and objects accepted (the deepest input we read is about 6).
MAX_DEPTH: Final = 32
#: Longest integer accepted, in digits (a seed of 2**64 has 20).
MAX_DIGITS: Final = 100


class JSONInputError(BelotError):
    """Text that is not JSON we accept; the message says why in one line."""


class MalformedJSONError(JSONInputError):
    """Text that is not JSON at all."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JSONInputError(f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONInputError(f"the number {text[:20]} is too large")
    return value


def _constant(text: str) -> Any:
    raise JSONInputError(f"{text} is not a JSON number")


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """The value of the JSON ``text`` (bytes are read as UTF-8); raises ``JSONInputError``."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise JSONInputError("the text is not UTF-8") from None
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_number, parse_constant=_constant)
    except RecursionError:
        raise JSONInputError(f"lists or objects nested more than {max_depth} deep") from None
    except json.JSONDecodeError as error:
        raise MalformedJSONError(f"malformed JSON: {error}") from None
    if _depth(value) > max_depth:
        raise JSONInputError(f"lists or objects nested more than {max_depth} deep")
    return value


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (0 for a plain value), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest
