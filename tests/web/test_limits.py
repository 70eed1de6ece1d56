"""Slow, silent and greedy clients: none of them holds up a table or the server."""

from __future__ import annotations

import asyncio
import base64
import http.client
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from belot.web import clients
from belot.web.app import create_app
from belot.web.clients import CLOSE_SLOW, QUEUE_LENGTH, Client
from belot.web.guard import MAX_BODY, UVICORN_LIMITS
from belot.web.limits import Buckets, Limits, Rate
from belot.web.protocol import TimedH11Protocol
from belot.web.store import Store

Message = dict[str, Any]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}")


def until(ws: Any, wanted: Any, limit: int = 400) -> Message:
    for _ in range(limit):
        message: Message = ws.receive_json()
        if wanted(message):
            return message
    raise AssertionError("the expected message never came")


def my_turn(message: Message) -> bool:
    view = message.get("view")
    if message["type"] != "state":
        return False
    return bool(message["waiting_for_next"]) or bool(view and view["legal"])


def answer(message: Message) -> str:
    """What the player sends to go on from ``message`` (a state where it is to act)."""
    if message["waiting_for_next"]:
        return json.dumps({"type": "next"})
    return json.dumps({"type": "act", "action": message["view"]["legal"][0]})


def bot_table(client: TestClient) -> tuple[str, str]:
    answer = client.post("/api/tables", json={"seats": {}}).json()
    return answer["id"], answer["token"]


# --- a browser that does not read ----------------------------------------------------------


@pytest.mark.timeout(60)
def test_a_silent_spectator_holds_up_no_one(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A spectator whose sends never finish is dropped; the player's views keep coming."""
    monkeypatch.setattr(clients, "SEND_SECONDS", 0.5)
    closed: list[tuple[int, str]] = []
    silent = asyncio.Event()  # never set

    async def never(text: str) -> None:
        await silent.wait()

    async def close(code: int, reason: str) -> None:
        closed.append((code, reason))

    app = create_app(store, bot_delay=0)
    with TestClient(app) as client:
        table_id, token = bot_table(client)
        hub = app.state.hub
        assert client.portal is not None  # the client's, while it is open

        async def add_spectator() -> Client:
            room = await hub.room(table_id)
            spectator = Client(None, never, close)
            room.join(spectator)
            return spectator

        spectator = client.portal.call(add_spectator)
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            started = time.monotonic()
            for _ in range(12):
                state = until(ws, lambda m: my_turn(m) or m.get("table", {}).get("over"))
                if state.get("table", {}).get("over"):
                    break
                ws.send_text(answer(state))
            assert time.monotonic() - started < 20
            deadline = time.monotonic() + 5
            while not closed and time.monotonic() < deadline:  # closed after it is dropped
                time.sleep(0.05)
        assert spectator.dropped
        assert closed and closed[0][0] == CLOSE_SLOW
        room = client.portal.call(hub.room, table_id)
        assert spectator not in room.clients


def test_a_slow_reader_skips_old_views_but_no_other_message() -> None:
    async def scenario() -> tuple[list[str], bool, bool]:
        sent: list[str] = []
        gate = asyncio.Event()

        async def send(text: str) -> None:
            await gate.wait()
            sent.append(text)

        client = Client(None, send)
        client.offer("hint", view=False)
        for i in range(QUEUE_LENGTH * 3):
            assert client.offer(f"view {i}", view=True)
        await asyncio.sleep(0)
        gate.set()
        while client._writer is not None:
            await asyncio.sleep(0.01)
        flooded = Client(None, send)
        gate.clear()
        results = [flooded.offer(f"error {i}") for i in range(QUEUE_LENGTH + 2)]
        return sent, client.dropped, results[-1] or not flooded.dropped

    sent, dropped, flood_kept = asyncio.run(scenario())
    assert not dropped
    assert sent[0] == "hint" and sent[-1] == f"view {QUEUE_LENGTH * 3 - 1}"
    assert len(sent) <= QUEUE_LENGTH + 1
    assert not flood_kept  # a queue full of messages that cannot be skipped drops the client


# --- what a browser may send -----------------------------------------------------------------


def test_binary_and_oversized_websocket_messages_are_answered(store: Store) -> None:
    with TestClient(create_app(store, bot_delay=0)) as client:
        table_id, token = bot_table(client)
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            ws.send_bytes(b'{"type": "ping"}')
            error = until(ws, lambda m: m["type"] == "error")
            assert "binary" in error["message"]
            ws.send_text(json.dumps({"type": "ping", "pad": "x" * 20_000}))
            assert "at most" in until(ws, lambda m: m["type"] == "error")["message"]
            ws.send_text("[" * 10_000)
            assert "nested" in until(ws, lambda m: m["type"] == "error")["message"]
            ws.send_text('{"type": "act", "action": NaN}')
            assert "NaN" in until(ws, lambda m: m["type"] == "error")["message"]
            ws.send_json({"type": "ping"})
            until(ws, lambda m: m["type"] == "pong")  # the connection carries on


def test_a_body_over_the_limit_is_refused_with_413(store: Store) -> None:
    with TestClient(create_app(store, bot_delay=0)) as client:
        reply = client.post("/api/tables", content=b"{" + b" " * MAX_BODY + b"}")
        assert reply.status_code == 413
        assert "larger than 64 KiB" in reply.json()["error"]
        reply = client.post("/api/score/sheet", content=b"[" * (MAX_BODY + 1))
        assert reply.status_code == 413


# --- a live server, for what only a real socket shows -----------------------------------------


@pytest.fixture
def live(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int]]:
    import uvicorn

    monkeypatch.setattr(TimedH11Protocol, "header_seconds", 1.0)
    # Small send buffers (accepted sockets inherit the listener's), so that a browser that
    # does not read fills them within a few dozen views instead of megabytes.
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    app = create_app(store, bot_delay=0, body_seconds=1.0)
    limits: dict[str, Any] = UVICORN_LIMITS  # keywords of uvicorn.Config
    config = uvicorn.Config(app, log_level="warning", http=TimedH11Protocol, **limits)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield "127.0.0.1", port
    server.should_exit = True
    thread.join(timeout=10)
    listener.close()


