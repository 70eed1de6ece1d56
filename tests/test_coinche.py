"""Coinche (RULES.md §5 and the §7 notes, seed 004): a test per rule and per statement of the
seed about Coinche.

The deals here are dealt by N, so the order of play is W S E N (counter-clockwise, seed 004):
W, on the dealer's right, bids first and leads the first trick. W and E play against N and S.
"""

from __future__ import annotations

import json
import random

import pytest

from belot.engine import (
    Call,
    Contract,
    Deal,
    Declare,
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    Match,
    Outcome,
    Play,
    Rules,
    RulesError,
    Seat,
    Team,
)
from belot.engine.actions import CAPOT_LEVEL, CallKind, parse_action
from belot.engine.cards import cards_of
from belot.engine.games import game_of
from belot.engine.games.coinche import score_coinche
from belot.engine.record import deal_from_record, deal_to_record, from_position, to_position
from belot.engine.scoring import DealScore
from conftest import cards, mask, push_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
COINCHE = Rules.coinche()
EXACT = Rules.coinche(rounding="none")

#: W is strong in hearts; S holds the belote (K+Q of hearts) and no diamond; N the spades from
#: the 9 to the ace (a run of six: a quinte).
HANDS = {
    W: "JH 9H AH 10H 7C 8C 9D 7D",
    S: "KH QH 7H AC 10C KC 8S 7S",
    E: "8H JC QC AD 10D KD QD 8D",
    N: "9C JD 9S 10S JS QS KS AS",
}


def coinche_deal(rules: Rules = COINCHE, hands: dict[Seat, str] = HANDS) -> Deal:
    """A Coinche deal dealt by N and cut, whose seats hold ``hands``."""
    return Deal.with_hands([cards(hands[s]) for s in Seat], rules, dealer=N)


def calls(deal: Deal) -> set[str]:
    return {str(a) for a in deal.legal_actions()}


def play_out(deal: Deal, rng: random.Random | None = None) -> None:
    """Play the deal to its end: the first legal action (declaring the best), or a random one."""
    while not deal.is_over:
        options = deal.legal_actions()
        deal.push(rng.choice(options) if rng else options[0])


def score(
    bidders: Team,
    level: int,
    cards_: tuple[int, int],
    *,
    declarations: tuple[int, int] = (0, 0),
    belote: tuple[int, int] = (0, 0),
    capot: Team | None = None,
    double: int = 1,
    rules: Rules = COINCHE,
) -> DealScore:
    return score_coinche(rules, bidders, level, cards_, declarations, belote, capot, double)


# --- §5, §7: the preset, its order and its options ------------------------------------------


def test_the_preset_plays_counter_clockwise_to_1000_with_forced_undertrump() -> None:
    assert COINCHE.preset == "coinche" and game_of(COINCHE).name == "coinche"
    assert COINCHE.direction == -1 and COINCHE.target == 1000 and COINCHE.forced_undertrump
    deal = Deal.new(COINCHE, dealer=N, seed=1)
    assert deal.first is W  # the dealer's right bids first and leads the first trick
    assert [deal.next_seat(s) for s in Seat] == [W, N, E, S]


def test_the_deal_passes_to_the_right() -> None:
    match = Match(COINCHE, seed=3, auto_next=True)
    first = match.deal.dealer
    for text in ("cut:5", "pass", "pass", "pass", "pass"):  # four passes: the next dealer
        match.push(parse_action(text))
    assert match.deal.dealer is match.deal.next_seat(first) and match.deal.dealer is not first


def test_a_coinche_out_of_turn_is_refused_not_ignored() -> None:
    with pytest.raises(RulesError, match=r"coinche_anytime=true .* not played yet"):
        Rules.coinche(coinche_anytime=True)


