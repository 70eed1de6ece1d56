"""The README's screenshot of the table, taken by a browser in the middle of a trick.

Always taken (into the test's tmp folder) and checked to be a PNG of the window's size; with
``BELOT_SCREENSHOTS=1`` (``make screenshots``) it is also written to ``docs/images/table.png``,
the picture the README shows.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from pathlib import Path

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "images" / "table.png"
WIDTH, HEIGHT = 1100, 760

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG (its IHDR chunk); ValueError if it is not a PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_a_screenshot_of_the_table_in_the_middle_of_a_trick(
    server: browser_tests.Server,
    new_page: Callable[..., browser_tests.Page],
    tmp_path: Path,
) -> None:
    page = new_page(width=WIDTH, height=HEIGHT)
    browser_tests.create_table(page, server)

    def later_trick_half_played() -> bool:  # two or three cards down, a few tricks gone
        return (
            browser_tests.mid_trick(page)
            and len(browser_tests.trick(page)) >= 2
            and len(browser_tests.hand(page)) <= 6
        )

    browser_tests.play_until(page, later_trick_half_played, seconds=60)
    page.wait_for_timeout(300)  # the trick's cards finish sliding in
    shot = tmp_path / "table.png"
    page.screenshot(path=str(shot))
    data = shot.read_bytes()
    assert png_size(data) == (WIDTH, HEIGHT)
    assert len(data) > 20_000  # a drawn table, not a blank page
    assert not page.errors
    if os.environ.get("BELOT_SCREENSHOTS") == "1":
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        SCREENSHOT.write_bytes(data)
