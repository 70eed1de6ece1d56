"""A deal from the cut to the result (RULES.md §3): cut, dealing, whole deals and their score,
and errors that leave the deal unchanged."""

from __future__ import annotations

import pytest

from belot.engine import (
    Call,
    Contract,
    Cut,
    Deal,
    Declaration,
    Declare,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    OutOfTurnError,
    Phase,
    Play,
    Rules,
    RulesError,
    Seat,
    Team,
    parse_action,
    parse_cards,
    shuffled_deck,
)
from belot.engine.cards import ALL_CARDS
from belot.engine.tricks import CARD_POINTS
from conftest import card, fill_hands, finish, make_deal, push_all, snapshot

SEED_000_HOUSE = {
    "passes_after_double": 2,
    "nt_last_trick": 10,
    "belot_when_trumping": False,
    "declaration_compare": "single",
    "double_scoring": "per_team",
}

# --- the cut and the deal -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "cutter", "first"),
    [
        (Seat.N, Seat.E, Seat.W),
        (Seat.W, Seat.N, Seat.S),
        (Seat.S, Seat.W, Seat.E),
        (Seat.E, Seat.S, Seat.N),
    ],
)
def test_cutter_is_before_the_dealer_and_first_is_after(
    dealer: Seat, cutter: Seat, first: Seat
) -> None:
    deal = Deal.new(dealer=dealer, seed=1)
    assert deal.phase is Phase.CUT
    assert deal.turn is cutter and deal.cutter is cutter
    assert deal.first is first
    assert deal.legal_actions() == [Cut(k) for k in range(1, 32)]
    with pytest.raises(OutOfTurnError):
        deal.push(Cut(3), seat=first)
    deal.push(Cut(3), seat=cutter)
    assert deal.turn is first


@pytest.mark.parametrize("count", [0, 32, -1, 100])
def test_cut_lifts_1_to_31_cards(count: int) -> None:
    deal = Deal.new(seed=2)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match=f"1 to 31 cards, not {count}"):
        deal.push(Cut(count))
    assert snapshot(deal) == before


def test_cut_only_once() -> None:
    deal = Deal.new(seed=2)
    deal.push(Cut(1))
    with pytest.raises(IllegalActionError, match="already been cut"):
        deal.push(Cut(2))


@pytest.mark.parametrize("count", [1, 7, 16, 31])
@pytest.mark.parametrize("dealer", list(Seat))
def test_dealing_three_two_then_three(count: int, dealer: Seat) -> None:
    deal = Deal.new(dealer=dealer, seed=count * 10 + dealer)
    deck = list(shuffled_deck(count * 10 + dealer))
    assert list(deal.deck) == deck
    deal.push(Cut(count))
    cut = deck[count:] + deck[:count]  # the top ``count`` cards go to the bottom
    order = [deal.first]
    for _ in range(3):
        order.append(Seat((order[-1] - 1) % 4))  # counter-clockwise
    for i, seat in enumerate(order):
        want = cut[3 * i : 3 * i + 3] + cut[12 + 2 * i : 14 + 2 * i]
        assert sorted(deal.hand(seat)) == sorted(want)
    assert deal.dealt_hand(Seat.N) == []  # not complete before the auction ends
    push_all(deal, ["clubs", "pass", "pass", "pass"])
    for i, seat in enumerate(order):
        want = cut[3 * i : 3 * i + 3] + cut[12 + 2 * i : 14 + 2 * i] + cut[20 + 3 * i : 23 + 3 * i]
        assert sorted(deal.hand(seat)) == sorted(want)
        assert sorted(deal.dealt_hand(seat)) == sorted(want)


def test_seeded_shuffle_is_reproducible() -> None:
    assert shuffled_deck(5) == shuffled_deck(5)
    assert shuffled_deck(5) != shuffled_deck(6)
    assert sorted(shuffled_deck(5)) == sorted(ALL_CARDS)
    assert Deal.new(seed=9).deck == Deal.new(seed=9).deck


def test_a_deck_must_hold_every_card_once() -> None:
    deck = list(shuffled_deck(1))
    with pytest.raises(InvalidActionError, match="32 cards"):
        Deal(deck=deck[:31])
    with pytest.raises(InvalidActionError, match="32 cards"):
        Deal(deck=deck[:31] + deck[:1])


# --- seed 000's complete example deal -----------------------------------------------------------

