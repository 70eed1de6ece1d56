"""Every page and every message in every language of ``belot.web.i18n``."""

from __future__ import annotations

from belot.web import i18n


def test_every_key_has_every_language() -> None:
    missing = [
        (key, code)
        for key, words in i18n.TEXTS.items()
        for code in i18n.LANGUAGES
        if not words.get(code)
    ]
    assert missing == []


def test_texts_pick_one_language_and_fall_back_to_english() -> None:
    assert i18n.texts("bg")["new_table"] == "Нова маса"
    assert i18n.texts("xx") == i18n.texts("en")
    assert i18n.texts(None) == i18n.texts("en")  # type: ignore[arg-type]
