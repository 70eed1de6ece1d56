"""World sampling in every game: each world dealt from a seat's view fits the view, replays the
record through the engine, and depends on nothing the seat has not seen.

Views are drawn from random deals of the four games at every phase (the cut, the auction, the
play, the end), with the options that change the obligations or the declarations.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from belot.bots.basic import BasicBot
from belot.bots.inference import PlayModel
from belot.bots.knowledge import Knowledge
from belot.bots.sampling import Constraints, deal_hidden, drawn_by_weight, weight, world_deal
from belot.engine import Call, Card, Contract, Deal, Declare, Play, Rules, Seat
from belot.engine.cards import SUIT_MASKS, cards_of, parse_cards
from belot.engine.deal import Phase
from belot.engine.view import SeatView
from properties_common import hand_masks, play_on, random_action

RULES = {
    "bulgarian": (
        Rules.bulgarian(),
        Rules.bulgarian(forced_undertrump=True, belot_when_trumping=False),
    ),
    "french": (Rules.french(), Rules.french(direction=-1)),
    "coinche": (Rules.coinche(), Rules.coinche(declarations=False)),
    "bela": (
        Rules.bela(),
        Rules.bela(beat_in_plain_suit=False, partner_exception=True, card_in_two_declarations=True),
    ),
}
GAMES = tuple(RULES)


def _positions(game: str, deals: int) -> Iterator[tuple[Deal, Seat]]:
    """A seat at every step of ``deals`` random deals of ``game`` (the deal over included)."""
    for k in range(deals):
        rules = RULES[game][k % 2]
        deal = Deal.new(rules, dealer=Seat(k % 4), seed=f"{game}-{k}")
        rng = random.Random(k)
        while True:
            yield deal, Seat(rng.randrange(4))
            if deal.is_over:
                break
            deal.push(random_action(deal, rng))


def _mask(cards: tuple[Card, ...] | list[Card]) -> int:
    out = 0
    for card in cards:
        out |= card.mask
    return out


def _check_world(view: SeatView, world: tuple[int, int, int, int]) -> None:
    """``world`` (from ``deal_hidden``) against the view, card by card."""
    mine = _mask(view.hand)
    played = _mask(view.played_cards)
    assert world[view.seat] == 0
    held = 0
    for seat in Seat:
        if seat == view.seat:
            continue
        hand = world[seat]
        assert hand.bit_count() == view.hand_sizes[seat]
        assert not hand & (mine | played | held)
        held |= hand
    turned = view.turned
    if turned is not None:
        if view.taker is None:  # on the table
            assert not held & turned.mask
        elif view.taker != view.seat and not played & turned.mask:
            assert world[view.taker] & turned.mask


@pytest.mark.parametrize("game", GAMES)
def test_every_world_fits_the_view_and_replays_the_record(game: str) -> None:
    phases = set()
    worlds = 0
    for deal, seat in _positions(game, 10):
        view = deal.view(seat)
        phases.add(view.phase)
        constraints = Constraints.of(view)
        assert constraints.admits(hand_masks(deal)), "the real deal must fit what the seat saw"
        rng = random.Random(worlds)
        for _ in range(2):
            world = deal_hidden(constraints, rng)
            _check_world(view, world)
            assert constraints.admits(world)
            replayed = world_deal(view, world, rng)
            # The engine replays every call, declaration and card legally, and the seat sees
            # the same deal.
            assert replayed.view(seat).key() == view.key()
            for other in Seat:
                if other != seat:
                    assert replayed.hand_mask(other) == world[other]
            assert weight(view, world) > 0
            worlds += 1
    assert phases == {Phase.CUT, Phase.AUCTION, Phase.PLAY, Phase.OVER}


@pytest.mark.parametrize("game", GAMES)
def test_states_differing_only_in_hidden_cards_give_the_same_worlds(game: str) -> None:
    differing = 0
    for n, (deal, seat) in enumerate(_positions(game, 6)):
        view = deal.view(seat)
        rng = random.Random(n)
        # Another deal the seat cannot tell from this one: a world of it, replayed.
        other = world_deal(view, deal_hidden(Constraints.of(view), rng), rng)
        assert other.view(seat).key() == view.key()
        if [other.dealt_hand(s) for s in Seat] != [deal.dealt_hand(s) for s in Seat]:
            differing += 1
        for seed in (1, 2):
            a, b = random.Random(seed), random.Random(seed)
            ours = Constraints.of(view)
            theirs = Constraints.of(other.view(seat))
            for _ in range(3):
                world = deal_hidden(ours, a)
                assert world == deal_hidden(theirs, b)
                assert (
                    world_deal(view, world, a).deck == world_deal(other.view(seat), world, b).deck
                )
    assert differing > 50


def _name_trumps(deal: Deal) -> Deal:
    """A copy of a Bela deal in its auction, with trumps named at once (the hidden pairs dealt)."""
    named = deal.copy()
    named.push(Call.bid(Contract.HEARTS))
    return named


def test_bela_hidden_cards_are_unknown_even_to_their_owner_before_trumps() -> None:
    checked = 0
    for deal, seat in _positions("bela", 12):
        if deal.phase is not Phase.AUCTION:
            continue
        view = deal.view(seat)
        mine = _mask(view.hand)
        assert len(view.hand) == 6
        hidden = _name_trumps(deal).hand_mask(seat) & ~mine
        assert hidden.bit_count() == 2
        constraints = Constraints.of(view)
        assert constraints.unseen & hidden == hidden
        rng = random.Random(checked)
        pairs = set()
        for _ in range(12):
            world = deal_hidden(constraints, rng)
            assert not world[seat]
            replayed = world_deal(view, world, rng)
            pair = _name_trumps(replayed).hand_mask(seat) & ~mine
            assert pair.bit_count() == 2 and not pair & (world[0] | world[1] | world[2] | world[3])
            pairs.add(pair)
        # The seat's own two hidden cards are dealt with the unseen ones, not taken as known.
        assert len(pairs) > 1
        checked += 1
    assert checked >= 12


def test_french_turned_card_lies_on_the_table_then_in_the_takers_hand() -> None:
    on_table = taken = 0
    for deal, seat in _positions("french", 16):
        view = deal.view(seat)
        turned = view.turned
        if turned is None or view.phase not in (Phase.AUCTION, Phase.PLAY) or seat == view.taker:
            continue
        constraints = Constraints.of(view)
        world = deal_hidden(constraints, random.Random(0))
        if view.taker is None:
            assert not constraints.unseen & turned.mask
            assert not any(hand & turned.mask for hand in world)
            assert len(view.hand) == 5 and set(view.hand_sizes) == {5}
            on_table += 1
        elif not _mask(view.played_cards) & turned.mask:
            assert world[view.taker] & turned.mask
            assert Knowledge.of(view).known[view.taker] & turned.mask
            taken += 1
    assert on_table > 20 and taken > 20


# --- each game's own obligations in what a play shows --------------------------------------


def _deal_by_role(rules: Rules, roles: tuple[str, str, str, str], taker: int | None) -> Deal:
    """A deal with dealer N whose seats, in order of play from the first, get ``roles``."""
    first = Deal.new(rules, dealer=Seat.N).first
    order = [first]
    probe = Deal.new(rules, dealer=Seat.N)
    for _ in range(3):
        order.append(probe.next_seat(order[-1]))
    hands: list[list[Card]] = [[], [], [], []]
    for seat, text in zip(order, roles, strict=True):
        hands[seat] = parse_cards(text)
    return Deal.with_hands(
        hands, rules, dealer=Seat.N, taker=None if taker is None else order[taker]
    )


def _play(deal: Deal, text: str) -> None:
    for card in parse_cards(text):
        if isinstance(deal.legal_actions()[0], Declare):
            deal.push(Declare(()))
        deal.push(Play(card))


#: In order of play: a leader with the 10 of spades, a follower with the 8 alone.
_BEAT_HANDS = (
    "10S 7C 8C 9C 10C JC QC KC",
    "8S AC 7D 8D 9D 10D JD QD",
    "7S 9S JS QS KS AS KD AH",
    "7H 8H 9H 10H JH QH KH AD",
)


@pytest.mark.parametrize(("rules", "beats"), [(Rules.bela(), True), (Rules.bulgarian(), False)])
def test_a_follower_who_did_not_beat_shows_no_higher_card_where_the_game_says_so(
    rules: Rules, beats: bool
) -> None:
    deal = _deal_by_role(rules, _BEAT_HANDS, None)
    deal.push(Call.bid(Contract.HEARTS))
    while deal.phase is Phase.AUCTION:
        deal.push(Call.pass_())
    _play(deal, "10S 8S")
    follower = deal.tricks[0].plays[1][0]
    fourth = deal.next_seat(deal.next_seat(follower))
    view = deal.view(fourth)
    ace = Card.from_str("AS").mask
    constraints = Constraints.of(view)
    # Bela beats in every suit: holding the ace of spades, the follower had to play it.
    assert bool(constraints.cannot[follower] & ace) is beats
    assert bool(Knowledge.of(view).possible(follower) & ace) is not beats
    assert constraints.admits(hand_masks(deal))


#: In order of play: the taker leads the ace of clubs, the next trumps with the 10 of hearts,
#: the third (void in clubs and trumps) discards.
_UNDERTRUMP_HANDS = (
    "AC 8C 9C 10C JC 7H QC KC",
    "10H 7D 8D 9D 10D JD QD KD",
    "7S 8S 9S 10S JS QS KS AD",
    "7C 8H 9H JH QH KH AH AS",
)


@pytest.mark.parametrize(
    ("rules", "taker", "ruled_out"),
    [
        (Rules.french(), 0, "8H 9H JH QH KH AH"),  # forced undertrump: no trump at all
        (Rules.bulgarian(), None, "9H JH AH"),  # only none above the 10
    ],
)
def test_a_discard_on_a_trumped_trick_rules_out_the_trumps_the_game_says(
    rules: Rules, taker: int | None, ruled_out: str
) -> None:
    deal = _deal_by_role(rules, _UNDERTRUMP_HANDS, taker)
    deal.push(Call.bid(Contract.HEARTS))
    while deal.phase is Phase.AUCTION:
        deal.push(Call.pass_())
    _play(deal, "AC 10H AD")
    leader, _, third = (seat for seat, _ in deal.current_trick)
    view = deal.view(leader)
    hearts = SUIT_MASKS[Contract.HEARTS] & Constraints.of(view).unseen
    cannot = Constraints.of(view).cannot[third] & hearts
    assert cards_of(cannot) == parse_cards(ruled_out)
    assert Knowledge.of(view).possible(third) & hearts == hearts & ~cannot


# --- basic's model of a player, in every game ----------------------------------------------


@pytest.mark.parametrize("game", ["french", "coinche", "bela"])
def test_basic_opponents_made_every_play_of_the_real_world_in_every_game(game: str) -> None:
    weighed = 0
    for k in range(4):
        deal = Deal.new(RULES[game][k % 2], seed=f"model-{game}-{k}", dealer=Seat(k % 4))
        bots = [BasicBot(seed=s) for s in range(4)]
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and view.tricks:
                model = PlayModel(view, 0.3)
                # The others played as `basic` does, under the game's own obligations.
                assert model.weight(hand_masks(deal)) == 1.0
                weighed += model.plays
            deal.push(bots[seat].act(view))
    assert weighed > 100


# --- Bulgarian worlds pinned ------------------------------------------------------------

#: (seed, actions played, seat, the first two worlds with random.Random(7), their weight), as
#: the sampler deals them since the cards no seat is barred from are dealt last, shuffled into
#: the room left (before, card by card: the same chances, ``test_loose_cards_last_...`` below).
_PINNED = (
    (
        0,
        9,
        Seat.S,
        ((0xB4A00820, 0x90A3041, 0, 0x205001E), (0x1A32028, 0x82081055, 0, 0x3C040802)),
        1.0,
    ),
    (1, 30, Seat.E, ((0x10200, 0, 0x88000, 0x3000), (0xA000, 0, 0x81000, 0x10200)), 2.0),
    (
        3,
        14,
        Seat.N,
        ((0, 0x98120020, 0x4A12200, 0x208C003), (0, 0x188A0002, 0x421A020, 0x82104201)),
        1.0,
    ),
)


@pytest.mark.parametrize(("k", "steps", "seat", "worlds", "first_weight"), _PINNED)
def test_bulgarian_worlds_are_unchanged(
    k: int,
    steps: int,
    seat: Seat,
    worlds: tuple[tuple[int, int, int, int], ...],
    first_weight: float,
) -> None:
    deal = Deal.new(Rules.bulgarian(), dealer=Seat(k), seed=f"pin-{k}")
    play_on(deal, random.Random(k), steps)
    view = deal.view(seat)
    rng = random.Random(7)
    constraints = Constraints.of(view)
    assert tuple(deal_hidden(constraints, rng) for _ in worlds) == worlds
    assert weight(view, worlds[0]) == first_weight


def _card_by_card(constraints: Constraints, rng: random.Random) -> tuple[int, int, int, int] | None:
    """The deal of the unseen cards as the sampler made it before the loose cards went last
    (without declarations heard or shown): every card in turn, the most constrained first, to a
    seat with room for it, each as likely as the room it has (None: a card had nowhere to go)."""
    others = [s for s in Seat if s != constraints.seat]
    hands = [0, 0, 0, 0, 0]
    room = [*constraints.sizes, 0]
    room[constraints.seat] = 0
    free = constraints.unseen
    for seat in others:
        hands[seat] = constraints.must[seat]
        room[seat] -= hands[seat].bit_count()
        free &= ~hands[seat]
    cards = [c for c in range(32) if free >> c & 1]
    room[4] = max(0, len(cards) - sum(room[s] for s in others))  # not yet dealt
    rng.shuffle(cards)
    cards.sort(key=lambda c: sum(constraints.cannot[s] >> c & 1 for s in others), reverse=True)
    for card in cards:
        slots: list[int] = [s for s in others if room[s] and not constraints.cannot[s] >> card & 1]
        slots += [4] if room[4] else []
        if not slots:
            return None
        slot = rng.choices(slots, [room[s] for s in slots])[0]
        hands[slot] |= 1 << card
        room[slot] -= 1
    return (hands[0], hands[1], hands[2], hands[3])


@pytest.mark.parametrize("game", GAMES)
def test_loose_cards_last_deal_as_card_by_card_did(game: str) -> None:
    """Each card's chance to be in each seat's hand is the same, within the noise of 3,000
    worlds each way, as when every card was dealt in turn (positions of the play where some seat
    is barred from some cards, and others are loose)."""
    checked = 0
    for n, (deal, seat) in enumerate(_positions(game, 40)):
        if deal.phase is not Phase.PLAY or checked == 3 or n % 5:
            continue
        constraints = Constraints.of(deal.view(seat))
        barred = 0
        for other in Seat:
            barred |= constraints.cannot[other]
        if constraints.heard or constraints.shown or not barred or constraints.unseen == barred:
            continue
        ours, theirs = random.Random(n), random.Random(-n)
        counts = [[0] * 32 for _ in range(8)]  # [seat + 4 * (card by card)][card]
        for _ in range(3000):
            world = deal_hidden(constraints, ours)
            reference = None
            while reference is None:
                reference = _card_by_card(constraints, theirs)
            for first, hands in ((0, world), (4, reference)):
                for s in range(4):
                    for c in range(32):
                        counts[first + s][c] += hands[s] >> c & 1
        worst = max(
            abs(counts[s][c] - counts[4 + s][c]) / 3000 for s in range(4) for c in range(32)
        )
        assert worst < 0.05, (n, worst)
        checked += 1
    assert checked == 3


def test_a_french_first_round_pass_disfavours_the_turned_suits_jack() -> None:
    deal = _deal_by_role(
        Rules.french(),
        (
            "JH 7C 8C 9C 10C JC QC KC",
            "AC 7D 8D 9D 10D 7H JD QD",  # the taker: the 7 of hearts turned
            "8H 9H 10H QH KH AH KD AD",
            "7S 8S 9S 10S JS QS KS AS",
        ),
        1,
    )
    deal.push(Call.pass_())
    deal.push(Call.bid(Contract.HEARTS))
    passer, _, viewer, other = (deal.first, *_after(deal, deal.first, 3))
    view = deal.view(viewer)
    real = hand_masks(deal)
    jack, spade = Card.from_str("JH").mask, Card.from_str("7S").mask
    swap = list(real)
    swap[passer] = swap[passer] & ~jack | spade
    swap[other] = swap[other] & ~spade | jack
    moved = (swap[0], swap[1], swap[2], swap[3])
    constraints = Constraints.of(view)
    assert constraints.admits(real) and constraints.admits(moved)
    # The passer saw five of its eight cards: a jack it held counts 0.5 by the share 5/8.
    assert weight(view, real) / weight(view, moved) == pytest.approx(1 - 0.5 * 5 / 8)


def _after(deal: Deal, seat: Seat, count: int) -> list[Seat]:
    seats = []
    for _ in range(count):
        seat = deal.next_seat(seat)
        seats.append(seat)
    return seats


def test_a_world_drawn_by_weight_comes_as_often_as_its_weight() -> None:
    # Worlds 1, 2, 3 weigh 0, 1, 3: the first is never drawn, the third three times as often as
    # the second; the mean weight is counted; none weighing anything gives the first and 0.
    worlds = [(n, 0, 0, 0) for n in (1, 2, 3)]
    weights = {1: 0.0, 2: 1.0, 3: 3.0}
    rng = random.Random(7)
    drawn = []
    for _ in range(4000):
        world, mean = drawn_by_weight(3, iter(worlds).__next__, lambda w: weights[w[0]], rng)
        assert mean == pytest.approx(4.0 / 3)
        drawn.append(world[0])
    assert drawn.count(1) == 0
    assert 2.6 < drawn.count(3) / drawn.count(2) < 3.4
    assert drawn_by_weight(3, iter(worlds).__next__, lambda w: 0.0, rng) == (worlds[0], 0.0)