SEED_000_HANDS = {
    Seat.N: "KS QS 8S 7H QC JC QH 8H",
    Seat.S: "8D 9D 10D KC 9S JH AC JS",
    Seat.W: "7C 8C 9C 10H AD AS KD 9H",
    Seat.E: "10S 7S AH JD 10C QD KH 7D",
}
SEED_000_PLAY = (
    "8H declare:7C-9C 9H declare:8D-10D JH AH KH QH 10H 9S KC 10C JC 9C QD 8S KD 8D "
    "QS AS JS 7S 9D 7D QC AD 8C AC 10S 7H JD KS 7C 10D"
)


def seed_000_deal(auction: list[str], rules: Rules | None = None) -> Deal:
    # Dealer E, so North calls first: North spades, everyone else passes.
    deal = make_deal(SEED_000_HANDS, dealer=Seat.E, rules=rules)
    push_all(deal, auction)
    assert deal.contract is Contract.SPADES and deal.bidder is Seat.N
    push_all(deal, SEED_000_PLAY)
    assert deal.is_over
    return deal


def test_seed_000_example_deal() -> None:
    deal = seed_000_deal(["spades", "pass", "pass", "pass"])
    assert deal.belots == ((Seat.N, 3),)
    assert deal.announced(Seat.S) == (Declaration.from_str("8D-10D"),)
    assert deal.announced(Seat.W) == (Declaration.from_str("7C-9C"),)
    ns, ew = deal.scored_declarations()
    assert [str(d) for d in ns] == ["8D-10D"] and ew == []  # 10 beats 9 at the top
    assert deal.card_points == (98, 64)
    result = deal.result
    assert result is not None
    assert result.outcome is Outcome.MADE
    assert result.raw == (98 + 20 + 20, 64)
    assert result.written == (14, 6)
    assert result.hanging == 0 and result.valat is None


def test_seed_000_example_in_every_mode() -> None:
    deal = seed_000_deal(["spades", "pass", "pass", "pass"], Rules.bulgarian(**SEED_000_HOUSE))
    assert deal.result is not None
    assert deal.result.raw == (138, 64) and deal.result.written == (14, 6)


def test_seed_000_example_with_contra_winner_takes_all() -> None:
    deal = seed_000_deal(["spades", "pass", "pass", "contra", "pass", "pass", "pass"])
    assert deal.double == 2
    result = deal.result
    assert result is not None
    assert result.outcome is Outcome.MADE
    assert result.written == (40, 0)  # 202 → 20, × 2


def test_seed_000_example_with_contra_per_team() -> None:
    rules = Rules.bulgarian(**SEED_000_HOUSE)
    deal = seed_000_deal(["spades", "pass", "pass", "contra", "pass", "pass"], rules)
    result = deal.result
    assert result is not None
    assert result.written == (28, 13)  # 276 vs 128


def test_seed_000_example_with_recontra() -> None:
    deal = seed_000_deal(["spades", "pass", "pass", "contra", "recontra", "pass", "pass", "pass"])
    assert deal.double == 4
    assert deal.result is not None and deal.result.written == (80, 0)


SEED_000_INSIDE_HANDS = {
    Seat.N: "JC JD 7S 9C JS 9D 9H 10S",
    Seat.E: "QH 8D 10H 7D KC 8H QD AD",
    Seat.S: "QS 10C QC 8C AC KD 7C AS",
    Seat.W: "JH KS 9S KH 8S 10D AH 7H",
}
SEED_000_INSIDE_PLAY = (
    "JC KS 8C KC 7H QS QH 9H AC 8D 9C 8S AH AS 8H JS JD 10D KD QD JH 7C 10H 10S 7S "
    "9S 10C AD KH QC 7D 9D"
)


@pytest.mark.parametrize(("contra", "written"), [(False, (0, 16)), (True, (0, 32))])
def test_seed_000_inside_example(contra: bool, written: tuple[int, int]) -> None:
    """70 card points vs 92 without declarations: inside, E–W write all 162."""
    deal = make_deal(SEED_000_INSIDE_HANDS, dealer=Seat.E)
    auction = (
        ["spades", "pass", "pass", "contra", "pass", "pass", "pass"]
        if contra
        else [
            "spades",
            "pass",
            "pass",
            "pass",
        ]
    )
    push_all(deal, auction)
    push_all(deal, SEED_000_INSIDE_PLAY)
    assert deal.card_points == (70, 92) and deal.belots == ()
    result = deal.result
    assert result is not None
    assert result.outcome is Outcome.INSIDE and result.winner is Team.EW
    assert result.raw == (70, 92)
    assert result.written == written


