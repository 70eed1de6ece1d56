"""`belot duel --ray` and `belot tournament --ray` on a real Ray cluster on loopback: a head and
one worker node started here with `ray start --block`, each in its own process group, which is
stopped at the end (only the processes started here, not every Ray on the machine). The figures
must be the local run's for the same seed; a cluster that is not there is a one-line error."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="Ray is not installed (the `ray` extra: pip install 'belot[ray]')",
)

BIN = Path(sys.executable).parent
ENV = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
#: What differs between two runs of the same duel: the clock, and where it ran.
NOT_FIGURES = ("seconds", "workers", "backend")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_node(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    """``ray start ARGS --block`` in a new process group, once it says the node runs."""
    with log.open("wb") as out:
        node = subprocess.Popen(
            [str(BIN / "ray"), "start", *args, "--block"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=ENV,
            start_new_session=True,
        )
    # A node that fails ends the wait at once; the deadline is only a hang guard (a command that
    # imports Ray took 10-13 s at load 12 here, and a node starts a GCS, a raylet and workers).
    deadline = time.monotonic() + 180
    while b"Ray runtime started" not in log.read_bytes():
        if node.poll() is not None or time.monotonic() > deadline:
            stop_node(node)
            pytest.fail(f"ray start {' '.join(args)} failed:\n{log.read_text()[-2000:]}")
        time.sleep(0.2)
    return node


def stop_node(*nodes: subprocess.Popen[bytes]) -> None:
    """Kill each node's whole process group (its raylet, GCS, workers: all started from it)."""
    for node in nodes:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(node.pid, signal.SIGKILL)
        node.wait()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a two-node Ray cluster on loopback (one CPU on each node)."""
    folder = Path(tempfile.mkdtemp(prefix="belot-ray-"))  # short: Ray's sockets live here
    port = free_port()
    address = f"127.0.0.1:{port}"
    nodes = []
    try:
        common = ["--node-ip-address=127.0.0.1", "--num-cpus=1", "--disable-usage-stats"]
        head = [f"--port={port}", "--include-dashboard=false", f"--temp-dir={folder}"]
        nodes.append(start_node(["--head", *head, *common], folder / "head.log"))
        nodes.append(start_node([f"--address={address}", *common], folder / "worker.log"))
        yield address
    finally:
        stop_node(*nodes)
        shutil.rmtree(folder, ignore_errors=True)


def belot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "belot"), *args], capture_output=True, text=True, env=ENV, timeout=120
    )


def figures(duel: dict[str, Any]) -> dict[str, Any]:
    """A duel's JSON without what may differ between two runs (time, where it ran)."""
    out = {key: value for key, value in duel.items() if key not in NOT_FIGURES}
    for side in ("a", "b"):
        out[side] = {k: v for k, v in duel[side].items() if k != "think_cpu_ms"}
    return out


