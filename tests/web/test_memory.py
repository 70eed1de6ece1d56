"""Memory stays flat: finished and abandoned tables leave memory (their leases given up) and
come back from their record when someone opens them."""

from __future__ import annotations

import asyncio
import gc
import tracemalloc
from pathlib import Path

from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.web.rooms import Hub, Room
from belot.web.store import Store
from belot.web.tables import SeatInfo

ROUNDS = 5
#: Tables of each kind a round: played by bots to the end, and left by their person.
PER_ROUND = 30


async def soak(url: str) -> tuple[list[int], list[int]]:
    store = Store(url)
    hub = Hub(store, bot_delay=0, leave_grace=0, idle_seconds=0.1)
    hub.resume()
    rules = Rules(target=1)  # a match of one deal, so that a round is quick
    sizes: list[int] = []
    counts: list[int] = []
    finished: list[str] = []
    for _ in range(ROUNDS):
        for _ in range(PER_ROUND):
            room, _ = await hub.create(
                rules=rules, seats=[SeatInfo("bot") for _ in Seat], creator=None
            )
            finished.append(room.table.id)
            # A person who creates a table and never comes to it.
            await hub.create(rules=rules, seats=[SeatInfo("bot") for _ in Seat])
        counts.append(len(hub.rooms))
        for _ in range(600):
            if not hub.rooms:
                break
            await asyncio.sleep(0.05)
        assert not hub.rooms, f"{len(hub.rooms)} tables stay in memory"
        gc.collect()
        sizes.append(tracemalloc.get_traced_memory()[0])
    # An evicted table comes back from its record, played to its end.
    room = await hub.room(finished[0])
    assert room.table.is_over and len(room.table.record) > 30
    assert store.lease(finished[-1]).owner is None  # evicted tables' leases are given up
    await hub.close()
    store.close()
    return sizes, counts


def test_memory_does_not_grow_with_the_tables_created_played_and_left(tmp_path: Path) -> None:
    tracemalloc.start()
    try:
        sizes, counts = asyncio.run(soak(f"sqlite:///{tmp_path / 'belot.sqlite3'}"))
    finally:
        tracemalloc.stop()
    assert min(counts) > 0, counts  # the tables were in memory while they played
    # After the first round (caches, the pools' threads), 60 more tables a round cost nothing
    # (kept in memory, each would cost tens of kilobytes).
    growth = sizes[-1] - sizes[1]
    assert growth < 500_000, f"memory grew {growth} bytes over {ROUNDS - 2} rounds: {sizes}"


def test_a_new_table_is_not_evicted_while_its_first_commit_is_shown(tmp_path: Path) -> None:
    """Tables idle after 0.01 s, and a busy event loop that resumes a committed change 0.2 s
    late: a new table, whose first change is committed but not yet shown nor driven on, is
    not taken for idle (it was, on a busy machine: "a table of that code exists already")."""

    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}")
        hub = Hub(store, bot_delay=0, leave_grace=0, idle_seconds=0.01)
        commit = hub.commit

        async def late_commit(room: Room) -> None:
            await commit(room)
            await asyncio.sleep(0.2)  # committed; the change goes on only later

        hub.commit = late_commit  # type: ignore[method-assign]
        hub.resume()
        try:
            for _ in range(3):
                await hub.create(
                    rules=Rules(target=1), seats=[SeatInfo("bot") for _ in Seat], creator=None
                )
        finally:
            await hub.close()
            store.close()

    asyncio.run(run())
