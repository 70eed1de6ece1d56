"""Pictures of the table of each game in the middle of a trick, at three sizes: a desktop
window (1100×760), a phone upright (390×844) and on its side (844×390).

Always taken (into the test's tmp folder) with animations off, and checked to be PNGs of the
window's size; with ``BELOT_SCREENSHOTS=1`` (``make screenshots``) they are also written to
``docs/images/table-<game>-<size>.png``, which docs/browser.md shows, and Bulgarian Belot's
desktop one to ``docs/images/table.png``, the picture the README shows.
"""

from __future__ import annotations

import json
import os
import struct
import time
from collections.abc import Callable
from pathlib import Path

import pytest

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
README_PICTURE = IMAGES / "table.png"
#: name -> (width, height) of the window.
SIZES = {"desktop": (1100, 760), "phone": (390, 844), "phone-side": (844, 390)}

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG (its IHDR chunk); ValueError if it is not a PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


#: What the picture must show, looked at in one go (the page may draw a new view between two
#: queries): South to play a card into a trick of two or three, three tricks or more gone.
ON_SHOW = """() => {
  const cards = document.querySelectorAll("#trick img").length;
  const panel = document.getElementById("panel");
  return cards >= 2 && cards <= 3 && !document.getElementById("trick").classList.contains("done")
    && panel.hidden && document.querySelectorAll("#hand .card.legal").length > 0
    && document.querySelectorAll("#hand .card").length <= 5;
}"""


@pytest.mark.parametrize("game", ["bulgarian", "french", "coinche", "bela"])
def test_the_table_of_each_game_at_three_sizes(
    server: browser_tests.Server,
    new_page: Callable[..., browser_tests.Page],
    tmp_path: Path,
    game: str,
) -> None:
    page = new_page(*SIZES["desktop"])
    # Nothing moves (no card caught mid-flight) and nothing sounds.
    settings = json.dumps(json.dumps({"motion": "off", "sound": "off"}))
    page.add_init_script(f"localStorage.setItem('belot-settings', {settings})")

    def new_table() -> None:
        page.goto(server.url + "/")
        page.select_option("#game-choice", game)
        page.click("#create")
        page.wait_for_url("**/t/*")

    new_table()

    def later_trick_half_played() -> bool:  # two or three cards down, a few tricks gone
        if not browser_tests.mid_trick(page):  # (it also starts the next deal)
            return False
        return bool(page.evaluate(ON_SHOW))

    seen: dict[str, int] = {}
    deadline = time.monotonic() + 90
    while not later_trick_half_played():
        assert time.monotonic() < deadline, f"timed out; {browser_tests.panel_kind(page)!r}"
        if browser_tests.panel_kind(page) == "match-over":
            # A coinched capot can end a Coinche match in one deal, in which South may never
            # play into a trick of two or three: another table.
            new_table()
            seen.clear()
        elif not browser_tests.game_step(page, seen):
            page.wait_for_timeout(40)
    assert page.get_attribute("html", "data-motion") == "off"
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)  # laid out again at the new size
        shot = tmp_path / f"table-{game}-{name}.png"
        page.screenshot(path=str(shot))
        assert page.evaluate(ON_SHOW), f"the table changed under the {name} picture"
        data = shot.read_bytes()
        assert png_size(data) == (width, height)
        assert len(data) > 20_000  # a drawn table, not a blank page
        if os.environ.get("BELOT_SCREENSHOTS") == "1":
            IMAGES.mkdir(parents=True, exist_ok=True)
            (IMAGES / shot.name).write_bytes(data)
            if game == "bulgarian" and name == "desktop":
                README_PICTURE.write_bytes(data)
    assert not page.errors
