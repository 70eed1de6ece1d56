"""Playing obligations per contract (RULES.md §3 "Playing obligations").

Positions in a trick: the player to act is ``len(trick)``; its partner played two cards before it.
"""

from __future__ import annotations

import pytest

from belot.engine import Contract, IllegalActionError, Play, Rules, Seat
from belot.engine.cards import cards_of
from belot.engine.tricks import legal_mask
from conftest import card, cards, fill_hands, make_deal, mask, push_all, snapshot

H, NT, AT = Contract.HEARTS, Contract.NO_TRUMPS, Contract.ALL_TRUMPS


def legal(contract: Contract, hand: str, trick: str, forced_undertrump: bool = False) -> str:
    got = legal_mask(mask(hand), [c.index for c in cards(trick)], contract, forced_undertrump)
    return " ".join(str(c) for c in cards_of(got))


def same(a: str, b: str) -> bool:
    return sorted(a.split()) == sorted(b.split())


# --- every contract: follow suit ----------------------------------------------------------------


@pytest.mark.parametrize("contract", list(Contract))
def test_leading_is_free(contract: Contract) -> None:
    assert same(legal(contract, "7C AS JH 9D", ""), "7C AS JH 9D")


@pytest.mark.parametrize("contract", [Contract.CLUBS, Contract.SPADES, NT, AT])
def test_always_follow_the_suit_led(contract: Contract) -> None:
    assert same(legal(contract, "7H KH AS 8D", "10H"), "7H KH")
    assert same(legal(contract, "7D QD JS 7C", "8D"), "QD" if contract == AT else "7D QD")


# --- suit contract, trumps led ------------------------------------------------------------------


def test_trumps_led_climb_if_you_can() -> None:
    assert same(legal(H, "KH 9H JH 7C", "10H"), "9H JH")
    assert same(legal(H, "KH QH 7C", "10H"), "KH QH")  # cannot climb: any trump


def test_trumps_led_climb_over_the_partner() -> None:
    # partner (position 0) leads 9H and holds the trick; I still must climb if I can
    assert same(legal(H, "JH 8H AS", "9H 7S"), "JH")
    assert same(legal(H, "AH 8H AS", "9H 7S"), "AH 8H")


def test_trumps_led_beat_the_highest_trump_in_the_trick() -> None:
    # 10H led, then AH: only J and 9 beat the ace
    assert same(legal(H, "KH 9H JH", "10H AH"), "9H JH")
    # an off-suit card in the trick does not change what must be beaten
    assert same(legal(H, "KH AH", "10H AS"), "AH")


def test_trumps_led_and_no_trump_any_card() -> None:
    assert same(legal(H, "AS 7C 10D", "JH"), "AS 7C 10D")


# --- suit contract, plain suit led and void -----------------------------------------------------


def test_void_with_an_opponent_winning_you_must_trump() -> None:
    assert same(legal(H, "7H 8H AS KD", "AC"), "7H 8H")
    # seed 000: East leads AC, partner plays 10C, West 7C; I have no clubs: trump
    assert same(legal(H, "7H 8H AS", "AC 10C 7C"), "7H 8H")


def test_void_without_trumps_any_card() -> None:
    assert same(legal(H, "AS KD 7S", "AC"), "AS KD 7S")


def test_partner_winning_any_card() -> None:
    # seed 000: had South (partner) led the winning ace, any card
    assert same(legal(H, "7H 8H AS", "AC 7C"), "7H 8H AS")
    # partner (position 1) wins with the ace, I play fourth
    assert same(legal(H, "7H AS", "7C AC 8C"), "7H AS")
    # partner wins by trumping: still free, no need to overtrump
    assert same(legal(H, "JH AS", "AC 7H KC"), "JH AS")


def test_partner_winning_still_follow_suit() -> None:
    assert same(legal(H, "9C 7H AS", "7C AC 8C"), "9C")


def test_partner_not_winning_must_trump() -> None:
    # partner played first but the opponent's ace beats it
    assert same(legal(H, "7H AS", "KC AC"), "7H")


def test_opponent_trumped_overtrump_if_you_can() -> None:
    assert same(legal(H, "JH 7H AS", "7C 9H"), "JH")
    # opponent overtrumped partner's trump: overtrump again
    assert same(legal(H, "JH 8H AS", "AC 7H 9H"), "JH")


