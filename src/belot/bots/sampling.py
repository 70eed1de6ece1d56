"""Deal the cards a seat cannot see, consistently with everything it has seen, in every game.

What a seat knows of the others' hands (``Constraints.of(view)``):

- its own cards, the cards played and the hand sizes; French Belote's turned card, on the table
  until someone takes it and then in the taker's hand; in Bela before trumps are named, each
  hand's six cards and nothing of the two hidden ones, not even the seat's own (the view does
  not hold them, so a world cannot leak them: they are dealt with the rest);
- every play is legal under the game's own obligations (``game_of(rules).obligations``): a card
  rules out each unseen card whose presence would have made that play illegal (not following
  shows a void, not trumping shows no trumps, not climbing shows no higher card, ...: see
  ``belot.bots.knowledge.ruled_out``);
- belots (belotes, belas): a seat that announced one holds the other card of the pair until it
  plays it; a seat that played the king or queen of a belot suit in a way that counts, without
  a belot, did not hold the other one;
- declarations shown after the first trick: their cards not yet played are in the announcer's
  hand;
- declarations announced in the first trick, heard by kind and points only: the announcer holds
  one of that kind (each world places one that fits, chosen at random), and the hand it was
  dealt may announce that set under the game's rules (``announced_as``).

The calls constrain no hand (every call of every game is legal whatever the cards); what they
say is a weight. ``deal_hidden`` deals the unseen cards the other seats hold now at random under
these constraints (the cards not yet dealt, French Belote's stock and Bela's hidden pairs, stay
undealt); ``world_deal`` completes such a world into an engine ``Deal`` that replays the view's
record. ``weight`` favours worlds that agree with the auction (a suit bidder likely holds that
suit's jack and nine).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from belot.bots.knowledge import excluded_by_plays, unseen_of
from belot.engine.actions import CallKind, Declare, Play
from belot.engine.cards import ALL_CARDS, SUIT_MASKS, Card, Rank, mask_of
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.declarations import (
    FOUR_POINTS,
    SEQUENCE_POINTS,
    Declaration,
    Kind,
    announcement_choices,
)
from belot.engine.errors import BelotError
from belot.engine.games import game_of
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView

__all__ = [
    "Constraints",
    "Heard",
    "SamplingError",
    "announced_as",
    "choices_of",
    "deal_hidden",
    "dealt_world",
    "drawn_by_weight",
    "played_cards",
    "weight",
    "world_deal",
]

#: What a hand may announce: every set of declarations, best first, nothing last.
Choices = Callable[[int], list[tuple[Declaration, ...]]]
_ALL: Final = (1 << 32) - 1
#: A French first-round pass on the turned suit, holding its jack / its nine (``weight``).
_PASS_JACK: Final = 0.5
_PASS_NINE: Final = 0.75
#: Where ``deal_hidden`` puts the unseen cards nobody holds yet.
_UNDEALT: Final = 4


class SamplingError(BelotError):
    """No deal of the unseen cards fits what the seat has seen."""


@dataclass(frozen=True, slots=True)
class Heard:
    """What one seat announced in the first trick, heard by kind and points only."""

    seat: Seat
    #: The (kind, points) of each declaration announced, sorted.
    kinds: tuple[tuple[int, int], ...]
    #: Per declaration, the unseen cards of each one of its kind and points it could be.
    fits: tuple[tuple[int, ...], ...]
    #: The cards the seat has played.
    played: int


def choices_of(rules: Rules) -> Choices:
    """What a hand may announce under ``rules``: the game's own way (Bela's card in two
    declarations, Coinche without declarations), else one card in one declaration."""
    return game_of(rules).announcement_choices(rules) or announcement_choices


def announced_as(
    hand: int, kinds: Sequence[tuple[int, int]], choices: Choices = announcement_choices
) -> tuple[Declaration, ...] | None:
    """The declarations a seat dealt ``hand`` announces when it announced ``kinds`` (sorted
    (kind, points) pairs), or None if no set it may announce (``choices``, by default one card
    in one declaration: ``choices_of(rules)`` gives a game's) is of those kinds."""
    for choice in choices(hand):
        if sorted((d.kind, d.points) for d in choice) == list(kinds):
            return choice
    return None


@dataclass(frozen=True, slots=True)
class Constraints:
    """What ``seat`` knows about the hands it cannot see."""

    seat: Seat
    #: The unseen cards (neither in the seat's hand nor played).
    unseen: int
    #: Cards each seat must hold / cannot hold now (only unseen cards).
    must: tuple[int, int, int, int]
    cannot: tuple[int, int, int, int]
    #: How many cards each seat holds now.
    sizes: tuple[int, int, int, int]
    #: Declarations heard but not yet shown (the first trick), by seat.
    heard: tuple[Heard, ...] = ()
    #: What a hand may announce in this game (``choices_of``).
    choices: Choices = field(default=announcement_choices, repr=False, compare=False)
    #: Per other seat whose declarations are shown: the cards of each one, and the cards the
    #: seat has played. The hand it was dealt must be able to announce exactly those (a shown
    #: 9-Q holds neither the 8 nor the K of that suit, unless they served elsewhere).
    shown: tuple[tuple[Seat, frozenset[int], int], ...] = field(default=(), repr=False)

    @classmethod
    def of(cls, view: SeatView) -> Constraints:
        contract = view.contract
        unseen = unseen_of(view)
        cannot = [0, 0, 0, 0]
        must = [0, 0, 0, 0]
        if contract is not None:
            cannot = excluded_by_plays(view, contract)
            _from_belots(view, contract, must, cannot)
        for announcement in view.announcements:
            if announcement.declaration is not None and announcement.seat != view.seat:
                must[announcement.seat] |= announcement.declaration.cards
        taker = view.taker
        if taker is not None and view.turned is not None:  # French Belote: picked up
            must[taker] |= view.turned.mask
        must = [m & unseen for m in must]
        cannot = [c & unseen & ~m for c, m in zip(cannot, must, strict=True)]
        must[view.seat] = cannot[view.seat] = 0
        return cls(
            view.seat,
            unseen,
            (must[0], must[1], must[2], must[3]),
            (cannot[0], cannot[1], cannot[2], cannot[3]),
            view.hand_sizes,
            _heard(view, unseen, cannot),
            choices_of(view.rules),
            _shown(view),
        )

    def admits(self, hands: Sequence[int]) -> bool:
        """Whether a world of ``hands`` (the cards each seat holds now, N E S W; the seat's
        own ignored) fits every constraint: sizes, cards held and ruled out, declarations
        heard and shown."""
        others = [s for s in Seat if s != self.seat]
        held = 0
        for seat in others:
            hand = hands[seat]
            if hand & held or hand & ~self.unseen or hand.bit_count() != self.sizes[seat]:
                return False
            if self.must[seat] & ~hand or self.cannot[seat] & hand:
                return False
            held |= hand
        return all(
            announced_as(hands[h.seat] | h.played, h.kinds, self.choices) for h in self.heard
        ) and all(
            _may_announce(self.choices, hands[seat] | played, cards)
            for seat, cards, played in self.shown
        )


def _shown(view: SeatView) -> tuple[tuple[Seat, frozenset[int], int], ...]:
    """The other seats' announcements shown whole (once the first trick is over), by seat."""
    shown: dict[Seat, set[int]] = {}
    for announcement in view.announcements:
        seat = announcement.seat
        if seat == view.seat or announcement.declaration is None:  # heard: see _heard
            continue
        shown.setdefault(seat, set()).add(announcement.declaration.cards)
    played = played_cards(view)
    return tuple((seat, frozenset(cards), played[seat]) for seat, cards in shown.items())


def _may_announce(choices: Choices, hand: int, shown: frozenset[int]) -> bool:
    """Whether a seat dealt ``hand`` may have announced the declarations ``shown``."""
    return any(frozenset(d.cards for d in choice) == shown for choice in choices(hand))


def played_cards(view: SeatView) -> list[int]:
    """The cards each seat has played so far."""
    played = [0, 0, 0, 0]
    for trick in view.tricks:
        for seat, card in trick.plays:
            played[seat] |= card.mask
    return played


def _instances(kind: Kind, points: int) -> list[Declaration]:
    """Every declaration of ``kind`` worth ``points``."""
    if kind is Kind.FOUR:
        return [
            Declaration((1 << rank) * 0x01010101)
            for rank, value in FOUR_POINTS.items()
            if value == points
        ]
    lengths = {Kind.TIERCE: (3,), Kind.QUARTE: (4,), Kind.QUINTE: (5, 6, 7)}[kind]
    if SEQUENCE_POINTS[kind] != points:
        return []
    return [
        Declaration(((1 << length) - 1) << (8 * suit + start))
        for suit in range(4)
        for length in lengths
        for start in range(8 - length + 1)
    ]


def _heard(view: SeatView, unseen: int, cannot: list[int]) -> tuple[Heard, ...]:
    """The announcements whose cards are not shown, by seat, with the unseen part of every
    declaration each could be (its other cards played by the announcer)."""
    played = played_cards(view)
    kinds: dict[Seat, list[tuple[int, int]]] = {}
    fits: dict[Seat, list[tuple[int, ...]]] = {}
    for announcement in view.announcements:
        seat = announcement.seat
        if announcement.declaration is not None or seat == view.seat:
            continue
        room = (unseen & ~cannot[seat]) | played[seat]
        kinds.setdefault(seat, []).append((announcement.kind, announcement.points))
        fits.setdefault(seat, []).append(
            tuple(
                d.cards & unseen
                for d in _instances(announcement.kind, announcement.points)
                if d.cards & ~room == 0
            )
        )
    return tuple(
        Heard(seat, tuple(sorted(kinds[seat])), tuple(fits[seat]), played[seat]) for seat in kinds
    )


def _from_belots(view: SeatView, contract: Contract, must: list[int], cannot: list[int]) -> None:
    """A belot announced means the pair's other card is held; one not announced, that it was
    not, unless the game lets a holder keep it silent (Bela)."""
    if contract == Contract.NO_TRUMPS:
        return
    optional = _bela_optional(view.rules)
    announced = set(view.belots)
    seen = 0
    for trick in view.tricks:
        lead_suit = trick.plays[0][1].suit
        for position, (seat, card) in enumerate(trick.plays):
            rank, suit = card.rank, card.suit
            eligible = (
                rank in (Rank.KING, Rank.QUEEN)
                and (contract == Contract.ALL_TRUMPS or int(suit) == int(contract))
                and not seen & (1 << (card.index ^ (Rank.KING ^ Rank.QUEEN)))
            )
            if eligible:
                other = card.index ^ (Rank.KING ^ Rank.QUEEN)
                counts = (
                    position == 0
                    or suit == lead_suit
                    or (contract != Contract.ALL_TRUMPS and view.rules.belot_when_trumping)
                )
                if (seat, suit) in announced:
                    must[seat] |= 1 << other
                elif counts and seat != view.seat and not optional:
                    cannot[seat] |= 1 << other
            seen |= card.mask


def drawn_by_weight(
    count: int,
    deal: Callable[[], tuple[int, int, int, int]],
    weigh: Callable[[tuple[int, int, int, int]], float],
    rng: random.Random,
) -> tuple[tuple[int, int, int, int], float]:
    """One of ``count`` worlds made by ``deal`` (each weighed by ``weigh`` as it is made), drawn
    with the chance of its weight, and the mean of their weights; the first world and 0.0 when
    none weighs anything. The world so drawn, counted at that mean, stands for the ``count`` as
    they would have been weighed one by one."""
    worlds: list[tuple[int, int, int, int]] = []
    weights: list[float] = []
    for _ in range(count):
        world = deal()
        worlds.append(world)
        weights.append(weigh(world))
    total = sum(weights)
    if total <= 0.0:
        return worlds[0], 0.0
    return rng.choices(worlds, weights)[0], total / count


def deal_hidden(
    constraints: Constraints, rng: random.Random, tries: int = 200
) -> tuple[int, int, int, int]:
    """The three other hands dealt at random within ``constraints`` (the seat's own hand is
    returned as 0): the cards each holds now. The unseen cards nobody holds yet (before the
    auction ends: the last three of each hand, French Belote's stock, Bela's hidden pairs) are
    left out; ``world_deal`` deals them."""
    me = constraints.seat
    others = [s for s in Seat if s != me]
    for _ in range(tries):
        hands = [0, 0, 0, 0, 0]
        room = [*constraints.sizes, 0]
        room[me] = 0
        free = constraints.unseen
        for seat in others:
            hands[seat] = constraints.must[seat]
        if not _place_heard(constraints, hands, rng):
            continue
        for seat in others:
            room[seat] -= hands[seat].bit_count()
            free &= ~hands[seat]
        if any(room[s] < 0 for s in others):
            if not constraints.heard:
                raise SamplingError("the known cards do not fit the hand sizes")
            continue
        cards = [c for c in range(32) if free >> c & 1]
        # The cards not yet dealt go to a fifth "hand", after the seats and free of any
        # constraint (it is empty once the play begins).
        room[_UNDEALT] = max(0, len(cards) - sum(room[s] for s in others))
        # Most constrained cards first, ties at random; a card no seat is barred from goes to
        # any seat with room, as likely as the room it has, so those cards (most of them
        # before the play, or all) are dealt last, shuffled into the room that is left.
        barred = constraints.cannot[others[0]]
        barred |= constraints.cannot[others[1]] | constraints.cannot[others[2]]
        loose = [c for c in cards if not barred >> c & 1]
        cards = [c for c in cards if barred >> c & 1]
        rng.shuffle(cards)
        cards.sort(
            key=lambda c: sum(1 for s in others if constraints.cannot[s] >> c & 1), reverse=True
        )
        ok = True
        for card in cards:
            choices: list[int] = [
                s for s in others if room[s] > 0 and not constraints.cannot[s] >> card & 1
            ]
            if room[_UNDEALT]:
                choices.append(_UNDEALT)
            if not choices:
                ok = False
                break
            total = sum(room[s] for s in choices)
            pick = rng.randrange(total)
            for slot in choices:
                pick -= room[slot]
                if pick < 0:
                    break
            hands[slot] |= 1 << card
            room[slot] -= 1
        if ok:
            ok = _deal_loose(loose, hands, room, others, rng)
        if (
            ok
            and all(
                announced_as(hands[h.seat] | h.played, h.kinds, constraints.choices)
                for h in constraints.heard
            )
            and all(
                _may_announce(constraints.choices, hands[seat] | played, cards)
                for seat, cards, played in constraints.shown
            )
        ):
            return (hands[0], hands[1], hands[2], hands[3])
    raise SamplingError("no deal of the unseen cards fits what was seen")


def dealt_world(
    constraints: Constraints, mine: int, rng: random.Random
) -> tuple[int, int, int, int]:
    """The four hands of a world dealt at random within ``constraints`` (``deal_hidden``), the
    seat's own holding ``mine``."""
    hands = list(deal_hidden(constraints, rng))
    hands[constraints.seat] = mine
    return (hands[0], hands[1], hands[2], hands[3])


def _deal_loose(
    cards: list[int], hands: list[int], room: list[int], others: list[Seat], rng: random.Random
) -> bool:
    """Deal ``cards``, which any seat may hold, into the ``room`` left in ``hands`` (the others'
    and the undealt cards'), each way of filling it as likely (False when they do not fit)."""
    if len(cards) > sum(room[s] for s in others) + room[_UNDEALT]:
        return False
    rng.shuffle(cards)
    start = 0
    for slot in (*others, _UNDEALT):
        for card in cards[start : start + room[slot]]:
            hands[slot] |= 1 << card
        start += room[slot]
    return True


def _place_heard(constraints: Constraints, hands: list[int], rng: random.Random) -> bool:
    """Give each heard announcement's seat the cards of one declaration it could be, at random
    among those no other seat holds (False when none is left)."""
    for heard in constraints.heard:
        for fits in heard.fits:
            taken = 0
            for other, held in enumerate(hands):
                if other != heard.seat:
                    taken |= held
            free = [cards for cards in fits if not cards & taken]
            if not free:
                return False
            hands[heard.seat] |= rng.choice(free)
    return True


def weight(view: SeatView, hands: tuple[int, int, int, int]) -> float:
    """How well a dealt world agrees with the auction (1.0 when the auction says nothing), by
    priors on the cards called: used where ``strong.PLAY_CALL_MODEL`` or ``bidding.GAME_MODEL``
    leaves a game out (by default the model of `basic`'s calls, ``belot.bots.call_model``).

    Cards the bidders may already have played count as held: the auction spoke of the hand
    they were dealt. A suit bid (a Coinche bid of any level, a French take, a Bela naming)
    favours its jack and nine; a pass in French Belote's first round, on the turned card's suit,
    disfavours them (priors, not yet tuned by A/B tests). Where the caller saw only part of the
    hand it now holds (French Belote: five cards, the taker the turned one too; Bela: six of
    eight), a factor counts by the share of such a card it saw then. Bulgarian keeps the
    factors its A/B tests tuned, on the whole hand.
    """
    dealt = [held | played for held, played in zip(hands, played_cards(view), strict=True)]
    result = 1.0
    turned = view.turned
    for n, (seat, call) in enumerate(view.calls):
        if seat == view.seat:
            continue
        if turned is not None and n < 4 and call.kind is CallKind.PASS:
            # Round one of French Belote: a pass on the turned suit.
            held = dealt[seat] & ~turned.mask
            base = 8 * turned.suit
            if held >> (base + Rank.JACK) & 1:
                result *= _seen(view, seat, 1 << (base + Rank.JACK), _PASS_JACK)
            if held >> (base + Rank.NINE) & 1:
                result *= _seen(view, seat, 1 << (base + Rank.NINE), _PASS_NINE)
            continue
        if call.kind is not CallKind.BID or call.contract is None:
            continue
        held = dealt[seat]
        contract = call.contract
        if contract.is_suit:
            suit = SUIT_MASKS[contract]
            jack = held & suit & (1 << (8 * contract + Rank.JACK))
            if jack:
                result *= _seen(view, seat, jack, 2.0)
            nine = held & suit & (1 << (8 * contract + Rank.NINE))
            if nine:
                result *= _seen(view, seat, nine, 1.5)
        elif contract == Contract.NO_TRUMPS:
            aces = sum(1 for s in range(4) if held >> (8 * s + Rank.ACE) & 1)
            result *= 1.3**aces
        else:
            jacks = sum(1 for s in range(4) if held >> (8 * s + Rank.JACK) & 1)
            result *= 1.3**jacks
    return result


def _seen(view: SeatView, seat: Seat, card: int, factor: float) -> float:
    """``factor`` for ``seat``'s ``card`` (a card set of one), scaled by the chance that the
    seat saw it when it called: the cards of the play were not all dealt at the auction."""
    preset = view.rules.preset
    if view.phase is Phase.AUCTION or preset in ("bulgarian", "coinche"):
        return factor  # the world's hands are those of the auction, or all eight were dealt
    if preset == "french":
        if view.turned is not None and view.turned.mask == card:
            return factor
        # Five of the seven cards besides the turned one (the taker), or of eight.
        share = 5 / 7 if seat == view.taker else 5 / 8
    else:  # Bela: six of eight
        share = 6 / 8
    return 1.0 + (factor - 1.0) * share


def world_deal(view: SeatView, hands: tuple[int, int, int, int], rng: random.Random) -> Deal:
    """The engine ``Deal`` of a world: the cards ``deal_hidden`` gave the other seats now
    (``hands``, the view's seat's own ignored), the seat's own, the cards played, and the cards
    not yet dealt (French Belote's stock, Bela's hidden pairs, the seat's own included; the last
    three of each hand in Bulgarian Belot) shuffled by ``rng``; with the view's record replayed:
    its cut, calls, declarations and cards. Its view from ``view.seat`` is ``view``.

    Raises ``SamplingError`` when the world cannot replay the record (a hand that could not
    have made a play or an announcement).
    """
    rules = view.rules
    if view.cut is None:  # nothing dealt yet: any deck
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        return Deal(rules, dealer=view.dealer, deck=deck, standing=view.standing)
    mine = mask_of(view.hand)
    played = played_cards(view)
    now = list(hands)
    now[view.seat] = mine
    dealt = [now[s] | played[s] for s in range(4)]
    turned = view.turned
    taker = view.taker
    if turned is not None and taker is None:
        taker = view.seat  # nobody took yet: any seat may stand for the stock's order
    rest_mask = _ALL & ~(dealt[0] | dealt[1] | dealt[2] | dealt[3])
    if turned is not None:
        rest_mask &= ~turned.mask
    rest = [card for card in ALL_CARDS if rest_mask & card.mask]
    rng.shuffle(rest)
    lists: list[list[Card]] = []
    for seat in Seat:
        cards = [card for card in ALL_CARDS if dealt[seat] & card.mask]
        if seat == taker and turned is not None:  # the turned card is its sixth
            cards = [card for card in cards if card != turned]
            lists.append([*cards[:5], turned, *cards[5:]])
        else:
            lists.append(cards)
    for cards in lists:
        while len(cards) < 8:
            if not rest:
                raise SamplingError("the world's hands do not fill the deal")
            cards.append(rest.pop())
    try:
        deal = Deal.with_hands(lists, rules, dealer=view.dealer, cut=view.cut, taker=taker)
        deal.standing = view.standing
        for seat, call in view.calls:
            deal.push(call, seat)
        choose = choices_of(rules)
        optional = _bela_optional(rules)
        for trick in view.tricks:
            for seat, card in trick.plays:
                if _declaring(deal):
                    deal.push(Declare(_announced(view, seat, dealt[seat], choose)), seat)
                deal.push(_play(deal, view, seat, card, optional), seat)
        turn = deal.turn
        declared = turn is not None and (
            (view.declared is not None and turn == view.seat)
            or any(a.seat == turn for a in view.announcements)
        )
        if turn is not None and declared and _declaring(deal):  # the card still to come
            deal.push(Declare(_announced(view, turn, dealt[turn], choose)), turn)
    except BelotError as error:
        raise SamplingError(f"the world does not replay the deal: {error}") from error
    return deal


def _bela_optional(rules: Rules) -> bool:
    """Whether the game lets the holder of K+Q of trumps keep the belot silent (Bela)."""
    return bool(getattr(game_of(rules), "bela_optional", False))


def _play(deal: Deal, view: SeatView, seat: Seat, card: Card, optional: bool) -> Play:
    """The play of ``card`` by ``seat`` as ``view`` saw it: where a belot may be kept silent, a
    card that would announce one the view did not hear keeps it silent."""
    if optional and (seat, card.suit) not in view.belots:
        silent = Play(card, silent=True)  # type: ignore[call-arg, unused-ignore]
        if silent in deal.legal_actions():
            return silent
    return Play(card)


def _declaring(deal: Deal) -> bool:
    """Whether the seat to act must first say what it declares."""
    return any(isinstance(action, Declare) for action in deal.legal_actions())


def _announced(view: SeatView, seat: Seat, dealt: int, choose: Choices) -> tuple[Declaration, ...]:
    """What ``seat``, dealt ``dealt``, announced with its first card as ``view`` tells it."""
    if seat == view.seat:
        return view.declared or ()
    shown = [a for a in view.announcements if a.seat == seat]
    if all(a.declaration is not None for a in shown):
        return tuple(a.declaration for a in shown if a.declaration is not None)
    kinds = sorted((int(a.kind), a.points) for a in shown)
    match = announced_as(dealt, kinds, choose)
    if match is None:
        raise SamplingError(f"{seat.name}'s hand in this world could not announce what was heard")
    return match
