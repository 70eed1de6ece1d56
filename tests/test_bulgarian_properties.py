"""Hypothesis properties of Bulgarian Belot's own rules: a deal's points, belots and scored
declarations against plain references written from RULES.md §3, and legal-card and legal-call
references (plain code, none of the engine's tables). The properties every game shares are in
``test_properties.py``."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from belot.engine import (
    Card,
    Contract,
    Cut,
    Deal,
    Declaration,
    Play,
    Rank,
    Rules,
    Seat,
    Suit,
)
from belot.engine.cards import ALL_CARDS
from properties_common import BULGARIAN, examples, random_action, random_deal

FAST = examples(200)


def reference_belots(deal: Deal) -> list[tuple[Seat, Suit]]:
    """Belots as RULES.md §3 describes them, found by walking through the tricks."""
    contract = deal.contract
    assert contract is not None
    held = {s: set(deal.dealt_hand(s)) for s in Seat}
    out = []
    for trick in deal.tricks:
        led = trick.cards[0].suit
        for seat, c in trick.plays:
            pair = Card(c.suit, Rank.QUEEN if c.rank == Rank.KING else Rank.KING)
            trump = contract == Contract.ALL_TRUMPS or c.suit == contract.trump
            if c.rank in (Rank.KING, Rank.QUEEN) and trump and pair in held[seat]:
                trumping = contract.is_suit and deal.rules.belot_when_trumping
                if c.suit == led or trumping:
                    out.append((seat, c.suit))
            held[seat].discard(c)
    return out


def reference_scored(
    announced: list[list[Declaration]], contract: Contract, mode: str
) -> list[list[int]]:
    """Which announced declarations score per team, straight from RULES.md §3."""
    four_order = [Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE, Rank.NINE, Rank.JACK]

    def describe(d: Declaration) -> tuple[bool, int, int, Suit]:
        got = [c for c in ALL_CARDS if c.mask & d.cards]
        if len({c.rank for c in got}) == 1:
            return True, four_order.index(got[0].rank), 0, got[0].suit
        return False, min(len(got), 5), int(got[-1].rank), got[-1].suit

    teams: list[list[Declaration]] = [[], []]
    for seat, decls in enumerate(announced):
        teams[seat % 2] += decls
    out: list[list[Declaration]] = [[], []]
    if mode == "single":

        def key(d: Declaration) -> tuple[int, ...]:
            four, a, b, suit = describe(d)
            if four:
                return (2, a)
            return (1, a, b, int(contract.is_suit and suit == contract.trump))

        bests = [max((key(d) for d in t), default=None) for t in teams]
        if bests[0] != bests[1]:
            win = 0 if bests[1] is None or (bests[0] is not None and bests[0] > bests[1]) else 1
            out[win] = teams[win]
    else:
        for want_four in (False, True):
            keys = [
                max((describe(d)[1:3] for d in t if describe(d)[0] == want_four), default=None)
                for t in teams
            ]
            if keys[0] != keys[1]:
                win = 0 if keys[1] is None or (keys[0] is not None and keys[0] > keys[1]) else 1
                out[win] += [d for d in teams[win] if describe(d)[0] == want_four]
    return [sorted(d.cards for d in t) for t in out]


def total(contract: Contract, rules: Rules) -> int:
    if contract == Contract.NO_TRUMPS:
        return 240 + rules.nt_last_trick
    return 258 if contract == Contract.ALL_TRUMPS else 162


@FAST
@given(seed=st.integers(0, 2**32), rules=BULGARIAN.rules, dealer=st.sampled_from(list(Seat)))
def test_card_points_add_up(seed: int, rules: Rules, dealer: Seat) -> None:
    deal, _ = random_deal(seed, rules, dealer)
    if deal.all_passed:
        assert deal.result is None and deal.contract is None
        return
    assert deal.contract is not None
    result = deal.result
    assert result is not None
    assert sum(deal.card_points) == total(deal.contract, rules)
    decl = [sum(d.points for d in t) for t in deal.scored_declarations()]
    belots = [20 * sum(1 for s, _ in deal.belots if s.team == t) for t in (0, 1)]
    valat = [90 if result.valat is not None and result.valat == t else 0 for t in (0, 1)]
    for t in (0, 1):
        assert result.raw[t] == deal.card_points[t] + decl[t] + belots[t] + valat[t]
    if deal.contract == Contract.NO_TRUMPS:
        assert decl == [0, 0] and belots == [0, 0]
    assert list(deal.belots) == reference_belots(deal)
    announced = [list(deal.announced(s) or ()) for s in Seat]
    want = reference_scored(announced, deal.contract, rules.declaration_compare)
    got = [sorted(d.cards for d in t) for t in deal.scored_declarations()]
    assert got == want
    if result.valat is not None:
        assert deal.tricks_won[result.valat] == 8


# --- independent reference models ---------------------------------------------------------------

PLAIN_RANKS = ["7", "8", "9", "J", "Q", "K", "10", "A"]  # weakest first
TRUMP_RANKS = ["7", "8", "Q", "K", "10", "A", "9", "J"]


def is_trump(c: Card, contract: Contract) -> bool:
    return contract == Contract.ALL_TRUMPS or c.suit == contract.trump


def strength(c: Card, contract: Contract) -> int:
    if is_trump(c, contract):
        return TRUMP_RANKS.index(c.rank.text)
    return PLAIN_RANKS.index(c.rank.text)


def holder(trick: list[Card], contract: Contract) -> int:
    """Position of the card holding the trick, straight from RULES.md §2."""
    trumps = [i for i, c in enumerate(trick) if contract.is_suit and is_trump(c, contract)]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(pool, key=lambda i: strength(trick[i], contract))


def reference_legal(
    hand: list[Card], trick: list[Card], contract: Contract, under: bool
) -> set[Card]:
    """The playing obligations of RULES.md §3, written out plainly."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    follow = [c for c in hand if c.suit == led]
    win = holder(trick, contract)
    top = trick[win]
    if contract == Contract.NO_TRUMPS:
        return set(follow or hand)
    if contract == Contract.ALL_TRUMPS or led == contract.trump:
        if not follow:
            return set(hand)
        higher = [
            c for c in follow if top.suit == led and strength(c, contract) > strength(top, contract)
        ]
        return set(higher or follow)
    if follow:
        return set(follow)
    partner_wins = len(trick) - win == 2
    if partner_wins:
        return set(hand)
    trumps = [c for c in hand if is_trump(c, contract)]
    if not trumps:
        return set(hand)
    if is_trump(top, contract):
        over = [c for c in trumps if strength(c, contract) > strength(top, contract)]
        if over:
            return set(over)
        return set(trumps) if under else set(hand)
    return set(trumps)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), under=st.booleans(), contract=st.sampled_from(list(Contract)))
