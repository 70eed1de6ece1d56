"""People who play at a running ``belot serve`` and remember what they were shown, to check
after a crash that the record holds every action any of them saw (used by the fault tests and
``benchmarks/faults.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from belot.web.tables import Table, spectator_view

Message = dict[str, Any]
#: The longest match there is, so that random play does not end it in the middle of a test.
LONG = {"preset": "bulgarian", "options": {"target": 1001}}


def post(base: str, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST ``body`` as JSON; returns the status and the JSON answer (errors included)."""
    request = urllib.request.Request(
        f"http://{base}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def progress(state: Message) -> tuple[int, int]:
    """How far a state shows its table: (deal number, cut + calls + cards played so far)."""
    view = state.get("view") or {}
    plays = sum(len(t["plays"]) for t in view.get("tricks", []))
    shown = (view.get("cut") is not None) + len(view.get("calls", [])) + plays
    return state.get("deal_number", 0), shown


@dataclass
class Seen:
    """The furthest state of a table that any of its people was shown."""

    state: Message | None = None
    #: Shown something since the people last (re)connected.
    fresh: bool = False

    def update(self, state: Message) -> None:
        if state.get("view") and (self.state is None or progress(state) >= progress(self.state)):
            self.state = state
            self.fresh = True

    @property
    def phase(self) -> str | None:
        return None if self.state is None else self.state["view"]["phase"]


@dataclass
class Players:
    """Tables of people at ``base``: ``people`` tables where every seat is one of ours, and
    ``with_bots`` tables where South is ours and three bots play. Each of ours plays a random
    legal action as soon as it is shown its turn."""

    base: str
    seed: int = 0
    tokens: dict[str, dict[str, str]] = field(default_factory=dict)
    seen: dict[str, Seen] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    #: Every status message (e.g. "reconnecting to the database") by table.
    statuses: dict[str, list[Message]] = field(default_factory=dict)
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _shown: asyncio.Event = field(default_factory=asyncio.Event)

    def create(self, people: int = 1, with_bots: int = 1, level: str = "random") -> None:
        for _ in range(people):
            status, answer = post(
                self.base,
                "/api/tables",
                {"seats": {s: {"kind": "person"} for s in "NEW"}, "hints": False, "rules": LONG},
            )
            assert status == 200, answer
            tokens = {"S": answer["token"]}
            for seat in "NEW":
                status, claim = post(self.base, f"/api/tables/{answer['id']}/seats/{seat}", {})
                assert status == 200, claim
                tokens[seat] = claim["token"]
            self.tokens[answer["id"]] = tokens
        for _ in range(with_bots):
            status, answer = post(
                self.base,
                "/api/tables",
                {
                    "seats": {s: {"kind": "bot", "level": level} for s in "NEW"},
                    "hints": False,
                    "rules": LONG,
                },
            )
            assert status == 200, answer
            self.tokens[answer["id"]] = {"S": answer["token"]}
        for table_id in self.tokens:
            self.seen.setdefault(table_id, Seen())

    def start(self) -> None:
        """Connect every seat of ours and play (until the server goes or ``stop``)."""
        rng = random.Random(self.seed)
        self.seed += 1
        for seen in self.seen.values():
            seen.fresh = False
        for table_id, tokens in self.tokens.items():
            for seat, token in tokens.items():
                task = asyncio.ensure_future(self._play(table_id, seat, token, rng.random()))
                self._tasks.append(task)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await self.ended()

    async def ended(self) -> None:
        """Wait until every connection is closed (the server was killed or stopped)."""
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []

    async def shown(self, wanted: Any, limit: float = 30) -> str:
        """Wait until a table's furthest state passes ``wanted(seen)``; returns its id."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while loop.time() < deadline:
            for table_id, seen in self.seen.items():
                if seen.fresh and wanted(seen):
                    return table_id
            self._shown.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._shown.wait(), max(0.001, deadline - loop.time()))
        raise AssertionError("no table reached the wanted state")

    async def _play(self, table_id: str, seat: str, token: str, seed: float) -> None:
        rng = random.Random(seed)
        url = f"ws://{self.base}/ws/{table_id}?token={token}"
        with contextlib.suppress(OSError, WebSocketException, asyncio.CancelledError):
            async with connect(url, open_timeout=10, close_timeout=1) as ws:
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "status":
                        self.statuses.setdefault(table_id, []).append(message)
                        continue
                    if message["type"] == "error":
                        self.errors.append(message["message"])
                        continue
                    if message["type"] != "state":
                        continue
                    self.seen[table_id].update(message)
                    self._shown.set()
                    if message["table"]["over"]:
                        continue
                    legal = message["view"]["legal"] if message["view"] else []
                    if message["waiting_for_next"] and seat == "S":
                        await ws.send(json.dumps({"type": "next"}))
                    elif legal:
                        action = rng.choice(legal)
                        await ws.send(json.dumps({"type": "act", "action": action}))

    def lost(self, url: str) -> tuple[int, int]:
        """Compare what was shown with the record in the database at ``url`` (read with plain
        SQL, not by the store under test): returns (cut, calls and cards shown in the tables'
        latest deals, how many of those the record lacks)."""
        engine = create_engine(url)
        shown = lost = 0
        try:
            with engine.connect() as conn:
                for table_id, seen in self.seen.items():
                    if seen.state is None:
                        continue
                    number, count = progress(seen.state)
                    shown += count
                    config = conn.execute(
                        text("SELECT config FROM belot_tables WHERE id = :id"), {"id": table_id}
                    ).scalar()
                    actions = conn.execute(
                        text(
                            "SELECT seat, action FROM belot_actions WHERE table_id = :id ORDER BY n"
                        ),
                        {"id": table_id},
                    ).all()
                    if config is None:
                        lost += count
                        continue
                    table = Table.from_config(
                        table_id, json.loads(config), [tuple(a) for a in actions]
                    )
                    if len(table.deals) < number:
                        lost += count
                        continue
                    lost += missing(seen.state["view"], spectator_view(table.deals[number - 1]))
        finally:
            engine.dispose()
        return shown, lost


def missing(view: Message, stored: Message) -> int:
    """How many of the cut, calls and cards in ``view`` the stored deal lacks (or differs in)."""
    out = 0
    if view["cut"] is not None and stored["cut"] != view["cut"]:
        out += 1
    for i, call in enumerate(view["calls"]):
        if i >= len(stored["calls"]) or stored["calls"][i] != call:
            out += len(view["calls"]) - i
            break
    plays = [p for t in view["tricks"] for p in t["plays"]]
    kept = [p for t in stored["tricks"] for p in t["plays"]]
    for i, play in enumerate(plays):
        if i >= len(kept) or kept[i] != play:
            out += len(plays) - i
            break
    return out
