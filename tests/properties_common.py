"""The four games as the property tests draw them: each game's options (a hypothesis strategy),
how a random player acts in it, and the cards a seat may know the place of.

``test_properties.py`` runs the properties that hold for every game over all four; each game's
own properties and its legal-card oracle live in ``test_<game>_properties.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from belot.bots.base import Bot
from belot.engine import Action, Call, Card, Deal, Play, Rules, Seat, Suit
from belot.engine.actions import CallKind
from belot.engine.cards import ALL_CARDS
from belot.engine.deal import Phase

Policy = Callable[[Deal, random.Random], Action]


def examples(count: int) -> settings:
    """Hypothesis settings for a property that plays whole deals: ``count`` examples, no
    deadline (a deal's time varies with the machine's load)."""
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def bulgarian_action(deal: Deal, rng: random.Random) -> Action:
    """In the auction mostly a pass, so that every contract (not only all trumps, where random
    bidding ends) and every doubling comes up often."""
    options = deal.legal_actions()
    if deal.phase.value == "auction":
        if rng.random() < (0.5 if deal.contract is None else 0.8):
            return options[0]  # pass
        return rng.choice(options[1:] or options)
    return rng.choice(options)


def french_action(deal: Deal, rng: random.Random) -> Action:
    """In the auction a pass two times in three, so that both rounds and the redeal come up."""
    options = deal.legal_actions()
    if deal.phase.value == "auction" and len(options) > 1 and rng.random() < 0.33:
        return rng.choice(options[1:])
    return rng.choice(options)


def coinche_action(deal: Deal, rng: random.Random) -> Action:
    """In the auction mostly a pass, a coinche or surcoinche when one is offered, so that low
    bids, doubles and the redeal all come up."""
    options = deal.legal_actions()
    if deal.phase.value == "auction":
        doubles = [a for a in options if isinstance(a, Call) and a.kind is not CallKind.BID]
        if len(doubles) > 1 and rng.random() < 0.3:
            return rng.choice(doubles[1:])
        if rng.random() < 0.6:
            return options[0]
        bids = [a for a in options if isinstance(a, Call) and a.kind is CallKind.BID]
        if bids:
            return rng.choice(bids[: 8 if rng.random() < 0.8 else len(bids)])
    return rng.choice(options)


def bela_action(deal: Deal, rng: random.Random) -> Action:
    """A pass two times in three, so that the forced dealer comes up."""
    options = deal.legal_actions()
    if deal.phase.value == "auction" and options[0] == Call.pass_() and rng.random() < 0.67:
        return options[0]
    return rng.choice(options)


@dataclass(frozen=True)
class Game:
    """One game under test: its options as hypothesis draws them, and its random player."""

    name: str
    rules: st.SearchStrategy[Rules]
    policy: Policy

    def __str__(self) -> str:
        return self.name


BULGARIAN = Game(
    "bulgarian",
    st.builds(
        Rules.bulgarian,
        passes_after_double=st.sampled_from([2, 3]),
        nt_last_trick=st.sampled_from([10, 20]),
        declaration_compare=st.sampled_from(["separate", "single"]),
        belot_when_trumping=st.booleans(),
        double_scoring=st.sampled_from(["winner_takes_all", "per_team"]),
        forced_undertrump=st.booleans(),
    ),
    bulgarian_action,
)
FRENCH = Game(
    "french",
    st.builds(
        Rules.french,
        target=st.sampled_from([1000, 501]),
        direction=st.sampled_from([1, -1]),
        forced_undertrump=st.just(True),
    ),
    french_action,
)
COINCHE = Game(
    "coinche",
    st.builds(
        Rules.coinche,
        direction=st.sampled_from([1, -1]),
        declarations=st.booleans(),
        coinche_capot=st.booleans(),
        contract_test=st.sampled_from(["seed", "total"]),
        double_scope=st.sampled_from(["whole", "bid_only"]),
        surcoinche_multiplier=st.sampled_from([3, 4]),
        rounding=st.just("none"),
    ),
    coinche_action,
)
BELA = Game(
    "bela",
    st.builds(
        Rules.bela,
        target=st.sampled_from([1001, 501]),
        direction=st.sampled_from([-1, 1]),
        beat_in_plain_suit=st.booleans(),
        partner_exception=st.booleans(),
        card_in_two_declarations=st.booleans(),
        belot_wins_match=st.booleans(),
        tie=st.sampled_from(["fails", "hangs"]),
    ),
    bela_action,
)
GAMES = (BULGARIAN, FRENCH, COINCHE, BELA)
_POLICIES = {game.name: game.policy for game in GAMES}


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action, drawn the way the deal's game wants (see each policy)."""
    return _POLICIES[deal.rules.preset](deal, rng)


