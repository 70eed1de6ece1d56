"""French Belote (RULES.md §4 and the §7 notes, seed 001): one test per rule and per line of the
seed's "Edge cases & fine print".

The deals here are dealt by N, so the order of play is E S W N (clockwise, seed 001) and E, on
the dealer's left, speaks first and leads the first trick. A hand is written as its eight
cards: the five dealt before the auction, then (for the taker) the turned card and two more, or
(for the others) the three dealt after the auction.
"""

from __future__ import annotations

import itertools
import json

import pytest

from belot.engine import (
    Call,
    Contract,
    Cut,
    Deal,
    Declaration,
    Declare,
    IllegalActionError,
    InvalidRecordError,
    Match,
    Outcome,
    Play,
    Rules,
    RulesError,
    Seat,
    Suit,
    Team,
)
from belot.engine.declarations import announcement_choices
from belot.engine.games import game_of
from belot.engine.games.french import declaration_winner, score_french
from belot.engine.record import (
    deal_from_record,
    deal_to_record,
    from_position,
    loads,
    match_from_record,
    match_to_record,
    to_position,
)
from belot.engine.scoring import DealScore
from conftest import card, cards, deal_with_hands, legal_cards, mask, play_first_card, push_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
FRENCH = Rules.french()
ORDER = (E, S, W, N)

#: E takes hearts on the turned 10H. E holds the tierce Q-K-A of clubs, N the belote (K+Q of
#: hearts), S the quinte 10-A of spades (with the 7).
HANDS = {
    E: "AC KC QC 7D 8D 10H 8S 9S",
    S: "7H JH AS KS QS 10S 7S AD",
    W: "8H 9D 10D JD QD KD JS AH",
    N: "7C 8C 9C 10C JC 9H QH KH",
}


def french_deal(
    hands: dict[Seat, str], taker: Seat, *, dealer: Seat = N, rules: Rules = FRENCH, cut: int = 1
) -> Deal:
    """A French deal, cut, whose seats get ``hands`` when ``taker`` takes."""
    return deal_with_hands(hands, rules, dealer=dealer, cut=cut, taker=taker)


# --- §7: the preset, its order and its options -------------------------------------------------


def test_the_preset_plays_clockwise_to_1000_with_forced_undertrump() -> None:
    assert FRENCH.preset == "french"
    assert FRENCH.direction == 1 and FRENCH.target == 1000 and FRENCH.forced_undertrump
    deal = Deal.new(FRENCH, dealer=N, seed=1)
    assert deal.cutter is W  # the dealer's right cuts
    assert deal.first is E  # the dealer's left speaks and leads first
    assert [deal.next_seat(s) for s in Seat] == [E, S, W, N]


