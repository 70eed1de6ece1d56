"""Hostile bodies at every JSON endpoint and the WebSocket: a 4xx and a one-line reason, always."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from belot.web.app import create_app
from belot.web.limits import Limits, Rate
from belot.web.store import Store

#: Bodies no endpoint can take: not JSON, not UTF-8, too deep, too big, NaN, huge numbers,
#: the wrong shape (a list, a string, null) and fields of the wrong type.
HOSTILE: list[bytes] = [
    b"",
    b"not json",
    b"\xff\xfe\x00",
    b"[" * 100_000,
    b'{"a":' * 5000 + b"1" + b"}" * 5000,
    b"{" + b" " * 70_000 + b"}",
    b'{"seats": NaN}',
    b'{"timer": Infinity}',
    b'{"deals": [' + b"9" * 5000 + b"]}",
    b'{"target": 1e400}',
    b"[1, 2]",
    b'"text"',
    b"null",
    b"17",
    b'{"seats": [1, 2]}',
    b'{"rules": "x", "seats": "NS", "timer": "soon", "hints": "no", "name": 7}',
    b'{"name": "\\ud800"}',
    b'{"deals": {"0": 1}}',
    b'{"deals": [[]]}',
    b'{"contract": [], "cards": 5, "led": {}}',
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(tables=Rate(10_000, 0), guesses=Rate(10_000, 0))
    app = create_app(Store(f"sqlite:///{tmp_path / 'b.sqlite3'}"), bot_delay=0, limits=limits)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def endpoints(client: TestClient) -> list[tuple[str, str]]:
    table = client.post("/api/tables", json={"seats": {"N": {"kind": "person"}}}).json()["id"]
    sheet = client.post("/api/score/sheets", json={"deals": []}).json()["id"]
    return [
        ("POST", "/api/tables"),
        ("POST", f"/api/tables/{table}/seats/N"),
        ("POST", "/api/score/deal"),
        ("POST", "/api/score/sheet"),
        ("POST", "/api/score/sheets"),
        ("PUT", f"/api/score/sheets/{sheet}"),
        ("POST", "/api/rules/ranking"),
    ]


def test_every_json_endpoint_answers_hostile_bodies_with_a_4xx(client: TestClient) -> None:
    for method, path in endpoints(client):
        for body in HOSTILE:
            if body == b"" and path.endswith("/seats/N"):
                continue  # a claim may come without a body (no name)
            reply = client.request(
                method, path, content=body, headers={"content-type": "application/json"}
            )
            where = f"{method} {path} {body[:40]!r}"
            assert 400 <= reply.status_code < 500, (where, reply.status_code, reply.text[:200])
            answer = reply.json()
            assert isinstance(answer["error"], str) and answer["error"], where
            assert "\n" not in answer["error"] and "Traceback" not in reply.text, where


def test_the_websocket_answers_hostile_messages_and_stays_open(client: TestClient) -> None:
    answer = client.post("/api/tables", json={}).json()
    with client.websocket_connect(f"/ws/{answer['id']}?token={answer['token']}") as ws:
        for body in HOSTILE:
            try:
                text = body.decode()
            except UnicodeDecodeError:
                ws.send_bytes(body)
            else:
                ws.send_text(text)
            ws.send_bytes(body)
        ws.send_json({"type": "ping"})
        errors = 0
        while True:
            message = ws.receive_json()
            if message["type"] == "pong":
                break
            if message["type"] == "error":
                errors += 1
                assert isinstance(message["message"], str) and "\n" not in message["message"]
                assert not message.get("fatal")
        assert errors == 2 * len(HOSTILE)
        json.dumps(message)
