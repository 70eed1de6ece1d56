"""The printable one-page cheat sheet of each game (seed 003), generated from the engine.

Each game's sheet is a small module of its own (``bulgarian``, ``french``, ``coinche``,
``bela``) that builds titled ``Section``s from its engine tables and functions, in English,
Bulgarian or French (Bela's in Croatian too: :func:`languages`), so a sheet cannot disagree with
its game; ``render`` lays any sheet out
as an HTML page with A4 print styles (:func:`to_html`) or as a one-page A4 PDF with an embedded
font (:func:`to_pdf`).
A game the engine does not play has no sheet: :func:`sheet` refuses it rather than invent numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from belot.cheatsheet import bela, bulgarian, coinche, french
from belot.cheatsheet.layout import CheatSheet, Section, Table
from belot.cheatsheet.render import CSS, to_html, to_html_fragment, to_pdf
from belot.cheatsheet.words import CROATIAN_GAMES, LANGUAGES
from belot.engine.errors import BelotError
from belot.engine.games import GAMES
from belot.engine.rules import Rules

__all__ = [
    "CSS",
    "FAMILY",
    "LANGUAGES",
    "CheatSheet",
    "CheatSheetError",
    "Section",
    "Table",
    "build",
    "games",
    "languages",
    "sheet",
    "to_html",
    "to_html_fragment",
    "to_pdf",
]

#: The games of the family (issue 20), whether or not the engine plays them yet.
FAMILY: Final = ("bulgarian", "french", "coinche", "bela")

_SHEETS: Final[dict[str, Callable[[Rules, str], CheatSheet]]] = {
    "bulgarian": bulgarian.build,
    "french": french.build,
    "coinche": coinche.build,
    "bela": bela.build,
}


class CheatSheetError(BelotError):
    """A game without a sheet, or a language the sheets are not written in."""


def games() -> tuple[str, ...]:
    """The games that have a sheet: those the engine plays and this package writes."""
    return tuple(name for name in _SHEETS if name in GAMES)


def languages(game: str) -> tuple[str, ...]:
    """The languages ``game``'s sheet is written in: English, Bulgarian and French; Bela's in
    Croatian too."""
    return (*LANGUAGES, "hr") if game in CROATIAN_GAMES else LANGUAGES


def _check_lang(lang: str, game: str) -> None:
    if lang == "hr" and game not in CROATIAN_GAMES:
        raise CheatSheetError(
            f"no Croatian cheat sheet for {game}: only Bela's sheet is written in Croatian "
            f"(--game bela); {game}'s in {', '.join(LANGUAGES)}"
        )
    if lang not in languages(game):
        raise CheatSheetError(
            f"no cheat sheet in {lang!r} (available: {', '.join(languages(game))})"
        )


def build(rules: Rules | None = None, lang: str = "en") -> CheatSheet:
    """The sheet of the game that ``rules`` presets (Bulgarian Belot by default) in ``lang``."""
    rules = rules if rules is not None else Rules.bulgarian()
    if rules.preset not in games():
        raise CheatSheetError(f"no cheat sheet for {rules.preset}")
    _check_lang(lang, rules.preset)
    return _SHEETS[rules.preset](rules, lang)


def sheet(
    game: str = "bulgarian", lang: str = "en", options: Mapping[str, Any] | None = None
) -> CheatSheet:
    """The sheet of ``game`` with its rules ``options``; a one-line error for a game without one
    or a language the game's sheet is not written in."""
    available = ", ".join(games())
    if game not in games():
        if game in GAMES:
            raise CheatSheetError(f"no cheat sheet for {game} yet (available: {available})")
        if game in FAMILY:
            raise CheatSheetError(
                f"no cheat sheet for {game}: the engine does not play it yet "
                f"(available: {available})"
            )
        raise CheatSheetError(f"unknown game {game!r} (available: {available})")
    _check_lang(lang, game)
    return build(Rules.preset_named(game, **dict(options or {})), lang)