def test_opponent_trumped_and_you_cannot_overtrump_any_card() -> None:
    # no forced undertrump in Bulgarian Belot
    assert same(legal(H, "7H 8H AS", "7C 9H"), "7H 8H AS")
    assert same(legal(H, "7H 8H AS", "AC JH 7C"), "7H 8H AS")


def test_forced_undertrump_option() -> None:
    assert not Rules.bulgarian().forced_undertrump
    assert same(legal(H, "7H 8H AS", "7C 9H", forced_undertrump=True), "7H 8H")
    # overtrumping still comes first, and the partner exception still holds
    assert same(legal(H, "JH 7H AS", "7C 9H", forced_undertrump=True), "JH")
    assert same(legal(H, "7H AS", "AC 7C", forced_undertrump=True), "7H AS")


# --- all trumps ---------------------------------------------------------------------------------


def test_all_trumps_follow_and_beat_the_highest_card() -> None:
    assert same(legal(AT, "7C AC 9C JH", "10C"), "AC 9C")
    assert same(legal(AT, "7C 8C JH", "10C"), "7C 8C")  # cannot beat: any of the suit
    assert same(legal(AT, "10C 9C", "8C AC"), "9C")  # beat the highest, not the lead


def test_all_trumps_beat_over_the_partner() -> None:
    assert same(legal(AT, "AC 8C", "10C 7C"), "AC")


def test_all_trumps_off_suit_cards_do_not_count() -> None:
    assert same(legal(AT, "9C 7C", "8C JD"), "9C")


def test_all_trumps_void_any_card() -> None:
    assert same(legal(AT, "JH 7D AS", "10C AC"), "JH 7D AS")


# --- no trumps ----------------------------------------------------------------------------------


def test_no_trumps_follow_suit_only() -> None:
    assert same(legal(NT, "7C AC JH", "10C"), "7C AC")
    assert same(legal(NT, "7C 8C", "10C AC"), "7C 8C")


def test_no_trumps_void_any_card() -> None:
    assert same(legal(NT, "JH 7D AS", "10C"), "JH 7D AS")


# --- in a real deal: only legal cards are offered, others refused -------------------------------


def test_seed_000_example_in_a_deal_must_trump() -> None:
    hands = fill_hands(
        {Seat.S: "7H 8H AS KS 7D 9D JD KD", Seat.E: "AC", Seat.N: "10C", Seat.W: "7C"}
    )
    deal = make_deal(hands, dealer=Seat.S)
    assert deal.turn is Seat.E
    push_all(deal, ["hearts", "pass", "pass", "pass"])
    push_all(deal, ["AC", "10C", "7C"])
    assert deal.turn is Seat.S
    assert [str(c) for c in deal.legal_cards()] == ["7H", "8H"]
    assert deal.legal_actions() == [Play(card("7H")), Play(card("8H"))]
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match=r"AS may not be played now \(legal: 7H 8H\)"):
        deal.push(Play(card("AS")))
    assert snapshot(deal) == before
    deal.push(Play(card("8H")))
    assert deal.tricks[0].winner is Seat.S


def test_seed_000_example_in_a_deal_partner_winning_free() -> None:
    hands = fill_hands({Seat.S: "7H 8H AS KS 7D 9D JD KD", Seat.N: "AC", Seat.W: "7C"})
    deal = make_deal(hands, dealer=Seat.E)
    assert deal.turn is Seat.N
    push_all(deal, ["hearts", "pass", "pass", "pass", "AC", "7C"])
    assert deal.turn is Seat.S
    assert sorted(deal.legal_cards()) == sorted(cards("7H 8H AS KS 7D 9D JD KD"))
    deal.push(Play(card("AS")))


def test_trumps_led_in_a_deal_climb_over_partner() -> None:
    hands = fill_hands(
        {Seat.N: "10H", Seat.W: "7S 8S 10S QS 7D 8D JC QC", Seat.S: "JH 8H 7C 8C 10D QD AS KS"}
    )
    deal = make_deal(hands, dealer=Seat.E)
    push_all(deal, ["hearts", "pass", "pass", "pass", "10H", "7S"])
    assert deal.turn is Seat.S  # partner N holds the trick with 10H
    assert [str(c) for c in deal.legal_cards()] == ["JH"]
    before = snapshot(deal)
    for bad in ("8H", "7C", "AS"):
        with pytest.raises(IllegalActionError, match="may not be played"):
            deal.push(Play(card(bad)))
    with pytest.raises(IllegalActionError, match="does not hold 9H"):
        deal.push(Play(card("9H")))
    assert snapshot(deal) == before