def _response(conn: socket.socket, limit: float) -> tuple[bytes, float]:
    started = time.monotonic()
    conn.settimeout(limit)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
    return data, time.monotonic() - started


def test_a_100_mb_post_is_refused_before_it_is_read(live: tuple[str, int]) -> None:
    with socket.create_connection(live) as conn:
        conn.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000000\r\n\r\n" + b"[" * 65536
        )
        data, took = _response(conn, 5)
    assert data.startswith(b"HTTP/1.1 413"), data[:200]
    assert took < 2


def test_a_streamed_body_over_the_limit_is_cut_off(live: tuple[str, int]) -> None:
    with socket.create_connection(live) as conn:
        conn.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"[" * 16384
        with pytest.raises(OSError):  # the server stops reading and closes, or we see its answer
            for _ in range(200):
                conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                conn.settimeout(0.01)
                try:
                    data = conn.recv(65536)
                except TimeoutError:
                    continue
                assert data.startswith(b"HTTP/1.1 413"), data[:200]
                raise OSError("answered")
            pytest.fail("3 MB were read without an answer")


def test_a_body_that_never_finishes_is_cut_off(live: tuple[str, int]) -> None:
    with socket.create_connection(live) as conn:
        conn.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + b'{"seats"'
        )
        data, took = _response(conn, 10)
    assert data.startswith(b"HTTP/1.1 408"), data[:200]
    assert took < 3


@pytest.mark.parametrize("sent", [b"", b"GET / HTTP/1.1\r\nHost: x\r\n"])
def test_headers_that_never_finish_are_cut_off(live: tuple[str, int], sent: bytes) -> None:
    """A slowloris: uvicorn alone would keep the connection open for ever."""
    with socket.create_connection(live) as conn:
        conn.sendall(sent)
        data, took = _response(conn, 10)
    assert data == b"" and took < 3  # closed


def test_a_connection_kept_alive_serves_requests_after_the_header_deadline(
    live: tuple[str, int],
) -> None:
    conn = http.client.HTTPConnection(*live, timeout=5)
    conn.connect()
    opened = conn.sock
    for _ in range(3):
        conn.request("GET", "/static/texts.js")
        reply = conn.getresponse()
        assert reply.status == 200 and reply.read()
        time.sleep(0.6)  # 1.8 s in all, past the 1 s header deadline
    assert conn.sock is opened  # one connection for all three
    conn.close()