HANGING_PLAY = (
    "9D 8D JS 7D 8S QS KS 10S 10C QC 7C 9C JC 9S KC 7H KH JH AH 8H KD QD QH 10D 7S "
    "JD AC AS 9H 10H AD 8C"
)


def test_hanging_deal() -> None:
    hands = {
        Seat.N: "JD 9C 9D AD AH KD KS 7H",
        Seat.E: "7C 10H 7S 10D 7D QS JH KC",
        Seat.S: "QH QC KH 8S 9H AS JS 9S",
        Seat.W: "QD 8D JC 10S 8H 8C AC 10C",
    }
    deal = make_deal(hands, dealer=Seat.E)
    push_all(deal, ["spades", "pass", "pass", "pass"])
    push_all(deal, HANGING_PLAY)
    result = deal.result
    assert result is not None
    assert deal.card_points == (81, 81)
    assert result.outcome is Outcome.HANGING and result.winner is None
    assert result.written == (0, 8) and result.hanging == 8
    carried = deal.score(hanging=5)
    assert carried.written == (0, 8) and carried.hanging == 13


# --- card points, the last trick, valat ---------------------------------------------------------


def trick_sum(deal: Deal) -> tuple[int, int]:
    assert deal.contract is not None
    points = [0, 0]
    for trick in deal.tricks:
        assert trick.winner is not None
        points[trick.winner.team] += sum(CARD_POINTS[deal.contract][c.index] for c in trick.cards)
    return points[0], points[1]


