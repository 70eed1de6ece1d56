"""Card strength, card points and the trick winner per contract (RULES.md §2)."""

from __future__ import annotations

import pytest

from belot.bench import legal_queries
from belot.engine import Card, Contract, Seat, Suit
from belot.engine.tricks import (
    CARD_POINTS,
    DECK_POINTS,
    KEY,
    legal_mask,
    obliged,
    trick_points,
    winner_position,
)
from conftest import bid_and_pass, cards, make_deal, play

TRUMP_ORDER = "J 9 A 10 K Q 8 7"
PLAIN_ORDER = "A 10 K Q J 9 8 7"
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def order(contract: Contract, suit: str) -> list[str]:
    """The ranks of ``suit`` from strongest to weakest under ``contract``."""
    suited = [Card.from_str(r + suit) for r in PLAIN_ORDER.split()]
    return [c.rank.text for c in sorted(suited, key=lambda c: -KEY[contract][c.index])]


@pytest.mark.parametrize("contract", [c for c in Contract if c.is_suit])
def test_suit_contract_orders(contract: Contract) -> None:
    for suit in Suit:
        want = TRUMP_ORDER if suit == contract.trump else PLAIN_ORDER
        assert order(contract, suit.letter) == want.split()


def test_no_trumps_and_all_trumps_orders() -> None:
    for suit in "CDHS":
        assert order(Contract.NO_TRUMPS, suit) == PLAIN_ORDER.split()
        assert order(Contract.ALL_TRUMPS, suit) == TRUMP_ORDER.split()


@pytest.mark.parametrize("contract", list(Contract))
def test_card_points(contract: Contract) -> None:
    for c in (Card.from_index(i) for i in range(32)):
        trump = contract == Contract.ALL_TRUMPS or c.suit == contract.trump
        want = (TRUMP_POINTS if trump else PLAIN_POINTS)[c.rank.text]
        if contract == Contract.NO_TRUMPS:
            want *= 2
        assert CARD_POINTS[contract][c.index] == want, f"{c} in {contract}"


def test_deck_points() -> None:
    assert [DECK_POINTS[c] for c in Contract] == [152, 152, 152, 152, 240, 248]


def winner(contract: Contract, text: str) -> str:
    trick = [c.index for c in cards(text)]
    return str(cards(text)[winner_position(trick, contract)])


@pytest.mark.parametrize(
    ("contract", "trick", "won_by"),
    [
        # highest card of the suit led
        (Contract.HEARTS, "10C AC KC 7C", "AC"),
        (Contract.HEARTS, "10C JC KC 7C", "10C"),
        # off-suit discards never win, however high
        (Contract.HEARTS, "7C AD AS 8C", "8C"),
        (Contract.NO_TRUMPS, "7C AD AS JH", "7C"),
        (Contract.ALL_TRUMPS, "7C JD JS JH", "7C"),
        # the highest trump wins
        (Contract.HEARTS, "AC 7H 10C 8H", "8H"),
        (Contract.HEARTS, "AC 9H JH 8H", "JH"),
        (Contract.SPADES, "AS JS 9S 10S", "JS"),
        (Contract.SPADES, "AD 9S 10D JD", "9S"),
        (Contract.CLUBS, "7C AD 8C AC", "AC"),
        # trump order: J 9 A 10 K Q 8 7
        (Contract.DIAMONDS, "AD 10D 9D KD", "9D"),
        (Contract.ALL_TRUMPS, "AD 10D 9D KD", "9D"),
        (Contract.ALL_TRUMPS, "QH JH 9H AH", "JH"),
        (Contract.NO_TRUMPS, "QH JH 9H AH", "AH"),
        (Contract.NO_TRUMPS, "KH 10H 9H QH", "10H"),
        (Contract.ALL_TRUMPS, "KH 10H 9C QH", "10H"),
        # a trump of a suit contract beats the led plain suit's ace
        (Contract.CLUBS, "AD 10D 7C KD", "7C"),
    ],
)
def test_trick_winner(contract: Contract, trick: str, won_by: str) -> None:
    assert winner(contract, trick) == won_by


def test_partial_trick_winner_and_points() -> None:
    assert winner(Contract.HEARTS, "AC") == "AC"
    assert winner(Contract.HEARTS, "AC 7H") == "7H"
    trick = [c.index for c in cards("JH 9H AC 10S")]
    assert trick_points(trick, Contract.HEARTS) == 20 + 14 + 11 + 10
    assert trick_points(trick, Contract.NO_TRUMPS) == 2 * (2 + 0 + 11 + 10)
    assert trick_points(trick, Contract.ALL_TRUMPS) == 20 + 14 + 11 + 10


def test_winner_leads_next_trick_in_a_deal() -> None:
    # Dealer N: W is first (counter-clockwise N→W→S→E), then S, E, N.
    deal = make_deal(
        {
            Seat.W: "7C 8C 9C 7D 8D 9D 10D JD",
            Seat.S: "AC 10C KC AD KD QD 7H 8H",
            Seat.E: "QC JC AH 10H KH QH JH 9H",
            Seat.N: "7S 8S 9S 10S JS QS KS AS",
        }
    )
    assert deal.turn is Seat.W
    bid_and_pass(deal, Contract.SPADES)
    assert deal.turn is Seat.W
    play(deal, "7C AC QC 7S")  # N trumps
    trick = deal.tricks[0]
    assert [s for s, _ in trick.plays] == [Seat.W, Seat.S, Seat.E, Seat.N]
    assert trick.winner is Seat.N
    assert deal.turn is Seat.N
    assert deal.card_points == (11 + 3, 0)
    play(deal, "AS 8C 10C JC")  # N leads trumps; nobody else has any
    assert deal.tricks[1].winner is Seat.N and deal.turn is Seat.N


def test_obliged_told_the_holder_agrees_with_legal_mask_everywhere() -> None:
    """``Deal`` asks ``obliged`` with the card that holds the trick, which it keeps as cards are
    played; ``legal_mask`` finds the holder itself. The two spell the same rule."""
    for hand, trick, contract in legal_queries(20_000, seed=3):
        for forced in (False, True):
            want = legal_mask(hand, trick, contract, forced)
            if not trick:
                assert want == hand
                continue
            at = winner_position(trick, contract)
            got = obliged(hand, trick[0], trick[at], len(trick) - at == 2, contract, forced)
            assert got == want, (hand, trick, contract, forced)
