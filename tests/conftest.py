"""Shared helpers for the rules tests: build deals with chosen hands, push calls and cards."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from belot.engine import (
    Action,
    Call,
    Card,
    Contract,
    Cut,
    Deal,
    Declare,
    Play,
    Rules,
    Seat,
    parse_action,
    parse_cards,
)
from belot.engine.cards import ALL_CARDS, cards_of


def cards(text: str) -> list[Card]:
    """``cards("JH 9H AS")`` → the cards."""
    return parse_cards(text)


def card(text: str) -> Card:
    return Card.from_str(text)


def mask(text: str) -> int:
    out = 0
    for c in parse_cards(text):
        out |= c.mask
    return out


def deck_for(
    hands: Mapping[Seat, Sequence[Card] | str],
    *,
    dealer: Seat = Seat.N,
    cut: int = 1,
    rules: Rules | None = None,
) -> list[Card]:
    """A deck (top first) that, cut by ``cut``, deals each seat the given eight cards.

    The first five cards of each hand are dealt before the auction (3 then 2), the last three
    after it. Seats left out get the remaining cards in index order.
    """
    rules = rules or Rules.bulgarian()
    given = {s: (parse_cards(h) if isinstance(h, str) else list(h)) for s, h in hands.items()}
    used = [c for h in given.values() for c in h]
    assert len(used) == len(set(used)), "a card is given to two seats"
    rest = [c for c in ALL_CARDS if c not in used]
    for s in Seat:
        if s not in given:
            given[s] = rest[:8]
            rest = rest[8:]
    for s, h in given.items():
        assert len(h) == 8, f"{s.name} needs 8 cards, got {len(h)}"
    return list(Deal.with_hands([given[s] for s in Seat], rules, dealer=dealer, cut=cut).deck)


def make_deal(
    hands: Mapping[Seat, Sequence[Card] | str],
    *,
    dealer: Seat = Seat.N,
    rules: Rules | None = None,
    cut: int = 1,
) -> Deal:
    """A deal whose seats get ``hands`` (first five before the auction), already cut."""
    rules = rules or Rules.bulgarian()
    deal = Deal(rules, dealer=dealer, deck=deck_for(hands, dealer=dealer, cut=cut, rules=rules))
    deal.push(Cut(cut))
    return deal


def deal_with_hands(
    hands: Mapping[Seat, str],
    rules: Rules,
    *,
    dealer: Seat = Seat.N,
    cut: int = 1,
    taker: Seat | None = None,
) -> Deal:
    """A deal, cut, whose seats get ``hands`` (eight cards each, in the order they are dealt;
    with a turned card, as dealt when ``taker`` takes): ``Deal.with_hands`` from text."""
    return Deal.with_hands(
        [parse_cards(hands[s]) for s in Seat], rules, dealer=dealer, cut=cut, taker=taker
    )


def legal_cards(deal: Deal) -> set[str]:
    """The cards the seat to act may play (also while it still has to say what it declares)."""
    return {str(c) for c in cards_of(deal.legal_mask())}


def play_first_card(deal: Deal, text: str, *, declare: bool = False) -> None:
    """Play ``text`` as the seat's first card, announcing its best choice or nothing."""
    options = deal.legal_actions()
    if isinstance(options[0], Declare):
        deal.push(options[0] if declare else Declare(()))
    deal.push(Play(card(text)))


def push_all(deal: Deal, actions: str | Iterable[str | Action]) -> None:
    """Push actions given as notation (``"pass"``, ``"hearts"``, ``"JH"``) or objects; a single
    string holds actions separated by spaces."""
    for a in actions.split() if isinstance(actions, str) else actions:
        deal.push(parse_action(a) if isinstance(a, str) else a)


def bid_and_pass(deal: Deal, contract: Contract) -> None:
    """The first bidder calls ``contract`` and the other three pass."""
    deal.push(Call.bid(contract))
    for _ in range(3):
        deal.push(Call.pass_())


def play(deal: Deal, text: str, *, declare_best: bool = True) -> None:
    """Play the cards in ``text`` in turn; at a seat's first card announce its best choice
    (``declare_best``) or nothing."""
    for c in parse_cards(text):
        options = deal.legal_actions()
        if options and isinstance(options[0], Declare):
            deal.push(options[0] if declare_best else Declare(()))
        deal.push(Play(c))


