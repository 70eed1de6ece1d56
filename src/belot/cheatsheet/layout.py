"""What a cheat sheet is made of: titled sections of tables and notes, in two columns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["CheatSheet", "Section", "Table", "digits"]


@dataclass(frozen=True, slots=True)
class Table:
    """A table: a heading row, body rows, and relative column widths."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """A titled block of the sheet: tables first, then notes; ``column`` is 0 (left) or 1."""

    title: str
    column: int
    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = ()

    def texts(self) -> tuple[str, ...]:
        """Everything the section prints: its title, every cell of its tables, its notes."""
        cells = (cell for table in self.tables for row in (table.head, *table.rows) for cell in row)
        return (self.title, *cells, *self.notes)


@dataclass(frozen=True, slots=True)
class CheatSheet:
    """One game's sheet in one language (``lang``: ``en``, ``bg`` or ``fr``)."""

    title: str
    subtitle: str
    sections: tuple[Section, ...]
    lang: str = "en"
    footer: str = ""

    def texts(self) -> tuple[str, ...]:
        """Everything the sheet prints but its footer: title, subtitle, then each section's."""
        return (self.title, self.subtitle, *(t for s in self.sections for t in s.texts()))


def digits(values: Sequence[int]) -> str:
    """``[6, 7, 8, 9]`` → ``6–9``; a single digit alone."""
    if not values:
        return "–"
    if len(values) == 1:
        return str(values[0])
    return f"{values[0]}–{values[-1]}"
