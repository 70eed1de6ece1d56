"""In Chromium: the server's refusals shown at the table in the page's language (Bulgarian,
French, Croatian at a Bela table), and a rematch between two people in two browsers, each
keeping their seat, the other offered to join it over the live connection."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import page_words
import pytest

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

from belot.web import i18n

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page
Page = browser_tests.Page

#: Keeps each WebSocket the page opens, so that a test can send what the page never would.
KEEP_SOCKETS = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})();
"""


def code_of(url: str) -> str:
    """The table code of a table page's address (``/t/CODE``, maybe with ``?lang=``)."""
    return url.split("?")[0].rsplit("/", 1)[1]


def send_raw(page: Page, text: str) -> None:
    page.wait_for_function("window.__sockets.some((s) => s.readyState === 1)")
    page.evaluate(
        "(text) => window.__sockets.filter((s) => s.readyState === 1).at(-1).send(text)", text
    )


def toast_says(page: Page, text: str) -> None:
    page.wait_for_function(
        "(text) => { const box = document.getElementById('toast');"
        " return !box.hidden && box.textContent === text; }",
        arg=text,
    )


@pytest.mark.parametrize(("game", "lang"), [("bulgarian", "bg"), ("coinche", "fr"), ("bela", "hr")])
def test_the_servers_refusals_are_shown_in_the_pages_language(
    server: browser_tests.Server, new_page: Callable[..., Page], game: str, lang: str
) -> None:
    page = new_page()
    page.add_init_script(KEEP_SOCKETS)
    page.goto(f"{server.url}/?lang={lang}")
    page.select_option("#game-choice", game)
    page.uncheck("input[name=hints]")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#seed-hash")
    table_id = code_of(page.url)
    for sent, kind in (
        ({"type": "hint"}, "hints_off"),
        ({"type": "launch"}, "unknown_type"),
        ({"type": "start"}, "started"),
        ("not json", "not_json"),
    ):
        send_raw(page, sent if isinstance(sent, str) else json.dumps(sent))
        expected = i18n.refusal(lang, kind, {}, "")
        toast_says(page, expected)
        assert page_words.foreign(page.inner_text("#toast"), lang) == [], kind
    # A spectator who tries to act.
    watcher = new_page()
    watcher.add_init_script(KEEP_SOCKETS)
    watcher.goto(f"{server.url}/t/{table_id}?lang={lang}")
    watcher.wait_for_selector("#seed-hash")
    send_raw(watcher, json.dumps({"type": "act", "action": "pass"}))
    toast_says(watcher, i18n.refusal(lang, "spectator", {}, ""))
    # A table that does not exist: its page says why in the language.
    watcher.goto(f"{server.url}/t/ABCDEFGHJKLM?lang={lang}")
    detail = watcher.inner_text("#error-detail")
    assert detail == i18n.refusal(lang, "no_table", {"table": "ABCDEFGHJKLM"}, "")
    assert page_words.foreign(page_words.shown(watcher.content()), lang) == []
    assert not page.errors and not watcher.errors


def test_a_rematch_between_two_people_keeps_their_seats(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    south = new_page()
    south.goto(f"{server.url}/?lang=fr")
    south.select_option("select[name=kind_N]", "person")
    for seat in "EW":
        south.select_option(f"select[name=level_{seat}]", "random")
    south.click("details summary")
    south.fill("#target", "1")  # a match of a deal or so
    south.click("#create")
    south.wait_for_url("**/t/*")
    old_id = code_of(south.url)
    north = new_page()
    north.goto(f"{server.url}/t/{old_id}?lang=fr")
    north.fill("#join-name", "Boris")
    north.click("[data-sit='N']")
    north.wait_for_selector("#seed-hash")
    watcher = new_page()
    watcher.goto(f"{server.url}/t/{old_id}?lang=fr")
    deadline = time.monotonic() + 150
    while not all(browser_tests.panel_kind(p) == "match-over" for p in (south, north)):
        assert time.monotonic() < deadline, "the match did not end"
        acted = False
        for page in (south, north):
            kind = browser_tests.panel_kind(page)
            if kind == "deal-over":
                browser_tests.click(page, "#next-deal")
            elif kind != "match-over":
                acted = bool(browser_tests.step(page)) or acted
        if not acted:
            south.wait_for_timeout(40)
    north.click("#rematch")
    north.wait_for_url(lambda url: "/t/" in url and f"/t/{old_id}" not in url)
    new_id = code_of(north.url)
    # South, still at the old table's end, is offered the rematch over the live connection;
    # so is the spectator.
    fr = i18n.texts("fr")
    for page in (south, watcher):
        link = page.wait_for_selector("#join-rematch")
        assert link is not None  # (None only when waiting for it to go)
        assert link.inner_text() == fr["join_rematch"]
        assert link.get_attribute("href") == f"/t/{new_id}"
        assert fr["rematch_offered"] in page.inner_text("#panel")
    south.click("#join-rematch")
    south.wait_for_url(lambda url: code_of(url) == new_id)
    south.wait_for_selector("#seed-hash")  # everyone is seated: it deals
    # Each at their own seat: South at the bottom of South's screen with Boris (North) across,
    # Boris at the bottom of his.
    assert south.inner_text("#pos-bottom").startswith(fr["seat_S"])
    assert south.inner_text("#pos-top").startswith("Boris")
    north.wait_for_selector("#seed-hash")
    assert north.inner_text("#pos-bottom").startswith(f"Boris ({fr['you']})")
    # The bots' levels as before.
    seats = browser_tests_table(server, new_id)["seats"]
    old = browser_tests_table(server, old_id)["seats"]
    kept = [(s["seat"], s["kind"], s["level"]) for s in seats]
    assert kept == [(s["seat"], s["kind"], s["level"]) for s in old]
    assert [kind for _, kind, _ in kept] == ["person", "bot", "person", "bot"]
    assert kept[1][2] == kept[3][2] == "random"
    assert seats[0]["name"] == "Boris"
    assert not south.errors and not north.errors and not watcher.errors


def browser_tests_table(server: browser_tests.Server, table_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}", timeout=10) as answer:
        table: dict[str, Any] = json.load(answer)["table"]
        return table
