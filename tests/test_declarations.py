"""Declarations (RULES.md §3): what a hand holds, what a player may announce, what scores."""

from __future__ import annotations

import itertools

import pytest

from belot.engine import (
    Contract,
    Deal,
    Declaration,
    Declare,
    IllegalActionError,
    InvalidActionError,
    Kind,
    Play,
    Rules,
    Seat,
)
from belot.engine.declarations import announcement_choices, compare
from conftest import fill_hands, finish, make_deal, mask, push_all, snapshot


def choices(hand: str) -> list[list[str]]:
    return [[str(d) for d in choice] for choice in announcement_choices(mask(hand))]


def best(hand: str) -> list[str]:
    return choices(hand)[0]


def points(hand: str) -> int:
    return sum(Declaration.from_str(d).points for d in best(hand))


# --- what a hand holds --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "want", "value"),
    [
        ("7H 8H 9H AS KD 7C JD 9S", ["7H-9H"], 20),  # tierce
        ("10D JD QD KD 7C 9S AH 8H", ["10D-KD"], 50),  # quarte
        ("9S 10S JS QS KS 7C 9D AH", ["9S-KS"], 100),  # quinte
        ("8C 9C 10C JC QC KC 8H AD", ["8C-KC"], 100),  # run of 6: one quinte
        ("7C 8C 9C 10C JC QC KC 8H", ["7C-KC"], 100),  # run of 7: one quinte
        ("7C 8C 9C 10C JC QC KC AC", ["10C-AC", "7C-9C"], 120),  # run of 8: quinte + tierce
        ("JC JD JH JS 7C 9D AH 8S", ["four-J"], 200),
        ("9C 9D 9H 9S 7C JD AH QS", ["four-9"], 150),
        ("AC AD AH AS 7C JD 9H QS", ["four-A"], 100),
        ("10C 10D 10H 10S 7C JD 9H QS", ["four-10"], 100),
        ("KC KD KH KS 7C JD 9H 8S", ["four-K"], 100),
        ("QC QD QH QS 7C JD 9H 8S", ["four-Q"], 100),
    ],
)
def test_declarations_in_a_hand(hand: str, want: list[str], value: int) -> None:
    assert best(hand) == want
    assert points(hand) == value


def test_sequences_use_the_natural_order() -> None:
    # J 9 A of a trump suit is no sequence; Q K A is; 10 J Q is.
    assert best("9H JH AH 7C 9D KS 8S QC") == []
    assert best("QH KH AH 7C 9D JS 8S 10C") == ["QH-AH"]
    assert best("10S JS QS 7C 9D AH 8H KC") == ["10S-QS"]


def test_sevens_and_eights_count_nothing() -> None:
    assert choices("7C 7D 7H 7S 9C JD AH QS") == [[]]
    assert choices("8C 8D 8H 8S 10C QD AH KS") == [[]]


def test_two_sequences_in_different_suits_both_announced() -> None:
    assert best("7H 8H 9H 10S JS QS KS AC") == ["10S-KS", "7H-9H"]


def test_a_card_counts_in_at_most_one_declaration() -> None:
    # Four kings and Q-K-A of hearts share KH: the four or the tierce, never both.
    options = choices("KC KD KH KS QH AH 7C 9D")
    assert ["four-K"] in options and ["QH-AH"] in options
    assert all(not ({"four-K", "QH-AH"} <= set(o)) for o in options)
    assert options[0] == ["four-K"]
    # Four jacks and 9-10-J-Q of spades: the four (200) beats the quarte (50).
    options = choices("JC JD JH JS 9S 10S QS 7H")
    assert options[0] == ["four-J"]
    assert ["9S-QS"] in options
    assert ["four-J", "9S-QS"] not in options
    # ... and without JS the tierce 8-9-10 of spades remains beside the four.
    options = choices("JC JD JH JS 8S 9S 10S 7H")
    assert options[0] == ["four-J", "8S-10S"]


def test_choices_best_first_nothing_last() -> None:
    options = choices("7H 8H 9H 10S JS QS KS AC")
    assert options[0] == ["10S-KS", "7H-9H"]
    assert options[-1] == []
    assert sorted(map(tuple, options)) == sorted([("10S-KS", "7H-9H"), ("10S-KS",), ("7H-9H",), ()])
    values = [sum(Declaration.from_str(d).points for d in o) for o in options]
    assert values == sorted(values, reverse=True)


def test_declaration_notation() -> None:
    d = Declaration.from_str("JH-AH")
    assert d.kind is Kind.QUARTE and d.points == 50 and str(d) == "JH-AH"
    assert Declaration.from_str("four-9").points == 150
    assert Declaration.from_str("four-9").describe() == "four nines"
    for bad in ("JH-9H", "JH-AS", "four-7", "four-8", "xx", "JH"):
        with pytest.raises(InvalidActionError):
            Declaration.from_str(bad)


# --- comparison (pure) --------------------------------------------------------------------------


def scored(announced: dict[Seat, str], contract: Contract, mode: str) -> tuple[list[str], ...]:
    per_seat = [[Declaration.from_str(d) for d in announced.get(s, "").split()] for s in Seat]
    ns, ew = compare(per_seat, contract, mode)
    return sorted(map(str, ns)), sorted(map(str, ew))


