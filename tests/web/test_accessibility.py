"""Every page passes axe-core's checks (axe-playwright-python) with no serious or critical
violation: the home page, the table of each game (waiting for people, at the person's first
decision and at the end of a deal), the score counter, the calculator, the rules pages, the card
ranking, the cheat sheet, the replay and the error pages."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

# The browser tests' server, browser and helpers (skipped, saying why, where Chromium is missing).
import test_browser as browser_tests

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

#: The impacts that fail a page (axe-core's four: minor, moderate, serious, critical).
FAILING = ("serious", "critical")
browser = browser_tests.browser
new_page = browser_tests.new_page


@pytest.fixture(scope="module")
def server() -> Iterator[browser_tests.Server]:
    """One server for the module: the pages checked here change nothing they share."""
    with tempfile.TemporaryDirectory() as folder:
        srv = browser_tests.Server(Path(folder) / "data", browser_tests.free_port())
        srv.start()
        yield srv
        srv.stop()


def failing(page: browser_tests.Page) -> list[str]:
    """The serious and critical violations on the page, one line each (rule, what, where)."""
    results = axe_sync.Axe().run(page)
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in FAILING
    ]


PAGES = [
    "/",
    "/score",
    "/score/calc",
    "/rules",
    "/rules/bulgarian",
    "/rules/french",
    "/rules/coinche",
    "/rules/bela",
    "/rules/ranking",
    "/cheatsheet",
    "/players",
    "/no-such-page",
    "/t/NOSUCHTABLE",
    "/replay/NOSUCHTABLE",
]


def test_every_page_around_the_game(
    server: browser_tests.Server, new_page: Callable[..., browser_tests.Page]
) -> None:
    page = new_page()
    found = {}
    for path in PAGES:
        page.goto(server.url + path)
        page.wait_for_load_state("load")
        found[path] = failing(page)
    assert found == {path: [] for path in PAGES}


@pytest.mark.parametrize("game", ["bulgarian", "french", "coinche", "bela"])
def test_the_table_of_each_game(
    server: browser_tests.Server, new_page: Callable[..., browser_tests.Page], game: str
) -> None:
    page = new_page()
    page.goto(server.url + "/")
    page.select_option("#game-choice", game)
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#seed-hash")
    found = {"start": failing(page)}

    def asked() -> bool:  # the person's first decision: the cut, a call, or a card to play
        kind = browser_tests.panel_kind(page)
        return kind in ("cut", "auction", "declare", "deal-over") or bool(
            page.query_selector("#hand .card.legal")
        )

    deadline = time.monotonic() + 30
    while not asked():
        assert time.monotonic() < deadline, "the person was never asked anything"
        page.wait_for_timeout(40)
    found[browser_tests.panel_kind(page) or "card"] = failing(page)
    if game == "bulgarian":  # the end of a deal: the deal explained, every hand, the seed
        browser_tests.play_until(
            page, lambda: browser_tests.panel_kind(page) == "deal-over", seconds=40
        )
        found["deal-over"] = failing(page)
        table_id = page.url.rsplit("/", 1)[1]
        page.goto(f"{server.url}/replay/{table_id}")
        page.wait_for_selector("#deal-select option", state="attached")
        found["replay"] = failing(page)
    assert found == {where: [] for where in found}
    assert not page.errors


def test_a_table_waiting_for_people(
    server: browser_tests.Server, new_page: Callable[..., browser_tests.Page]
) -> None:
    page = new_page()
    browser_tests.create_table(page, server, N="person")
    page.wait_for_selector("#share-link")
    assert failing(page) == []
    stranger = new_page(width=390, height=844)  # a phone, before it takes a seat
    stranger.goto(page.url)
    stranger.wait_for_selector("[data-sit='N']")
    assert failing(stranger) == []


def test_the_table_in_the_light_colours(
    server: browser_tests.Server, new_page: Callable[..., browser_tests.Page]
) -> None:
    """The light theme (a setting) has its own colours: checked at the person's first card."""
    page = new_page()
    page.add_init_script("localStorage.setItem('belot-settings', '{\"theme\": \"light\"}')")
    browser_tests.create_table(page, server)

    def playing() -> bool:  # the person to play, a bot's turn or a trick on the table
        return bool(page.query_selector("#hand .card.legal")) and not browser_tests.panel_kind(page)

    browser_tests.play_until(page, playing, seconds=40)
    assert page.get_attribute("html", "data-theme") == "light"
    assert failing(page) == []
    assert not page.errors


def test_the_hint_and_the_settings_on_a_phone(
    server: browser_tests.Server, new_page: Callable[..., browser_tests.Page]
) -> None:
    page = new_page(width=390, height=844)
    browser_tests.create_table(page, server)
    browser_tests.play_until(page, lambda: browser_tests.mid_trick(page), seconds=40)
    page.click("#hint-btn")
    page.wait_for_selector("#hint-box li")
    found = {"hint": failing(page)}
    page.click("#settings-btn")
    page.wait_for_selector("#settings-dialog[open]")
    found["settings"] = failing(page)
    assert found == {"hint": [], "settings": []}
    assert not page.errors
