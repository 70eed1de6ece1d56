"""One deal (hand) from the cut to the score, as a state machine with cheap undo.

>>> deal = Deal.new(seed=7, dealer=Seat.N)
>>> deal.phase, deal.turn
(<Phase.CUT: 'cut'>, <Seat.E: 1>)
>>> deal.push(Cut(16))
>>> deal.phase, deal.turn, len(deal.hand(Seat.W))
(<Phase.AUCTION: 'auction'>, <Seat.W: 3>, 5)

Every ``push`` checks the action and either applies it or raises a specific ``BelotError``
leaving the deal as it was; ``pop`` takes the last action back.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from belot.engine import build
from belot.engine.actions import SILENT_SUFFIX, Action, Call, Cut, Declare, LegalActions, Play
from belot.engine.cards import ALL_CARDS, Card, Rank, Suit, cards_of
from belot.engine.contracts import Contract
from belot.engine.declarations import Declaration, announcement_choices
from belot.engine.errors import IllegalActionError, InvalidActionError, OutOfTurnError
from belot.engine.frozen import by_fields
from belot.engine.games import AuctionStep, Game, game_of
from belot.engine.games.base import is_among
from belot.engine.games.bulgarian import BELOT_POINTS
from belot.engine.rules import Rules
from belot.engine.scoring import LAST_TRICK, DealScore
from belot.engine.sheet import Standing
from belot.engine.table import Seat, Team
from belot.engine.tricks import (
    BEATS,
    BEFORE_THE_PLAY,
    CARD_POINTS,
    TRUMP_MASKS,
    ContractObligations,
)

if TYPE_CHECKING:
    from belot.engine.view import SeatView

__all__ = ["BELOT_POINTS", "Deal", "Phase", "Trick", "shuffled_deck"]

_PLAYS: Final = tuple(Play(card) for card in ALL_CARDS)
_SILENT_PLAYS: Final = tuple(Play(card, silent=True) for card in ALL_CARDS)
_CUTS: Final = tuple(Cut(k) for k in range(1, 32))
_CUT_ACTIONS: Final = LegalActions(_CUTS)
_NO_ACTIONS: Final = LegalActions()
_PASS: Final = Call.pass_()
# The action classes as constants: compiled, a name imported from a module that is not compiled
# is looked up in a dict at every use, a Final one is not.
_PLAY_TYPE: Final = Play
_CALL_TYPE: Final = Call
#: ``_PLAYS_BY_BYTE[suit][byte]``: the Play actions of a suit's byte of a card set, in order.
_PLAYS_BY_BYTE: Final = tuple(
    tuple(tuple(_PLAYS[suit * 8 + r] for r in range(8) if byte >> r & 1) for byte in range(256))
    for suit in range(4)
)
_SUIT_PLAYS: Final = tuple(
    LegalActions(_PLAYS_BY_BYTE[suit][byte]) for suit in range(4) for byte in range(256)
)
"""``_SUIT_PLAYS[256 * suit + byte]``: the Play actions of every card set within one suit (most
sets of legal cards are), found by index: no int to box and hash."""
_PLAYS_BY_MASK: Final[dict[int, LegalActions]] = {}
"""A bounded memo of the Play actions of sets of two or three cards of several suits: those
recur, where a larger set seldom does (a memo of every set would cost more than it saves)."""
_LEGAL_ACTIONS: Final = LegalActions  # compiled, a Final is read without a dict lookup


def forget_plays() -> None:
    """Empty the memo of ``_PLAYS_BY_MASK``: when it is full, and for a benchmark that wants it
    as a new process has it."""
    _PLAYS_BY_MASK.clear()


def _plays(mask: int) -> LegalActions:
    """The Play actions of the cards of ``mask``, in card order."""
    if not mask >> 8:
        return _SUIT_PLAYS[mask]
    if not mask & 0xFF:
        if not mask >> 16:
            return _SUIT_PLAYS[256 + (mask >> 8)]
        if not mask & 0xFF00:
            if not mask >> 24:
                return _SUIT_PLAYS[512 + (mask >> 16)]
            if not mask & 0xFF0000:
                return _SUIT_PLAYS[768 + (mask >> 24)]
    rest = mask & mask - 1
    if rest & rest - 1 & (rest & rest - 1) - 1:  # four cards or more
        return _plays_of(mask)
    offered = _PLAYS_BY_MASK.get(mask)
    if offered is None:
        if len(_PLAYS_BY_MASK) >= 1 << 16:
            forget_plays()
        offered = _PLAYS_BY_MASK[mask] = _plays_of(mask)
    return offered


def _plays_of(mask: int) -> LegalActions:
    plays = _PLAYS_BY_BYTE
    return _LEGAL_ACTIONS(
        plays[0][mask & 255]
        + plays[1][mask >> 8 & 255]
        + plays[2][mask >> 16 & 255]
        + plays[3][mask >> 24]
    )


PlaySetup = tuple[
    Rules,
    ContractObligations,
    tuple[int, ...],  # BEATS of the contract
    tuple[int, ...],  # CARD_POINTS of the contract
    int,  # what the last trick adds
    int,  # Deal._silent_cards
    tuple[bool, ...],  # Deal._announces
    bool,  # whether sequences and fours are announced
    Callable[[int], list[tuple[Declaration, ...]]] | None,  # the game's announcement choices
]
_PLAY_SETUPS: dict[tuple[int, int], PlaySetup] = {}
"""What the play of a contract under some rules starts from, by ``id(rules)`` and contract (the
entry holds the rules, so the id stays theirs): ``Deal._start_play`` reads it."""


def _play_setup(game: Game, rules: Rules, contract: Contract) -> PlaySetup:
    belot_cards = (
        _KINGS_QUEENS & (0xFFFFFFFF if contract == _ALL_TRUMPS else TRUMP_MASKS[contract])
        if contract != _NO_TRUMPS
        else 0
    )
    announces = tuple(bool(belot_cards >> card & 1) for card in range(32))
    setup = (
        rules,
        game.contract_obligations(rules, contract),
        BEATS[contract],
        CARD_POINTS[contract],
        rules.nt_last_trick if contract == _NO_TRUMPS else LAST_TRICK,
        belot_cards if game.bela_optional else 0,
        announces,
        game.declares(contract),
        game.announcement_choices(rules),
    )
    if len(_PLAY_SETUPS) >= 1024:
        _PLAY_SETUPS.clear()
    _PLAY_SETUPS[id(rules), contract] = setup
    return setup


_SEAT_AFTER: Final = {step: tuple(Seat((s + step) % 4) for s in range(4)) for step in (1, -1)}
_BULGARIAN: Final = Rules.bulgarian()
_BULGARIAN_GAME: Final = game_of(_BULGARIAN)
_QUEEN: Final = int(Rank.QUEEN)
_KING: Final = int(Rank.KING)
assert _KING == _QUEEN + 1
#: The kings and queens of the four suits.
_KINGS_QUEENS: Final = sum(1 << (8 * suit + rank) for suit in range(4) for rank in (_QUEEN, _KING))
_QUEENS: Final = sum(1 << (8 * suit + _QUEEN) for suit in range(4))


PlayState = tuple[Any, ...]
"""``Deal._ps``: what a card played changes, but the hands, in one tuple of ten fields, by index:

