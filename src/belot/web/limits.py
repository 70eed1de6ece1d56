"""How much one client address may do: token buckets for new tables, wrong guesses and sockets.

``Limiter`` (ASGI middleware) applies them to HTTP requests; the WebSocket handler asks
``Gate`` itself.

Each kind of request has a ``Rate``: a bucket of ``burst`` tokens per address, refilled at
``per_second``; a request that finds its bucket empty is refused (429) with the seconds to wait.
Wrong guesses (a table code that does not exist, a wrong seat token) spend from their own
bucket, and once it is empty every lookup from that address waits, right or wrong: at the
default rate a six-letter room code takes decades to guess. Every address is treated alike.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from belot.engine.errors import BelotError

if TYPE_CHECKING:  # `belot serve --help` reads the defaults here without loading the server
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "TOO_MANY",
    "Buckets",
    "Gate",
    "Limiter",
    "Limits",
    "Rate",
    "TooMany",
    "host_of",
    "too_many",
]

#: Addresses remembered at most; the fullest (idle) buckets are forgotten first.
_MAX_ADDRESSES: Final = 10_000


@dataclass(frozen=True)
class Rate:
    """``burst`` requests at once, then ``per_second`` more each second."""

    burst: float
    per_second: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``"300,1"``: a burst of 300, then 1 a second."""
        burst, sep, per_second = text.partition(",")
        try:
            rate = cls(float(burst), float(per_second))
        except ValueError:
            rate = None
        if not sep or rate is None or rate.burst < 1 or rate.per_second < 0:
            raise BelotError(f"a rate is 'BURST,PER_SECOND' like '300,1', not {text!r}")
        return rate

    def __str__(self) -> str:
        return f"{self.burst:g},{self.per_second:g}"


@dataclass(frozen=True)
class Limits:
    """The server's limits per client address."""

    #: New tables.
    tables: Rate = Rate(300, 1)
    #: Lookups of tables that do not exist, claims of them and wrong seat tokens.
    guesses: Rate = Rate(60, 1)
    #: New WebSocket connections.
    connections: Rate = Rate(600, 10)
    #: WebSocket connections open at once.
    sockets: int = 1000


@dataclass
class Buckets:
    """One ``Rate``'s token bucket for each address."""

    rate: Rate
    _levels: dict[str, tuple[float, float]] = field(default_factory=dict)

    def _level(self, key: str, now: float) -> float:
        level, then = self._levels.get(key, (self.rate.burst, now))
        return min(self.rate.burst, level + (now - then) * self.rate.per_second)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` has a token (0 when it has one now)."""
        level = self._level(key, time.monotonic())
        if level >= 1:
            return 0.0
        if self.rate.per_second <= 0:
            return float("inf")
        return (1 - level) / self.rate.per_second

    def spend(self, key: str) -> None:
        """Take a token from ``key``'s bucket (it may go empty, never below zero)."""
        now = time.monotonic()
        level = max(0.0, self._level(key, now) - 1)
        self._levels.pop(key, None)
        self._levels[key] = (level, now)
        if len(self._levels) > _MAX_ADDRESSES:
            self._forget(now)

    def take(self, key: str) -> float:
        """Spend a token if there is one and return 0, else the seconds to wait."""
        wait = self.wait(key)
        if wait == 0:
            self.spend(key)
        return wait

    def _forget(self, now: float) -> None:
        full = [k for k in self._levels if self._level(k, now) >= self.rate.burst]
        for key in full or list(self._levels)[: len(self._levels) // 10]:
            del self._levels[key]


#: What an address did too often, in English, by the code a page words it by
#: (``refused_too_many_<code>`` of the pages' texts).
TOO_MANY: Final = {
    "tables": "new tables",
    "guesses": "wrong table codes or seat tokens",
    "connections": "new connections",
}
#: The seconds said for a wait with no end (a rate of 0 a second), as ``Retry-After`` says.
_NO_END: Final = 3600


@dataclass(frozen=True)
class TooMany:
    """The reason of a 429: its English ``message``, and its ``kind`` and ``values`` for a page
    to say it in its own language."""

    message: str
    kind: str
    values: dict[str, int]


def too_many(what: str, wait: float) -> TooMany:
    """The reason of a 429 for too many of ``what`` (a key of ``TOO_MANY``)."""
    said = TOO_MANY[what]
    seconds = _NO_END if wait == float("inf") else max(1, round(wait))
    if wait == float("inf"):
        message = f"too many {said} from your address"
    else:
        message = f"too many {said} from your address: try again in {seconds} s"
    return TooMany(message, f"too_many_{what}", {"seconds": seconds})


class Gate:
    """The buckets of one server, shared by ``Limiter`` and the WebSocket handler."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.tables = Buckets(limits.tables)
        self.guesses = Buckets(limits.guesses)
        self.connections = Buckets(limits.connections)
        #: WebSocket connections open now, by address.
        self.sockets: dict[str, int] = {}

    def open_socket(self, host: str) -> TooMany | None:
        """Count a new WebSocket from ``host``; the reason to refuse it, or None."""
        if self.sockets.get(host, 0) >= self.limits.sockets:
            most = self.limits.sockets
            message = f"too many connections open from your address (at most {most})"
            return TooMany(message, "too_many_open", {"max": most})
        wait = self.connections.take(host)
        if wait:
            return too_many("connections", wait)
        self.sockets[host] = self.sockets.get(host, 0) + 1
        return None

    def close_socket(self, host: str) -> None:
        left = self.sockets.get(host, 0) - 1
        if left > 0:
            self.sockets[host] = left
        else:
            self.sockets.pop(host, None)


def host_of(scope: Scope) -> str:
    """The client address of a request (one bucket per address)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _is_lookup(path: str) -> bool:
    """Whether a request names a table by its code (so a 404 is a wrong guess)."""
    if path.startswith(("/t/", "/replay/")):
        return True
    return path.startswith("/api/tables/") and len(path) > len("/api/tables/")


class Limiter:
    """ASGI middleware: at most ``Limits.tables`` new tables per address, and no lookups of
    table codes from an address whose wrong guesses used up ``Limits.guesses``."""

    def __init__(self, app: ASGIApp, *, gate: Gate) -> None:
        self.app = app
        self.gate = gate

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host, method, path = host_of(scope), scope["method"], scope["path"]
        if method == "POST" and path.rstrip("/") == "/api/tables":
            wait = self.gate.tables.take(host)
            if wait:
                await _refuse(send, too_many("tables", wait), wait)
                return
        elif _is_lookup(path):
            wait = self.gate.guesses.wait(host)
            if wait:
                await _refuse(send, too_many("guesses", wait), wait)
                return

            async def counting(message: Message) -> None:
                if message["type"] == "http.response.start" and message["status"] == 404:
                    self.gate.guesses.spend(host)
                await send(message)

            await self.app(scope, receive, counting)
            return
        await self.app(scope, receive, send)


async def _refuse(send: Send, reason: TooMany, wait: float) -> None:
    told = {"error": reason.message, "kind": reason.kind, "values": reason.values}
    body = json.dumps(told).encode()
    retry = "3600" if wait == float("inf") else str(max(1, math.ceil(wait)))
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", retry.encode()),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})
