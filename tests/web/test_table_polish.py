"""The table's finish in Chromium: a second click is no error; a bot thinking and a hint being
worked out are shown; a table that cannot be entered has a page with a way home; one small
live region (the turn and the last action), not the whole table; undo against bots; keys for
the calls; the cards dealt to every seat."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page
Page = browser_tests.Page

#: Notes, on the page itself, each thing seen at least once: a bot thinking, cards dealt in
#: (at the person's hand and at the other seats), every error shown to the person, and what
#: the live region said.
WATCH = """
window.seen = { thinking: 0, handDealt: 0, backsDealt: 0, errors: [], said: [] };
new MutationObserver(() => {
  const said = document.getElementById("announce");
  if (said && said.textContent && window.seen.said.at(-1) !== said.textContent) {
    window.seen.said.push(said.textContent);
  }
  if (document.querySelector(".tag.thinking")) window.seen.thinking += 1;
  if (document.querySelector("#hand .deal-in")) window.seen.handDealt += 1;
  if (document.querySelector(".backs .deal-in")) window.seen.backsDealt += 1;
  const toast = document.getElementById("toast");
  if (toast && !toast.hidden && !window.seen.errors.includes(toast.textContent)) {
    window.seen.errors.push(toast.textContent);
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def watched(page: Page) -> Page:
    page.add_init_script(WATCH)
    return page


def seen(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("window.seen")
    return found


def my_card_turn(page: Page) -> bool:
    """South is to play a card (no declaration to choose first), with cards to spare."""
    if browser_tests.panel_kind(page) == "deal-over":
        browser_tests.click(page, "#next-deal")
        return False
    return (
        not browser_tests.panel_kind(page)
        and bool(page.query_selector("#hand .card.legal"))
        and 2 <= len(browser_tests.hand(page)) <= 7
    )


def test_a_double_click_is_one_action_and_no_error(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = watched(new_page())
    browser_tests.create_table(page, server)
    for _ in range(3):
        browser_tests.play_until(page, lambda: my_card_turn(page), seconds=40)
        before = len(browser_tests.hand(page))
        page.dblclick("#hand .card.legal")
        # The card goes when the server's next view comes (later than any fixed wait on a busy
        # machine); a second play would take another card, a refused one would say so.
        page.locator("#hand .card").nth(before - 1).wait_for(state="detached")
        page.wait_for_timeout(400)
        assert len(browser_tests.hand(page)) == before - 1
    browser_tests.play_until(page, lambda: browser_tests.panel_kind(page) == "deal-over")
    page.dblclick("#next-deal")  # the next deal's button, twice: one next deal
    page.locator('#panel[data-kind="deal-over"]').wait_for(state="detached")
    page.wait_for_timeout(400)
    assert seen(page)["errors"] == []
    assert not page.errors


def test_a_bot_thinking_and_a_hint_worked_out_are_shown(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = watched(new_page())
    browser_tests.create_table(page, server)
    browser_tests.play_until(page, lambda: my_card_turn(page), seconds=40)
    assert seen(page)["thinking"] > 0  # the bots' turns showed "thinking…" at their seats
    # Clicked: at once the button is busy and the page says the hint is being worked out.
    busy = page.evaluate(
        """() => {
        document.getElementById("hint-btn").click();
        return [document.getElementById("hint-working").hidden,
                document.getElementById("hint-btn").disabled,
                document.getElementById("hint-working").textContent];
    }"""
    )
    assert busy == [False, True, "Working out the hint…"]
    page.wait_for_selector("#hint-box li")
    assert page.is_hidden("#hint-working") and page.is_enabled("#hint-btn")
    assert seen(page)["errors"] == [] and not page.errors


def test_a_hint_lost_with_its_connection_is_asked_again(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    """The person asks for a hint; the request is lost as the connection closes. The new
    connection shows the same turn: the page asks again, and the hint is shown."""
    page = new_page()
    lost: list[str] = []

    def route(ws: Any) -> None:
        to_server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if not lost and json.loads(message).get("type") == "hint":
                lost.append(str(message))  # the hint asked for: dropped, the line closed
                ws.close()
                return
            to_server.send(message)

        to_server.on_message(ws.send)
        ws.on_message(from_page)

    page.route_web_socket("**/ws/**", route)
    browser_tests.create_table(page, server)
    browser_tests.play_until(page, lambda: my_card_turn(page), seconds=40)
    page.click("#hint-btn")
    page.wait_for_selector("#hint-box li")
    assert lost
    # The legal cards counted as the hint is shown (the turn is the person's until it plays):
    # counted as the turn came, a busy machine's page could still be drawing the trick before.
    legal = len(page.query_selector_all("#hand .card.legal"))
    assert len(page.query_selector_all("#hint-box li")) == legal > 0
    assert page.is_hidden("#hint-working") and page.is_enabled("#hint-btn")
    assert not page.errors


def test_a_table_that_cannot_be_entered_has_a_page_with_a_way_home(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    for path in ("/t/NOSUCHTABLE", "/replay/NOSUCHTABLE", "/no-such-page"):
        answer = page.goto(server.url + path)
        assert answer is not None and answer.status == 404
        assert page.inner_text("h1") == "This page does not exist"
        page.click("#home-link")
        page.wait_for_selector("#create")
    page.goto(server.url + "/t/NOSUCHTABLE?lang=bg")
    assert page.inner_text("#home-link") == "Към началната страница"


def test_only_the_turn_and_the_last_action_are_announced(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = watched(new_page())
    browser_tests.create_table(page, server)
    browser_tests.play_until(page, lambda: my_card_turn(page), seconds=40)
    live = page.eval_on_selector_all("[aria-live]", "els => els.map((e) => e.id)")
    assert live == ["announce"]  # the felt, the hand and the side are not live
    assert page.inner_text("#announce").endswith("Your turn")
    card = str(page.get_attribute("#hand .card.legal", "data-card"))
    page.click(f"#hand .card[data-card='{card}']")
    name = card[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]
    page.locator(f"#hand .card[data-card='{card}']").wait_for(state="detached")
    page.wait_for_timeout(300)
    said = seen(page)["said"]
    assert any(text.startswith(f"South: {name}") for text in said), said
    assert said and all(len(text) < 100 for text in said), said  # a sentence or two each
    assert not page.errors


def test_undo_and_keys_for_the_calls(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    browser_tests.create_table(page, server)
    # The auction by keys: South passes with P (or cuts first when it is South's turn to cut).
    called = False
    for _ in range(400):
        kind = browser_tests.panel_kind(page)
        if kind == "cut":
            page.click("[data-cut='5']")
        elif kind == "auction":
            page.keyboard.press("p")
            called = True
            break
        elif kind == "deal-over":
            browser_tests.click(page, "#next-deal")
        page.wait_for_timeout(40)
    assert called
    # South's pass is in the bidding line (the auction may be back at South already: the panel
    # then never went, the page drawing the bots' calls between two of the test's looks).
    page.locator("#bidding", has_text="South: Pass").wait_for()
    # Undo the pass: the auction asks South again; U is the key for it.
    page.wait_for_selector("#undo-btn:not([hidden])")
    page.keyboard.press("u")
    # South's pass goes from the bidding line (no line at all when South called first); the
    # auction's panel alone would not say the undo came, the auction being back at South may
    # have shown it already.
    page.locator("#bidding", has_text="South: Pass").wait_for(state="detached")
    page.wait_for_selector("#panel[data-kind='auction']")
    # Play on to a card; undo it: the card is back in the hand and South is to play again.
    browser_tests.play_until(page, lambda: my_card_turn(page), seconds=40)
    hand = browser_tests.hand(page)
    card = page.get_attribute("#hand .card.legal", "data-card")
    page.click(f"#hand .card[data-card='{card}']")
    page.locator(f"#hand .card[data-card='{card}']").wait_for(state="detached")
    page.click("#undo-btn")
    # The card back, South to play again (as long as the server's view takes to come).
    page.locator(f"#hand .card.legal[data-card='{card}']").wait_for()
    assert sorted(browser_tests.hand(page)) == sorted(hand)
    assert not page.errors


def test_the_cards_are_dealt_to_every_seat(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = watched(new_page())
    browser_tests.create_table(page, server)
    browser_tests.play_until(page, lambda: len(browser_tests.hand(page)) >= 5, seconds=30)
    found = seen(page)
    assert found["handDealt"] > 0 and found["backsDealt"] > 0
    assert not page.errors


def test_keys_for_coinche_bids(server: browser_tests.Server, new_page: Callable[..., Page]) -> None:
    """In Coinche's picker ↑ raises the points and a suit's letter bids them in that suit."""
    page = new_page()
    for _ in range(3):  # a table whose auction asks South while two bids are left to pick
        page.goto(server.url + "/")
        page.select_option("#game-choice", "coinche")
        page.click("#create")
        page.wait_for_url("**/t/*")
        picker = False
        for _ in range(600):
            kind = browser_tests.panel_kind(page)
            if kind == "cut":
                page.click("[data-cut='5']")
            elif kind == "auction":
                # ↑ needs a level above the first: over a high bid only one may be left.
                picker = len(page.query_selector_all(".bid-level:not([disabled])")) >= 2
                break
            elif kind in ("deal-over", "match-over"):
                break
            page.wait_for_timeout(40)
        if picker:
            break
    assert picker
    levels = page.eval_on_selector_all(
        ".bid-level:not([disabled])", "els => els.map((e) => e.dataset.level)"
    )
    assert page.get_attribute(".bid-level.picked", "data-level") == levels[0]
    page.keyboard.press("ArrowUp")
    assert page.get_attribute(".bid-level.picked", "data-level") == levels[1]
    points = page.inner_text(".bid-level.picked")  # "90", or "Capot" past 160
    page.keyboard.press("h")
    # South's bid in the bidding line (not the auction's panel gone: a bot's higher bid may
    # bring the auction back to South before the test looks, the panel never going).
    page.locator("#bidding", has_text=f"South: {points}♥").wait_for()
    assert not page.errors


def test_a_double_click_on_sit_and_start_is_no_error(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    host = watched(new_page())
    browser_tests.create_table(host, server, N="person", E="person")
    host.wait_for_selector("#share-link")
    guest = watched(new_page())
    guest.goto(host.url)
    guest.dblclick("[data-sit='N']")  # one seat taken, no "seat N is not free"
    guest.wait_for_selector("#start-btn")
    guest.dblclick("#start-btn")  # one start, no "the game has already started"
    guest.wait_for_selector("#seed-hash")
    host.wait_for_selector("#seed-hash")
    guest.wait_for_timeout(400)
    assert seen(guest)["errors"] == [] and seen(host)["errors"] == []
    assert "(you)" in guest.inner_text("#pos-bottom")
    assert not guest.errors and not host.errors


def test_a_double_click_on_create_makes_one_table(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto(server.url + "/")
    page.dblclick("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#seed-hash")
    page.wait_for_timeout(300)
    with sqlite3.connect(server.data / "belot.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM belot_tables").fetchone() == (1,)
    assert not page.errors


def test_b_keeps_the_bela_silent_or_not(
    server: browser_tests.Server, new_page: Callable[..., Page]
) -> None:
    """The silent-bela box (shown in Bela while a card of K+Q of trumps may be played silently;
    shown here by hand, such a hand being rare) is ticked and unticked with B."""
    page = new_page()
    page.goto(server.url + "/")
    page.select_option("#game-choice", "bela")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#seed-hash")
    # Each look in one go: the next view may hide the box again between two steps.
    press_b = """(shown) => {
      document.getElementById("silent-bela-line").hidden = !shown;
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "b" }));
      return document.getElementById("silent-bela").checked;
    }"""
    assert page.evaluate(press_b, False) is False  # hidden: B does nothing
    assert page.evaluate(press_b, True) is True
    assert page.evaluate(press_b, True) is False
    # The keys' help names Bela's calls only: no No trumps, All trumps or doubles here.
    keys = page.locator("#keys-help").inner_text()
    assert "B silent bela" in keys and "name trumps" in keys
    assert "contra" not in keys and "no trumps" not in keys
    assert not page.errors