0. the card that led the trick in progress;
1. how many cards the trick in progress holds (0 to 3; 0: fields 0, 2, 3 and 4 unused);
2. the card that holds the trick in progress (kept as cards are played);
3. the ``Seat`` that played it;
4. the card points of the trick in progress;
5. the winners of the completed tricks (a tuple of ``Seat``);
6. the card points taken (NS, EW), the last trick's included;
7. what each seat announced (a tuple of four: a tuple of ``Declaration``, or None: not yet);
8. the seats (bits ``1 << seat``) with a declaration to choose before their first card;
9. the belots announced, a tuple of (``Seat``, ``Suit``).

The cards played are not in it: they are the ``Play`` actions of the deal's stack (a play then
builds three tuples fewer). Nor are the hands: ``Deal._held`` is a tuple of four native ints,
which mypyc keeps unboxed in the ``Deal``, so that a card played builds neither a tuple of
hands nor a Python int of the hand that played; taking the play back returns its card to the
hand, from the stack's ``Play``. To the type checker ``_ps`` is a tuple of any length and of
``Any``, and each reader names the type of the field it reads: so mypyc keeps it one Python
tuple, which the undo stack and a snapshot hold as it is, and a card played rebuilds it without
unboxing and boxing the fields it leaves alone. (Typed field by field, mypyc kept it unboxed
inside the ``Deal`` and boxed all its fields again for the stack at every card.)"""
_NOT_DEALT: Final[PlayState] = (
    0,
    0,
    0,
    Seat.N,
    0,
    (),
    (0, 0),
    (None,) * 4,
    0,
    (),
)
_SUITS: Final = tuple(Suit)
_NO_BELOT_CARDS: Final[tuple[bool, ...]] = (False,) * 32


_ATTRIBUTES: Final = (
    "rules",
    "game",
    "_obliged",
    "dealer",
    "_deck_idx",
    "seed",
    "standing",
    "_next",
    "_stack",
    "_phase",
    "_turn",
    "_cut",
    "_full",
    "_calls",
    "_contract",
    "_bidder",
    "_double",
    "_passes",
    "_choices",
    "_result",
    "_ps",
    "_held",
    "_beats",
    "_values",
    "_last_trick",
    "_silent_cards",
    "_announces",
    "_legal",
    "_offered",
)
"""Every attribute of a ``Deal``, in the order ``__init__`` sets them (a test checks)."""


class Phase(StrEnum):
    CUT = "cut"
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


# An enum member read as a module global costs a tenth of ``Phase.PLAY`` (a class attribute
# looked up through EnumType): the hot paths below read these.
_CUTTING: Final = Phase.CUT
_BIDDING: Final = Phase.AUCTION
_PLAYING: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_NEXT: Final = AuctionStep.NEXT
_PARTNER: Final = AuctionStep.PARTNER
_PLAY: Final = AuctionStep.PLAY
_NORTH: Final = Seat.N
_EAST: Final = Seat.E
_SOUTH: Final = Seat.S
_NO_TRUMPS: Final = Contract.NO_TRUMPS
_ALL_TRUMPS: Final = Contract.ALL_TRUMPS


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: the cards in play order with who played them, and who won it (when complete)."""

    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat | None

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return by_fields(self)  # compiled, a frozen class unpickles only through __init__

    @property
    def leader(self) -> Seat:
        return self.plays[0][0]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)


def shuffled_deck(seed: int | str) -> tuple[Card, ...]:
    """The deck order (top card first) that ``seed`` gives: ``random.Random(seed).shuffle``
    of the cards in index order (7C 8C … AS). Stable across Python versions."""
    return tuple(map(ALL_CARDS.__getitem__, _shuffled_order(seed)))


#: Each step of the shuffle: the place i (31 down to 1) and the bits of a draw below i + 1.
_SHUFFLE_STEPS: Final = tuple((i, (i + 1).bit_length()) for i in range(31, 0, -1))
_TWO_64: Final = 2**64


def _native_order() -> Callable[[int], tuple[int, ...]] | None:
    """The shuffle in C (``_shuffle.c``), built with the compiled engine and used with it."""
    if build.PURE is not None:
        return None  # the engine runs from its source, and so does the shuffle
    from belot.engine import _shuffle

    return _shuffle.shuffled_order


_NATIVE_ORDER: Final = _native_order()


