"""The integer actions and the observation tensors and strings that both adapters share.

Actions (one numbering for the four games; each game's legal ones are a subset):

==========  ===================================================================
0..31       play a card: ``card.index`` (``suit * 8 + rank``, 7C = 0 … AS = 31)
32..39      Bela: play K or Q of trumps keeping the bela silent (``32 + suit * 2 + (K?1:0)``)
40..44      pass, contra, recontra, coinche, surcoinche
45..50      bid a contract: clubs, diamonds, hearts, spades, no-trumps, all-trumps
51..90      Coinche: bid ``80 + 10 * level`` (level 0..8; level 9 is capot) in a suit:
            ``51 + level * 4 + suit``
91          announce no declaration with the first card
92..107     announce the ``k``-th choice (``92 + k``) of ``Deal.declaration_choices()``, best
            first, the empty choice left out
==========  ===================================================================

Chance outcomes: while the deck is shuffled, the next card from the top (its index, 0..31);
then the cut, the number of cards lifted (1..31).

An observation is a flat float32 tensor made of named pieces (``pieces``): the information
state holds the whole auction and every card played with its seat, in order; the observation
holds the present only (the trick on the table, who played which card, each seat's last call).
Both hold the seat's own cards and what was announced in public, and nothing else: two deals
that differ only in cards a seat has not seen give it equal tensors and strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from belot.engine.actions import CAPOT_LEVEL, Action, Call, CallKind, Declare, Play
from belot.engine.cards import ALL_CARDS, Rank
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.declarations import Kind
from belot.engine.errors import BelotError, IllegalActionError
from belot.engine.table import Seat
from belot.engine.view import SeatView

__all__ = [
    "DECLARE_BASE",
    "DECLARE_NOTHING",
    "GAME_NAMES",
    "MAX_CALLS",
    "MAX_DECLARE_CHOICES",
    "NUM_ACTIONS",
    "PASS",
    "Tensor",
    "TensorKind",
    "action_id",
    "action_of",
    "action_text",
    "call_ids",
    "encode",
    "legal_ids",
    "pieces",
    "tensor_size",
    "view_string",
]

#: The presets, in the order the adapters register them.
GAME_NAMES: Final = ("bulgarian", "french", "coinche", "bela")

SILENT_BASE: Final = 32
PASS: Final = 40
CONTRA: Final = 41
RECONTRA: Final = 42
COINCHE: Final = 43
SURCOINCHE: Final = 44
BID_BASE: Final = 45
POINTS_BID_BASE: Final = 51
#: Coinche's bid levels in order, capot last.
BID_LEVELS: Final = (*range(80, 161, 10), CAPOT_LEVEL)
DECLARE_NOTHING: Final = POINTS_BID_BASE + 4 * len(BID_LEVELS)
DECLARE_BASE: Final = DECLARE_NOTHING + 1
#: Non-empty declaration choices a hand may have: eight cards hold at most three declarations
#: (a four and two tierces through it), so at most 4 choices (7 when Bela lets a card serve
#: twice); the layout keeps room for 16.
MAX_DECLARE_CHOICES: Final = 16
NUM_ACTIONS: Final = DECLARE_BASE + MAX_DECLARE_CHOICES

_SIMPLE_CALLS: Final = {
    CallKind.PASS: PASS,
    CallKind.CONTRA: CONTRA,
    CallKind.RECONTRA: RECONTRA,
    CallKind.COINCHE: COINCHE,
    CallKind.SURCOINCHE: SURCOINCHE,
}
_CALL_OF_ID: Final[dict[int, Call]] = {
    PASS: Call.pass_(),
    CONTRA: Call.contra(),
    RECONTRA: Call.recontra(),
    COINCHE: Call(CallKind.COINCHE),
    SURCOINCHE: Call(CallKind.SURCOINCHE),
    **{BID_BASE + c: Call.bid(Contract(c)) for c in range(6)},
    **{
        POINTS_BID_BASE + 4 * i + suit: Call.points_bid(level, Contract(suit))
        for i, level in enumerate(BID_LEVELS)
        for suit in range(4)
    },
}

#: The calls each game can make, in id order (the one-hot width of a call in a tensor).
_CALL_IDS: Final[dict[str, tuple[int, ...]]] = {
    "bulgarian": (PASS, CONTRA, RECONTRA, *range(BID_BASE, BID_BASE + 6)),
    "french": (PASS, *range(BID_BASE, BID_BASE + 4)),
    "coinche": (PASS, COINCHE, SURCOINCHE, *range(POINTS_BID_BASE, DECLARE_NOTHING)),
    "bela": (PASS, *range(BID_BASE, BID_BASE + 4)),
}
#: The longest auction of each game. Three passes after a call end it, so at most two passes
#: come between two other calls, three before the first and three after the last: Bulgarian
#: Belot has at most 18 other calls (six rising contracts, each doubled and redoubled), so
#: 3 + 18 + 17 * 2 + 3 = 58; Coinche 42 (forty rising bids, a coinche, a surcoinche), so
#: 3 + 42 + 41 * 2 + 3 = 130; French Belote two rounds of four; Bela three passes and a call.
MAX_CALLS: Final = {"bulgarian": 58, "french": 8, "coinche": 130, "bela": 4}


def call_ids(game: str) -> tuple[int, ...]:
    return _CALL_IDS[game]


def _call_id(call: Call) -> int:
    simple = _SIMPLE_CALLS.get(call.kind)
    if simple is not None:
        return simple
    assert call.contract is not None
    if call.level:
        return POINTS_BID_BASE + 4 * BID_LEVELS.index(call.level) + int(call.contract)
    return BID_BASE + int(call.contract)


def action_id(deal: Deal, action: Action) -> int:
    """The integer of ``action`` taken by the seat to act in ``deal``."""
    if isinstance(action, Play):
        card = action.card
        if action.silent:
            return SILENT_BASE + 2 * int(card.suit) + (card.rank == Rank.KING)
        return card.index
    if isinstance(action, Call):
        return _call_id(action)
    if isinstance(action, Declare):
        if not action.declarations:
            return DECLARE_NOTHING
        choices = [c for c in deal.declaration_choices() if c]
        k = choices.index(action.declarations)
        if k >= MAX_DECLARE_CHOICES:
            raise BelotError(f"declaration choice {k} is beyond the layout's {MAX_DECLARE_CHOICES}")
        return DECLARE_BASE + k
    raise IllegalActionError(f"{action} is a chance step in the research adapters, not an action")


def action_of(deal: Deal, number: int) -> Action:
    """The action that ``number`` stands for in ``deal`` (checked by ``deal.push``)."""
    if not isinstance(number, int | np.integer) or not 0 <= number < NUM_ACTIONS:
        raise IllegalActionError(f"action {number!r} is not in 0..{NUM_ACTIONS - 1}")
    number = int(number)
    if number < SILENT_BASE:
        return Play(ALL_CARDS[number])
    if number < PASS:
        suit, king = divmod(number - SILENT_BASE, 2)
        return Play(ALL_CARDS[suit * 8 + Rank.QUEEN + king], silent=True)
    if number < DECLARE_NOTHING:
        return _CALL_OF_ID[number]
    if number == DECLARE_NOTHING:
        return Declare(())
    choices = [c for c in deal.declaration_choices() if c]
    if number - DECLARE_BASE >= len(choices):
        choice = number - DECLARE_BASE
        raise IllegalActionError(f"action {number}: there is no declaration choice {choice} now")
    return Declare(choices[number - DECLARE_BASE])


def legal_ids(deal: Deal) -> list[int]:
    """The integers of the legal actions of the seat to act, ascending."""
    return sorted(action_id(deal, action) for action in deal.legal_actions())


def action_text(number: int) -> str:
    """A short name for action ``number`` (a declaration choice names its index)."""
    if number >= DECLARE_BASE:
        return f"declare:choice{number - DECLARE_BASE}"
    if number == DECLARE_NOTHING:
        return "declare:"
    if number < PASS:
        suit, king = divmod(number - SILENT_BASE, 2)
        if number < SILENT_BASE:
            return str(ALL_CARDS[number])
        return f"{ALL_CARDS[suit * 8 + Rank.QUEEN + king]}-silent"
    return str(_CALL_OF_ID[number])


# --- tensors --------------------------------------------------------------------------------

TensorKind = Literal["information_state", "observation"]
Tensor = npt.NDArray[np.float32]

_KINDS: Final = (Kind.TIERCE, Kind.QUARTE, Kind.QUINTE, Kind.FOUR)
_PHASES: Final = (Phase.CUT, Phase.AUCTION, Phase.PLAY, Phase.OVER)


def pieces(game: str, kind: TensorKind) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces of a tensor, in order, with their shapes."""
    width = len(_CALL_IDS[game])
    out: list[tuple[str, tuple[int, ...]]] = [
        ("seat", (4,)),
        ("dealer", (4,)),
        ("phase", (4,)),
        ("turn", (4,)),
        ("hand", (32,)),
    ]
    if game == "french":
        out.append(("turned", (32,)))
    out += [
        ("contract", (6,)),
        ("bidder", (4,)),
        # No double, coinche or contra, recontra or surcoinche.
        ("double", (3,)),
        # Per seat: decided, tierces, quartes, quintes, fours, points / 100.
        ("announced", (4, 6)),
        # Per seat: the cards of its declarations, once shown (one's own at once).
        ("declared_cards", (4, 32)),
        # Per seat and suit: a belot announced.
        ("belots", (4, 4)),
        # Card points taken (NS, EW) / 100.
        ("card_points", (2,)),
        # The match: written points (NS, EW) and hanging points, over the target.
        ("standing", (3,)),
    ]
    if kind == "information_state":
        out += [("calls", (MAX_CALLS[game], width)), ("plays", (32, 36))]
    else:
        out += [
            ("last_calls", (4, width)),
            ("trick", (4, 32)),
            ("leader", (4,)),
            ("played", (4, 32)),
        ]
    return out


