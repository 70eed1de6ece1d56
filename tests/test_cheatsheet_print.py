"""Every game's cheat sheet, as HTML printed by a browser on A4, is one page in each language.

Debian's Chromium (``/usr/bin/chromium``) driven by Playwright; skipped only when it is not
installed.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from belot import cheatsheet

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        yield chromium
        chromium.close()


@pytest.mark.parametrize(
    ("game", "lang"),
    [(game, lang) for game in cheatsheet.games() for lang in cheatsheet.languages(game)],
)
def test_printed_html_is_one_a4_page(browser: Any, game: str, lang: str) -> None:
    page = browser.new_page()
    page.set_content(cheatsheet.to_html(cheatsheet.sheet(game, lang)))
    printed = page.pdf(format="A4")
    page.close()
    assert len(PdfReader(io.BytesIO(printed)).pages) == 1
