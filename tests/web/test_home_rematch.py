"""The home page's games in progress and the rematch at the end of a match, in Chromium."""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page
Page = browser_tests.Page


def table_json(server: browser_tests.Server, table_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}", timeout=10) as answer:
        table: dict[str, Any] = json.load(answer)["table"]
        return table


def listed(page: Page) -> list[str]:
    return [
        str(item.get_attribute("data-table"))
        for item in page.query_selector_all("#in-progress-list li")
    ]


def match_over(page: Page) -> bool:
    """The match is over (a deal that ends short of it, a hanging one, is followed by the next)."""
    kind = browser_tests.panel_kind(page)
    if kind == "deal-over":
        browser_tests.click(page, "#next-deal")
    return kind == "match-over"


def test_your_games_in_progress_are_listed_to_continue(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto(server.url + "/")
    assert page.is_hidden("#in-progress")  # nothing to continue yet
    table_id = browser_tests.create_table(page, server)
    page.wait_for_selector("#seed-hash")
    # A token of a table the server does not have: not listed, and forgotten.
    page.evaluate("localStorage.setItem('belot-token-NOSUCHTABLE', 'x')")
    page.goto(server.url + "/")
    page.wait_for_selector("#in-progress-list li a.continue")
    assert listed(page) == [table_id]
    assert page.inner_text("#in-progress h2") == "Your games in progress"
    assert "Bulgarian" in page.inner_text(f"#in-progress-list li[data-table='{table_id}']")
    page.wait_for_function("localStorage.getItem('belot-token-NOSUCHTABLE') === null")
    page.click(f"#in-progress-list li[data-table='{table_id}'] a.continue")
    page.wait_for_url(f"**/t/{table_id}")
    page.wait_for_selector("#seed-hash")
    assert page.is_hidden("[data-sit]")  # back in the seat, not asked to take one
    page.goto(server.url + "/?lang=bg")
    page.wait_for_selector("#in-progress-list li a.continue")
    assert page.inner_text("#in-progress-list a.continue") == "Продължи"
    assert not page.errors


def test_a_rematch_opens_a_new_table_with_the_same_game_rules_and_seats(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto(server.url + "/")
    page.select_option("select[name=level_E]", "random")
    page.select_option("select[name=level_W]", "random")
    page.click("details summary")
    page.fill("#target", "1")  # a match of a deal or so
    page.select_option("[data-option=nt_last_trick]", "10")
    page.click("#create")
    page.wait_for_url("**/t/*")
    old_id = page.url.rsplit("/", 1)[1]
    browser_tests.play_until(page, lambda: match_over(page), seconds=150)
    old = table_json(server, old_id)
    assert old["over"]
    page.dblclick("#rematch")  # twice: one new table
    page.wait_for_url(lambda url: "/t/" in url and not url.endswith(f"/t/{old_id}"))
    new_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#seed-hash")
    page.wait_for_timeout(300)
    with sqlite3.connect(server.data / "belot.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM belot_tables").fetchone() == (2,)
    new = table_json(server, new_id)
    assert old["rules"] == {"preset": "bulgarian", "options": {"target": 1, "nt_last_trick": 10}}
    assert new["rules"] == old["rules"]
    seats = [(s["seat"], s["kind"], s["level"]) for s in new["seats"]]
    assert seats == [(s["seat"], s["kind"], s["level"]) for s in old["seats"]]
    assert seats[1] == ("E", "bot", "random") and seats[3] == ("W", "bot", "random")
    assert not new["seats"][2]["open"] and not new["over"]  # South is this person's again
    assert page.is_hidden("[data-sit]")
    # Home: the new table is in progress, the finished one is not listed.
    page.goto(server.url + "/")
    page.wait_for_selector("#in-progress-list li a.continue")
    assert listed(page) == [new_id]
    assert not page.errors


def test_a_rematch_whose_answer_is_lost_with_the_connection_is_asked_again(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    """The server's answer to the rematch (the seat's token at the new table) is lost as the
    connection closes. The page asks again on its next connection and gets the same seat, not
    a spectator's place at its own rematch."""
    page = new_page()
    lost: list[str] = []

    def route(ws: Any) -> None:
        to_server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if not lost and data.get("type") == "rematch":
                lost.append(data["table"])  # dropped, and the line closed
                ws.close()
                return
            ws.send(message)

        to_server.on_message(from_server)
        ws.on_message(to_server.send)

    page.route_web_socket("**/ws/**", route)
    page.goto(server.url + "/")
    page.select_option("select[name=level_E]", "random")
    page.select_option("select[name=level_W]", "random")
    page.click("details summary")
    page.fill("#target", "1")  # a match of a deal or so
    page.click("#create")
    page.wait_for_url("**/t/*")
    old_id = page.url.rsplit("/", 1)[1]
    browser_tests.play_until(page, lambda: match_over(page), seconds=150)
    page.click("#rematch")
    try:
        page.wait_for_url(lambda url: "/t/" in url and not url.endswith(f"/t/{old_id}"))
    except browser_tests.sync_api.TimeoutError:
        # Say where the page stood: whether the answer was dropped, what the page shows.
        where = page.evaluate(
            "({url: location.pathname, phase: document.body.dataset.phase,"
            " you: document.body.dataset.you,"
            " toast: document.getElementById('toast').hidden ? null"
            " : document.getElementById('toast').textContent,"
            " button: document.getElementById('rematch') &&"
            " document.getElementById('rematch').disabled})"
        )
        raise AssertionError(f"no rematch table after 20 s: dropped {lost}, page {where}") from None
    new_id = page.url.rsplit("/", 1)[1]
    assert lost == [new_id]
    page.wait_for_selector("#seed-hash")
    assert page.is_hidden("[data-sit]")  # in South's seat, not offered one
    new = table_json(server, new_id)
    assert not new["seats"][2]["open"] and new["started"]
    assert page.evaluate(f"localStorage.getItem('belot-token-{new_id}')")
    assert not page.errors


def test_the_home_page_with_games_in_progress_passes_axe(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    pytest.importorskip("axe_playwright_python.sync_playwright")
    import test_accessibility

    request = urllib.request.Request(
        f"{server.url}/api/tables",
        data=json.dumps({"rules": {"preset": "bela"}}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        made = json.load(answer)
    page = new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('belot-token-{made['id']}', '{made['token']}')")
    page.reload()
    page.wait_for_selector("#in-progress-list li a.continue")
    assert "Bela" in page.inner_text("#in-progress-list li")
    assert test_accessibility.failing(page) == []
