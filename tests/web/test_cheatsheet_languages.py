"""The cheat sheet page of each game, and Bela's in Croatian: no English word on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import page_words
import pytest
from pypdf import PdfReader
from starlette.testclient import TestClient

from belot import cheatsheet
from belot.web.app import create_app
from belot.web.store import Store


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("sheets") / "db.sqlite3"
    with TestClient(create_app(Store(f"sqlite:///{db}"), bot_delay=0)) as test_client:
        yield test_client


def test_the_croatian_bela_sheet_has_no_english_word() -> None:
    """The sheet itself (``belot cheatsheet --game bela --lang hr``), with every option's texts."""
    for options in ({}, {"tie": "hangs", "direction": 1, "beat_in_plain_suit": False}):
        page = cheatsheet.to_html(cheatsheet.sheet("bela", "hr", options))
        text = page_words.shown(page)
        assert "Podsjetnik za belu" in text
        assert page_words.foreign(text, "hr") == [], page_words.where(
            text, page_words.foreign(text, "hr")
        )
    # The check would see English: the English sheet on a page said to be Croatian.
    english = page_words.shown(cheatsheet.to_html(cheatsheet.sheet("bela", "en")))
    assert {"trick", "trumps", "sequence", "overtrump"} <= set(page_words.foreign(english, "hr"))


def test_each_game_s_sheet_is_offered_on_the_page(client: TestClient) -> None:
    page = client.get("/cheatsheet?game=coinche&lang=fr").text
    assert '<html lang="fr">' in page and "Aide-mémoire de la coinche" in page
    for game in cheatsheet.games():
        assert f'href="/cheatsheet?game={game}"' in page
    assert 'href="/cheatsheet.pdf?game=coinche&amp;lang=fr"' in page
    assert client.get("/cheatsheet?game=chess").status_code == 404
    # No game asked for: Bulgarian Belot's; Bela's for a reader of Croatian, in Croatian.
    assert "Пищов за белот" in client.get("/cheatsheet?lang=bg").text
    croatian = client.get("/cheatsheet?lang=hr").text
    assert '<html lang="hr">' in croatian and "Podsjetnik za belu" in croatian
    assert 'href="/cheatsheet.pdf?game=bela&amp;lang=hr"' in croatian


def test_bela_s_sheet_page_and_pdf_in_croatian(client: TestClient, tmp_path: Path) -> None:
    page = client.get("/cheatsheet?game=bela&lang=hr").text
    assert '<html lang="hr">' in page and "Podsjetnik za belu" in page
    shown = page_words.shown(page)
    assert page_words.foreign(shown, "hr") == [], page_words.where(
        shown, page_words.foreign(shown, "hr")
    )
    pdf = tmp_path / "bela-hr.pdf"
    answer = client.get("/cheatsheet.pdf?game=bela&lang=hr")
    assert answer.headers["content-type"] == "application/pdf"
    pdf.write_bytes(answer.content)
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "Podsjetnik za belu" in text and "Tref ♣" in text and "štih" in text


def test_another_game_in_croatian_shows_in_english(client: TestClient) -> None:
    """Only Bela's sheet is written in Croatian: another game's page falls back to English, as
    the pages not written in a language do."""
    page = client.get("/cheatsheet?game=french&lang=hr").text
    assert '<html lang="en">' in page and "French Belote cheat sheet" in page
