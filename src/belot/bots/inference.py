"""What the other team's plays say of their hands, with `basic` as the model of a player.

A player leads and follows by habit: the ace of a long suit, a low card to a trick it cannot
win, points to a partner who holds the trick. So each card the other team played says more of
the hand it came from than the rules of play alone (which ``belot.bots.sampling`` takes in).
Whether a play left a choice is asked of the deal's own game (``game_of(rules).obligations``),
so a forced card of French Belote, Coinche or Bela weighs nothing either.
``PlayModel`` weighs a dealt world by how many of the other team's plays `basic`, holding that
world's cards, would have made: each play it would not have made multiplies the world's weight by
``miss``. A world in which `basic` would have played every card as it was played keeps its weight.
With a ``partner_miss`` the partner's plays are read the same way, each at that weight (a `strong`
partner plays as `basic` often, not always). In Bulgarian Belot `basic` counts out the last
``ENDGAME_TRICKS`` tricks by solving dealings of the unseen cards (``basic.count_out``), which the
model does not replay: plays from a hand that short weigh nothing.

What a seat knew when it played (the cards gone, the voids shown, the declarations and belots
heard) is the same in every world but for its own hand, so it is worked out once a decision and
only the hand is filled in per world.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from belot.bots.basic import ENDGAME_TRICKS, play_card
from belot.bots.knowledge import Knowledge
from belot.engine.cards import Rank
from belot.engine.deal import Trick
from belot.engine.games import game_of
from belot.engine.table import Seat
from belot.engine.view import SeatView

__all__ = ["PlayModel"]

_ALL = (1 << 32) - 1


@dataclass(frozen=True, slots=True)
class _Play:
    """One card the other team (or the partner) played, with what its seat knew then but for its
    own hand."""

    seat: Seat
    card: int
    #: The world's weight is multiplied by this when `basic` would not have played the card.
    miss: float
    #: The cards the seat played from this one on: its hand then was its hand now and these.
    since: int
    #: The cards on the trick before this one, in play order.
    trick: tuple[int, ...]
    #: The seat's knowledge then, built with an empty hand.
    know: Knowledge


class PlayModel:
    """The weight of a dealt world by the other team's plays so far (see the module docstring).

    >>> from belot.engine import Deal, Seat, Cut
    >>> deal = Deal.new(seed=3, dealer=Seat.N)
    >>> deal.push(Cut(10))
    >>> PlayModel(deal.view(Seat.S), miss=0.3).plays  # nothing played yet
    0
    """

    def __init__(
        self, view: SeatView, miss: float | None, *, partner_miss: float | None = None
    ) -> None:
        self._rule, self._option = game_of(view.rules).obligations(view.rules)
        self._contract = view.contract
        self._plays: list[_Play] = []
        self._seen: dict[tuple[int, int], bool] = {}
        if view.contract is None:
            return
        # Hands of this many cards or fewer played `basic`'s counted-out end, not its rules.
        counted = ENDGAME_TRICKS if view.rules.preset == "bulgarian" else 0
        history = [(seat, card.index) for trick in view.tricks for seat, card in trick.plays]
        since = [0, 0, 0, 0]
        plays: list[_Play] = []
        for n in range(len(history) - 1, -1, -1):
            seat, card = history[n]
            since[seat] |= 1 << card
            t, p = divmod(n, 4)
            read = partner_miss if seat == view.seat.partner else miss
            if seat == view.seat or read is None or 8 - t <= counted:
                continue
            plays.append(
                _Play(
                    seat,
                    card,
                    read,
                    since[seat],
                    tuple(c for _, c in history[4 * t : n]),
                    Knowledge.of(_as_seen_by(view, seat, t, p)),
                )
            )
        plays.reverse()
        self._plays = plays

    @property
    def plays(self) -> int:
        """How many plays (of the other team's, and of the partner's with a ``partner_miss``)
        the model weighs."""
        return len(self._plays)

    def weight(self, hands: tuple[int, int, int, int]) -> float:
        """The product of the misses of the plays `basic` would not have made holding ``hands``
        (each seat's cards now): ``miss`` for each of the other team's (None: not read),
        ``partner_miss`` for each of the partner's (None: not read)."""
        result = 1.0
        for i, play in enumerate(self._plays):
            hand = hands[play.seat] | play.since
            key = (i, hand)
            agrees = self._seen.get(key)
            if agrees is None:
                agrees = self._seen[key] = self._agrees(play, hand)
            if not agrees:
                result *= play.miss
        return result

    def _agrees(self, play: _Play, hand: int) -> bool:
        """Whether `basic`, holding ``hand``, would have played ``play.card``."""
        assert self._contract is not None
        legal = self._rule(hand, play.trick, self._contract, self._option)
        if legal & (legal - 1) == 0:
            return True  # no choice
        know = play.know
        known = list(know.known)
        known[play.seat] = hand
        excluded = list(know.excluded)
        excluded[play.seat] = _ALL & ~hand
        know = dataclasses.replace(
            know,
            hand=hand,
            unseen=know.unseen & ~hand,
            known=(known[0], known[1], known[2], known[3]),
            excluded=(excluded[0], excluded[1], excluded[2], excluded[3]),
        )
        cards = [c for c in range(32) if legal >> c & 1]
        return play_card(know, cards) == play.card


def _as_seen_by(view: SeatView, seat: Seat, t: int, p: int) -> SeatView:
    """``view`` as ``seat`` saw the deal before the ``p``-th card of trick ``t``, with an empty
    hand (the hand is each world's)."""
    tricks = list(view.tricks[:t])
    if p:
        tricks.append(Trick(view.tricks[t].plays[:p], None))
    played = [0, 0, 0, 0]
    for trick in tricks:
        for s, _ in trick.plays:
            played[s] += 1
    # Declarations show their cards once the first trick is over; a belot is heard with its
    # first card.
    announcements = view.announcements if t else ()
    belots = tuple(
        (holder, suit)
        for holder, suit in view.belots
        if any(
            s == holder and card.suit == suit and card.rank in (Rank.KING, Rank.QUEEN)
            for trick in tricks
            for s, card in trick.plays
        )
    )
    return dataclasses.replace(
        view,
        seat=seat,
        hand=(),
        hand_sizes=(8 - played[0], 8 - played[1], 8 - played[2], 8 - played[3]),
        tricks=tuple(tricks),
        announcements=announcements,
        belots=belots,
        declared=None,
        legal=(),
    )
