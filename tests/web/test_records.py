"""One bad record never stops the server: a table whose record cannot be replayed is set aside
(kept as it is, marked, named in the log and by ``belot serve --check``) and every other table
is served; a database made by an older ``belot`` opens as it is."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from belot.cli.serve import command as serve_command
from belot.engine import Seat
from belot.web.app import create_app
from belot.web.store import Store


def three_tables(url: str) -> list[str]:
    """Three tables of people, each a few actions into its first deal, in ``url``."""
    ids = []
    with TestClient(create_app(Store(url), bot_delay=0)) as client:
        for _ in range(3):
            answer = client.post(
                "/api/tables", json={"seats": {s: {"kind": "person"} for s in "NEW"}}
            ).json()
            for seat in "NEW":
                assert client.post(f"/api/tables/{answer['id']}/seats/{seat}").status_code == 200
            room = client.app.state.hub.get(answer["id"])  # type: ignore[attr-defined]
            table = room.table
            table.act(table.deal.turn, "cut:7")
            for _ in range(3):
                table.act(table.deal.turn, "pass")
            room.save()
            ids.append(answer["id"])
    return ids


def test_a_table_whose_record_cannot_be_replayed_is_set_aside_and_the_rest_served(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "belot.sqlite3"
    url = f"sqlite:///{path}"
    good, bad_action, bad_config = three_tables(url)
    db = sqlite3.connect(path)
    db.execute(
        "UPDATE belot_actions SET action = 'cut:99' WHERE table_id = ? AND n = 0", (bad_action,)
    )
    db.execute("UPDATE belot_tables SET config = 'not json {' WHERE id = ?", (bad_config,))
    db.commit()
    rows_before = db.execute("SELECT * FROM belot_actions ORDER BY table_id, n").fetchall()
    with caplog.at_level(logging.ERROR), TestClient(create_app(Store(url), bot_delay=0)) as client:
        assert client.get(f"/api/tables/{good}").status_code == 200
        for bad in (bad_action, bad_config):
            answer = client.get(f"/api/tables/{bad}")
            assert answer.status_code == 409, answer.text
            assert "damaged" in answer.json()["error"] and bad in answer.json()["error"]
            page = client.get(f"/t/{bad}")
            assert page.status_code == 409 and "damaged" in page.text
            with client.websocket_connect(f"/ws/{bad}") as ws:
                message = ws.receive_json()
                assert message["fatal"] and "damaged" in message["message"]
                with pytest.raises(WebSocketDisconnect):
                    ws.receive_json()
    logged = caplog.text
    assert bad_action in logged and bad_config in logged
    assert "action 0" in logged and "cut:99" in logged
    marks = dict(db.execute("SELECT id, status FROM belot_tables").fetchall())
    assert marks == {good: None, bad_action: "damaged", bad_config: "damaged"}
    reason = db.execute("SELECT reason FROM belot_tables WHERE id = ?", (bad_config,)).fetchone()
    assert "not valid" in reason[0]
    # Set aside, not changed: every row is as it was.
    assert db.execute("SELECT * FROM belot_actions ORDER BY table_id, n").fetchall() == rows_before
    db.close()

    check = CliRunner().invoke(serve_command, ["--database-url", url, "--check"])
    assert check.exit_code == 1, check.output
    lines = check.output.splitlines()
    assert any(line.startswith(good) and "deal 1 in play, 4 actions" in line for line in lines)
    assert any(
        line.startswith(bad_action) and "DAMAGED" in line and "cut:99" in line for line in lines
    )
    assert any(line.startswith(bad_config) and "DAMAGED" in line for line in lines)
    assert lines[-1] == "3 tables, 2 damaged"


def test_check_exits_0_when_every_record_replays(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'belot.sqlite3'}"
    three_tables(url)
    check = CliRunner().invoke(serve_command, ["--database-url", url, "--check"])
    assert check.exit_code == 0, check.output
    assert check.output.splitlines()[-1] == "3 tables, 0 damaged"


OLD_SCHEMA = """
CREATE TABLE belot_tables (
    id VARCHAR(16) NOT NULL PRIMARY KEY, created INTEGER NOT NULL, updated INTEGER NOT NULL,
    config TEXT NOT NULL
);
CREATE TABLE belot_actions (
    table_id VARCHAR(16) NOT NULL, n INTEGER NOT NULL, seat VARCHAR(1) NOT NULL,
    action VARCHAR(200) NOT NULL, PRIMARY KEY (table_id, n)
);
"""


def test_a_database_of_the_older_layout_opens_and_its_tables_play_on(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    url = f"sqlite:///{path}"
    ids = three_tables(url)
    # The same tables in a database made by the previous version (no lease or status columns).
    old_path = tmp_path / "older.sqlite3"
    old = sqlite3.connect(old_path)
    old.executescript(OLD_SCHEMA)
    new = sqlite3.connect(path)
    for row in new.execute("SELECT id, created, updated, config FROM belot_tables"):
        old.execute("INSERT INTO belot_tables VALUES (?, ?, ?, ?)", row)
    for row in new.execute("SELECT table_id, n, seat, action FROM belot_actions"):
        old.execute("INSERT INTO belot_actions VALUES (?, ?, ?, ?)", row)
    old.commit()
    with TestClient(create_app(Store(f"sqlite:///{old_path}"), bot_delay=0)) as client:
        for table_id in ids:
            state = client.get(f"/api/tables/{table_id}").json()
            assert [c[1] for c in state["view"]["calls"]] == ["pass", "pass", "pass"]
    columns = {row[1] for row in old.execute("PRAGMA table_info(belot_tables)")}
    assert {"lease_owner", "lease_until", "status", "reason", "finished"} <= columns
    config = json.loads(old.execute("SELECT config FROM belot_tables").fetchone()[0])
    assert len(config["seats"]) == len(Seat)
    old.close()
    new.close()


def test_the_database_password_is_never_printed() -> None:
    from belot.web.store import StoreError

    url = "postgresql+psycopg://belot:s3cret-pw@127.0.0.1:1/belot"
    with pytest.raises(StoreError) as error:
        Store(url)
    assert "s3cret-pw" not in str(error.value) and "belot:***@127.0.0.1:1" in str(error.value)
    from belot.web.store import masked

    assert masked(url) == "postgresql+psycopg://belot:***@127.0.0.1:1/belot"
