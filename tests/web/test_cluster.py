"""Several ``belot serve`` processes on one PostgreSQL and one Redis, with nginx in front: the
real servers (Debian's redis-server and nginx, the PostgreSQL cluster of ``conftest``), on
loopback ports, started and stopped by the tests."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from players import missing, post, progress

from conftest import Postgres, Server, free_port

pytest.importorskip("redis", reason="the cluster extra: pip install -e '.[cluster]'")
websockets = pytest.importorskip("websockets")
from websockets.asyncio.client import connect  # noqa: E402

REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
ROOT = Path(__file__).resolve().parents[2]
#: Short leases and pings, so that a take-over happens within a few seconds.
FAST = ("--lease", "1.5", "--heartbeat", "0.2", "--bot-delay", "0.02", "--leave-grace", "30")
#: Two people (S, N) and two bots, a long match.
TABLE = {
    "seats": {"N": {"kind": "person"}, "E": {"kind": "bot"}, "W": {"kind": "bot"}},
    "hints": True,
    "rules": {"preset": "bulgarian", "options": {"target": 1001}},
}


class Redis:
    """redis-server in a temporary folder on a free loopback port, keeping nothing on disk."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="belot-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                REDIS,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.root),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_port(self.port)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


class Nginx:
    """nginx with ``deploy/nginx.conf`` in front of ``servers``, on a free loopback port."""

    def __init__(self, servers: list[Server]) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="belot-nginx-"))
        self.port = free_port()
        self.base = f"127.0.0.1:{self.port}"
        upstreams = "\n".join(
            f"        server {s.base} max_fails=1 fail_timeout=2s;" for s in servers
        )
        template = (ROOT / "deploy" / "nginx.conf").read_text()
        conf = (
            template.replace("@PREFIX@", str(self.root))
            .replace("@LISTEN@", self.base)
            .replace("@SERVERS@", upstreams)
        )
        (self.root / "nginx.conf").write_text(conf)
        self.log = self.root / "nginx.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [NGINX, "-p", str(self.root), "-c", str(self.root / "nginx.conf"), "-e", "stderr"],
                stdout=log,
                stderr=log,
            )
        try:
            _wait_port(self.port)
        except RuntimeError:
            raise RuntimeError(f"nginx did not start: {self.log.read_text()}") from None

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)
        shutil.rmtree(self.root, ignore_errors=True)


def _wait_port(port: int) -> None:
    import socket

    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.02)
    raise RuntimeError(f"nothing listens on port {port}")


@pytest.fixture(scope="module")
def redis_server() -> Iterator[Redis]:
    if not Path(REDIS).exists():
        pytest.skip("no redis-server (apt-get install redis-server; .ci/run installs it)")
    server = Redis()
    server.start()
    yield server
    server.close()


@pytest.fixture
def cluster(
    postgres: Postgres, redis_server: Redis, serve: type[Server], tmp_path: Path
) -> Iterator[list[Server]]:
    """Two ``belot serve`` processes on one new database and the module's Redis."""
    url = postgres.database()
    servers = [
        serve(tmp_path / f"data{i}", url, "--redis-url", redis_server.url, *FAST) for i in (1, 2)
    ]
    for server in servers:
        server.start()
    yield servers


#: How long a person shown "database ok" waits for the table to move on before acting again
#: on the turn it was shown (what it sent may have been lost with the server that had it).
AGAIN_AFTER = 2.0


