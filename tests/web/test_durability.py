"""Acknowledged means durable: a real ``belot serve`` killed with SIGKILL at any moment keeps
every action any browser was shown, and a database that fails for a while (SQLite locked by
another process, PostgreSQL restarted) loses nothing: the tables wait, say so, and go on."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from players import Players, Seen
from websockets.sync.client import connect

from conftest import Postgres, Server

#: Where each kill lands: mid-cut, mid-auction and mid-trick, twice.
KILLS = ["cut", "auction", "play", "cut", "auction", "play"]
OPTIONS = ("--bot-delay", "0.005", "--leave-grace", "60")


def mid(phase: str) -> object:
    """A table shown in ``phase`` (mid-trick: a trick begun, not complete)."""

    def wanted(seen: Seen) -> bool:
        if seen.phase != phase:
            return False
        tricks = seen.state["view"]["tricks"] if seen.state else []
        return phase != "play" or bool(tricks and 0 < len(tricks[-1]["plays"]) < 4)

    return wanted


def sqlite_url(data: Path) -> str:
    return f"sqlite:///{data / 'belot.sqlite3'}"


async def kill_loop(server: Server, url: str, kills: list[str]) -> None:
    players = Players(server.base)
    players.create(people=2, with_bots=2)
    total = 0
    for phase in kills:
        players.start()
        await players.shown(lambda seen: True)
        await asyncio.sleep(0.1)
        await players.shown(mid(phase))
        server.kill()
        await players.ended()
        shown, lost = players.lost(url)
        assert lost == 0, f"killed mid-{phase}: {lost} of {shown} actions shown are not stored"
        total += shown
        server.start()
    assert total > 0


@pytest.mark.timeout(120)
def test_kill_9_mid_cut_auction_and_trick_loses_nothing_shown_sqlite(
    tmp_path: Path, serve: type[Server]
) -> None:
    data = tmp_path / "data"
    server = serve(data, None, *OPTIONS)
    server.start()
    asyncio.run(kill_loop(server, sqlite_url(data), KILLS))


@pytest.mark.timeout(120)
def test_kill_9_mid_cut_auction_and_trick_loses_nothing_shown_postgres(
    tmp_path: Path, serve: type[Server], postgres: Postgres
) -> None:
    url = postgres.database()
    server = serve(tmp_path / "data", url, *OPTIONS)
    server.start()
    asyncio.run(kill_loop(server, url, KILLS))


async def play_through(
    server: Server, url: str, outage: object, seconds: float, players: Players
) -> None:
    """Play, run ``outage()`` (blocking, on a thread) while the tables play on, then play a
    little more; checks that the tables went on and nothing shown was lost after a SIGKILL."""
    players.create(people=1, with_bots=2)
    players.start()
    await players.shown(lambda seen: True)
    await asyncio.sleep(0.3)
    await asyncio.to_thread(outage)  # type: ignore[arg-type]
    before = {t: s.state for t, s in players.seen.items()}
    await asyncio.sleep(seconds)
    moved = [t for t, s in players.seen.items() if s.state is not before[t]]
    assert moved, "no table went on once the database was back"
    server.kill()
    await players.ended()
    shown, lost = players.lost(url)
    assert shown > 0 and lost == 0, f"{lost} of {shown} actions shown are not stored"
    server.start()
    for table_id in players.tokens:
        status, answer = get(server.base, f"/api/tables/{table_id}")
        assert status == 200, answer


def get(base: str, path: str) -> tuple[int, str]:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://{base}{path}", timeout=10) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


@pytest.mark.timeout(120)
def test_sqlite_locked_by_another_process_for_7_s_loses_nothing(
    tmp_path: Path, serve: type[Server]
) -> None:
    data = tmp_path / "data"
    server = serve(data, None, *OPTIONS)
    server.start()
    path = str(data / "belot.sqlite3")

    def lock() -> None:
        locker = subprocess.Popen(
            [sys.executable, "-c", LOCKER, path, "7"], stdout=subprocess.PIPE, text=True
        )
        assert locker.stdout is not None and locker.stdout.readline() == "locked\n"
        time.sleep(2.5)
        # A table waiting for the database says so, and refuses a move naming the reason.
        table_id = next(t for t, tokens in players.tokens.items() if len(tokens) == 4)
        url = f"ws://{server.base}/ws/{table_id}?token={players.tokens[table_id]['S']}"
        with connect(url) as ws:
            said = json.loads(ws.recv(timeout=2))
            assert said["type"] == "status" and said["database"] == "reconnecting", said
            ws.send(json.dumps({"type": "act", "action": "pass"}))
            answer = json.loads(ws.recv(timeout=2))
            assert answer["type"] == "error" and "reconnecting to the database" in answer["message"]
        assert locker.wait(10) == 0

    players = Players(server.base)
    asyncio.run(play_through(server, sqlite_url(data), lock, 1.5, players))
    said = [m for messages in players.statuses.values() for m in messages]
    assert any(m["database"] == "reconnecting" for m in said), said
    assert any(m["database"] == "ok" for m in said), said
    assert_numbered_without_gaps(path)


def assert_numbered_without_gaps(path: str) -> None:
    db = sqlite3.connect(path)
    rows = db.execute("SELECT table_id, count(*), max(n) FROM belot_actions GROUP BY table_id")
    for table_id, count, last in rows:
        assert last == count - 1, f"table {table_id}: rows numbered with a gap"
    db.close()


@pytest.mark.timeout(120)
def test_a_postgresql_restart_mid_play_loses_nothing(
    tmp_path: Path, serve: type[Server], postgres: Postgres
) -> None:
    url = postgres.database()
    server = serve(tmp_path / "data", url, *OPTIONS)
    server.start()

    def restart() -> None:
        postgres.stop()
        time.sleep(2)  # down long enough that every table tries to write meanwhile
        postgres.start()

    players = Players(server.base)
    asyncio.run(play_through(server, url, restart, 2.0, players))
    said = [m for messages in players.statuses.values() for m in messages]
    assert any(m["database"] == "reconnecting" for m in said), said
    assert "s3cret-pw" not in server.log.read_text()


def test_a_table_whose_rows_the_database_refuses_holds_up_no_other(tmp_path: Path) -> None:
    from sqlalchemy.exc import DataError

    from belot.engine.rules import Rules
    from belot.engine.table import Seat
    from belot.web.rooms import Hub
    from belot.web.store import Batch, Store
    from belot.web.tables import SeatInfo

    async def run() -> None:
        store = Store(sqlite_url(tmp_path))
        hub = Hub(store, bot_delay=0.001)
        hub.resume()
        bots = [SeatInfo("bot") for _ in Seat]
        bad, _ = await hub.create(rules=Rules(target=1), seats=bots, creator=None)
        write = store.write

        def refuse(batches: list[Batch], careful: bool = False) -> set[str]:
            if any(b.table_id == bad.table.id and b.actions for b in batches):
                raise DataError("INSERT", {}, ValueError("value too long"))
            return write(batches, careful)

        store.write = refuse  # type: ignore[method-assign]
        good, _ = await hub.create(rules=Rules(target=1), seats=bots, creator=None)
        for _ in range(400):
            if good.table.is_over and good.stored:  # its last action committed too
                break
            await asyncio.sleep(0.01)
        assert good.table.is_over and good.stored, "the other table was held up"
        assert bad.held is not None and bad.saved == 0 and len(bad.table.record) == 1
        stored = store.read(good.table.id)
        assert stored is not None and len(stored.actions) == len(good.table.record)
        store.write = write  # type: ignore[method-assign]
        for _ in range(400):
            if bad.table.is_over:
                break
            await asyncio.sleep(0.01)
        assert bad.held is None and bad.table.is_over
        await hub.close()

    asyncio.run(run())