def test_separate_best_sequence_scores_all_its_sequences() -> None:
    got = scored({Seat.N: "10C-AC", Seat.S: "7H-9H", Seat.E: "JD-AD"}, Contract.SPADES, "separate")
    assert got == (["10C-AC", "7H-9H"], [])


def test_separate_higher_kind_beats_higher_top_card() -> None:
    got = scored({Seat.N: "7H-10H", Seat.E: "QD-AD"}, Contract.SPADES, "separate")
    assert got == (["7H-10H"], [])


def test_separate_equal_best_sequences_none_score() -> None:
    # equal even though N's tierce is in trumps, and S holds a second sequence
    got = scored({Seat.N: "JS-KS", Seat.S: "7H-9H", Seat.W: "JD-KD"}, Contract.SPADES, "separate")
    assert got == ([], [])


def test_separate_fours_compared_apart_from_sequences() -> None:
    got = scored({Seat.N: "10C-AC", Seat.E: "four-9"}, Contract.SPADES, "separate")
    assert got == (["10C-AC"], ["four-9"])
    got = scored({Seat.N: "four-A", Seat.W: "four-10 7H-9H"}, Contract.HEARTS, "separate")
    assert got == (["four-A"], ["7H-9H"])
    # J > 9 > A > 10 > K > Q
    order = ["four-Q", "four-K", "four-10", "four-A", "four-9", "four-J"]
    for low, high in itertools.pairwise(order):
        assert scored({Seat.N: low, Seat.E: high}, Contract.ALL_TRUMPS, "separate") == (
            [],
            [high],
        )


def test_single_four_beats_any_sequence() -> None:
    got = scored({Seat.N: "9C-KC 7H-9H", Seat.E: "four-Q"}, Contract.SPADES, "single")
    assert got == ([], ["four-Q"])


def test_single_winner_scores_all_its_own() -> None:
    got = scored({Seat.N: "four-K", Seat.S: "7H-9H", Seat.E: "9C-KC"}, Contract.SPADES, "single")
    assert got == (["7H-9H", "four-K"], [])


def test_single_trump_sequence_wins_a_tie_in_a_suit_contract() -> None:
    got = scored({Seat.N: "JD-KD", Seat.E: "JS-KS"}, Contract.SPADES, "single")
    assert got == ([], ["JS-KS"])
    # all trumps: no trump suit to break the tie
    assert scored({Seat.N: "JD-KD", Seat.E: "JS-KS"}, Contract.ALL_TRUMPS, "single") == ([], [])
    # neither in trumps: nobody scores
    assert scored({Seat.N: "JD-KD", Seat.E: "JC-KC"}, Contract.SPADES, "single") == ([], [])


# --- in a deal ----------------------------------------------------------------------------------


def deal_with(
    fixed: dict[Seat, str],
    contract: Contract = Contract.SPADES,
    rules: Rules | None = None,
    seed: int = 0,
) -> Deal:
    """Dealer E, so N bids first and leads; N bids ``contract`` and the others pass."""
    deal = make_deal(fill_hands(fixed, seed=seed), dealer=Seat.E, rules=rules)
    push_all(deal, [contract.text, "pass", "pass", "pass"])
    return deal


def team_scored(deal: Deal) -> tuple[list[str], list[str]]:
    ns, ew = deal.scored_declarations()
    return sorted(map(str, ns)), sorted(map(str, ew))


def check_raw(deal: Deal) -> None:
    """The result adds up: cards + scored declarations + belots (+ valat)."""
    result = deal.result
    assert result is not None
    decl = [sum(d.points for d in t) for t in deal.scored_declarations()]
    belots = [20 * sum(1 for s, _ in deal.belots if s.team == t) for t in (0, 1)]
    for t in (0, 1):
        valat = 90 if result.valat is not None and result.valat == t else 0
        assert result.raw[t] == deal.card_points[t] + decl[t] + belots[t] + valat


def test_choices_are_offered_with_the_first_card() -> None:
    deal = deal_with({Seat.N: "7H 8H 9H 10C JC QC KC"})
    assert deal.turn is Seat.N
    offered = deal.legal_actions()
    assert all(isinstance(a, Declare) for a in offered)
    assert [str(a) for a in offered] == [
        "declare:10C-KC,7H-9H",
        "declare:10C-KC",
        "declare:7H-9H",
        "declare:",
    ]
    assert deal.legal_cards() == []
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="declare"):
        deal.push(Play(deal.hand(Seat.N)[0]))
    with pytest.raises(IllegalActionError, match="cannot announce"):
        deal.push(Declare((Declaration.from_str("JS-AS"),)))  # not held
    with pytest.raises(IllegalActionError, match="cannot announce"):
        deal.push(Declare((Declaration.from_str("9C-KC"),)))  # not a whole choice
    assert snapshot(deal) == before
    deal.push(offered[0])
    assert deal.announced(Seat.N) == offered[0].declarations  # type: ignore[union-attr]
    assert all(isinstance(a, Play) for a in deal.legal_actions())
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="only with the first card"):
        deal.push(offered[1])  # declaring twice
    with pytest.raises(IllegalActionError, match="only with the first card"):
        deal.push(offered[0])
    assert snapshot(deal) == before


