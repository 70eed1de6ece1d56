"""Every page and every message in every language of ``belot.web.i18n``."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from belot.web import i18n
from belot.web.app import create_app
from belot.web.store import Store


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


def test_the_home_page_is_in_each_language_and_its_toggle_names_the_next(tmp_path: Path) -> None:
    with TestClient(
        create_app(Store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_delay=0)
    ) as client:
        for code, after in zip(
            i18n.LANGUAGES, (*i18n.LANGUAGES[1:], i18n.LANGUAGES[0]), strict=True
        ):
            html = client.get(f"/?lang={code}").text
            assert f'<html lang="{code}">' in html
            assert i18n.texts(code)["new_table"] in html
            toggle = f'href="?lang={after}" data-lang="{after}">{i18n.texts(code)["language"]}<'
            assert toggle in html
            assert i18n.texts(code)["language"] == i18n.texts(after)["lang_name"]
