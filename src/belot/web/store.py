"""Where tables live between server runs: a SQL database through SQLAlchemy.

A table is one row of configuration (rules, seats, the secret master seed, options) plus one row
per action, appended as it happens, so a restart replays every table to exactly where it was.
SQLite (a file in the data folder) by default; any SQLAlchemy URL, e.g. PostgreSQL, works.

Each table's row also holds its lease: the server process that owns the table (``lease_owner``)
and until when (``lease_until``, Unix seconds). A process writes a table only while it holds
its lease, and takes a lease only when it is free or expired, in one conditional ``UPDATE``;
so several servers can share one database, each owning some tables. A table whose record
cannot be replayed is marked (``status`` "damaged", with the ``reason``) and kept as it is.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    Column,
    Engine,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    make_url,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import SQLAlchemyError

from belot.engine.errors import BelotError

__all__ = [
    "DAMAGED",
    "LEASE_SECONDS",
    "Batch",
    "Lease",
    "PlayerResult",
    "Store",
    "StoreError",
    "StoredTable",
    "default_url",
    "masked",
    "open_database",
]

#: How long a lease lasts unless renewed; a server renews its leases well before.
LEASE_SECONDS: Final = 20.0
#: The status of a table whose record cannot be replayed.
DAMAGED: Final = "damaged"


class StoreError(BelotError):
    """A database that cannot be opened or used."""


_meta = MetaData()
_tables = Table(
    "belot_tables",
    _meta,
    Column("id", String(16), primary_key=True),
    Column("created", Integer, nullable=False),
    Column("updated", Integer, nullable=False),
    Column("config", Text, nullable=False),
    Column("lease_owner", String(100), nullable=True),
    Column("lease_until", Float, nullable=True),
    Column("status", String(16), nullable=True),
    Column("reason", Text, nullable=True),
    Column("finished", Integer, nullable=False, server_default="0"),
)
#: Each server renews and gives up its leases by owner.
_by_owner = Index("belot_tables_lease_owner", _tables.c.lease_owner)
_actions = Table(
    "belot_actions",
    _meta,
    Column("table_id", String(16), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", String(1), nullable=False),
    Column("action", String(200), nullable=False),
)
#: Each player's statistics in each game, added to once per finished match (``PlayerResult``):
#: a person by the name they gave, a bot as ``bot:<level>``.
_player_stats = Table(
    "belot_player_stats",
    _meta,
    Column("player", String(80), primary_key=True),
    Column("game", String(16), primary_key=True),
    Column("matches", Integer, nullable=False, server_default="0"),
    Column("won", Integer, nullable=False, server_default="0"),
    Column("deals", Integer, nullable=False, server_default="0"),
    Column("contracts", Integer, nullable=False, server_default="0"),
    Column("made", Integer, nullable=False, server_default="0"),
    Column("points", Integer, nullable=False, server_default="0"),
)
#: The counts of a statistics row, in order.
STAT_COUNTS: Final = ("matches", "won", "deals", "contracts", "made", "points")
#: Columns added since the first version of ``belot_tables``, with their SQL to add them.
_ADDED: Final = {
    "lease_owner": "VARCHAR(100)",
    "lease_until": "FLOAT",
    "status": "VARCHAR(16)",
    "reason": "TEXT",
    "finished": "INTEGER DEFAULT 0 NOT NULL",
}


def default_url(data_dir: Path | str, name: str = "belot.sqlite3") -> str:
    """The SQLite file ``name`` in ``data_dir`` (the folder is created)."""
    folder = Path(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / name}"


def masked(url: str) -> str:
    """``url`` with its password (if any) replaced by ``***``, fit to print."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (SQLAlchemyError, ValueError):
        return "<a database URL that cannot be parsed>"


def open_database(database: Engine | str, meta: MetaData) -> Engine:
    """The database at a URL (or an engine already open) with ``meta``'s tables created;
    raises ``StoreError`` naming the URL (never its password) when it cannot be opened."""
    try:
        engine = _engine(database) if isinstance(database, str) else database
        try:
            meta.create_all(engine)
        except SQLAlchemyError:
            # Another server starting at the same moment made them first (PostgreSQL refuses
            # the second CREATE TABLE): they are there now.
            time.sleep(0.2)
            meta.create_all(engine)
    except (SQLAlchemyError, ImportError) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        shown = masked(database) if isinstance(database, str) else repr(database)
        raise StoreError(f"cannot open the database {shown!r}: {first}") from None
    return engine


