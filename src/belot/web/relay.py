"""Several ``belot serve`` processes as one site: the messages between them go through Redis.

Every table is served by one process at a time, the one holding its lease in the shared
database (``belot.web.store``). A browser may reach any process: when its table is another's,
this process links the browser to the owner through Redis pub/sub, and the owner serves it as
if it were connected there (a seat, a spectator, hints: the same code). Each process listens
on its own channel, ``belot:node:<its lease owner name>``, so the lease names where to send:

- to the owner: ``join`` (a browser with its table, token and address), ``msg`` (its text),
  ``ping`` (every ``heartbeat`` seconds: the link is alive), ``leave``, and ``call`` (an HTTP
  request for a table of the owner: claim a seat, read the state);
- back to the browser's process: ``joined`` or ``refused``, ``send`` (a message for the
  browser, in order), ``close``, ``pong``, ``lost`` (the owner no longer knows the link) and
  ``reply``.

When the owner does not answer (killed: a ``PUBLISH`` reaches nobody; stopped or stuck: no
``pong`` for three heartbeats), the link tells its
browser "reconnecting" and opens the table again: once the owner's lease is given up or
expired, this process takes the table over, replays it from its record and serves the browser
itself. A process that loses Redis carries on with its own browsers, and its links try again
until Redis is back; the owner forgets a link it has not heard from for ``3 * heartbeat``
seconds (its seat counts as left, as when a browser closes).

A busy machine may hold a process up for longer than that. Time a process did not run does
not count against the links it serves or follows, and a link that took a held-up owner for
gone and joins it again is kept as it was: its seat is not left and taken again, and no one
is shown the same turn twice. A message that reaches an owner which forgot its link is sent
back (``lost`` with its text) and sent again once the link has joined again: no action is
dropped on the way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from belot.web.clients import Client, Close, Send
from belot.web.rooms import Unavailable
from belot.web.tables import refusal

__all__ = ["HEARTBEAT_SECONDS", "Link", "Relay", "Session"]

#: How often a link tells the owner it is alive (and checks the owner is).
HEARTBEAT_SECONDS: Final = 1.0
#: How long a join or a call waits for the owner's answer.
ANSWER_SECONDS: Final = 3.0
#: What a browser is told while its table moves to another process.
MOVING: Final = "reconnecting: the server of this table is gone, another one takes it over"
_PREFIX: Final = "belot:node:"
_log = logging.getLogger(__name__)


class Session(Protocol):
    """One browser at one table, wherever the table is served."""

    @property
    def dropped(self) -> bool: ...

    async def handle(self, text: str) -> None: ...

    def tell(self, message: str, kind: str = "", **values: str | int) -> None:
        """Send the browser an error that leaves its connection open (``kind`` and ``values``:
        its code, for the page to word it)."""

    async def leave(self) -> None: ...


#: Opens a table here for a browser: a session when this process serves it, else the name
#: of the process that does (raises ``Unavailable`` when neither).
Place = Callable[[str, str | None, str, Send, Close], Awaitable["Session | str"]]
#: Serves one HTTP call for a table of this process: (status, JSON body).
Call = Callable[[dict[str, Any]], Awaitable[tuple[int, dict[str, Any]]]]


def channel(node: str) -> str:
    return _PREFIX + node


class _Gone(Exception):
    """The owner did not answer."""


@dataclass(eq=False)
class _Served:
    """At the owner: a browser of another process and its messages, handled in order."""

    session: Session
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    heard: float = 0.0
    worker: asyncio.Task[None] | None = None


class Relay:
    """This process's side of the Redis messages: its links to other owners and the browsers
    of other processes it serves."""

    def __init__(
        self,
        url: str,
        node: str,
        place: Place,
        calls: Mapping[str, Call],
        *,
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> None:
        self.url = url
        self.node = node
        self.place = place
        self.calls = calls
        self.heartbeat = heartbeat
        self.redis = aioredis.Redis.from_url(
            url, socket_connect_timeout=2, socket_timeout=5, retry=Retry(NoBackoff(), 0)
        )
        #: True while this process listens on its channel.
        self.up = False
        self.links: dict[str, Link] = {}
        self.served: dict[tuple[str, str], _Served] = {}
        self._answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._ready = asyncio.Event()

    # --- running ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on this process's channel (retrying while Redis is away); waits a little for
        the first subscription, so that the first links get their answers."""
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._sweep())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ready.wait(), 5)

    async def close(self) -> None:
        for link in list(self.links.values()):
            await link.leave()
        for served in list(self.served.values()):
            with contextlib.suppress(Exception):
                await served.session.leave()
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def _listen(self) -> None:
        delay = 0.1
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(channel(self.node))
                if not self.up:
                    _log.warning("relay: listening on Redis %s", shown_url(self.url))
                self.up = True
                self._ready.set()
                delay = 0.1
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        self._dispatch(message["data"])
            except (RedisError, OSError) as error:
                if self.up:
                    _log.warning("relay: lost Redis (%s); retrying", str(error).splitlines()[0])
                self.up = False
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(delay)
            delay = min(2 * delay, 2.0)

    async def _sweep(self) -> None:
        """Forget the browsers of other processes that have not pinged for a while.

        Time this process did not run (its event loop held up by a busy machine) does not
        count against them: their pings wait unread meanwhile, so a link is forgotten only
        after three heartbeats in which this process could have heard it."""
        async for stalled in beats(self.heartbeat):
            if stalled:
                for served in self.served.values():
                    served.heard += stalled
                continue  # the pings that came meanwhile are read before the next sweep
            limit = asyncio.get_running_loop().time() - 3 * self.heartbeat
            for key, served in list(self.served.items()):
                if served.heard < limit:
                    await self._forget(key)

    async def publish(self, node: str, message: dict[str, Any]) -> int:
        """Send ``message`` to ``node``; returns how many listeners got it (0: none there)."""
        count: int = await self.redis.publish(channel(node), json.dumps(message))
        return count

    # --- what comes in ----------------------------------------------------------------------

    def _dispatch(self, data: bytes | str) -> None:
        try:
            message = json.loads(data)
            op = message["op"]
        except (ValueError, KeyError, TypeError):
            _log.warning("relay: a message that is not ours: %.80r", data)
            return
        if op in ("joined", "refused", "reply"):
            future = self._answers.pop(str(message.get("id") or message.get("conn")), None)
            if future is not None and not future.done():
                future.set_result(message)
        elif op in ("send", "close", "lost", "pong"):
            link = self.links.get(str(message.get("conn")))
            if link is not None:
                link.received(message)
        elif op == "join":
            asyncio.get_running_loop().create_task(self._join(message))
        elif op in ("msg", "ping", "leave"):
            key = (str(message.get("from")), str(message.get("conn")))
            served = self.served.get(key)
            if served is None:
                if op == "msg":
                    # Sent back, so that the link sends it again once it has joined again:
                    # an action is never dropped on the way.
                    lost = {"op": "lost", "conn": key[1], "text": str(message.get("text", ""))}
                    self._answer(key[0], lost)
                elif op == "ping":
                    self._answer(key[0], {"op": "lost", "conn": key[1]})
                return
            served.heard = asyncio.get_running_loop().time()
            if op == "ping":
                self._answer(key[0], {"op": "pong", "conn": key[1]})
            elif op == "msg":
                served.queue.put_nowait(str(message.get("text", "")))
            elif op == "leave":
                asyncio.get_running_loop().create_task(self._forget(key))
        elif op == "call":
            asyncio.get_running_loop().create_task(self._call(message))

    def _answer(self, node: str, message: dict[str, Any]) -> None:
        async def send() -> None:
            with contextlib.suppress(RedisError, OSError):
                await self.publish(node, message)

        asyncio.get_running_loop().create_task(send())

    async def _join(self, message: dict[str, Any]) -> None:
        """At the owner: a browser of another process comes to one of our tables."""
        node, conn = str(message.get("from")), str(message.get("conn"))
        key = (node, conn)
        served = self.served.get(key)
        if served is not None and not served.session.dropped:
            # A link that took this process for gone (a busy machine answers late) and came
            # back: its browser missed nothing, so it carries on as it was, seat and all,
            # and is not shown its turn a second time.
            served.heard = asyncio.get_running_loop().time()
            self._answer(node, {"op": "joined", "conn": conn, "kept": True})
            return
        await self._forget(key)  # a link whose browser lost messages starts again

        async def send(text: str) -> None:
            if await self.publish(node, {"op": "send", "conn": conn, "text": text}) == 0:
                raise ConnectionError(f"the process {node} is gone")

        async def close(code: int, reason: str) -> None:
            await self.publish(node, {"op": "close", "conn": conn, "code": code, "reason": reason})

        token = message.get("token")
        try:
            placed = await self.place(
                str(message.get("table")),
                token if isinstance(token, str) else None,
                str(message.get("address", "")),
                send,
                close,
            )
        except Unavailable as error:
            placed = error.owner or ""
            refusal = {"status": error.status, "message": str(error)}
            if error.code:
                refusal |= {"code": error.code, "values": error.values}
        else:
            refusal = {}
        if isinstance(placed, str):
            answer = {"op": "refused", "conn": conn, "owner": placed or None, **refusal}
            if not refusal:
                answer |= {"status": 423, "message": "another server serves this table"}
            self._answer(node, answer)
            return
        served = _Served(placed, heard=asyncio.get_running_loop().time())
        served.worker = asyncio.get_running_loop().create_task(self._work(served))
        self.served[key] = served
        self._answer(node, {"op": "joined", "conn": conn})

    async def _work(self, served: _Served) -> None:
        while True:
            text = await served.queue.get()
            if text is None:
                return
            try:
                await served.session.handle(text)
            except Exception:
                _log.exception("relay: a message from another process")

    async def _forget(self, key: tuple[str, str]) -> None:
        served = self.served.pop(key, None)
        if served is None:
            return
        served.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await served.session.leave()

    async def _call(self, message: dict[str, Any]) -> None:
        handler = self.calls.get(str(message.get("what")))
        if handler is None:
            status, body = 400, {"error": f"unknown call {message.get('what')!r}"}
        else:
            try:
                status, body = await handler(message)
            except Exception as error:
                _log.exception("relay: a call from another process")
                status, body = 500, {"error": str(error)}
        self._answer(
            str(message.get("from")),
            {"op": "reply", "id": message.get("id"), "s": status, "b": body},
        )

    # --- what goes out ----------------------------------------------------------------------

    async def ask(self, node: str, message: dict[str, Any], key: str) -> dict[str, Any]:
        """Send ``message`` to ``node`` and wait for the answer that names ``key``; raises
        ``_Gone`` when nobody is there or no answer comes."""
        future = asyncio.get_running_loop().create_future()
        self._answers[key] = future
        try:
            if await self.publish(node, message) == 0:
                raise _Gone(node)
            return await asyncio.wait_for(future, ANSWER_SECONDS)
        except (TimeoutError, RedisError, OSError) as error:
            raise _Gone(node) from error
        finally:
            self._answers.pop(key, None)

    async def call(self, owner: str, what: str, **arguments: Any) -> tuple[int, dict[str, Any]]:
        """Have ``owner`` serve an HTTP request for one of its tables: (status, JSON body)."""
        key = secrets.token_hex(8)
        message = {"op": "call", "what": what, "id": key, "from": self.node, **arguments}
        try:
            answer = await self.ask(owner, message, key)
        except _Gone:
            said = "the server of this table does not answer: try again"
            return 503, {"error": said, "kind": "no_answer"}
        return int(answer["s"]), dict(answer["b"])

    async def link(
        self,
        table_id: str,
        owner: str,
        token: str | None,
        address: str,
        send: Send,
        close: Close,
    ) -> Link:
        """A browser of this process at a table of ``owner``; raises ``Unavailable`` when the
        owner refuses it (a wrong token)."""
        link = Link(self, table_id, token, address, send, close)
        self.links[link.conn] = link
        try:
            await link.open(owner)
        except BaseException:
            self.links.pop(link.conn, None)
            raise
        return link


