"""Fair deals stay secret: every seed of a table is a keyed hash of its master seed, so that the
seeds a table shows (and the bots' choices) tell nothing of the others; codes are unguessable."""

from __future__ import annotations

import hashlib
import hmac
import math
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from belot.bots import make
from belot.engine import Rules, Seat
from belot.engine.match import hashed_deal_seed, keyed_seed
from belot.web import rooms
from belot.web.app import create_app
from belot.web.rooms import Hub, Room
from belot.web.store import Batch, Store
from belot.web.tables import (
    CODE_LETTERS,
    OLD_SEEDS,
    SEEDS,
    SeatInfo,
    Table,
    shown_code,
    table_code,
)


def bot_table(table_id: str, master: int) -> Table:
    rules = Rules.bulgarian(target=1001)  # no match ends within the few deals played here
    return Table.new(table_id, rules, [SeatInfo() for _ in range(4)], master=master)


def play_deals(table: Table, deals: int) -> None:
    """Play until ``deals`` deals are over (random bots; the table's own seeds do not matter)."""
    bots = {seat: make("random", seed=seat) for seat in Seat}
    while len(table.match.deals) < deals:
        if table.waiting_for_next:
            table.next_deal()
            continue
        seat = table.to_act
        assert seat is not None
        table.act(seat, str(bots[seat].act(table.deal.view(seat))))


def hmac_seed(master: int, *path: str | int) -> int:
    """The published derivation, worked out here on its own."""
    message = (
        "[" + ",".join(f'"{p}"' if isinstance(p, str) else str(p) for p in path) + "]"
    ).encode()
    digest = hmac.new(str(master).encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def test_every_seed_is_an_hmac_of_the_master_the_table_the_deal_and_the_seat() -> None:
    master = 2**100 + 12345
    table = bot_table("ABCDEFGHJKLM", master)
    assert table.to_config()["seeds"] == SEEDS == "hmac-sha256"
    play_deals(table, 4)
    for number, deal in enumerate(table.deals):
        assert deal.seed == table.seed_of(number)
        assert deal.seed == hmac_seed(master, "belot", "ABCDEFGHJKLM", "deal", number)
        assert deal.seed != hashed_deal_seed(master, number)
    assert table.first_dealer == Seat(hmac_seed(master, "belot", "ABCDEFGHJKLM", "dealer") % 4)
    number = table.match.number
    for seat in Seat:
        expected = hmac_seed(master, "belot", "ABCDEFGHJKLM", "bot", number, seat.name)
        assert (
            table.bot_seed(seat)
            == expected
            == keyed_seed(master, "ABCDEFGHJKLM", "bot", number, seat.name)
        )


def test_published_seeds_tell_nothing_of_later_deals_or_other_tables() -> None:
    """The old derivation gave it away: a bot's seed was ``(master + seat) % 2**31`` (seats one
    apart, the master's low bits) and a deal's seed a hash of the master alone. Now no seed is
    a function of another by those formulas, and the same master at another table deals other
    cards."""
    master = 987654321987654321
    table = bot_table("ABCDEFGHJKLM", master)
    other = bot_table("MLKJHGFEDCBA", master)
    play_deals(table, 4)
    play_deals(other, 4)
    published = [table.seed_of(k) for k in range(3)]  # deals 1..3 are over and shown
    fourth = table.seed_of(3)
    bots = {}
    for number in range(4):
        for seat in Seat:
            bots[number, seat] = keyed_seed(master, table.id, "bot", number, seat.name)
    everything = [*published, fourth, *bots.values(), *(other.seed_of(k) for k in range(4))]
    assert len(set(everything)) == len(everything)  # every seed its own
    # No bot seed gives the master's low bits, nor one seat's seed the next one's.
    for (number, seat), seed in bots.items():
        assert seed % 2**31 != (master + seat) % 2**31
        if seat != Seat.W:
            assert bots[number, Seat(seat + 1)] != seed + 1
    # The shown seeds do not lead to the fourth deal's by the old formula, from any candidate
    # master the shown values could suggest.
    for guess in [*published, *bots.values()]:
        assert hashed_deal_seed(guess, 3) != fourth
        assert hashed_deal_seed(guess - Seat.N, 3) != fourth
    # The same master at another table: other seeds for every deal, other hands.
    for number in range(4):
        assert other.seed_of(number) != table.seed_of(number)
    assert [d.dealt_hand(Seat.N) for d in table.deals[:4]] != [
        d.dealt_hand(Seat.N) for d in other.deals[:4]
    ]


def test_bots_get_a_new_seed_each_deal(tmp_path: Path) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'b.sqlite3'}"))
    table = bot_table("ABCDEFGHJKLM", 77)
    room = Room(table, hub)
    first = {seat: room.bot_for(seat).seed for seat in Seat}
    assert len(set(first.values())) == 4
    assert all(seed != (77 + seat) % 2**31 for seat, seed in first.items())
    assert room.bot_for(Seat.N) is room.bot_for(Seat.N)  # the same bot within a deal
    play_deals(table, 1)
    table.next_deal()
    second = {seat: room.bot_for(seat).seed for seat in Seat}
    assert all(second[seat] != first[seat] for seat in Seat)
    assert second[Seat.E] == table.bot_seed(Seat.E) == keyed_seed(77, table.id, "bot", 1, "E")
    hub.thinkers.shutdown()


