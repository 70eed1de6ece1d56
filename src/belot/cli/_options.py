"""``--option NAME=VALUE``: how every command reads a rules option.

Kept free of engine imports at module level, so that a command's ``--help`` stays quick.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from belot.engine.rules import Rules

__all__ = ["option_pair", "parse_options"]


def option_pair(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` as a name and a value: VALUE read as JSON (``10``, ``true``), else as
    text (``single``)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        from belot.engine.errors import BelotError

        raise BelotError(f"--option: expected NAME=VALUE, not {text!r}")
    try:
        parsed: Any = json.loads(value)
    except ValueError:
        parsed = value.strip()
    return name.strip(), parsed


def parse_options(texts: Iterable[str], game: str = "bulgarian") -> Rules:
    """The rules of the ``game`` preset with the ``--option`` flags ``texts``."""
    from belot.engine.rules import Rules

    return Rules.preset_named(game, **dict(map(option_pair, texts)))
