"""The auction (RULES.md §3): order of contracts, contra, recontra, passes, the all-pass redeal."""

from __future__ import annotations

import pytest

from belot.engine import (
    Call,
    Contract,
    Cut,
    Deal,
    IllegalActionError,
    OutOfTurnError,
    Phase,
    Rules,
    Seat,
    Team,
)
from conftest import push_all, snapshot


def auction(dealer: Seat = Seat.N, rules: Rules | None = None, seed: int = 3) -> Deal:
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    deal.push(Cut(10))
    return deal


def calls(deal: Deal) -> list[str]:
    return [str(a) for a in deal.legal_actions()]


def test_bidding_starts_after_the_dealer_counter_clockwise() -> None:
    # N→W→S→E: the player after N is W (on N's right).
    for dealer, first in [(Seat.N, Seat.W), (Seat.W, Seat.S), (Seat.S, Seat.E), (Seat.E, Seat.N)]:
        deal = auction(dealer)
        assert deal.phase is Phase.AUCTION
        assert deal.turn is first
        order = []
        for _ in range(4):
            order.append(deal.turn)
            deal.push(Call.pass_())
        assert order == [first, Seat((first - 1) % 4), Seat((first - 2) % 4), Seat((first - 3) % 4)]


def test_clockwise_direction_option() -> None:
    deal = auction(Seat.N, Rules.bulgarian(direction=1))
    assert deal.turn is Seat.E
    deal.push(Call.pass_())
    assert deal.turn is Seat.S


def test_opening_calls_are_pass_and_every_contract() -> None:
    deal = auction()
    assert calls(deal) == [
        "pass",
        "clubs",
        "diamonds",
        "hearts",
        "spades",
        "no-trumps",
        "all-trumps",
    ]


def test_a_bid_must_be_higher_than_the_last() -> None:
    deal = auction()
    deal.push(Call.bid(Contract.HEARTS))  # W
    assert calls(deal) == ["pass", "spades", "no-trumps", "all-trumps", "contra"]
    for low in (Contract.CLUBS, Contract.DIAMONDS, Contract.HEARTS):
        before = snapshot(deal)
        with pytest.raises(IllegalActionError, match="higher than hearts"):
            deal.push(Call.bid(low))
        assert snapshot(deal) == before
    deal.push(Call.bid(Contract.ALL_TRUMPS))  # S
    assert calls(deal) == ["pass", "contra"]  # E: nothing is higher than all trumps


def test_contra_only_on_the_other_teams_contract() -> None:
    deal = auction()
    deal.push(Call.bid(Contract.HEARTS))  # W (EW)
    deal.push(Call.pass_())  # S
    assert deal.turn is Seat.E  # W's partner
    assert "contra" not in calls(deal)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="contra"):
        deal.push(Call.contra())
    assert snapshot(deal) == before
    deal.push(Call.pass_())  # E
    assert "contra" in calls(deal)  # N (NS)
    deal.push(Call.contra())
    assert deal.double == 2


def test_no_contra_without_a_contract() -> None:
    deal = auction()
    with pytest.raises(IllegalActionError):
        deal.push(Call.contra())
    with pytest.raises(IllegalActionError):
        deal.push(Call.recontra())


def test_recontra_only_by_the_contract_team_after_contra() -> None:
    deal = auction()
    deal.push(Call.bid(Contract.SPADES))  # W (EW)
    assert "recontra" not in calls(deal)  # S: no contra yet
    with pytest.raises(IllegalActionError, match="recontra"):
        deal.push(Call.recontra())
    deal.push(Call.contra())  # S
    assert deal.double == 2
    assert calls(deal) == ["pass", "no-trumps", "all-trumps", "recontra"]  # E (EW)
    deal.push(Call.pass_())  # E
    # N is S's partner: neither a second contra nor a recontra.
    assert calls(deal) == ["pass", "no-trumps", "all-trumps"]
    with pytest.raises(IllegalActionError):
        deal.push(Call.recontra())
    deal.push(Call.pass_())  # N
    assert calls(deal) == ["pass", "no-trumps", "all-trumps", "recontra"]  # W, the bidder
    deal.push(Call.recontra())
    assert deal.double == 4
    assert "contra" not in calls(deal) and "recontra" not in calls(deal)  # S


def test_a_higher_contract_cancels_the_double() -> None:
    deal = auction()
    push_all(deal, ["hearts", "contra", "recontra"])  # W, S, E
    assert deal.double == 4
    deal.push(Call.bid(Contract.SPADES))  # N
    assert deal.double == 1
    assert deal.contract is Contract.SPADES and deal.bidder is Seat.N
    assert "contra" in calls(deal)  # W may now double N's spades
    push_all(deal, ["contra", "pass", "pass"])  # W contra, S pass, E pass
    assert deal.double == 2
    deal.push(Call.bid(Contract.NO_TRUMPS))  # N bids on over the contra
    assert deal.double == 1