def tensor_size(game: str, kind: TensorKind) -> int:
    return sum(int(np.prod(shape)) for _, shape in pieces(game, kind))


def encode(view: SeatView, kind: TensorKind, out: Tensor | None = None) -> Tensor:
    """``view`` as a flat tensor of ``pieces(view.rules.preset, kind)`` (written into ``out``
    when given)."""
    game = view.rules.preset
    layout = pieces(game, kind)
    size = sum(int(np.prod(shape)) for _, shape in layout)
    if out is None:
        out = np.zeros(size, np.float32)
    else:
        out.fill(0.0)
    parts: dict[str, Tensor] = {}
    at = 0
    for name, shape in layout:
        step = int(np.prod(shape))
        parts[name] = out[at : at + step].reshape(shape)
        at += step
    parts["seat"][view.seat] = 1
    parts["dealer"][view.dealer] = 1
    parts["phase"][_PHASES.index(view.phase)] = 1
    if view.turn is not None:
        parts["turn"][view.turn] = 1
    for card in view.hand:
        parts["hand"][card.index] = 1
    if view.turned is not None:
        parts["turned"][view.turned.index] = 1
    if view.contract is not None:
        parts["contract"][view.contract] = 1
    if view.bidder is not None:
        parts["bidder"][view.bidder] = 1
    if view.double > 1:
        parts["double"][1 if view.double == 2 else 2] = 1
    else:
        parts["double"][0] = 1
    announced, shown = parts["announced"], parts["declared_cards"]
    for seat in Seat:
        if seat == view.seat and view.declared is not None:
            announced[seat, 0] = 1
    for a in view.announcements:
        announced[a.seat, 0] = 1
        announced[a.seat, 1 + _KINDS.index(a.kind)] += 1
        announced[a.seat, 5] += a.points / 100
        if a.declaration is not None:
            for card_index in range(32):
                if a.declaration.cards >> card_index & 1:
                    shown[a.seat, card_index] = 1
    for seat, suit in view.belots:
        parts["belots"][seat, suit] = 1
    parts["card_points"][:] = (view.card_points[0] / 100, view.card_points[1] / 100)
    if view.standing is not None:
        target = view.standing.target
        parts["standing"][:] = (
            view.standing.totals[0] / target,
            view.standing.totals[1] / target,
            view.standing.hanging / target,
        )
    ids = _CALL_IDS[game]
    if kind == "information_state":
        calls = parts["calls"]
        for i, (_, call) in enumerate(view.calls):
            calls[i, ids.index(_call_id(call))] = 1
        plays = parts["plays"]
        for i, (seat, card) in enumerate(p for trick in view.tricks for p in trick.plays):
            plays[i, card.index] = 1
            plays[i, 32 + seat] = 1
    else:
        for seat, call in view.calls:
            parts["last_calls"][seat] = 0
            parts["last_calls"][seat, ids.index(_call_id(call))] = 1
        for seat, card in view.current_trick:
            parts["trick"][seat, card.index] = 1
        if view.current_trick:
            parts["leader"][view.current_trick[0][0]] = 1
        for trick in view.tricks:
            for seat, card in trick.plays:
                parts["played"][seat, card.index] = 1
    return out


