"""Undo at a table of one person and bots: the person's last action and the bots' after it are
taken back, in memory and in the store, so a restart replays the table as it was before."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from belot.bots import make
from belot.engine import Rules, Seat
from belot.web.app import create_app
from belot.web.store import Store
from belot.web.tables import NEXT, SeatInfo, Table, TableError

ME = Seat.S


def alone_with_bots(master: int = 5) -> Table:
    seats = [SeatInfo() if seat != ME else SeatInfo(kind="person", token_hash="x") for seat in Seat]
    return Table.new("T", Rules.bulgarian(), seats, master=master)  # started: no seat open


def play_on(table: Table, stop: object) -> None:
    """Everyone's first legal action (South's too) until ``stop(table)``; next deals included."""
    bots = {seat: make("random", seed=int(seat)) for seat in Seat}
    while not stop(table):  # type: ignore[operator]
        if table.waiting_for_next:
            table.next_deal()
            continue
        seat = table.to_act
        assert seat is not None
        table.act(seat, str(bots[seat].act(table.deal.view(seat))))


def test_undo_takes_back_my_last_action_and_the_bots_after_it() -> None:
    table = alone_with_bots()
    assert not table.can_undo(ME)
    with pytest.raises(TableError, match="nothing to take back yet"):
        table.undo(ME)
    play_on(table, lambda t: sum(len(x.plays) for x in t.deal.tricks) >= 10)
    table.seats[ME].away = True  # a bot plays the seat meanwhile: no undo
    with pytest.raises(TableError, match="take it back first"):
        table.undo(ME)
    table.seats[ME].away = False
    mine = max(i for i, (name, _) in enumerate(table.record) if name == "S")
    before = Table.from_config("T", table.to_config(), table.record[:mine])
    taken = table.undo(ME)
    assert taken >= 1 and len(table.record) == mine
    assert table.to_act == ME
    assert table.view_json(ME) == before.view_json(ME)  # as if the record had stopped there
    assert table.sheet_json() == before.sheet_json()


def test_undo_goes_back_over_the_next_deal_into_the_finished_one() -> None:
    table = alone_with_bots(9)
    play_on(table, lambda t: t.deal_number == 1 and not any(n == "S" for n, _ in _since_next(t)))
    assert (("", NEXT)) in table.record
    rows_before = len(table.sheet_json()["rows"])
    table.undo(ME)
    assert table.deal_number == 0 and not table.deal.is_over and table.to_act == ME
    assert len(table.sheet_json()["rows"]) == rows_before - 1  # the deal's score is unwritten
    play_on(table, lambda t: t.waiting_for_next)  # and the deal plays on to a score again
    assert len(table.sheet_json()["rows"]) == rows_before


def _since_next(table: Table) -> list[tuple[str, str]]:
    last = max(i for i, entry in enumerate(table.record) if entry == ("", NEXT))
    return table.record[last + 1 :]


def test_undo_is_refused_where_another_person_plays() -> None:
    seats = [
        SeatInfo(kind="person", token_hash="x") if seat in (Seat.N, ME) else SeatInfo()
        for seat in Seat
    ]
    table = Table.new("T", Rules.bulgarian(), seats, master=3)
    play_on(table, lambda t: any(n == "S" for n, _ in t.record))
    assert not table.can_undo(ME)
    with pytest.raises(TableError, match="only for one person playing against bots"):
        table.undo(ME)


def test_an_undone_table_is_stored_without_the_actions_taken_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'belot.sqlite3'}"
    app = create_app(Store(url), bot_delay=0)
    with TestClient(app) as client:
        answer = client.post("/api/tables", json={"rules": {"preset": "bulgarian"}}).json()
        table_id, token = answer["id"], answer["token"]
        room = client.app.state.hub.get(table_id)  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            cards = 0
            while True:
                message = ws.receive_json()
                assert message["type"] != "error", message
                view = message.get("view")
                if message["type"] != "state" or not view or not view["legal"]:
                    continue
                if view["phase"] == "play" and not view["legal"][0].startswith("declare"):
                    if cards == 2:
                        break
                    cards += 1
                ws.send_json({"type": "act", "action": view["legal"][0]})
            assert message["undo_available"]
            hand = list(view["hand"])
            ws.send_json({"type": "undo"})
            while True:
                undone = ws.receive_json()
                assert undone["type"] != "error", undone
                if undone["type"] == "state" and len(undone["view"]["hand"]) == len(hand) + 1:
                    break
            assert set(hand) < set(undone["view"]["hand"])
            assert undone["view"]["turn"] == "S"
        record = list(room.table.record)
    again = create_app(Store(url), bot_delay=0)
    with TestClient(again) as client:
        rebuilt = client.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
        assert rebuilt.record == record
        assert rebuilt.view_json(ME)["hand"] == undone["view"]["hand"]
