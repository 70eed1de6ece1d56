"""Fault script of the web game: ``belot serve`` in child processes, hurt while people play.

Each scenario is one function that starts servers on free ports, plays at a few tables as
browsers would (``tests/web/players.py``: people who play a random legal action as soon as they
are shown their turn, beside bots with a small delay), does its harm, and then compares every
action any client was shown with the record in the database. It prints how many were shown and
how many were lost (expected: 0).

    .venv/bin/python benchmarks/faults.py             # every scenario
    .venv/bin/python benchmarks/faults.py kill_sqlite sqlite_locked

Scenarios: kill_sqlite, kill_postgres (SIGKILL mid-cut, mid-auction and mid-trick, again and
again), sqlite_locked (another process holds SQLite's write lock for 7 s), postgres_restart
(the PostgreSQL server stops for 2 s mid-play), silent_spectator (four spectators that never
read watch a busy table: its player's views must stay prompt), big_post (a 100 MB POST: refused
at once, the server's memory not grown by it). The PostgreSQL ones need Debian's PostgreSQL
(``/usr/lib/postgresql/*/bin``) and the ``postgres`` extra; they are skipped without.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))

if TYPE_CHECKING:
    # mypy finds tests/web/ as the package `web` (its path has tests/, where `conftest` is the
    # other conftest.py); at run time tests/web/ is on sys.path, as above.
    from web.conftest import PG_BINS, Postgres, Server
    from web.players import Players
else:
    from players import Players

    from conftest import PG_BINS, Postgres, Server

OPTIONS = ("--bot-delay", "0.005", "--leave-grace", "60")
PHASES = ("cut", "auction", "play")


def report(name: str, shown: int, lost: int, note: str = "") -> None:
    print(f"{name:<46} shown {shown:>5}   lost {lost}{'   ' + note if note else ''}", flush=True)


@contextmanager
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="belot-faults-") as name:
        yield Path(name)


@contextmanager
def postgres() -> Iterator[Postgres | None]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        yield None
        return
    if not PG_BINS:
        yield None
        return
    cluster = Postgres(PG_BINS[0])
    try:
        yield cluster
    finally:
        cluster.close()


async def _kills(server: Server, url: str, kills: int) -> tuple[int, int]:
    players = Players(server.base)
    players.create(people=2, with_bots=4)
    shown_all = lost_all = 0
    for number in range(kills):
        phase = PHASES[number % 3]
        players.start()
        await players.shown(lambda seen: True)
        await asyncio.sleep(0.1)
        await players.shown(lambda seen, phase=phase: seen.phase == phase)
        server.kill()
        await players.ended()
        shown, lost = players.lost(url)
        shown_all += shown
        lost_all += lost
        server.start()
    server.stop()
    return shown_all, lost_all


def kill_sqlite(kills: int = 10) -> None:
    with folder() as root:
        server = Server(root / "data", None, *OPTIONS)
        server.start()
        url = f"sqlite:///{root / 'data' / 'belot.sqlite3'}"
        shown, lost = asyncio.run(_kills(server, url, kills))
    report(f"kill -9 x{kills} mid-cut/auction/trick (SQLite)", shown, lost)


def kill_postgres(kills: int = 10) -> None:
    with postgres() as cluster, folder() as root:
        if cluster is None:
            print("kill -9 (PostgreSQL): skipped, no PostgreSQL or psycopg here")
            return
        url = cluster.database()
        server = Server(root / "data", url, *OPTIONS)
        server.start()
        shown, lost = asyncio.run(_kills(server, url, kills))
    report(f"kill -9 x{kills} mid-cut/auction/trick (PostgreSQL)", shown, lost)


async def _outage(server: Server, url: str, harm: Callable[[], None]) -> tuple[int, int, str]:
    """Play, do ``harm`` (blocking) meanwhile, play 2 s more, SIGKILL; returns what was shown
    and lost, and a note of what the players were told and whether the tables went on."""
    players = Players(server.base)
    players.create(people=2, with_bots=4)
    players.start()
    await players.shown(lambda seen: True)
    await asyncio.sleep(0.5)
    started = time.monotonic()
    await asyncio.to_thread(harm)
    before = {t: s.state for t, s in players.seen.items()}
    await asyncio.sleep(2)
    moved = sum(s.state is not before[t] for t, s in players.seen.items())
    server.kill()
    await players.ended()
    shown, lost = players.lost(url)
    told = sum(
        any(m["database"] == "reconnecting" for m in said) for said in players.statuses.values()
    )
    note = (
        f"{told} of {len(players.tokens)} tables said 'reconnecting', {moved} went on after "
        f"the {time.monotonic() - started - 2:.1f} s outage"
    )
    return shown, lost, note


LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


def sqlite_locked(seconds: float = 7) -> None:
    with folder() as root:
        server = Server(root / "data", None, *OPTIONS)
        server.start()
        path = root / "data" / "belot.sqlite3"

        def lock() -> None:
            locker = subprocess.Popen(
                [sys.executable, "-c", LOCKER, str(path), str(seconds)],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert locker.stdout is not None
            locker.stdout.readline()
            locker.wait()

        shown, lost, note = asyncio.run(_outage(server, f"sqlite:///{path}", lock))
        server.stop()
    report(f"SQLite write lock held elsewhere for {seconds:g} s", shown, lost, note)


def postgres_restart(down: float = 2) -> None:
    with postgres() as cluster, folder() as root:
        if cluster is None:
            print("PostgreSQL restart: skipped, no PostgreSQL or psycopg here")
            return
        url = cluster.database()
        server = Server(root / "data", url, *OPTIONS)
        server.start()

        def restart() -> None:
            cluster.stop()
            time.sleep(down)
            cluster.start()

        shown, lost, note = asyncio.run(_outage(server, url, restart))
        server.stop()
    report(f"PostgreSQL stopped {down:g} s mid-play, started again", shown, lost, note)


def _rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _post(base: str, path: str, body: bytes) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://{base}{path}", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        answer: dict[str, Any] = json.loads(reply.read())
    return answer


async def _play(base: str, seconds: float, watchers: int) -> tuple[list[float], int]:
    """South plays its first legal action at once at tables of basic bots, each watched by
    ``watchers`` spectators that never read, a new table when a match ends; the seconds from
    each action to its view, and how many bytes of views South got."""
    from websockets.asyncio.client import connect

    delays: list[float] = []
    received = 0
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        table_id, token = _new_table(base)
        silent = [_silent(base, table_id) for _ in range(watchers)]
        sent: float | None = None
        async with connect(f"ws://{base}/ws/{table_id}?token={token}", max_size=2**22) as ws:
            while time.perf_counter() < until:
                try:
                    raw = await asyncio.wait_for(ws.recv(), 10)
                except TimeoutError:  # the table stopped: its last action never shown
                    delays.append(float("inf"))
                    return delays, received
                received += len(raw)
                message = json.loads(raw)
                if message["type"] != "state":
                    continue
                if sent is not None:
                    delays.append(time.perf_counter() - sent)
                    sent = None
                if message["table"]["over"]:
                    break
                legal = message["view"]["legal"] if message["view"] else []
                if message["waiting_for_next"] or legal:
                    sent = time.perf_counter()
                    action = (
                        {"type": "next"}
                        if message["waiting_for_next"]
                        else {"type": "act", "action": legal[0]}
                    )
                    await ws.send(json.dumps(action))
        for spectator in silent:
            spectator.close()
    return delays, received


def _new_table(base: str) -> tuple[str, str]:
    basic = {"kind": "bot", "level": "basic"}
    body = json.dumps({"seats": {seat: basic for seat in "NEW"}}).encode()
    answer = _post(base, "/api/tables", body)
    return answer["id"], answer["token"]


def _silent(base: str, table_id: str) -> socket.socket:
    """A spectator that opens the table's WebSocket and never reads a byte."""
    host, port = base.split(":")
    silent = socket.socket()
    silent.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    silent.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16))
    silent.sendall(
        b"GET /ws/%s HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (table_id.encode(), key)
    )
    return silent


