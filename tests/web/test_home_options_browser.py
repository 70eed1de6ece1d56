"""The home page's rules options in Chromium: each game's shown with the rules opened passes
axe-core, and a choice made there is the new table's rule."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

# The browser tests' server, browser and helpers (skipped, saying why, where Chromium is missing).
import test_browser as browser_tests

from belot.engine.rules import PRESET_OPTIONS
from belot.web import rule_options

if TYPE_CHECKING:
    from playwright.sync_api import Browser

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")
browser = browser_tests.browser


@pytest.fixture(scope="module")
def server() -> Iterator[browser_tests.Server]:
    with tempfile.TemporaryDirectory() as folder:
        srv = browser_tests.Server(Path(folder) / "data", browser_tests.free_port())
        srv.start()
        yield srv
        srv.stop()


def test_each_game_s_options_shown_accessible_and_sent(
    server: browser_tests.Server, browser: Browser
) -> None:
    """Each game's options shown with the rules opened pass axe-core (no serious or critical
    violation); a choice made there is the new table's rule."""
    page = browser.new_page()
    try:
        page.goto(server.url + "/?lang=hr")
        page.click("details > summary")
        for game in rule_options.GAMES:
            page.select_option("#game-choice", game)
            shown = page.locator(f'.game-options[data-game="{game}"]')
            assert shown.is_visible()
            assert shown.locator(".option-help").count() == len(PRESET_OPTIONS[game])
            found = [
                f"{v['impact']} {v['id']}: {v['help']}"
                for v in axe_sync.Axe().run(page).response["violations"]
                if v["impact"] in ("serious", "critical")
            ]
            assert found == [], game
        # Bela, clockwise, a tie hanging: the table is made with those rules.
        page.select_option("#game-choice", "bela")
        bela = '.game-options[data-game="bela"]'
        page.select_option(f"{bela} [data-option=direction]", "1")
        page.select_option(f"{bela} [data-option=tie]", "hangs")
        page.click("#create")
        page.wait_for_url("**/t/*")
        table_id = page.url.rsplit("/", 1)[1]
        rules = page.request.get(f"{server.url}/api/tables/{table_id}").json()["table"]["rules"]
        assert rules == {"preset": "bela", "options": {"direction": 1, "tie": "hangs"}}
    finally:
        page.close()


def test_the_rules_pages_options_and_bela_s_croatian_sheet_fit_a_phone(
    server: browser_tests.Server, browser: Browser
) -> None:
    """The options' table of every game's rules page, and Bela's sheet in Croatian, are read on
    a phone (390 wide) without scrolling sideways."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        paths = [f"/rules/{game}?lang=hr" for game in rule_options.GAMES]
        for path in [*paths, "/cheatsheet?game=bela&lang=hr"]:
            page.goto(server.url + path)
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, path
        assert page.locator("h1").first.inner_text() == "Podsjetnik za belu"
    finally:
        context.close()
