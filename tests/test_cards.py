"""Cards, suits, ranks, their notation and the 32-bit card sets (RULES.md §2)."""

from __future__ import annotations

import pickle

import pytest

from belot.engine import Card, Contract, Rank, Seat, Suit, Team, UnknownCardError
from belot.engine.cards import ALL_CARDS, FULL_MASK, SUIT_MASKS, cards_of, mask_of, parse_cards
from belot.engine.errors import BelotError


def test_thirty_two_cards_seven_to_ace_in_four_suits() -> None:
    assert len(ALL_CARDS) == 32
    assert len({str(c) for c in ALL_CARDS}) == 32
    ranks = [str(Card(Suit.CLUBS, r)) for r in Rank]
    assert ranks == ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("JH", Suit.HEARTS, Rank.JACK),
        ("10H", Suit.HEARTS, Rank.TEN),
        ("TH", Suit.HEARTS, Rank.TEN),
        ("10♥", Suit.HEARTS, Rank.TEN),
        ("th", Suit.HEARTS, Rank.TEN),
        ("jh", Suit.HEARTS, Rank.JACK),
        ("as", Suit.SPADES, Rank.ACE),
        ("7c", Suit.CLUBS, Rank.SEVEN),
        ("Q♦", Suit.DIAMONDS, Rank.QUEEN),
        ("K♠", Suit.SPADES, Rank.KING),
        ("9♣", Suit.CLUBS, Rank.NINE),
        (" 8D ", Suit.DIAMONDS, Rank.EIGHT),
    ],
)
def test_card_notation(text: str, suit: Suit, rank: Rank) -> None:
    c = Card.from_str(text)
    assert (c.suit, c.rank) == (suit, rank)
    assert c is Card(suit, rank)


def test_one_canonical_text_form() -> None:
    for text in ("10H", "TH", "10♥", "th", "10h"):
        assert str(Card.from_str(text)) == "10H"
    assert Card.from_str("10♥").symbol == "10♥"
    for c in ALL_CARDS:
        assert Card.from_str(str(c)) is c
        assert Card.from_str(c.symbol) is c
        assert eval(repr(c)) is c


@pytest.mark.parametrize("text", ["", "J", "1H", "11H", "JX", "ZZ", "6H", "2S", "HJ", "10", "JHH"])
def test_bad_card_text_raises_unknown_card_error_naming_it(text: str) -> None:
    with pytest.raises(UnknownCardError) as info:
        Card.from_str(text)
    assert isinstance(info.value, BelotError)
    assert repr(text) in str(info.value)


def test_non_text_card_is_refused() -> None:
    with pytest.raises(UnknownCardError):
        Card.from_str(12)  # type: ignore[arg-type]
    with pytest.raises(UnknownCardError):
        Card.from_index(32)


def test_cards_are_immutable_singletons() -> None:
    c = Card.from_str("AS")
    with pytest.raises(AttributeError):
        c.rank = Rank.SEVEN
    assert pickle.loads(pickle.dumps(c)) is c
    assert Card.from_index(c.index) is c


def test_card_set_layout() -> None:
    # index = suit * 8 + rank, ranks 7..A = 0..7, suits C D H S = 0..3
    assert Card.from_str("7C").index == 0
    assert Card.from_str("AC").index == 7
    assert Card.from_str("7D").index == 8
    assert Card.from_str("JH").index == 2 * 8 + 4
    assert Card.from_str("AS").index == 31
    assert FULL_MASK == mask_of(ALL_CARDS) == 0xFFFFFFFF
    for suit in Suit:
        assert cards_of(SUIT_MASKS[suit]) == [c for c in ALL_CARDS if c.suit == suit]
    hand = parse_cards("JH 9H, AS 7C")
    assert cards_of(mask_of(hand)) == sorted(hand)


def test_parse_cards_bad_part_names_it() -> None:
    with pytest.raises(UnknownCardError, match="'XX'"):
        parse_cards("JH XX")


def test_seats_teams_and_partners() -> None:
    assert [s.team for s in Seat] == [Team.NS, Team.EW, Team.NS, Team.EW]
    assert Seat.N.partner is Seat.S and Seat.E.partner is Seat.W
    assert Team.NS.other is Team.EW
    assert Seat.from_str("north") is Seat.N
    with pytest.raises(BelotError, match="'X'"):
        Seat.from_str("X")


def test_contract_order() -> None:
    order = [Contract.from_str(t) for t in ("clubs", "diamonds", "hearts", "spades", "nt", "at")]
    assert order == sorted(order)
    assert order == list(Contract)
    assert [c.trump for c in order] == [*Suit, None, None]
    with pytest.raises(BelotError, match="'bogus'"):
        Contract.from_str("bogus")
