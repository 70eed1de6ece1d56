"""Every browser that connects to a room is shown the table, whatever connections came and went
before it at the same turn."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.web.clients import Client
from belot.web.rooms import Hub
from belot.web.store import Store
from belot.web.tables import SeatInfo


def test_a_browser_is_shown_the_table_where_a_closed_connections_object_lay(
    tmp_path: Path,
) -> None:
    """A spectator comes and goes, then another browser connects at the same turn; Python may
    make the new connection's object at the address of the one that closed (its ``id``). The
    room told its connections apart by those ``id``s, took the newcomer for one already shown
    the turn and sent it nothing: a page that waited for ever. Tried until an address is
    reused, which CPython does at once for an object freed just before."""

    async def run() -> int:
        store = Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}")
        hub = Hub(store, bot_delay=0)
        hub.resume()
        try:
            seats = [SeatInfo("person") for _ in Seat]  # nobody comes: the table stays still
            room, _ = await hub.create(rules=Rules(), seats=seats)
            reused = 0
            for _ in range(20):
                shown: list[str] = []

                async def send(text: str, shown: list[str] = shown) -> None:
                    shown.append(json.loads(text)["type"])

                spectator = Client(None, send)
                room.join(spectator)
                await room.changed()
                room.clients.remove(spectator)
                await asyncio.sleep(0.01)  # its writer sends what it was offered and ends
                assert shown == ["state"]
                shown.clear()
                gone = id(spectator)
                del spectator
                newcomer = Client(None, send)
                reused += id(newcomer) == gone
                room.join(newcomer)
                await room.changed()
                await asyncio.sleep(0.01)
                assert shown == ["state"], f"a newcomer was sent {shown}"
                room.clients.remove(newcomer)
                del newcomer
            return reused
        finally:
            await hub.close()
            store.close()

    assert asyncio.run(run()) > 0  # the case was met