class Link:
    """A browser here at a table of another process, or of this one after a take-over."""

    def __init__(
        self,
        relay: Relay,
        table_id: str,
        token: str | None,
        address: str,
        send: Send,
        close: Close,
    ) -> None:
        self.relay = relay
        self.table_id = table_id
        self.token = token
        self.address = address
        self.send = send
        self.close = close
        self.conn = secrets.token_hex(8)
        self.owner: str | None = None
        #: Once this process serves the table itself: the browser's session here.
        self.local: Session | None = None
        self.out = Client(None, send, close)
        self._beat: asyncio.Task[None] | None = None
        self._moving: asyncio.Task[None] | None = None
        self._left = False
        #: Whether the last join found the owner still serving this link (nothing missed).
        self.kept = False
        #: Messages the owner sent back unread, to send again after the move.
        self._resend: list[str] = []
        #: When the owner last answered (event loop time).
        self.heard = 0.0

    @property
    def dropped(self) -> bool:
        return self.out.dropped or (self.local is not None and self.local.dropped)

    async def open(self, owner: str) -> None:
        """Join the table at ``owner`` (or here, or where it moved)."""
        while True:
            try:
                where = await self._join(owner)
            except _Gone:
                where = await self._place()
            if where is None:
                break
            owner = where
        if self._beat is None and self.local is None:
            self._beat = asyncio.get_running_loop().create_task(self._heartbeat())

    async def _join(self, owner: str) -> str | None:
        """Join at ``owner``: None once joined, else where the table is served now."""
        message = {
            "op": "join",
            "conn": self.conn,
            "from": self.relay.node,
            "table": self.table_id,
            "token": self.token,
            "address": self.address,
        }
        answer = await self.relay.ask(owner, message, self.conn)
        if answer["op"] == "joined":
            self.owner = owner
            self.heard = asyncio.get_running_loop().time()
            self.kept = bool(answer.get("kept"))
            return None
        moved = answer.get("owner")
        if answer.get("status") == 423 and moved and moved != owner:
            return str(moved)
        if answer.get("status") == 423:
            raise _Gone(owner)
        values = answer.get("values")
        raise Unavailable(
            str(answer.get("message")),
            int(answer.get("status") or 409),
            code=str(answer.get("code") or ""),
            **(values if isinstance(values, dict) else {}),
        )

    async def _place(self) -> str | None:
        """Open the table here: None once served here, else the process that serves it."""
        placed = await self.relay.place(
            self.table_id, self.token, self.address, self.send, self.close
        )
        if isinstance(placed, str):
            return placed
        self.local = placed
        self.relay.links.pop(self.conn, None)
        return None

    def tell(self, message: str, kind: str = "", **values: str | int) -> None:
        if self.local is not None:
            self.local.tell(message, kind, **values)
        else:
            self.out.offer(json.dumps(refusal(message, kind, values)))

    async def handle(self, text: str) -> None:
        if self.local is not None:
            await self.local.handle(text)
            return
        if self._moving is not None:
            await asyncio.shield(self._moving)
            await self.handle(text)
            return
        message = {"op": "msg", "conn": self.conn, "from": self.relay.node, "text": text}
        try:
            sent = self.owner is not None and await self.relay.publish(self.owner, message) > 0
        except (RedisError, OSError):
            sent = False
        if not sent:
            self.moved()
            assert self._moving is not None
            await asyncio.shield(self._moving)
            await self.handle(text)

    def received(self, message: dict[str, Any]) -> None:
        op = message["op"]
        self.heard = asyncio.get_running_loop().time()
        if op == "send":
            text = str(message.get("text", ""))
            self.out.offer(text, view=text.startswith('{"table":'))
        elif op == "close":
            self.out.drop(str(message.get("reason", "closed by the table's server")))
        elif op == "lost":
            self.moved()
            if "text" in message:
                # The owner had forgotten this link when the message came: sent again, in
                # order, once the link has joined again.
                self._resend.append(str(message["text"]))

    def moved(self) -> None:
        """The owner does not answer or forgot us: find where the table is served now."""
        if self._moving is None and not self._left:
            self._moving = asyncio.get_running_loop().create_task(self._move())

    async def _move(self) -> None:
        try:
            await self._relocate()
        finally:
            self._moving = None
        # The browser's next message waits for this task, so these go first, in order.
        while self._resend and not self._left and not self.dropped:
            await self.handle(self._resend.pop(0))

    async def _relocate(self) -> None:
        told = False
        while not self._left and not self.out.dropped:
            try:
                where = await self._place()
                if where is None:
                    if self._beat is not None:
                        self._beat.cancel()
                    _log.info("relay: table %s is served here now", self.table_id)
                    self._back()
                    return
                if await self._join(where) is None:
                    _log.info("relay: table %s is served by %s", self.table_id, where)
                    if told or not self.kept:
                        self._back()
                    return
            except (_Gone, RedisError, OSError):
                pass
            except Unavailable as error:
                if error.status != 503:
                    self.out.offer(
                        json.dumps(refusal(str(error), error.code, error.values, fatal=True))
                    )
                    self.out.drop(str(error))
                    return
            if not told:
                told = True
                message = {"type": "status", "database": "reconnecting", "message": MOVING}
                self.out.offer(json.dumps(message))
            await asyncio.sleep(min(0.25, self.relay.heartbeat))

    def _back(self) -> None:
        """Tell the browser its table is served again: what it is sent next is the whole
        state, and a message it sent may not have reached the old server (a page shown its
        turn again may act again)."""
        self.out.offer(json.dumps({"type": "status", "database": "ok"}))

    async def _heartbeat(self) -> None:
        message = {"op": "ping", "conn": self.conn, "from": self.relay.node}
        async for stalled in beats(self.relay.heartbeat):
            if self.local is not None or self._left:
                return
            if stalled:
                # This process did not run meanwhile: the owner's answers wait unread.
                self.heard += stalled
                continue
            if self._moving is not None or self.owner is None:
                continue
            try:
                alive = await self.relay.publish(self.owner, message) > 0
            except (RedisError, OSError):
                alive = False
            # A process that listens but answers nothing (stopped, stuck) counts as gone too.
            silent = asyncio.get_running_loop().time() - self.heard > 3 * self.relay.heartbeat
            if not alive or silent:
                self.moved()

    async def leave(self) -> None:
        self._left = True
        self.relay.links.pop(self.conn, None)
        for task in (self._beat, self._moving):
            if task is not None:
                task.cancel()
        if self.local is not None:
            await self.local.leave()
        elif self.owner is not None:
            with contextlib.suppress(RedisError, OSError):
                await self.relay.publish(
                    self.owner, {"op": "leave", "conn": self.conn, "from": self.relay.node}
                )


async def beats(heartbeat: float) -> AsyncIterator[float]:
    """Every ``heartbeat`` seconds, how long past it this process did not run (its event loop
    held up by a busy machine); 0.0 when it was late by less than half a heartbeat."""
    loop = asyncio.get_running_loop()
    awake = loop.time()
    while True:
        await asyncio.sleep(heartbeat)
        now = loop.time()
        stalled = now - awake - heartbeat
        awake = now
        yield stalled if stalled > heartbeat / 2 else 0.0


def shown_url(url: str) -> str:
    """A Redis URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, _ = head.partition("://")
    return f"{scheme}://***@{tail}"
