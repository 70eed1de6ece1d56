"""The score counter, calculator, ranking tool and cheat sheet in a real browser.

Debian's Chromium (``/usr/bin/chromium``) driven by Playwright, against the pages served by
uvicorn on 127.0.0.1 (started here). Skipped only when Chromium is not installed.
"""

from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from pypdf import PdfReader

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium"
)
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from belot.web.scorecounter import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        create_app(tmp_path_factory.mktemp("sheets")),
        host="127.0.0.1",
        port=port,
        log_level="warning",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def belot_calc(deals: list[dict[str, Any]]) -> dict[str, Any]:
    """What the ``belot calc --json`` command answers for a sheet."""
    done = subprocess.run(
        [sys.executable, "-c", "from belot.cli import main; main()", "calc", "--json"],
        input=json.dumps(deals),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    answer = json.loads(done.stdout)
    assert isinstance(answer, dict)
    return answer


# Each deal as typed: the form's choices, then the points typed team by team (the other team's
# card points are filled in by the page), and the same deal as `belot calc` JSON.
DEALS: list[tuple[dict[str, str], dict[str, str], dict[str, Any]]] = [
    (
        {"contract": "spades", "declarers": "NS"},
        {"NS-cards": "98", "NS-declarations": "20", "NS-belot": "20"},
        {
            "contract": "spades",
            "declarers": "NS",
            "points": {"NS": {"cards": 98, "declarations": 20, "belot": 20}},
        },
    ),
    (
        {"contract": "hearts", "declarers": "EW"},
        {"EW-cards": "81"},
        {"contract": "hearts", "declarers": "EW", "points": {"EW": {"cards": 81}}},
    ),
    (
        {"contract": "no-trumps", "declarers": "NS", "double": "2"},
        {"NS-cards": "140"},
        {"contract": "no-trumps", "declarers": "NS", "double": 2, "points": {"NS": {"cards": 140}}},
    ),
    (
        {"contract": "all-trumps", "declarers": "EW", "valat": "EW"},
        {"EW-declarations": "50"},
        {
            "contract": "all-trumps",
            "declarers": "EW",
            "valat": "EW",
            "points": {"EW": {"declarations": 50}},
        },
    ),
    (
        {"contract": "clubs", "declarers": "NS"},
        {"NS-cards": "60", "EW-declarations": "50"},
        {
            "contract": "clubs",
            "declarers": "NS",
            "points": {"NS": {"cards": 60}, "EW": {"declarations": 50}},
        },
    ),
    (
        {"contract": "diamonds", "declarers": "EW", "double": "4"},
        {"EW-cards": "100", "EW-belot": "20"},
        {
            "contract": "diamonds",
            "declarers": "EW",
            "double": 4,
            "points": {"EW": {"cards": 100, "belot": 20}},
        },
    ),
]


def another_page(page: Page) -> Page:
    """A page of ``page``'s browser, in a context of its own."""
    browser = page.context.browser
    assert browser is not None  # the context of a browser launched here
    return browser.new_page()


def type_deal(page: Page, choices: dict[str, str], typed: dict[str, str]) -> None:
    page.select_option("#f-contract", choices["contract"])
    page.check(f"input[name=declarers][value={choices['declarers']}]")
    page.select_option("#f-double", choices.get("double", "1"))
    page.select_option("#f-valat", choices.get("valat", ""))
    for field, text in typed.items():
        box = page.locator(f"#f-{field}")
        box.click()
        box.press_sequentially(text)


def deal_rows(page: Page) -> int:
    return int(page.locator("#sheet-body tr[data-index]").count())


def wait_rows(page: Page, count: int) -> None:
    # Waited for from here, not by a predicate evaluated in the page: the pages'
    # Content-Security-Policy forbids the eval that Playwright's wait_for_function needs.
    from playwright.sync_api import expect

    expect(page.locator("#sheet-body tr[data-index]")).to_have_count(count)


def read_sheet(page: Page) -> dict[str, Any]:
    rows = page.locator("#sheet-body tr[data-index]")
    written = []
    for i in range(rows.count()):
        row = rows.nth(i)
        ns = int(row.locator(".written-ns").inner_text())
        ew = int(row.locator(".written-ew").inner_text())
        written.append({"NS": ns, "EW": ew})
    return {
        "written": written,
        "total": {
            "NS": int(page.inner_text("#total-NS")),
            "EW": int(page.inner_text("#total-EW")),
        },
        "hanging": int(page.inner_text("#total-hanging")),
    }


def expected(answer: dict[str, Any]) -> dict[str, Any]:
    return {
        "written": [d["written"] for d in answer["deals"]],
        "total": answer["total"],
        "hanging": answer["hanging"],
    }


def test_typed_sheet_gives_the_totals_of_belot_calc(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/score")
    for n, (choices, typed, _) in enumerate(DEALS, 1):
        type_deal(page, choices, typed)
        page.click("#add-deal")
        wait_rows(page, n)
    calc_deals = [d for _, _, d in DEALS]
    assert read_sheet(page) == expected(belot_calc(calc_deals))
    # The other team's card points were filled in: deal 1 wrote 14 and 6 (98 → EW 64).
    assert read_sheet(page)["written"][0] == {"NS": 14, "EW": 6}
    assert read_sheet(page)["written"][1] == {"NS": 8, "EW": 0}  # 81 : 81 hangs

    # Edit deal 2 (now North-South declared it) and remove deal 5: everything recomputes.
    page.locator("#sheet-body tr[data-index='1'] button", has_text="Edit").click()
    page.check("input[name=declarers][value=NS]")
    page.click("#add-deal")
    page.locator("#sheet-body tr.editing").wait_for(state="detached")
    calc_deals[1] = {**calc_deals[1], "declarers": "NS"}
    page.locator("#sheet-body tr[data-index='4'] button", has_text="Remove").click()
    wait_rows(page, len(DEALS) - 1)
    del calc_deals[4]
    page.wait_for_timeout(200)
    answer = belot_calc(calc_deals)
    assert read_sheet(page) == expected(answer)
    total = answer["total"]
    assert page.inner_text("#scoreline").startswith(f"NS {total['NS']} : {total['EW']} EW")

    # Saved and shareable: the link opens the same sheet in another browser context.
    link = page.input_value("#share-link")
    assert "/score/" in link
    other = another_page(page)
    other.goto(link)
    wait_rows(other, len(calc_deals))
    assert read_sheet(other) == expected(belot_calc(calc_deals))
    other.close()


def test_the_shared_link_shows_the_edit_link_changes_and_a_stale_edit_is_told(
    page: Page, base_url: str
) -> None:
    """Two links per sheet; two people editing at once: the second sees the first's deals."""
    from playwright.sync_api import expect

    page.goto(f"{base_url}/score")
    (choices, typed, _), second = DEALS[0], DEALS[1]
    type_deal(page, choices, typed)
    page.click("#add-deal")
    wait_rows(page, 1)
    shown, editing = page.input_value("#share-link"), page.input_value("#edit-link")
    assert "#edit=" in editing and "#" not in shown and editing.startswith(shown)
    assert page.url == editing  # a reload keeps the right to edit

    viewer = another_page(page)
    viewer.goto(shown)
    wait_rows(viewer, 1)
    assert viewer.locator("#deal-card").is_hidden()
    assert viewer.locator("#read-only").is_visible()
    assert viewer.locator("#sheet-body button").count() == 0
    viewer.close()

    other = another_page(page)
    other.goto(editing)
    wait_rows(other, 1)
    type_deal(other, *second[:2])
    other.click("#add-deal")
    wait_rows(other, 2)
    # The first page still has version 1: its next deal is refused, and it shows both deals
    # the other page saved, with the reason.
    type_deal(page, *DEALS[2][:2])
    page.click("#add-deal")
    expect(page.locator("#sheet-error")).to_contain_text("someone else changed this sheet")
    wait_rows(page, 2)
    assert read_sheet(page) == read_sheet(other)
    other.close()


def test_game_is_won_at_151(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/score")
    deal = (
        {"contract": "all-trumps", "declarers": "NS"},
        {"NS-cards": "258", "NS-declarations": "200"},
    )
    for n in range(1, 5):
        type_deal(page, *deal)
        page.click("#add-deal")
        wait_rows(page, n)
    answer = belot_calc(
        [
            {
                "contract": "all-trumps",
                "declarers": "NS",
                "points": {"NS": {"cards": 258, "declarations": 200}},
            }
        ]
        * 4
    )
    assert answer["winner"] == "NS"
    assert page.inner_text("#winner").startswith("NS win the game")
    assert page.locator("#add-deal").is_disabled()


def test_impossible_entry_is_explained_next_to_the_field(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/score")
    type_deal(
        page, {"contract": "no-trumps", "declarers": "NS"}, {"NS-cards": "140", "NS-belot": "20"}
    )
    message = page.locator('[data-error-for="points.NS.belot"]')
    message.wait_for(state="visible")
    assert message.inner_text() == "there is no belot in no-trumps"
    assert page.get_attribute("#f-NS-belot", "aria-invalid") == "true"
    page.click("#add-deal")
    page.wait_for_timeout(300)
    assert deal_rows(page) == 0  # not accepted
    assert message.inner_text() == "there is no belot in no-trumps"

    page.fill("#f-NS-belot", "")
    page.select_option("#f-contract", "hearts")
    page.fill("#f-NS-cards", "")
    page.fill("#f-EW-cards", "")
    page.locator("#f-NS-cards").press_sequentially("170")
    cards = page.locator('[data-error-for="points.NS.cards"]')
    cards.wait_for(state="visible")
    assert "more than the 162 card points" in cards.inner_text()
    page.click("#add-deal")
    page.wait_for_timeout(300)
    assert deal_rows(page) == 0


def test_one_deal_calculator(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/score/calc")
    type_deal(
        page,
        {"contract": "spades", "declarers": "NS"},
        {"NS-cards": "98", "NS-declarations": "20", "NS-belot": "20", "hanging": "9"},
    )
    page.locator("#calc-result").wait_for(state="visible")
    from playwright.sync_api import expect

    expect(page.locator("#written-NS")).to_have_text("23", timeout=5000)
    answer = belot_calc([DEALS[0][2]])["deals"][0]
    assert page.inner_text("#written-NS") == str(answer["written"]["NS"] + 9)
    assert page.inner_text("#written-EW") == str(answer["written"]["EW"])
    assert page.input_value("#f-EW-cards") == "64"


def test_card_ranking_tool(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/rules/ranking")
    page.select_option("#r-contract", "hearts")
    page.select_option("#r-led", "C")
    page.check("input[value=AC]")
    page.check("input[value='7H']")
    page.locator("#ranking-result").wait_for(state="visible")
    assert page.inner_text("#ranking-winner") == "7♥ wins the trick"
    assert "a trump beats every card" in page.inner_text("#ranking-reasons")


def test_pages_fit_a_phone(page: Page, base_url: str) -> None:
    for path in ("/score", "/score/calc", "/rules/bulgarian", "/rules/ranking", "/cheatsheet"):
        page.goto(base_url + path)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, path


def test_cheat_sheet_pdf_is_one_page(tmp_path: Path, browser: Browser, base_url: str) -> None:
    out = tmp_path / "sheet.pdf"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from belot.cli import main; main()",
            "cheatsheet",
            "--pdf",
            str(out),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    assert len(PdfReader(out).pages) == 1
    # The HTML page printed by the browser on A4 is one page too.
    page = browser.new_page()
    page.goto(f"{base_url}/cheatsheet")
    printed = page.pdf(format="A4")
    page.close()
    assert len(PdfReader(io.BytesIO(printed)).pages) == 1