def silent_spectator(seconds: float = 20, watchers: int = 4) -> None:
    """Spectators that never read sit at a busy table; its player's views must stay prompt."""
    with folder() as data:
        server = Server(data / "data", None, "--bot-delay", "0")
        server.start()
        try:
            delays, received = asyncio.run(_play(server.base, seconds, watchers))
        finally:
            server.stop()
    delays.sort()
    late = sum(1 for d in delays if d > 1.0)
    p50, worst = delays[len(delays) // 2], delays[-1]  # worst: inf when the table stopped
    note = f"action to view: median {p50 * 1000:.1f} ms, worst {worst * 1000:.0f} ms; "
    note += f"{received / 2**20:.1f} MB of views in all, none read by the silent ones"
    name = f"{watchers} silent spectators a table, {seconds:g} s (late > 1 s)"
    report(name, len(delays), late, note)


def big_post(megabytes: int = 100) -> None:
    """A 100 MB POST: refused at once, and the server's memory does not grow by its size."""
    with folder() as data:
        server = Server(data / "data", None, *OPTIONS)
        server.start()
        try:
            assert server.process is not None
            before = _rss(server.process.pid)
            host, port = server.base.split(":")
            sent = [0]
            with socket.create_connection((host, int(port))) as conn:

                def upload() -> None:
                    """Send the whole body, as fast as the server takes it."""
                    chunk = b"[" * 2**20
                    with contextlib.suppress(OSError):  # the server answered and closed
                        conn.sendall(
                            b"POST /api/tables HTTP/1.1\r\nHost: x\r\n"
                            b"Content-Type: application/json\r\n"
                            b"Content-Length: %d\r\n\r\n" % (megabytes * 2**20)
                        )
                        for _ in range(megabytes):
                            conn.sendall(chunk)
                            sent[0] += 1

                started = time.perf_counter()
                uploader = threading.Thread(target=upload, daemon=True)
                uploader.start()
                conn.settimeout(120)
                answer = b""
                with contextlib.suppress(OSError):
                    answer = conn.recv(4096)
                took = time.perf_counter() - started
                peak = _rss(server.process.pid)
                with contextlib.suppress(OSError):  # already closed by the server
                    conn.shutdown(socket.SHUT_RDWR)
                uploader.join(10)
            growth = peak - before
        finally:
            server.stop()
    refused = answer.startswith(b"HTTP/1.1 413")
    note = f"answered {answer[:12].decode(errors='replace')!r} in {took:.3f} s, "
    note += f"{sent[0]} MB sent, server memory {growth / 2**20:+.1f} MB"
    report(f"a {megabytes} MB POST (lost: not refused)", 1, 0 if refused else 1, note)


SCENARIOS: dict[str, Callable[[], None]] = {
    "kill_sqlite": kill_sqlite,
    "kill_postgres": kill_postgres,
    "sqlite_locked": sqlite_locked,
    "postgres_restart": postgres_restart,
    "silent_spectator": silent_spectator,
    "big_post": big_post,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", help=f"some of: {', '.join(SCENARIOS)}")
    args = parser.parse_args()
    unknown = [name for name in args.scenarios if name not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenario {unknown[0]!r} (known: {', '.join(SCENARIOS)})")
    for name in args.scenarios or SCENARIOS:
        SCENARIOS[name]()


if __name__ == "__main__":
    main()
