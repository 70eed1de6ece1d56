"""The create-table and claim-seat bodies: each field of its exact type and range, or a 400 with
a one-line error naming the field; nothing coerced, and no request leaves a table unservable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from belot.web.app import create_app
from belot.web.store import Store


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


def refused(reply: Any, *words: str) -> str:
    assert reply.status_code == 400, reply.text
    error = reply.json()["error"]
    assert isinstance(error, str) and "\n" not in error
    for word in words:
        assert word in error, error
    return error


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"timer": True}, ["timer"]),
        ({"timer": 30.0}, ["timer"]),
        ({"timer": 601}, ["timer", "600"]),
        ({"timer": -1}, ["timer"]),
        ({"timer": "30"}, ["timer"]),
        ({"hints": "no"}, ["hints"]),
        ({"hints": 0}, ["hints"]),
        ({"hints": None}, ["hints"]),
        ({"name": 42}, ["name"]),
        ({"name": "x" * 31}, ["name", "30"]),
        ({"name": "a\nb"}, ["name", "control"]),
        ({"seats": ["N", "E"]}, ["seats"]),
        ({"seats": "all bots"}, ["seats"]),
        ({"seats": {"X": {}}}, ["seats", "'X'"]),
        ({"seats": {"N": "bot"}}, ["seats.N"]),
        ({"seats": {"N": None}}, ["seats.N"]),
        ({"seats": {"N": {"kind": "robot"}}}, ["seats.N.kind", "'robot'"]),
        ({"seats": {"E": {"kind": "Person"}}}, ["seats.E.kind"]),
        ({"seats": {"W": {"kind": True}}}, ["seats.W.kind"]),
        ({"seats": {"N": {"level": 3}}}, ["seats.N.level"]),
        ({"seats": {"N": {"level": "genius"}}}, ["seats.N.level", "'genius'"]),
        ({"seats": {"N": {"kind": "bot", "speed": 9}}}, ["seats.N.speed"]),
        ({"seats": {"S": {"kind": "bot"}}}, ["seats.S.kind"]),
        ({"rules": {"options": {"target": True}}}, ["target"]),
        ({"rules": {"options": {"target": 3000}}}, ["target", "1001"]),
        ({"rules": {"options": {"target": 10**30}}}, ["target"]),
        ({"rules": {"options": {"target": 0}}}, ["target"]),
        ({"rules": {"options": {"nt_last_trick": 10.0}}}, ["nt_last_trick"]),
        ({"rules": {"options": {"direction": True}}}, ["direction"]),
        ({"rules": {"options": {"passes_after_double": 2.0}}}, ["passes_after_double"]),
        ({"rules": {"options": {"belot_when_trumping": 1}}}, ["belot_when_trumping"]),
        ({"rules": {"options": {"declaration_compare": ["single"]}}}, ["declaration_compare"]),
        ({"rules": {"options": ["target"]}}, ["options"]),
        ({"rules": {"preset": 7}}, ["preset"]),
        ({"rules": {"preset": "bulgarian", "extra": 1}}, ["rules", "'extra'"]),
        ({"rules": 151}, ["rules"]),
        ({"timr": 30}, ["'timr'"]),
    ],
)
def test_a_bad_create_table_field_is_refused_naming_it(
    client: TestClient, body: dict[str, Any], words: list[str]
) -> None:
    before = len(client.app.state.hub.rooms)  # type: ignore[attr-defined]
    refused(client.post("/api/tables", json=body), *words)
    assert len(client.app.state.hub.rooms) == before  # type: ignore[attr-defined]


def test_good_create_table_bodies_are_taken_as_they_are(client: TestClient) -> None:
    body = {
        "name": "  Ана 🃏  ",
        "rules": {"preset": "bulgarian", "options": {"target": 1001, "nt_last_trick": 10}},
        "seats": {"N": {"kind": "person"}, "E": {"kind": "bot", "level": "basic"}, "S": {}},
        "timer": 600,
        "hints": False,
    }
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 200, reply.text
    table = client.get(f"/api/tables/{reply.json()['id']}").json()["table"]
    assert table["timer"] == 600 and table["hints"] is False
    assert table["rules"]["options"] == {"target": 1001, "nt_last_trick": 10}
    kinds = {s["seat"]: (s["kind"], s["level"], s["name"]) for s in table["seats"]}
    assert kinds == {
        "N": ("person", "random", ""),
        "E": ("bot", "basic", ""),
        "S": ("person", "random", "Ана 🃏"),
        "W": ("bot", "random", ""),
    }
    assert client.post("/api/tables", json={}).status_code == 200  # every field may be left out


def test_a_name_with_a_lone_surrogate_is_refused_and_every_page_stays_up(
    client: TestClient,
) -> None:
    """A lone surrogate cannot be written as UTF-8: a table holding one failed every page and
    every JSON answer for good. Now it is refused at the door, in a create or a claim."""
    body = b'{"name": "Bob\\ud800", "seats": {"N": {"kind": "person"}}}'
    headers = {"content-type": "application/json"}
    refused(client.post("/api/tables", content=body, headers=headers), "name", "surrogate")
    answer = client.post("/api/tables", json={"seats": {"N": {"kind": "person"}}}).json()
    table_id = answer["id"]
    claim = client.post(
        f"/api/tables/{table_id}/seats/N", content=b'{"name": "\\udfffX"}', headers=headers
    )
    refused(claim, "name", "surrogate")
    assert client.get(f"/t/{table_id}").status_code == 200
    state = client.get(f"/api/tables/{table_id}")
    assert state.status_code == 200
    assert [s["open"] for s in state.json()["table"]["seats"]] == [True, False, False, False]
    assert client.get(f"/api/tables/{table_id}/record").status_code == 200
    # The seat is still free for a good name.
    claim = client.post(f"/api/tables/{table_id}/seats/N", json={"name": "Невена"})
    assert claim.status_code == 200


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b'["name"]', ["object"]),
        (b'"Bob"', ["object"]),
        (b'{"name": 5}', ["name"]),
        (b'{"name": ["Bob"]}', ["name"]),
        (b'{"name": "' + b"x" * 31 + b'"}', ["name", "30"]),
        (b'{"nick": "Bob"}', ["'nick'"]),
    ],
)
def test_a_bad_claim_body_is_refused_naming_the_field(
    client: TestClient, body: bytes, words: list[str]
) -> None:
    table_id = client.post("/api/tables", json={"seats": {"N": {"kind": "person"}}}).json()["id"]
    reply = client.post(
        f"/api/tables/{table_id}/seats/N",
        content=body,
        headers={"content-type": "application/json"},
    )
    refused(reply, *words)
    seats = client.get(f"/api/tables/{table_id}").json()["table"]["seats"]
    assert seats[0]["open"] is True  # nothing changed


def test_a_claim_may_have_no_body_or_an_empty_object(client: TestClient) -> None:
    table_id = client.post(
        "/api/tables", json={"seats": {s: {"kind": "person"} for s in "NE"}}
    ).json()["id"]
    assert client.post(f"/api/tables/{table_id}/seats/N").status_code == 200
    assert client.post(f"/api/tables/{table_id}/seats/E", json={}).status_code == 200
