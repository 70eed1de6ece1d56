"""Every response carries the security headers, and no page needs inline script."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from belot.web.app import create_app
from belot.web.guard import CSP
from belot.web.store import Store

HEADERS = {
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}"), bot_delay=0)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def test_the_policy_forbids_inline_script_and_framing() -> None:
    directives = dict(d.strip().split(" ", 1) for d in CSP.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"


def test_every_response_has_the_security_headers(client: TestClient) -> None:
    table = client.post("/api/tables", json={}).json()["id"]
    sheet = client.post("/api/score/sheets", json={"deals": []}).json()
    requests = [
        ("GET", "/"),
        ("GET", f"/t/{table}"),
        ("GET", f"/replay/{table}"),
        ("GET", f"/api/tables/{table}"),
        ("GET", "/t/NOSUCHTABLE"),  # 404 page
        ("GET", "/nowhere"),  # 404 of the router
        ("POST", "/"),  # 405
        ("POST", "/api/tables"),  # 400: no JSON
        ("GET", "/static/belot.css"),
        ("GET", "/static/nothing.js"),
        ("GET", "/cards/AS.svg"),
        ("GET", "/score"),
        ("GET", "/cheatsheet"),
        ("GET", "/rules/bulgarian"),
        ("GET", "/scorecounter/static/style.css"),
        ("GET", f"/api/score/sheets/{sheet.get('id', 'x')}"),
    ]
    for method, path in requests:
        reply = client.request(method, path)
        for name, value in HEADERS.items():
            assert reply.headers.get(name) == value, (method, path, name)


def test_a_refused_body_has_the_headers_too(client: TestClient) -> None:
    reply = client.post("/api/tables", content=b"x" * 100_000)
    assert reply.status_code == 413
    assert reply.headers["x-frame-options"] == "DENY"


class _Scripts(HTMLParser):
    """Collects inline scripts and inline event handlers of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        for name, _ in attrs:
            if name.startswith("on"):
                self.inline.append(f"<{tag} {name}=...>")
        if tag == "script":
            kind = names.get("type") or "text/javascript"
            self._in_script = "src" not in names and kind != "application/json"

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline.append(data.strip()[:60])


def test_no_page_has_inline_script(client: TestClient) -> None:
    """What the policy would block: every page's code comes from a file of this server."""
    table = client.post("/api/tables", json={}).json()["id"]
    pages = ["/", f"/t/{table}", f"/replay/{table}", "/score", "/score/calc", "/cheatsheet"]
    pages += ["/rules", "/rules/bulgarian", "/rules/ranking"]
    for page in pages:
        reply = client.get(page)
        assert reply.status_code == 200, page
        parser = _Scripts()
        parser.feed(reply.text)
        assert parser.inline == [], page
        assert not re.search(r"javascript:", reply.text, re.IGNORECASE), page