@pytest.mark.parametrize(
    ("contract", "options", "last", "total"),
    [
        (Contract.HEARTS, {}, 10, 162),
        (Contract.ALL_TRUMPS, {}, 10, 258),
        (Contract.NO_TRUMPS, {}, 20, 260),
        (Contract.NO_TRUMPS, {"nt_last_trick": 10}, 10, 250),
        (Contract.NO_TRUMPS, {"nt_last_trick": 20}, 20, 260),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_last_trick_bonus(
    contract: Contract, options: dict[str, int], last: int, total: int, seed: int
) -> None:
    deal = Deal.new(Rules.bulgarian(**options), seed=seed)
    push_all(deal, [Cut(5), Call.bid(contract), "pass", "pass", "pass"])
    finish(deal)
    plain = trick_sum(deal)
    last_team = deal.tricks[-1].winner.team  # type: ignore[union-attr]
    want = list(plain)
    want[last_team] += last
    assert deal.card_points == tuple(want)
    assert sum(deal.card_points) == total


def test_valat() -> None:
    hands = fill_hands(
        {
            Seat.N: "JS 9S AS 7S AH 10H AD 10D",
            Seat.E: "KS 8S",
            Seat.W: "QS 10S",
        }
    )
    deal = make_deal(hands, dealer=Seat.E)
    push_all(deal, ["spades", "pass", "pass", "pass"])
    finish(deal, {Seat.N: "JS 9S AS 7S AH 10H AD 10D"})
    assert deal.tricks_won == (8, 0)
    assert deal.card_points == (162, 0)
    result = deal.result
    assert result is not None
    assert result.valat is Team.NS and result.outcome is Outcome.MADE
    assert result.raw == (162 + 90, 0)
    assert result.written == (25, 0)  # a valat without declarations: 25 in a suit


def test_valat_writes_both_sides_declarations() -> None:
    hands = fill_hands(
        {Seat.N: "JS 9S AS 7S AH 10H AD 10D", Seat.E: "KS 8S", Seat.W: "QS 10S 7C 8C 9C"}
    )
    deal = make_deal(hands, dealer=Seat.E)
    push_all(deal, ["spades", "pass", "pass", "pass"])
    finish(deal, {Seat.N: "JS 9S AS 7S AH 10H AD 10D"})
    result = deal.result
    assert result is not None and result.valat is Team.NS
    ns, ew = deal.scored_declarations()
    assert ns == [] and [str(d) for d in ew] == ["7C-9C"]
    assert result.raw == (162 + 90, 20)
    assert result.written == (27, 0)  # 272 → 27, E–W write nothing


def test_valat_by_the_defenders_in_contra() -> None:
    hands = fill_hands({Seat.W: "JS 9S AS 7S AH 10H AD 10D", Seat.S: "KS 8S", Seat.E: "QS 10S"})
    # Dealer S: E calls first, then N, W, S. N bids spades, W doubles.
    deal = make_deal(hands, dealer=Seat.S)
    push_all(deal, "pass spades contra pass pass pass")
    assert deal.bidder is Seat.N and deal.double == 2
    finish(deal, {Seat.W: "JS 9S AS 7S AH 10H AD 10D"})
    result = deal.result
    assert result is not None
    assert deal.tricks_won == (0, 8)
    assert result.valat is Team.EW and result.outcome is Outcome.INSIDE
    assert result.raw == (0, 162 + 90)
    assert result.written == (0, 25 * 2)


# --- errors leave the deal unchanged ------------------------------------------------------------


def playing_deal() -> Deal:
    deal = Deal.new(seed=11)
    push_all(deal, [Cut(8), "hearts", "pass", "pass", "pass"])
    return deal


def test_out_of_turn_play() -> None:
    deal = playing_deal()
    assert deal.turn is Seat.W
    for seat in (Seat.N, Seat.E, Seat.S):
        c = deal.hand(seat)[0]
        before = snapshot(deal)
        with pytest.raises(OutOfTurnError, match=f"W's turn, not {seat.name}'s"):
            deal.push(Play(c), seat=seat)
        assert snapshot(deal) == before


def test_card_not_held() -> None:
    deal = playing_deal()
    if isinstance(deal.legal_actions()[0], Declare):
        deal.push(Declare(()))
    other = deal.hand(Seat.N)[0]
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match=f"W does not hold {other}"):
        deal.push(Play(other))
    assert snapshot(deal) == before


def test_illegal_card() -> None:
    deal = playing_deal()
    for _ in range(64):
        options = deal.legal_actions()
        if isinstance(options[0], Declare):
            deal.push(Declare(()))
            continue
        seat = deal.turn
        assert seat is not None
        illegal = [c for c in deal.hand(seat) if Play(c) not in options]
        if illegal:
            before = snapshot(deal)
            with pytest.raises(IllegalActionError, match=f"{illegal[0]} may not be played now"):
                deal.push(Play(illegal[0]))
            assert snapshot(deal) == before
            assert not deal.is_legal(Play(illegal[0]))
            return
        deal.push(options[0])
    pytest.fail("no position with an illegal card in this deal")


def test_actions_after_the_end() -> None:
    deal = playing_deal()
    finish(deal)
    before = snapshot(deal)
    for action in (Play(card("7C")), Call.pass_(), Cut(3), Declare(())):
        with pytest.raises(IllegalActionError, match="over"):
            deal.push(action)
    with pytest.raises(IllegalActionError, match="over"):
        deal.push(Play(card("7C")), seat=Seat.N)
    assert snapshot(deal) == before
    assert deal.legal_actions() == [] and deal.turn is None


def test_wrong_phase() -> None:
    deal = Deal.new(seed=3)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="during the cut"):
        deal.push(Play(card("7C")))
    with pytest.raises(IllegalActionError):
        deal.push(Declare(()))
    assert snapshot(deal) == before
    deal.push(Cut(4))
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="during the auction"):
        deal.push(Play(deal.hand(deal.turn)[0]))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="first card"):
        deal.push(Declare(()))
    assert snapshot(deal) == before


def test_not_an_action() -> None:
    deal = Deal.new(seed=3)
    with pytest.raises(InvalidActionError):
        deal.push("cut:3")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        deal.push_str("bogus")
    assert deal.push_str("cut:3") == Cut(3)


def test_a_play_of_no_card_is_refused_by_name() -> None:
    # A card's text is not a card: once, Play("JH") reached push and raised a TypeError.
    with pytest.raises(InvalidActionError, match=r"a Play takes a Card.*'JH'"):
        Play("JH")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="silent is True or False"):
        Play(card("KH"), "yes")  # type: ignore[arg-type]


def test_a_play_keeps_its_code_through_copies() -> None:
    import copy
    import dataclasses
    import pickle

    play = Play(card("KH"))
    silent = dataclasses.replace(play, silent=True)
    assert (play.code, silent.code) == (card("KH").index, card("KH").index + 32)
    assert silent == Play(card("KH"), silent=True) != play
    for again in (pickle.loads(pickle.dumps(silent)), copy.copy(silent), copy.deepcopy(silent)):
        assert again == silent and again.code == silent.code