@dataclass
class Person:
    """One seat of a table in a browser: plays a random legal card as soon as it may, and
    connects again (to ``bases`` in turn) when its connection is lost. Like the browser's
    page, it acts once on a position: a state shown again (someone came or went) is not a
    new turn."""

    table: str
    seat: str
    token: str
    bases: list[str]
    states: list[dict[str, Any]] = field(default_factory=list)
    statuses: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    hints: list[Any] = field(default_factory=list)
    connections: int = 0
    ask_hint: bool = False
    #: The positions (``position``) it acted on, and how many states showed one again.
    acted: set[str] = field(default_factory=set)
    shown_again: int = 0
    _task: asyncio.Task[None] | None = None
    _again: asyncio.Future[None] | None = None
    _news: asyncio.Event = field(default_factory=asyncio.Event)

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        assert self._task is not None
        self._task.cancel()
        if self._again is not None:
            self._again.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    @property
    def shown(self) -> tuple[int, int]:
        """How far the furthest state shown goes (deal, cut + calls + cards)."""
        return max((progress(s) for s in self.states), default=(0, 0))

    async def until(self, wanted: Any, limit: float = 20) -> None:
        deadline = asyncio.get_running_loop().time() + limit
        while not wanted(self):
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                last = self.states[-1]["view"] if self.states else None
                turn = (last["phase"], last["turn"], last["legal"][:3]) if last else None
                raise AssertionError(
                    f"seat {self.seat} never got there: {self.shown} {self.statuses[-3:]}"
                    f" {self.errors[-3:]} {len(self.hints)} hints; last shown {turn},"
                    f" {self.shown_again} shown again, {self.connections} connections"
                )
            self._news.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._news.wait(), left)

    async def _run(self) -> None:
        rng = random.Random(self.seat)
        attempt = 0
        while True:
            base = self.bases[attempt % len(self.bases)]
            attempt += 1
            url = f"ws://{base}/ws/{self.table}?token={self.token}"
            with contextlib.suppress(OSError, websockets.exceptions.WebSocketException):
                async with connect(url, open_timeout=5, close_timeout=1) as ws:
                    self.connections += 1
                    self.acted.clear()  # a new page: it is shown its turn anew
                    async for raw in ws:
                        await self._received(ws, json.loads(raw), rng)
            await asyncio.sleep(0.1)

    async def _received(self, ws: Any, message: dict[str, Any], rng: random.Random) -> None:
        kind = message["type"]
        if kind == "status":
            self.statuses.append(message)
            if message.get("database") == "ok" and self.states:
                # The table is served again, maybe elsewhere: what was sent may be lost, or
                # may only be late (a busy owner answers it soon). Like a person looking at a
                # page that does not move, it acts again on what it was shown after a while.
                self._again = asyncio.ensure_future(self._act_again(ws, self.states[-1], rng))
        elif kind == "error":
            self.errors.append(message["message"])
        elif kind == "hint":
            self.hints.append(message["hint"])
        elif kind == "state":
            self.states.append(message)
            await self._act(ws, message, rng)
        self._news.set()

    async def _act_again(self, ws: Any, state: dict[str, Any], rng: random.Random) -> None:
        await asyncio.sleep(AGAIN_AFTER)
        if _position(self.states[-1]) != _position(state):
            return  # the table moved on: what was sent arrived
        self.acted.discard(_position(state))
        with contextlib.suppress(websockets.exceptions.WebSocketException):
            await self._act(ws, state, rng)
        self._news.set()

    async def _act(self, ws: Any, state: dict[str, Any], rng: random.Random) -> None:
        legal = state["view"]["legal"] if state["view"] else []
        if not legal and not state["waiting_for_next"]:
            return
        position = _position(state)
        if position in self.acted:
            self.shown_again += 1
            return
        self.acted.add(position)
        if state["waiting_for_next"]:
            if self.seat == "S":
                await ws.send(json.dumps({"type": "next"}))
            return
        view = state["view"]
        if self.ask_hint and view["phase"] == "play" and len(view["tricks"]) > 1:
            self.ask_hint = False
            await ws.send(json.dumps({"type": "hint"}))
        await ws.send(json.dumps({"type": "act", "action": rng.choice(legal), "at": state["at"]}))


def _position(state: dict[str, Any]) -> str:
    """What a seat is shown of its deal: the same text when only who is connected changed."""
    return json.dumps([state["deal_number"], state["view"]], sort_keys=True)


def _changed(before: Any, after: Any, path: str = "") -> list[str]:
    """The paths at which two JSON values differ (a failed test says what changed)."""
    if isinstance(before, dict) and isinstance(after, dict):
        keys = sorted(set(before) | set(after))
        return [d for k in keys for d in _changed(before.get(k), after.get(k), f"{path}.{k}")]
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [
            d
            for i, (x, y) in enumerate(zip(before, after, strict=True))
            for d in _changed(x, y, f"{path}[{i}]")
        ]
    return [] if before == after else [f"{path}: {before!r} -> {after!r}"]


def _table(base: str) -> tuple[str, dict[str, str]]:
    status, answer = post(base, "/api/tables", TABLE)
    assert status == 200, answer
    return answer["id"], {"S": answer["token"]}


def _claim(base: str, table: str, seat: str) -> str:
    status, answer = post(base, f"/api/tables/{table}/seats/{seat}", {"name": "Ana"})
    assert status == 200, answer
    return str(answer["token"])