def test_declaring_after_the_first_trick_is_refused() -> None:
    deal = deal_with({Seat.E: "7H 8H 9H"})
    finish_first_trick(deal, declare=False)
    # E announced nothing at its first card; now the chance is gone
    assert deal.announced(Seat.E) == ()
    assert deal.trick_number == 1
    with pytest.raises(IllegalActionError, match="only with the first card"):
        deal.push(Declare((Declaration.from_str("7H-9H"),)))


def finish_first_trick(deal: Deal, declare: bool = True) -> None:
    while deal.trick_number < 1:
        options = deal.legal_actions()
        if isinstance(options[0], Declare):
            deal.push(options[0] if declare else Declare(()))
        else:
            deal.push(options[0])


def test_no_declarations_in_no_trumps() -> None:
    deal = deal_with({Seat.N: "7H 8H 9H 10H", Seat.E: "JC JD JH JS"}, Contract.NO_TRUMPS)
    assert deal.declaration_choices(Seat.N) == []
    assert all(isinstance(a, Play) for a in deal.legal_actions())
    with pytest.raises(IllegalActionError):
        deal.push(Declare((Declaration.from_str("7H-10H"),)))
    finish(deal)
    assert team_scored(deal) == ([], [])
    assert deal.result is not None and deal.result.raw == deal.card_points


def test_declarations_in_all_trumps() -> None:
    deal = deal_with({Seat.S: "7H 8H 9H 10H", Seat.E: "JC JD JH JS"}, Contract.ALL_TRUMPS)
    finish(deal)
    assert team_scored(deal) == (["7H-10H"], ["four-J"])
    check_raw(deal)


def test_unannounced_declarations_do_not_score() -> None:
    deal = deal_with({Seat.N: "7H 8H 9H", Seat.E: "JD QD KD AD"})
    finish(deal, declare={Seat.E: False})
    assert deal.announced(Seat.E) == ()
    assert team_scored(deal) == (["7H-9H"], [])
    check_raw(deal)


def test_announcing_less_than_held() -> None:
    deal = deal_with({Seat.N: "7H 8H 9H 10C JC QC KC"})
    deal.push(Declare((Declaration.from_str("7H-9H"),)))
    finish(deal)
    assert team_scored(deal) == (["7H-9H"], [])
    check_raw(deal)


def test_separate_in_a_deal_best_sequence_team_scores_all() -> None:
    deal = deal_with({Seat.N: "9C 10C JC QC KC", Seat.S: "7H 8H 9H", Seat.W: "JD QD KD AD"})
    finish(deal)
    assert team_scored(deal) == (["7H-9H", "9C-KC"], [])
    check_raw(deal)


def test_separate_in_a_deal_equal_best_none_score() -> None:
    deal = deal_with({Seat.N: "JS QS KS", Seat.S: "7H 8H 9H", Seat.E: "JD QD KD"})
    finish(deal)
    assert team_scored(deal) == ([], [])
    check_raw(deal)


def test_separate_in_a_deal_fours_apart() -> None:
    deal = deal_with({Seat.N: "8D 9D 10D", Seat.E: "AC AD AH AS"})
    finish(deal)
    assert team_scored(deal) == (["8D-10D"], ["four-A"])
    check_raw(deal)


def test_single_in_a_deal_four_beats_sequence() -> None:
    rules = Rules.bulgarian(declaration_compare="single")
    deal = deal_with({Seat.N: "8D 9D 10D JD QD", Seat.E: "KC KH KS KD"}, rules=rules)
    finish(deal)
    assert team_scored(deal) == ([], ["four-K"])
    check_raw(deal)


def test_single_in_a_deal_trump_sequence_wins_tie() -> None:
    rules = Rules.bulgarian(declaration_compare="single")
    deal = deal_with({Seat.S: "8S 9S 10S", Seat.W: "8H 9H 10H"}, rules=rules)
    finish(deal)
    assert team_scored(deal) == (["8S-10S"], [])
    check_raw(deal)
    same = deal_with({Seat.S: "8S 9S 10S", Seat.W: "8H 9H 10H"})
    finish(same)
    assert team_scored(same) == ([], [])  # default separate: equal, none


def test_nothing_to_declare_is_not_a_declaration_to_push() -> None:
    """A seat with nothing to announce is not asked: only its cards are offered, and an empty
    announcement is refused like any action not offered, the deal unchanged."""
    deal = deal_with({Seat.N: "7H 9C JD KS"}, Contract.HEARTS)
    seat = deal.turn
    assert seat is not None and deal.declaration_choices(seat) == [()]
    assert all(isinstance(a, Play) for a in deal.legal_actions())
    actions = len(deal.actions)
    with pytest.raises(IllegalActionError, match="nothing to declare"):
        deal.push(Declare(()))
    assert len(deal.actions) == actions and deal.announced(seat) is None
