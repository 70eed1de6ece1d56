"""In Chromium: the expert level is chosen on the home page, and its thinking is shown at the
table as it goes, in the page's language (the server runs with expert's real budget; the test
stops at the first report, a second or so into its first search)."""

from __future__ import annotations

import time
from collections.abc import Callable

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page
Page = browser_tests.Page


def test_an_expert_bots_search_is_shown_on_its_seat(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto(f"{server.url}/?lang=bg")
    label = page.text_content("select[name=level_E] option[value=expert]")
    assert label == "експерт"
    for seat in "NEW":
        page.select_option(f"select[name=level_{seat}]", "expert")
    page.click("#create")
    page.wait_for_url("**/t/*")
    # The seats are drawn from the table's first state, which may come a moment after the page.
    page.locator("#pos-right").filter(has_text="експерт").wait_for(timeout=10_000)
    deadline = time.monotonic() + 90
    shown: list[str] = []
    while time.monotonic() < deadline and not shown:
        signs = page.eval_on_selector_all(".tag.thinking", "tags => tags.map(t => t.textContent)")
        shown = [text for text in signs if "решени разклада" in text]
        if not shown:
            browser_tests.step(page)  # cut, call or play for South when it is its turn
            time.sleep(0.1)
    assert shown, "no expert bot's search was shown"
    # South plays against them: how far the search got, never the bot's best card so far.
    assert "засега" not in shown[0]
    assert page.errors == []
