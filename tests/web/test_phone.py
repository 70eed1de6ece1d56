"""The table on a phone, upright (390×844) and on its side (844×390): the person's whole hand,
the trick and whatever they must click now (a call, the next deal) are inside the window
without scrolling, checked by the elements' bounding boxes in Chromium."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page
Page = browser_tests.Page

PHONES = [(390, 844), (844, 390)]
#: Where to keep each moment's screenshot (set to look at them; the test checks boxes only).
SHOTS = os.environ.get("BELOT_PHONE_SHOTS")


def off_screen(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` that are not in sight with the page scrolled to its
    top: not wholly inside the window, or hidden at their middle (by a panel's own scrolling
    or by something drawn over them); each said with its box."""
    page.evaluate("window.scrollTo(0, 0)")
    size = page.viewport_size
    assert size is not None  # new_page's pages have one
    width, height = size["width"], size["height"]
    elements = page.query_selector_all(selector)
    assert elements, f"nothing matches {selector}"
    bad = []
    for element in elements:
        box = element.bounding_box()
        if box is None:
            bad.append(f"{selector}: not drawn")
            continue
        inside = (
            box["x"] >= -0.5
            and box["y"] >= -0.5
            and box["x"] + box["width"] <= width + 0.5
            and box["y"] + box["height"] <= height + 0.5
        )
        middle = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
        on_top = element.evaluate(
            "(e, [x, y]) => { const t = document.elementFromPoint(x, y); "
            "return t !== null && (e === t || e.contains(t)); }",
            middle,
        )
        if not (inside and on_top):
            bad.append(f"{selector}: {box}{'' if on_top else ' (covered)'}")
    return bad


def still_page(new_page: Callable[..., Page], width: int, height: int) -> Page:
    """A page of that size with animations off (settings in localStorage, as the ⚙ dialog
    keeps them), so that every box is where it stays."""
    page = new_page(width=width, height=height)
    page.add_init_script("localStorage.setItem('belot-settings', '{\"motion\": \"off\"}')")
    return page


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        size = page.viewport_size
        assert size is not None
        page.screenshot(path=f"{SHOTS}/{size['width']}x{size['height']}-{name}.png")


@pytest.mark.parametrize(("width", "height"), PHONES, ids=["upright", "landscape"])
def test_the_hand_the_trick_and_the_choices_fit_a_phone(
    server: browser_tests.Server,
    new_page: Callable[..., Page],
    width: int,
    height: int,
) -> None:
    page = still_page(new_page, width, height)
    browser_tests.create_table(page, server)
    seen: set[str] = set()

    def check(name: str, *selectors: str) -> None:
        page.wait_for_timeout(100)  # the page draws the last state
        shot(page, name)
        bad = [b for s in selectors for b in off_screen(page, s)]
        assert not bad, f"{name} at {width}x{height}: {bad}"
        seen.add(name)

    def moment() -> bool:
        kind = browser_tests.panel_kind(page)
        if kind == "auction" and "auction" not in seen and page.query_selector("#hand .card"):
            check("auction", "#hand .card", "#panel [data-call]")
        elif kind == "" and "trick" not in seen and browser_tests.mid_trick(page):
            check("trick", "#hand .card", "#trick img", "#trick")
        elif kind == "deal-over":
            check("deal-over", "#next-deal")
            return True
        return False

    browser_tests.play_until(page, moment, seconds=60)
    assert {"trick", "deal-over"} <= seen
    assert not page.errors


@pytest.mark.parametrize(("width", "height"), PHONES, ids=["upright", "landscape"])
def test_the_coinche_bid_picker_fits_a_phone(
    server: browser_tests.Server,
    new_page: Callable[..., Page],
    width: int,
    height: int,
) -> None:
    """Coinche's auction has the most buttons: ten levels, four suits, pass and coinche."""
    page = still_page(new_page, width, height)
    for _ in range(3):  # a table where South is asked to bid before the match ends
        page.goto(server.url + "/")
        page.select_option("#game-choice", "coinche")
        page.click("#create")
        page.wait_for_url("**/t/*")

        def picker() -> bool:
            return browser_tests.panel_kind(page) == "auction" and bool(
                page.query_selector("#panel [data-level]")
            )

        try:
            browser_tests.play_until(
                page, lambda: picker() or browser_tests.panel_kind(page) == "match-over"
            )
        except AssertionError:
            continue
        if picker():
            break
    else:
        raise AssertionError("South was never asked to bid")
    page.wait_for_timeout(100)
    shot(page, "coinche")
    bad = [
        b
        for s in ("#hand .card", "#panel [data-level]", "#panel [data-call]")
        for b in off_screen(page, s)
    ]
    assert not bad, bad
    assert not page.errors
