"""Deal scoring and the score sheet: RULES.md §3 "Deal result", "Game points", "Match".

Every worked example of RULES.md and of seeds 000, 002 and 003 is here, each option that changes
the arithmetic is tried both ways, and hypothesis checks that rounding keeps a deal's game value.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belot.engine.contracts import Contract
from belot.engine.errors import IllegalActionError
from belot.engine.rules import Rules
from belot.engine.scoring import (
    DealScore,
    Outcome,
    TeamPoints,
    contract_total,
    pair_round,
    round_single,
    score_deal,
)
from belot.engine.sheet import ScoreSheet, match_winner
from belot.engine.table import Team

NS, EW = Team.NS, Team.EW
SUITS = (Contract.CLUBS, Contract.DIAMONDS, Contract.HEARTS, Contract.SPADES)
WTA = Rules.bulgarian()
PER_TEAM = Rules.bulgarian(double_scoring="per_team")
BOTH_MODES = pytest.mark.parametrize("rules", [WTA, PER_TEAM], ids=["winner_takes_all", "per_team"])


def pts(cards: int, declarations: int = 0, belot: int = 0) -> TeamPoints:
    return TeamPoints(cards, declarations, belot)


def deal(
    contract: Contract,
    declarers: Team,
    ns: TeamPoints | int,
    ew: TeamPoints | int,
    *,
    rules: Rules = WTA,
    double: int = 1,
    valat: Team | None = None,
    hanging: int = 0,
) -> DealScore:
    def tp(p: TeamPoints | int) -> TeamPoints:
        return p if isinstance(p, TeamPoints) else pts(p)

    return score_deal(
        rules, contract, declarers, (tp(ns), tp(ew)), double=double, valat=valat, hanging=hanging
    )


# --- seed 000's complete example (RULES.md §3 "Game points") -------------------------------------


@BOTH_MODES
def test_seed_000_example_138_against_64_writes_14_and_6(rules: Rules) -> None:
    # N–S: 98 card points + tierce 20 + belot 20 = 138; E–W 64.
    s = deal(Contract.SPADES, NS, pts(98, 20, 20), 64, rules=rules)
    assert s.outcome is Outcome.MADE
    assert s.raw == (138, 64)
    assert s.written == (14, 6)
    assert s.hanging == 0
    assert s.winner is NS


@BOTH_MODES
def test_seed_000_failed_contract_70_against_92_defenders_write_16(rules: Rules) -> None:
    s = deal(Contract.SPADES, NS, 70, 92, rules=rules)
    assert s.outcome is Outcome.INSIDE
    assert s.raw == (70, 92)
    assert s.written == (0, 16)
    assert s.winner is EW


def test_seed_000_contra_per_team_276_against_128_writes_28_and_13() -> None:
    s = deal(Contract.SPADES, NS, pts(98, 20, 20), 64, rules=PER_TEAM, double=2)
    assert s.outcome is Outcome.MADE
    assert s.written == (28, 13)


def test_seed_000_contra_winner_takes_all_ns_write_40() -> None:
    # 138 + 64 = 202 → 20, × 2.
    s = deal(Contract.SPADES, NS, pts(98, 20, 20), 64, rules=WTA, double=2)
    assert s.outcome is Outcome.MADE
    assert s.written == (40, 0)
    assert s.raw == (138, 64)  # raw points are the deal's, before the multiplier


def test_per_team_failed_contra_defenders_write_everything_doubled() -> None:
    s = deal(Contract.SPADES, NS, 70, 92, rules=PER_TEAM, double=2)
    assert s.outcome is Outcome.INSIDE
    assert s.written == (0, 32)


def test_per_team_failed_recontra_multiplies_before_it_rounds() -> None:
    # RULES.md §3: 60:102 in a suit, recontra: 162 × 4 = 648 → 65, not round(162) × 4 = 64.
    s = deal(Contract.HEARTS, NS, 60, 102, rules=PER_TEAM, double=4)
    assert s.outcome is Outcome.INSIDE
    assert s.written == (0, 65)
    # winner_takes_all still rounds the whole deal first, then multiplies: 16 × 4.
    assert deal(Contract.HEARTS, NS, 60, 102, rules=WTA, double=4).written == (0, 64)


def test_per_team_failed_all_trumps_recontra_rounds_the_multiplied_total() -> None:
    # 258 × 4 = 1032 → 103 (the single total rounds from 5 up), where 26 × 4 would be 104.
    s = deal(Contract.ALL_TRUMPS, NS, 100, 158, rules=PER_TEAM, double=4)
    assert s.outcome is Outcome.INSIDE
    assert s.written == (0, 103)


def test_per_team_failed_contra_with_declarations_in_a_suit() -> None:
    # 40 + 20 : 122 + 50 = 60 : 172, contra; 232 × 2 = 464 → 46, and with recontra
    # 232 × 4 = 928 → 93 (round(232) × 4 would be 92).
    ns, ew = pts(40, 20), pts(122, 50)
    assert deal(Contract.CLUBS, NS, ns, ew, rules=PER_TEAM, double=2).written == (0, 46)
    assert deal(Contract.CLUBS, NS, ns, ew, rules=PER_TEAM, double=4).written == (0, 93)


# --- game points: the pair rule (seeds 002, 003) --------------------------------------------------


@pytest.mark.parametrize("contract", SUITS)
@pytest.mark.parametrize(
    ("declarers", "ns", "ew", "written"),
    [
        (NS, 96, 66, (9, 7)),  # both end in 6: the smaller up, the larger down
        (EW, 56, 106, (6, 10)),
        (NS, 87, 75, (9, 7)),  # 7 up, 5 down (seed 002)
        (NS, 82, 80, (8, 8)),
        (EW, 69, 93, (7, 9)),  # 9 up, 3 down
        (NS, 113, 49, (11, 5)),  # 3 down, 9 up
        (NS, 91, 71, (9, 7)),
    ],
)
def test_suit_rounding_6_to_9_up_and_both_sixes_smaller_up(
    contract: Contract, declarers: Team, ns: int, ew: int, written: tuple[int, int]
) -> None:
    s = deal(contract, declarers, ns, ew)
    assert s.outcome is Outcome.MADE
    assert s.written == written
    assert sum(s.written) == 16


@pytest.mark.parametrize(
    ("ns", "ew", "written"),
    [
        (134, 124, (13, 13)),  # both end in 4: the smaller up (seed 002, 003)
        (144, 114, (14, 12)),  # both end in 4: 114 up, 144 down
        (135, 123, (14, 12)),  # 5 up, 3 down
        (139, 119, (14, 12)),
        (130, 128, (13, 13)),
    ],
)
def test_all_trumps_rounding_5_up_and_both_fours_smaller_up(
    ns: int, ew: int, written: tuple[int, int]
) -> None:
    s = deal(Contract.ALL_TRUMPS, NS, ns, ew)
    assert s.outcome is Outcome.MADE
    assert s.written == written
    assert sum(s.written) == 26


@pytest.mark.parametrize(
    ("ns", "ew", "written"),
    [
        (136, 124, (14, 12)),  # 6 up, 4 down
        (152, 108, (15, 11)),  # 2 down, 8 up
        (140, 120, (14, 12)),
        (134, 126, (13, 13)),
    ],
)
def test_no_trumps_rounding_from_5_up(ns: int, ew: int, written: tuple[int, int]) -> None:
    s = deal(Contract.NO_TRUMPS, NS, ns, ew)
    assert s.outcome is Outcome.MADE
    assert s.written == written


def test_suit_rounding_differs_from_all_trumps_on_a_five() -> None:
    # 85 rounds down at a suit (6 up) but 135 rounds up at all trumps (5 up).
    assert deal(Contract.HEARTS, NS, 85, 77).written == (8, 8)
    assert deal(Contract.ALL_TRUMPS, NS, 135, 123).written == (14, 12)


def test_pair_round_and_round_single_directly() -> None:
    assert pair_round(96, 66, Contract.SPADES) == (9, 7)
    assert pair_round(66, 96, Contract.SPADES) == (7, 9)
    assert pair_round(134, 124, Contract.ALL_TRUMPS) == (13, 13)
    assert pair_round(106, 106, Contract.SPADES, a_is_smaller=True) == (11, 10)
    assert pair_round(106, 106, Contract.SPADES, a_is_smaller=False) == (10, 11)
    assert round_single(162) == 16
    assert round_single(165) == 17  # a single total rounds from 5 up, whatever the contract
    assert round_single(164) == 16


# --- single totals: inside, valat, doubled ------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "ns", "ew", "written_ew"),
    [
        (Contract.SPADES, pts(50, 20), 112, 18),  # 182 → 18
        (Contract.ALL_TRUMPS, 100, 158, 26),  # 258 → 26 (rounds from 5 up)
        (Contract.NO_TRUMPS, 120, 140, 26),
        (Contract.CLUBS, pts(60, 50, 20), pts(102, 100), 33),  # 332 → 33
    ],
)
def test_inside_defenders_write_every_point_of_the_deal(
    contract: Contract, ns: TeamPoints | int, ew: TeamPoints | int, written_ew: int
) -> None:
    s = deal(contract, NS, ns, ew)
    assert s.outcome is Outcome.INSIDE
    assert s.written == (0, written_ew)
    assert s.winner is EW


@pytest.mark.parametrize(
    ("contract", "rules", "raw", "written"),
    [
        (Contract.SPADES, WTA, 252, 25),
        (Contract.DIAMONDS, WTA, 252, 25),
        (Contract.NO_TRUMPS, WTA, 350, 35),
        (Contract.ALL_TRUMPS, WTA, 348, 35),
        (Contract.NO_TRUMPS, Rules.bulgarian(nt_last_trick=10), 340, 34),
    ],
)
def test_valat_without_declarations_25_at_a_suit_35_at_nt_and_at(
    contract: Contract, rules: Rules, raw: int, written: int
) -> None:
    total = contract_total(contract, rules)
    s = deal(contract, NS, total, 0, rules=rules, valat=NS)
    assert s.outcome is Outcome.MADE
    assert s.raw == (raw, 0)
    assert s.written == (written, 0)
    assert s.valat is NS
    assert s.winner is NS


def test_valat_team_writes_both_sides_declarations_and_belots() -> None:
    # N–S valat with a quarte and the belot; E–W announced four kings (scored, but swept away).
    s = deal(Contract.HEARTS, NS, pts(162, 50, 20), pts(0, 100), valat=NS)
    assert s.raw == (162 + 90 + 50 + 20, 100)
    assert s.written == (42, 0)  # 422 → 42
    assert s.outcome is Outcome.MADE


def test_valat_by_the_defenders_is_inside_and_they_write_it_all() -> None:
    s = deal(Contract.ALL_TRUMPS, NS, pts(0, 20, 20), pts(258, 50), valat=EW)
    assert s.outcome is Outcome.INSIDE
    assert s.written == (0, 44)  # 258 + 90 + 50 + 20 + 20 = 438 → 44
    assert s.winner is EW


def test_valat_is_never_doubled_by_no_trumps_bonus() -> None:
    # The 90 stays 90 in No trumps: 260 + 90, not 260 + 180.
    assert deal(Contract.NO_TRUMPS, EW, 0, 260, valat=EW).raw == (0, 350)


@pytest.mark.parametrize("contract", SUITS)
def test_doubled_and_redoubled_suit_deal_writes_32_and_64(contract: Contract) -> None:
    assert deal(contract, NS, 96, 66, double=2).written == (32, 0)
    assert deal(contract, NS, 96, 66, double=4).written == (64, 0)
    # Failed under contra: the defenders write the whole deal doubled.
    assert deal(contract, NS, 66, 96, double=2).written == (0, 32)
    assert deal(contract, NS, 66, 96, double=4).written == (0, 64)


def test_doubled_valat_writes_the_whole_deal_multiplied() -> None:
    s = deal(Contract.SPADES, NS, 162, 0, valat=NS, double=2)
    assert s.written == (50, 0)


# --- hanging ----------------------------------------------------------------------------------


def test_hanging_106_106_defenders_write_10_and_11_hang() -> None:
    # N–S: 56 card points + quarte 50 = 106; E–W 106 card points.
    s = deal(Contract.SPADES, NS, pts(56, 50), 106)
    assert s.outcome is Outcome.HANGING
    assert s.written == (0, 10)
    assert s.hanging == 11
    assert s.winner is None


def test_hanging_154_154_all_trumps_defenders_15_and_16_hang() -> None:
    s = deal(Contract.ALL_TRUMPS, EW, 154, pts(104, 50))
    assert s.outcome is Outcome.HANGING
    assert s.written == (15, 0)
    assert s.hanging == 16


def test_hanging_81_81_writes_8_and_8_hang() -> None:
    s = deal(Contract.CLUBS, NS, 81, 81)
    assert s.outcome is Outcome.HANGING
    assert s.written == (0, 8)
    assert s.hanging == 8


@pytest.mark.parametrize("double", [2, 4])
def test_doubled_tie_everything_hangs(double: int) -> None:
    s = deal(Contract.SPADES, NS, 81, 81, double=double)
    assert s.outcome is Outcome.HANGING
    assert s.written == (0, 0)
    assert s.hanging == 16 * double
    assert s.winner is None


def test_per_team_doubled_tie_only_the_declarers_share_hangs() -> None:
    s = deal(Contract.SPADES, NS, 81, 81, double=2, rules=PER_TEAM)
    assert s.outcome is Outcome.HANGING
    assert s.written == (0, 16)
    assert s.hanging == 16


@pytest.mark.parametrize(
    ("args", "winner", "written"),
    [
        # made: to the declarers
        ((Contract.SPADES, NS, pts(98, 20, 20), 64), NS, (14 + 11, 6)),
        # inside: to the defenders
        ((Contract.SPADES, NS, 70, 92), EW, (0, 16 + 11)),
        # made by E–W
        ((Contract.HEARTS, EW, 66, 96), EW, (7, 9 + 11)),
    ],
)
def test_incoming_hanging_goes_to_the_deals_winner(
    args: tuple[Contract, Team, TeamPoints | int, TeamPoints | int],
    winner: Team,
    written: tuple[int, int],
) -> None:
    s = deal(*args, hanging=11)
    assert s.winner is winner
    assert s.written == written
    assert s.hanging == 0


def test_incoming_hanging_goes_to_the_valat_team() -> None:
    s = deal(Contract.SPADES, NS, 0, 162, valat=EW, hanging=8)
    assert s.written == (0, 25 + 8)
    assert s.hanging == 0


def test_incoming_hanging_goes_to_the_doubled_winner_undoubled() -> None:
    s = deal(Contract.SPADES, NS, 66, 96, double=2, hanging=11)
    assert s.written == (0, 32 + 11)
    assert s.hanging == 0


def test_hanging_accumulates_over_consecutive_hanging_deals() -> None:
    first = deal(Contract.SPADES, NS, pts(56, 50), 106)
    assert first.hanging == 11
    second = deal(Contract.CLUBS, EW, 81, 81, hanging=first.hanging)
    assert second.outcome is Outcome.HANGING
    assert second.written == (8, 0)
    assert second.hanging == 11 + 8
    third = deal(Contract.HEARTS, NS, 81, 81, double=2, hanging=second.hanging)
    assert third.written == (0, 0)
    assert third.hanging == 19 + 32
    fourth = deal(Contract.DIAMONDS, EW, 70, 92, hanging=third.hanging)
    assert fourth.written == (7, 9 + 51)
    assert fourth.hanging == 0


# --- options that change the arithmetic, both ways ---------------------------------------------


def test_nt_last_trick_option_changes_the_no_trumps_total() -> None:
    assert contract_total(Contract.NO_TRUMPS, WTA) == 260
    assert contract_total(Contract.NO_TRUMPS, Rules.bulgarian(nt_last_trick=10)) == 250
    for rules in (WTA, Rules.bulgarian(nt_last_trick=10)):
        assert contract_total(Contract.SPADES, rules) == 162
        assert contract_total(Contract.ALL_TRUMPS, rules) == 258
    # A failed no-trumps deal: 26 with a last trick of 20, 25 with 10.
    assert deal(Contract.NO_TRUMPS, NS, 100, 160).written == (0, 26)
    short = Rules.bulgarian(nt_last_trick=10)
    assert deal(Contract.NO_TRUMPS, NS, 100, 150, rules=short).written == (0, 25)


def test_double_scoring_option_both_ways_on_one_deal() -> None:
    args = (Contract.CLUBS, NS, 96, 66)
    assert deal(*args, double=2, rules=WTA).written == (32, 0)
    assert deal(*args, double=2, rules=PER_TEAM).written == (19, 13)  # 192 → 19, 132 → 13
    assert deal(*args, double=4, rules=PER_TEAM).written == (38, 26)  # 384 → 38, 264 → 26
    # Undoubled deals are the same in both modes.
    assert deal(*args, rules=WTA).written == deal(*args, rules=PER_TEAM).written == (9, 7)


# --- the score sheet and the end of the game ---------------------------------------------------


def recontra_ns() -> tuple[Contract, Team, int, int]:
    return (Contract.HEARTS, NS, 96, 66)


def write(
    sheet: ScoreSheet,
    contract: Contract,
    declarers: Team,
    ns: TeamPoints | int,
    ew: TeamPoints | int,
    *,
    double: int = 1,
    valat: Team | None = None,
) -> DealScore:
    s = deal(contract, declarers, ns, ew, double=double, valat=valat, hanging=sheet.hanging)
    sheet.add(s)
    return s


def test_the_team_that_reaches_151_and_is_ahead_wins() -> None:
    sheet = ScoreSheet()
    write(sheet, *recontra_ns(), double=4)
    write(sheet, *recontra_ns(), double=4)
    assert sheet.totals == (128, 0)
    assert sheet.winner is None
    write(sheet, Contract.SPADES, EW, 56, 106)
    assert sheet.totals == (134, 10)
    assert not sheet.is_over
    write(sheet, Contract.SPADES, NS, pts(98, 20, 20), 64)
    assert sheet.totals == (148, 16)
    assert sheet.winner is None
    write(sheet, Contract.CLUBS, NS, 87, 75)
    assert sheet.totals == (157, 23)
    assert sheet.winner is NS
    with pytest.raises(IllegalActionError):
        write(sheet, Contract.CLUBS, NS, 87, 75)


def _at_141_each() -> ScoreSheet:
    sheet = ScoreSheet()
    for team in (NS, EW, NS, EW):
        ns, ew = (96, 66) if team is NS else (66, 96)
        write(sheet, Contract.HEARTS, team, ns, ew, double=4)  # 64 to the declarers
    write(sheet, Contract.ALL_TRUMPS, NS, 134, 124)
    assert sheet.totals == (141, 141)
    return sheet


def test_equal_at_151_or_more_plays_on() -> None:
    sheet = _at_141_each()
    write(sheet, Contract.ALL_TRUMPS, NS, 134, 124)
    assert sheet.totals == (154, 154)
    assert sheet.winner is None
    write(sheet, Contract.SPADES, NS, pts(98, 20, 20), 64)
    assert sheet.totals == (168, 160)
    assert sheet.winner is NS


def test_both_over_151_the_one_with_more_wins() -> None:
    sheet = _at_141_each()
    write(sheet, Contract.ALL_TRUMPS, EW, 98, 160)
    assert sheet.totals == (151, 157)
    assert sheet.winner is EW


def test_a_valat_deal_cannot_end_the_game() -> None:
    sheet = ScoreSheet()
    write(sheet, *recontra_ns(), double=4)
    write(sheet, *recontra_ns(), double=4)
    write(sheet, Contract.SPADES, NS, 162, 0, valat=NS)
    assert sheet.totals == (153, 0)
    assert sheet.winner is None
    write(sheet, Contract.SPADES, EW, 56, 106)
    assert sheet.totals == (159, 10)
    assert sheet.winner is NS


def test_a_hanging_deal_cannot_end_the_game() -> None:
    sheet = _at_141_each()
    write(sheet, Contract.SPADES, NS, pts(56, 50), 106)  # E–W write 10, 11 hang
    assert sheet.totals == (141, 151)
    assert sheet.hanging == 11
    assert sheet.winner is None
    write(sheet, Contract.SPADES, NS, 70, 92)  # inside: E–W take 16 + the 11 hanging
    assert sheet.totals == (141, 178)
    assert sheet.hanging == 0
    assert sheet.winner is EW


def test_match_winner_needs_the_target() -> None:
    last = deal(Contract.SPADES, NS, 96, 66)
    assert match_winner((150, 10), last, 151) is None
    assert match_winner((151, 10), last, 151) is NS
    assert match_winner((151, 151), last, 151) is None
    assert match_winner((10, 200), last, 151) is EW
    assert match_winner((100, 90), last, 100) is NS


# --- properties: rounding keeps a deal's game value --------------------------------------------

CONTRACTS = st.sampled_from(list(Contract))
RULES = st.sampled_from([WTA, PER_TEAM, Rules.bulgarian(nt_last_trick=10)])
DECLARATIONS = st.lists(st.sampled_from([20, 50, 100, 120, 150, 200]), max_size=3).map(sum)


def game_value(contract: Contract, rules: Rules) -> int:
    """The game points of a deal without declarations: 16, 26, 26 (25)."""
    return round_single(contract_total(contract, rules))


@st.composite
def deals(draw: st.DrawFn) -> tuple[Rules, Contract, Team, tuple[TeamPoints, TeamPoints]]:
    rules = draw(RULES)
    contract = draw(CONTRACTS)
    total = contract_total(contract, rules)
    ns_cards = draw(st.integers(0, total))
    if contract == Contract.NO_TRUMPS:
        ns_cards -= ns_cards % 2  # card points are doubled, so always even
        decl = (0, 0)
        belot = (0, 0)
    else:
        decl = (draw(DECLARATIONS), draw(DECLARATIONS))
        if contract.is_suit:
            holder = draw(st.sampled_from([None, 0, 1]))
            belot = (20 * (holder == 0), 20 * (holder == 1))
        else:
            a = draw(st.integers(0, 4))
            b = draw(st.integers(0, 4 - a))
            belot = (20 * a, 20 * b)
    ns = TeamPoints(ns_cards, decl[0], belot[0])
    ew = TeamPoints(total - ns_cards, decl[1], belot[1])
    return rules, contract, draw(st.sampled_from(list(Team))), (ns, ew)


def _extras(points: tuple[TeamPoints, TeamPoints]) -> int:
    return sum(p.declarations + p.belot for p in points)


@given(deals(), st.integers(0, 40))
def test_undoubled_deal_writes_its_game_value(
    d: tuple[Rules, Contract, Team, tuple[TeamPoints, TeamPoints]], hanging_in: int
) -> None:
    rules, contract, declarers, points = d
    s = score_deal(rules, contract, declarers, points, hanging=hanging_in)
    value = game_value(contract, rules) + _extras(points) // 10
    assert min(s.written) >= 0 and s.hanging >= 0
    assert sum(s.raw) == contract_total(contract, rules) + _extras(points)
    if s.outcome is Outcome.HANGING:
        assert sum(s.written) + s.hanging == value + hanging_in
        assert s.written[declarers] == 0
    else:
        assert sum(s.written) == value + hanging_in
        assert s.hanging == 0
        loser = s.winner.other if s.winner is not None else None
        if s.outcome is Outcome.INSIDE:
            assert s.winner is declarers.other and loser is not None
            assert s.written[loser] == 0


@given(deals(), st.sampled_from([2, 4]))
def test_winner_takes_all_doubled_deal_writes_its_game_value_times_m(
    d: tuple[Rules, Contract, Team, tuple[TeamPoints, TeamPoints]], double: int
) -> None:
    _, contract, declarers, points = d
    rules = Rules.bulgarian(nt_last_trick=d[0].nt_last_trick)
    s = score_deal(rules, contract, declarers, points, double=double)
    value = (game_value(contract, rules) + _extras(points) // 10) * double
    assert sum(s.written) + s.hanging == value
    assert 0 in s.written  # one team writes everything, or everything hangs


@given(deals(), st.sampled_from([1, 2, 4]), st.sampled_from(list(Team)))
def test_valat_team_writes_everything_plus_90(
    d: tuple[Rules, Contract, Team, tuple[TeamPoints, TeamPoints]], double: int, valat: Team
) -> None:
    rules, contract, declarers, points = d
    total = contract_total(contract, rules)
    swept = list(points)
    swept[valat] = TeamPoints(total, points[valat].declarations, points[valat].belot)
    swept[valat.other] = TeamPoints(0, points[valat.other].declarations, points[valat.other].belot)
    s = score_deal(rules, contract, declarers, (swept[0], swept[1]), double=double, valat=valat)
    assert s.written[valat.other] == 0
    assert s.written[valat] == round_single(total + 90 + _extras(points)) * double
    assert s.hanging == 0
    assert s.winner is valat
