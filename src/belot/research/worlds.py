"""Deal the cards a seat has not seen again, consistently with everything it saw.

``resample_deal(deal, seat, rng)`` keeps every card ``seat`` knows where it lies in the deck
(its own cards, the French turned card), keeps each card another seat played among that seat's
cards, and deals the rest at random: never a card that a seat's play shows it did not hold (a
card of the suit it did not follow, a trump it did not play when the game's obligations would
have made it), a belot's K and Q together, a declaration heard as cards of its kind and
points. It then replays the deal's actions on the new deck through the engine. A world is kept
only when every action is legal in it and ``seat``'s view of it is the view it had
(``SeatView.key()``): the engine's own rules decide, so the obligations, Bela's hidden cards and
silent belas, and the declarations shown or only named are all respected. Another seat's
announcement replays as a choice of the same kinds and points (the same cards once they were
shown), and its K or Q of trumps as played or kept silent so that the belots announced stay the
ones the table heard. The worlds are consistent, though not exactly uniform among all
consistent deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from belot.engine.actions import Action, Cut, Declare, Play
from belot.engine.cards import ALL_CARDS, Card, Rank, cards_of, indices_of, mask_of
from belot.engine.deal import Deal, Phase
from belot.engine.declarations import FOUR_POINTS, Kind
from belot.engine.errors import BelotError, IllegalActionError
from belot.engine.table import Seat
from belot.engine.tricks import BEATS

__all__ = ["ATTEMPTS", "resample_deal"]

#: Worlds tried before giving up (a consistent one is found in a few tries in practice).
ATTEMPTS: Final = 20_000


_BELOT_CARDS: Final = 1 << Rank.QUEEN | 1 << Rank.KING


class NoWorldError(BelotError):
    """No deal consistent with the seat's view was found."""


def resample_deal(deal: Deal, seat: Seat, rng: random.Random) -> Deal:
    """A deal with ``deal``'s history whose cards unseen by ``seat`` are dealt at random."""
    if deal.phase is Phase.CUT or deal.is_over:
        return deal.copy()  # nothing is hidden yet, or everything is shown
    seat = Seat(seat)
    target = deal.view(seat).key()
    cut = deal.cut
    assert cut is not None
    post = [deal.deck[(cut + p) % 32] for p in range(32)]  # the deck after the cut, top first
    dealt = deal.phase is Phase.PLAY
    held = [
        (mask_of_dealt(deal, s) if dealt else deal.hand_mask(s)) | played_mask(deal, s)
        for s in Seat
    ]
    owner = [next((s for s in Seat if held[s] >> card.index & 1), None) for card in post]
    fixed = {p for p in range(32) if owner[p] == seat}
    turned = deal.turned_card
    if turned is not None:
        fixed.add(post.index(turned))
    fixed_mask = sum(post[p].mask for p in fixed)
    played = {s: played_mask(deal, s) & ~fixed_mask for s in Seat if s != seat}
    free = mask_of(post) & ~mask_of(post[p] for p in fixed) & ~mask_of_all(played.values())
    barred = _barred(deal, free)
    slots = {s: [p for p in range(32) if owner[p] == s and p not in fixed] for s in played}
    rest = [p for p in range(32) if owner[p] is None and p not in fixed]
    actions = deal.history[1:]  # after the cut
    belots_after = _belots_after(deal, actions)
    shown = deal.trick_number >= 1
    # Cards a seat must hold: both of a belot's K and Q, its declarations once shown.
    must = {s: 0 for s in played}
    heard: dict[Seat, list[tuple[Kind, int]]] = {s: [] for s in played}
    for s, suit in deal.belots:
        if s in must:
            must[s] |= _BELOT_CARDS << (8 * suit)
    for a in deal.view(seat).announcements:
        if a.seat not in must:
            continue
        if a.declaration is not None:
            must[a.seat] |= a.declaration.cards
        else:
            heard[a.seat].append((a.kind, a.points))
    # The seats with the most cards barred choose first, so that they are rarely left short.
    order = sorted(played, key=lambda s: -barred[s].bit_count())
    for _ in range(ATTEMPTS):
        deck = _try(post, order, played, must, heard, barred, slots, rest, fixed, owner, rng)
        if deck is None:
            continue
        world = _replay(deal, deck, actions, seat, belots_after, shown, rng)
        if world is not None and world.view(seat).key() == target:
            return world
    raise NoWorldError(f"no deal consistent with {seat.name}'s view in {ATTEMPTS} tries")


