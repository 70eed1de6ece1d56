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
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from belot.bots import LEVELS
from belot.engine.cards import Card
from belot.engine.errors import BelotError
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.web import hints, i18n
from belot.web.rooms import Client, Hub, Room
from belot.web.store import Store
from belot.web.svg import back_svg, card_svg
from belot.web.tables import SeatInfo, TableError

__all__ = ["create_app"]

HERE = Path(__file__).parent
_env = Environment(
    loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"])
)
_SVG_HEADERS = {"Cache-Control": "public, max-age=86400"}


def _page(request: Request, name: str, **context: Any) -> HTMLResponse:
    lang = i18n.language(request.query_params.get("lang") or request.cookies.get("lang"))
    context |= {
        "lang": lang,
        "t": i18n.texts(lang),
        "texts_json": json.dumps(
            {code: i18n.texts(code) for code in i18n.LANGUAGES}, ensure_ascii=False
        ),
    }
    return HTMLResponse(_env.get_template(name).render(**context))


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


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


def create_app(store: Store, *, bot_delay: float = 0.6, leave_grace: float = 20.0) -> Starlette:
    """The Starlette app serving every table kept in ``store``."""
    hub = Hub(store, bot_delay=bot_delay, leave_grace=leave_grace)
    hub.load()
    extra_routes = _scorecounter_routes()

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        hub.resume()
        yield
        await hub.close()

    async def home(request: Request) -> Response:
        return _page(
            request,
            "index.html",
            levels=list(LEVELS),
            default_level="basic" if "basic" in LEVELS else "random",
            extras=bool(extra_routes),
        )

    async def table_page(request: Request) -> Response:
        try:
            room = hub.get(request.path_params["table_id"])
        except TableError:
            raise HTTPException(404, "no such table") from None
        return _page(request, "table.html", table_id=room.table.id)

    async def replay_page(request: Request) -> Response:
        try:
            room = hub.get(request.path_params["table_id"])
        except TableError:
            raise HTTPException(404, "no such table") from None
        return _page(request, "replay.html", table_id=room.table.id)

    async def create_table(request: Request) -> Response:
        try:
            data = await request.json()
        except ValueError:
            return _error("the request body must be JSON")
        if not isinstance(data, dict):
            return _error("the request body must be a JSON object")
        try:
            rules = Rules.from_dict(data.get("rules"))
            seats_data = data.get("seats") or {}
            seats = []
            for seat in Seat:
                item = seats_data.get(seat.name) or {}
                if not isinstance(item, dict):
                    raise TableError(f"seat {seat.name} must be an object")
                seats.append(
                    SeatInfo(
                        kind="person" if item.get("kind") == "person" else "bot",
                        level=str(item.get("level", "random")),
                    )
                )
            timer = data.get("timer", 0)
            if not isinstance(timer, int):
                raise TableError("the turn timer is a whole number of seconds")
            room, token = await hub.create(
                rules=rules,
                seats=seats,
                timer=timer,
                hints=bool(data.get("hints", True)),
                name=str(data.get("name", "")),
            )
        except BelotError as error:
            return _error(str(error))
        return JSONResponse({"id": room.table.id, "seat": "S", "token": token})

    async def claim_seat(request: Request) -> Response:
        try:
            room = hub.get(request.path_params["table_id"])
            seat = Seat.from_str(request.path_params["seat"])
            try:
                data = await request.json()
            except ValueError:
                data = {}
            table = room.table
            token = table.claim(seat, str((data or {}).get("name", "")))
            if not table.started and not any(s.is_open for s in table.seats):
                table.start()  # every person's seat is taken: deal
            room.save_config()
            await room.changed()
        except BelotError as error:
            return _error(str(error))
        return JSONResponse({"id": room.table.id, "seat": seat.name, "token": token})

    async def table_json(request: Request) -> Response:
        try:
            room = hub.get(request.path_params["table_id"])
        except TableError as error:
            return _error(str(error), 404)
        return JSONResponse(room.state(None))

    async def record_json(request: Request) -> Response:
        try:
            room = hub.get(request.path_params["table_id"])
        except TableError as error:
            return _error(str(error), 404)
        table = room.table
        return JSONResponse(
            {
                "id": table.id,
                "rules": table.rules.to_dict(),
                "first_dealer": table.first_dealer.name,
                "deals": table.replay_json(),
                "sheet": table.sheet_json(),
                "over": table.is_over,
            }
        )

    analysed: dict[tuple[str, int], list[dict[str, Any]]] = {}

    async def analysis_json(request: Request) -> Response:
        try:
            room = hub.get(request.path_params["table_id"])
            number = int(request.path_params["deal"])
            if not 1 <= number <= len(room.table.deals) or not room.table.deals[number - 1].is_over:
                raise TableError(f"deal {number} is not a finished deal of this table")
            key = (room.table.id, number)
            if key not in analysed:
                deal = room.table.deals[number - 1]
                analysed[key] = await hub.think(hints.annotate, deal)
        except BelotError as error:
            return _error(str(error))
        return JSONResponse({"deal": number, "cards": analysed[key]})

    async def card(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            text = back_svg() if name == "back" else card_svg(Card.from_str(name))
        except BelotError:
            raise HTTPException(404, "no such card") from None
        return Response(text, media_type="image/svg+xml", headers=_SVG_HEADERS)

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            room = hub.get(websocket.path_params["table_id"])
        except TableError as error:
            await websocket.send_json({"type": "error", "message": str(error), "fatal": True})
            await websocket.close(code=4404)
            return
        token = websocket.query_params.get("token")
        seat = room.table.seat_of(token)
        if token and seat is None:
            await websocket.send_json(
                {"type": "error", "message": "wrong seat token for this table", "fatal": True}
            )
            await websocket.close(code=4403)
            return
        client = Client(seat, websocket.send_text)
        room.clients.append(client)
        if seat is not None:
            room.returned(seat)
            if room.table.seats[seat].away:
                await room.set_away(seat, False)
        await room.changed()
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    message = json.loads(text)
                except ValueError:
                    await websocket.send_json({"type": "error", "message": "messages are JSON"})
                    continue
                await _handle(room, client, message, websocket)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.clients = [c for c in room.clients if c is not client]
            if seat is not None and not room.connected(seat):
                room.left(seat)
            with contextlib.suppress(Exception):
                await room.broadcast()

    async def _handle(room: Room, client: Client, message: Any, websocket: WebSocket) -> None:
        seat = client.seat
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "ping":
                await websocket.send_json({"type": "pong"})
                return
            if seat is None:
                raise TableError("spectators cannot act: take a free seat first")
            if kind == "act":
                await room.act(seat, str(message.get("action", "")))
            elif kind == "next":
                room.table.next_deal()
                await room.changed()
            elif kind == "start":
                room.table.start()
                room.save_config()
                await room.changed()
            elif kind == "take_back":
                await room.set_away(seat, False)
            elif kind == "leave":
                await room.set_away(seat, True)
            elif kind == "hint":
                if not room.table.hints:
                    raise TableError("hints are switched off at this table")
                view = room.table.deal.view(seat)
                if not view.legal:
                    raise TableError("it is not your turn")
                advice = await hub.think(hints.hint, view)
                await websocket.send_json({"type": "hint", "hint": advice})
            else:
                raise TableError(f"unknown message type {kind!r}")
        except BelotError as error:
            await websocket.send_json({"type": "error", "message": str(error)})

    routes: list[BaseRoute] = [
        Route("/", home),
        Route("/t/{table_id}", table_page),
        Route("/replay/{table_id}", replay_page),
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
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app