def test_three_passes_after_a_bid_end_the_auction() -> None:
    deal = auction()
    push_all(deal, ["pass", "hearts", "pass", "pass"])  # W, S, E, N
    assert deal.phase is Phase.AUCTION
    deal.push(Call.pass_())  # W: third pass after S's hearts
    assert deal.phase is Phase.PLAY
    assert deal.contract is Contract.HEARTS
    assert deal.bidder is Seat.S and deal.declarers is Team.NS
    assert deal.double == 1
    assert all(len(deal.hand(s)) == 8 for s in Seat)
    assert deal.turn is Seat.W  # the player after the dealer leads


def test_a_new_bid_restarts_the_count_of_passes() -> None:
    deal = auction()
    push_all(deal, ["clubs", "pass", "pass", "diamonds", "pass", "pass"])
    assert deal.phase is Phase.AUCTION
    deal.push(Call.pass_())
    assert deal.phase is Phase.PLAY
    assert deal.contract is Contract.DIAMONDS and deal.bidder is Seat.N
    assert [str(c) for _, c in deal.calls] == [
        "clubs",
        "pass",
        "pass",
        "diamonds",
        "pass",
        "pass",
        "pass",
    ]


def test_the_last_contracts_team_are_the_declarers() -> None:
    deal = auction()
    push_all(deal, ["clubs", "hearts", "spades", "pass", "pass", "pass"])  # W S E
    assert deal.bidder is Seat.E and deal.declarers is Team.EW


@pytest.mark.parametrize("passes", [3, 2])
@pytest.mark.parametrize("double", ["contra", "recontra"])
def test_passes_after_double(passes: int, double: str) -> None:
    deal = auction(rules=Rules.bulgarian(passes_after_double=passes))
    start = ["hearts", "contra"] if double == "contra" else ["hearts", "contra", "recontra"]
    push_all(deal, start)
    for _ in range(passes - 1):
        deal.push(Call.pass_())
        assert deal.phase is Phase.AUCTION
    deal.push(Call.pass_())
    assert deal.phase is Phase.PLAY
    assert deal.double == (2 if double == "contra" else 4)
    assert deal.contract is Contract.HEARTS and deal.declarers is Team.EW


def test_default_needs_three_passes_after_contra() -> None:
    deal = auction()
    push_all(deal, ["hearts", "contra", "pass", "pass"])
    assert deal.phase is Phase.AUCTION
    assert Rules.bulgarian().passes_after_double == 3


def test_passes_after_double_leaves_undoubled_auction_at_three() -> None:
    deal = auction(rules=Rules.bulgarian(passes_after_double=2))
    push_all(deal, ["hearts", "pass", "pass"])
    assert deal.phase is Phase.AUCTION
    deal.push(Call.pass_())
    assert deal.phase is Phase.PLAY


def test_four_passes_mean_a_redeal() -> None:
    deal = auction()
    push_all(deal, ["pass", "pass", "pass"])
    assert not deal.all_passed and deal.phase is Phase.AUCTION
    deal.push(Call.pass_())
    assert deal.all_passed and deal.is_over
    assert deal.phase is Phase.OVER and deal.turn is None
    assert deal.contract is None and deal.result is None
    assert deal.legal_actions() == []
    with pytest.raises(IllegalActionError):
        deal.score()
    with pytest.raises(IllegalActionError, match="over"):
        deal.push(Call.bid(Contract.CLUBS))
    assert deal.pop() == Call.pass_()
    assert not deal.all_passed and deal.turn is Seat.N


def test_three_passes_then_a_bid_is_not_a_redeal() -> None:
    deal = auction()
    push_all(deal, ["pass", "pass", "pass", "clubs"])
    assert deal.phase is Phase.AUCTION and deal.bidder is Seat.N
    push_all(deal, ["pass", "pass", "pass"])
    assert deal.phase is Phase.PLAY and not deal.all_passed


def test_calls_out_of_turn_and_in_the_wrong_phase() -> None:
    deal = Deal.new(seed=1)
    with pytest.raises(IllegalActionError, match="cut"):
        deal.push(Call.pass_())
    deal.push(Cut(5))
    before = snapshot(deal)
    with pytest.raises(OutOfTurnError, match="W's turn"):
        deal.push(Call.pass_(), seat=Seat.S)
    assert snapshot(deal) == before
    deal.push(Call.pass_(), seat=Seat.W)
    push_all(deal, ["spades", "pass", "pass", "pass"])
    assert deal.phase is Phase.PLAY
    before = snapshot(deal)
    for call in (Call.pass_(), Call.bid(Contract.ALL_TRUMPS), Call.contra()):
        with pytest.raises(IllegalActionError, match="during the play"):
            deal.push(call)
    assert snapshot(deal) == before


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("160H", "without points"),
        ("capotC", "without points"),
        ("coinche", "contra and recontra"),
        ("surcoinche", "contra and recontra"),
    ],
)
def test_coinche_calls_are_refused_in_bulgarian_belot(text: str, why: str) -> None:
    deal = Deal.new(seed=1)
    deal.push(Cut(5))
    deal.push_str("hearts")  # a contract to bid over, coinche or surcoinche
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match=why):
        deal.push_str(text)
    assert snapshot(deal) == before
