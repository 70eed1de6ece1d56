"""Saved score sheets: one row per sheet in a SQL table (SQLite by default), deals as JSON.

The deals are stored as the score counter's JSON input (the shape ``belot calc`` reads), never
as computed results: the sheet is rescored by the engine whenever it is shown. With them each
sheet keeps its ``version`` (1 when created, one more at each edit) and the SHA-256 of its edit
token (``edit``): the sheet's id is its read-only link, the token its edit link. Sheets stored
before edit tokens existed have none and stay editable by their id, as their link promised.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass
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

__all__ = ["Sheet", "SheetStore"]

_meta = MetaData()
_sheets = Table(
    "scorecounter_sheets",
    _meta,
    Column("id", String(24), primary_key=True),
    Column("created", Integer, nullable=False),
    Column("updated", Integer, nullable=False),
    Column("data", Text, nullable=False),
)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Sheet:
    """A stored sheet: its deals as typed, its version and whether it has an edit token."""

    id: str
    deals: list[Any]
    version: int
    edit_hash: str | None

    def may_edit(self, token: object) -> bool:
        """Whether ``token`` is this sheet's edit token (any, for a sheet that has none)."""
        if self.edit_hash is None:
            return True
        return isinstance(token, str) and hmac.compare_digest(_hash(token), self.edit_hash)


class SheetStore:
    """Score sheets by id: ``create``, ``load``, ``save``; ``new_sheet``, ``sheet``, ``edit``
    with versions and edit tokens."""

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

    def new_sheet(self, deals: list[Any]) -> tuple[str, str]:
        """Store a new sheet at version 1; returns its id and its edit token."""
        token = secrets.token_urlsafe(16)
        return self.create({"deals": deals, "version": 1, "edit": _hash(token)}), token

    def sheet(self, sheet_id: str) -> Sheet | None:
        """The sheet ``sheet_id`` with its version, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(_sheets.c.data).where(_sheets.c.id == sheet_id)).first()
        return None if row is None else _sheet(sheet_id, row.data)

    def edit(self, sheet: Sheet, deals: list[Any]) -> Sheet | None:
        """Replace ``sheet``'s deals if it is still at ``sheet.version``; the new sheet, or None
        when someone else saved first (or it is gone). One statement compares and writes."""
        data: dict[str, Any] = {"deals": deals, "version": sheet.version + 1}
        if sheet.edit_hash is not None:
            data["edit"] = sheet.edit_hash
        with self.engine.begin() as conn:
            row = conn.execute(select(_sheets.c.data).where(_sheets.c.id == sheet.id)).first()
            if row is None or _sheet(sheet.id, row.data).version != sheet.version:
                return None
            done = conn.execute(
                update(_sheets)
                .where(_sheets.c.id == sheet.id, _sheets.c.data == row.data)
                .values(data=json.dumps(data), updated=int(time.time()))
            )
        if not done.rowcount:
            return None
        return Sheet(sheet.id, deals, sheet.version + 1, sheet.edit_hash)

    def save(self, sheet_id: str, data: dict[str, Any]) -> bool:
        """Replace a sheet's data; False when there is no such sheet."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(_sheets)
                .where(_sheets.c.id == sheet_id)
                .values(data=json.dumps(data), updated=int(time.time()))
            )
        return bool(done.rowcount)


def _sheet(sheet_id: str, text: str) -> Sheet:
    data = json.loads(text)
    edit = data.get("edit")
    return Sheet(
        sheet_id,
        list(data.get("deals", [])),
        int(data.get("version", 0)),
        edit if isinstance(edit, str) else None,
    )