def _engine(url: str) -> Engine:
    if make_url(url).get_backend_name() == "sqlite":
        # A writer waits at most 1 s for a lock held elsewhere, then fails and is retried:
        # its tables say "reconnecting to the database" instead of hanging silently.
        engine = create_engine(url, connect_args={"timeout": 1.0})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # A server restart leaves dead connections in the pool: test each one before use.
    return create_engine(url, pool_pre_ping=True)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat's part in a finished match: who (a person's name, or ``bot:<level>``), the
    game, and what to add to their statistics."""

    player: str
    game: str
    won: bool
    deals: int
    contracts: int
    made: int
    points: int


@dataclass(frozen=True, slots=True)
class Batch:
    """What one table has not yet stored: its actions from number ``start`` on and, when it
    changed, its configuration."""

    table_id: str
    start: int
    actions: list[tuple[str, str]]
    config: dict[str, Any] | None = None
    finished: bool = False
    #: With ``finished``: what each seat adds to its player's statistics (added only once,
    #: by the write that marks the table finished).
    results: tuple[PlayerResult, ...] = ()


@dataclass(frozen=True, slots=True)
class Lease:
    """Who owns a table (``owner`` None: nobody) and until when (Unix seconds)."""

    owner: str | None
    until: float | None


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table's row and its actions as stored, not yet replayed."""

    id: str
    config: str
    status: str | None
    reason: str | None
    finished: bool
    updated: int
    actions: list[tuple[str, str]]