def snapshot(deal: Deal) -> tuple[object, ...]:
    """Everything observable about a deal, for before/after comparisons."""
    return (
        deal.phase,
        deal.turn,
        deal.cut,
        deal.calls,
        deal.contract,
        deal.bidder,
        deal.double,
        tuple(deal.hand_mask(s) for s in Seat),
        tuple(tuple(deal.dealt_hand(s)) for s in Seat),
        tuple(deal.tricks),
        deal.card_points,
        tuple(deal.announced(s) for s in Seat),
        deal.belots,
        deal.result,
        tuple(deal.actions),
        tuple(deal.legal_actions()),
        tuple(deal.view(s).key() for s in Seat),
    )


def random_playout(deal: Deal, rng: random.Random, *, max_actions: int = 200) -> list[Action]:
    """Push random legal actions until the deal is over; returns them."""
    done: list[Action] = []
    while not deal.is_over and len(done) < max_actions:
        action = rng.choice(deal.legal_actions())
        deal.push(action)
        done.append(action)
    return done


def _pairs(hand: int) -> int:
    """How many K+Q pairs of one suit ``hand`` holds."""
    return sum(1 for s in range(4) if (hand >> (8 * s + 5)) & 3 == 3)


def fill_hands(fixed: Mapping[Seat, str], *, seed: int = 0) -> dict[Seat, list[Card]]:
    """Complete ``fixed`` (some cards per seat) to four hands of eight, shuffling the other
    cards (seeded) until they add no declaration and no K+Q pair that the fixed cards lack."""
    from belot.engine.declarations import announcement_choices

    rng = random.Random(seed)
    given = {s: parse_cards(fixed.get(s, "")) for s in Seat}
    used = [c for h in given.values() for c in h]
    rest = [c for c in ALL_CARDS if c not in used]
    for _ in range(100_000):
        rng.shuffle(rest)
        hands, pos = {}, 0
        for s in Seat:
            need = 8 - len(given[s])
            hands[s] = given[s] + rest[pos : pos + need]
            pos += need
        ok = True
        for s in Seat:
            full = sum(c.mask for c in hands[s])
            own = sum(c.mask for c in given[s])
            decls = {d for ch in announcement_choices(full) for d in ch}
            if decls != {d for ch in announcement_choices(own) for d in ch}:
                ok = False
            if _pairs(full) != _pairs(own):
                ok = False
        if ok:
            return hands
    raise AssertionError(f"cannot complete hands {dict(fixed)}")


def finish(
    deal: Deal,
    plan: Mapping[Seat, str] | None = None,
    *,
    declare: bool | Mapping[Seat, bool] = True,
) -> None:
    """Play the deal to the end: each seat plays its planned cards in order (``plan``) as soon
    as the next one is legal, otherwise its first legal card outside the plan; at its first card
    it announces its best choice (``declare``) or nothing."""
    queues = {s: parse_cards(t) for s, t in (plan or {}).items()}
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        options = deal.legal_actions()
        if isinstance(options[0], Declare):
            best = declare if isinstance(declare, bool) else declare.get(seat, True)
            deal.push(options[0] if best else Declare(()))
            continue
        queue = queues.get(seat) or []
        if queue and Play(queue[0]) in options:
            deal.push(Play(queue.pop(0)), seat)
            continue
        keep = [a for a in options if isinstance(a, Play) and a.card not in queue]
        deal.push(keep[0] if keep else options[0], seat)


def position_row(position: Any) -> list[Any]:
    """A solver ``Position`` as a JSON row, for tests that rebuild it in a plain-Python process
    (``Position(tuple(r[0]), Contract(r[1]), Team(r[2]), Seat(r[3]), tuple(r[4]), tuple(r[5]),
    r[6], r[7], r[8])``)."""
    return [
        list(position.hands),
        int(position.contract),
        int(position.declarers),
        int(position.leader),
        list(position.trick),
        list(position.points),
        position.direction,
        position.last_trick,
        position.forced_undertrump,
    ]
