"""What one seat may know of a deal (``Deal.view``)."""

from __future__ import annotations

import json

from belot.engine import Contract, Deal, Declare, Phase, Seat
from belot.engine.declarations import Kind
from conftest import fill_hands, finish, make_deal, push_all


def announced_deal() -> Deal:
    # Dealer E: N bids and leads; N holds a tierce, E a quarte.
    deal = make_deal(fill_hands({Seat.N: "7H 8H 9H", Seat.E: "10D JD QD KD"}), dealer=Seat.E)
    push_all(deal, [Contract.SPADES.text, "pass", "pass", "pass"])
    return deal


def test_view_shows_own_hand_and_sizes_only() -> None:
    deal = announced_deal()
    for seat in Seat:
        view = deal.view(seat)
        assert view.seat is seat
        assert list(view.hand) == deal.hand(seat)
        assert view.hand_sizes == (8, 8, 8, 8)
        assert view.revealed is None
        text = json.dumps(view.to_json())
        for other in Seat:
            if other is not seat:
                hidden = [str(c) for c in deal.hand(other)]
                shown = [c for c in hidden if f'"{c}"' in text]
                assert shown == [], f"{seat.name}'s view shows {other.name}'s {shown}"


def test_legal_actions_only_for_the_seat_to_act() -> None:
    deal = announced_deal()
    assert deal.turn is Seat.N
    assert deal.view(Seat.N).legal == tuple(deal.legal_actions())
    assert deal.view(Seat.N).my_turn
    for seat in (Seat.E, Seat.S, Seat.W):
        assert deal.view(seat).legal == ()
        assert not deal.view(seat).my_turn


def test_announcements_show_kind_then_cards_after_the_first_trick() -> None:
    deal = announced_deal()
    deal.push(deal.legal_actions()[0])  # N announces its tierce
    own = deal.view(Seat.N)
    assert own.declared is not None and [str(d) for d in own.declared] == ["7H-9H"]
    other = deal.view(Seat.W)
    assert other.declared is None
    [ann] = other.announcements
    assert (ann.seat, ann.kind, ann.points, ann.declaration) == (Seat.N, Kind.TIERCE, 20, None)
    assert "7H-9H" not in json.dumps(other.to_json())
    assert own.announcements[0].declaration is not None
    while deal.trick_number < 1:
        options = deal.legal_actions()
        deal.push(options[0])
    anns = {a.seat: a for a in deal.view(Seat.W).announcements}
    assert str(anns[Seat.N].declaration) == "7H-9H"
    assert str(anns[Seat.E].declaration) == "10D-KD"


def test_played_cards_and_points_are_public() -> None:
    deal = announced_deal()
    while deal.trick_number < 2:
        options = deal.legal_actions()
        deal.push(options[0] if not isinstance(options[0], Declare) else Declare(()))
    views = [deal.view(s) for s in Seat]
    for view in views:
        assert view.tricks == tuple(deal.tricks)
        assert view.card_points == deal.card_points
        assert len(view.completed_tricks) == 2
        assert view.played_cards == tuple(c for t in deal.tricks for c in t.cards)
        assert view.contract is Contract.SPADES and view.declarers == deal.declarers


def test_everything_is_revealed_at_the_end() -> None:
    deal = announced_deal()
    finish(deal)
    view = deal.view(Seat.S)
    assert view.phase is Phase.OVER
    assert view.result == deal.result
    assert view.revealed == tuple(tuple(deal.dealt_hand(s)) for s in Seat)
    assert view.hand == ()


def test_views_are_equal_when_only_unseen_cards_differ() -> None:
    # Swapping two clubs between E and W before the auction changes nothing for N or S.
    base = fill_hands({Seat.N: "7H 8H 9H", Seat.E: "7C", Seat.W: "KC"})
    swapped = dict(base)
    swapped[Seat.E] = [c if str(c) != "7C" else base[Seat.W][0] for c in base[Seat.E]]
    swapped[Seat.W] = [c if str(c) != "KC" else base[Seat.E][0] for c in base[Seat.W]]
    assert str(base[Seat.E][0]) == "7C" and str(base[Seat.W][0]) == "KC"
    a = make_deal(base, dealer=Seat.E)
    b = make_deal(swapped, dealer=Seat.E)
    for deal in (a, b):
        push_all(deal, "pass pass pass")
    for seat in (Seat.N, Seat.S):
        assert a.view(seat).key() == b.view(seat).key()
    for seat in (Seat.E, Seat.W):
        assert a.view(seat).key() != b.view(seat).key()
