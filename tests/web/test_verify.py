"""``belot verify``: anyone can re-create a deal's shuffle and cut from what the table showed."""

from __future__ import annotations

import pytest

from belot.cli import main
from belot.engine import Cut, Deal, Seat, shuffled_deck
from belot.web.tables import seed_hash


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        main(["verify", *args])
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_verify_prints_the_deck_and_each_seats_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "123456789", "--cut", "13", "--dealer", "W")
    assert code == 0
    assert f"sha256 {seed_hash(123456789)}" in out
    assert "deck   " + " ".join(str(c) for c in shuffled_deck(123456789)) in out
    deal = Deal(dealer=Seat.W, seed=123456789)
    deal.push(Cut(13))
    lines = {line[:1]: line for line in out.splitlines() if line[:2].rstrip() in "NESW"}
    for seat in Seat:
        assert " ".join(str(c) for c in deal.hand(seat)) in lines[seat.name]


def test_verify_refuses_a_wrong_hash_and_a_bad_cut(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "42", "--hash", "00ff")
    assert code == 2 and err.strip() == (
        "belot: the seed does not match the hash 00ff shown before the deal"
    )
    code, _, err = run(capsys, "42", "--cut", "32")
    assert code == 2 and err.strip() == "belot: a cut lifts 1 to 31 cards, not 32"
    code, _, err = run(capsys, "42", "--cut", "3", "--dealer", "X")
    assert code == 2 and "unknown seat 'X'" in err
    code, out, _ = run(capsys, "42", "--hash", seed_hash(42).upper())
    assert code == 0 and "hash   matches" in out


def test_a_deal_of_a_table_with_keyed_seeds_verifies_from_what_it_showed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A table's seeds are HMACs of its secret master seed; what it shows of a finished deal
    (seed, its hash shown before, cut, dealer) is still all ``belot verify`` needs."""
    from belot.bots import make
    from belot.engine import Rules
    from belot.web.tables import SeatInfo, Table

    seats = [SeatInfo() for _ in range(4)]
    table = Table.new("ABCDEFGHJKLM", Rules.bulgarian(), seats, master=2**127 + 5)
    bots = {seat: make("random", seed=seat) for seat in Seat}
    while not table.deals[0].is_over:
        seat = table.to_act
        assert seat is not None
        table.act(seat, str(bots[seat].act(table.deal.view(seat))))
    shown = table.deals_json()[0]
    deal = table.deals[0]
    code, out, _ = run(
        capsys,
        shown["seed"],
        "--cut",
        str(shown["cut"]),
        "--dealer",
        shown["dealer"],
        "--hash",
        shown["hash"],
    )
    assert code == 0 and "hash   matches" in out
    for seat in Seat:
        assert " ".join(str(c) for c in deal.dealt_hand(seat)) in out
