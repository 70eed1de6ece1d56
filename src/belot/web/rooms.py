"""Rooms: a table with its connected browsers, the bots that play its seats, and its timers.

The room is the only place that changes a table. Everything runs on the server's event loop;
a bot's decision is computed on a thread when the bot may take a while, and thrown away if the
table changed meanwhile. After each change every browser gets its own seat's view (a spectator
gets no hidden cards) and the new actions are appended to the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from belot.bots import LEVELS, Bot, make
from belot.bots.solver import load_compiled
from belot.engine.errors import BelotError
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.tricks import winner_position
from belot.web.store import Store
from belot.web.tables import NEXT, SeatInfo, Table, TableError

__all__ = ["Hub", "Room"]

#: Bot levels fast enough to decide on the event loop itself.
_INLINE_LEVELS: Final = frozenset({"random", "basic"})
_log = logging.getLogger(__name__)
#: New actions are written at most this long after they happen, many tables in one transaction.
FLUSH_SECONDS: Final = 0.05
_CODE_LETTERS: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

Send = Callable[[str], Awaitable[None]]
T = TypeVar("T")


@dataclass(eq=False)
class Client:
    """One browser connection: its seat (None for a spectator) and how to send it text."""

    seat: Seat | None
    send: Send


@dataclass(eq=False)
class Room:
    table: Table
    hub: Hub
    clients: list[Client] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    saved: int = 0
    driver: asyncio.Task[None] | None = None
    deadline: float | None = None
    grace: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    #: When each action was taken (monotonic), for the load benchmark.
    last_change: float = 0.0
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _table_text: tuple[tuple[object, ...], str] | None = None

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` on the loop, keeping a reference until it is done."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- who plays ----------------------------------------------------------------------------

    def connected(self, seat: Seat) -> bool:
        return any(c.seat == seat for c in self.clients)

    def bot_plays(self, seat: Seat) -> bool:
        """True when a bot acts for ``seat`` now."""
        info = self.table.seats[seat]
        if info.kind == "bot":
            return True
        # A person's seat is played by a bot only while they are away and someone is watching;
        # an empty table waits for its people to come back.
        return info.away and bool(self.clients)

    def bot_for(self, seat: Seat) -> Bot:
        bot = self.bots.get(seat)
        level = self.table.seats[seat].level
        if bot is None or bot.name != level:
            bot = make(level, seed=(self.table.master + seat) % 2**31)
            self.bots[seat] = bot
        return bot

    def people_present(self) -> bool:
        return any(
            info.kind == "person" and not info.away and self.connected(Seat(i))
            for i, info in enumerate(self.table.seats)
        )

    # --- changes ----------------------------------------------------------------------------

    async def changed(self) -> None:
        """Save new actions, tell every browser, and let bots and timers carry on."""
        self.last_change = time.perf_counter()
        self.hub.dirty(self)
        self.arm_timer()
        await self.broadcast()
        self.drive()

    def save(self) -> None:
        """Append the actions not yet stored."""
        self.hub.store.append_many([self.unsaved()])

    def unsaved(self) -> tuple[str, int, list[tuple[str, str]]]:
        """The actions not yet stored, as (table id, first number, actions); marks them saved."""
        table = self.table
        start = self.saved
        self.saved = len(table.record)
        return (table.id, start, table.record[start:])

    def save_config(self) -> None:
        self.hub.store.save_config(self.table.id, self.table.to_config())

    async def broadcast(self) -> None:
        for client in list(self.clients):
            try:
                await client.send(self.state_text(client.seat))
            except Exception:  # a browser that went away mid-send is dropped on its own
                self.clients = [c for c in self.clients if c is not client]

    def state(self, seat: Seat | None) -> dict[str, Any]:
        """What ``seat``'s browser is sent after a change (a spectator's when None)."""
        return {"table": self._summary(), **self._personal(seat)}

    def state_text(self, seat: Seat | None) -> str:
        """``state(seat)`` as JSON text; the table's part is encoded once for every browser
        and kept until it changes (it changes only between deals or when seats do)."""
        seats = tuple(
            (info.kind, info.level, info.name, info.is_open, info.away, self.connected(s))
            for s, info in zip(Seat, self.table.seats, strict=True)
        )
        table = self.table
        key: tuple[object, ...] = (
            table.started,
            table.deal_number,
            table.match.deal_over,
            table.hints,
            table.timer,
            seats,
            bool(self.clients),
        )
        if self._table_text is None or self._table_text[0] != key:
            self._table_text = (key, json.dumps(self._summary(), separators=(",", ":")))
        personal = json.dumps(self._personal(seat), separators=(",", ":"))
        return '{"table":' + self._table_text[1] + "," + personal[1:]

    def _summary(self) -> dict[str, Any]:
        table = self.table
        summary = table.summary()
        for item, s in zip(summary["seats"], Seat, strict=True):
            item["connected"] = self.connected(s)
            item["bot_playing"] = self.bot_plays(s) and table.seats[s].kind == "person"
        return summary

    def _personal(self, seat: Seat | None) -> dict[str, Any]:
        table = self.table
        remaining = None
        if self.deadline is not None:
            remaining = max(0.0, self.deadline - time.monotonic())
        holder = None
        if table.started:
            deal = table.deal
            trick = deal.current_trick
            if trick and deal.contract is not None:
                position = winner_position([c.index for _, c in trick], deal.contract)
                holder = trick[position][0].name
        return {
            "type": "state",
            "holder": holder,
            "you": None if seat is None else seat.name,
            "view": table.view_json(seat),
            "deal_number": table.deal_number + 1,
            "waiting_for_next": table.waiting_for_next,
            "timer_left": remaining,
            "hint_available": table.hints and seat is not None,
            "levels": list(LEVELS),
        }

    async def act(self, seat: Seat, text: str) -> None:
        """A person's action; raises ``BelotError`` (nothing changes) when it is not allowed."""
        table = self.table
        if text == "cut:random":
            text = table.random_cut()
        if text != NEXT and self.bot_plays(seat):
            raise TableError("a bot is playing your seat: take it back first")
        table.act(seat, text)
        await self.changed()

    async def set_away(self, seat: Seat, away: bool) -> None:
        info = self.table.seats[seat]
        if info.kind != "person" or info.away == away:
            return
        info.away = away
        self.table.version += 1
        self.save_config()
        await self.changed()

    # --- bots and timers ----------------------------------------------------------------------

    def drive(self) -> None:
        """Start the bot loop unless it is running."""
        if self.driver is None or self.driver.done():
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    def _bot_turn(self) -> Seat | None:
        table = self.table
        if not table.started or table.is_over:
            return None
        if table.waiting_for_next:
            # Between deals the people say when to go on. Bots go on alone at a table of bots,
            # or while every person is away but someone still watches; an empty table waits.
            if self.people_present():
                return None
            has_people = any(info.kind == "person" for info in table.seats)
            return Seat.N if not has_people or self.clients else None
        seat = table.to_act
        if seat is not None and self.bot_plays(seat):
            return seat
        return None

    async def _drive(self) -> None:
        delay = self.hub.bot_delay
        while True:
            seat = self._bot_turn()
            if seat is None:
                return
            version = self.table.version
            if delay > 0:
                await asyncio.sleep(delay * (2 if self.table.waiting_for_next else 1))
            else:
                await asyncio.sleep(0)
            if self.table.version != version or self._bot_turn() != seat:
                continue
            if self.table.waiting_for_next:
                self.table.next_deal()
            else:
                text = await self._bot_action(seat)
                if self.table.version != version:
                    continue
                try:
                    self.table.act(seat, text)
                except BelotError:
                    # A bot that answers wrongly must not stop the table: play a legal action.
                    _log.exception("bot %s at table %s", self.bot_for(seat), self.table.id)
                    self.table.act(seat, str(self.table.deal.legal_actions()[0]))
            await self.changed()

    async def _bot_action(self, seat: Seat) -> str:
        bot = self.bot_for(seat)
        view = self.table.deal.view(seat)
        try:
            if bot.name in _INLINE_LEVELS:
                return str(bot.act(view))
            return str(await self.hub.think(bot.act, view))
        except Exception:
            _log.exception("bot %s at table %s", bot, self.table.id)
            return str(view.legal[0])

    def arm_timer(self) -> None:
        """Start the turn timer when a person is to act (timer option), else stop it."""
        table = self.table
        self.deadline = None
        seat = table.to_act
        if not table.timer or seat is None or self.bot_plays(seat):
            return
        if table.seats[seat].kind != "person":
            return
        self.deadline = time.monotonic() + table.timer
        version = table.version
        asyncio.get_running_loop().call_later(table.timer, self._timed_out, seat, version)

    def _timed_out(self, seat: Seat, version: int) -> None:
        if self.table.version == version and self.table.to_act == seat:
            self.spawn(self.set_away(seat, True))

    def left(self, seat: Seat) -> None:
        """A person's browser closed: after the grace period a bot takes over their seat."""
        old = self.grace.pop(seat, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()

        def expire() -> None:
            self.grace.pop(seat, None)
            if not self.connected(seat):
                self.spawn(self.set_away(seat, True))

        self.grace[seat] = loop.call_later(self.hub.leave_grace, expire)

    def returned(self, seat: Seat) -> None:
        old = self.grace.pop(seat, None)
        if old is not None:
            old.cancel()


class Hub:
    """Every room of the server, the store behind them and the server-wide settings."""

    def __init__(self, store: Store, *, bot_delay: float = 0.6, leave_grace: float = 20.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.leave_grace = leave_grace
        self.rooms: dict[str, Room] = {}
        self._dirty: dict[str, Room] = {}
        # The searches (bots, hints, analysis) run on their own threads, one per core: each
        # thread has its own solver, and the compiled search releases the GIL, so the bots of
        # two tables think at the same time.
        self._thinker = ThreadPoolExecutor(
            max_workers=os.cpu_count() or 1, thread_name_prefix="belot-think"
        )
        # Load the compiled search on a search thread now (about 0.3 s), not on the event loop
        # when a table first makes a `strong` bot.
        self._thinker.submit(load_compiled)
        self._flusher: asyncio.TimerHandle | None = None

    async def think(self, function: Callable[..., T], *args: Any) -> T:
        """Run a search (a bot's decision, a hint, an analysis) on a search thread."""
        return await asyncio.get_running_loop().run_in_executor(self._thinker, function, *args)

    def dirty(self, room: Room) -> None:
        """Store ``room``'s new actions within ``FLUSH_SECONDS`` (one transaction for all)."""
        if room.saved >= len(room.table.record):
            return
        self._dirty[room.table.id] = room
        if self._flusher is None:
            self._flusher = asyncio.get_running_loop().call_later(FLUSH_SECONDS, self.flush)

    def flush(self) -> None:
        """Write every room's new actions now."""
        self._flusher = None
        rooms, self._dirty = list(self._dirty.values()), {}
        if rooms:
            self.store.append_many([room.unsaved() for room in rooms])

    def load(self) -> int:
        """Rebuild every stored table by replaying its record; returns how many."""
        for table_id, config, record in self.store.load_all():
            table = Table.from_config(table_id, config, record)
            room = Room(table, self)
            room.saved = len(table.record)
            self.rooms[table_id] = room
        return len(self.rooms)

    def resume(self) -> None:
        """Let the bots of every loaded table carry on (needs the running event loop)."""
        for room in self.rooms.values():
            room.arm_timer()
            room.drive()

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(_CODE_LETTERS) for _ in range(6))
            if code not in self.rooms:
                return code

    async def create(
        self,
        *,
        rules: Rules,
        seats: list[SeatInfo],
        timer: int = 0,
        hints: bool = True,
        creator: Seat | None = Seat.S,
        name: str = "",
    ) -> tuple[Room, str | None]:
        """A new table; the creator (if any) takes ``creator`` and gets its token."""
        for info in seats:
            if info.level not in LEVELS:
                raise TableError(f"unknown bot level {info.level!r} (known: {', '.join(LEVELS)})")
        token = None
        if creator is not None:
            seats[creator].kind = "person"
            seats[creator].token_hash = None
        table = Table.new(self.new_code(), rules, seats, timer=timer, hints=hints)
        if creator is not None:
            token = table.claim(creator, name)
            if not any(s.is_open for s in table.seats) and not table.started:
                table.start()
        room = Room(table, self)
        self.rooms[table.id] = room
        room.save_config()
        await room.changed()
        return room, token

    def get(self, table_id: str) -> Room:
        room = self.rooms.get(table_id.upper())
        if room is None:
            raise TableError(f"no table {table_id!r}")
        return room

    async def close(self) -> None:
        self._thinker.shutdown(wait=False, cancel_futures=True)
        if self._flusher is not None:
            self._flusher.cancel()
        self.flush()
        for room in self.rooms.values():
            room.save()
            if room.driver is not None:
                room.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.driver
