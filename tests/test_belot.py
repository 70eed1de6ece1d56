"""Belot: K+Q of trumps in one hand, announced with the first of the two (RULES.md §3)."""

from __future__ import annotations

import pytest

from belot.engine import Card, Contract, Deal, Declare, Play, Rank, Rules, Seat, Suit
from conftest import card, fill_hands, finish, make_deal, push_all


def start(
    fixed: dict[Seat, str],
    contract: Contract,
    *,
    dealer: Seat = Seat.E,
    rules: Rules | None = None,
) -> Deal:
    """The player after ``dealer`` bids ``contract``, the others pass."""
    deal = make_deal(fill_hands(fixed), dealer=dealer, rules=rules)
    push_all(deal, [contract.text, "pass", "pass", "pass"])
    return deal


def put(deal: Deal, text: str) -> None:
    """The seat to act plays ``text``, announcing nothing first if asked."""
    if isinstance(deal.legal_actions()[0], Declare):
        deal.push(Declare(()))
    deal.push(Play(card(text)))


def belots(deal: Deal) -> list[tuple[str, str]]:
    return [(s.name, suit.letter) for s, suit in deal.belots]


def check_belot_points(deal: Deal) -> None:
    """Each belot adds 20 to its team's total."""
    assert deal.result is not None
    extra = [20 * sum(1 for s, _ in deal.belots if s.team == t) for t in (0, 1)]
    decl = [sum(d.points for d in t) for t in deal.scored_declarations()]
    for t in (0, 1):
        valat = 90 if deal.result.valat == t else 0
        assert deal.result.raw[t] == deal.card_points[t] + decl[t] + extra[t] + valat


def test_belot_on_the_lead_with_the_first_of_the_two() -> None:
    deal = start({Seat.N: "KS QS"}, Contract.SPADES)
    put(deal, "QS")
    assert belots(deal) == [("N", "S")]
    finish(deal, {Seat.N: "KS"})
    assert belots(deal) == [("N", "S")]  # the second card adds nothing
    check_belot_points(deal)


def test_belot_when_following_the_trump_lead() -> None:
    # Dealer N: W leads, then S.
    deal = start({Seat.W: "7S", Seat.S: "KS QS"}, Contract.SPADES, dealer=Seat.N)
    put(deal, "7S")
    put(deal, "KS")
    assert belots(deal) == [("S", "S")]


@pytest.mark.parametrize("when_trumping", [True, False])
def test_belot_when_trumping(when_trumping: bool) -> None:
    rules = Rules.bulgarian(belot_when_trumping=when_trumping)
    deal = start(
        {Seat.W: "AC", Seat.S: "KS QS 7D 9D JD 8H 10H QH"},
        Contract.SPADES,
        dealer=Seat.N,
        rules=rules,
    )
    put(deal, "AC")
    assert [str(c) for c in deal.legal_cards()] == ["QS", "KS"]  # void: must trump
    put(deal, "QS")
    assert belots(deal) == ([("S", "S")] if when_trumping else [])
    finish(deal, {Seat.S: "KS"})
    assert belots(deal) == ([("S", "S")] if when_trumping else [])
    check_belot_points(deal)


def test_belot_when_trumping_default_is_true() -> None:
    assert Rules.bulgarian().belot_when_trumping is True


def test_no_belot_without_the_pair_in_one_hand() -> None:
    deal = start({Seat.N: "KS", Seat.S: "QS"}, Contract.SPADES)
    finish(deal, {Seat.N: "KS"})
    assert belots(deal) == []
    check_belot_points(deal)


def test_no_belot_in_a_plain_suit_of_a_suit_contract() -> None:
    deal = start({Seat.N: "KH QH"}, Contract.SPADES)
    put(deal, "KH")
    assert belots(deal) == []


def test_no_belot_in_no_trumps() -> None:
    deal = start({Seat.N: "KS QS", Seat.E: "KH QH"}, Contract.NO_TRUMPS)
    put(deal, "KS")
    assert belots(deal) == []
    finish(deal)
    assert belots(deal) == []
    assert deal.result is not None and deal.result.raw == deal.card_points


def counting_policy(deal: Deal, seat: Seat) -> Play:
    """``seat`` plays a K or Q of a pair as soon as it would count, keeps pairs otherwise."""
    hand = deal.hand(seat)
    legal = deal.legal_cards()
    trick = deal.current_trick
    for c in legal:
        if c.rank in (Rank.KING, Rank.QUEEN):
            other = Card(c.suit, Rank.KING if c.rank == Rank.QUEEN else Rank.QUEEN)
            if other in hand and (not trick or trick[0][1].suit == c.suit):
                return Play(c)
    for c in legal:
        if c.rank not in (Rank.KING, Rank.QUEEN):
            return Play(c)
    return Play(legal[0])


def test_all_trumps_several_belots() -> None:
    deal = start({Seat.N: "KH QH KD QD KC QC 7S 8S"}, Contract.ALL_TRUMPS)
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        if isinstance(deal.legal_actions()[0], Declare):
            deal.push(Declare(()))
        elif seat is Seat.N:
            deal.push(counting_policy(deal, seat))
        else:
            deal.push(deal.legal_actions()[0])
    assert len(belots(deal)) >= 2
    assert {s for s, _ in belots(deal)} == {"N"}
    check_belot_points(deal)


def test_all_trumps_king_or_queen_thrown_on_another_suit_loses_it() -> None:
    # Dealer N: W leads a club; N, void in clubs, throws KH holding QH.
    deal = start(
        {Seat.W: "7C", Seat.N: "KH QH 7D 8D 10D 7S 9S JS", Seat.S: "AC", Seat.E: "8C"},
        Contract.ALL_TRUMPS,
        dealer=Seat.N,
    )
    put(deal, "7C")
    put(deal, "AC")
    put(deal, "8C")
    assert deal.turn is Seat.N
    put(deal, "KH")
    assert belots(deal) == []
    finish(deal, {Seat.N: "QH"})
    assert belots(deal) == []  # QH later does not bring it back
    check_belot_points(deal)


def test_all_trumps_belot_when_following() -> None:
    deal = start(
        {Seat.W: "7H", Seat.S: "KH QH 7D 8D 10D 7S 9S JS"}, Contract.ALL_TRUMPS, dealer=Seat.N
    )
    put(deal, "7H")
    put(deal, "QH")
    assert belots(deal) == [("S", "H")]


def test_belot_is_never_compared() -> None:
    # EW's quinte beats NS's tierce, NS keep the belot all the same.
    deal = start({Seat.N: "KS QS", Seat.S: "7H 8H 9H", Seat.E: "7D 8D 9D 10D JD"}, Contract.SPADES)
    finish(deal, {Seat.N: "KS"})
    assert belots(deal) == [("N", "S")]
    ns, ew = deal.scored_declarations()
    assert ns == [] and [str(d) for d in ew] == ["7D-JD"]
    check_belot_points(deal)
    assert deal.result is not None
    assert deal.result.raw[0] >= deal.card_points[0] + 20


def test_belot_suit_is_recorded() -> None:
    deal = start({Seat.N: "KD QD"}, Contract.DIAMONDS)
    put(deal, "KD")
    assert deal.belots == ((Seat.N, Suit.DIAMONDS),)
    deal.pop()
    assert deal.belots == ()
