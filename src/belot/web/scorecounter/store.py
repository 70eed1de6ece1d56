"""Saved score sheets: one row per sheet in a SQL table (SQLite by default), deals as JSON.

The deals are stored as the score counter's JSON input (the shape ``belot calc`` reads), never
as computed results: the sheet is rescored by the engine whenever it is shown.
"""

from __future__ import annotations

import json
import secrets
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
    insert,
    select,
    update,
)

from belot.web.store import default_url, open_database

__all__ = ["SheetStore"]

_meta = MetaData()
_sheets = Table(
    "scorecounter_sheets",
    _meta,
    Column("id", String(24), primary_key=True),
    Column("created", Integer, nullable=False),
    Column("updated", Integer, nullable=False),
    Column("data", Text, nullable=False),
)


class SheetStore:
    """Score sheets by id: ``create``, ``load``, ``save``."""

    engine: Engine

    def __init__(self, engine: Engine | str) -> None:
        self.engine = open_database(engine, _meta)

    @classmethod
    def in_folder(cls, data_dir: Path | str) -> SheetStore:
        """A store in the SQLite file ``scoresheets.sqlite3`` of ``data_dir``."""
        return cls(default_url(data_dir, "scoresheets.sqlite3"))

    def create(self, data: dict[str, Any]) -> str:
        """Store a new sheet and return its id (random, so that a link is hard to guess)."""
        sheet_id = secrets.token_urlsafe(9)
        now = int(time.time())
        with self.engine.begin() as conn:
            conn.execute(
                insert(_sheets).values(id=sheet_id, created=now, updated=now, data=json.dumps(data))
            )
        return sheet_id

    def load(self, sheet_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(_sheets.c.data).where(_sheets.c.id == sheet_id)).first()
        if row is None:
            return None
        data = json.loads(row.data)
        assert isinstance(data, dict)
        return data

    def save(self, sheet_id: str, data: dict[str, Any]) -> bool:
        """Replace a sheet's data; False when there is no such sheet."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(_sheets)
                .where(_sheets.c.id == sheet_id)
                .values(data=json.dumps(data), updated=int(time.time()))
            )
        return bool(done.rowcount)