def test_pop_takes_back_each_action() -> None:
    deal = playing_deal()
    states = [snapshot(deal)]
    pushed = []
    while not deal.is_over:
        action = deal.legal_actions()[-1]
        deal.push(action)
        pushed.append(action)
        states.append(snapshot(deal))
    for i in range(len(pushed) - 1, -1, -1):
        assert deal.pop() == pushed[i]
        assert snapshot(deal) == states[i]
    assert deal.phase is Phase.PLAY
    with pytest.raises(IndexError):
        Deal.new(seed=1).pop()


def test_rules_options_are_checked() -> None:
    rules = Rules.bulgarian()
    assert (rules.passes_after_double, rules.nt_last_trick, rules.declaration_compare) == (
        3,
        20,
        "separate",
    )
    assert (rules.belot_when_trumping, rules.double_scoring, rules.redeal_same_dealer) == (
        True,
        "winner_takes_all",
        False,
    )
    assert rules.direction == -1 and rules.target == 151 and not rules.forced_undertrump
    with pytest.raises(RulesError, match="'bogus'"):
        Rules.bulgarian(bogus=1)
    for option, value in [
        ("passes_after_double", 4),
        ("nt_last_trick", 15),
        ("declaration_compare", "both"),
        ("double_scoring", "all"),
        ("belot_when_trumping", "yes"),
    ]:
        with pytest.raises(RulesError, match=option):
            Rules.bulgarian(**{option: value})
    custom = Rules.bulgarian(**SEED_000_HOUSE)
    assert Rules.from_dict(custom.to_dict()) == custom


@pytest.mark.parametrize(
    ("contract", "hand", "options", "raw", "written"),
    [
        (Contract.NO_TRUMPS, "AS 10S KS QS AH 10H KH QH", {}, 260 + 90, 35),
        (Contract.NO_TRUMPS, "AS 10S KS QS AH 10H KH QH", {"nt_last_trick": 10}, 250 + 90, 34),
        (Contract.ALL_TRUMPS, "JS 9S AS 10S JH 9H AH 10H", {}, 258 + 90, 35),
    ],
)
def test_valat_bonus_is_never_doubled(
    contract: Contract, hand: str, options: dict[str, int], raw: int, written: int
) -> None:
    deal = make_deal(fill_hands({Seat.N: hand}), dealer=Seat.E, rules=Rules.bulgarian(**options))
    push_all(deal, [contract.text, "pass", "pass", "pass"])
    finish(deal, {Seat.N: hand}, declare=False)
    result = deal.result
    assert result is not None and result.valat is Team.NS
    assert result.raw == (raw, 0)
    assert result.written == (written, 0)


# --- the rounding examples of seeds 002, 003 and 004, each played as a real deal ---------------

ROUNDING_DEALS = [
    pytest.param(
        "spades",
        {
            Seat.N: "QH 10C JH 10D 7D 9C QC JD",
            Seat.E: "9S AS QD 8H QS KH 8S AD",
            Seat.S: "8D 10S 7H JS 9H AH 9D KD",
            Seat.W: "7S 7C 10H AC KC KS 8C JC",
        },
        "9C 7C 9H 9S AS QC 7S JS 9D AD 10D 10H 8H JH KS 7H KC 10S 8S 10C KD QD JD 8C AH KH "
        "QH JC 8D QS 7D AC",
        (87, 75),
        (9, 7),
        id="seed 002: 87 to 75 in a suit is 9 to 7",
    ),
    pytest.param(
        "spades",
        {
            Seat.N: "AS KD 10H 9S 10D JS JH 8D",
            Seat.E: "QC AH QD 10C KS 7C 9H 7D",
            Seat.S: "10S 7H KH JC KC 8C JD AC",
            Seat.W: "AD 9C 7S 8H QH 9D QS 8S",
        },
        "JH 8H 7H 9H 8D AD JD 7D 7S 10S KS JS 10H QH KH AH 10C AS 9C AC 9S 8S KC QD KD 9D 8C "
        "QC 10D QS JC 7C",
        (96, 66),
        (9, 7),
        id="seed 003: 96 : 66 in a suit is 9 + 7",
    ),
    pytest.param(
        "spades",
        {
            Seat.N: "10H JS JC QC QD QS 8C 8H",
            Seat.E: "AC 8S 8D 7D JD KD 7C 7S",
            Seat.S: "AD 9C KS AH 9D JH 7H KH",
            Seat.W: "10C 10S 9S 10D QH 9H AS KC",
        },
        "QS 10S KS 8S KC 9C 7C 8C AS KH 7S JS QD 10D 9D 8D 9H 7H KD 8H 9S JH 7D JC QH AH JD "
        "10H AD AC QC 10C",
        (106, 56),
        (10, 6),
        id="seed 004: 56 and 106 in a suit score 6 and 10",
    ),
    pytest.param(
        "all-trumps",
        {
            Seat.N: "10H JS JC QC QD QS 8C 8H",
            Seat.E: "AC 8S 8D 7D JD KD 7C 7S",
            Seat.S: "AD 9C KS AH 9D JH 7H KH",
            Seat.W: "10C 10S 9S 10D QH 9H AS KC",
        },
        "8H 9H JH 8S KH 7C 10H QH JS 10S KS 7S JC KC 9C AC QC 10C 7H 7D AS 9D KD QS 9S AD 8D "
        "8C 10D AH JD QD",
        (134, 124),
        (13, 13),
        id="seeds 003/004: 134 : 124 in all trumps is 13 + 13",
    ),
]