class Store:
    """Tables and their actions in a database (created on first use), written by the process
    ``owner`` only for the tables whose lease it holds."""

    engine: Engine
    owner: str

    def __init__(
        self, url: str, *, owner: str | None = None, lease_seconds: float = LEASE_SECONDS
    ) -> None:
        self.engine = open_database(url, _meta)
        if self.engine.dialect.name == "postgresql":
            _end_idle_transactions(self.engine, lease_seconds)
        self.url = url
        _add_missing_columns(self.engine)
        self.owner = owner or f"{_HOST}:{os.getpid()}:{secrets.token_hex(4)}"
        self.lease_seconds = lease_seconds
        self._free_dead()

    # --- leases -----------------------------------------------------------------------------

    def acquire(self, table_id: str) -> Lease | None:
        """Take ``table_id``'s lease when it is free, expired or already ours; returns None
        when taken, else the lease that stands (``Lease(None, None)``: no such table)."""
        now = time.time()
        c = _tables.c
        with self.engine.begin() as conn:
            # A code that names no table costs a read, not a write (guesses come by the many).
            if conn.execute(select(c.id).where(c.id == table_id)).first() is None:
                return Lease(None, None)
            done = conn.execute(
                update(_tables)
                .where(
                    c.id == table_id,
                    or_(c.lease_owner.is_(None), c.lease_owner == self.owner, c.lease_until < now),
                )
                .values(lease_owner=self.owner, lease_until=now + self.lease_seconds)
            )
            if done.rowcount == 1:
                return None
            row = conn.execute(select(c.lease_owner, c.lease_until).where(c.id == table_id)).first()
            if row is not None and _dead(row.lease_owner):
                done = conn.execute(
                    update(_tables)
                    .where(c.id == table_id, c.lease_owner == row.lease_owner)
                    .values(lease_owner=self.owner, lease_until=now + self.lease_seconds)
                )
                if done.rowcount == 1:
                    return None
        if row is None:
            return Lease(None, None)
        return Lease(row.lease_owner, row.lease_until)

    def _free_dead(self) -> None:
        """Give up the leases of processes of this machine that are gone (killed, crashed),
        so that a server started again takes its tables at once, not when they expire."""
        c = _tables.c
        with self.engine.begin() as conn:
            owners = list(
                conn.scalars(
                    select(c.lease_owner).distinct().where(c.lease_owner.like(f"{_HOST}:%"))
                )
            )
            for owner in [o for o in owners if _dead(o)]:
                conn.execute(
                    update(_tables)
                    .where(c.lease_owner == owner)
                    .values(lease_owner=None, lease_until=None)
                )

    def renew(self) -> set[str]:
        """Extend every lease this process holds; returns the tables it still owns."""
        c = _tables.c
        with self.engine.begin() as conn:
            conn.execute(
                update(_tables)
                .where(c.lease_owner == self.owner)
                .values(lease_until=time.time() + self.lease_seconds)
            )
            return set(conn.scalars(select(c.id).where(c.lease_owner == self.owner)))

    def release(self, table_ids: list[str] | None = None) -> None:
        """Give up the leases of ``table_ids`` (every lease of this process when None)."""
        c = _tables.c
        where = [c.lease_owner == self.owner]
        if table_ids is not None:
            if not table_ids:
                return
            where.append(c.id.in_(table_ids))
        with self.engine.begin() as conn:
            conn.execute(update(_tables).where(*where).values(lease_owner=None, lease_until=None))

    # --- writing ----------------------------------------------------------------------------

    def write(self, batches: list[Batch], careful: bool = False) -> set[str]:
        """Store several tables' new actions (and changed configurations) in one transaction,
        each only if this process holds its lease, which is renewed; a table new to the
        database is inserted with its lease. Returns the tables not written because another
        process owns them. Raises (and writes nothing) when the database fails. ``careful``
        (after a failure, when the last commit may have gone through unseen) skips the
        actions already stored."""
        if not batches:
            return set()
        if careful:
            batches = self._unstored(batches)
        now = time.time()
        until = now + self.lease_seconds
        c = _tables.c
        ids = [b.table_id for b in batches]
        lost: set[str] = set()
        rows: list[dict[str, Any]] = []
        with self.engine.begin() as conn:
            done = conn.execute(
                update(_tables)
                .where(c.id.in_(ids), c.lease_owner == self.owner)
                .values(lease_until=until, updated=int(now))
            )
            held = set(ids)
            if done.rowcount != len(ids):
                held = set(
                    conn.scalars(select(c.id).where(c.id.in_(ids), c.lease_owner == self.owner))
                )
            for batch in batches:
                config = None if batch.config is None else json.dumps(batch.config, sort_keys=True)
                if batch.table_id not in held:
                    exists = conn.execute(select(c.id).where(c.id == batch.table_id)).first()
                    if exists is not None or config is None:
                        lost.add(batch.table_id)
                        continue
                    conn.execute(
                        insert(_tables).values(
                            id=batch.table_id,
                            created=int(now),
                            updated=int(now),
                            config=config,
                            lease_owner=self.owner,
                            lease_until=until,
                            finished=int(batch.finished),
                        )
                    )
                    if batch.finished:
                        _add_results(conn, batch.results)
                elif config is not None or batch.finished:
                    if batch.finished:
                        first = conn.execute(
                            update(_tables)
                            .where(c.id == batch.table_id, c.finished == 0)
                            .values(finished=1)
                        )
                        if first.rowcount == 1:  # finished by this write: counted once
                            _add_results(conn, batch.results)
                    values: dict[str, Any] = {"finished": int(batch.finished)}
                    if config is not None:
                        values["config"] = config
                    conn.execute(update(_tables).where(c.id == batch.table_id).values(**values))
                rows.extend(
                    {"table_id": batch.table_id, "n": batch.start + i, "seat": seat, "action": act}
                    for i, (seat, act) in enumerate(batch.actions)
                )
            if rows:
                conn.execute(insert(_actions), rows)
        return lost

    def _unstored(self, batches: list[Batch]) -> list[Batch]:
        a = _actions.c
        ids = [b.table_id for b in batches]
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(a.table_id, func.count()).where(a.table_id.in_(ids)).group_by(a.table_id)
            )
            counts: dict[str, int] = {table_id: number for table_id, number in rows}
        out = []
        for b in batches:
            skip = max(0, counts.get(b.table_id, 0) - b.start)
            out.append(
                Batch(
                    b.table_id,
                    b.start + skip,
                    b.actions[skip:],
                    b.config,
                    b.finished,
                    b.results,
                )
            )
        return out

    def player_stats(self) -> list[dict[str, Any]]:
        """Every player's statistics in each game, the most matches first."""
        p = _player_stats.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_player_stats).order_by(p.matches.desc(), p.points.desc(), p.player)
            )
            return [dict(row._mapping) for row in rows]

    def forget_actions(self, table_id: str, start: int) -> None:
        """Delete ``table_id``'s actions from number ``start`` on (taken back by an undo), if
        this process holds its lease."""
        c, a = _tables.c, _actions.c
        with self.engine.begin() as conn:
            held = conn.execute(
                select(c.id).where(c.id == table_id, c.lease_owner == self.owner)
            ).first()
            if held is None:
                raise StoreError(f"table {table_id} is not this server's to change")
            conn.execute(delete(_actions).where(a.table_id == table_id, a.n >= start))

    def set_aside(self, table_id: str, reason: str) -> None:
        """Mark a table whose record cannot be replayed (its rows stay as they are) and give up
        its lease."""
        with self.engine.begin() as conn:
            conn.execute(
                update(_tables)
                .where(_tables.c.id == table_id)
                .values(status=DAMAGED, reason=reason[:500])
            )
        self.release([table_id])

    def mark_sound(self, table_id: str) -> None:
        """Clear a table's damaged mark (its record replays again)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(_tables).where(_tables.c.id == table_id).values(status=None, reason=None)
            )

    def mark_finished(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(_tables).where(_tables.c.id == table_id).values(finished=1))

    # --- reading ----------------------------------------------------------------------------

    def read(self, table_id: str) -> StoredTable | None:
        """One table's row and actions, or None when there is no such table."""
        c = _tables.c
        with self.engine.connect() as conn:
            row = conn.execute(select(_tables).where(c.id == table_id)).first()
            if row is None:
                return None
            actions = [
                (r.seat, r.action)
                for r in conn.execute(
                    select(_actions.c.seat, _actions.c.action)
                    .where(_actions.c.table_id == table_id)
                    .order_by(_actions.c.n)
                )
            ]
        return StoredTable(
            row.id,
            row.config,
            row.status,
            row.reason,
            bool(row.finished),
            row.updated,
            actions,
        )

    def unfinished(self) -> list[tuple[str, str, int]]:
        """(id, configuration text, last update) of every table neither finished nor damaged,
        oldest first."""
        c = _tables.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(c.id, c.config, c.updated)
                .where(c.finished == 0, c.status.is_(None))
                .order_by(c.created)
            )
            return [(r.id, r.config, r.updated) for r in rows]

    def table_ids(self) -> list[str]:
        """Every stored table, oldest first."""
        with self.engine.connect() as conn:
            return list(conn.scalars(select(_tables.c.id).order_by(_tables.c.created)))

    def records(self) -> Iterator[StoredTable]:
        """Every stored table as stored, one at a time."""
        for table_id in self.table_ids():
            stored = self.read(table_id)
            if stored is not None:
                yield stored

    def lease(self, table_id: str) -> Lease:
        c = _tables.c
        with self.engine.connect() as conn:
            row = conn.execute(select(c.lease_owner, c.lease_until).where(c.id == table_id)).first()
        return Lease(None, None) if row is None else Lease(row.lease_owner, row.lease_until)

    def close(self) -> None:
        self.engine.dispose()


