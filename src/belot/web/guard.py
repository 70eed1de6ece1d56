"""What every HTTP request passes before a page or the API sees it, and how JSON bodies are read.

``Guard`` is plain ASGI middleware around the whole app. It reads each request's body itself,
at most ``max_body`` bytes and within ``body_seconds`` (a 100 MB upload is refused after its
headers, a body that never finishes is cut off), and puts the security headers on every
response: pages, JSON, static files, errors. ``json_object`` is the one way a handler reads a
JSON body: size first, then ``belot.strictjson``, then that it is an object.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping
from typing import Any, Final

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from belot import strictjson
from belot.engine.errors import BelotError

__all__ = [
    "BODY_SECONDS",
    "CSP",
    "MAX_BODY",
    "MAX_MESSAGE",
    "UVICORN_LIMITS",
    "BodyError",
    "Guard",
    "json_object",
]

#: Largest request body accepted, in bytes (a whole score sheet of 200 deals is about 40 KiB).
MAX_BODY: Final = 64 * 1024
#: Largest WebSocket message accepted, in bytes (a browser's messages are a few dozen).
MAX_MESSAGE: Final = 16 * 1024
#: Longest a client may take to send a request's body, in seconds.
BODY_SECONDS: Final = 10.0
#: The pages load scripts, styles and pictures from this server only and may not be framed.
#: Inline ``style`` attributes stay allowed (the cheat sheet's column widths); scripts never.
CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: The settings of uvicorn that bound what reaches the app: a WebSocket message, the headers
#: of a request, and how long an idle connection stays open between requests.
UVICORN_LIMITS: Final = {
    "ws_max_size": MAX_MESSAGE,
    "h11_max_incomplete_event_size": 16 * 1024,
    "timeout_keep_alive": 5,
}
_HEADERS: Final = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class BodyError(BelotError):
    """A request body refused before any handler looks at it; ``status`` is the HTTP code,
    ``code`` and ``values`` what a page words it by (as ``TableError``'s)."""

    def __init__(self, message: str, status: int = 400, code: str = "", **values: int) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.values = values


class Guard:
    """ASGI middleware bounding request bodies (size and time) and adding security headers."""

    def __init__(
        self, app: ASGIApp, *, max_body: int = MAX_BODY, body_seconds: float = BODY_SECONDS
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {name for name, _ in _HEADERS}
                headers = [(k, v) for k, v in message.get("headers", []) if k not in names]
                message = {**message, "headers": [*headers, *_HEADERS]}
            await send(message)

        try:
            body = await self._read_body(scope, receive)
        except BodyError as error:
            told = {"error": str(error), "kind": error.code, "values": error.values}
            await _answer(send_with_headers, error.status, told)
            return
        if body is None:  # the client went away
            return
        replayed = False

        async def receive_body() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        try:
            await self.app(scope, receive_body, send_with_headers)
        except Exception:
            # Starlette's own error page would be sent outside this middleware, without the
            # headers; send the answer here and let the error be logged as usual.
            if not started:
                told = {"error": "internal error", "kind": "internal"}
                await _answer(send_with_headers, 500, told)
            raise

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes | None:
        """The whole body, or None when the client disconnected; raises ``BodyError``."""
        limit = self.max_body
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    raise BodyError(
                        "the Content-Length header is not a number", code="bad_request"
                    ) from None
                if declared > limit:
                    raise _too_large(limit)
        chunks: list[bytes] = []
        size = 0
        deadline = time.monotonic() + self.body_seconds
        while True:
            try:
                message = await asyncio.wait_for(receive(), deadline - time.monotonic())
            except TimeoutError:
                seconds = self.body_seconds
                raise BodyError(
                    f"the request body did not arrive within {seconds:g} s",
                    408,
                    "body_slow",
                    seconds=max(1, round(seconds)),
                ) from None
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise _too_large(limit)
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _too_large(limit: int) -> BodyError:
    kib = limit // 1024
    return BodyError(f"the request body is larger than {kib} KiB", 413, "body_large", kib=kib)


async def _answer(send: Send, status: int, told: Mapping[str, object]) -> None:
    body = json.dumps(told).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def json_object(request: Request, *, empty: dict[str, Any] | None = None) -> dict[str, Any]:
    """The request's body as a JSON object; ``empty`` (when given) stands for an empty body.

    Raises ``BodyError`` (413 for a body over ``MAX_BODY``, else 400) with the reason.
    """
    body = await request.body()
    limit = getattr(request.app.state, "max_body", MAX_BODY)
    if len(body) > limit:  # Guard refuses it first; this holds without Guard too
        raise _too_large(limit)
    if not body.strip() and empty is not None:
        return dict(empty)
    try:
        data = strictjson.loads(body)
    except strictjson.JSONInputError as error:
        raise BodyError(f"the request body must be JSON: {error}", code="body_json") from None
    if not isinstance(data, dict):
        raise BodyError("the request body must be a JSON object", code="body_json")
    return data
