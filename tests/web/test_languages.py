"""Every page and every message in every language of ``belot.web.i18n``."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from belot.web import i18n
from belot.web.app import create_app
from belot.web.croatian import CROATIAN
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
    assert i18n.texts("hr")["new_table"] == "Novi stol"
    assert i18n.texts("xx") == i18n.texts("en")
    assert i18n.texts(None) == i18n.texts("en")  # type: ignore[arg-type]


def test_every_croatian_word_is_one_of_the_pages() -> None:
    assert sorted(set(CROATIAN) - set(i18n.TEXTS)) == []


def test_the_game_s_own_words_in_each_language() -> None:
    """БК and ВК rather than NT and AT in Bulgarian; the suits as belot.words names them."""
    short = {code: i18n.texts(code)["short_no-trumps"] for code in i18n.LANGUAGES}
    assert short == {"en": "NT", "bg": "БК", "fr": "SA", "hr": "BA"}
    assert i18n.texts("bg")["short_all-trumps"] == "ВК"
    assert i18n.texts("bg")["all-trumps"] == "Всичко коз"
    assert [i18n.texts("hr")[s] for s in ("clubs", "diamonds", "hearts", "spades")] == [
        "Tref",
        "Karo",
        "Herc",
        "Pik",
    ]


def test_the_home_page_is_in_each_language_with_a_picker_of_all(tmp_path: Path) -> None:
    with TestClient(
        create_app(Store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_delay=0)
    ) as client:
        for code in i18n.LANGUAGES:
            html = client.get(f"/?lang={code}").text
            assert f'<html lang="{code}">' in html
            assert i18n.texts(code)["new_table"] in html
            picker = html[html.index('<form class="lang-picker"') :]
            picker = picker[: picker.index("</form>")]
            assert f'aria-label="{i18n.texts(code)["language"]}"' in picker
            for other in i18n.LANGUAGES:
                name = i18n.TEXTS["lang_name"][other]
                chosen = " selected" if other == code else ""
                assert f'<option value="{other}" lang="{other}"{chosen}>{name}</option>' in picker
        # The choice is kept: the cookie the picker sets gives the next page its language.
        client.cookies.set("lang", "fr")
        assert '<html lang="fr">' in client.get("/").text
