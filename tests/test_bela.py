"""Bela (RULES.md §6 and the §7 notes, seed 004): one test per rule and per statement of the
seed about Bela.

The deals here are dealt by N, so the order is counter-clockwise, W S E N: W, on the dealer's
right, calls first and leads the first trick. A hand is written as its eight cards: the six
dealt before trumps are named, then its two hidden ones (the talon).
"""

from __future__ import annotations

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
    Rules,
    RulesError,
    Seat,
    Suit,
    Team,
)
from belot.engine.cards import cards_of
from belot.engine.games import game_of
from belot.engine.games.bela import choices_sharing_cards, declaration_winner, score_bela
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
from conftest import cards, deal_with_hands, legal_cards, mask, play_first_card, push_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
BELA = Rules.bela()
ORDER = (W, S, E, N)

#: W holds the tierce 7-8-9 of clubs in its six and K+Q of hearts (its bela) with a hidden
#: card; S a quarte of spades; E four kings would need K of hearts: E holds 10-J-Q of diamonds.
HANDS = {
    W: "7C 8C 9C QH AD 7S KH 8S",
    S: "7H JH AS KS QS 10S 9H AH",
    E: "10D JD QD KC 8H 10H 9S JS",
    N: "10C JC QC AC 7D 8D 9D KD",
}


def bela_deal(hands: dict[Seat, str] = HANDS, *, rules: Rules = BELA, cut: int = 1) -> Deal:
    return deal_with_hands(hands, rules, cut=cut)


def obliged(hand: str, trick: str, trump: Contract, rules: Rules = BELA) -> set[str]:
    """The legal cards of ``hand`` on ``trick`` (cards in play order) under ``rules``."""
    function, option = game_of(rules).obligations(rules)
    trick_cards = [c.index for c in cards(trick)] if trick else []
    return {str(c) for c in cards_of(function(mask(hand), trick_cards, trump, option))}


def play_out(deal: Deal) -> None:
    """Play the deal to its end with the last legal action each time."""
    while not deal.is_over:
        deal.push(deal.legal_actions()[-1])


# --- the preset, its order and its options (§6, §7) ------------------------------------------


def test_the_preset_plays_counter_clockwise_to_1001() -> None:
    assert BELA.preset == "bela" and BELA.target == 1001 and BELA.direction == -1
    deal = Deal.new(BELA, dealer=N, seed=1)
    assert deal.first is W  # the dealer's right calls first and leads
    assert [deal.next_seat(s) for s in Seat] == [W, N, E, S]
    assert game_of(BELA).name == "bela"


