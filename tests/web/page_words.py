"""Which words a page shows, and which of them are English on a page in another language.

A word is foreign on a page in language L when it is a word of the English texts (the pages'
tables and the English rules) and no text of L uses it: "Points" on a French page is French,
"Hint" on a Bulgarian page is not. Card codes (J♥), team and seat letters and one-letter or
two-letter words are too short to count; ``ALLOWED`` holds the few names shown as they are.
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from belot.cheatsheet import bela, bulgarian, coinche, french, words
from belot.cheatsheet.croatian import CROATIAN
from belot.web import i18n, rule_options
from belot.web.scorecounter import texts as page_texts
from belot.web.tables import CODE_GROUP, CODE_GROUPS, CODE_LETTERS

TEMPLATES = Path(page_texts.__file__).parent / "templates"
_WORD = re.compile(r"[A-Za-z]{3,}")

#: Proper names and codes shown as they are in every language: the PDF link; the engine's
#: command ``belot calc`` named in the calculator's lead.
ALLOWED = frozenset({"pdf", "belot", "calc"})


#: The pages' texts: key -> {language: text} (the home page's rules options' sentences too).
_PAGE_TABLES = (i18n.TEXTS, page_texts.TEXTS, rule_options.TEXTS)

#: The cheat sheets' texts: key -> (English, Bulgarian, French).
_SHEETS = (words.SHARED, bulgarian.TEXTS, french.TEXTS, coinche.TEXTS, bela.TEXTS)


def _sheet_texts(lang: str) -> str:
    if lang == "hr":  # Bela's sheet alone is written in Croatian
        return " ".join(CROATIAN.values())
    if lang not in words.LANGUAGES:
        return ""
    column = words.LANGUAGES.index(lang)
    return " ".join(texts[column] for table in _SHEETS for texts in table.values())


def _words(text: str) -> set[str]:
    """The words of ``text``; a text's ``{placeholder}`` (filled in when shown) is none."""
    return {w.lower() for w in _WORD.findall(_PLACEHOLDER.sub(" ", text))}


_PLACEHOLDER = re.compile(r"\{\w+\}")


def _template_words(name: str) -> set[str]:
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    text = re.sub(r"\{[{%#].*?[}%#]\}", " ", text, flags=re.S)  # Jinja, not shown as it is
    return _words(re.sub(r"<[^>]+>", " ", text))


def _prose_words(lang: str) -> set[str]:
    """The words of the rules written out in ``lang`` (``_<game>_rules_<lang>.html``)."""
    found: set[str] = set()
    for prose in TEMPLATES.glob(f"_*_rules_{lang}.html"):
        found |= _template_words(prose.name)
    return found


@cache
def english() -> frozenset[str]:
    """Every word of the English texts (the pages', the rules', the cheat sheets')."""
    said = " ".join(t["en"] for table in _PAGE_TABLES for t in table.values())
    said += " " + _sheet_texts("en")
    return frozenset(_words(said) | _prose_words("en"))


@cache
def own(lang: str) -> frozenset[str]:
    """Every word the texts of ``lang`` use (Latin-letter words of French or Croatian)."""
    said = " ".join(t.get(lang, "") for table in _PAGE_TABLES for t in table.values())
    return frozenset(_words(f"{said} {_sheet_texts(lang)}") | _prose_words(lang))


def shown(page: str) -> str:
    """What a person sees of an HTML page in its language: its text and its labels, not its
    scripts, styles, code or what shows without scripts only, nor what is marked as in another
    language (``lang="en"`` on a server's message, each language named in its own words in the
    language picker)."""
    page_lang = re.search(r'<html lang="([\w-]+)"', page)
    if page_lang is not None:
        other = rf'<(\w+)\b[^>]*\blang="(?!{page_lang.group(1)}")[^"]*"[^>]*>.*?</\1>'
        page = re.sub(other, " ", page, flags=re.S)
    page = re.sub(r"<(script|style|code|noscript)\b.*?</\1>", " ", page, flags=re.S)
    labels = re.findall(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"', page)
    text = html.unescape(" ".join([re.sub(r"<[^>]+>", " ", page), *labels]))
    # A table's code is random letters, not words (one read "AJYF4HW52PTS").
    return _TABLE_CODE.sub(" ", text)


_GROUP = f"[{CODE_LETTERS}]{{{CODE_GROUP}}}"
_TABLE_CODE = re.compile(rf"\b{_GROUP}(?:-?{_GROUP}){{{CODE_GROUPS - 1}}}\b")


def foreign(text: str, lang: str) -> list[str]:
    """The English words in ``text`` that are not words of ``lang``."""
    return sorted(w for w in _words(text) if w in english() and w not in own(lang) | ALLOWED)


def where(text: str, words: list[str]) -> list[str]:
    """Each of ``words`` with the text around it, to tell where a foreign word stands."""
    found = []
    for word in words:
        at = re.search(rf"(?i)\b{word}\b", text)
        if at is not None:
            found.append(" ".join(text[max(0, at.start() - 60) : at.end() + 60].split()))
    return found
