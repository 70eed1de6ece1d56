"""Rooms: a table with its connected browsers, the bots that play its seats, and its timers.

The room is the only place that changes a table. Everything runs on the server's event loop;
a bot's decision is computed on a thread when the bot may take a while, and thrown away if the
table changed meanwhile. After each change the new actions are committed to the store (many
tables in one transaction, a few milliseconds after they happen), and only then does every browser
get its own seat's view (a spectator gets no hidden cards) and the bots go on: nothing is shown
that a crash could lose. While the database fails, the writes are retried and the tables that wait
accept nothing and say so.

A room lives in memory only while its process holds the table's lease in the store; a finished or
abandoned table is evicted (its lease given up) and loaded again from its record when opened.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import logging
import time
from collections.abc import Callable, Coroutine, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from sqlalchemy.exc import InterfaceError, OperationalError

from belot.bots import LEVELS, Bot, make
from belot.bots.base import Progress, Thought
from belot.bots.solver import load_compiled
from belot.engine.deal import Phase
from belot.engine.errors import BelotError
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.tricks import winner_position
from belot.web.clients import Client
from belot.web.store import Batch, Lease, Store, StoredTable
from belot.web.tables import (
    NEXT,
    SeatInfo,
    Table,
    TableError,
    new_code,
    refusal,
    table_code,
)
from belot.web.thinking import Thinkers

__all__ = ["Client", "Hub", "Room", "Unavailable"]

#: Bot levels fast enough to decide on the event loop itself.
_INLINE_LEVELS: Final = frozenset({"random", "basic"})
_log = logging.getLogger(__name__)
#: After a pause, the first new action waits this long for other tables' to share its
#: transaction (while writes follow each other, no wait is needed: they gather meanwhile).
FLUSH_SECONDS: Final = 0.003
#: The longest wait between two attempts to write to a database that fails.
RETRY_MAX_SECONDS: Final = 2.0
#: What the players of a table waiting for the database are told.
RECONNECTING: Final = "reconnecting to the database: this table waits until it is back"

T = TypeVar("T")


class Unavailable(TableError):
    """A table this server cannot serve now, with the HTTP status that says why."""

    def __init__(
        self,
        message: str,
        status: int,
        owner: str | None = None,
        code: str = "",
        **values: str | int,
    ) -> None:
        super().__init__(message, code, **values)
        self.status = status
        #: The server that owns the table (status 423), to forward to (``belot.web.relay``).
        self.owner = owner


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
    #: The configuration changed since it was last stored (``config_version`` counts changes).
    config_dirty: bool = False
    config_version: int = 0
    #: The table's row is in the database (so its lease is ours to renew).
    inserted: bool = False
    #: Who waits for the room's present actions to be committed.
    waiters: list[asyncio.Future[None]] = field(default_factory=list)
    #: Why the table accepts nothing now (the database fails), else None.
    held: str | None = None
    #: Evicted from memory or taken over by another server: this object is done.
    closed: bool = False
    #: When the room last had a browser or a change (monotonic), for eviction.
    idle_since: float = field(default_factory=time.monotonic)
    #: How many ``changed`` calls are under way: a room is not evicted in the middle of one
    #: (a slow commit would otherwise leave a new table idle before its first view is sent).
    changing: int = 0
    #: How many browsers have joined the room (``join``): each new one must be shown the table.
    arrivals: int = 0
    #: What the browsers were last shown after a change: (table version, configuration
    #: version, browsers joined). Not the connections' ``id``s: a closed connection's object
    #: may be freed and a new one made at its address, which would look already shown.
    _shown: tuple[int, int, int] | None = None
    #: Held while this match's rematch is made: two people asking at once make one table.
    rematching: asyncio.Lock = field(default_factory=asyncio.Lock)
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
        """The bot for ``seat`` in the current deal: a new seed each deal (``Table.bot_seed``)."""
        bot = self.bots.get(seat)
        level = self.table.seats[seat].level
        seed = self.table.bot_seed(seat)
        if bot is None or bot.name != level or bot.seed != seed:
            bot = make(level, seed=seed)
            self.bots[seat] = bot
        return bot

    def people_present(self) -> bool:
        return any(
            info.kind == "person" and not info.away and self.connected(Seat(i))
            for i, info in enumerate(self.table.seats)
        )

    # --- changes ----------------------------------------------------------------------------

    async def changed(self) -> None:
        """Commit new actions, then tell every browser and let bots and timers carry on."""
        self.last_change = time.perf_counter()
        self.idle_since = time.monotonic()
        self.changing += 1
        try:
            await self.hub.commit(self)
        finally:
            self.changing -= 1
            self.idle_since = time.monotonic()
        if self.closed or not self.stored:
            return  # a later change, committed after this one, shows both
        # Changes committed together are shown once: a browser shown the same turn twice
        # would act twice.
        shown = (self.table.version, self.config_version, self.arrivals)
        if shown != self._shown:
            self._shown = shown
            self.arm_timer()
            await self.broadcast()
        self.drive()

    @property
    def stored(self) -> bool:
        """True when everything the table did is committed."""
        return self.saved >= len(self.table.record) and not self.config_dirty

    def batch(self) -> Batch:
        """What the store lacks of this table (nothing is marked saved)."""
        table = self.table
        return Batch(
            table.id,
            self.saved,
            table.record[self.saved :],
            table.to_config() if self.config_dirty or not self.inserted else None,
            table.started and table.is_over,
            table.results(),
        )

    def stored_up_to(self, batch: Batch, config_version: int) -> None:
        """``batch`` (taken at ``config_version``) is committed."""
        # Never past the record: a batch written before an undo took actions back says
        # nothing of the actions now in their places.
        self.saved = min(max(self.saved, batch.start + len(batch.actions)), len(self.table.record))
        self.inserted = True
        if batch.config is not None and self.config_version == config_version:
            self.config_dirty = False

    def save(self) -> None:
        """Write what the store lacks now, on this thread (for tests and tools)."""
        batch, version = self.batch(), self.config_version
        if self.hub.store.write([batch]):
            raise Unavailable(f"another server owns table {self.table.id}", 423, code="elsewhere")
        self.stored_up_to(batch, version)

    def save_config(self) -> None:
        """Store the configuration with the next commit (callers then await ``changed``)."""
        self.config_dirty = True
        self.config_version += 1

    def check_open(self) -> None:
        """Raise ``TableError`` naming why when the table accepts nothing now."""
        if self.closed:
            raise Unavailable(
                "this table is no longer served here: reload the page", 409, code="moved"
            )
        if self.held is not None:
            raise Unavailable(self.held, 503, code="reconnecting")

    def join(self, client: Client) -> None:
        """A browser connected: it is shown the table at the next ``changed``, and forgotten
        as soon as its connection is given up."""
        self.clients.append(client)
        self.arrivals += 1
        client.gone = self.forget

    def forget(self, client: Client) -> None:
        """The browser is gone (dropped, or its connection closed): send it nothing more."""
        self.clients = [c for c in self.clients if c is not client]

    async def tell(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every browser at the table."""
        text = json.dumps(message)
        for client in list(self.clients):
            client.offer(text)  # one it drops leaves `clients` at once (`join`)

    def hold(self, reason: str) -> None:
        """The database fails: accept nothing until ``release_hold``, and say so."""
        if self.held is None:
            self.held = reason
            self.spawn(self.tell({"type": "status", "database": "reconnecting", "message": reason}))

    def release_hold(self) -> None:
        """The database is back: say so, and show the state to those who came meanwhile."""
        if self.held is not None:
            self.held = None
            self.spawn(self.tell({"type": "status", "database": "ok"}))
            self.spawn(self.broadcast())

    async def broadcast(self) -> None:
        if not self.stored:
            return  # shown once committed, by the change that is waiting for it
        # Queued, never awaited: a browser that reads slowly or not at all holds up no one.
        for client in list(self.clients):
            client.offer(self.state_text(client.seat), view=True)

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
            table.rematch,
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
            # The position: an action sent with it ("at") applies only here.
            "at": table.position,
            "waiting_for_next": table.waiting_for_next,
            "timer_left": remaining,
            "hint_available": table.hints and seat is not None,
            "undo_available": seat is not None and table.can_undo(seat),
            "levels": list(LEVELS),
        }

    async def act(self, seat: Seat, text: str) -> None:
        """A person's action; raises ``BelotError`` (nothing changes) when it is not allowed."""
        table = self.table
        if text == "cut:random":
            text = table.random_cut()
        self.check_open()
        if text != NEXT and self.bot_plays(seat):
            raise TableError("a bot is playing your seat: take it back first", "bot_plays")
        table.act(seat, text)
        await self.changed()

    async def undo(self, seat: Seat) -> None:
        """A person alone with bots takes back their last action and the bots' after it
        (``Table.undo``); the store forgets the actions taken back."""
        self.check_open()
        while not self.stored:  # no write of this table left in flight
            await self.hub.commit(self)
            self.check_open()
        self.table.undo(seat)  # raises, changing nothing, when it may not
        # Everything before stays committed; the store drops the rest, in order with every
        # other write (the store's one thread), before anything new is written.
        self.saved = min(self.saved, len(self.table.record))
        taken_back = self.hub.forget_actions(self.table.id, len(self.table.record))
        await taken_back
        await self.changed()

    async def set_away(self, seat: Seat, away: bool) -> None:
        info = self.table.seats[seat]
        if info.kind != "person" or info.away == away:
            return
        self.check_open()
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
            if bot.shows_thinking:
                return str(await self.hub.think(bot.decide, view, self._watcher(seat)))
            return str(await self.hub.think(bot.act, view))
        except Exception:
            _log.exception("bot %s at table %s", bot, self.table.id)
            return str(view.legal[0])

    def _watcher(self, seat: Seat) -> Progress:
        """What a bot's search on a search thread tells how far it has got: at most one
        ``Thought`` each ``Hub.thought_seconds`` (and the first at once) goes to the event loop,
        which shows it to the table (``show_thought``)."""
        loop = asyncio.get_running_loop()
        version = self.table.version
        every = self.hub.thought_seconds
        last = -every

        def progress(thought: Thought) -> None:
            nonlocal last
            now = time.monotonic()
            if thought.worlds and now - last < every:
                return
            last = now
            loop.call_soon_threadsafe(self.show_thought, seat, version, thought)

        return progress

    def show_thought(self, seat: Seat, version: int, thought: Thought) -> None:
        """Tell the table how far the bot of ``seat`` has got in its decision at ``version``
        (nothing once the table moved on). The best action so far and how many are weighed
        say something of the bot's hand, so only a browser of that seat (a person away, whose
        seat a bot plays) gets them; the others see the worlds solved and the part of the
        budget spent."""
        table = self.table
        if self.closed or table.version != version or not table.started:
            return
        deal = table.deal
        public: dict[str, Any] = {
            "type": "thinking",
            "seat": seat.name,
            "deal_number": table.deal_number + 1,
            "calls": len(deal.calls),
            "played": sum(len(trick.plays) for trick in deal.tricks),
            "worlds": thought.worlds,
            "planned": thought.planned,
            "spent": round(thought.spent, 3),
        }
        private = {
            **public,
            "choices": thought.choices,
            "kind": "calls" if deal.phase is Phase.AUCTION else "cards",
            "best": None if thought.best is None else str(thought.best),
        }
        texts = {False: json.dumps(public), True: json.dumps(private)}
        for client in list(self.clients):
            client.offer(texts[client.seat == seat], transient=True)

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
        if self.closed or self.held is not None:
            return  # re-armed by the change that is waiting for the database
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
            if self.held is not None:
                self.grace[seat] = loop.call_later(self.hub.leave_grace, expire)
            elif not self.closed and not self.connected(seat):
                self.spawn(self.set_away(seat, True))

        self.grace[seat] = loop.call_later(self.hub.leave_grace, expire)

    def returned(self, seat: Seat) -> None:
        old = self.grace.pop(seat, None)
        if old is not None:
            old.cancel()


