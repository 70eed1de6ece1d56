"""Load benchmark of the web game: one server process, many tables playing at once.

Starts ``belot serve`` in a child process, creates TABLES tables (North, East and West played by
``basic`` bots, South by this script over a WebSocket, as a browser would), and plays for
SECONDS. For every action South sends it measures the time until the view that shows the
action arrives; it reports the 50th/95th/99th percentiles. Bots wait ``--bot-delay`` seconds
before each action, as at a real table.

    .venv/bin/python benchmarks/load.py --tables 200 --seconds 60

With ``--url HOST:PORT`` it plays at a site already running instead, e.g. nginx in front of
several processes started by ``deploy/start.sh`` (docs/deploy.md): the tables are then
created and played through nginx, each owned by one process and most browsers reaching
another one, which relays through Redis.

    deploy/start.sh start 3
    .venv/bin/python benchmarks/load.py --url 127.0.0.1:8150 --tables 300 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(url: str, body: dict[str, object]) -> dict[str, str]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        data: dict[str, str] = json.loads(reply.read())
        return data


async def person(
    base: str, table_id: str, token: str, until: float, seed: int, latencies: list[float]
) -> int:
    """Play South at one table until ``until``; returns the deals finished."""
    rng = random.Random(seed)
    deals = 0
    sent: float | None = None
    async with connect(f"ws://{base}/ws/{table_id}?token={token}", max_size=2**22) as ws:
        while time.perf_counter() < until:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, until - time.perf_counter())
                )
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] != "state":
                if message["type"] == "error":
                    print("error:", message["message"], file=sys.stderr)
                    sent = None
                continue
            if sent is not None:
                latencies.append(time.perf_counter() - sent)
                sent = None
            if message["table"]["over"]:
                break
            if message["waiting_for_next"]:
                deals += 1
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "next"}))
                continue
            legal = message["view"]["legal"] if message["view"] else []
            if legal:
                # Bid now and then so that most deals are played, else any legal action.
                bids = [a for a in legal if a in ("hearts", "spades", "clubs", "diamonds")]
                action = rng.choice(bids) if bids and rng.random() < 0.3 else rng.choice(legal)
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action}))
    return deals


async def run(args: argparse.Namespace, base: str) -> None:
    tables = []
    for _ in range(args.tables):
        answer = post(
            f"http://{base}/api/tables",
            {"seats": {s: {"kind": "bot", "level": args.level} for s in "NEW"}, "hints": False},
        )
        tables.append((answer["id"], answer["token"]))
    latencies: list[float] = []
    start = time.perf_counter()
    until = start + args.seconds
    deals = await asyncio.gather(
        *(person(base, t, tok, until, i, latencies) for i, (t, tok) in enumerate(tables))
    )
    elapsed = time.perf_counter() - start
    latencies.sort()

    def pct(p: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))]

    delay = f"bot delay {args.bot_delay} s" if args.url is None else f"at {args.url}"
    print(
        f"tables {args.tables} ({args.level} bots, {delay}), "
        f"{elapsed:.0f} s: {len(latencies)} actions by the people, {sum(deals)} deals finished"
    )
    print(
        f"action -> next view: p50 {pct(50):.1f} ms, p95 {pct(95):.1f} ms, "
        f"p99 {pct(99):.1f} ms, max {1000 * latencies[-1]:.1f} ms, "
        f"mean {1000 * statistics.fmean(latencies):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--level", default="basic")
    parser.add_argument("--bot-delay", type=float, default=0.6)
    parser.add_argument(
        "--url",
        default=None,
        help="HOST:PORT of a running site to load (its own --bot-delay applies) instead of "
        "starting a server",
    )
    args = parser.parse_args()
    if args.url is not None:
        asyncio.run(run(args, args.url.removeprefix("http://").rstrip("/")))
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        code = "import sys; from belot.cli import main; main(sys.argv[1:])"
        options = ["--data", data, "--bot-delay", str(args.bot_delay)]
        server = subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--port", str(port), *options]
        )
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            asyncio.run(run(args, f"127.0.0.1:{port}"))
        finally:
            server.terminate()
            server.wait(10)
        size = sum(p.stat().st_size for p in Path(data).iterdir())
        print(f"database after the run: {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
