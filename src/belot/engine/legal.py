"""``LegalActions``, the immutable sequence that ``Deal.legal_actions()`` returns: a module of
its own, not compiled (mypyc compiles no subclass of ``tuple``), beside the compiled actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from belot.engine.actions import Action

__all__ = ["LegalActions"]


class LegalActions(tuple["Action", ...]):
    """The actions legal in one state, in the engine's order: an immutable sequence (``in``,
    ``len``, indexing, iteration) equal to a list or tuple of the same actions.

    ``Deal.legal_actions()`` keeps one per state, so asking again of the same state is free
    (python-chess's ``board.legal_moves`` is likewise a view, not a fresh list).
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list | tuple):
            return tuple.__eq__(self, tuple(other))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"