# --- strings --------------------------------------------------------------------------------


def _cards(cards: Sequence[object]) -> str:
    return " ".join(map(str, cards)) or "-"


def view_string(view: SeatView, kind: TensorKind) -> str:
    """``view`` as text: the whole deal so far (``information_state``) or its present."""
    lines = [
        f"{view.rules.preset} seat {view.seat.name} dealer {view.dealer.name} "
        f"phase {view.phase.value} turn {view.turn.name if view.turn is not None else '-'}",
        f"hand {_cards(view.hand)}",
    ]
    if view.standing is not None:
        s = view.standing
        lines.append(f"match NS {s.totals[0]} EW {s.totals[1]} hanging {s.hanging}")
    if view.turned is not None:
        lines.append(f"turned {view.turned}")
    if kind == "information_state":
        lines.append(f"cut {view.cut if view.cut is not None else '-'}")
        lines.append("calls " + (" ".join(f"{s.name}:{c}" for s, c in view.calls) or "-"))
    else:
        last = {s: c for s, c in view.calls}
        lines.append("calls " + (" ".join(f"{s.name}:{c}" for s, c in last.items()) or "-"))
    if view.contract is not None:
        bidder = view.bidder.name if view.bidder is not None else "-"
        lines.append(f"contract {view.contract} by {bidder} x{view.double}")
    if view.declared is not None:
        lines.append("declared " + (",".join(map(str, view.declared)) or "nothing"))
    for a in view.announcements:
        shown = "" if a.declaration is None else f" {a.declaration}"
        lines.append(f"announced {a.seat.name} {a.kind.text} {a.points}{shown}")
    if view.belots:
        lines.append("belots " + " ".join(f"{s.name}:{suit}" for s, suit in view.belots))
    if kind == "information_state":
        for trick in view.tricks:
            plays = " ".join(f"{s.name}:{c}" for s, c in trick.plays)
            winner = "" if trick.winner is None else f" won by {trick.winner.name}"
            lines.append(f"trick {plays}{winner}")
    else:
        played = {s: [c for t in view.tricks for p, c in t.plays if p == s] for s in Seat}
        lines.append("played " + " ".join(f"{s.name}:{_cards(cs)}" for s, cs in played.items()))
        lines.append("table " + (" ".join(f"{s.name}:{c}" for s, c in view.current_trick) or "-"))
    lines.append(f"points NS {view.card_points[0]} EW {view.card_points[1]}")
    if view.result is not None:
        lines.append(f"written NS {view.result.written[0]} EW {view.result.written[1]}")
    if view.revealed is not None:
        lines.append(
            "dealt " + " ".join(f"{Seat(i).name}:{_cards(h)}" for i, h in enumerate(view.revealed))
        )
    return "\n".join(lines)


def check_game(name: str) -> str:
    """``name`` if it is one of the four games, else a one-line error."""
    if name not in GAME_NAMES:
        raise BelotError(f"unknown game {name!r} (known: {', '.join(GAME_NAMES)})")
    return name