def test_a_table_stored_by_the_old_code_replays_with_its_old_seeds() -> None:
    """A configuration without ``seeds`` was dealt with ``hashed_deal_seed``: its record must
    replay the same deals, and its next deals come the old way too."""
    master = 2026
    old = Table(
        "QWERTY", Rules.bulgarian(), master, [SeatInfo() for _ in range(4)], seeds=OLD_SEEDS
    )
    old.start()
    play_deals(old, 3)
    config = old.to_config()
    del config["seeds"]  # as the old code stored it
    again = Table.from_config("QWERTY", config, old.record)
    assert again.seeds == OLD_SEEDS and again.record == old.record
    for number, deal in enumerate(again.deals):
        assert deal.seed == hashed_deal_seed(master, number)
        assert deal.history == old.deals[number].history
    assert again.first_dealer == old.first_dealer
    with pytest.raises(Exception, match="unknown seeds 'md5'"):
        Table.from_config("QWERTY", {**config, "seeds": "md5"}, [])


def test_new_codes_are_twelve_letters_of_the_unambiguous_alphabet(tmp_path: Path) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'b.sqlite3'}"))
    codes = {hub.new_code() for _ in range(200)}
    hub.thinkers.shutdown()
    assert len(codes) == 200
    assert all(re.fullmatch(f"[{CODE_LETTERS}]{{12}}", code) for code in codes)
    assert len(set(CODE_LETTERS)) == 32 and not set("01IO") & set(CODE_LETTERS)
    assert 12 * math.log2(len(CODE_LETTERS)) == 60
    # Shown in groups; read in any case, with spaces or dashes; old six-letter codes as they are.
    assert shown_code("ABCDEFGHJKLM") == "ABCD-EFGH-JKLM"
    assert table_code(" abcd-efgh jklm ") == "ABCDEFGHJKLM"
    assert table_code("qwerty") == shown_code("QWERTY") == "QWERTY"


def test_a_table_is_found_by_its_code_written_any_way_and_old_codes_still_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'belot.sqlite3'}"
    with TestClient(create_app(Store(url), bot_delay=0)) as client:
        reply = client.post("/api/tables", json={"seats": {s: {"kind": "person"} for s in "NEW"}})
        code = reply.json()["id"]
        assert re.fullmatch(f"[{CODE_LETTERS}]{{12}}", code)
        grouped = shown_code(code)
        page = client.get(f"/t/{grouped.lower()}")
        assert page.status_code == 200 and grouped in page.text
        assert client.get(f"/api/tables/{grouped}").json()["table"]["id"] == code
        # A table with a code of the old length (as the old code made them).
        monkeypatch.setattr(rooms, "new_code", lambda: "QWERTY")
        assert client.post("/api/tables", json={}).json()["id"] == "QWERTY"
        assert client.get("/api/tables/qwerty").json()["table"]["id"] == "QWERTY"
        assert client.get("/t/QWERTY").status_code == 200


def test_the_server_replays_a_table_stored_by_the_old_code_as_it_was_dealt(
    tmp_path: Path,
) -> None:
    master = 4242
    old = Table(
        "QWERTY", Rules.bulgarian(), master, [SeatInfo() for _ in range(4)], seeds=OLD_SEEDS
    )
    old.start()
    play_deals(old, 2)
    config = old.to_config()
    del config["seeds"]  # as the old code stored it
    url = f"sqlite:///{tmp_path / 'belot.sqlite3'}"
    store = Store(url)
    store.write([Batch("QWERTY", 0, list(old.record), config)])
    store.release()
    store.close()
    with TestClient(create_app(Store(url), bot_delay=10)) as client:
        reply = client.get("/api/tables/qwerty/record")
        assert reply.status_code == 200, reply.text
        record = reply.json()
    assert [d["seed"] for d in record["deals"][:2]] == [
        str(hashed_deal_seed(master, k)) for k in range(2)
    ]
    assert [d["hands"] for d in record["deals"][:2]] == [
        {s.name: [str(c) for c in deal.dealt_hand(s)] for s in Seat} for deal in old.deals[:2]
    ]
