"""A table's game logic: a whole match, its record, and what a spectator may see."""

from __future__ import annotations

import pytest

from belot.bots import make
from belot.engine import BelotError, IllegalActionError, OutOfTurnError, Rules, Seat
from belot.engine.match import keyed_seed
from belot.engine.sheet import match_winner
from belot.web.tables import SeatInfo, Table, seed_hash, spectator_view


def bot_table(master: int, **options: object) -> Table:
    return Table.new("T", Rules.bulgarian(**options), [SeatInfo() for _ in range(4)], master=master)


def play_match(table: Table, level: str = "random") -> None:
    bots = {seat: make(level, seed=seat) for seat in Seat}
    while not table.is_over:
        if table.waiting_for_next:
            table.next_deal()
            continue
        seat = table.to_act
        assert seat is not None
        table.act(seat, str(bots[seat].act(table.deal.view(seat))))


def test_a_whole_match_is_played_to_its_end_and_replays_from_its_record() -> None:
    table = bot_table(11, target=61)
    play_match(table)
    sheet = table.sheet_json()
    ns, ew = sheet["totals"]["NS"], sheet["totals"]["EW"]
    assert max(ns, ew) >= 61 and ns != ew
    assert table.summary()["winner"] == ("NS" if ns > ew else "EW")
    last = table.sheet.deals[-1]
    assert match_winner((ns, ew), last, 61) is not None
    with pytest.raises(IllegalActionError, match="the match is over"):
        table.next_deal()
    # Dealers go round, passed-out deals included; each deal's seed comes from the master seed
    # by a keyed hash of the table's code and the deal's number.
    for before, after in zip(table.deals, table.deals[1:], strict=False):
        assert after.dealer == before.next_seat(before.dealer)
    for number, deal in enumerate(table.deals):
        assert deal.seed == keyed_seed(11, "T", "deal", number)
    again = Table.from_config("T", table.to_config(), table.record)
    assert again.record == table.record
    assert again.sheet_json() == sheet
    assert [d.history for d in again.deals] == [d.history for d in table.deals]


def test_the_same_dealer_deals_again_after_four_passes_when_the_option_says_so() -> None:
    for same in (False, True):
        table = bot_table(3, redeal_same_dealer=same)
        table.act(table.deal.turn, "cut:3")  # type: ignore[arg-type]
        for _ in range(4):
            table.act(table.deal.turn, "pass")  # type: ignore[arg-type]
        assert table.deal.all_passed and table.waiting_for_next
        first = table.deal.dealer
        table.next_deal()
        assert table.deal.dealer == (first if same else table.deals[0].next_seat(first))


def test_actions_are_checked_and_a_refused_one_changes_nothing() -> None:
    table = bot_table(5)
    cutter = table.deal.turn
    assert cutter is not None
    other = cutter.partner
    with pytest.raises(OutOfTurnError, match=f"it is {cutter.name}'s turn, not {other.name}'s"):
        table.act(other, "cut:3")
    with pytest.raises(BelotError, match="unknown action"):
        table.act(cutter, "shuffle")
    with pytest.raises(IllegalActionError, match="the deal is not over yet"):
        table.next_deal()
    assert table.record == [] and table.version == 0
    table.act(cutter, "cut:3")
    assert table.record == [(cutter.name, "cut:3")]


def test_seats_tokens_and_the_spectators_view() -> None:
    seats = [SeatInfo(kind="person"), SeatInfo(), SeatInfo(kind="person"), SeatInfo()]
    table = Table.new("T", Rules.bulgarian(), seats, master=9)
    assert not table.started
    token = table.claim(Seat.S, "Ana")
    assert table.seat_of(token) == Seat.S and table.seat_of("guess") is None
    assert table.seat_of(None) is None
    with pytest.raises(BelotError, match="seat S is not free"):
        table.claim(Seat.S)
    with pytest.raises(BelotError, match="seat E is not free"):
        table.claim(Seat.E)  # a bot's seat
    table.start()
    assert table.seats[Seat.N].kind == "bot"  # the free person's seat went to a bot
    table.act(table.deal.turn, "cut:20")  # type: ignore[arg-type]
    view = spectator_view(table.deal)
    assert view["hand"] == [] and view["legal"] == [] and view["seat"] is None
    assert view["hand_sizes"] == [5, 5, 5, 5]
    assert seed_hash(table.seed_of(0)) == table.deals_json()[0]["hash"]
    assert table.deals_json()[0]["seed"] is None