def test_offered_cards_match_a_plain_reference(seed: int, under: bool, contract: Contract) -> None:
    rng = random.Random(seed)
    deal = Deal.new(Rules.bulgarian(forced_undertrump=under), seed=seed)
    deal.push(Cut(1 + seed % 31))
    for call in (contract.text, "pass", "pass", "pass"):
        deal.push_str(call)
    while not deal.is_over:
        options = deal.legal_actions()
        if isinstance(options[0], Play):
            seat = deal.turn
            assert seat is not None and deal.contract is not None
            trick = [c for _, c in deal.current_trick]
            want = reference_legal(deal.hand(seat), trick, deal.contract, under)
            assert {a.card for a in options} == want  # type: ignore[union-attr]
        deal.push(random_action(deal, rng))
    if deal.contract is not None:
        for done in deal.tricks:
            assert done.plays[holder(list(done.cards), deal.contract)][0] is done.winner


def reference_calls(calls: list[tuple[Seat, str]], seat: Seat) -> set[str]:
    """Legal calls for ``seat`` after ``calls``, from RULES.md §3."""
    names = [c.text for c in Contract]
    contract, bidder, double = None, None, 1
    for who, call in calls:
        if call in names:
            contract, bidder, double = names.index(call), who, 1
        elif call == "contra":
            double = 2
        elif call == "recontra":
            double = 4
    out = {"pass"} | set(names[0 if contract is None else contract + 1 :])
    if bidder is not None:
        ours = bidder.team == seat.team
        if double == 1 and not ours:
            out.add("contra")
        if double == 2 and ours:
            out.add("recontra")
    return out


def reference_auction_over(calls: list[str], passes_after_double: int) -> str | None:
    """``"redeal"``, ``"play"`` or None (still bidding) after ``calls``."""
    if calls == ["pass"] * 4:
        return "redeal"
    names = {c.text for c in Contract}
    bids = [i for i, c in enumerate(calls) if c in names]
    if not bids:
        return None
    last_call = max(i for i, c in enumerate(calls) if c != "pass")
    # a double counts until a higher bid cancels it
    doubled = any(c in ("contra", "recontra") for c in calls[bids[-1] :])
    need = passes_after_double if doubled else 3
    return "play" if len(calls) - 1 - last_call >= need else None


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    passes=st.sampled_from([2, 3]),
    dealer=st.sampled_from(list(Seat)),
    weights=st.integers(1, 6),
)
def test_auction_matches_a_plain_reference(
    seed: int, passes: int, dealer: Seat, weights: int
) -> None:
    rng = random.Random(seed)
    deal = Deal.new(Rules.bulgarian(passes_after_double=passes), dealer=dealer, seed=seed)
    deal.push(Cut(1 + seed % 31))
    history: list[tuple[Seat, str]] = []
    expected_turn = Seat((dealer - 1) % 4)
    while deal.phase.value == "auction":
        seat = deal.turn
        assert seat is expected_turn
        offered = {str(a) for a in deal.legal_actions()}
        assert offered == reference_calls(history, seat)
        # passes are likelier so that auctions end in every way
        choice = "pass" if rng.randrange(weights + 1) else rng.choice(sorted(offered))
        deal.push_str(choice)
        history.append((seat, choice))
        expected_turn = Seat((seat - 1) % 4)
        state = reference_auction_over([c for _, c in history], passes)
        if state == "redeal":
            assert deal.all_passed
        elif state == "play":
            assert deal.phase.value == "play"
        else:
            assert deal.phase.value == "auction"
    if not deal.all_passed:
        names = [c.text for c in Contract]
        bids = [(s, c) for s, c in history if c in names]
        assert deal.bidder is bids[-1][0] and deal.contract is not None
        assert deal.contract.text == bids[-1][1]
        after = [c for _, c in history[history.index(bids[-1]) :]]
        assert deal.double == (4 if "recontra" in after else 2 if "contra" in after else 1)
