"""Each player's statistics (matches, won, deals, contracts bid and made, points) are kept in
the database, added to once when a match ends, and shown on /players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from belot.bots import make
from belot.engine import Rules, Seat
from belot.engine.scoring import Outcome
from belot.web.app import create_app
from belot.web.rooms import Room
from belot.web.store import Store
from belot.web.tables import SeatInfo, Table


def finished_table(master: int, game: str = "bulgarian") -> Table:
    """A short match (target 31) played by random bots, South a person called Mira."""
    seats = [
        SeatInfo(kind="person", name="Mira", token_hash="x") if seat == Seat.S else SeatInfo()
        for seat in Seat
    ]
    table = Table.new(
        "T", Rules.from_dict({"preset": game, "options": {"target": 31}}), seats, master=master
    )
    bots = {seat: make("random", seed=int(seat)) for seat in Seat}
    while not table.is_over:
        if table.waiting_for_next:
            table.next_deal()
        else:
            seat = table.to_act
            assert seat is not None
            table.act(seat, str(bots[seat].act(table.deal.view(seat))))
    return table


def test_a_finished_match_gives_each_seat_its_part() -> None:
    table = finished_table(4)
    results = {r.player: r for r in table.results()}
    assert set(results) == {"Mira", "bot:random"}  # three random seats, one player name
    mira = results["Mira"]
    ns, ew = table.sheet.totals
    assert mira.points == ns and mira.won == (ns > ew) and mira.game == "bulgarian"
    assert mira.deals == len(table.match.deals)
    bid = [
        score
        for deal, score in zip(table.match.deals, table.match.scores, strict=True)
        if score is not None and deal.bidder == Seat.S
    ]
    assert (mira.contracts, mira.made) == (
        len(bid),
        sum(s.outcome is Outcome.MADE for s in bid),
    )


def test_the_statistics_are_added_once_per_match_and_shown(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'belot.sqlite3'}"
    store = Store(url)
    app = create_app(store, bot_delay=0)
    with TestClient(app) as client:
        assert "No match has been finished yet." in client.get("/players").text
        hub = client.app.state.hub  # type: ignore[attr-defined]
        tables = [finished_table(master) for master in (4, 5)]
        for number, table in enumerate(tables):
            table.id = f"STATS{number}"
            room = Room(table, hub)
            room.save()
            room.save()  # written again (as after a reconnect): counted once still
        rows = {(r["player"], r["game"]): r for r in client.get("/api/players").json()["players"]}
        mira = rows[("Mira", "bulgarian")]
        parts = [next(r for r in t.results() if r.player == "Mira") for t in tables]
        assert mira["matches"] == 2
        assert mira["won"] == sum(p.won for p in parts)
        assert mira["deals"] == sum(p.deals for p in parts)
        assert mira["contracts"] == sum(p.contracts for p in parts)
        assert mira["made"] == sum(p.made for p in parts)
        assert mira["points"] == sum(p.points for p in parts)
        assert rows[("bot:random", "bulgarian")]["matches"] == 6  # three seats, two matches
        page = client.get("/players?lang=bg").text
        assert "Статистика на играчите" in page and "Mira" in page
    # Kept in the database: another server on it shows the same.
    with TestClient(create_app(Store(url), bot_delay=0)) as again:
        assert again.get("/api/players").json()["players"][0]["matches"] == 6  # the bots


def test_statistics_and_undo_on_postgresql(postgres: Any) -> None:
    """The same on PostgreSQL: statistics added once per match, and an undo's actions deleted."""
    url = postgres.database()
    with TestClient(create_app(Store(url), bot_delay=0)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table = finished_table(6)
        table.id = "PGSTATS"
        room = Room(table, hub)
        room.save()
        room.save()
        rows = {(r["player"], r["game"]): r for r in client.get("/api/players").json()["players"]}
        assert rows[("Mira", "bulgarian")]["matches"] == 1
        assert rows[("bot:random", "bulgarian")]["matches"] == 3
        store = hub.store
        store.forget_actions("PGSTATS", 10)
        stored = store.read("PGSTATS")
        assert stored is not None and stored.actions == table.record[:10]