def _get(base: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://{base}{path}", timeout=10) as reply:
        answer: dict[str, Any] = json.loads(reply.read())
        return answer


def _record(postgres_url: str, table: str) -> list[tuple[str, str]]:
    from sqlalchemy import create_engine, text

    engine = create_engine(postgres_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("SELECT seat, action FROM belot_actions WHERE table_id = :id ORDER BY n"),
                {"id": table},
            ).all()
    finally:
        engine.dispose()
    return [(r[0], r[1]) for r in rows]


def _lost(person: Person, record: list[tuple[str, str]], postgres_url: str) -> int:
    """How many of the cut, calls and cards ``person`` was shown the record lacks."""
    from sqlalchemy import create_engine, text

    from belot.web.tables import Table, spectator_view

    engine = create_engine(postgres_url)
    try:
        with engine.connect() as conn:
            config = conn.execute(
                text("SELECT config FROM belot_tables WHERE id = :id"), {"id": person.table}
            ).scalar()
    finally:
        engine.dispose()
    assert config is not None  # the table's row
    state = max(person.states, key=progress)
    table = Table.from_config(person.table, json.loads(config), record)
    number = state["deal_number"]
    if len(table.deals) < number:
        return progress(state)[1]
    return missing(state["view"], spectator_view(table.deals[number - 1]))


def test_a_browser_at_another_process_plays_through_redis(cluster: list[Server]) -> None:
    """The table is A's; North's browser reaches B, which relays its actions to A and A's
    views back: both people play, North's seat is taken and its hint answered through B."""
    a, b = cluster
    table, tokens = _table(a.base)
    # Claiming a seat at B: B has A claim it (HTTP through Redis).
    tokens["N"] = _claim(b.base, table, "N")
    seats = _get(b.base, f"/api/tables/{table}")["table"]["seats"]
    assert {s["seat"]: s["name"] for s in seats}["N"] == "Ana"

    async def play() -> None:
        south = Person(table, "S", tokens["S"], [a.base])
        north = Person(table, "N", tokens["N"], [b.base], ask_hint=True)
        watcher = Person(table, "-", "", [b.base])  # a spectator at B
        south.start()
        north.start()
        watcher.start()
        try:
            await north.until(lambda p: p.shown >= (1, 12) and p.hints)
            await south.until(lambda p: p.shown >= north.shown)
            await watcher.until(lambda p: p.shown >= (1, 12))
        finally:
            await south.stop()
            await north.stop()
            await watcher.stop()
        assert all(
            s["you"] is None and s["view"]["hand"] == [] for s in watcher.states if s["view"]
        )
        assert north.states[0]["you"] == "N" and north.states[-1]["view"]["seat"] == "N"
        assert not north.errors, north.errors
        # Each saw its own hand only.
        assert north.states[-1]["view"]["hand"] != south.states[-1]["view"]["hand"]

    asyncio.run(play())
    # The page and the record are served at B too.
    with urllib.request.urlopen(f"http://{b.base}/t/{table}", timeout=10) as reply:
        assert reply.status == 200
    assert _get(b.base, f"/api/tables/{table}/record")["id"] == table


def test_a_wrong_token_at_another_process_is_refused(cluster: list[Server]) -> None:
    a, b = cluster
    table, _ = _table(a.base)

    async def knock() -> dict[str, Any]:
        async with connect(f"ws://{b.base}/ws/{table}?token=nope", open_timeout=5) as ws:
            return dict(json.loads(await ws.recv()))

    answer = asyncio.run(knock())
    assert answer["fatal"] and "wrong seat token" in answer["message"]


def test_the_owner_killed_mid_trick_another_process_takes_over(
    cluster: list[Server], postgres: Postgres
) -> None:
    """kill -9 of the table's process in the middle of a trick: B takes the table over once
    the lease is free, both browsers carry on there, and the record holds every action either
    was shown."""
    a, b = cluster
    table, tokens = _table(a.base)
    tokens["N"] = _claim(a.base, table, "N")
    url = a.database
    assert url is not None

    async def play() -> None:
        south = Person(table, "S", tokens["S"], [a.base, b.base])
        north = Person(table, "N", tokens["N"], [b.base])
        south.start()
        north.start()
        try:

            def mid_trick(p: Person) -> bool:
                view = p.states[-1]["view"] if p.states else None
                return bool(
                    view
                    and view["phase"] == "play"
                    and len(view["tricks"]) > 1
                    and 0 < len(view["tricks"][-1]["plays"]) < 4
                )

            await north.until(mid_trick)
            a.kill()
            killed = time.monotonic()
            before = max(south.shown, north.shown)
            seen_before = max(len(south.states), len(north.states))
            await north.until(lambda p: p.shown > before and len(p.states) > seen_before)
            await south.until(lambda p: p.shown > before and p.connections >= 2)
            took = time.monotonic() - killed
            print(f"failover: the table carried on {took:.2f} s after kill -9")
            assert took < 10
        finally:
            await south.stop()
            await north.stop()
        record = _record(url, table)
        assert _lost(south, record, url) == 0
        assert _lost(north, record, url) == 0

    asyncio.run(play())
    assert _get(b.base, f"/api/tables/{table}")["table"]["id"] == table


def test_through_nginx_two_people_on_two_processes(
    cluster: list[Server], postgres: Postgres
) -> None:
    """nginx in front of both: the people's connections go round-robin to the two processes
    and the table plays; with one process killed, nginx sends everyone to the other."""
    if not Path(NGINX).exists():
        pytest.skip("no nginx (apt-get install nginx; .ci/run installs it)")
    proxy = Nginx(cluster)
    try:
        table, tokens = _table(proxy.base)
        tokens["N"] = _claim(proxy.base, table, "N")

        async def play() -> None:
            south = Person(table, "S", tokens["S"], [proxy.base])
            north = Person(table, "N", tokens["N"], [proxy.base])
            south.start()
            north.start()
            try:
                await north.until(lambda p: p.shown >= (1, 10))
                owner = _owner(cluster, table)
                owner.kill()
                before = max(south.shown, north.shown)
                await north.until(lambda p: p.shown > before)
                await south.until(lambda p: p.shown > before)
            finally:
                await south.stop()
                await north.stop()
            assert not [e for e in south.errors + north.errors if "reload" in e]

        asyncio.run(play())
    finally:
        proxy.close()


def _owner(servers: list[Server], table: str) -> Server:
    """The server whose process holds ``table``'s lease."""
    from sqlalchemy import create_engine, text

    url = servers[0].database
    assert url is not None
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            owner = conn.execute(
                text("SELECT lease_owner FROM belot_tables WHERE id = :id"), {"id": table}
            ).scalar()
    finally:
        engine.dispose()
    pid = int(str(owner).split(":")[1])
    return next(s for s in servers if s.process is not None and s.process.pid == pid)


def test_a_process_that_lost_redis_recovers(cluster: list[Server], redis_server: Redis) -> None:
    """Redis stopped for a while and started again: the relayed browser is told the table
    reconnects, then plays on through the owner."""
    a, b = cluster
    table, tokens = _table(a.base)
    tokens["N"] = _claim(a.base, table, "N")

    async def play() -> None:
        south = Person(table, "S", tokens["S"], [a.base])
        north = Person(table, "N", tokens["N"], [b.base])
        south.start()
        north.start()
        try:
            await north.until(lambda p: p.shown >= (1, 6))
            redis_server.stop()
            await north.until(
                lambda p: any(s.get("database") == "reconnecting" for s in p.statuses)
            )
            await asyncio.sleep(1.0)
            redis_server.start()
            before = north.shown
            await north.until(lambda p: p.shown > before)
        finally:
            await south.stop()
            await north.stop()
        assert not north.errors, north.errors

    asyncio.run(play())


def test_a_stopped_owner_loses_its_table_when_the_lease_expires(cluster: list[Server]) -> None:
    """The owner frozen (SIGSTOP: it still holds its Redis connection and its pid runs, as a
    stuck or cut-off machine would): the relayed browser gets no answers, and once the lease
    expires its process takes the table over. Woken again, the old owner serves it no more."""
    a, b = cluster
    table, tokens = _table(a.base)
    tokens["N"] = _claim(a.base, table, "N")
    assert a.process is not None

    async def play() -> None:
        north = Person(table, "N", tokens["N"], [b.base])
        south = Person(table, "S", tokens["S"], [b.base])
        north.start()
        south.start()  # at B too: every seat of ours goes through the relay
        await north.until(lambda p: p.shown >= (1, 4))
        assert a.process is not None
        a.process.send_signal(signal.SIGSTOP)
        stopped = time.monotonic()
        try:
            before = max(north.shown, south.shown)
            await north.until(lambda p: p.shown > before)
            took = time.monotonic() - stopped
            print(f"failover from a stopped owner: {took:.2f} s (lease 1.5 s)")
        finally:
            a.process.send_signal(signal.SIGCONT)
            await north.stop()
            await south.stop()
        assert any(s.get("database") == "reconnecting" for s in north.statuses)

    asyncio.run(play())
    lease_owner = _owner(cluster, table)
    assert lease_owner is b


def test_an_owner_held_up_for_a_moment_keeps_its_browsers_as_they_were(
    postgres: Postgres, redis_server: Redis, serve: type[Server], tmp_path: Path
) -> None:
    """The owner does not run for 1.5 s (SIGSTOP, as a busy machine may hold a process up),
    well within its lease: the relayed browser takes it for gone and joins it again, and the
    owner, woken, keeps that browser as it was. North's seat is not left and taken again, so
    no one is shown a turn a second time; its action sent meanwhile is played, not lost."""
    url = postgres.database()
    quick = ("--lease", "6", "--heartbeat", "0.2", "--bot-delay", "0.02", "--leave-grace", "30")
    a, b = (
        serve(tmp_path / f"data{i}", url, "--redis-url", redis_server.url, *quick) for i in (1, 2)
    )
    a.start()
    b.start()
    table, tokens = _table(a.base)
    tokens["N"] = _claim(a.base, table, "N")
    assert a.process is not None

    seen: dict[str, int] = {}
    upto: dict[str, int] = {}

    async def play() -> None:
        north = Person(table, "N", tokens["N"], [b.base])
        south = Person(table, "S", tokens["S"], [a.base])
        north.start()
        south.start()
        try:
            await north.until(lambda p: p.shown >= (1, 6))
            assert a.process is not None
            seen.update(N=len(north.states), S=len(south.states))
            a.process.send_signal(signal.SIGSTOP)
            await asyncio.sleep(1.5)
            a.process.send_signal(signal.SIGCONT)
            before = max(north.shown, south.shown)
            await north.until(lambda p: p.shown >= (before[0], before[1] + 8))
            # What each was shown up to here: North's leave, when the test ends, is shown to
            # South if South is still connected then.
            upto.update(N=len(north.states), S=len(south.states))
        finally:
            assert a.process is not None
            a.process.send_signal(signal.SIGCONT)
            await north.stop()
            await south.stop()
        assert not north.errors and not south.errors, (north.errors, south.errors)
        assert north.shown_again == 0 and south.shown_again == 0
        for person in (north, south):  # no state shown twice: the seats never came and went
            states = person.states[seen[person.seat] - 1 : upto[person.seat]]
            # The same state shown again has the same position ("at") too: a seat that declares
            # nothing with its first card changes no other seat's view, and the state after it,
            # at the next position, is a new one (this failed about one run in two, the engine
            # of 979fd62 as the present one, when such a declaration fell in this stretch).
            shown = [(state["at"], _position(state)) for state in states]
            again = [i for i, (x, y) in enumerate(itertools.pairwise(shown)) if x == y]
            changed = [_changed(states[i], states[i + 1]) for i in again]  # what came again
            assert not again, (person.seat, again, len(shown), changed)
        assert north.connections == 1 and south.connections == 1
        record = _record(url, table)
        assert _lost(north, record, url) == 0 and _lost(south, record, url) == 0

    asyncio.run(play())
    assert _owner([a, b], table) is a


def test_deploy_start_sh_starts_and_stops_the_site(tmp_path: Path) -> None:
    """deploy/start.sh: PostgreSQL, Redis, two processes and nginx on loopback; a table made and
    read through nginx; then everything stopped."""
    import glob
    import sys

    if not Path(NGINX).exists() or not Path(REDIS).exists():
        pytest.skip("deploy/start.sh needs nginx and redis-server (.ci/run installs them)")
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        pytest.skip("deploy/start.sh needs PostgreSQL (apt-get install postgresql)")
    program = tmp_path / "belot"
    program.write_text(
        f'#!/bin/sh\nexec {sys.executable} -c "import sys; from belot.cli import main; '
        f'main(sys.argv[1:])" "$@"\n'
    )
    program.chmod(0o755)
    folder = Path(tempfile.mkdtemp(prefix="belot-deploy-"))  # PostgreSQL's user must reach it
    first = free_port()
    env = {
        **os.environ,
        "BELOT": str(program),
        "BELOT_DEPLOY": str(folder),
        "BELOT_PORT": str(free_port()),
        "BELOT_FIRST_PORT": str(first),
        "BELOT_PG_PORT": str(free_port()),
        "BELOT_REDIS_PORT": str(free_port()),
    }
    script = str(ROOT / "deploy" / "start.sh")
    try:
        started = subprocess.run(
            [script, "start", "2"], env=env, capture_output=True, text=True, timeout=120
        )
        logs = "".join(f"{log.name}: {log.read_text()[-600:]}\n" for log in folder.glob("*.log"))
        assert started.returncode == 0, started.stderr + started.stdout + logs
        base = f"127.0.0.1:{env['BELOT_PORT']}"
        table, _ = _table(base)
        assert _get(base, f"/api/tables/{table}")["table"]["id"] == table
        status = subprocess.run([script, "status"], env=env, capture_output=True, text=True)
        assert status.stdout.count(": runs") == 5, status.stdout  # 2 servers, nginx, redis, pg
    finally:
        subprocess.run([script, "stop"], env=env, capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)
    with pytest.raises(OSError):
        _get(base, "/")
