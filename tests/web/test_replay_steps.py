"""The replay's steps name who acted, in the page's language: the dealer and the bidding first
(nobody is "you" in a replay), then each trick with the seat that led it, in Chromium."""

from __future__ import annotations

from collections.abc import Callable

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests
from test_browser_languages import foreign_on

from belot.web import i18n

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page
Page = browser_tests.Page


def test_each_replay_step_names_the_seat_that_acted_in_the_pages_language(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto(f"{server.url}/?lang=fr")
    page.fill("input[name=name]", "Ana")
    page.click("#create")
    page.wait_for_url("**/t/*")
    browser_tests.play_until(page, lambda: browser_tests.panel_kind(page) == "deal-over")
    page.goto(page.url.replace("/t/", "/replay/"))
    page.wait_for_selector("#deal-select option", state="attached")
    fr = i18n.texts("fr")
    first = page.inner_text("#step-label")
    # The first step is the deal and its bidding, not "your call".
    assert fr["auction"] not in first and i18n.texts("en")["auction"] not in first
    assert first.startswith(f"{fr['replay_dealt_by']} ")
    dealer = first.removeprefix(f"{fr['replay_dealt_by']} ").split(" · ")[0]
    assert dealer in {fr[f"seat_{s}"] for s in "NEW"} | {f"{fr['seat_S']} (Ana)"}
    assert fr["auction"] not in page.inner_text("#replay-trick")
    calls = page.inner_text("#replay-trick .auction-history")
    assert f"{fr['seat_S']} (Ana)" in calls  # South's person by the name they gave
    assert foreign_on(page, "fr") == []
    page.click("#next-btn")
    page.wait_for_selector("#replay-trick figure")
    label = page.inner_text("#step-label")
    leader = page.inner_text("#replay-trick figure figcaption >> nth=0").split(" ✓")[0]
    leader = leader.split(" −")[0]  # the analysis' mark, once it has come, is not the name
    # Under its card the seat alone; the step names South's person as they gave it (South
    # leads the first trick in about one deal in four).
    assert leader in {fr[f"seat_{s}"] for s in "NESW"}
    named = f"{leader} (Ana)" if leader == fr["seat_S"] else leader
    assert label == f"{fr['replay_trick']} 1 / 8 · {fr['replay_led_by']} {named}"
    assert foreign_on(page, "fr") == []
    assert not page.errors