def random_deal(seed: int, rules: Rules, dealer: Seat = Seat.N) -> tuple[Deal, list[Action]]:
    """A deal played to the end with random legal actions (seeded)."""
    deal = Deal.new(rules, dealer=dealer, seed=seed)
    return deal, play_on(deal, random.Random(seed))


def play_on(deal: Deal, rng: random.Random, steps: int | None = None) -> list[Action]:
    """Push random legal actions until the deal is over, or ``steps`` of them; returns them."""
    actions: list[Action] = []
    while not deal.is_over and (steps is None or len(actions) < steps):
        action = random_action(deal, rng)
        deal.push(action)
        actions.append(action)
    return actions


def team_decisions(
    rules: Rules, seed: str, deals: int, bots: Callable[[], list[Bot]]
) -> Iterator[tuple[Deal, Seat]]:
    """Each card decision of North and South with a trick behind it (the deal as it stands and
    the seat to play), in ``deals`` deals of ``rules`` played by ``bots()``' four bots."""
    for k in range(deals):
        deal = Deal.new(rules, seed=f"{seed}-{k}", dealer=Seat(k % 4))
        players = bots()
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            if view.phase is Phase.PLAY and seat.team is Seat.N.team and view.tricks:
                yield deal, seat
            deal.push(players[seat].act(view))


def hand_masks(deal: Deal) -> tuple[int, int, int, int]:
    """Each seat's cards now in ``deal``, as card sets, North first: a world as the bots deal
    them."""
    n, e, s, w = (deal.hand_mask(seat) for seat in Seat)
    return n, e, s, w


def visible_cards(deal: Deal, seat: Seat) -> set[Card]:
    """Cards whose place ``seat`` may know: those it holds (in Bela before trumps are named its
    six, not its two hidden ones), the played ones, the turned card of French Belote (with its
    taker), and announced declarations once the first trick is complete."""
    known = set(deal.hand(seat)) | {c for t in deal.tricks for c in t.cards}
    if deal.turned_card is not None:
        known.add(deal.turned_card)
    if deal.trick_number >= 1:
        for s in Seat:
            for d in deal.announced(s) or ():
                known |= {c for c in ALL_CARDS if d.cards & c.mask}
    return known


# --- for the legal-card oracles of the suit games (French Belote, Coinche, Bela) --------------

#: RULES.md §2's card orders, low to high, of the trump suit and of a plain suit.
TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]
#: ``(hand, trick so far, trump, the seat to play) -> the cards it may play``
Oracle = Callable[[list[Card], list[tuple[Seat, Card]], Suit, Seat], set[Card]]


def strength(card: Card, trump: Suit) -> int:
    rank = card.rank.text
    return TRUMP_ORDER.index(rank) if card.suit == trump else PLAIN_ORDER.index(rank)


def holder(trick: list[tuple[Seat, Card]], trump: Suit) -> tuple[Seat, Card]:
    """The seat holding a begun trick and its card: the highest trump, else the highest card of
    the suit led."""
    trumps = [(s, c) for s, c in trick if c.suit == trump]
    led = [(s, c) for s, c in trick if c.suit == trick[0][1].suit]
    return max(trumps or led, key=lambda sc: strength(sc[1], trump))


def positions(rules: Rules, seed: int, deals: int = 6) -> Iterator[Deal]:
    """Every state, the last included, of ``deals`` random deals of ``rules`` (seeded, each
    seat dealing in turn)."""
    rng = random.Random(seed)
    for k in range(deals):
        deal = Deal.new(rules, dealer=Seat(k % 4), seed=seed * 7 + k)
        yield deal
        while not deal.is_over:
            deal.push(random_action(deal, rng))
            yield deal


def agrees_with(deal: Deal, oracle: Oracle) -> None:
    """At a card to play, the engine's legal cards are the oracle's: its legal mask, and the
    cards it offers once the seat has said what it declares."""
    seat = deal.turn
    assert seat is not None and deal.contract is not None
    trump = deal.contract.trump
    assert trump is not None
    expected = oracle(deal.hand(seat), deal.current_trick, trump, seat)
    legal = {ALL_CARDS[i] for i in range(32) if deal.legal_mask() >> i & 1}
    assert legal == expected, (deal.hand(seat), deal.current_trick, trump)
    plays = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
    assert not plays or plays == expected
