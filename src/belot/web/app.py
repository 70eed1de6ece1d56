"""The web app: pages, the JSON API, card pictures and one WebSocket per browser at a table.

``create_app(store)`` builds the Starlette application. Tables live in a ``Hub`` of rooms that
is loaded from the store at start-up (every table replayed from its record) and saved as it
changes. Each browser receives only its own seat's view; every action is checked by the engine.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from belot import strictjson
from belot.bots import LEVELS
from belot.engine.cards import Card
from belot.engine.errors import BelotError, OutOfTurnError
from belot.engine.rules import PRESETS
from belot.engine.table import Seat
from belot.web import forms, hints, i18n, rule_options
from belot.web.clients import Close, Send
from belot.web.guard import BODY_SECONDS, MAX_BODY, MAX_MESSAGE, BodyError, Guard, json_object
from belot.web.limits import Gate, Limiter, Limits, host_of, too_many
from belot.web.rooms import Client, Hub, Room, Unavailable
from belot.web.store import Store
from belot.web.svg import back_svg, card_svg
from belot.web.tables import (
    SeatInfo,
    TableError,
    error_code,
    refusal,
    rematch_token,
    shown_code,
    table_code,
)

if TYPE_CHECKING:
    from belot.web.relay import Relay, Session

__all__ = ["create_app"]

HERE = Path(__file__).parent
_env = Environment(
    loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"])
)
_env.filters["shown_code"] = shown_code
#: The language picker's choices, each language in its own words (templates/_lang_picker.html).
_env.globals["lang_names"] = {code: i18n.TEXTS["lang_name"][code] for code in i18n.LANGUAGES}
#: The home page's rules options of every game, explained, in a language (rule_options.py).
_env.globals["rule_options"] = rule_options.game_options
_SVG_HEADERS = {"Cache-Control": "public, max-age=86400"}
#: Analyses of finished deals kept for the next asker (the oldest are forgotten first).
_ANALYSES_KEPT = 256


def _page(request: Request, name: str, **context: Any) -> HTMLResponse:
    lang = i18n.language(request.query_params.get("lang") or request.cookies.get("lang"))
    context |= {
        "lang": lang,
        "t": i18n.texts(lang),
        # Data for /static/texts.js, safe inside a <script> element (no inline code: CSP).
        "texts_json": json.dumps(
            {code: i18n.texts(code) for code in i18n.LANGUAGES}, ensure_ascii=False
        ).replace("</", "<\\/"),
    }
    return HTMLResponse(_env.get_template(name).render(**context))


#: Paths answered by programs, not people: their errors stay short text or JSON.
_MACHINE_PATHS = ("/api/", "/cards/", "/static/", "/ws/")


async def _error_page(request: Request, exc: Exception) -> Response:
    """An error a person meets (no such page, a table that cannot be entered): a page in the
    person's language with a way home. Programs (``_MACHINE_PATHS``) get the bare error."""
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith(_MACHINE_PATHS):
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": exc.detail}, status_code=exc.status_code)
        return Response(exc.detail, status_code=exc.status_code, media_type="text/plain")
    lang = i18n.language(request.query_params.get("lang") or request.cookies.get("lang"))
    words = i18n.texts(lang)
    missing = exc.status_code == 404
    detail = "" if exc.detail in ("Not Found", "Method Not Allowed") else str(exc.detail)
    detail_lang = "en"
    if isinstance(exc, _Refused | i18n.Missing) and f"refused_{exc.kind}" in i18n.TEXTS:
        detail, detail_lang = i18n.refusal(lang, exc.kind, exc.values, detail), lang
    response = _page(
        request,
        "error.html",
        heading=words["error_not_found" if missing else "error_unavailable"],
        explained=words["error_not_found_help" if missing else "error_unavailable_help"],
        detail=detail,
        detail_lang=detail_lang,
    )
    response.status_code = exc.status_code
    if exc.headers:
        response.headers.update(exc.headers)
    return response


class _Refused(HTTPException):
    """A table that cannot be entered, for its error page: the status, the English detail, and
    the ``kind`` and ``values`` the page says it in its language by."""

    def __init__(self, status: int, error: BelotError) -> None:
        super().__init__(status, str(error))
        self.kind, self.values = error_code(error)


def _error(error: BelotError, status: int = 400) -> JSONResponse:
    return JSONResponse(_refused(error), status_code=status)