def _shuffled_order(seed: int | str) -> tuple[int, ...]:
    """``random.Random(seed).shuffle(list(range(32)))``, as a tuple.

    With the compiled engine, an int seed below 2**64 in size is shuffled in C, which computes
    the same Mersenne Twister and the same Fisher-Yates in a quarter of the instructions (the
    seeding and the shuffle were a fifth of a random deal). Otherwise it is spelled out here:
    CPython's Fisher-Yates with ``getrandbits`` rejection sampling, without a method call per
    card. An int seeds the C generator directly, as ``random.Random`` does after its
    Python-level checks (a third of the cost of a seeding); a str goes through
    ``random.Random``, which hashes it. Tests check both against ``shuffle`` itself.
    """
    if isinstance(seed, int) and seed.__class__ is int:  # not a bool
        if _NATIVE_ORDER is not None and -_TWO_64 < seed < _TWO_64:
            return _NATIVE_ORDER(seed)
        rng = _random.Random(seed)
    else:
        rng = random.Random(seed)
    order = list(range(32))
    getrandbits = rng.getrandbits
    for i, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def _returned(held: tuple[int, int, int, int], seat: int, card: int) -> tuple[int, int, int, int]:
    """``held`` with ``card`` back in the hand of ``seat`` (a play taken back)."""
    h0, h1, h2, h3 = held
    back = 1 << card
    if seat == 0:
        return (h0 | back, h1, h2, h3)
    if seat == 1:
        return (h0, h1 | back, h2, h3)
    if seat == 2:
        return (h0, h1, h2 | back, h3)
    return (h0, h1, h2, h3 | back)


def _declaring_cards(hand: int) -> int:
    """The cards of ``hand`` in a run of three or more of a suit, or in a counting four.

    ``announcement_choices`` depends on these cards only: the others sit in runs of one or two,
    which no four's removal can lengthen, so they never count.
    """
    starts = hand & (hand >> 1) & (hand >> 2) & 0x3F3F3F3F  # lowest cards of 3-runs in a suit
    fours = hand & (hand >> 8) & (hand >> 16) & (hand >> 24) & 0xFC
    return starts | starts << 1 | starts << 2 | fours * 0x01010101


Choices = Sequence[tuple[Declaration, ...]]
_CHOICES: dict[int, tuple[Choices, LegalActions]] = {}
"""``announcement_choices`` by declaring cards, with the Declare actions that offer them (few
patterns recur: a bounded memo)."""
_NOTHING: Final[tuple[Choices, LegalActions]] = (((),), LegalActions((Declare(()),)))
_NO_DECLARING: Final[tuple[Choices, LegalActions]] = ((), LegalActions())


def _offers(choices: Choices) -> tuple[Choices, LegalActions]:
    return (choices, LegalActions(Declare(c) for c in choices))


def _announcement_choices(hand: int) -> tuple[Choices, LegalActions]:
    key = _declaring_cards(hand)
    if not key:
        return _NOTHING
    choices = _CHOICES.get(key)
    if choices is None:
        if len(_CHOICES) >= 50_000:
            _CHOICES.clear()
        choices = _CHOICES[key] = _offers(tuple(announcement_choices(key)))
    return choices