def _try(
    post: list[Card],
    order: list[Seat],
    played: dict[Seat, int],
    must: dict[Seat, int],
    heard: dict[Seat, list[tuple[Kind, int]]],
    barred: dict[Seat, int],
    slots: dict[Seat, list[int]],
    rest: list[int],
    fixed: set[int],
    owner: list[Seat | None],
    rng: random.Random,
) -> list[Card] | None:
    """One random deck (after the cut) with every known card where it must be, or None when
    the draw went wrong (a heard declaration's cards taken, a seat left short)."""
    fixed_mask = mask_of(post[p] for p in fixed)
    pool = mask_of(post) & ~fixed_mask & ~mask_of_all(played.values())
    hands = dict(played)
    for s in order:
        wanted = must[s]
        for kind, points in heard[s]:
            wanted |= _template(kind, points, rng)
        # A fixed card of the seat's own (the French turned card it took) is where it must be.
        wanted &= ~mask_of(post[p] for p in fixed if owner[p] == s)
        unplayed = wanted & ~played[s]
        if wanted & fixed_mask or unplayed & ~pool & ~hands[s]:
            return None
        if unplayed & barred[s]:
            return None
        hands[s] |= wanted
        pool &= ~wanted
    new = list(post)
    for s in order:
        need = len(slots[s]) - hands[s].bit_count()
        allowed = cards_of(pool & ~barred[s])
        if need < 0 or len(allowed) < need:
            return None
        chosen = rng.sample(allowed, need)
        pool &= ~mask_of(chosen)
        cards = cards_of(hands[s]) + chosen
        rng.shuffle(cards)
        for p, card in zip(slots[s], cards, strict=True):
            new[p] = card
    left = cards_of(pool)
    rng.shuffle(left)
    for p, card in zip(rest, left, strict=True):
        new[p] = card
    return new


def mask_of_all(masks: Iterable[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def _template(kind: Kind, points: int, rng: random.Random) -> int:
    """The cards of a random declaration of ``kind`` worth ``points``."""
    if kind is Kind.FOUR:
        ranks = [r for r, p in FOUR_POINTS.items() if p == points] or list(FOUR_POINTS)
        return (1 << rng.choice(ranks)) * 0x01010101
    length = {Kind.TIERCE: 3, Kind.QUARTE: 4}.get(kind, 5)
    start = rng.randrange(9 - length)
    return ((1 << length) - 1) << (8 * rng.randrange(4) + start)


def mask_of_dealt(deal: Deal, seat: Seat) -> int:
    return mask_of(deal.dealt_hand(seat))


def played_mask(deal: Deal, seat: Seat) -> int:
    mask = 0
    for trick in deal.tricks:
        for s, card in trick.plays:
            if s == seat:
                mask |= card.mask
    return mask


def _barred(deal: Deal, pool: int) -> dict[Seat, int]:
    """The cards of ``pool`` (none of them played) that each seat cannot hold now.

    A seat that played ``card`` on a trick held none of the cards that the game's obligations
    would have made it play instead (a card of the suit led, a trump, a higher one): asked of
    the hand ``card`` + ``other`` for each ``other``. Hands only shrink, so it holds none now.
    """
    out = dict.fromkeys(Seat, 0)
    contract = deal.contract
    if contract is None:
        return out
    obliged, by = deal.game.held_obligations(deal.rules)
    beats = BEATS[contract]
    for trick in deal.tricks:
        cards = [card.index for _, card in trick.plays]
        win, win_at = cards[0], 0
        for k in range(1, len(cards)):
            seat, card = trick.plays[k][0], cards[k]
            for other in indices_of(pool & ~out[seat]):
                if (
                    not obliged(
                        1 << card | 1 << other, cards[0], win, k - win_at == 2, contract, by
                    )
                    >> card
                    & 1
                ):
                    out[seat] |= 1 << other
            if beats[win] >> card & 1:
                win, win_at = card, k
    return out


def _belots_after(deal: Deal, actions: list[tuple[Seat, Action]]) -> list[int]:
    """How many belots were announced after each action of ``actions``."""
    real = Deal(deal.rules, dealer=deal.dealer, deck=deal.deck, standing=deal.standing)
    assert deal.cut is not None
    real.push(Cut(deal.cut))
    out = []
    for _, action in actions:
        real.push(action)
        out.append(len(real.belots))
    return out


def _replay(
    deal: Deal,
    post: list[Card],
    actions: list[tuple[Seat, Action]],
    seat: Seat,
    belots_after: list[int],
    shown: bool,
    rng: random.Random,
) -> Deal | None:
    """``actions`` replayed on the deck ``post`` (after the cut), or None where one is illegal."""
    cut = deal.cut
    assert cut is not None
    deck = [ALL_CARDS[0]] * 32
    for p, card in enumerate(post):
        deck[(cut + p) % 32] = card
    world = Deal(deal.rules, dealer=deal.dealer, deck=deck, standing=deal.standing)
    world.push(Cut(cut))
    try:
        for i, (actor, action) in enumerate(actions):
            if actor == seat:
                world.push(action)
            elif isinstance(action, Declare) and not shown:
                heard = sorted((d.kind, d.points) for d in action.declarations)
                like = [
                    a
                    for a in world.legal_actions()
                    if isinstance(a, Declare)
                    and sorted((d.kind, d.points) for d in a.declarations) == heard
                ]
                if not like:
                    return None
                world.push(rng.choice(like))
            elif isinstance(action, Play):
                world.push(Play(action.card))
                if len(world.belots) != belots_after[i]:
                    world.pop()
                    world.push(Play(action.card, silent=True))
            else:
                world.push(action)
            if len(world.belots) != belots_after[i]:
                return None
    except IllegalActionError:
        return None
    return world