def test_the_options_and_their_defaults() -> None:
    assert BELA.beat_in_plain_suit is True and BELA.partner_exception is False
    assert BELA.card_in_two_declarations is False and BELA.belot_wins_match is True
    assert BELA.tie == "fails"
    rules = Rules.bela(tie="hangs", target=501, direction=1, partner_exception=True)
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("beat_in_plain_suit", 1, "beat_in_plain_suit must be true or false"),
        ("partner_exception", "no", "partner_exception must be true or false"),
        ("card_in_two_declarations", None, "card_in_two_declarations must be"),
        ("belot_wins_match", 0, "belot_wins_match must be"),
        ("tie", "push", "tie must be 'fails' or 'hangs'"),
        ("tie", True, "tie must be"),
        ("target", 0, "target"),
        ("target", 1002, "target"),
        ("target", "1001", "target"),
        ("direction", 0, "direction"),
        ("forced_undertrump", True, "unknown rules option 'forced_undertrump' for bela"),
        ("nt_last_trick", 10, "unknown rules option 'nt_last_trick' for bela"),
        ("redeal_same_dealer", True, "unknown rules option 'redeal_same_dealer' for bela"),
        ("double_scoring", "per_team", "unknown rules option 'double_scoring' for bela"),
    ],
)
def test_a_wrong_option_is_refused_with_its_name(option: str, value: object, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.bela(**{option: value})


@pytest.mark.parametrize("option", ["tie", "beat_in_plain_suit", "belot_wins_match"])
def test_other_games_refuse_belas_options(option: str) -> None:
    with pytest.raises(RulesError, match=f"unknown rules option '{option}' for bulgarian"):
        Rules.bulgarian(**{option: "hangs" if option == "tie" else False})
    with pytest.raises(RulesError, match=f"unknown rules option '{option}' for french"):
        Rules.french(**{option: "hangs" if option == "tie" else False})


# --- the deal: six cards and two hidden (§6; seed 004) -----------------------------------------


def test_six_cards_each_then_the_two_hidden_ones_once_trumps_are_named() -> None:
    deal = bela_deal()
    for seat in Seat:
        assert deal.hand(seat) == sorted(cards(HANDS[seat])[:6])
        assert deal.dealt_hand(seat) == []
    push_all(deal, "hearts")
    for seat in Seat:
        assert deal.hand(seat) == sorted(cards(HANDS[seat]))  # everyone picks up the two


def test_the_deck_deals_three_three_then_two_from_the_dealers_right() -> None:
    deal = Deal(BELA, dealer=N, deck=list(Deal.new(BELA, seed=3).deck))
    deal.push(Cut(5))
    after = deal.deck[5:] + deal.deck[:5]
    for position, seat in enumerate(ORDER):
        six = after[3 * position : 3 * position + 3] + after[12 + 3 * position : 15 + 3 * position]
        assert sorted(six) == deal.hand(seat)
    push_all(deal, "pass pass pass spades")
    for position, seat in enumerate(ORDER):
        hidden = after[24 + 2 * position : 26 + 2 * position]
        assert set(hidden) <= set(deal.hand(seat))


def test_the_hidden_cards_are_in_no_view_before_trumps_are_named() -> None:
    deal = bela_deal()
    for seat in Seat:
        hidden = {str(c) for c in cards(HANDS[seat])[6:]}
        for viewer in Seat:
            text = json.dumps(deal.view(viewer).to_json())
            assert not any(f'"{c}"' in text for c in hidden), (seat, viewer)
        assert not hidden & {str(c) for c in deal.view(seat).hand}  # its owner's included
    push_all(deal, "pass clubs")
    assert {str(c) for c in cards(HANDS[W])[6:]} <= {str(c) for c in deal.view(W).hand}


# --- naming trumps: one round, the dealer must name (§6; seed 004) -----------------------------


def test_each_player_names_a_suit_or_passes_once_from_the_dealers_right() -> None:
    deal = bela_deal()
    assert deal.turn is W
    suits = [Call.bid(Contract(s)) for s in range(4)]
    assert deal.legal_actions() == [Call.pass_(), *suits]
    push_all(deal, "pass")
    assert deal.turn is S
    push_all(deal, "diamonds")  # the first to name fixes trumps
    assert deal.phase.value == "play" and deal.contract is Contract.DIAMONDS
    assert deal.bidder is S and deal.turn is W  # the dealer's right leads


def test_the_dealer_must_name_when_the_three_others_pass() -> None:
    deal = bela_deal()
    push_all(deal, "pass pass pass")
    assert deal.turn is N
    assert deal.legal_actions() == [Call.bid(Contract(s)) for s in range(4)]
    with pytest.raises(IllegalActionError, match="the dealer must name trumps"):
        deal.push(Call.pass_())
    push_all(deal, "spades")
    assert deal.bidder is N and deal.contract is Contract.SPADES and not deal.all_passed


@pytest.mark.parametrize(
    ("call", "words"),
    [
        ("no-trumps", "no no-trumps or all-trumps"),
        ("all-trumps", "no no-trumps or all-trumps"),
        ("contra", "no doubling"),
        ("recontra", "no doubling"),
    ],
)
def test_no_no_trumps_no_all_trumps_no_doubling(call: str, words: str) -> None:
    deal = bela_deal()
    with pytest.raises(IllegalActionError, match=words):
        push_all(deal, call)
    push_all(deal, "hearts")
    assert deal.double == 1


# --- play obligations (§6) ---------------------------------------------------------------------


def test_follow_and_beat_the_trick_in_a_plain_suit() -> None:
    assert obliged("7C QC AC 9H", "10C", Contract.HEARTS) == {"AC"}
    assert obliged("7C QC 9H", "10C", Contract.HEARTS) == {"7C", "QC"}  # cannot beat: follow


def test_beat_over_the_partner_too() -> None:
    # The partner (two cards back) holds the trick with 10C: still beat it.
    assert obliged("7C AC", "10C 8C", Contract.HEARTS) == {"AC"}
    assert obliged("9H JH 7D", "7H 10H", Contract.HEARTS) == {"9H", "JH"}  # trumps too


def test_a_plain_suit_trick_already_trumped_needs_only_following() -> None:
    assert obliged("7C AC 9H", "10C 7H", Contract.HEARTS) == {"7C", "AC"}


def test_trumps_led_overtrump_if_you_can() -> None:
    assert obliged("7H 9H AC", "AH", Contract.HEARTS) == {"9H"}
    assert obliged("7H 8H AC", "AH", Contract.HEARTS) == {"7H", "8H"}


def test_void_in_the_suit_led_trump_whoever_holds_the_trick() -> None:
    assert obliged("7H AD", "10C", Contract.HEARTS) == {"7H"}
    assert obliged("7H AD", "10C 8C", Contract.HEARTS) == {"7H"}  # the partner's 10C too


def test_void_overtrump_if_you_can_else_any_trump() -> None:
    assert obliged("7H JH AD", "10C 9H", Contract.HEARTS) == {"JH"}
    assert obliged("7H 8H AD", "10C 9H", Contract.HEARTS) == {"7H", "8H"}
    assert obliged("7H 8H AD", "10C 9H 7C", Contract.HEARTS) == {"7H", "8H"}  # partner's


def test_void_without_a_trump_any_card() -> None:
    assert obliged("7D AS", "10C 9H", Contract.HEARTS) == {"7D", "AS"}


def test_option_beat_in_plain_suit_off_only_follows() -> None:
    rules = Rules.bela(beat_in_plain_suit=False)
    assert obliged("7C QC AC 9H", "10C", Contract.HEARTS, rules) == {"7C", "QC", "AC"}
    assert obliged("7H 9H", "AH", Contract.HEARTS, rules) == {"9H"}  # trumps still climb


def test_option_partner_exception_frees_over_a_partners_plain_trick() -> None:
    rules = Rules.bela(partner_exception=True)
    assert obliged("7C AC", "10C 8C", Contract.HEARTS, rules) == {"7C", "AC"}
    assert obliged("7H AD", "10C 8C", Contract.HEARTS, rules) == {"7H", "AD"}
    assert obliged("7H AD", "10C", Contract.HEARTS, rules) == {"7H"}  # an opponent's
    assert obliged("8H JH", "7H 10H", Contract.HEARTS, rules) == {"JH"}  # trumps led


def test_the_deal_offers_exactly_the_obliged_cards() -> None:
    deal = bela_deal()
    push_all(deal, "clubs")  # W names clubs
    play_first_card(deal, "8S")  # W leads the eight of spades
    assert legal_cards(deal) == {"AS", "KS", "QS", "10S"}  # S must beat it
    with pytest.raises(IllegalActionError, match="may not be played now"):
        play_first_card(deal, "7H")
    play_first_card(deal, "QS")
    assert legal_cards(deal) == {"9S", "JS"}  # E cannot beat the queen: any spade
    play_first_card(deal, "9S")
    assert legal_cards(deal) == {"10C", "JC", "QC", "AC"}  # N, void: trump over its partner's QS


# --- declarations (§6; seed 004) ---------------------------------------------------------------

D = Declaration.from_str


def test_declaration_values() -> None:
    assert [D(t).points for t in ("7C-9C", "7C-10C", "7C-JC", "7C-QC", "7C-KC")] == [
        20,
        50,
        100,
        100,
        100,
    ]
    assert [D(f"four-{r}").points for r in ("J", "9", "A", "10", "K", "Q")] == [
        200,
        150,
        100,
        100,
        100,
        100,
    ]


def test_the_higher_value_wins() -> None:
    assert declaration_winner([[D("7C-9C")], [D("7D-10D")], [], []], ORDER) is EW
    assert declaration_winner([[D("four-J")], [D("four-9")], [], []], ORDER) is NS


def test_a_four_beats_a_sequence_of_the_same_value() -> None:
    # 10-A of clubs (100, top ace) against four queens (100): the four, despite the ace.
    assert declaration_winner([[D("10C-AC")], [D("four-Q")], [], []], ORDER) is EW
    assert declaration_winner([[D("four-Q")], [D("10C-AC")], [], []], ORDER) is NS


def test_then_the_higher_top_card() -> None:
    assert declaration_winner([[D("8C-10C")], [D("7D-9D")], [], []], ORDER) is NS
    assert declaration_winner([[D("four-K")], [D("four-A")], [], []], ORDER) is EW


def test_a_tie_goes_to_the_side_first_from_the_dealers_right() -> None:
    # W (EW) comes first from the dealer N's right, then S (NS).
    equal = [[], [], [D("8C-10C")], [D("8D-10D")]]
    assert declaration_winner(equal, ORDER) is EW
    assert declaration_winner(equal, (S, E, N, W)) is NS


def test_each_sides_best_is_compared_and_the_winner_scores_all_of_its_own() -> None:
    deal = bela_deal(
        {
            W: "7C 8C 9C QH AD 7S KH 8S",
            S: "7H JH AS KS QS 10S 9H AH",
            N: "10C JC QC AC 7D 8D 9D KD",
            E: "10D JD QD KC 8H 10H 9S JS",
        }
    )
    push_all(deal, "clubs")
    for _ in range(4):
        deal.push(deal.legal_actions()[0])  # everyone announces its best
        deal.push(deal.legal_actions()[-1])
    ns, ew = deal.scored_declarations()
    # Every best is a tierce; S's Q-K-A of spades has the highest top card, so NS score all
    # three of theirs (with N's 10-Q of clubs and 7-9 of diamonds), EW's tierces none.
    assert ew == [] and sum(d.points for d in ns) == 60


def test_a_card_counts_in_one_declaration_only() -> None:
    deal = bela_deal(
        {
            W: "KC KD KH KS QS JS 7C 8C",
            S: "7H JH AS 10S 9H AH 7D 8D",
            E: "10D JD QD QC 8H 10H 9S 9D",
            N: "10C JC AC AD 9C QH 7S 8S",
        }
    )
    push_all(deal, "clubs")
    choices = deal.declaration_choices()
    assert (D("four-K"), D("JS-KS")) not in choices
    assert any(c == (D("four-K"),) for c in choices)


def test_option_card_in_two_declarations() -> None:
    hand = mask("KC KD KH KS QS JS 7C 8C")
    assert (D("four-K"), D("JS-KS")) in choices_sharing_cards(hand)
    rules = Rules.bela(card_in_two_declarations=True)
    deal = bela_deal(
        {
            W: "KC KD KH KS QS JS 7C 8C",
            S: "7H JH AS 10S 9H AH 7D 8D",
            E: "10D JD QD QC 8H 10H 9S 9D",
            N: "10C JC AC AD 9C QH 7S 8S",
        },
        rules=rules,
    )
    push_all(deal, "clubs")
    assert deal.declaration_choices()[0] == (D("four-K"), D("JS-KS"))
    deal.push(deal.legal_actions()[0])
    assert deal.announced(W) == (D("four-K"), D("JS-KS"))


def test_declarations_are_announced_with_the_first_card_or_lost() -> None:
    deal = bela_deal()
    push_all(deal, "clubs")
    for text in ("AD", "AH", "QD", "KD"):
        play_first_card(deal, text)  # nobody announces
    assert deal.announced(W) == () and deal.turn is W  # AD took the trick
    with pytest.raises(IllegalActionError, match="only with the first card"):
        deal.push(Declare((D("7C-9C"),)))


# --- bela: K+Q of trumps (§6; seed 004) --------------------------------------------------------


def test_bela_is_20_announced_with_the_first_of_the_two() -> None:
    deal = bela_deal()
    push_all(deal, "hearts")
    play_first_card(deal, "QH")  # W leads the queen of trumps holding the king
    assert deal.belots == ((W, Suit.HEARTS),)
    play_out(deal)
    assert deal.result is not None
    shown = sum(d.points for team in deal.scored_declarations() for d in team)
    stiglja = 90 if 0 in deal.tricks_won else 0
    assert sum(deal.result.raw) == 162 + shown + 20 + stiglja


# --- scoring (§6; seed 004) --------------------------------------------------------------------


def test_the_callers_pass_with_more_points_each_side_writes_its_own() -> None:
    score = score_bela(NS, (92, 70), (20, 0), (20, 0), None)
    assert score.outcome is Outcome.MADE and score.written == (132, 70)


def test_otherwise_the_other_side_writes_every_point_the_callers_bela_included() -> None:
    score = score_bela(NS, (62, 100), (0, 0), (20, 0), None)
    assert score.raw == (82, 100)
    assert score.outcome is Outcome.INSIDE and score.written == (0, 182)


def test_a_tie_fails_the_callers_by_default() -> None:
    score = score_bela(EW, (81, 81), (0, 0), (0, 0), None)
    assert score.outcome is Outcome.INSIDE and score.written == (162, 0) and score.hanging == 0


def test_option_tie_hangs_the_callers_points_for_the_next_deals_winner() -> None:
    tied = score_bela(EW, (81, 81), (0, 0), (0, 0), None, tie="hangs")
    assert tied.outcome is Outcome.HANGING and tied.written == (81, 0) and tied.hanging == 81
    after = score_bela(NS, (100, 62), (0, 0), (0, 0), None, tie="hangs", hanging=tied.hanging)
    assert after.written == (181, 62) and after.hanging == 0
    fell = score_bela(NS, (60, 102), (0, 0), (0, 0), None, tie="hangs", hanging=81)
    assert fell.written == (0, 243)


def test_stiglja_adds_90_and_the_side_without_a_trick_loses_declarations_and_belas() -> None:
    score = score_bela(NS, (162, 0), (0, 50), (0, 20), NS)
    assert score.raw == (162 + 90 + 50 + 20, 0) and score.written == (322, 0)
    assert score.valat is NS and "stiglja" in score.notes
    by_the_others = score_bela(NS, (0, 162), (20, 0), (20, 0), EW)
    assert by_the_others.written == (0, 162 + 90 + 40)


def test_points_are_exact_never_rounded() -> None:
    score = score_bela(NS, (87, 75), (0, 0), (0, 0), None)
    assert score.written == (87, 75)


def test_a_whole_deal_adds_up_to_162_plus_declarations_and_bela() -> None:
    deal = bela_deal()
    push_all(deal, "hearts")
    while not deal.is_over:
        deal.push(deal.legal_actions()[0])  # announce the best, play the lowest legal card
    result = deal.result
    assert result is not None and sum(deal.card_points) == 162
    shown = sum(d.points for team in deal.scored_declarations() for d in team)
    stiglja = 90 if 0 in deal.tricks_won else 0
    assert sum(result.written) == 162 + shown + 20 * len(deal.belots) + stiglja


# --- the match (§6; seed 004) ------------------------------------------------------------------


def _written(ns: int, ew: int, *notes: str) -> DealScore:
    return DealScore(Outcome.MADE, (ns, ew), (ns, ew), 0, NS, None, 1, notes)


def test_the_match_ends_when_a_team_reaches_1001_and_leads() -> None:
    ends = game_of(BELA).match_winner
    assert ends((1001, 900), _written(100, 62), 1001) is NS
    assert ends((1000, 900), _written(100, 62), 1001) is None
    assert ends((1010, 1010), _written(81, 81), 1001) is None  # tied: play on
    assert ends((1005, 1040), _written(62, 100), 1001) is EW
    assert ends((1090, 900), _written(252, 0, "stiglja"), 1001) is NS  # a stiglja may end it


def test_a_belot_of_eight_cards_in_one_suit_wins_the_match_at_once() -> None:
    hands = {
        W: "7C 8C 9C 10C JC QC KC AC",
        S: "7H JH AS KS QS 10S 9H AH",
        E: "10D JD QD KD 8H 10H 9S JS",
        N: "7D 8D 9D AD QH KH 7S 8S",
    }
    deal = bela_deal(hands)
    push_all(deal, "hearts")
    deal.push(deal.legal_actions()[0])  # W announces the eight clubs
    play_out(deal)
    assert deal.result is not None and "belot EW" in deal.result.notes
    ends = game_of(BELA).match_winner
    assert ends((10, 300), deal.result, 1001) is EW
    unannounced = bela_deal(hands)
    push_all(unannounced, "hearts")
    unannounced.push(Declare(()))
    play_out(unannounced)
    assert unannounced.result is not None and not any(
        n.startswith("belot") for n in unannounced.result.notes
    )
    off = bela_deal(hands, rules=Rules.bela(belot_wins_match=False))
    push_all(off, "hearts")
    off.push(off.legal_actions()[0])
    play_out(off)
    assert off.result is not None and ends((10, 300), off.result, 1001) is None


def test_a_match_plays_to_its_target() -> None:
    match = Match(Rules.bela(target=501), seed=4, auto_next=True)
    while not match.is_over:
        match.push(match.legal_actions()[-1])
    assert max(match.totals) >= 501 or any(
        n.startswith("belot") for s in match.scores if s for n in s.notes
    )
    assert all(d.contract is not None for d in match.deals)  # nobody redeals in Bela


# --- records and position strings --------------------------------------------------------------


def test_records_and_positions_name_the_game_and_round_trip() -> None:
    rules = Rules.bela(tie="hangs")
    deal = bela_deal(rules=rules)
    push_all(deal, "pass pass pass spades")
    play_out(deal)
    record = deal_to_record(deal)
    assert record["rules"] == {"preset": "bela", "options": {"tie": "hangs"}}
    again = deal_from_record(loads(json.dumps(record)))
    assert again.actions == deal.actions and again.result == deal.result
    position = to_position(deal)
    assert position.startswith("bela:tie=hangs N ")
    assert from_position(position).result == deal.result
    half = bela_deal(rules=rules)
    push_all(half, "pass")
    assert to_position(from_position(to_position(half))) == to_position(half)


def test_a_record_with_the_dealer_passing_is_refused() -> None:
    deal = bela_deal()
    record = deal_to_record(deal)
    record["actions"] += ["pass", "pass", "pass", "pass"]
    with pytest.raises(InvalidRecordError, match=r"step 5 \(N\) 'pass'.*dealer must name"):
        deal_from_record(record)


def test_a_match_record_round_trips() -> None:
    match = Match(BELA, seed=9, auto_next=True)
    for _ in range(120):
        match.push(match.legal_actions()[-1])
    again = match_from_record(match_to_record(match))
    assert again.totals == match.totals and again.rules == BELA
    assert [d.actions for d in again.deals] == [d.actions for d in match.deals]


def test_hanging_points_go_to_the_next_deals_winner_on_the_sheet() -> None:
    from belot.engine.sheet import ScoreSheet

    rules = Rules.bela(tie="hangs")
    sheet = ScoreSheet(target=rules.target, ends=game_of(rules).match_winner)
    sheet.add(score_bela(EW, (81, 81), (0, 0), (0, 0), None, tie="hangs"))
    assert sheet.hanging == 81 and sheet.totals == (81, 0)
    sheet.add(score_bela(EW, (50, 112), (0, 0), (0, 0), None, tie="hangs", hanging=81))
    assert sheet.hanging == 0 and sheet.totals == (81 + 50, 112 + 81)  # EW passed: +81
    deal = bela_deal(rules=rules)
    push_all(deal, "hearts")
    play_out(deal)
    result = deal.result
    assert result is not None and result.winner is not None
    carried = deal.score(hanging=40)
    assert carried.written[result.winner] == result.written[result.winner] + 40
    assert carried.written[result.winner.other] == result.written[result.winner.other]
