"""uvicorn's HTTP/1.1 protocol with a deadline for a request's headers.

uvicorn waits for ever for the headers of a request (its keep-alive timeout stops as soon as a
byte arrives), so a client that sends ``GET / HTTP/1.1`` and then one header line a minute
(a slowloris) holds a connection for as long as it likes. ``TimedH11Protocol`` closes a
connection whose request headers are not all there ``HEADER_SECONDS`` after it opened or after
its last response. The body has its own deadline (``belot.web.guard.Guard``).
"""

from __future__ import annotations

import asyncio
from typing import Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HEADER_SECONDS", "TimedH11Protocol"]

#: Longest a client may take to send a request's headers, in seconds.
HEADER_SECONDS: Final = 10.0


class TimedH11Protocol(H11Protocol):
    """``H11Protocol`` closing connections whose request headers come too slowly."""

    header_seconds: float = HEADER_SECONDS
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # the headers are in (or it became a socket)
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.IDLE:  # waiting for the next request's headers
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_seconds, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()