def run_json(*args: str) -> Any:
    done = belot(*args, "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_duel_on_ray_gives_the_local_figures(cluster: str) -> None:
    args = ("duel", "basic", "random", "--deals", "40", "--matches", "2", "--seed", "7")
    on_ray = run_json(*args, "--ray", cluster)
    local = run_json(*args, "--workers", "1")
    assert on_ray["backend"] == f"ray {cluster}" and local["backend"] == "this process"
    assert on_ray["workers"] == 2  # the cluster's CPUs: it joined both nodes
    assert on_ray["pairs"] == 40 and on_ray["matches"] == 2
    assert figures(on_ray) == figures(local)
    assert on_ray["a"]["think_cpu_ms"]["decisions"] == local["a"]["think_cpu_ms"]["decisions"]


def test_tournament_on_ray_gives_the_local_table(cluster: str) -> None:
    args = ("tournament", "random", "basic", "--game", "french", "--deals", "16", "--seed", "4")
    on_ray = run_json(*args, "--matches", "1", "--ray", cluster)
    local = run_json(*args, "--matches", "1", "--workers", "2")
    assert on_ray["elo"] == local["elo"]
    assert [figures(d) for d in on_ray["duels"]] == [figures(d) for d in local["duels"]]
    assert on_ray["duels"][0]["game"] == "french"
    assert {d["backend"] for d in on_ray["duels"]} == {f"ray {cluster}"}


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("closed", "no Ray cluster at 127.0.0.1:"),
        ("nowhere", "--ray takes the Ray head's HOST:PORT"),
        ("127.0.0.1:99999", "--ray takes the Ray head's HOST:PORT"),
    ],
)
def test_a_bad_address_is_one_line(address: str, says: str) -> None:
    if address == "closed":
        address = f"127.0.0.1:{free_port()}"  # nothing listens there any more
    for command in (["duel", "basic", "random"], ["tournament", "basic", "random"]):
        done = belot(*command, "--deals", "2", "--quiet", "--ray", address)
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr.startswith(f"belot: {says}") and done.stderr.count("\n") == 1
    # Refused at once, not after Ray's retries (minutes): the refusal alone is timed, Ray
    # imported first (the commands' start-up and Ray's import took 20-27 s for two at load 12).
    timed = subprocess.run(
        [sys.executable, "-c", REFUSAL_SECONDS, address],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
    )
    seconds, refused = timed.stdout.split()
    assert refused == "BelotError", timed.stderr
    assert float(seconds) < 30


#: How long ``ray_connect`` (what ``--ray`` asks first) takes to refuse ``sys.argv[1]``.
REFUSAL_SECONDS = """
import sys, time
from belot.bots import arena
arena.ray_module()
started = time.monotonic()
try:
    arena.ray_connect(sys.argv[1])
except Exception as error:
    print(time.monotonic() - started, type(error).__name__)
"""


def test_ray_is_imported_only_for_ray() -> None:
    code = (
        "import sys\n"
        "from belot.cli import main\n"
        "for args in (['duel', '--help'], ['duel', 'basic', 'random', '--deals', '1', "
        "'--matches', '0', '--workers', '1', '--quiet']):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


#: Run as a driver (argv: the cluster, a closed port): a chunk whose bot B no worker knows, a
#: driver of another belot version, a duel on another address, then on the cluster again.
FAILING = """
import sys
import ray
from belot.bots import arena
from belot.engine.errors import BelotError
from belot.engine.rules import Rules

version = arena._belot_version
side, rules = arena._Side("basic", 2, None), Rules.bulgarian().to_dict()
task = arena._Task("deals", side, arena._Side("nobody", 3, None), rules, 1, 0, 2)
for tasks in ([task], [arena._Task("deals", side, side, rules, 1, 0, 1)]):
    try:
        list(arena._ray_run(tasks, sys.argv[1]))
    except BelotError as error:
        print(error)
    arena._belot_version = lambda: "0.0.0-elsewhere"
# Another address leaves the cluster joined before; the first one can be joined again.
arena._belot_version = version
try:
    arena.duel("basic", "random", deals=1, matches=0, ray_address=sys.argv[2])
except BelotError as error:
    print(error, ray.is_initialized())
print(arena.duel("basic", "random", deals=3, matches=0, ray_address=sys.argv[1]).backend)
"""


def test_a_failing_worker_another_version_and_another_cluster(cluster: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", FAILING, cluster, f"127.0.0.1:{free_port()}"],
        capture_output=True,
        text=True,
        env=ENV,
    )
    assert out.returncode == 0, out.stderr
    failed, version, elsewhere, again = out.stdout.strip().splitlines()
    assert failed == (
        "a worker failed on deal pairs 0-1: BelotError: unknown bot level 'nobody' "
        "(known: random, basic, strong, expert)"
    )
    assert version.startswith("the Ray worker on ") and "belot 0.0.0-elsewhere" not in version
    assert version.endswith(
        ", this machine 0.0.0-elsewhere: install the same belot on every machine"
    )
    assert elsewhere.startswith("no Ray cluster at 127.0.0.1:") and elsewhere.endswith(" False")
    assert again == f"ray {cluster}"