def test_a_silent_spectator_over_tcp_is_dropped_and_players_go_on(
    live: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real socket that never reads: the table of bots it watches plays on for its player."""
    from websockets.sync.client import connect

    monkeypatch.setattr(clients, "SEND_SECONDS", 1.0)
    host, port = live
    with socket.create_connection(live) as conn:
        basic = {"kind": "bot", "level": "basic"}  # matches of many deals
        created = json.loads(_post(conn, "/api/tables", {"seats": dict.fromkeys("NEW", basic)}))
    table_id, token = created["id"], created["token"]
    silent = socket.socket()
    silent.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    silent.connect(live)
    key = base64.b64encode(os.urandom(16))
    silent.sendall(
        b"GET /ws/%s HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (table_id.encode(), key)
    )
    worst, views = 0.0, 0
    with connect(f"ws://{host}:{port}/ws/{table_id}?token={token}", max_size=2**22) as ws:
        started = time.monotonic()
        while time.monotonic() - started < 4:
            sent = time.perf_counter()
            message = json.loads(ws.recv(timeout=5))
            worst = max(worst, time.perf_counter() - sent)
            views += 1
            if message["type"] == "state" and message["table"]["over"]:
                break
            if my_turn(message):
                ws.send(answer(message))
    silent.close()
    assert worst < 1.5, f"a view took {worst:.2f} s"
    assert views > 200  # far more than the silent socket's buffers hold


def _post(conn: socket.socket, path: str, body: object) -> bytes:
    data = json.dumps(body).encode()
    conn.sendall(
        b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (path.encode(), len(data), data)
    )
    reply = b""
    while chunk := conn.recv(65536):
        reply += chunk
    return reply.split(b"\r\n\r\n", 1)[1]


# --- rates per client address ----------------------------------------------------------------


def test_table_creation_is_rate_limited(store: Store) -> None:
    limits = Limits(tables=Rate(3, 0))
    with TestClient(create_app(store, bot_delay=0, limits=limits)) as client:
        for _ in range(3):
            assert client.post("/api/tables", json={}).status_code == 200
        reply = client.post("/api/tables", json={})
        assert reply.status_code == 429
        assert reply.json()["error"].startswith("too many new tables from your address")
        assert "retry-after" in reply.headers


def test_wrong_guesses_are_rate_limited_then_every_lookup_waits(store: Store) -> None:
    limits = Limits(guesses=Rate(3, 0))
    with TestClient(create_app(store, bot_delay=0, limits=limits)) as client:
        table_id, token = bot_table(client)
        assert client.get(f"/api/tables/{table_id}").status_code == 200
        assert client.get("/api/tables/NOSUCH").status_code == 404
        assert client.post("/api/tables/NOSUCH/seats/N", json={}).status_code == 404
        with client.websocket_connect(f"/ws/{table_id}?token=wrong") as ws:
            assert "wrong seat token" in ws.receive_json()["message"]
        for path in ("/api/tables/NOSUCH", f"/api/tables/{table_id}", f"/t/{table_id}"):
            reply = client.get(path)
            assert reply.status_code == 429, path
            assert "wrong table codes or seat tokens" in reply.json()["error"]
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            refused = ws.receive_json()
            assert refused["fatal"] and "too many" in refused["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4429


def test_open_connections_per_address_are_bounded(store: Store) -> None:
    with TestClient(create_app(store, bot_delay=0, limits=Limits(sockets=2))) as client:
        table_id, _ = bot_table(client)
        with (
            client.websocket_connect(f"/ws/{table_id}") as first,
            client.websocket_connect(f"/ws/{table_id}") as second,
        ):
            until(first, lambda m: m["type"] == "state")
            until(second, lambda m: m["type"] == "state")
            with client.websocket_connect(f"/ws/{table_id}") as third:
                assert "too many connections" in third.receive_json()["message"]
        with client.websocket_connect(f"/ws/{table_id}") as again:  # closed ones count no more
            until(again, lambda m: m["type"] == "state")


def test_buckets_refill_at_their_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr("belot.web.limits.time.monotonic", lambda: now[0])
    buckets = Buckets(Rate(2, 0.5))
    assert buckets.take("a") == 0 and buckets.take("a") == 0
    assert buckets.take("a") == pytest.approx(2.0)
    assert buckets.take("b") == 0  # each address has its own
    now[0] += 2
    assert buckets.take("a") == 0
    assert Rate.parse("300,1") == Rate(300, 1)
    with pytest.raises(ValueError, match="BURST,PER_SECOND"):
        Rate.parse("lots")


def test_serve_refuses_a_malformed_limit(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from belot.cli.serve import command

    result = CliRunner().invoke(command, ["--data", str(tmp_path), "--limit-tables", "lots"])
    assert result.exit_code == 2
    assert "a rate is 'BURST,PER_SECOND' like '300,1', not 'lots'" in result.output
