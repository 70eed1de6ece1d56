"""One owner per table: each table's lease in the database names the one server process that
may write it; another refuses to serve it, clearly, until the lease is given up or expires."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from players import Players
from sqlalchemy.exc import SQLAlchemyError
from starlette.testclient import TestClient

from belot.web.app import create_app
from belot.web.store import Store
from conftest import Postgres, Server


def test_a_second_server_on_one_database_refuses_the_first_ones_tables(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'belot.sqlite3'}"
    with TestClient(create_app(Store(url), bot_delay=0)) as first:
        answer = first.post(
            "/api/tables", json={"seats": {s: {"kind": "bot", "level": "random"} for s in "NEW"}}
        ).json()
        table_id, token = answer["id"], answer["token"]
        with first.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            assert ws.receive_json()["type"] == "state"
        with TestClient(create_app(Store(url), bot_delay=0)) as second:
            refused = second.get(f"/api/tables/{table_id}")
            assert refused.status_code == 423
            assert f"another server owns table {table_id} until " in refused.json()["error"]
            assert second.get(f"/t/{table_id}").status_code == 423
            with second.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
                message = ws.receive_json()
                assert message["fatal"] and "another server owns" in message["message"]
            # Its own new tables are its own: the first refuses them.
            own = second.post("/api/tables", json={"seats": {}}).json()["id"]
            assert first.get(f"/api/tables/{own}").status_code == 423
            assert table_id not in second.app.state.hub.rooms  # type: ignore[attr-defined]
    # The first stopped cleanly and gave its leases up: a new server takes the table over.
    record = first.app.state.hub.get(table_id).table.record  # type: ignore[attr-defined]
    with TestClient(create_app(Store(url), bot_delay=0)) as third:
        assert third.get(f"/api/tables/{table_id}").status_code == 200
        assert third.app.state.hub.get(table_id).table.record == record  # type: ignore[attr-defined]


def test_a_lease_is_taken_only_when_free_or_expired_and_writes_need_it(tmp_path: Path) -> None:
    from belot.web.store import Batch

    url = f"sqlite:///{tmp_path / 'belot.sqlite3'}"
    one = Store(url, owner="one", lease_seconds=0.5)
    two = Store(url, owner="two", lease_seconds=0.5)
    config = {"rules": {}, "master": "1", "seats": [], "started": False}
    assert one.write([Batch("T1", 0, [("", "a")], config)]) == set()
    lease = two.acquire("T1")
    assert lease is not None and lease.owner == "one"
    assert two.write([Batch("T1", 1, [("", "b")])]) == {"T1"}
    nobody = two.acquire("NONE")
    assert nobody is not None and nobody.owner is None
    assert one.renew() == {"T1"}
    time.sleep(0.6)
    assert two.acquire("T1") is None  # expired: taken over
    assert one.write([Batch("T1", 1, [("", "b")])]) == {"T1"}  # the old owner may not write
    assert one.renew() == set()
    stored = two.read("T1")
    assert stored is not None and stored.actions == [("", "a")]
    two.release()
    assert one.acquire("T1") is None


def test_two_belot_serve_on_one_data_folder_each_table_has_one_writer(
    tmp_path: Path, serve: type[Server]
) -> None:
    data = tmp_path / "data"
    first = serve(data, None, "--bot-delay", "0.005", "--leave-grace", "60")
    first.start()
    players = Players(first.base)
    players.create(people=1, with_bots=1)
    second = serve(data, None, "--bot-delay", "0.005", "--leave-grace", "60")
    second.start()

    async def play(seconds: float) -> None:
        players.start()
        await asyncio.sleep(seconds)
        await players.stop()

    asyncio.run(play(0.7))
    for table_id in players.tokens:
        status, answer = get(second.base, f"/api/tables/{table_id}")
        assert status == 423 and "another server owns" in answer
    first.stop()  # a clean stop gives the leases up
    for table_id in players.tokens:
        assert get(second.base, f"/api/tables/{table_id}")[0] == 200
    players.base = second.base
    asyncio.run(play(0.7))
    second.kill()
    shown, lost = players.lost(f"sqlite:///{data / 'belot.sqlite3'}")
    assert shown > 0 and lost == 0
    db = sqlite3.connect(data / "belot.sqlite3")
    for table_id, count, last in db.execute(
        "SELECT table_id, count(*), max(n) FROM belot_actions GROUP BY table_id"
    ):
        assert last == count - 1, f"table {table_id}: rows numbered with a gap"
    db.close()


def get(base: str, path: str) -> tuple[int, str]:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://{base}{path}", timeout=10) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_a_server_whose_lease_was_taken_writes_nothing_more_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "belot.sqlite3"
    with TestClient(create_app(Store(f"sqlite:///{path}"), bot_delay=0)) as client:
        answer = client.post(
            "/api/tables", json={"seats": {s: {"kind": "person"} for s in "NEW"}}
        ).json()
        table_id = answer["id"]
        tokens = {"S": answer["token"]}
        for seat in "NEW":
            tokens[seat] = client.post(f"/api/tables/{table_id}/seats/{seat}").json()["token"]
        state = client.get(f"/api/tables/{table_id}").json()
        cutter = state["view"]["turn"]
        db = sqlite3.connect(path)
        rows = db.execute("SELECT count(*) FROM belot_actions").fetchone()[0]
        # Another server took the table over (say this one was cut off for longer than its lease).
        db.execute(
            "UPDATE belot_tables SET lease_owner = 'elsewhere', lease_until = ?",
            (time.time() + 60,),
        )
        db.commit()
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[cutter]}") as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_json({"type": "act", "action": "cut:5"})
            message = ws.receive_json()
            assert message["type"] == "error" and message["fatal"], message
            assert "another server took this table over" in message["message"]
        assert db.execute("SELECT count(*) FROM belot_actions").fetchone()[0] == rows
        refused = client.get(f"/api/tables/{table_id}")
        assert refused.status_code == 423 and "another server owns" in refused.json()["error"]
        db.close()


def test_a_new_table_never_takes_over_a_stored_one_of_the_same_code(tmp_path: Path) -> None:
    import pytest

    from belot.engine.rules import Rules
    from belot.engine.table import Seat
    from belot.web.rooms import Hub, Unavailable
    from belot.web.store import Batch
    from belot.web.tables import SeatInfo

    url = f"sqlite:///{tmp_path / 'belot.sqlite3'}"
    other = Store(url, owner="other")
    assert other.write([Batch("SAMECODE", 0, [], {"kept": True})]) == set()

    async def run() -> None:
        hub = Hub(Store(url), bot_delay=0)
        hub.resume()
        hub.new_code = lambda: "SAMECODE"  # type: ignore[method-assign]
        with pytest.raises(Unavailable, match="exists already"):
            await hub.create(rules=Rules(), seats=[SeatInfo("bot") for _ in Seat])
        assert "SAMECODE" not in hub.rooms
        await hub.close()

    asyncio.run(run())
    stored = other.read("SAMECODE")
    assert stored is not None and stored.config == '{"kept": true}'


def test_an_owner_stopped_mid_transaction_keeps_no_table_past_its_lease(
    postgres: Postgres,
) -> None:
    """A process stopped in the middle of a transaction (SIGSTOP, or a machine cut off between
    two statements) keeps its rows locked while PostgreSQL keeps its session open: another
    process taking the table over when the lease expires would wait on that lock for as long
    as the owner is stopped. The database ends a transaction left idle for a lease, so the
    table is taken over soon after its lease expires."""
    from sqlalchemy import text

    from belot.web.store import Batch

    url = postgres.database()
    one = Store(url, owner="one", lease_seconds=1.0)
    two = Store(url, owner="two", lease_seconds=1.0)
    config = {"rules": {}, "master": "1", "seats": [], "started": False}
    assert one.write([Batch("T1", 0, [("", "a")], config)]) == set()
    # The owner's session is ended by the database: its connection fails when it wakes.
    with (
        ThreadPoolExecutor(max_workers=1) as other,
        contextlib.suppress(SQLAlchemyError),
        one.engine.connect() as conn,
    ):
        conn.begin()  # the owner renews its lease, and stops before the commit
        conn.execute(text("UPDATE belot_tables SET lease_until = lease_until WHERE id = 'T1'"))
        time.sleep(1.1)  # the lease has expired
        started = time.monotonic()
        taken = other.submit(two.acquire, "T1")
        assert taken.result(timeout=5) is None  # taken over, not waiting on the lock
        took = time.monotonic() - started
    assert took < 2.0, f"took {took:.2f} s"
    stored = two.read("T1")
    assert stored is not None and stored.actions == [("", "a")]
