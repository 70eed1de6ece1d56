"""The pages as the browser draws them, in each language, show no word of another: the table of
a game played through its auction to the deal explained (its settings, keys and score sheet
included) and its replay, the score counter with a refused number and a deal on its sheet, and
the card-ranking tool's answer."""

from __future__ import annotations

import time
from collections.abc import Callable

import page_words
import pytest

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page
Page = browser_tests.Page


def foreign_on(page: Page, lang: str) -> list[str]:
    """The words of another language in the page's whole document as it is now (hidden parts,
    such as the settings dialog, and labels included)."""
    assert page.get_attribute("html", "lang") == lang
    text = page_words.shown(page.content())
    found = page_words.foreign(text, lang)
    return [*found, *page_words.where(text, found)]


@pytest.mark.parametrize(
    ("game", "lang"), [("bulgarian", "bg"), ("coinche", "fr"), ("bela", "hr"), ("french", "bg")]
)
def test_a_table_through_a_deal_shows_only_its_language(
    server: browser_tests.Server, new_page: Callable[..., Page], game: str, lang: str
) -> None:
    page = new_page()
    page.goto(f"{server.url}/?lang={lang}")
    assert foreign_on(page, lang) == []
    page.select_option("#game-choice", game)
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#seed-hash")
    seen: dict[str, int] = {}
    looked = 0
    deadline = time.monotonic() + 60
    while not (
        browser_tests.panel_kind(page) in ("deal-over", "match-over")
        and page.query_selector("#panel .outcome")
    ):
        assert time.monotonic() < deadline, f"timed out; {page.errors}"
        if browser_tests.panel_kind(page) in ("auction", "declare") or page.query_selector(
            "#trick img"
        ):
            # The auction, an announcement and the trick, in words, while they are shown.
            assert foreign_on(page, lang) == [], browser_tests.panel_kind(page)
            looked += 1
        page.wait_for_timeout(60 if browser_tests.game_step(page, seen) else 40)
    assert looked
    assert foreign_on(page, lang) == []  # the deal explained, the sheet, the seeds
    page.click("#settings-btn")
    assert foreign_on(page, lang) == []
    assert not page.errors
    # The replay of the deal: its auction, hands and tricks with their analysis.
    page.goto(page.url.replace("/t/", "/replay/"))
    page.wait_for_selector("#deal-select option", state="attached")
    page.click("#next-btn")
    page.wait_for_selector("#replay-trick figure")
    assert foreign_on(page, lang) == []
    assert not page.errors


def test_the_language_picker_relabels_the_table_and_is_kept(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    browser_tests.create_table(page, server)
    page.wait_for_selector("#seed-hash")
    page.select_option("#lang-select", "hr")
    assert page.get_attribute("html", "lang") == "hr"
    assert page.inner_text("#pos-bottom").startswith("Jug")
    assert foreign_on(page, "hr") == []
    page.goto(f"{server.url}/score")  # the choice is kept for the next pages
    assert page.get_attribute("html", "lang") == "hr"
    page.select_option("#lang-select", "fr")  # any other page is shown again in the choice
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.url.endswith("/score?lang=fr")
    assert foreign_on(page, "fr") == []
    assert not page.errors


def test_the_score_counter_and_the_ranking_tool_answer_in_bulgarian(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto(f"{server.url}/score?lang=bg")
    page.fill("#f-NS-cards", "90")
    page.fill("#f-NS-declarations", "25")  # refused, and said why in Bulgarian
    slot = page.locator('[data-error-for="points.NS.declarations"]')
    slot.filter(has_text="25 не е кратно на 10").wait_for()
    assert foreign_on(page, "bg") == []
    page.fill("#f-NS-declarations", "")
    page.select_option("#f-contract", "no-trumps")
    page.fill("#f-NS-cards", "150")
    page.click("#add-deal")
    page.wait_for_selector("#sheet-body tr[data-index='0']")
    assert "Без коз (БК)" in page.inner_text("#sheet-body")
    assert foreign_on(page, "bg") == []
    page.goto(f"{server.url}/rules/ranking?lang=bg")
    page.select_option("#r-contract", "hearts")
    page.select_option("#r-led", "C")
    page.check("input[value=AC]")
    page.check("input[value='7H']")
    page.locator("#ranking-result").wait_for(state="visible")
    assert page.inner_text("#ranking-winner") == "7♥ взима ръката"
    assert foreign_on(page, "bg") == []
    assert not page.errors