def test_target_and_direction_are_options() -> None:
    assert Rules.french(target=501).target == 501  # clubs that round to tens (seed 004)
    deal = Deal.new(Rules.french(direction=-1), dealer=N, seed=1)
    assert deal.first is W


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("nt_last_trick", 10, "unknown rules option 'nt_last_trick' for french"),
        ("passes_after_double", 2, "unknown rules option 'passes_after_double'"),
        ("double_scoring", "per_team", "unknown rules option 'double_scoring'"),
        ("target", 0, "target"),
        ("target", "1000", "target"),
        ("target", True, "target"),
        ("direction", 2, "direction"),
        ("forced_undertrump", 1, "forced_undertrump"),
    ],
)
def test_a_wrong_option_is_refused_with_its_name(option: str, value: object, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.french(**{option: value})


def test_the_game_is_chosen_by_the_preset() -> None:
    assert game_of(FRENCH).name == "french"
    assert game_of(Rules.bulgarian()).name == "bulgarian"
    assert Rules.from_dict({"preset": "french", "options": {"target": 501}}) == Rules.french(
        target=501
    )


# --- §4: the deal, the turned card, two rounds of take or pass ---------------------------------


def test_five_cards_each_then_the_21st_card_is_turned_face_up() -> None:
    deal = Deal.new(FRENCH, dealer=N, seed=5)
    assert deal.turned_card is None  # not before the cut
    deal.push(Cut(9))
    after_cut = deal.deck[9:] + deal.deck[:9]
    assert deal.turned_card is after_cut[20]
    assert [len(deal.hand(s)) for s in Seat] == [5, 5, 5, 5]
    assert all(deal.turned_card not in deal.hand(s) for s in Seat)
    # 3 then 2 each from the dealer's left
    assert set(deal.hand(E)) == {*after_cut[0:3], *after_cut[12:14]}
    assert set(deal.hand(N)) == {*after_cut[9:12], *after_cut[18:20]}


def test_the_turned_card_is_public() -> None:
    deal = french_deal(HANDS, E)
    for seat in Seat:
        view = deal.view(seat)
        assert view.turned == card("10H")
        assert view.to_json()["turned"] == "10H"
        assert view.taker is None
    assert Deal.new(seed=1).view(N).turned is None  # Bulgarian Belot turns no card


def test_round_one_the_dealers_left_takes_the_turned_suit_or_passes() -> None:
    deal = french_deal(HANDS, E)
    assert deal.turn is E
    assert deal.legal_actions() == [Call.pass_(), Call.bid(Contract.HEARTS)]
    for other in (Contract.CLUBS, Contract.SPADES, Contract.NO_TRUMPS, Contract.ALL_TRUMPS):
        with pytest.raises(IllegalActionError, match="not a legal call"):
            deal.push(Call.bid(other))
    with pytest.raises(IllegalActionError, match="no contra"):
        deal.push(Call.contra())
    assert deal.turn is E and deal.calls == ()


def test_the_first_to_take_ends_the_bidding() -> None:
    deal = french_deal(HANDS, S)  # S's sixth card, the 10 of spades, is turned
    push_all(deal, "pass spades")
    assert deal.phase.value == "play" and deal.contract is Contract.SPADES and deal.bidder is S
    assert deal.declarers is NS
    assert deal.turn is E  # the dealer's left leads the first trick


def test_round_two_names_another_suit() -> None:
    deal = french_deal(HANDS, W)  # W's sixth card, the king of diamonds, is turned
    push_all(deal, "pass pass pass pass")
    assert deal.phase.value == "auction" and deal.turn is E
    assert deal.legal_actions() == [
        Call.pass_(),
        Call.bid(Contract.CLUBS),
        Call.bid(Contract.HEARTS),
        Call.bid(Contract.SPADES),
    ]
    push_all(deal, "pass")
    with pytest.raises(IllegalActionError, match="diamonds was passed in round one"):
        deal.push(Call.bid(Contract.DIAMONDS))
    push_all(deal, "pass hearts")
    assert deal.contract is Contract.HEARTS and deal.bidder is W
    assert card("KD") in deal.hand(W)


def test_all_pass_twice_the_next_player_deals() -> None:
    deal = french_deal(HANDS, E)
    push_all(deal, " ".join(["pass"] * 7))
    assert not deal.is_over
    push_all(deal, "pass")
    assert deal.is_over and deal.all_passed and deal.result is None
    match = Match(FRENCH, seed=3, dealer=N)
    match.push(Cut(4))
    for _ in range(8):
        match.push(Call.pass_())
    assert match.deal_over and match.scores == [None]
    assert match.next_deal().dealer is E


def test_the_taker_gets_the_turned_card_plus_two_the_others_three() -> None:
    deal = french_deal(HANDS, E)
    push_all(deal, "hearts")
    for seat in Seat:
        assert set(deal.hand(seat)) == set(cards(HANDS[seat]))
        assert len(deal.dealt_hand(seat)) == 8
    assert card("10H") in deal.hand(E)
    view = deal.view(S)
    assert view.turned == card("10H") and view.taker is E


def test_the_taker_picks_up_the_turned_card_in_round_two_too() -> None:
    # seed 001: "The taker always gets the turned card - in round two as well"
    deal = french_deal(
        {
            E: "AC KC QC 7D 8D 8S 9S 10S",
            S: "7H JH AS KS QS 10H 7S AD",
            W: "8H 9D 10D JD QD KD JS AH",
            N: "7C 8C 9C 10C JC 9H QH KH",
        },
        S,
    )
    assert deal.turned_card == card("10H")
    push_all(deal, "pass pass pass pass pass spades")
    assert deal.contract is Contract.SPADES and deal.bidder is S
    assert card("10H") in deal.hand(S)  # not a trump now, but the taker's
    assert len(deal.hand(S)) == 8


def test_dealt_cards_follow_the_deck_for_every_taker() -> None:
    deal = Deal.new(FRENCH, dealer=W, seed=11)
    deal.push(Cut(3))
    deck = deal.deck[3:] + deal.deck[:3]
    turned = deal.turned_card
    assert turned is not None
    push_all(deal, "pass pass hearts" if turned.suit is Suit.HEARTS else "pass pass")
    if deal.phase.value == "auction":
        deal.push(Call.bid(Contract.of_suit(turned.suit)))
    taker = deal.bidder
    assert taker is not None
    order = [N, E, S, W]  # from the left of W
    position = 21
    for seat in order:
        count = 2 if seat == taker else 3
        rest = set(deck[position : position + count])
        position += count
        assert rest <= set(deal.hand(seat))
    assert turned in deal.hand(taker)


# --- §4: play obligations ------------------------------------------------------------------------


def _after_take() -> Deal:
    deal = french_deal(HANDS, E)
    push_all(deal, "hearts")
    return deal


def test_void_you_must_trump_when_the_partner_does_not_hold_the_trick() -> None:
    deal = _after_take()
    play_first_card(deal, "AC")
    assert deal.turn is S and legal_cards(deal) == {"7H", "JH"}


def test_void_against_an_opponents_trump_you_must_undertrump() -> None:
    # seed 001: "Undertrumping is forced, not optional: void with only small trumps against an
    # opponent's trump, you still play one."
    deal = _after_take()
    play_first_card(deal, "AC")
    play_first_card(deal, "JH")
    assert deal.turn is W
    assert legal_cards(deal) == {"8H", "AH"}  # cannot beat JH, still must trump
    with pytest.raises(IllegalActionError, match="may not be played"):
        play_first_card(deal, "9D")
    bulgarian = Deal.with_hands(
        [cards(HANDS[s]) for s in Seat], Rules.bulgarian(direction=1, forced_undertrump=False)
    )
    push_all(bulgarian, "hearts pass pass pass")
    play_first_card(bulgarian, "AC")
    play_first_card(bulgarian, "JH")
    assert len(legal_cards(bulgarian)) == 8  # Bulgarian Belot: any card


def test_void_you_must_overtrump_an_opponent_if_you_can() -> None:
    hands = dict(HANDS)
    hands[W], hands[N] = "AH 9D 10D JD QD KD JS 8H", "7C 8C 9C 10C JC 9H QH KH"
    hands[S] = "7H 8S AS KS QS 10S 7S AD"
    hands[E] = "AC KC QC 7D 8D 10H JH 9S"
    deal = french_deal(hands, E)
    push_all(deal, "hearts")
    play_first_card(deal, "AC")
    play_first_card(deal, "7H")  # S trumps small
    assert legal_cards(deal) == {"AH", "8H"}  # both beat the 7 of trumps


def test_partner_exception_on_a_plain_suit_lead() -> None:
    # E leads AC and holds the trick; W (E's partner) is void in clubs: anything goes.
    hands = {
        E: "AC KC QC 7D 8D 10H 8S 9S",
        S: "7C JH AS KS QS 10S 7S AD",
        W: "8H 9D 10D JD QD KD JS AH",
        N: "7H 8C 9C 10C JC 9H QH KH",
    }
    deal = french_deal(hands, E)
    push_all(deal, "hearts")
    play_first_card(deal, "AC")
    play_first_card(deal, "7C")
    assert deal.turn is W
    assert legal_cards(deal) == set(HANDS[W].split())  # discard or trump, as W pleases


def test_on_a_trump_lead_you_must_climb_even_over_your_partner() -> None:
    # seed 001: "You must climb on trump leads even against your partner. The partner exception
    # applies only when a plain suit was led."
    hands = {
        E: "9H KC QC 7D 8D 10H 8S 9S",
        S: "7H 7C AS KS QS 10S 7S AD",
        W: "8H 9D 10D JD QD KD JH AH",
        N: "AC 8C 9C 10C JC JS QH KH",
    }
    deal = french_deal(hands, E)
    push_all(deal, "hearts")
    play_first_card(deal, "9H")
    play_first_card(deal, "7H")
    assert deal.turn is W  # E (W's partner) holds the trick with the 9
    assert legal_cards(deal) == {"JH"}  # must beat the partner's 9


def test_on_a_trump_lead_without_a_higher_trump_any_trump() -> None:
    hands = {
        E: "JH KC QC 7D 8D 10H 8S 9S",
        S: "7H 7C AS KS QS 10S 7S AD",
        W: "8H 9D 10D JD QD KD 9H AH",
        N: "AC 8C 9C 10C JC JS QH KH",
    }
    deal = french_deal(hands, E)
    push_all(deal, "hearts")
    play_first_card(deal, "JH")
    play_first_card(deal, "7H")
    assert legal_cards(deal) == {"8H", "9H", "AH"}


def test_follow_a_plain_suit_without_having_to_beat() -> None:
    deal = _after_take()
    play_first_card(deal, "7D")  # E leads a small diamond
    assert legal_cards(deal) == {"AD"}  # S follows
    play_first_card(deal, "AD")
    assert legal_cards(deal) == {"9D", "10D", "JD", "QD", "KD"}  # W: any diamond, none beats


def test_void_without_trumps_any_card() -> None:
    hands = {
        E: "AC KC QC 7D 8D 10H 8S 9S",
        S: "AS KS QS 10S 7S AD 9D 10D",
        W: "8H 7H JD QD KD JS AH JH",
        N: "7C 8C 9C 10C JC 9H QH KH",
    }
    deal = french_deal(hands, E)
    push_all(deal, "hearts")
    play_first_card(deal, "AC")
    assert legal_cards(deal) == set(hands[S].split())


# --- §4: declarations ---------------------------------------------------------------------------


def decl(text: str) -> Declaration:
    return Declaration.from_str(text)


def winner(announced: dict[Seat, list[str]], trump: Suit = Suit.HEARTS) -> Team | None:
    by_seat = [[decl(t) for t in announced.get(s, [])] for s in Seat]
    return declaration_winner(by_seat, trump, ORDER)


def test_a_four_beats_any_sequence() -> None:
    assert winner({E: ["10S-AS", "7D-9D"], S: ["four-Q"]}) is NS  # 100 + 20 against 100
    assert winner({E: ["7S-AS"], S: ["four-K"]}) is NS  # even a run of eight's quinte


def test_fours_rank_j_9_a_10_k_q() -> None:
    order = ["four-Q", "four-K", "four-10", "four-A", "four-9", "four-J"]
    for low, high in itertools.pairwise(order):
        assert winner({E: [low], S: [high]}) is NS
        assert winner({E: [high], S: [low]}) is EW


def test_sequences_by_kind_then_top_card() -> None:
    assert winner({E: ["7S-10S"], S: ["QC-AC"]}) is EW  # quarte beats tierce
    assert winner({E: ["9S-KS"], S: ["7C-JC"]}) is EW  # quinte beats quarte
    assert winner({E: ["7S-9S"], S: ["8C-10C"]}) is NS  # tierces: the higher top card
    # a run of 6 counts as a quinte: compared by its top card, not its length
    assert winner({E: ["7S-QS"], S: ["10C-AC"]}) is NS


def test_equal_sequences_a_trump_sequence_beats_a_plain_one() -> None:
    assert winner({E: ["8C-10C"], S: ["8H-10H"]}, Suit.HEARTS) is NS
    assert winner({E: ["8C-10C"], S: ["8H-10H"]}, Suit.CLUBS) is EW


def test_a_dead_tie_goes_to_the_player_who_plays_earlier_in_the_first_trick() -> None:
    assert winner({E: ["8C-10C"], S: ["8D-10D"]}) is EW  # E plays first
    assert winner({W: ["8C-10C"], S: ["8D-10D"]}) is NS  # S before W
    assert winner({N: ["8C-10C"], W: ["8D-10D"]}) is EW  # W before N (the dealer, last)


def test_the_winning_team_scores_all_its_declarations_the_other_none() -> None:
    # seed 001: "the losing side's declarations score nothing at all"
    hands = {
        E: "AC KC QC 7D 8D 10H 8S 9S",  # tierce Q-A of clubs
        S: "7H JH AS KS QS 10S JS AD",  # quinte 10-A of spades
        W: "8H 9D 10D JD QD KD 7S AH",  # quinte 9-K of diamonds
        N: "7C 8C 9C 10C JC 9H QH KH",  # quinte 7-J of clubs
    }
    deal = french_deal(hands, E)
    push_all(deal, "hearts")
    for text in ("AC", "JH", "AH", "7C"):
        play_first_card(deal, text, declare=True)
    ns, ew = deal.scored_declarations()
    assert sorted(str(d) for d in ns) == ["10S-AS", "7C-JC"]  # S's quinte to the ace wins
    assert ew == []


def test_eight_trumps_declare_a_quinte_plus_a_tierce() -> None:
    # seed 001: "An 8-card trump suit declares as a quinte plus a tierce (120)"
    best = announcement_choices(mask("7H 8H 9H 10H JH QH KH AH"))[0]
    assert sorted(str(d) for d in best) == ["10H-AH", "7H-9H"]
    assert sum(d.points for d in best) == 120


def test_a_card_counts_in_one_declaration_only() -> None:
    choices = announcement_choices(mask("KC KD KH KS QH JH 7C 8D"))
    assert {"four-K"} in [{str(d) for d in c} for c in choices]
    assert {"JH-KH"} in [{str(d) for d in c} for c in choices]
    assert all(len(c) <= 1 for c in choices)  # never the four and the tierce together


def test_declarations_are_announced_only_with_the_first_card() -> None:
    deal = _after_take()
    assert isinstance(deal.legal_actions()[0], Declare)  # E holds a tierce
    play_first_card(deal, "AC", declare=True)
    for text in ("JH", "AH", "7C"):
        play_first_card(deal, text)
    assert deal.turn is S
    with pytest.raises(IllegalActionError, match="only with the first card"):
        deal.push(Declare((decl("10S-AS"),)))


# --- §4: belote-rebelote and the score ------------------------------------------------------------


def test_belote_is_20_to_its_holders_team_when_the_first_of_the_two_is_played() -> None:
    deal = _after_take()
    play_first_card(deal, "AC")
    play_first_card(deal, "JH")
    play_first_card(deal, "AH")
    play_first_card(deal, "7C")
    # S leads; N holds K+Q of hearts and plays the queen first: belote
    deal.push(Play(card("7H")))
    deal.push(Play(card("8H")))
    deal.push(Play(card("QH")))
    assert deal.belots == ((N, Suit.HEARTS),)
    assert deal.view(E).belots == ((N, Suit.HEARTS),)


def score(
    takers: Team,
    cards_: tuple[int, int],
    decls: tuple[int, int] = (0, 0),
    belote: tuple[int, int] = (0, 0),
    capot: Team | None = None,
) -> DealScore:
    return score_french(takers, cards_, decls, belote, capot)


def test_made_when_the_takers_have_at_least_the_defenders_points() -> None:
    # seed 001: "A tie at 81-81 counts for the takers in this version"
    tie = score(NS, (81, 81))
    assert tie.outcome is Outcome.MADE and tie.written == (81, 81)
    assert score(EW, (81, 81)).outcome is Outcome.MADE
    made = score(NS, (90, 72))
    assert made.outcome is Outcome.MADE and made.written == (90, 72) and made.hanging == 0


def test_declarations_and_belote_count_toward_the_comparison() -> None:
    assert score(NS, (70, 92), decls=(20, 0), belote=(20, 0)).outcome is Outcome.MADE  # 110:92
    assert score(NS, (75, 87), decls=(0, 0), belote=(0, 20)).outcome is Outcome.INSIDE


def test_dedans_the_defenders_write_162_and_every_declaration() -> None:
    failed = score(NS, (70, 92), decls=(0, 50))
    assert failed.outcome is Outcome.INSIDE and failed.winner is EW
    assert failed.written == (0, 162 + 50)
    assert "dedans" in failed.notes
    # the takers' own scored declaration goes to the defenders too
    assert score(NS, (60, 102), decls=(20, 0)).written == (0, 182)


def test_belote_is_kept_even_dedans() -> None:
    # seed 001: "The belote holder can be on the losing side - its 20 points survive"
    failed = score(NS, (60, 102), belote=(20, 0))
    assert failed.outcome is Outcome.INSIDE and failed.written == (20, 162)
    assert score(NS, (60, 102), belote=(0, 20)).written == (0, 182)


def test_capot_counts_252_and_the_swept_team_loses_its_declarations() -> None:
    sweep = score(NS, (162, 0), decls=(50, 0), belote=(0, 20), capot=NS)
    assert sweep.outcome is Outcome.MADE and sweep.valat is NS and "capot" in sweep.notes
    assert sweep.written == (252 + 50, 20)  # the swept team keeps its belote
    swept_defence = score(EW, (162, 0), decls=(0, 0), belote=(0, 20), capot=NS)
    assert swept_defence.outcome is Outcome.INSIDE and swept_defence.written == (252, 20)


def test_a_swept_team_holding_the_best_declaration_leaves_none_scoring() -> None:
    # its declaration won the comparison, so the sweepers' own do not score either
    assert score(NS, (162, 0), decls=(0, 100), capot=NS).written == (252, 0)


def test_a_capot_by_the_defenders() -> None:
    swept = score(NS, (0, 162), decls=(50, 0), belote=(20, 0), capot=EW)
    assert swept.outcome is Outcome.INSIDE and swept.written == (20, 252)


def test_points_are_exact_never_rounded() -> None:
    assert score(EW, (67, 95), decls=(0, 20)).written == (67, 115)


def _play_out(deal: Deal) -> None:
    while not deal.is_over:
        options = deal.legal_actions()
        deal.push(options[0])


def test_a_whole_deal_adds_up_to_162_plus_declarations_and_belote() -> None:
    deal = _after_take()
    _play_out(deal)
    result = deal.result
    assert result is not None
    shown = sum(d.points for team in deal.scored_declarations() for d in team)
    belote = 20 * len(deal.belots)
    capot = 252 if 0 in deal.tricks_won else 162
    assert sum(result.written) == capot + shown + belote
    assert result.hanging == 0 and result.double == 1


# --- §4: the end of a match --------------------------------------------------------------------


def _last(capot: Team | None = None) -> DealScore:
    return score(NS, (162, 0), capot=capot) if capot else score(NS, (100, 62))


def test_the_match_ends_when_a_team_reaches_1000_and_leads() -> None:
    ends = game_of(FRENCH).match_winner
    assert ends((999, 400), _last(), 1000) is None
    assert ends((1000, 400), _last(), 1000) is NS
    assert ends((1010, 1200), _last(), 1000) is EW
    assert ends((1100, 1100), _last(), 1000) is None  # tied: play on


def test_a_capot_may_end_the_match() -> None:
    assert game_of(FRENCH).match_winner((1050, 300), _last(NS), 1000) is NS
    bulgarian = game_of(Rules.bulgarian()).match_winner
    valat = DealScore(Outcome.MADE, (252, 0), (25, 0), 0, NS, NS)
    assert bulgarian((160, 20), valat, 151) is None


def test_a_match_plays_to_its_target() -> None:
    match = Match(Rules.french(target=501), seed=4, auto_next=True)
    while not match.is_over:
        options = match.legal_actions()
        match.push(options[-1] if match.deal.phase.value == "auction" else options[0])
    ns, ew = match.totals
    assert max(ns, ew) >= 501 and ns != ew
    assert match.winner is (NS if ns > ew else EW)
    assert sum(d.contract is not None for d in match.deals) >= 2


# --- records and position strings ---------------------------------------------------------------


def test_records_and_positions_name_the_game_and_round_trip() -> None:
    rules = Rules.french(target=501)
    deal = Deal.with_hands([cards(HANDS[s]) for s in Seat], rules, taker=E)
    push_all(deal, "hearts")
    _play_out(deal)
    record = deal_to_record(deal)
    assert record["rules"] == {"preset": "french", "options": {"target": 501}}
    again = deal_from_record(loads(json.dumps(record)))
    assert again.actions == deal.actions and again.result == deal.result
    position = to_position(deal)
    assert position.startswith("french:target=501 N ")
    assert from_position(position).result == deal.result
    half = Deal.with_hands([cards(HANDS[s]) for s in Seat], rules, taker=E)
    assert to_position(from_position(to_position(half))) == to_position(half)


def test_a_record_with_an_illegal_french_call_is_refused() -> None:
    deal = french_deal(HANDS, E)
    record = deal_to_record(deal)
    record["actions"] += ["spades"]
    with pytest.raises(InvalidRecordError, match=r"step 2 \(E\) 'spades'.*round one only"):
        deal_from_record(record)


def test_a_match_record_round_trips() -> None:
    match = Match(FRENCH, seed=9, auto_next=True)
    for _ in range(120):
        match.push(match.legal_actions()[-1])
    again = match_from_record(match_to_record(match))
    assert again.totals == match.totals and again.rules == FRENCH
    assert [d.actions for d in again.deals] == [d.actions for d in match.deals]