def test_the_defaults_of_every_option() -> None:
    assert (
        COINCHE.coinche_anytime,
        COINCHE.coinche_capot,
        COINCHE.declarations,
        COINCHE.contract_test,
        COINCHE.double_scope,
        COINCHE.surcoinche_multiplier,
        COINCHE.rounding,
    ) == (False, True, True, "seed", "whole", 4, "nearest_ten")
    assert Rules.from_dict({"preset": "coinche", "options": {"target": 2000 // 2}}) == COINCHE


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("nt_last_trick", 10, "unknown rules option 'nt_last_trick' for coinche"),
        ("tie", "hangs", "unknown rules option 'tie' for coinche"),
        ("target", 0, "target"),
        ("target", True, "target"),
        ("direction", 0, "direction"),
        ("coinche_anytime", "yes", "coinche_anytime"),
        ("coinche_capot", 1, "coinche_capot"),
        ("declarations", None, "declarations"),
        ("contract_test", "pagat", "contract_test"),
        ("double_scope", "all", "double_scope"),
        ("surcoinche_multiplier", 2, "surcoinche_multiplier"),
        ("surcoinche_multiplier", 4.0, "surcoinche_multiplier"),
        ("surcoinche_multiplier", True, "surcoinche_multiplier"),
        ("rounding", "up", "rounding"),
        ("forced_undertrump", "no", "forced_undertrump"),
    ],
)
def test_a_wrong_option_is_refused_with_its_name(option: str, value: object, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.coinche(**{option: value})


def test_coinche_options_are_refused_for_the_other_games() -> None:
    for preset in (Rules.bulgarian, Rules.french):
        with pytest.raises(RulesError, match="unknown rules option 'rounding'"):
            preset(rounding="none")


# --- §5: the deal ---------------------------------------------------------------------------


def test_all_eight_cards_are_dealt_3_2_3_before_the_auction() -> None:
    # seed 004: "Coinche deals all eight first"
    deal = Deal.new(COINCHE, dealer=N, seed=11)
    deal.push(parse_action("cut:7"))
    assert deal.phase.value == "auction" and deal.turn is W
    order = [W, S, E, N]
    top = deal.deck[7:] + deal.deck[:7]
    for i, seat in enumerate(order):
        packets = (
            top[3 * i : 3 * i + 3] + top[12 + 2 * i : 14 + 2 * i] + top[20 + 3 * i : 23 + 3 * i]
        )
        assert sorted(deal.hand(seat)) == sorted(packets)
    assert deal.turned_card is None and deal.view(W).turned is None


def test_with_hands_deals_each_seat_its_cards() -> None:
    deal = coinche_deal()
    assert all(sorted(deal.hand(s)) == sorted(cards(HANDS[s])) for s in Seat)


# --- §5: the auction ------------------------------------------------------------------------


def test_the_first_calls_are_pass_and_every_bid_from_80_to_capot_in_each_suit() -> None:
    deal = coinche_deal()
    offered = calls(deal)
    bids = {f"{level}{s}" for level in range(80, 161, 10) for s in "CDHS"}
    assert offered == {"pass"} | bids | {f"capot{s}" for s in "CDHS"}
    assert "coinche" not in offered  # nothing to coinche yet


def test_a_bid_must_be_higher_in_value_suits_are_not_ranked() -> None:
    deal = coinche_deal()
    push_all(deal, "100H")
    assert "110C" in calls(deal) and "100S" not in calls(deal) and "90S" not in calls(deal)
    with pytest.raises(IllegalActionError, match="higher than 100"):
        push_all(deal, "100S")
    push_all(deal, "110C")
    assert deal.contract is Contract.CLUBS and deal.bidder is S


def test_capot_is_higher_than_any_number_and_nothing_is_higher() -> None:
    deal = coinche_deal()
    push_all(deal, "160S")
    assert {"capotC", "capotS"} <= calls(deal)
    push_all(deal, "capotC")
    assert calls(deal) == {"pass", "coinche"}


def test_no_no_trumps_all_trumps_or_levelless_bid() -> None:
    deal = coinche_deal()
    for text, why in (
        ("no-trumps", "no no-trumps or all-trumps"),
        ("hearts", "80H .. 160H or capotH"),
        ("contra", "not contra or recontra"),
    ):
        with pytest.raises(IllegalActionError, match=why):
            push_all(deal, text)
    with pytest.raises(InvalidActionError, match="unknown action '70H'"):
        parse_action("70H")
    with pytest.raises(IllegalActionError):
        deal.push(Call.points_bid(70, Contract.HEARTS))


def test_only_the_other_side_may_coinche_in_turn() -> None:
    deal = coinche_deal()
    push_all(deal, "80H")  # W
    assert "coinche" in calls(deal)  # N, the other side
    push_all(deal, "pass")
    assert "coinche" not in calls(deal)  # E, W's partner
    with pytest.raises(IllegalActionError, match="only the other side"):
        push_all(deal, "coinche")
    push_all(deal, "pass coinche")  # S
    assert deal.double == 2


def test_a_pass_does_not_bar_a_later_bid() -> None:
    deal = coinche_deal()
    push_all(deal, "pass 80S pass pass 90H")  # W passed, then bids
    assert deal.bidder is W and deal.contract is Contract.HEARTS


def test_after_a_coinche_only_the_coinched_side_speaks_surcoinche_or_pass() -> None:
    deal = coinche_deal()
    push_all(deal, "80H coinche")  # W bids, N coinches
    assert deal.turn is E and calls(deal) == {"pass", "surcoinche"}  # no bid any more
    push_all(deal, "pass")
    assert deal.turn is W and calls(deal) == {"pass", "surcoinche"}  # S is skipped
    push_all(deal, "pass")
    assert deal.phase.value == "play" and deal.double == 2  # both passed: it ends


def test_a_surcoinche_ends_the_auction() -> None:
    deal = coinche_deal()
    push_all(deal, "80H pass pass coinche surcoinche")  # S coinches, W surcoinches
    assert deal.phase.value == "play" and deal.double == 4 and deal.bidder is W
    deal = coinche_deal()
    push_all(deal, "80H coinche pass")
    with pytest.raises(IllegalActionError, match="only surcoinche or pass"):
        push_all(deal, "90H")
    push_all(deal, "surcoinche")
    assert deal.phase.value == "play"


def test_three_passes_after_a_bid_end_the_auction() -> None:
    deal = coinche_deal()
    push_all(deal, "pass 80S pass pass")
    assert deal.phase.value == "auction"
    push_all(deal, "pass")
    assert deal.phase.value == "play" and deal.bidder is S and deal.turn is W


def test_four_passes_end_the_deal_without_a_score() -> None:
    deal = coinche_deal()
    push_all(deal, "pass pass pass")
    assert deal.phase.value == "auction"
    push_all(deal, "pass")
    assert deal.all_passed and deal.result is None


def test_coinche_capot_off_a_capot_bid_cannot_be_coinched() -> None:
    deal = coinche_deal(Rules.coinche(coinche_capot=False))
    push_all(deal, "capotH")
    assert calls(deal) == {"pass"}
    with pytest.raises(IllegalActionError, match="coinche_capot"):
        push_all(deal, "coinche")
    deal = coinche_deal()
    push_all(deal, "capotH coinche")
    assert deal.double == 2


def test_calls_are_written_and_read_back() -> None:
    for text in ("80H", "160C", "capotS", "coinche", "surcoinche", "pass"):
        assert str(parse_action(text)) == text
    assert parse_action("100s") == Call.points_bid(100, Contract.SPADES)
    assert parse_action("CAPOTd") == Call.points_bid(CAPOT_LEVEL, Contract.DIAMONDS)
    assert parse_action("10H") != Call.points_bid(10, Contract.HEARTS)  # a card, the ten
    coinche = parse_action("coinche")
    assert isinstance(coinche, Call) and coinche.kind is CallKind.COINCHE


# --- §5: play obligations as French Belote --------------------------------------------------


def obliged(rules: Rules, hand: str, trick: str, contract: Contract = Contract.HEARTS) -> set[str]:
    legal, option = game_of(rules).obligations(rules)
    ids = [c.index for c in cards(trick)]
    return {str(c) for c in cards_of(legal(mask(hand), ids, contract, option))}


def test_void_against_an_opponents_trump_you_must_undertrump() -> None:
    # The leader's AD, then an opponent's JH: void in diamonds with only lower trumps.
    assert obliged(COINCHE, "7H 8H AC KS", "AD JH") == {"7H", "8H"}
    # forced_undertrump off (FFB contrée): any card then.
    assert obliged(Rules.coinche(forced_undertrump=False), "7H 8H AC KS", "AD JH") == {
        "7H",
        "8H",
        "AC",
        "KS",
    }


def test_void_you_must_overtrump_an_opponent_if_you_can() -> None:
    assert obliged(COINCHE, "7H 9H AC", "AD QH") == {"9H"}


def test_on_a_trump_lead_you_must_climb_even_over_your_partner() -> None:
    # Partner led the 10 of trumps, the opponent played the queen: beat the ten.
    assert obliged(COINCHE, "KH AH 9H AC", "10H QH") == {"AH", "9H"}


def test_partner_exception_only_on_a_plain_suit_lead() -> None:
    # Partner's AD holds the trick: free to play anything, no need to trump.
    assert obliged(COINCHE, "7H AC KS", "AD 7D") == {"7H", "AC", "KS"}


def test_follow_a_plain_suit_without_having_to_beat() -> None:
    assert obliged(COINCHE, "7D AD 9H", "KD") == {"7D", "AD"}


# --- §5: declarations and belote --------------------------------------------------------------


def bid_and_play(rules: Rules, bid: str = "80H", hands: dict[Seat, str] = HANDS) -> Deal:
    deal = coinche_deal(rules, hands)
    push_all(deal, f"{bid} pass pass pass")
    play_out(deal)
    return deal


def test_declarations_are_announced_with_the_first_card_and_the_best_decides() -> None:
    deal = coinche_deal()
    push_all(deal, "80H pass pass pass")
    for text in ("9D", "7H", "8D", "JD"):  # each announces its best choice (or nothing)
        options = deal.legal_actions()
        deal.push(options[0] if isinstance(options[0], Declare) else parse_action(text))
        if deal.legal_actions() and isinstance(deal.legal_actions()[0], Play):
            deal.push(parse_action(text))
    assert deal.announced(N) is not None
    assert [d.points for d in deal.announced(N) or ()] == [100]
    play_out(deal)
    ns, ew = deal.scored_declarations()
    assert [d.points for d in ns] == [100] and ew == []


def test_a_four_beats_a_sequence_worth_the_same() -> None:
    # seed 004: "In French Belote and Coinche the single best declaration at the table decides,
    # and a four of a kind beats a sequence worth the same."
    hands = {
        W: "KH KC KD KS 7C 8C 9D 7D",  # four kings: 100
        N: "7S 8S 9S 10S JS JD 9C QS",  # a quinte: 100
        S: "JH 9H AH 10H QH 7H AC 10C",  # a quarte
        E: "8H JC QC AD 10D QD 8D AS",
    }
    deal = bid_and_play(COINCHE, "80S", hands)
    ns, ew = deal.scored_declarations()
    assert ns == [] and [d.is_four for d in ew] == [True]
    assert [d.points for d in deal.announced(N) or ()] == [100]  # announced, not scored


def test_declarations_off_nothing_is_announced_belote_still_counts() -> None:
    rules = Rules.coinche(declarations=False)
    deal = coinche_deal(rules)
    push_all(deal, "80H pass pass pass")
    assert not any(isinstance(a, Declare) for a in deal.legal_actions())
    play_out(deal)
    assert deal.scored_declarations() == ([], [])
    assert deal.belots and deal.belots[0][0] is S  # S's K+Q of hearts
    with_declarations = bid_and_play(COINCHE)
    assert with_declarations.scored_declarations() != ([], [])


def test_belote_goes_to_its_holders_side_even_against_the_bidders() -> None:
    # seed 004: "The king and queen of trumps in one hand are worth 20 points, whichever side
    # has the better declarations."
    result = score(EW, 80, (62, 100), belote=(20, 0), declarations=(0, 50))
    assert result.outcome is Outcome.MADE and result.raw == (82, 150)
    assert result.written == (80, 230)  # 62 + 20 rounded; 100 + 50 + 80


# --- §5: the contract test ------------------------------------------------------------------


def test_made_needs_82_card_points_and_the_bid() -> None:
    assert score(NS, 80, (82, 80)).outcome is Outcome.MADE
    assert score(NS, 80, (81, 81)).outcome is Outcome.INSIDE  # 81 card points: failed
    assert score(NS, 100, (95, 67)).outcome is Outcome.INSIDE  # below the bid
    assert score(NS, 100, (95, 67), declarations=(20, 0)).outcome is Outcome.MADE
    assert score(NS, 100, (85, 77), belote=(20, 0)).outcome is Outcome.MADE
    # The declarations do not make up for the 82 card points.
    assert score(NS, 80, (80, 82), declarations=(100, 0)).outcome is Outcome.INSIDE


def test_contract_test_total_asks_82_only_of_a_bid_of_80() -> None:
    total = Rules.coinche(contract_test="total")
    assert score(NS, 100, (80, 82), declarations=(20, 0), rules=total).outcome is Outcome.MADE
    assert score(NS, 100, (80, 82), declarations=(20, 0)).outcome is Outcome.INSIDE
    assert score(NS, 80, (81, 81), declarations=(20, 0), rules=total).outcome is Outcome.INSIDE


def test_a_capot_bid_needs_all_eight_tricks() -> None:
    assert score(NS, CAPOT_LEVEL, (162, 0), capot=NS).outcome is Outcome.MADE
    assert score(NS, CAPOT_LEVEL, (152, 10)).outcome is Outcome.INSIDE


# --- §5: the scores -----------------------------------------------------------------------


def test_made_bidders_write_points_plus_the_bid_defenders_their_points() -> None:
    result = score(NS, 90, (100, 62), declarations=(20, 0), belote=(0, 20), rules=EXACT)
    assert result.written == (100 + 20 + 90, 62 + 20)
    assert result.winner is NS


def test_failed_defenders_write_160_the_bid_and_every_declaration() -> None:
    result = score(NS, 140, (90, 72), declarations=(20, 0), belote=(20, 20), rules=EXACT)
    assert result.outcome is Outcome.INSIDE
    assert result.written == (20, 160 + 140 + 20 + 20)  # the bidders keep only their belote


def test_a_side_taking_every_trick_counts_250_and_the_other_loses_its_declarations() -> None:
    # seed 004: "the side counts 250 for its cards instead of 162"
    result = score(NS, 80, (162, 0), capot=NS, declarations=(0, 0), rules=EXACT)
    assert result.written == (250 + 80, 0)  # an unbid capot by the bidders: 250 + the bid
    assert result.valat is NS and "capot" in result.notes
    swept = score(NS, 80, (0, 162), capot=EW, declarations=(50, 0), rules=EXACT)
    assert swept.written == (0, 250 + 80)  # NS's tierce is lost with the sweep


def test_a_capot_bid_is_worth_500_made_or_lost() -> None:
    assert score(NS, CAPOT_LEVEL, (162, 0), capot=NS).written == (500, 0)
    assert score(NS, CAPOT_LEVEL, (152, 10)).written == (0, 500)
    assert score(NS, CAPOT_LEVEL, (162, 0), capot=NS, belote=(20, 0)).written == (520, 0)


def test_coinche_doubles_and_surcoinche_quadruples_the_winning_sides_whole_score() -> None:
    # seed 004: "After a coinche the winning side's score is doubled, or multiplied by four
    # after a surcoinche."
    assert score(NS, 80, (100, 62), double=2).written == ((160 + 80) * 2, 0)
    assert score(NS, 80, (100, 62), double=4).written == ((160 + 80) * 4, 0)
    assert score(NS, 80, (70, 92), double=2).written == (0, (160 + 80) * 2)
    assert score(NS, 80, (100, 62), double=2, declarations=(50, 0)).written == (580, 0)
    assert score(NS, 80, (162, 0), double=2, capot=NS).written == ((250 + 80) * 2, 0)
    assert score(NS, 80, (100, 62), double=2).double == 2


def test_belote_is_added_after_the_multiplication_and_stays_with_its_holder() -> None:
    result = score(NS, 80, (100, 62), double=2, belote=(20, 20), rules=EXACT)
    assert result.written == ((160 + 80) * 2 + 20, 20)


def test_surcoinche_multiplier_3() -> None:
    rules = Rules.coinche(surcoinche_multiplier=3)
    result = score(NS, 80, (100, 62), double=4, rules=rules)
    assert result.written == ((160 + 80) * 3, 0) and result.double == 3


def test_double_scope_bid_only_multiplies_the_bid_alone() -> None:
    rules = Rules.coinche(double_scope="bid_only", rounding="none")
    assert score(NS, 80, (100, 62), double=2, rules=rules).written == (100 + 160, 62)
    assert score(NS, 80, (70, 92), double=2, rules=rules).written == (0, 160 + 160)


def test_each_sides_points_are_rounded_to_the_nearest_ten_5_up() -> None:
    # seed 004: "Coinche rounds each side's points to the nearest ten"
    assert score(NS, 80, (97, 65)).written == (180, 70)  # 177, 65 (5 up)
    assert score(NS, 80, (94, 68)).written == (170, 70)  # 174, 68
    assert score(NS, 80, (97, 65), rules=EXACT).written == (177, 65)


def test_a_hand_of_162_is_rounded_to_160() -> None:
    # seed 004: "a hand is worth 162 or more, rounded to 160 in Coinche": the defenders of a
    # failed contract write 160 for the cards, and 162 card points round to 160.
    assert score(NS, 80, (0, 162)).written[1] == 160 + 80
    assert score(NS, 80, (162, 0), rules=Rules.coinche()).raw == (162, 0)


def test_rounding_comes_after_the_contract_test() -> None:
    # 81 card points would round to 80 but the bid of 80 still fails: 82 are needed.
    assert score(NS, 80, (81, 81)).outcome is Outcome.INSIDE


# --- whole deals ----------------------------------------------------------------------------


def test_a_whole_deal_writes_as_score_coinche_says() -> None:
    deal = bid_and_play(COINCHE)
    result = deal.result
    assert result is not None
    assert sum(deal.card_points) == 162
    shown = deal.scored_declarations()
    belote = [0, 0]
    for seat, _ in deal.belots:
        belote[seat & 1] += 20
    expected = score_coinche(
        COINCHE,
        EW,
        80,
        deal.card_points,
        (sum(d.points for d in shown[0]), sum(d.points for d in shown[1])),
        (belote[0], belote[1]),
        None if min(deal.tricks_won) else (NS if deal.tricks_won[0] == 8 else EW),
        1,
    )
    assert result == expected


def test_a_coinched_deal_is_scored_doubled() -> None:
    deal = coinche_deal()
    push_all(deal, "80H coinche pass pass")
    play_out(deal)
    assert deal.double == 2 and deal.result is not None and deal.result.double == 2
    assert 0 in deal.result.written or deal.belots


# --- §5: the match --------------------------------------------------------------------------


def _last() -> DealScore:
    return score(NS, 80, (100, 62))


def test_the_match_ends_when_a_team_reaches_1000_and_leads() -> None:
    # seed 004: "Coinche to 1000"
    ends = game_of(COINCHE).match_winner
    assert ends((990, 400), _last(), 1000) is None
    assert ends((1000, 400), _last(), 1000) is NS
    assert ends((1010, 1200), _last(), 1000) is EW
    assert ends((1100, 1100), _last(), 1000) is None  # tied: play on


def test_a_match_plays_to_its_target() -> None:
    rng = random.Random(5)
    match = Match(Rules.coinche(target=300), seed=4, auto_next=True)
    while not match.is_over:
        options = match.legal_actions()
        if match.deal.phase.value == "auction":
            match.push(options[1] if len(match.deal.calls) == 0 else options[0])
        else:
            match.push(rng.choice(options))
    ns, ew = match.totals
    assert max(ns, ew) >= 300 and ns != ew
    assert match.winner is (NS if ns > ew else EW)


# --- records and position strings ---------------------------------------------------------


def test_records_and_positions_name_the_game_and_round_trip() -> None:
    rules = Rules.coinche(target=2000 // 4, rounding="none")
    deal = coinche_deal(rules)
    push_all(deal, "80H coinche surcoinche")
    play_out(deal)
    record = deal_to_record(deal)
    assert record["rules"] == {"preset": "coinche", "options": {"target": 500, "rounding": "none"}}
    assert "80H" in record["actions"] and "surcoinche" in record["actions"]
    again = deal_from_record(json.loads(json.dumps(record)))
    assert again.actions == deal.actions and again.result == deal.result
    position = to_position(deal)
    assert position.startswith("coinche:")
    assert from_position(position).result == deal.result
    half = coinche_deal(rules)
    push_all(half, "90S coinche")
    assert to_position(from_position(to_position(half))) == to_position(half)


def test_a_record_with_an_illegal_coinche_call_is_refused() -> None:
    deal = coinche_deal()
    push_all(deal, "80H")
    record = deal_to_record(deal)
    record["actions"] += ["pass", "coinche"]
    with pytest.raises(InvalidRecordError, match="only the other side"):
        deal_from_record(record)


def test_a_play_of_a_card_not_legal_is_refused_and_changes_nothing() -> None:
    deal = coinche_deal()
    push_all(deal, "80H pass pass pass declare: 9D")
    with pytest.raises(IllegalActionError):
        deal.push(Play(cards("AC")[0]))  # S, void in diamonds, must trump
    assert deal.turn is S and {str(c) for c in cards_of(deal.legal_mask())} == {"KH", "QH", "7H"}
