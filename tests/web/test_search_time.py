"""Search time is shared fairly: hints and analyses have their own thread, below the bots' moves,
one hint in flight per seat and a few per client address, so many hint requests never hold up
a bot (sixteen hint connections once stalled every ``strong`` bot for 17 s)."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from belot.bots import make
from belot.engine.view import SeatView
from belot.web import hints
from belot.web.app import create_app
from belot.web.store import Store
from belot.web.thinking import ADVICE_NICENESS, Busy, Thinkers

#: How long a stubbed hint searches: long next to a bot's move, short for a test.
HINT_SECONDS = 0.6


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def slow_hints(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Hints that take ``HINT_SECONDS`` on their thread (the compiled search releases the GIL
    as ``sleep`` does); returns the names of the threads they ran on."""
    threads: list[str] = []

    def hint(view: SeatView, level: str = "strong") -> list[dict[str, Any]]:
        threads.append(threading.current_thread().name)
        time.sleep(HINT_SECONDS)
        return [{"action": str(view.legal[0]), "value": 0.0}]

    monkeypatch.setattr(hints, "hint", hint)
    return threads


def people_table(client: TestClient) -> tuple[str, dict[str, str]]:
    answer = client.post("/api/tables", json={"seats": {s: {"kind": "person"} for s in "NEW"}})
    table_id = answer.json()["id"]
    tokens = {"S": answer.json()["token"]}
    for seat in "NEW":
        tokens[seat] = client.post(f"/api/tables/{table_id}/seats/{seat}").json()["token"]
    return table_id, tokens


def answer_to_hint(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] in ("hint", "error"):
            return message


def bot_move_seconds(client: TestClient, table_id: str) -> float:
    """How long a bot's move takes through the hub, as a room asks for one (a random bot: the
    move itself takes no time, so this is the wait for a search thread)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.get(table_id).table
    seat = table.to_act
    bot = make("random", seed=1)
    start = time.perf_counter()
    client.portal.call(hub.think, bot.act, table.deal.view(seat))  # type: ignore[union-attr]
    return time.perf_counter() - start


def test_many_hint_connections_do_not_hold_up_a_bots_move(
    client: TestClient, slow_hints: list[str]
) -> None:
    table_id, tokens = people_table(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seat = hub.get(table_id).table.to_act.name
    url = f"/ws/{table_id}?token={tokens[seat]}"
    sockets = [client.websocket_connect(url) for _ in range(16)]
    opened = [ws.__enter__() for ws in sockets]
    try:
        for ws in opened:
            ws.receive_json()  # the state on connecting
            ws.send_json({"type": "hint"})
        time.sleep(0.3)  # every request has reached the server
        waited = bot_move_seconds(client, table_id)
        answers = [answer_to_hint(ws) for ws in opened]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    assert waited < 0.5 * HINT_SECONDS, f"a bot's move waited {waited:.2f} s behind hints"
    # One hint for the seat is worked out; the others are refused at once, in one line.
    worked = [a for a in answers if a["type"] == "hint"]
    refused = [a["message"] for a in answers if a["type"] == "error"]
    assert len(worked) == 1 and len(refused) == 15
    assert all(m == "a hint for this seat is still being worked out: wait for it" for m in refused)
    assert slow_hints == ["belot-advice_0"]


def test_a_seat_may_ask_again_once_its_hint_is_given(
    client: TestClient, slow_hints: list[str]
) -> None:
    table_id, tokens = people_table(client)
    seat = client.app.state.hub.get(table_id).table.to_act.name  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[seat]}") as ws:
        for _ in range(2):
            ws.send_json({"type": "hint"})
            assert answer_to_hint(ws)["type"] == "hint"
    assert len(slow_hints) == 2


def test_one_address_has_at_most_two_hints_in_flight() -> None:
    thinkers = Thinkers()

    async def run() -> list[str]:
        asks = [
            thinkers.advise(time.sleep, 0.2, key=("hint", "T", seat), address="10.1.1.1")
            for seat in "NESW"
        ]
        other = thinkers.advise(time.sleep, 0.2, key=("hint", "U", "N"), address="10.2.2.2")
        done = await asyncio.gather(*asks, other, return_exceptions=True)
        return ["ok" if item is None else str(item) for item in done]

    try:
        answers = asyncio.run(run())
    finally:
        thinkers.shutdown()
    assert answers[:2] == ["ok", "ok"] and answers[4] == "ok"
    assert (
        answers[2]
        == answers[3]
        == ("2 hints or analyses from your address are being worked out: wait for one of them")
    )


def test_hints_run_on_their_own_thread_below_the_bots() -> None:
    thinkers = Thinkers(bot_threads=1, per_address=100, queue=100)

    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    async def run() -> tuple[float, list[str], int, int]:
        slow = [
            asyncio.ensure_future(
                thinkers.advise(time.sleep, 0.15, key=("hint", n), address=f"10.0.0.{n}")
            )
            for n in range(8)
        ]
        await asyncio.sleep(0.05)
        started = time.perf_counter()
        name = await thinkers.move(lambda: threading.current_thread().name)
        waited = time.perf_counter() - started
        advice_nice = await thinkers.advise(niceness, key="nice", address="x")
        bot_nice = await thinkers.move(niceness)
        await asyncio.gather(*slow)
        return waited, [name], advice_nice, bot_nice

    try:
        waited, names, advice_nice, bot_nice = asyncio.run(run())
    finally:
        thinkers.shutdown()
    assert waited < 0.1 and names[0].startswith("belot-think")  # not behind 1.2 s of hints
    if sys.platform == "linux":
        # Above the server's own nice value (a server started with nice 10 or more: up to 19).
        assert advice_nice - bot_nice == min(ADVICE_NICENESS, 19 - bot_nice)


def test_an_analysis_asked_twice_at_once_is_worked_out_once() -> None:
    thinkers = Thinkers(per_address=1)
    calls: list[int] = []

    def analyse(number: int) -> list[int]:
        calls.append(number)
        time.sleep(0.2)
        return [number]

    async def run() -> list[list[int]]:
        asks = [
            thinkers.advise(analyse, 3, key=("analysis", "T", 3), address=a, share=True)
            for a in ("a", "b", "a")
        ]
        return list(await asyncio.gather(*asks))

    try:
        assert asyncio.run(run()) == [[3], [3], [3]]
    finally:
        thinkers.shutdown()
    assert calls == [3]


def test_past_the_queue_a_hint_is_refused_at_once() -> None:
    thinkers = Thinkers(per_address=100, queue=2)

    async def run() -> str:
        first = [
            asyncio.ensure_future(thinkers.advise(time.sleep, 0.2, key=n, address=str(n)))
            for n in range(2)
        ]
        await asyncio.sleep(0)
        try:
            await thinkers.advise(time.sleep, 0.2, key=9, address="9")
        except Busy as error:
            message = str(error)
        await asyncio.gather(*first)
        assert thinkers.in_flight() == 0
        await thinkers.advise(time.sleep, 0, key=9, address="9")  # free again
        return message

    try:
        assert "busy" in asyncio.run(run())
    finally:
        thinkers.shutdown()