class Hub:
    """Every room of the server, the store behind them and the server-wide settings."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.6,
        leave_grace: float = 20.0,
        idle_seconds: float = 300.0,
        thought_seconds: float = 0.25,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.leave_grace = leave_grace
        #: The least time between two reports of a bot's thinking sent to a table.
        self.thought_seconds = thought_seconds
        self.rooms: dict[str, Room] = {}
        self._dirty: dict[str, Room] = {}
        # The bots' searches have a thread per core; hints and analyses their own, below them.
        self.thinkers = Thinkers()
        # Load the compiled search on the search threads now (about 0.3 s), not on the event
        # loop when a table first makes a `strong` bot.
        self.thinkers.prepare(load_compiled)
        self.idle_seconds = idle_seconds
        # Every store call runs on this one thread, in order: the event loop never waits
        # for the database, and a lease given up is given up before it is taken again.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="belot-store")
        self._wake: asyncio.Event | None = None
        self._loops: list[asyncio.Task[None]] = []
        self._loading: dict[str, asyncio.Future[Room]] = {}
        # Tables whose write failed, retried together at ``_retry_at`` (back-off ``_delay``).
        self._parked: dict[str, Room] = {}
        self._retry_at = 0.0
        self._delay = 0.05
        self._failures = 0
        self._alone = False

    async def think(self, function: Callable[..., T], *args: Any) -> T:
        """Run a bot's decision on a search thread (hints and analyses: ``advise``)."""
        return await self.thinkers.move(function, *args)

    async def advise(
        self,
        function: Callable[..., T],
        *args: Any,
        key: Hashable,
        address: str,
        share: bool = False,
    ) -> T:
        """Run a hint or an analysis on the advice thread, within the limits of ``Thinkers``:
        one in flight per ``key`` (shared when ``share``), a few per client ``address``;
        raises ``Busy`` past them."""
        return await self.thinkers.advise(function, *args, key=key, address=address, share=share)

    # --- the store: commits, leases, loading and eviction ------------------------------------

    async def _store(self, function: Callable[..., T], *args: Any) -> T:
        """Run a store call on the store's own thread, one at a time and in order."""
        return await asyncio.get_running_loop().run_in_executor(self._writer, function, *args)

    def forget_actions(self, table_id: str, start: int) -> asyncio.Future[None]:
        """Delete ``table_id``'s stored actions from number ``start`` on (an undo), queued on
        the store's thread now, so after every write already queued and before any later."""
        loop = asyncio.get_running_loop()
        return loop.run_in_executor(self._writer, self.store.forget_actions, table_id, start)

    async def commit(self, room: Room) -> None:
        """Return once everything ``room`` did so far is committed (at once if it is); the
        writes of every room waiting then go in one transaction, ``FLUSH_SECONDS`` on."""
        if room.stored or room.closed:
            return
        future = asyncio.get_running_loop().create_future()
        room.waiters.append(future)
        self._dirty[room.table.id] = room
        self.start()
        assert self._wake is not None
        self._wake.set()
        await future

    async def _write_loop(self) -> None:
        assert self._wake is not None
        loop = asyncio.get_running_loop()
        while True:
            if not self._wake.is_set():
                # Idle until now: wait a moment for other tables' actions to come along. While
                # busy, those that came during the last write go together without waiting.
                wait = None if not self._parked else max(0.0, self._retry_at - loop.time())
                try:
                    await asyncio.wait_for(self._wake.wait(), wait)
                    await asyncio.sleep(FLUSH_SECONDS)
                except TimeoutError:
                    pass
            self._wake.clear()
            rooms = [r for r in self._dirty.values() if r.table.id not in self._parked]
            self._dirty = {}
            retried: list[Room] = []
            if self._parked and loop.time() >= self._retry_at:
                retried, self._parked = list(self._parked.values()), {}
            if rooms or retried:
                try:
                    await self._write(rooms, retried)
                except Exception as error:  # never let the writer stop: every table would wait
                    _log.exception("writing the tables failed")
                    self._refused([r for r in rooms + retried if not r.closed], error)

    async def _write(self, rooms: list[Room], retried: list[Room]) -> None:
        """Commit ``rooms``' new actions in one transaction. When the database fails, the
        tables are held and retried with back-off (``retried``, ``_refused``) while the others
        go on; when it refused the data itself (not the connection), each retried table is
        tried alone, so that one table that cannot be written holds up no other."""

        def entry(r: Room) -> tuple[Room, Batch, int, int]:
            return r, r.batch(), r.config_version, len(r.waiters)

        groups = [[entry(r) for r in rooms]] if rooms else []
        if self._alone:
            groups += [[entry(r)] for r in retried]
        elif retried:
            groups.append([entry(r) for r in retried])
        # After a failure the last commit may have gone through unseen: skip the rows there.
        careful = self._failures > 0
        failed = False
        for group in groups:
            try:
                batches = [batch for _, batch, _, _ in group]
                lost = await self._store(self.store.write, batches, careful)
            except Exception as error:
                self._refused([room for room, _, _, _ in group], error)
                failed = True
                continue
            for room, batch, version, waiting in group:
                if room.closed:
                    continue
                if batch.table_id in lost:
                    self._lose(room)
                    continue
                room.stored_up_to(batch, version)
                room.release_hold()
                done, room.waiters = room.waiters[:waiting], room.waiters[waiting:]
                for future in done:
                    if not future.done():
                        future.set_result(None)
        if not failed and not self._parked and self._failures:
            _log.warning("the database is back: the tables waiting for it are written")
            self._failures = 0
            self._delay = 0.05
            self._alone = False

    def _refused(self, rooms: list[Room], error: Exception) -> None:
        """A write of ``rooms`` failed: hold them and retry after the back-off."""
        self._failures += 1
        self._alone = not isinstance(error, OperationalError | InterfaceError)
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        _log.warning(
            "cannot write %d table(s) (%s), failure %d; retrying in %.2f s: %s",
            len(rooms),
            ", ".join(room.table.id for room in rooms[:5]),
            self._failures,
            self._delay,
            first,
        )
        for room in rooms:
            room.hold(RECONNECTING)
            self._parked[room.table.id] = room
        self._retry_at = asyncio.get_running_loop().time() + self._delay
        self._delay = min(2 * self._delay, RETRY_MAX_SECONDS)

    def _lose(self, room: Room) -> None:
        """Another server owns ``room``'s table now (our lease ran out): stop serving it."""
        _log.error(
            "table %s: another server took it over; it is no longer served here", room.table.id
        )
        self._drop(room)
        room.spawn(
            room.tell(
                refusal("another server took this table over: reload the page", "moved", fatal=True)
            )
        )

    def _drop(self, room: Room) -> None:
        """Forget ``room`` here: it accepts nothing more and its bots and timers stop."""
        room.closed = True
        if self.rooms.get(room.table.id) is room:
            del self.rooms[room.table.id]
        for handle in room.grace.values():
            handle.cancel()
        room.grace.clear()
        if room.driver is not None:
            room.driver.cancel()
        for future in room.waiters:
            if not future.done():
                future.set_result(None)
        room.waiters = []

    def evictable(self, room: Room, now: float) -> bool:
        """True when nobody is at ``room`` and it is over, or idle for ``idle_seconds``."""
        if room.clients:
            room.idle_since = now
            return False
        if not room.stored or room.waiters or room.held is not None or room.tasks:
            return False
        if room.changing:
            return False  # committed, but not yet shown nor driven on
        if room.driver is not None and not room.driver.done():
            return False  # its bots play on
        if room.deadline is not None and room.deadline > time.monotonic():
            return False  # a person's turn timer runs
        table = room.table
        return (table.started and table.is_over) or now - room.idle_since >= self.idle_seconds

    async def evict(self) -> int:
        """Take finished and abandoned tables out of memory and give up their leases;
        returns how many."""
        now = time.monotonic()
        gone = [room for room in self.rooms.values() if self.evictable(room, now)]
        for room in gone:
            self._drop(room)
        if gone:
            await self._store(self.store.release, [room.table.id for room in gone])
        return len(gone)

    async def _keep_loop(self) -> None:
        """Renew this server's leases every quarter lease, and evict idle tables."""
        renew_every = self.store.lease_seconds / 4
        tick = min(renew_every, max(self.idle_seconds / 2, 0.05))
        renewed = time.monotonic()
        while True:
            await asyncio.sleep(tick)
            try:
                if time.monotonic() - renewed >= renew_every:
                    owned = await self._store(self.store.renew)
                    renewed = time.monotonic()
                    for room in list(self.rooms.values()):
                        if room.inserted and room.stored and room.table.id not in owned:
                            self._lose(room)
                await self.evict()
            except Exception as error:
                # The writes say it too; renewing goes on when the database is back.
                _log.warning("cannot renew the leases: %s", str(error).splitlines()[0])

    async def room(self, table_id: str) -> Room:
        """The room of ``table_id``, loaded from its record when it is not in memory (taking
        its lease); raises ``Unavailable`` naming why it cannot be served."""
        key = table_code(table_id)
        room = self.rooms.get(key)
        if room is not None:
            return room
        if not key.isalnum() or len(key) > 16:
            raise Unavailable(f"no table {table_id!r}", 404, code="no_table", table=table_id)
        loading = self._loading.get(key)
        if loading is None:
            loading = asyncio.ensure_future(self._open(key))
            self._loading[key] = loading
            loading.add_done_callback(lambda _: self._loading.pop(key, None))
        return await asyncio.shield(loading)

    async def _open(self, key: str) -> Room:
        self.start()
        try:
            lease = await self._store(self.store.acquire, key)
            stored = None if lease is not None else await self._store(self.store.read, key)
        except Exception as error:
            _log.warning("cannot open table %s: %s", key, str(error).splitlines()[0])
            raise Unavailable(RECONNECTING, 503, code="reconnecting") from None
        if lease is not None or stored is None:
            raise _refusal(key, lease or Lease(None, None))
        try:
            table = await asyncio.to_thread(replay, stored)
        except TableError as error:
            await self._store(self.store.set_aside, key, str(error))
            _log.error("table %s is set aside: %s", key, error)
            raise Unavailable(
                f"table {key}'s record is damaged and set aside: {error}", 409, code="damaged"
            ) from None
        if stored.status is not None:
            await self._store(self.store.mark_sound, key)
        room = self._add(table)
        room.arm_timer()
        room.drive()
        return room

    def _add(self, table: Table) -> Room:
        room = Room(table, self, saved=len(table.record), inserted=True)
        self.rooms[table.id] = room
        return room

    def load(self) -> int:
        """Load the tables that must carry on at start-up: every unfinished table of bots
        alone, and every unfinished table changed within ``idle_seconds`` (its people come
        back); the rest wait to be opened. A table another server owns is left to it; one
        whose record cannot be replayed is set aside, named in the log. Returns how many."""
        since = time.time() - self.idle_seconds
        for key, config, updated in self.store.unfinished():
            try:
                seats = json.loads(config).get("seats")
                bots_only = all(seat.get("kind") == "bot" for seat in seats)
            except (ValueError, TypeError, AttributeError):
                bots_only = False
            if not bots_only and updated < since:
                continue
            try:
                if self.store.acquire(key) is not None:
                    _log.info("table %s is served by another server", key)
                    continue
                stored = self.store.read(key)
                if stored is None:
                    continue
                table = replay(stored)
            except TableError as error:
                self.store.set_aside(key, str(error))
                _log.error("table %s is set aside: %s", key, error)
                continue
            if table.started and table.is_over:
                self.store.mark_finished(key)
            self._add(table)
        return len(self.rooms)

    def start(self) -> None:
        """Start writing and renewing (needs the running event loop); idempotent."""
        if self._wake is not None:
            return
        self._wake = asyncio.Event()
        self._loops = [
            asyncio.get_running_loop().create_task(self._write_loop()),
            asyncio.get_running_loop().create_task(self._keep_loop()),
        ]

    def resume(self) -> None:
        """Start writing, and let the bots and timers of every loaded table carry on (needs the
        running event loop)."""
        self.start()
        for room in self.rooms.values():
            room.arm_timer()
            room.drive()

    def new_code(self) -> str:
        """A new table's code (``tables.new_code``), not one of a table already here."""
        while True:
            code = new_code()
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
        token: str | None = None,
    ) -> tuple[Room, str | None]:
        """A new table; the creator (if any) takes ``creator`` and gets its token (``token``
        when given, else a new one)."""
        for info in seats:
            if info.level not in LEVELS:
                raise TableError(
                    f"unknown bot level {info.level!r} (known: {', '.join(LEVELS)})",
                    "level",
                    level=info.level,
                )
        if creator is None:
            token = None
        else:
            seats[creator].kind = "person"
            seats[creator].token_hash = None
        table = Table.new(self.new_code(), rules, seats, timer=timer, hints=hints)
        if creator is not None:
            token = table.claim(creator, name, token)
            if not any(s.is_open for s in table.seats) and not table.started:
                table.start()
        room = Room(table, self)
        self.rooms[table.id] = room
        room.save_config()
        await room.changed()
        if room.closed:  # its code names a table of another server, which keeps it
            raise Unavailable(
                "a table of that code exists already: try again", 409, code="try_again"
            )
        return room, token

    def get(self, table_id: str) -> Room:
        room = self.rooms.get(table_code(table_id))
        if room is None:
            raise TableError(f"no table {table_id!r}", "no_table", table=table_id)
        return room

    async def close(self) -> None:
        """Stop the bots, commit what is left (for at most a few seconds) and give up every
        lease, so that another server may take the tables over at once."""
        self.thinkers.shutdown()
        for room in list(self.rooms.values()):
            if room.driver is not None:
                room.driver.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.driver
        pending = [self.commit(room) for room in self.rooms.values() if not room.stored]
        if pending:
            try:
                await asyncio.wait_for(asyncio.gather(*pending), 5)
            except TimeoutError:
                _log.error("stopping with tables not written: the database fails")
        for task in self._loops:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self._store(self.store.release)
        self._writer.shutdown(wait=True)