def _tell(
    client: Client, message: str, kind: str = "", values: Mapping[str, object] | None = None
) -> None:
    """Send ``client`` an error that leaves its connection open; ``kind`` (``refused_<kind>`` of
    the pages' texts) and its ``values`` let the page say it in its own language."""
    client.offer(json.dumps(refusal(message, kind, values)))


async def _fatal(
    websocket: WebSocket, message: str, code: int, kind: str = "", **values: str | int
) -> None:
    """Refuse a connection: say why (``kind``, ``values``: for the page to word it), then close
    it with ``code``."""
    await websocket.send_json(refusal(message, kind, values, fatal=True))
    await websocket.close(code=code, reason=message[:120])


def _refused(error: BelotError) -> dict[str, Any]:
    """The JSON answer of a refused request: the English ``error``, its ``kind`` and ``values``
    for a page to word it, and the owner of a table served elsewhere."""
    owner = getattr(error, "owner", None)
    kind, values = error_code(error)
    told: dict[str, Any] = {"error": str(error)}
    if kind:
        told |= {"kind": kind} | ({"values": values} if values else {})
    return told | ({"owner": owner} if owner else {})


def _status(error: BelotError, default: int) -> int:
    """The HTTP status of ``error``: its own (a table not served here), else ``default``."""
    status = getattr(error, "status", default)
    return status if isinstance(status, int) else default


def _scorecounter_routes() -> list[BaseRoute]:
    """The score counter's pages, when that module is installed."""
    name = "belot.web.scorecounter"
    try:
        if importlib.util.find_spec(name) is None:
            return []
    except ImportError:
        return []
    routes = importlib.import_module(name).routes()
    return list(routes)


