"""Fixtures of the web tests: a throw-away PostgreSQL cluster, and ``belot serve`` in a child
process (both on free loopback ports)."""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Generator, Iterator
from itertools import count
from pathlib import Path

import pytest

#: Debian's PostgreSQL programs (initdb, pg_ctl), newest version first.
PG_BINS = sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Postgres:
    """A PostgreSQL cluster in a temporary folder, on 127.0.0.1 at a free port, that trusts
    every local connection; ``database()`` makes a new empty database and returns its URL."""

    def __init__(self, bin_dir: str) -> None:
        self.bin = Path(bin_dir)
        self.root = Path(tempfile.mkdtemp(prefix="belot-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._names = count(1)
        # initdb refuses to run as root (CI runs as root): run the cluster as `postgres` then.
        self.prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.prefix:
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "belot", "--auth=trust", "-E", "UTF8")
        self.start()

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            [*self.prefix, str(self.bin / program), *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=60,
        )

    def start(self) -> None:
        options = f"-p {self.port} -h 127.0.0.1 -k {self.root} -c fsync=off"
        self._run(
            "pg_ctl",
            "start",
            "-w",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-o",
            options,
        )

    def stop(self) -> None:
        self._run("pg_ctl", "stop", "-w", "-m", "fast", "-D", str(self.data))

    def restart(self) -> None:
        self._run("pg_ctl", "restart", "-w", "-m", "fast", "-D", str(self.data))

    def database(self) -> str:
        """A new empty database; its URL (with a password, which trust ignores, so that the
        tests see it never printed)."""
        import psycopg

        name = f"belot_{next(self._names)}"
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user="belot", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://belot:s3cret-pw@127.0.0.1:{self.port}/{name}"

    def close(self) -> None:
        try:
            self.stop()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL cluster for the session; skipped only when PostgreSQL is not installed."""
    if not PG_BINS:
        pytest.skip(
            "no PostgreSQL in /usr/lib/postgresql/*/bin (apt-get install postgresql; "
            ".ci/run installs it)"
        )
    pytest.importorskip("psycopg", reason="the postgres extra: pip install -e '.[postgres]'")
    cluster = Postgres(PG_BINS[0])
    yield cluster
    cluster.close()


class Server:
    """``belot serve`` in a child process on a free port, with its tables in ``database``
    (a URL) or in the folder ``data``."""

    def __init__(self, data: Path, database: str | None = None, *options: str) -> None:
        self.data = data
        self.database = database
        self.options = list(options)
        self.port = free_port()
        self.base = f"127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data.parent / f"server-{self.port}.log"

    def start(self) -> None:
        code = "import sys; from belot.cli import main; main(sys.argv[1:])"
        where = ["--database-url", self.database] if self.database else ["--data", str(self.data)]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    code,
                    "serve",
                    "--port",
                    str(self.port),
                    *where,
                    *self.options,
                ],
                stdout=log,
                stderr=log,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://{self.base}/", timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server stopped: {self.log.read_text()}") from None
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start in 30 s: {self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: the process ends at once, in the middle of whatever it does."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)  # reaped: its pid is gone, so its leases are free
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
            self.process = None


#: The servers a test made, whose logs its failure report shows.
_SERVERS = pytest.StashKey[list[Server]]()
#: How much of the end of each server's log a failure report shows.
LOG_TAIL = 6000


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test that ran servers shows the end of each one's log (what the servers did
    is often the only clue to a failure in the browser's or the cluster's tests)."""
    report = yield
    if report.failed:
        for server in item.stash.get(_SERVERS, []):
            text = server.log.read_text(errors="replace") if server.log.exists() else "(no log)"
            report.sections.append((f"server {server.base}", text[-LOG_TAIL:]))
    return report


@pytest.fixture
def serve(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[type[Server]]:
    """Make servers with ``serve(data, database, *options)``; each is stopped at the end."""
    made: list[Server] = []
    request.node.stash[_SERVERS] = made

    class Made(Server):
        def __init__(self, data: Path, database: str | None = None, *options: str) -> None:
            super().__init__(data, database, *options)
            made.append(self)

    yield Made
    for server in made:
        server.stop()