def replay(stored: StoredTable) -> Table:
    """Rebuild a stored table from its record; raises ``TableError`` naming what is wrong."""
    try:
        config = json.loads(stored.config)
        if not isinstance(config, dict):
            raise TableError("its configuration is not a JSON object")
        return Table.from_config(stored.id, config, stored.actions)
    except TableError:
        raise
    except BelotError as error:
        number = _failing_action(stored, config)
        raise TableError(f"action {number} cannot be replayed: {error}") from None
    except ValueError as error:
        raise TableError(f"its configuration is not valid: {error}") from None
    except (KeyError, TypeError, AttributeError, IndexError) as error:
        raise TableError(f"its configuration lacks or mistypes {error}") from None


def _failing_action(stored: StoredTable, config: dict[str, Any]) -> str:
    """The number and text of the first action of ``stored`` that cannot be replayed."""
    try:
        table = Table.from_config(stored.id, config, [])
        for number, (seat, text) in enumerate(stored.actions):
            try:
                table._apply(seat, text)
            except BelotError:
                return f"{number} ({seat or '-'} {text!r})"
    except Exception:
        pass
    return "?"


def _refusal(key: str, lease: Lease) -> Unavailable:
    if lease.owner is None:
        return Unavailable(f"no table {key!r}", 404, code="no_table", table=key)
    until = datetime.datetime.fromtimestamp(lease.until or 0, datetime.UTC)
    return Unavailable(
        f"another server owns table {key} until {until:%Y-%m-%d %H:%M:%S} UTC",
        423,
        lease.owner,
        code="elsewhere",
    )