def create_app(
    store: Store,
    *,
    bot_delay: float = 0.6,
    leave_grace: float = 20.0,
    idle_seconds: float = 300.0,
    max_body: int = MAX_BODY,
    body_seconds: float = BODY_SECONDS,
    limits: Limits | None = None,
    redis_url: str | None = None,
    heartbeat: float = 1.0,
) -> Starlette:
    """The Starlette app serving every table kept in ``store``.

    ``max_body`` bounds every request body (bytes) and ``body_seconds`` the time to send it;
    ``limits`` what one client address may do (``belot.web.limits``).
    Tables are loaded at start-up when they must carry on (``Hub.load``), the others when
    opened; one with nobody at it for ``idle_seconds`` leaves memory.
    With ``redis_url``, several processes share the store's database: a browser at a table
    of another process is served by it through Redis (``belot.web.relay``, a ping every
    ``heartbeat`` seconds).
    """
    hub = Hub(store, bot_delay=bot_delay, leave_grace=leave_grace, idle_seconds=idle_seconds)
    hub.load()
    extra_routes = _scorecounter_routes()
    gate = Gate(limits or Limits())
    relay: Relay | None = None

    async def committed(table_id: str) -> Room:
        """The room of ``table_id`` once all it did is committed (nothing is shown before)."""
        room = await hub.room(table_id)
        room.check_open()
        await hub.commit(room)
        return room

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        hub.resume()
        if relay is not None:
            await relay.start()
        yield
        if relay is not None:
            await relay.close()
        await hub.close()

    level_games: dict[str, list[str]] = {}

    async def home(request: Request) -> Response:
        if not level_games:  # which games each level plays, for the home page's choices
            level_games.update(
                {level: [g for g in PRESETS if forms.level_plays(level, g)] for level in LEVELS}
            )
        return _page(
            request,
            "index.html",
            levels=list(LEVELS),
            level_games=level_games,
            default_level="basic" if "basic" in LEVELS else "random",
            extras=bool(extra_routes),
        )

    async def served_id(table_id: str) -> str:
        """The code of a table served here or, with a relay, by another process."""
        try:
            return (await hub.room(table_id)).table.id
        except Unavailable as error:
            if relay is not None and error.owner is not None and error.status == 423:
                return table_code(table_id)
            raise

    async def table_page(request: Request) -> Response:
        try:
            table_id = await served_id(request.path_params["table_id"])
        except TableError as error:
            raise _Refused(_status(error, 404), error) from None
        return _page(request, "table.html", table_id=table_id)

    async def replay_page(request: Request) -> Response:
        try:
            table_id = await served_id(request.path_params["table_id"])
        except TableError as error:
            raise _Refused(_status(error, 404), error) from None
        return _page(request, "replay.html", table_id=table_id)

    async def players_page(request: Request) -> Response:
        rows = await run_in_threadpool(store.player_stats)
        return _page(request, "players.html", rows=rows, games=list(PRESETS))

    async def players_json(_request: Request) -> Response:
        return JSONResponse({"players": await run_in_threadpool(store.player_stats)})

    async def create_table(request: Request) -> Response:
        try:
            data = await json_object(request)
        except BodyError as error:
            return _error(error, error.status)
        try:
            wanted = forms.new_table(data)
            room, token = await hub.create(
                rules=wanted.rules,
                seats=wanted.seats,
                timer=wanted.timer,
                hints=wanted.hints,
                name=wanted.name,
            )
        except BelotError as error:
            return _error(error)
        return JSONResponse({"id": room.table.id, "seat": "S", "token": token})

    async def claim(call: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        try:
            room = await hub.room(str(call["table"]))
            room.check_open()
            seat = Seat.from_str(str(call["seat"]))
            table = room.table
            # ``token`` only from a rematch (``rematch``): a browser's claim gets a new one.
            given = call.get("token")
            token = table.claim(
                seat, forms.claim_name(call["data"]), given if isinstance(given, str) else None
            )
            if not table.started and not any(s.is_open for s in table.seats):
                table.start()  # every person's seat is taken: deal
            room.save_config()
            await room.changed()
        except BelotError as error:
            return _status(error, 400), _refused(error)
        return 200, {"id": room.table.id, "seat": seat.name, "token": token}

    async def state(call: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        try:
            room = await committed(str(call["table"]))
        except TableError as error:
            return _status(error, 404), _refused(error)
        return 200, room.state(None)

    async def record(call: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        try:
            room = await committed(str(call["table"]))
        except TableError as error:
            return _status(error, 404), _refused(error)
        table = room.table
        return 200, {
            "id": table.id,
            "rules": table.rules.to_dict(),
            "first_dealer": table.first_dealer.name,
            "deals": table.replay_json(),
            # Who sat where, for the replay to name who acted (names are public at the table).
            "seats": [
                {"seat": seat["seat"], "kind": seat["kind"], "name": seat["name"]}
                for seat in table.summary()["seats"]
            ],
            "sheet": table.sheet_json(),
            "over": table.is_over,
        }

    calls = {"claim": claim, "state": state, "record": record}

    async def served(what: str, **arguments: Any) -> tuple[int, dict[str, Any]]:
        """Serve ``calls[what]`` here, or have the table's owner serve it (with a relay)."""
        status, body = await calls[what](arguments)
        owner = body.pop("owner", None)
        if status == 423 and owner is not None and relay is not None:
            status, body = await relay.call(owner, what, **arguments)
            body.pop("owner", None)
        return status, body

    async def answer(what: str, **arguments: Any) -> Response:
        status, body = await served(what, **arguments)
        return JSONResponse(body, status_code=status)

    async def rematch(room: Room, seat: Seat, token: str | None) -> dict[str, Any]:
        """The rematch of ``room``'s finished match for the person at ``seat`` (holding
        ``token``). The first to ask makes a new table of the same game, rules options, turn
        timer and hints, every seat as it was (a person's open for that person, a bot at its
        level), and keeps their own seat; the others at the table, spectators too, are shown it
        (``rematch`` in the table's state), and a person who asks next takes their own seat at
        it. Returns the message that sends ``seat``'s browser there, with its token (None when
        the seat was taken meanwhile by someone else). The token is derived from ``token``, so
        that one who asks again (the answer lost with the connection) gets it again."""
        table = room.table
        room.check_open()
        if not (table.started and table.is_over):
            raise TableError("a rematch is for a match that is over", "rematch_not_over")
        name = table.seats[seat].name
        theirs = rematch_token(token, table.id) if token else None
        async with room.rematching:  # two asking at once make one table
            if table.rematch is None:
                seats = [SeatInfo(kind=info.kind, level=info.level) for info in table.seats]
                new, mine = await hub.create(
                    rules=table.rules,
                    seats=seats,
                    timer=table.timer,
                    hints=table.hints,
                    creator=seat,
                    name=name,
                    token=theirs,
                )
                table.rematch = new.table.id
                room.save_config()
                await room.changed()
                return {"type": "rematch", "table": new.table.id, "seat": seat.name, "token": mine}
        status, body = await served(
            "claim", table=table.rematch, seat=seat.name, data={"name": name}, token=theirs
        )
        mine = body.get("token") if status == 200 else None
        taken = seat.name if mine else None
        return {"type": "rematch", "table": table.rematch, "seat": taken, "token": mine}

    async def claim_seat(request: Request) -> Response:
        try:
            data = await json_object(request, empty={})
        except BodyError as error:
            return _error(error, error.status)
        path = request.path_params
        return await answer("claim", table=path["table_id"], seat=path["seat"], data=data)

    async def table_json(request: Request) -> Response:
        return await answer("state", table=request.path_params["table_id"])

    async def record_json(request: Request) -> Response:
        return await answer("record", table=request.path_params["table_id"])

    analysed: dict[tuple[str, int], list[dict[str, Any]]] = {}

    async def analysis_json(request: Request) -> Response:
        try:
            room = await committed(request.path_params["table_id"])
            number = int(request.path_params["deal"])
            if not 1 <= number <= len(room.table.deals) or not room.table.deals[number - 1].is_over:
                raise TableError(
                    f"deal {number} is not a finished deal of this table", "no_deal", deal=number
                )
            key = (room.table.id, number)
            cards = analysed.get(key)
            if cards is None:
                deal = room.table.deals[number - 1]
                cards = await hub.advise(
                    hints.annotate,
                    deal,
                    key=("analysis", *key),
                    address=host_of(request.scope),
                    share=True,
                )
                analysed[key] = cards
                while len(analysed) > _ANALYSES_KEPT:
                    del analysed[next(iter(analysed))]  # the oldest first
        except BelotError as error:
            return _error(error, _status(error, 400))
        return JSONResponse({"deal": number, "cards": cards})

    async def card(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            text = back_svg() if name == "back" else card_svg(Card.from_str(name))
        except BelotError:
            raise HTTPException(404, "no such card") from None
        return Response(text, media_type="image/svg+xml", headers=_SVG_HEADERS)

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        host = host_of(websocket.scope)
        refused = gate.open_socket(host)
        if refused is not None:
            await _fatal(websocket, refused.message, 4429, refused.kind, **refused.values)
            return
        try:
            await _serve_socket(websocket, host)
        finally:
            gate.close_socket(host)

    async def place(
        table_id: str, token: str | None, address: str, send: Send, close: Close
    ) -> Session | str:
        """A browser's session at ``table_id`` when this process serves it, else the name of
        the process that does (with a relay); raises ``TableError`` naming why neither."""
        try:
            room = await hub.room(table_id)
        except Unavailable as error:
            if relay is not None and error.owner is not None and error.status == 423:
                return error.owner
            raise
        seat = room.table.seat_of(token)
        if token and seat is None:
            raise Unavailable("wrong seat token for this table", 403, code="wrong_token")
        client = Client(seat, send, close)
        room.join(client)
        if seat is not None:
            room.returned(seat)
            if room.table.seats[seat].away and room.held is None:
                await room.set_away(seat, False)
        if room.held is not None:
            # It is sent its state once the database is back (``Room.release_hold``).
            client.offer(
                json.dumps({"type": "status", "database": "reconnecting", "message": room.held})
            )
        else:
            await room.changed()
        return _Local(room, client, address, token if seat is not None else None)

    async def session(
        table_id: str, token: str | None, address: str, send: Send, close: Close
    ) -> Session:
        placed = await place(table_id, token, address, send, close)
        if isinstance(placed, str):
            assert relay is not None
            return await relay.link(table_id, placed, token, address, send, close)
        return placed

    @dataclass(eq=False)
    class _Local:
        """A browser at a room of this process (its own or another process's, relayed)."""

        room: Room
        client: Client
        address: str
        #: The seat's token this browser connected with (the rematch's seat is derived from it).
        token: str | None = None

        @property
        def dropped(self) -> bool:
            return self.client.dropped

        async def handle(self, text: str) -> None:
            client = self.client
            try:
                message = strictjson.loads(text)
            except strictjson.MalformedJSONError:
                _tell(client, "messages are JSON", "not_json")
                return
            except strictjson.JSONInputError as error:
                _tell(client, f"messages are JSON: {error}", "not_json")
                return
            await _handle(self.room, client, message, self.address, self.token)

        def tell(self, message: str, kind: str = "", **values: str | int) -> None:
            _tell(self.client, message, kind, values)

        async def leave(self) -> None:
            room, client = self.room, self.client
            room.forget(client)
            if client.seat is not None and not room.connected(client.seat):
                room.left(client.seat)
            with contextlib.suppress(Exception):
                await room.broadcast()

    async def _serve_socket(websocket: WebSocket, host: str) -> None:
        wait = gate.guesses.wait(host)
        if wait:
            refused = too_many("guesses", wait)
            await _fatal(websocket, refused.message, 4429, refused.kind, **refused.values)
            return
        token = websocket.query_params.get("token")
        try:
            here = await session(
                websocket.path_params["table_id"],
                token,
                host,
                websocket.send_text,
                websocket.close,
            )
        except TableError as error:
            if _status(error, 404) in (403, 404):
                gate.guesses.spend(host)
            kind, values = error_code(error)
            await _fatal(websocket, str(error), 4000 + _status(error, 404), kind, **values)
            return
        try:
            while not here.dropped:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                text = received.get("text")
                if text is None:
                    here.tell("messages are JSON text: binary frames are not read", "binary")
                elif len(text) > MAX_MESSAGE:
                    kib = MAX_MESSAGE // 1024
                    here.tell(f"a message is at most {kib} KiB", "too_long", kib=kib)
                else:
                    await here.handle(text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await here.leave()

    async def _handle(
        room: Room, client: Client, message: Any, address: str, token: str | None = None
    ) -> None:
        seat = client.seat
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "ping":
                client.offer('{"type":"pong"}')
                return
            if seat is None:
                raise TableError("spectators cannot act: take a free seat first", "spectator")
            if kind == "act":
                at = forms.action_position(message)
                if at is not None and at != room.table.position:
                    # Chosen on a state that has moved on (sent again after a reconnection,
                    # or twice): not applied, and the page is shown where the table is.
                    client.offer(room.state_text(seat))
                    return
                await room.act(seat, str(message.get("action", "")))
            elif kind == "next":
                room.check_open()
                room.table.next_deal()
                await room.changed()
            elif kind == "start":
                room.check_open()
                room.table.start()
                room.save_config()
                await room.changed()
            elif kind == "undo":
                await room.undo(seat)
            elif kind == "take_back":
                await room.set_away(seat, False)
            elif kind == "leave":
                await room.set_away(seat, True)
            elif kind == "rematch":
                client.offer(json.dumps(await rematch(room, seat, token)))
            elif kind == "hint":
                if not room.table.hints:
                    raise TableError("hints are switched off at this table", "hints_off")
                level = message.get("level", "strong")
                if level not in hints.LEVELS:
                    raise TableError(
                        f"a hint is the strong or the expert level's, not {repr(level)[:40]}",
                        "bad_hint_level",
                    )
                view = room.table.deal.view(seat)
                if not view.legal:
                    raise OutOfTurnError("it is not your turn")
                advice = await hub.advise(
                    hints.hint,
                    view,
                    level,
                    key=("hint", room.table.id, seat),
                    address=address,
                )
                client.offer(json.dumps({"type": "hint", "hint": advice}))
            else:
                raise TableError(f"unknown message type {kind!r}", "unknown_type")
        except BelotError as error:
            _tell(client, str(error), *error_code(error))

    if redis_url is not None:
        from belot.web.relay import Relay

        relay = Relay(redis_url, store.owner, place, calls, heartbeat=heartbeat)
    app_relay = relay

    routes: list[BaseRoute] = [
        Route("/", home),
        Route("/t/{table_id}", table_page),
        Route("/replay/{table_id}", replay_page),
        Route("/players", players_page),
        Route("/api/players", players_json),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_json),
        Route("/api/tables/{table_id}/record", record_json),
        Route("/api/tables/{table_id}/analysis/{deal:int}", analysis_json),
        Route("/api/tables/{table_id}/seats/{seat}", claim_seat, methods=["POST"]),
        Route("/cards/{name}.svg", card),
        WebSocketRoute("/ws/{table_id}", socket),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        *extra_routes,
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: _error_page},
        middleware=[
            Middleware(Guard, max_body=max_body, body_seconds=body_seconds),
            Middleware(Limiter, gate=gate),
        ],
    )
    app.state.max_body = max_body
    app.state.hub = hub
    app.state.relay = app_relay
    return app
