"""A rematch at the end of a match, over the live connection: everyone keeps their seat, the
game, its rules options and the bots' levels stay, and the others at the table (spectators
too) are offered to join the one new table."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from belot.engine.table import Seat
from belot.web.app import create_app
from belot.web.rooms import Room
from belot.web.store import Store

Message = dict[str, Any]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "belot.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Store(f"sqlite:///{db}"), bot_delay=0)) as test_client:
        yield test_client


def until(ws: Any, wanted: Callable[[Message], bool], limit: int = 400) -> Message:
    for _ in range(limit):
        message: Message = ws.receive_json()
        if wanted(message):
            return message
        if message["type"] == "error":
            raise AssertionError(f"the server answered with an error: {message}")
    raise AssertionError("the expected message never came")


def offered(message: Message) -> bool:
    return message["type"] == "state" and bool(message["table"].get("rematch"))


def a_table(client: TestClient) -> tuple[str, dict[str, str]]:
    """A match of one deal or so: South made it, North and West are people who took their seats
    (West's bot, should West leave, plays at the basic level), East is a strong bot."""
    answer = client.post(
        "/api/tables",
        json={
            "name": "Ana",
            "rules": {"preset": "bulgarian", "options": {"target": 1, "nt_last_trick": 10}},
            "seats": {
                "N": {"kind": "person"},
                "E": {"kind": "bot", "level": "basic"},
                "W": {"kind": "person", "level": "basic"},
            },
            "timer": 90,
            "hints": False,
        },
    ).json()
    tokens = {"S": answer["token"]}
    for seat, name in (("N", "Boris"), ("W", "")):
        reply = client.post(f"/api/tables/{answer['id']}/seats/{seat}", json={"name": name})
        tokens[seat] = reply.json()["token"]
    return answer["id"], tokens


def finish(client: TestClient, table_id: str) -> None:
    """Play the match to its end on the server's loop: each person's first legal action, the
    bot its own."""
    room: Room = client.app.state.hub.get(table_id)  # type: ignore[attr-defined]

    async def play() -> None:
        table = room.table
        for _ in range(2000):
            if table.is_over:
                return
            if table.waiting_for_next:
                await room.act(Seat.S, "next")
            elif table.to_act is not None and table.seats[table.to_act].kind == "person":
                seat = table.to_act
                await room.act(seat, str(table.deal.view(seat).legal[0]))
            else:
                await asyncio.sleep(0.005)  # the bot's turn
        raise AssertionError("the match did not end")

    client.portal.call(play)  # type: ignore[union-attr]


def seats_of(client: TestClient, table_id: str) -> list[tuple[str, str, str, bool]]:
    table = client.get(f"/api/tables/{table_id}").json()["table"]
    return [(s["seat"], s["kind"], s["level"], s["open"]) for s in table["seats"]]


def test_a_rematch_keeps_every_seat_and_offers_the_others_to_join(
    client: TestClient, db: Path
) -> None:
    old_id, tokens = a_table(client)
    with client.websocket_connect(f"/ws/{old_id}?token={tokens['S']}") as south:
        until(south, lambda m: m["type"] == "state")
        south.send_json({"type": "rematch"})  # not before the end: refused, nothing made
        refused = until(south, lambda m: m["type"] == "error")
    assert refused["kind"] == "rematch_not_over"
    assert client.get(f"/api/tables/{old_id}").json()["table"]["rematch"] is None
    finish(client, old_id)
    old = client.get(f"/api/tables/{old_id}").json()["table"]
    assert old["over"]
    with (
        client.websocket_connect(f"/ws/{old_id}?token={tokens['N']}") as north,
        client.websocket_connect(f"/ws/{old_id}") as spectator,
        client.websocket_connect(f"/ws/{old_id}?token={tokens['W']}") as west,
    ):
        until(north, lambda m: m["type"] == "state")
        until(spectator, lambda m: m["type"] == "state")
        # North asks first (twice: one table); North keeps North, not South, and asking again
        # gives North's seat there again, with the same token.
        north.send_json({"type": "rematch"})
        north.send_json({"type": "rematch"})
        first = until(north, lambda m: m["type"] == "rematch")
        again = until(north, lambda m: m["type"] == "rematch")
        new_id = first["table"]
        assert first["seat"] == "N" and first["token"]
        assert again == first
        # The others are offered the same table over their live connection.
        assert until(spectator, offered)["table"]["rematch"] == new_id
        assert until(west, offered)["table"]["rematch"] == new_id
        west.send_json({"type": "rematch"})
        joined = until(west, lambda m: m["type"] == "rematch")
        assert (joined["table"], joined["seat"]) == (new_id, "W") and joined["token"]
    new = client.get(f"/api/tables/{new_id}").json()["table"]
    assert (
        new["rules"]
        == old["rules"]
        == {
            "preset": "bulgarian",
            "options": {"target": 1, "nt_last_trick": 10},
        }
    )
    assert (new["timer"], new["hints"]) == (90, False)
    # The same kinds and levels in the same seats: North's and West's taken by their people
    # (named as before), South's kept open for South, East the same bot.
    assert [(s["seat"], s["kind"], s["level"]) for s in new["seats"]] == [
        (s["seat"], s["kind"], s["level"]) for s in old["seats"]
    ]
    assert seats_of(client, new_id) == [
        ("N", "person", "random", False),
        ("E", "bot", "basic", False),
        ("S", "person", "random", True),
        ("W", "person", "basic", False),
    ]
    assert new["seats"][0]["name"] == "Boris" and not new["started"]
    # South joins last: the table is full and deals.
    with client.websocket_connect(f"/ws/{old_id}?token={tokens['S']}") as south:
        until(south, offered)
        south.send_json({"type": "rematch"})
        mine = until(south, lambda m: m["type"] == "rematch")
    assert (mine["table"], mine["seat"]) == (new_id, "S")
    new = client.get(f"/api/tables/{new_id}").json()["table"]
    assert new["started"] and new["seats"][2]["name"] == "Ana"
    with client.websocket_connect(f"/ws/{new_id}?token={mine['token']}") as south:
        assert until(south, lambda m: m["type"] == "state")["you"] == "S"
    with sqlite3.connect(db) as stored:
        assert stored.execute("SELECT count(*) FROM belot_tables").fetchone() == (2,)


def test_the_offer_outlives_a_restart(db: Path) -> None:
    with TestClient(create_app(Store(f"sqlite:///{db}"), bot_delay=0)) as client:
        old_id, tokens = a_table(client)
        finish(client, old_id)
        with client.websocket_connect(f"/ws/{old_id}?token={tokens['W']}") as west:
            until(west, lambda m: m["type"] == "state")
            west.send_json({"type": "rematch"})
            new_id = until(west, lambda m: m["type"] == "rematch")["table"]
    with TestClient(create_app(Store(f"sqlite:///{db}"), bot_delay=0)) as client:
        assert client.get(f"/api/tables/{old_id}").json()["table"]["rematch"] == new_id
        with client.websocket_connect(f"/ws/{old_id}?token={tokens['N']}") as north:
            until(north, offered)
            north.send_json({"type": "rematch"})
            joined = until(north, lambda m: m["type"] == "rematch")
        assert (joined["table"], joined["seat"]) == (new_id, "N")


def test_an_answer_lost_with_the_connection_is_given_again(client: TestClient) -> None:
    """The rematch's answer carries the only copy of the seat's token there. When it is lost
    with the connection, the person asks again on the next one and gets the same seat and
    token, whether they made the rematch's table or joined it; no one else can get it."""
    old_id, tokens = a_table(client)
    finish(client, old_id)
    answers: dict[str, list[Message]] = {"S": [], "W": []}
    for _ in range(2):  # the first answer of each is taken as lost: the connection closes
        for seat in ("S", "W"):
            with client.websocket_connect(f"/ws/{old_id}?token={tokens[seat]}") as ws:
                until(ws, lambda m: m["type"] == "state")
                ws.send_json({"type": "rematch"})
                answers[seat].append(until(ws, lambda m: m["type"] == "rematch"))
    for seat in ("S", "W"):
        first, again = answers[seat]
        assert first == again and first["seat"] == seat and first["token"]
        assert first["token"] != tokens[seat]
    new_id = answers["S"][0]["table"]
    assert answers["W"][0]["table"] == new_id
    assert answers["S"][0]["token"] != answers["W"][0]["token"]
    for seat in ("S", "W"):
        with client.websocket_connect(f"/ws/{new_id}?token={answers[seat][0]['token']}") as ws:
            assert until(ws, lambda m: m["type"] == "state")["you"] == seat
    # North's seat there is still open; a spectator of the old table cannot take South's.
    assert [s[3] for s in seats_of(client, new_id)] == [True, False, False, False]
    with client.websocket_connect(f"/ws/{old_id}") as spectator:
        until(spectator, offered)
        spectator.send_json({"type": "rematch"})
        assert until(spectator, lambda m: m["type"] == "error")["kind"] == "spectator"
    taken = client.post(f"/api/tables/{new_id}/seats/S", json={"name": "Eve"})
    assert taken.status_code == 400 and taken.json()["kind"] == "seat_taken"
    assert "token" not in taken.json()