@pytest.mark.parametrize(("contract", "hands", "play", "points", "written"), ROUNDING_DEALS)
def test_rounding_examples_as_deals(
    contract: str,
    hands: dict[Seat, str],
    play: str,
    points: tuple[int, int],
    written: tuple[int, int],
) -> None:
    deal = make_deal(hands, dealer=Seat.E)
    push_all(deal, [contract, "pass", "pass", "pass"])
    assert all(deal.declaration_choices(s) == [()] for s in Seat)  # nothing to declare
    push_all(deal, play)
    result = deal.result
    assert result is not None and deal.belots == ()
    assert deal.card_points == points == result.raw
    assert result.outcome is Outcome.MADE
    assert result.written == written


@pytest.mark.parametrize("dealer", list(Seat))
@pytest.mark.parametrize("cut", [1, 16, 31])
def test_with_hands_deals_the_given_hands(dealer: Seat, cut: int) -> None:
    texts = (
        "7C 8C 9C 7D 9D KH QH JS",
        "JC QC AC 8D JH 9H AH 10S",
        "10C 10D JD KD 7H 8H 7S KS",
        "KC QD AD 10H 8S 9S QS AS",
    )
    hands = [parse_cards(text) for text in texts]
    deal = Deal.with_hands(hands, dealer=dealer, cut=cut)
    assert deal.phase is Phase.AUCTION and deal.cut == cut
    for seat in Seat:
        assert set(deal.hand(seat)) == set(hands[seat][:5])
    for call in ("hearts", "pass", "pass", "pass"):
        deal.push(parse_action(call))
    for seat in Seat:
        assert set(deal.hand(seat)) == set(hands[seat])


def test_with_hands_needs_four_hands_of_eight() -> None:
    with pytest.raises(InvalidActionError, match="four hands of eight"):
        Deal.with_hands([parse_cards("7C 8C")] * 4)


def test_every_attribute_is_listed_in_the_order_init_sets_it() -> None:
    """``copy`` sets the attributes by this list, in this order (CPython keeps an object's
    attributes inline, and fast to read, only while every instance adds them alike)."""
    import ast
    from pathlib import Path

    import belot.engine
    from belot.engine.deal import _ATTRIBUTES

    # The order __init__ sets them in, read from its source (a compiled Deal has no __dict__).
    source = (Path(belot.engine.__file__).parent / "deal.py").read_text()
    body = next(
        f
        for c in ast.parse(source).body
        if isinstance(c, ast.ClassDef) and c.name == "Deal"
        for f in c.body
        if isinstance(f, ast.FunctionDef) and f.name == "__init__"
    )
    set_ = [
        t.attr
        for node in sorted(
            (n for n in ast.walk(body) if isinstance(n, ast.stmt)), key=lambda n: n.lineno
        )
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    ]
    assert tuple(dict.fromkeys(set_)) == _ATTRIBUTES
    for rules in (Rules.bulgarian(), Rules.french(), Rules.coinche(), Rules.bela()):
        deal = Deal.new(rules, seed=4)
        if hasattr(deal, "__dict__"):  # the engine from its Python source
            assert tuple(vars(deal)) == _ATTRIBUTES
        deal.push(Cut(7))
        copy = deal.copy()
        for name in _ATTRIBUTES:
            if name != "_stack":
                assert getattr(copy, name) == getattr(deal, name), name
        assert copy._stack == deal._stack and copy._stack is not deal._stack
