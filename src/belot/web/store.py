"""Where tables live between server runs: a SQL database through SQLAlchemy.

A table is one row of configuration (rules, seats, the secret master seed, options) plus one row
per action, appended as it happens, so a restart replays every table to exactly where it was.
SQLite (a file in the data folder) by default; any SQLAlchemy URL, e.g. PostgreSQL, works.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError

from belot.engine.errors import BelotError

__all__ = ["Store", "StoreError", "default_url", "open_database"]


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
)
_actions = Table(
    "belot_actions",
    _meta,
    Column("table_id", String(16), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", String(1), nullable=False),
    Column("action", String(200), nullable=False),
)


def default_url(data_dir: Path | str, name: str = "belot.sqlite3") -> str:
    """The SQLite file ``name`` in ``data_dir`` (the folder is created)."""
    folder = Path(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / name}"


def open_database(database: Engine | str, meta: MetaData) -> Engine:
    """The database at a URL (or an engine already open) with ``meta``'s tables created;
    raises ``StoreError`` naming the URL when it cannot be opened."""
    try:
        if isinstance(database, str):
            engine = create_engine(database)
            if engine.dialect.name == "sqlite":
                event.listen(engine, "connect", _sqlite_pragmas)
        else:
            engine = database
        meta.create_all(engine)
    except (SQLAlchemyError, ImportError) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise StoreError(f"cannot open the database {str(database)!r}: {first}") from None
    return engine


class Store:
    """Tables and their actions in a database (created on first use)."""

    engine: Engine

    def __init__(self, url: str) -> None:
        self.engine = open_database(url, _meta)

    def save_config(self, table_id: str, config: dict[str, Any]) -> None:
        """Insert or update a table's configuration."""
        now = int(time.time())
        text = json.dumps(config, sort_keys=True)
        with self.engine.begin() as conn:
            done = conn.execute(
                update(_tables).where(_tables.c.id == table_id).values(config=text, updated=now)
            )
            if done.rowcount == 0:
                conn.execute(
                    insert(_tables).values(id=table_id, created=now, updated=now, config=text)
                )

    def append(self, table_id: str, start: int, actions: list[tuple[str, str]]) -> None:
        """Store ``actions`` as the table's actions number ``start``, ``start + 1``, ..."""
        self.append_many([(table_id, start, actions)])

    def append_many(self, batches: list[tuple[str, int, list[tuple[str, str]]]]) -> None:
        """Append several tables' actions in one transaction."""
        rows = [
            {"table_id": table_id, "n": start + i, "seat": seat, "action": text}
            for table_id, start, actions in batches
            for i, (seat, text) in enumerate(actions)
        ]
        if not rows:
            return
        with self.engine.begin() as conn:
            conn.execute(insert(_actions), rows)

    def load_all(self) -> list[tuple[str, dict[str, Any], list[tuple[str, str]]]]:
        """Every stored table: (id, configuration, actions in order)."""
        out = []
        with self.engine.connect() as conn:
            records: dict[str, list[tuple[str, str]]] = {}
            for row in conn.execute(select(_actions).order_by(_actions.c.table_id, _actions.c.n)):
                records.setdefault(row.table_id, []).append((row.seat, row.action))
            for row in conn.execute(select(_tables).order_by(_tables.c.created)):
                out.append((row.id, json.loads(row.config), records.get(row.id, [])))
        return out

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: each commit survives a crash of the server process
    # without an fsync per action.
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
