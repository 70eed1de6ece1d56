"""The browser game in a real browser: Playwright drives Debian's Chromium against a server
started here on 127.0.0.1."""

from __future__ import annotations

import hashlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(
        f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium; "
        ".ci/run installs it)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip("playwright.sync_api")

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext
    from playwright.sync_api import Page as PlaywrightPage

    class Page(PlaywrightPage):
        """A page of ``new_page``: Playwright's, with the uncaught errors of its scripts in
        ``errors`` (the fixture sets it)."""

        errors: list[str]

else:
    Page = Any  # Playwright is imported only if Chromium is there (above)


class Server:
    """``belot serve`` in a child process, on a free port, with its data in ``data``."""

    def __init__(self, data: Path, port: int) -> None:
        self.data = data
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        code = "import sys; from belot.cli import main; main(sys.argv[1:])"
        options = ["--data", str(self.data), "--bot-delay", "0.03", "--leave-grace", "60"]
        path = self.data.parent / "server.log"
        log = open(path, "ab")  # noqa: SIM115 (the child keeps it)
        told_from = log.seek(0, os.SEEK_END)  # what this start says (a restart appends)
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--port", str(self.port), *options],
            stdout=log,
            stderr=log,
        )
        log.close()
        # It answers once its imports, its compiled solver and its database are ready: 9-10 s at
        # load 12 here with numba's cache warm, 24-32 s when it compiled the solver (a fresh
        # checkout, or any change to the solver: "preparing the strong player's solver (first
        # run: about 20 s)"), more on a slow machine. The child's own failure ends the wait at
        # once; the deadline is only a hang guard: 120 s, 600 s when it says it is compiling.
        started = time.monotonic()
        while True:
            try:
                with urllib.request.urlopen(self.url + "/", timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server stopped: {path.read_text()}") from None
                told = path.read_bytes()[told_from:].decode(errors="replace")
                guard = 600 if "preparing" in told else 120
                if time.monotonic() - started > guard:
                    self.stop()  # not left running after the test
                    said = told[-500:]
                    raise RuntimeError(f"the server did not answer in {guard} s: {said}") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
            self.process = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data", free_port())
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    contexts: list[BrowserContext] = []

    def make(width: int = 1100, height: int = 800) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = cast("Page", context.new_page())  # with its errors, set below
        page.set_default_timeout(20_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


def create_table(page: Page, server: Server, **kinds: str) -> str:
    page.goto(server.url + "/")
    for seat, kind in kinds.items():
        page.select_option(f"select[name=kind_{seat}]", kind)
    page.click("#create")
    page.wait_for_url("**/t/*")
    return str(page.url.rsplit("/", 1)[1])


def panel_kind(page: Page) -> str:
    return "" if page.is_hidden("#panel") else str(page.get_attribute("#panel", "data-kind") or "")


def click(page: Page, selector: str) -> bool:
    """Click ``selector`` if it is there within a moment (the page redraws on every view)."""
    try:
        page.click(selector, timeout=3000)
    except sync_api.TimeoutError:
        return False
    return True


def step(page: Page, *, keyboard: bool = False, cut: int = 10) -> str:
    """Do whatever the page asks of its person now; returns what it did ('' for nothing)."""
    kind = panel_kind(page)
    if kind == "cut":
        return "cut" if click(page, f"[data-cut='{cut}']") else ""
    if kind == "auction":
        calls = [b.get_attribute("data-call") for b in page.query_selector_all("[data-call]")]
        bids = [c for c in calls if c not in ("pass", "contra", "recontra")]
        return "call" if click(page, f"[data-call='{bids[0] if bids else 'pass'}']") else ""
    if kind == "declare":
        return "declare" if click(page, "[data-declare]") else ""
    if kind in ("deal-over", "match-over", "waiting"):
        return kind
    cards = page.query_selector_all("#hand .card")
    for index, card in enumerate(cards):
        if "legal" in (card.get_attribute("class") or ""):
            if keyboard:
                page.keyboard.press(str(index + 1))
                return "play"
            code = card.get_attribute("data-card")
            return "play" if click(page, f"#hand .card.legal[data-card='{code}']") else ""
    return ""


def play_until(page: Page, done: Callable[[], bool], seconds: float = 25, **kw: Any) -> list[str]:
    """Step (``step``'s options ``kw``) until ``done()``; what was done, in order."""
    deadline = time.monotonic() + seconds
    did: list[str] = []
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out; panel {panel_kind(page)!r}; errors {page.errors}")
        what = step(page, **kw)
        if what:
            did.append(what)
        page.wait_for_timeout(60 if what else 40)
    return did


def hand(page: Page) -> list[str]:
    return [str(b.get_attribute("data-card")) for b in page.query_selector_all("#hand .card")]


def trick(page: Page) -> list[str]:
    return [str(i.get_attribute("data-card")) for i in page.query_selector_all("#trick img")]


def mid_trick(page: Page) -> bool:
    """The person is to play and the trick on the table holds one to three cards (a deal that
    ends without such a moment, the person having led every trick, is followed by the next)."""
    if panel_kind(page) == "deal-over":
        click(page, "#next-deal")
        return False
    # In one look: the page may draw the next view between two queries (the trick counted as
    # the bots played, South then to lead a new one).
    found: bool = page.evaluate(MID_TRICK)
    return found


MID_TRICK = """() => {
  const cards = document.querySelectorAll("#trick img").length;
  return Boolean(document.querySelector("#hand .card.legal")) && cards >= 1 && cards <= 3
    && !document.getElementById("trick").classList.contains("done")
    && (document.getElementById("panel").hidden || !document.getElementById("panel").dataset.kind);
}"""


def test_a_full_deal_from_the_cut_to_the_score(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    create_table(page, server)
    page.wait_for_selector("#seed-hash")
    committed = page.inner_text("#seed-hash")
    play_until(page, lambda: panel_kind(page) == "deal-over", keyboard=True)
    seed = page.inner_text("#deal-seed")
    assert hashlib.sha256(seed.encode()).hexdigest() == committed
    assert page.query_selector_all(".revealed-hand")  # every hand shown after the deal
    assert len(page.query_selector_all("#sheet .sheet-row")) == 1
    ns = int(page.inner_text("#sheet #total-ns"))
    ew = int(page.inner_text("#sheet #total-ew"))
    assert int(page.inner_text(".written-ns")) == ns and int(page.inner_text(".written-ew")) == ew
    assert ns + ew > 0
    # The person cuts when it is their turn: play on until South cuts, at the chosen point
    # (the steps say whether South cut: the cut may be asked any time after the next deal's
    # click, later than any fixed wait on a busy machine).
    for _ in range(4):
        page.click("#next-deal")
        # Not wait_for_function: the page's Content-Security-Policy forbids its eval.
        page.locator('#panel[data-kind="deal-over"]').wait_for(state="detached")
        did = play_until(page, lambda: panel_kind(page) in ("deal-over", "match-over"), cut=7)
        if "cut" in did:
            assert page.inner_text("#deal-seed")
            assert "--cut 7 " in page.inner_text(".seed-line")
            break
    else:
        raise AssertionError("South never cut in four deals")
    page.select_option("#lang-select", "bg")
    assert "Юг" in page.inner_text("#pos-bottom")
    assert not page.errors


def test_two_people_at_one_table(server: Server, new_page: Callable[..., Page]) -> None:
    south = new_page()
    table_id = create_table(south, server, N="person")
    south.wait_for_selector("#share-link")
    link = south.inner_text("#share-link")
    assert link.endswith(f"/t/{table_id}")
    north = new_page(width=390, height=760)  # a phone
    north.goto(link)
    north.fill("#join-name", "Mira")
    north.click("[data-sit='N']")
    deadline = time.monotonic() + 20
    while not (hand(south) and hand(north)):
        assert time.monotonic() < deadline, "no cards were dealt"
        if not (step(south) or step(north)):
            south.wait_for_timeout(40)
    assert "Mira (you)" in north.inner_text("#pos-bottom")
    assert "Mira" in south.inner_text("#pos-top")
    mine, partner = set(hand(south)), set(hand(north))
    assert mine and partner and not mine & partner
    shown = south.eval_on_selector_all(
        "img:not(#trick img)", "els => els.map(e => e.getAttribute('src'))"
    )
    assert shown and not any(f"/cards/{card}.svg" in shown for card in partner)
    deadline = time.monotonic() + 40
    while not (panel_kind(south) == "deal-over" and panel_kind(north) == "deal-over"):
        assert time.monotonic() < deadline, "the deal did not finish"
        if not (step(south) or step(north)):
            south.wait_for_timeout(40)
    assert south.inner_text("#deal-seed") == north.inner_text("#deal-seed")
    assert south.inner_text("#sheet #total-ns") == north.inner_text("#sheet #total-ns")
    assert not south.errors and not north.errors


def test_a_reload_in_the_middle_of_a_trick_resumes_it(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    create_table(page, server)
    play_until(page, lambda: mid_trick(page))
    before = (hand(page), trick(page), page.inner_text("#sheet"))
    page.reload()
    page.wait_for_selector("#hand .card.legal")
    assert (hand(page), trick(page), page.inner_text("#sheet")) == before
    play_until(page, lambda: len(hand(page)) < len(before[0]))  # and the game goes on


def test_a_server_restart_keeps_the_game(server: Server, new_page: Callable[..., Page]) -> None:
    page = new_page()
    create_table(page, server)
    play_until(page, lambda: mid_trick(page))
    before = (hand(page), trick(page), page.inner_text("#trick-status"))
    server.stop()
    server.start()
    page.reload()
    page.wait_for_selector("#hand .card.legal")
    assert (hand(page), trick(page), page.inner_text("#trick-status")) == before
    play_until(page, lambda: panel_kind(page) == "deal-over")
    page.goto(page.url.replace("/t/", "/replay/"))
    page.wait_for_selector("#deal-select option", state="attached")
    page.click("#next-btn")
    assert "1 / 8" in page.inner_text("#step-label")


def test_the_hint_lists_each_legal_card_with_its_expected_game_points(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    create_table(page, server)

    def my_card_turn() -> bool:  # after the first trick: no declaration to choose first
        cards = page.query_selector_all("#hand .card")
        return (
            len(cards) < 8
            and bool(page.query_selector("#hand .card.legal"))
            and not panel_kind(page)
        )

    play_until(page, my_card_turn)
    legal = page.query_selector_all("#hand .card.legal")
    page.click("#hint-btn")
    page.wait_for_selector("#hint-box li")
    assert "expected game points" in page.inner_text("#hint-box .hint-unit")
    assert len(page.query_selector_all("#hint-box li")) == len(legal)
    assert not page.errors


def test_the_pages_work_under_their_content_security_policy(
    server: Server, new_page: Callable[..., Page]
) -> None:
    """The policy forbids inline script: the pages load their texts and code from files, and
    Chromium reports no violation while a table is made, played and replayed."""
    page = new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    create_table(page, server)
    play_until(page, lambda: bool(hand(page)))  # South may be the one to cut first
    assert page.evaluate("Object.keys(window.BELOT_TEXTS).length") >= 2
    table_id = page.url.rsplit("/", 1)[1]
    page.goto(f"{server.url}/replay/{table_id}")
    page.goto(server.url + "/")
    assert violations == [] and page.errors == []


def game_step(page: Page, seen: dict[str, int]) -> str:
    """Do what the page asks of South in any game, taking or bidding when it may (so that the
    deal is played), and count in ``seen`` what the page showed of its game."""
    if page.get_attribute("body", "data-phase") == "auction":
        # Both counted in one look: the page may draw the next view between two queries.
        hidden, held = page.evaluate(
            "() => ['#hand .hidden-card', '#hand .card']"
            ".map((s) => document.querySelectorAll(s).length)"
        )
        if hidden:
            seen["hidden"] = hidden
            seen["hand"] = held
        if page.query_selector("#panel-turned img, #turned-card img"):
            seen["turned"] = seen.get("turned", 0) + 1
    kind = panel_kind(page)
    if kind == "auction":
        seen["asked"] = seen.get("asked", 0) + 1
        # French Belote's panel shows the turned card as South is asked: looked for here too,
        # for the page may draw this panel before it sets the body's phase (the look above),
        # and South's take then ends the auction before the next look.
        if page.query_selector("#panel-turned img"):
            seen["turned"] = seen.get("turned", 0) + 1
        if page.query_selector("#panel .bid-level"):  # Coinche: the points, then a suit
            seen["picker"] = seen.get("picker", 0) + 1
            if page.query_selector(".bid-level[data-level='80']:not([disabled])"):
                return "bid" if click(page, ".bid-suit:not([disabled])") else ""
            return "pass" if click(page, "[data-call='pass']") else ""
        names = page.query_selector_all("[data-call]:not([data-call='pass'])")
        if names:
            code = names[0].get_attribute("data-call")
            return "call" if click(page, f"[data-call='{code}']") else ""
        return "pass" if click(page, "[data-call='pass']") else ""
    if kind == "deal-over" and not page.query_selector("#panel .outcome"):
        return "next" if click(page, "#next-deal") else ""  # all passed: the next deal
    return step(page)


#: Notes on the page itself, as the page draws them, the hidden cards and the cards held while
#: the auction goes on: Bela's backs are shown only for the auction, which the bots may end
#: before South is asked, between two of the test's looks on a busy machine.
HIDDEN_SEEN = """
window.hiddenSeen = null;
new MutationObserver(() => {
  if (!document.body || document.body.dataset.phase !== "auction") return;
  const hidden = document.querySelectorAll("#hand .hidden-card").length;
  if (hidden) window.hiddenSeen = [hidden, document.querySelectorAll("#hand .card").length];
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


@pytest.mark.parametrize("game", ["french", "coinche", "bela"])
def test_one_whole_deal_of_each_game_from_the_home_page(
    server: Server, new_page: Callable[..., Page], game: str
) -> None:
    page = new_page()
    page.add_init_script(HIDDEN_SEEN)
    # What the deal must have shown: Bela's hidden cards; Coinche's bid picker (South may be
    # asked only after a coinche or a capot, with no bid left to pick: about one deal in a
    # hundred, which once ended the test without the picker); French Belote's asking South.
    wanted = {"bela": "hidden", "coinche": "picker"}.get(game, "asked")
    names = {"french": "French Belote", "coinche": "Coinche", "bela": "Bela (Croatian)"}
    # Deals until one that showed it; a Coinche match can end in one deal (a coinched capot)
    # before South spoke: a new table then.
    for _ in range(3):
        page.goto(server.url + "/")
        page.select_option("#game-choice", game)
        targets = {"french": "1000", "coinche": "1000", "bela": "1001"}
        assert page.input_value("#target") == targets[game]
        page.click("#create")
        page.wait_for_url("**/t/*")
        page.wait_for_selector("#seed-hash")
        assert page.inner_text("#game-name") == names[game]
        seen: dict[str, int] = {}
        deals = 0
        while deals < 10:
            deals += 1
            deadline = time.monotonic() + 60  # a hang guard for each deal
            while not (
                panel_kind(page) in ("deal-over", "match-over")
                and page.query_selector("#panel .outcome")
            ):
                assert time.monotonic() < deadline, (
                    f"timed out; {panel_kind(page)!r}; {page.errors}"
                )
                page.wait_for_timeout(60 if game_step(page, seen) else 40)
            hidden = page.evaluate("window.hiddenSeen")
            if hidden:
                seen["hidden"], seen["hand"] = hidden
            if seen.get(wanted) or panel_kind(page) == "match-over":
                break
            page.click("#next-deal")
            page.locator('#panel[data-kind="deal-over"]').wait_for(state="detached")
        if seen.get(wanted):
            break
    outcome = page.inner_text("#panel .outcome")
    assert len(page.query_selector_all("#sheet .sheet-row")) == deals
    rows = page.query_selector_all("#sheet .sheet-row")
    ns = int(page.inner_text("#sheet #total-ns"))
    ew = int(page.inner_text("#sheet #total-ew"))
    assert [ns, ew] == [
        sum(int(r.query_selector_all("td")[i].inner_text()) for r in rows) for i in (1, 2)
    ]
    last = rows[-1].query_selector_all("td")
    assert page.inner_text(".written-ns") == last[1].inner_text()
    assert page.inner_text(".written-ew") == last[2].inner_text()
    assert ns + ew > 0
    contract = page.inner_text("#contract-line")
    if game == "french":  # the turned card face up, then picked up by its taker
        assert seen.get("turned")
        assert re.search(r" took (7|8|9|10|J|Q|K|A)[♣♦♥♠]", contract), contract
        assert any(w in outcome for w in ("made", "dedans"))
    if game == "coinche":  # the bid picker, and the bid's points in the contract
        assert seen.get("picker")
        assert re.search(r"^(80|90|1[0-6]0|capot) [♣♦♥♠]", contract), contract
        assert any(w in outcome for w in ("made", "dedans"))
    if game == "bela":  # six cards and two backs while trumps are named
        assert seen.get("hidden") == 2 and seen.get("hand") == 6
        assert any(w in outcome for w in ("made", "fell (pad)"))
    page.select_option("#lang-select", "bg")
    bulgarian = {"french": "Френски белот", "coinche": "Коанш", "bela": "Бела (хърватска)"}
    assert page.inner_text("#game-name") == bulgarian[game]
    assert not page.errors


def test_the_home_page_offers_only_the_levels_that_play_the_game(
    server: Server, new_page: Callable[..., Page]
) -> None:
    """Each level option carries the games it plays (every level plays every game today, so
    one is marked Bulgarian-only here): choosing a game it does not play disables it and moves
    the choice off it; choosing Bulgarian Belot again offers it."""
    page = new_page()
    page.goto(server.url + "/")
    games = page.get_attribute("select[name=level_N] option[value=strong]", "data-games")
    assert games is not None and set(games.split()) == {"bulgarian", "french", "coinche", "bela"}
    page.eval_on_selector_all(
        "select[name^=level_] option[value=strong]",
        "(options) => options.forEach((o) => { o.dataset.games = 'bulgarian'; })",
    )
    page.select_option("select[name=level_N]", "strong")
    page.select_option("#game-choice", "coinche")
    option = "select[name=level_N] option[value=strong]"
    assert page.get_attribute(option, "disabled") is not None
    assert page.input_value("select[name=level_N]") != "strong"
    page.select_option("#game-choice", "bulgarian")
    assert page.get_attribute(option, "disabled") is None
    assert not page.errors
