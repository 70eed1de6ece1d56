"""Pickling the engine's frozen dataclasses, compiled or not.

Python unpickles a frozen dataclass with slots by setting its fields one by one, which a class
compiled by mypyc refuses (``FrozenInstanceError``): each of them therefore pickles as a call of
the class with its fields (``__reduce__ = by_fields``), which both engines accept.

>>> import pickle
>>> from belot.engine.declarations import Declaration
>>> card = Declaration.from_str("JH-AH")
>>> pickle.loads(pickle.dumps(card)) == card
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

__all__ = ["by_fields"]


def by_fields(obj: Any) -> tuple[type, tuple[object, ...]]:
    """``obj``'s class and its fields in order: ``__reduce__`` for a frozen dataclass."""
    return (type(obj), tuple(getattr(obj, field.name) for field in fields(obj)))
