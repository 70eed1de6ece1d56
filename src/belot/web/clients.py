"""One browser's connection: what waits to be sent to it, and dropping it when it falls behind.

A room never waits for a browser. ``Client.offer`` puts a message in the client's own queue and
returns at once; a writer task per client sends the queue in order. A browser that reads slowly
loses only its older views (each view is whole, so the newest one says everything); one that
does not read at all is closed when a send takes longer than ``SEND_SECONDS`` or the queue fills
with messages that cannot be skipped. It can connect again and gets the table as it is then.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

from belot.engine.table import Seat

__all__ = ["CLOSE_SLOW", "QUEUE_LENGTH", "SEND_SECONDS", "Client"]

#: Messages that may wait for one browser.
QUEUE_LENGTH: Final = 32
#: Longest one message may take to go out before the browser counts as gone.
SEND_SECONDS: Final = 5.0
#: The WebSocket close code of a browser that fell behind (4000-4999 are the app's own).
CLOSE_SLOW: Final = 4008
_log = logging.getLogger(__name__)

Send = Callable[[str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]


@dataclass(eq=False)
class Client:
    """One browser connection: its seat (None for a spectator), how to send it text and how
    to close it."""

    seat: Seat | None
    send: Send
    close: Close | None = None
    #: Set once the connection is given up; nothing more is sent.
    dropped: bool = False
    #: Called with the client once its connection is given up (its room forgets it then).
    gone: Callable[[Client], None] | None = None
    _queue: deque[tuple[bool, str]] = field(default_factory=deque)
    _last_view: str | None = None
    _writer: asyncio.Task[None] | None = None
    _closer: asyncio.Task[None] | None = None

    def offer(self, text: str, *, view: bool = False, transient: bool = False) -> bool:
        """Queue ``text`` for sending; False when the client is (now) dropped.

        A ``view`` (a whole state of the table) may be skipped for a newer one when the queue
        is full, and is not sent again when it is the last one offered word for word (an
        action hidden from this seat changes nothing it sees). A ``transient`` message (how
        far a bot has got in its thinking) is not queued at all once the queue is half full:
        the next one says more. Other messages (errors, hints) are never skipped.
        """
        if self.dropped:
            return False
        if transient and len(self._queue) >= QUEUE_LENGTH // 2:
            return True
        if view:
            if text == self._last_view:
                return True
            self._last_view = text
        if len(self._queue) >= QUEUE_LENGTH:
            oldest_view = next((i for i, (v, _) in enumerate(self._queue) if v), None)
            if oldest_view is None:
                self.drop("too many messages waiting: reading too slowly")
                return False
            del self._queue[oldest_view]
        self._queue.append((view, text))
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())
        return True

    async def _write(self) -> None:
        try:
            while self._queue and not self.dropped:
                _, text = self._queue.popleft()
                try:
                    await asyncio.wait_for(self.send(text), SEND_SECONDS)
                except TimeoutError:
                    self.drop(f"a message took more than {SEND_SECONDS:g} s to send")
                except Exception:  # the browser went away mid-send
                    self.drop("the connection failed")
        finally:
            self._writer = None

    def drop(self, reason: str) -> None:
        """Give the connection up: send nothing more and close it with ``CLOSE_SLOW``."""
        if self.dropped:
            return
        self.dropped = True
        self._queue.clear()
        _log.info("dropped a browser (seat %s): %s", self.seat, reason)
        if self.gone is not None:
            self.gone(self)
        if self.close is not None:
            self._closer = asyncio.get_running_loop().create_task(self._close(reason))

    async def _close(self, reason: str) -> None:
        assert self.close is not None
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.close(CLOSE_SLOW, reason[:120]), SEND_SECONDS)