_HOST: Final = socket.gethostname()


def _add_results(conn: Any, results: tuple[PlayerResult, ...]) -> None:
    """Add a finished match's ``results`` to each player's statistics row (made if new)."""
    p = _player_stats.c
    for r in results:
        counts = {
            "matches": 1,
            "won": int(r.won),
            "deals": r.deals,
            "contracts": r.contracts,
            "made": r.made,
            "points": r.points,
        }
        where = (p.player == r.player, p.game == r.game)
        done = conn.execute(
            update(_player_stats)
            .where(*where)
            .values({name: getattr(p, name) + n for name, n in counts.items()})
        )
        if done.rowcount == 0:
            conn.execute(insert(_player_stats).values(player=r.player, game=r.game, **counts))


def _dead(owner: str | None) -> bool:
    """True when ``owner`` names a process of this machine that no longer runs."""
    host, _, rest = (owner or "").partition(":")
    pid = rest.partition(":")[0]
    if host != _HOST or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it runs, as another user
    return False


def _add_missing_columns(engine: Engine) -> None:
    """Bring a database made by an older ``belot`` up to date: add the columns it lacks."""
    try:
        present = {col["name"] for col in inspect(engine).get_columns("belot_tables")}
        quote = engine.dialect.identifier_preparer.quote
        for name, sql in _ADDED.items():
            if name not in present:
                with engine.begin() as conn:
                    conn.execute(text(f"ALTER TABLE belot_tables ADD COLUMN {quote(name)} {sql}"))
        _by_owner.create(engine, checkfirst=True)
    except SQLAlchemyError as error:
        # Another server may have added the column a moment ago: fine if it is there now.
        present = {col["name"] for col in inspect(engine).get_columns("belot_tables")}
        if not set(_ADDED) <= present:
            first = str(error).splitlines()[0]
            raise StoreError(f"cannot bring the database up to date: {first}") from None


def _end_idle_transactions(engine: Engine, seconds: float) -> None:
    """Have PostgreSQL end the session of a transaction left idle for ``seconds`` (a lease).

    A process stopped between two statements of a transaction (SIGSTOP, a machine cut off)
    keeps the rows it wrote locked for as long as its session stays open, and another process
    taking one of its tables over when the lease expires would wait on that lock until then.
    A process idle in a transaction for its whole lease could not renew the lease meanwhile
    (its store's calls go one at a time): its leases have expired, and its write fails and is
    retried once it runs again, like any failed write."""
    milliseconds = max(1, round(seconds * 1000))

    def limit(dbapi_conn: Any, _record: Any) -> None:
        cursor = dbapi_conn.cursor()
        cursor.execute(f"SET idle_in_transaction_session_timeout = {milliseconds}")
        cursor.close()
        dbapi_conn.commit()

    event.listen(engine, "connect", limit)
    engine.dispose()  # the connections opened to create the tables: opened again with it


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: each commit survives a crash of the server process
    # without an fsync per action.
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