class Deal:
    """A deal of any game of the family (``rules.preset``) from the cut to the score."""

    rules: Rules
    game: Game
    dealer: Seat
    seed: int | str | None

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        dealer: Seat = Seat.N,
        deck: Sequence[Card] | None = None,
        seed: int | str | None = None,
        standing: Standing | None = None,
    ) -> None:
        # Rules are frozen, so every default deal can share one (building one is not free).
        self.rules = rules if rules is not None else _BULGARIAN
        self.game = _BULGARIAN_GAME if rules is None else game_of(rules)
        # The playing obligations of the contract, told who holds the trick (set as the play
        # begins): tricks.obliged_under, or a game's own.
        self._obliged: ContractObligations = BEFORE_THE_PLAY
        self.dealer = dealer if type(dealer) is Seat else Seat(dealer)
        # The deck as card indices only: ``deck`` builds the Card tuple when asked (building
        # it for every deal cost 2 % of a random deal, and the play never reads it).
        if deck is None:
            self._deck_idx = _shuffled_order(seed if seed is not None else random.randrange(2**63))
        else:
            given = tuple(deck)
            if len(given) != 32 or len({c.index for c in given}) != 32:
                raise InvalidActionError("a deck must hold each of the 32 cards exactly once")
            self._deck_idx = tuple(c.index for c in given)
        self.seed = seed
        #: The match score as this deal starts (None for a deal played on its own).
        self.standing = standing
        step = self.rules.direction
        self._next = _SEAT_AFTER.get(step) or tuple(Seat((s + step) % 4) for s in range(4))
        self._stack: list[tuple[Action, Seat, tuple[object, ...]]] = []
        # The state, every field immutable so that a snapshot is a tuple of references. What a
        # card played changes is one tuple, _ps (see _PLAY_STATE): a play keeps it whole, and
        # unpacks it at once, instead of reading and writing a dozen attributes.
        self._phase = _CUTTING
        self._turn: Seat | None = self._next[self._next[self._next[self.dealer]]]  # the cutter
        self._cut: int | None = None
        self._full: tuple[int, int, int, int] = (0, 0, 0, 0)
        self._calls: tuple[tuple[Seat, Call], ...] = ()
        self._contract: Contract | None = None
        self._bidder: Seat | None = None
        self._double = 1
        self._passes = 0
        # What each seat may announce with its first card, and the Declare actions for it.
        self._choices: tuple[tuple[Choices, LegalActions], ...] = (_NO_DECLARING,) * 4
        self._result: DealScore | None = None
        self._ps: PlayState = _NOT_DEALT
        # The cards each seat holds (see PlayState), unboxed by mypyc.
        self._held: tuple[int, int, int, int] = (0, 0, 0, 0)
        # The contract's tables, set when the play begins.
        self._beats: tuple[int, ...] = BEATS[0]
        self._values: tuple[int, ...] = CARD_POINTS[0]
        self._last_trick = LAST_TRICK
        # The K and Q of trumps when the game lets their holder keep a belot silent (Bela),
        # else 0: legal_actions() looks further only when these are legal.
        self._silent_cards = 0
        # By card: whether it is a K or Q of trumps (none in no trumps), the only cards that
        # can announce a belot. A tuple read by index, not a card-set int: a play asks it of
        # every card, and a tuple's item costs a fifth of shifting a 64-bit int. (A new
        # attribute must stay the 29th or less: CPython keeps a class's instances' attributes
        # in one shared-key table only up to 30 names, and a 30th one slowed a deal by 6 %.)
        self._announces = _NO_BELOT_CARDS
        # The legal cards that the last legal_actions() offered for this very state (0 when
        # none or unknown): push() needs no further check for them. Reset on every change.
        self._legal = 0
        # What legal_actions() returned for this very state (None: not asked yet). Reset with
        # _legal on every change.
        self._offered: LegalActions | None = None

    @classmethod
    def new(
        cls, rules: Rules | None = None, *, dealer: Seat = Seat.N, seed: int | str | None = None
    ) -> Deal:
        """A freshly shuffled deal (seeded for a reproducible shuffle), waiting for the cut."""
        if cls is Deal:  # compiled, a direct call of the constructor, not Python's type call
            return Deal(rules, dealer=dealer, seed=seed)
        return cls(rules, dealer=dealer, seed=seed)

    @classmethod
    def with_hands(
        cls,
        hands: Sequence[Sequence[Card]],
        rules: Rules | None = None,
        *,
        dealer: Seat = Seat.N,
        cut: int = 1,
        taker: Seat | None = None,
    ) -> Deal:
        """A deal, cut by ``cut``, that gives each seat (N E S W) its eight cards of ``hands``:
        the first five before the auction, the last three after it. In a game with a turned
        card, ``taker``'s sixth card is the one turned, and the hands are as dealt when
        ``taker`` takes."""
        if len(hands) != 4 or any(len(hand) != 8 for hand in hands):
            raise InvalidActionError("with_hands needs four hands of eight cards")
        rules = rules if rules is not None else _BULGARIAN
        step = rules.direction
        after = tuple(Seat((s + step) % 4) for s in range(4))
        dealt = game_of(rules).stack_deck(hands, after[dealer], after, taker)
        # After the cut the deck reads deck[cut:] + deck[:cut]; undo that rotation.
        deal = cls(rules, dealer=dealer, deck=dealt[32 - cut :] + dealt[: 32 - cut])
        deal.push(Cut(cut))
        return deal

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck before the cut, top card first."""
        cards: tuple[Card, ...] = itemgetter(*self._deck_idx)(ALL_CARDS)  # one C call
        return cards

    # --- snapshots -------------------------------------------------------------------------

    def _snapshot(self) -> tuple[object, ...]:
        """What a cut, a call or a declaration may change, but the hands (``_restore``)."""
        return (
            self._phase,
            self._turn,
            self._cut,
            self._calls,
            self._contract,
            self._bidder,
            self._double,
            self._passes,
            self._choices,
            self._result,
            self._ps,
        )

    def _restore(self, snap: tuple[object, ...]) -> None:
        """Back to the state of ``snap``, the hands included: a snapshot leaves them out, for
        boxing them into it cost 1,000 instructions a call. A declaration leaves the hands as
        they are; in the auction they are the cards dealt before it; before the cut, none."""
        phase = self._phase
        # Attribute by attribute, never through __dict__: CPython keeps a plain object's
        # attributes inline and reads them fast only until its __dict__ is asked for.
        (
            self._phase,
            self._turn,
            self._cut,
            self._calls,
            self._contract,
            self._bidder,
            self._double,
            self._passes,
            self._choices,
            self._result,
            self._ps,
        ) = snap  # type: ignore[assignment]
        if self._phase is _CUTTING:
            self._held = self._full = (0, 0, 0, 0)
        elif self._phase is _BIDDING and phase is not _BIDDING:  # the call that ended it
            self._held = self._dealt_first()
            self._full = (0, 0, 0, 0)

    # The parts of _ps by name, for the code off the hot path.

    @property
    def _hands(self) -> tuple[int, ...]:
        return self._held

    def _hand(self, at: int) -> int:
        """The cards of the seat ``at`` (compiled, a tuple of native ints is indexed by a
        constant only)."""
        held = self._held
        return held[0] if at == 0 else held[1] if at == 1 else held[2] if at == 2 else held[3]

    @property
    def _played(self) -> tuple[tuple[Seat, int], ...]:
        """The cards played, with their seats, in order: the stack's plays."""
        return tuple(
            (seat, action.card.index) for action, seat, _ in self._stack if isinstance(action, Play)
        )

    @property
    def _lead(self) -> int | None:
        """The card that led the trick in progress (None: no trick in progress)."""
        lead: int = self._ps[0]
        return lead if self._ps[1] else None

    @property
    def _winners(self) -> tuple[Seat, ...]:
        winners: tuple[Seat, ...] = self._ps[5]
        return winners

    @property
    def _points(self) -> tuple[int, int]:
        points: tuple[int, int] = self._ps[6]
        return points

    @property
    def _declared(self) -> tuple[tuple[Declaration, ...] | None, ...]:
        declared: tuple[tuple[Declaration, ...] | None, ...] = self._ps[7]
        return declared

    @property
    def _undeclared(self) -> int:
        undeclared: int = self._ps[8]
        return undeclared

    @property
    def _belots(self) -> tuple[tuple[Seat, Suit], ...]:
        belots: tuple[tuple[Seat, Suit], ...] = self._ps[9]
        return belots

    # --- seats -----------------------------------------------------------------------------

    def next_seat(self, seat: Seat) -> Seat:
        """The player after ``seat`` in the order of play."""
        return self._next[seat]

    def _prev(self, seat: Seat) -> Seat:
        return Seat((seat - self.rules.direction) % 4)

    @property
    def cutter(self) -> Seat:
        """The player before the dealer, who cuts."""
        return self._prev(self.dealer)

    @property
    def first(self) -> Seat:
        """The player after the dealer: dealt first, bids first, leads the first trick."""
        return self._next[self.dealer]

    # --- public state ----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def turn(self) -> Seat | None:
        """The seat to act, or None when the deal is over."""
        return self._turn

    @property
    def cut(self) -> int | None:
        return self._cut

    @property
    def calls(self) -> tuple[tuple[Seat, Call], ...]:
        return self._calls

    @property
    def contract(self) -> Contract | None:
        return self._contract

    @property
    def bidder(self) -> Seat | None:
        """The seat that called the final contract."""
        return self._bidder

    @property
    def declarers(self) -> Team | None:
        return None if self._bidder is None else self._bidder.team

    @property
    def double(self) -> int:
        """1, 2 after contra, 4 after recontra."""
        return self._double

    @property
    def passes(self) -> int:
        """Passes in a row in the auction so far."""
        return self._passes

    @property
    def turned_card(self) -> Card | None:
        """The card turned face up for the auction, in a game that turns one (public)."""
        if not self.game.turns_a_card or self._cut is None:
            return None
        return ALL_CARDS[self._deck_idx[(self._cut + 20) % 32]]

    @property
    def is_over(self) -> bool:
        return self._phase is _OVER

    @property
    def all_passed(self) -> bool:
        """True when all four passed and the cards are to be dealt again."""
        return self._phase is _OVER and self._contract is None

    @property
    def actions(self) -> list[Action]:
        """Every action pushed so far, in order."""
        return [action for action, _, _ in self._stack]

    @property
    def history(self) -> list[tuple[Seat, Action]]:
        """Every action with the seat that took it."""
        return [(seat, action) for action, seat, _ in self._stack]

    def peek(self) -> Action:
        if not self._stack:
            raise IndexError("no action has been pushed")
        return self._stack[-1][0]

    def hand(self, seat: Seat) -> list[Card]:
        """The cards ``seat`` holds now."""
        return cards_of(self._hands[seat])

    def hand_mask(self, seat: Seat) -> int:
        return self._hands[seat]

    def dealt_hand(self, seat: Seat) -> list[Card]:
        """All eight cards ``seat`` was dealt (empty before the last three are dealt)."""
        return cards_of(self._full[seat])

    @property
    def tricks(self) -> list[Trick]:
        """Completed tricks, then the trick in progress (if any), in order."""
        out = []
        played = self._played
        for start in range(0, len(played), 4):
            chunk = played[start : start + 4]
            winner = self._winners[start // 4] if len(chunk) == 4 else None
            out.append(Trick(tuple((s, ALL_CARDS[c]) for s, c in chunk), winner))
        return out

    @property
    def current_trick(self) -> list[tuple[Seat, Card]]:
        played = self._played
        start = len(played) - len(played) % 4
        return [(s, ALL_CARDS[c]) for s, c in played[start:]]

    @property
    def trick_number(self) -> int:
        """Tricks completed so far (0..8)."""
        return len(self._winners)

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points taken so far per team (NS, EW), the last trick's bonus included."""
        return self._points

    @property
    def tricks_won(self) -> tuple[int, int]:
        winners = self._winners
        ns = winners.count(_NORTH) + winners.count(_SOUTH)
        return (ns, len(winners) - ns)

    def announced(self, seat: Seat) -> tuple[Declaration, ...] | None:
        """The declarations ``seat`` announced (None while it has not yet decided)."""
        return self._declared[seat]

    @property
    def belots(self) -> tuple[tuple[Seat, Suit], ...]:
        """Belots announced so far, each with the seat and suit."""
        return self._belots

    @property
    def silent_belas(self) -> tuple[tuple[Seat, Suit], ...]:
        """Belas kept silent so far (Bela), each with the seat and suit: they never score, and
        no seat's view shows them (the record does: ``KH-silent``)."""
        return tuple(
            (seat, action.card.suit)
            for action, seat, _ in self._stack
            if isinstance(action, Play) and action.silent
        )

    def scored_declarations(self) -> tuple[list[Declaration], list[Declaration]]:
        """Which announced declarations score, per team, once the first trick is complete."""
        announced = [d or () for d in self._declared]
        if self._contract is None:
            return ([], [])
        return self.game.scored_declarations(self, announced)

    @property
    def result(self) -> DealScore | None:
        """The score once the deal is over (None before, and when all four passed)."""
        return self._result

    def score(self, hanging: int = 0) -> DealScore:
        """The deal's score with ``hanging`` game points carried in from earlier deals."""
        if self._result is None:
            raise IllegalActionError("the deal has no score: it is not over or all passed")
        if hanging == 0:
            return self._result
        return self.game.score(self, hanging)

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """Every action the seat to act may take now, as an immutable sequence that is kept
        until the next ``push`` or ``pop`` (asking again of the same state costs nothing)."""
        offered = self._offered
        if offered is not None:
            return offered
        phase = self._phase
        if phase is _PLAYING:
            seat = self._turn
            assert seat is not None
            at: int = seat  # a native int indexes a tuple directly; a Seat, through __index__
            # By index, not unpacked into ``_``: compiled, each ``_`` would build its field.
            ps = self._ps
            undeclared: int = ps[8]
            mask: int
            if undeclared >> at & 1:
                offered = self._offered = self._choices[at][1]
                return offered
            hand = self._hand(at)
            count: int = ps[1]  # cards on the trick (an int's truth, not the number protocol's)
            if count:
                holder: int = ps[3]
                mask = self._legal = self._obliged.legal(hand, ps[0], ps[2], holder ^ at == 2)
            else:
                mask = self._legal = hand
            offered = self._offered = _plays(mask)
            silent = mask & self._silent_cards  # legal K and Q of trumps, in Bela
            if silent:
                # Only a king or queen whose partner card is held can announce a bela.
                pairs = hand & hand >> 1 & _QUEENS
                if silent & (pairs | pairs << 1):
                    offered = self._offered = self._with_silent(seat, offered, mask)
        elif phase is _BIDDING:
            assert self._turn is not None
            calls = self.game.legal_calls(self, self._turn)
            offered = self._offered = calls if type(calls) is LegalActions else LegalActions(calls)
        else:
            offered = self._offered = _CUT_ACTIONS if phase is _CUTTING else _NO_ACTIONS
        return offered

    def _with_silent(self, seat: Seat, offered: LegalActions, mask: int) -> LegalActions:
        """``offered`` (the Play actions of ``mask``) with, after each card that would announce
        a belot, the same card played keeping it silent (Bela, RULES.md §6: the holder may keep
        silent)."""
        hand = self._hand(seat)
        lead = self._lead
        # The few legal kings and queens of trumps first: most of them announce nothing.
        candidates = mask & self._silent_cards
        belots = 0
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            if self._is_belot(seat, low.bit_length() - 1, hand, lead):
                belots |= low
        if not belots:
            return offered
        out: list[Action] = []
        for action in offered:
            out.append(action)
            assert isinstance(action, Play)
            card = action.card.index
            if belots >> card & 1:
                out.append(_SILENT_PLAYS[card])
        return LegalActions(out)

    def legal_cards(self) -> list[Card]:
        """The cards the seat to act may play (empty outside the play or while declaring)."""
        if self._phase is not _PLAYING or self._needs_declare():
            return []
        assert self._turn is not None
        return cards_of(self._legal_mask(self._turn))

    def legal_mask(self) -> int:
        """The legal cards of the seat to act, as a card-set int."""
        if self._phase is not _PLAYING or self._turn is None:
            return 0
        return self._legal_mask(self._turn)

    def declaration_choices(self, seat: Seat | None = None) -> list[tuple[Declaration, ...]]:
        """What ``seat`` may announce with its first card, best first (the last is nothing)."""
        seat = self._turn if seat is None else seat
        if seat is None or self._phase is not _PLAYING:
            return []
        return list(self._choices[seat][0])

    def is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except IllegalActionError:
            return False
        return True

    def _needs_declare(self) -> bool:
        seat = self._turn
        return seat is not None and bool(self._undeclared >> seat & 1)

    def _legal_mask(self, seat: Seat) -> int:
        ps = self._ps
        hand = self._hand(seat)
        if not ps[1]:
            return hand
        return self._obliged.legal(hand, ps[0], ps[2], ps[3] ^ seat == 2)

    def _legal_calls(self) -> Iterable[Call] | LegalActions:
        seat = self._turn
        assert seat is not None
        return self.game.legal_calls(self, seat)

    # --- acting ----------------------------------------------------------------------------

    def push(self, action: Action, seat: Seat | None = None) -> None:
        """Apply ``action`` for the seat to act (or check that ``seat`` is that seat).

        Raises ``OutOfTurnError`` or ``IllegalActionError`` and changes nothing when the action
        is not allowed now.
        """
        if seat is not None and seat != self._turn:
            if self._turn is None:
                raise IllegalActionError("the deal is over")
            raise OutOfTurnError(f"it is {self._turn.name}'s turn, not {Seat(seat).name}'s")
        acting = self._turn
        kind = type(action)  # compiled, a field of the object; .__class__ is a lookup
        if kind is _PLAY_TYPE:  # the hot path
            play: Play = action  # type: ignore[assignment]  # (checked above, unseen by mypy)
            card: int = play.code  # the card's index, plus 32 when silent
            if card < 32:
                # A card that legal_actions() offered for this very state is already checked.
                if not self._legal >> card & 1:
                    self._check(play)
                assert acting is not None
                self._stack.append((play, acting, self._ps))
                self._legal = 0
                self._offered = None
                self._play(acting, card)
                return
        elif kind is _CALL_TYPE and self._phase is _BIDDING:  # the auction's common case
            call: Call = action  # type: ignore[assignment]
            assert acting is not None
            # A call that legal_actions() offered for this very state is already checked.
            offered = self._offered
            if offered is None or not is_among(call, offered):
                why = self.game.why_illegal(self, acting, call)
                if why is not None:
                    raise IllegalActionError(why)
            self._stack.append((call, acting, self._snapshot()))
            self._legal = 0
            self._offered = None
            self._call(acting, call)
            return
        self._check(action)
        assert acting is not None
        if isinstance(action, Play):
            self._stack.append((action, acting, self._ps))
            self._legal = 0
            self._offered = None
            self._play(acting, action.card.index, action.silent)
            return
        self._stack.append((action, acting, self._snapshot()))
        self._legal = 0
        self._offered = None
        if isinstance(action, Call):
            self._call(acting, action)
        elif isinstance(action, Declare):
            ps = self._ps
            declared = (*ps[7][:acting], action.declarations, *ps[7][acting + 1 :])
            self._ps = (*ps[:7], declared, ps[8] & ~(1 << acting), ps[9])
        else:
            self._do_cut(action.count)

    def push_str(self, text: str, seat: Seat | None = None) -> Action:
        """Parse an action's notation and push it; returns the action."""
        from belot.engine.actions import parse_action

        action = parse_action(text)
        self.push(action, seat)
        return action

    def pop(self) -> Action:
        """Take back the last action and return it."""
        if not self._stack:
            raise IndexError("no action to take back")
        action, seat, snap = self._stack.pop()
        if isinstance(action, Play):  # a play kept _ps only: before it, the rest was this
            self._ps = snap
            self._held = _returned(self._held, seat, action.code & 31)
            self._phase = _PLAYING
            self._turn = seat
            self._result = None
        else:
            self._restore(snap)
        self._legal = 0
        self._offered = None
        return action

    def _check(self, action: Action) -> None:
        phase = self._phase
        if phase is _OVER:
            raise IllegalActionError("the deal is over")
        seat = self._turn
        assert seat is not None
        if isinstance(action, Play):
            if phase is not _PLAYING:
                raise IllegalActionError(f"no card can be played during the {phase.value}")
            if self._needs_declare():
                raise IllegalActionError(
                    f"{seat.name} must first say what to declare (or 'declare:' for nothing)"
                )
            card = action.card
            if not self._hands[seat] & card.mask:
                raise IllegalActionError(f"{seat.name} does not hold {card}")
            if not self._legal_mask(seat) & card.mask:
                legal = " ".join(str(c) for c in cards_of(self._legal_mask(seat)))
                raise IllegalActionError(f"{card} may not be played now (legal: {legal})")
            if action.silent:
                self._check_silent(seat, card)
        elif isinstance(action, Call):
            if phase is not _BIDDING:
                raise IllegalActionError(f"no call can be made during the {phase.value}")
            why = self.game.why_illegal(self, seat, action)
            if why is not None:
                raise IllegalActionError(why)
        elif isinstance(action, Declare):
            if phase is not _PLAYING or self._declared[seat] is not None or self._winners:
                raise IllegalActionError("declarations are announced only with the first card")
            if not self._undeclared >> seat & 1:
                raise IllegalActionError(f"{seat.name} has nothing to declare: play a card")
            if not is_among(action, self._choices[seat][1]):
                raise IllegalActionError(
                    f"{seat.name} cannot announce {action} (cards not held, or a card used twice)"
                )
        elif isinstance(action, Cut):
            if phase is not _CUTTING:
                raise IllegalActionError("the deck has already been cut")
            if not isinstance(action.count, int) or not 1 <= action.count <= 31:
                raise IllegalActionError(f"a cut lifts 1 to 31 cards, not {action.count}")
        else:
            raise InvalidActionError(f"not an action: {action!r}")

    def _check_silent(self, seat: Seat, card: Card) -> None:
        """Raise unless ``seat`` may play the legal ``card`` keeping a belot silent."""
        if not self.game.bela_optional:
            raise IllegalActionError(
                f"{card}{SILENT_SUFFIX}: only in Bela may a belot be kept silent; play {card}"
            )
        index = card.index
        if not (
            self._silent_cards >> index & 1
            and self._is_belot(seat, index, self._hands[seat], self._lead)
        ):
            raise IllegalActionError(
                f"{card}{SILENT_SUFFIX}: {card} is not the first of K+Q of trumps played as a "
                f"bela, so there is no bela to keep silent; play {card}"
            )

    def _do_cut(self, count: int) -> None:
        self._cut = count
        self._held = self._dealt_first()
        self._ps = _NOT_DEALT
        self._phase = _BIDDING
        self._turn = self._next[self.dealer]

    def _cut_deck(self) -> tuple[int, ...]:
        """The deck's card indices after the cut, top first."""
        cut = self._cut
        assert cut is not None
        return self._deck_idx[cut:] + self._deck_idx[:cut]

    def _dealt_first(self) -> tuple[int, int, int, int]:
        """The hands dealt for the auction, from the cut deck."""
        return self.game.deal_first(self._cut_deck(), self._next[self.dealer], self._next)

    def _call(self, seat: Seat, call: Call) -> None:
        contract, bidder, double, passes, step = self.game.after_call(self, seat, call)
        self._calls = (*self._calls, (seat, call))
        self._contract, self._bidder, self._double, self._passes = contract, bidder, double, passes
        if step is _NEXT:
            self._turn = self._next[seat]
        elif step is _PARTNER:
            self._turn = self._next[self._next[seat]]
        elif step is _PLAY:
            self._start_play()
        else:  # nobody took: the deal ends without a score
            self._phase = _OVER
            self._turn = None

    def _start_play(self) -> None:
        contract, rules, after = self._contract, self.rules, self._next
        assert contract is not None and self._bidder is not None
        first = after[self.dealer]
        hands = self.game.deal_rest(self._cut_deck(), self._held, first, after, self._bidder)
        self._full = self._held = hands
        # Fixed for the play: the contract's obligations and tables (a pop back into the
        # auction and a new contract come through here again).
        setup = _PLAY_SETUPS.get((id(rules), contract))
        if setup is None or setup[0] is not rules:
            setup = _play_setup(self.game, rules, contract)
        (
            _,
            self._obliged,
            self._beats,
            self._values,
            self._last_trick,
            self._silent_cards,
            self._announces,
            declares,
            choose,
        ) = setup
        if not declares:
            self._choices = (_NO_DECLARING,) * 4
            declared: tuple[tuple[Declaration, ...] | None, ...] = ((), (), (), ())
            undeclared = 0
        else:
            choices: tuple[tuple[Choices, LegalActions], ...]
            if choose is None:
                choices = (  # four native calls, where map() would call through Python
                    _announcement_choices(hands[0]),
                    _announcement_choices(hands[1]),
                    _announcement_choices(hands[2]),
                    _announcement_choices(hands[3]),
                )
            else:
                choices = tuple(_offers(choose(hand)) for hand in hands)
            self._choices = choices
            declared = (None, None, None, None)
            undeclared = (
                (len(choices[0][0]) > 1)
                | (len(choices[1][0]) > 1) << 1
                | (len(choices[2][0]) > 1) << 2
                | (len(choices[3][0]) > 1) << 3
            )
        self._ps = (0, 0, 0, first, 0, (), (0, 0), declared, undeclared, ())
        self._phase = _PLAYING
        self._turn = first

    def _play(self, seat: Seat, card: int, silent: bool = False) -> None:
        """``seat`` plays ``card`` (legal; ``silent``: keeping its belot silent, checked)."""
        # The fields' types (see PlayState); the tuples of any length stay Python tuples.
        lead: Any  # passed on as it is (the card index that led the trick)
        count: int
        win: int
        holder: Seat
        taken: int
        winners: tuple[Seat, ...]
        points: tuple[Any, ...]
        declared: tuple[tuple[Declaration, ...] | None, ...]
        undeclared: Any  # passed on as it is, but at a seat's first card
        belots: tuple[tuple[Seat, Suit], ...]
        lead, count, win, holder, taken, winners, points, declared, undeclared, belots = self._ps
        # The seat as a native int indexes a tuple directly; a Seat goes through __index__.
        at: int = seat
        if not winners and declared[at] is None:  # a first card with nothing chosen
            declared = (
                ((), declared[1], declared[2], declared[3])
                if at == 0
                else (declared[0], (), declared[2], declared[3])
                if at == 1
                else (declared[0], declared[1], (), declared[3])
                if at == 2
                else (declared[0], declared[1], declared[2], ())
            )
            undeclared = undeclared & ~(1 << at)
        # The hands as native ints, the one that plays read by a constant index.
        h0, h1, h2, h3 = self._held
        hand = h0 if seat is _NORTH else h1 if seat is _EAST else h2 if seat is _SOUTH else h3
        if (
            self._announces[card]
            and self._is_belot(seat, card, hand, lead if count else None)
            and not silent
        ):
            belots = (*belots, (seat, _SUITS[card >> 3]))
        held = hand & ~(1 << card)
        # ``is`` on the Seat members (a seat is always one): ``==`` on an IntEnum is not
        # specialized by CPython 3.11, and costs several times more.
        self._held = (
            (held, h1, h2, h3)
            if seat is _NORTH
            else (h0, held, h2, h3)
            if seat is _EAST
            else (h0, h1, held, h3)
            if seat is _SOUTH
            else (h0, h1, h2, held)
        )
        if not count:
            self._ps = (
                card,
                1,
                card,
                seat,
                self._values[card],
                winners,
                points,
                declared,
                undeclared,
                belots,
            )
            self._turn = self._next[at]
            return
        if self._beats[win] >> card & 1:
            win, holder = card, seat
        taken += self._values[card]
        if count < 3:
            self._ps = (
                lead,
                count + 1,
                win,
                holder,
                taken,
                winners,
                points,
                declared,
                undeclared,
                belots,
            )
            self._turn = self._next[at]
            return
        # One tuple built, where (*winners, holder), compiled, builds a list first.
        winners = winners + (holder,)  # noqa: RUF005
        if len(winners) == 8:
            taken += self._last_trick
        points = (points[0], points[1] + taken) if holder & 1 else (points[0] + taken, points[1])
        self._ps = (0, 0, 0, holder, 0, winners, points, declared, undeclared, belots)
        if len(winners) < 8:
            self._turn = holder
            return
        self._phase = _OVER
        self._turn = None
        self._result = self.game.score(self, 0)

    def _is_belot(self, seat: Seat, card: int, hand: int, lead: int | None) -> bool:
        """Whether ``seat`` playing ``card`` (a queen or king) from ``hand`` announces a belot
        (``lead``: the card that led the trick in progress, None when ``card`` leads)."""
        contract = self._contract
        assert contract is not None
        if contract == _NO_TRUMPS:
            return False
        suit = card >> 3
        if contract <= 3 and suit != contract:  # a suit contract, another suit
            return False
        if not hand >> (card ^ (_KING ^ _QUEEN)) & 1:  # the king for the queen and back
            return False  # not the first of the two, or no pair
        # Off the led suit, only a suit contract's trump on a plain-suit lead keeps its belot.
        off_suit = lead is not None and lead >> 3 != suit
        return not off_suit or (contract != _ALL_TRUMPS and self.rules.belot_when_trumping)

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may know of this deal."""
        from belot.engine.view import view_of

        return view_of(self, seat)

    # --- copies and display ---------------------------------------------------------------

    def __reduce__(self) -> tuple[Callable[..., Deal], tuple[object, ...]]:
        """Pickled, and deep-copied, as its start and its actions, replayed: the contract's
        obligations are a function bound as the play begins, which pickle cannot copy, nor a
        deepcopy once compiled."""
        start = (self.rules, self.dealer, self.deck, self.seed, self.standing)
        return (_replayed, (*start, tuple(self.actions)))

    def copy(self) -> Deal:
        """An independent copy with the same history (undo included)."""
        other = Deal.__new__(Deal)
        # In the order __init__ sets them, never through __dict__ (see _restore).
        for name in _ATTRIBUTES:
            setattr(other, name, getattr(self, name))
        other._stack = list(self._stack)
        return other

    def __repr__(self) -> str:
        return (
            f"<Deal dealer={self.dealer.name} phase={self._phase.value} "
            f"turn={self._turn.name if self._turn is not None else '-'} "
            f"actions={len(self._stack)}>"
        )


def _replayed(
    rules: Rules,
    dealer: Seat,
    deck: Sequence[Card],
    seed: int | str | None,
    standing: Standing | None,
    actions: Sequence[Action],
) -> Deal:
    """The deal that ``Deal.__reduce__`` describes."""
    deal = Deal(rules, dealer=dealer, deck=deck, seed=seed, standing=standing)
    for action in actions:
        deal.push(action)
    return deal
