"""One deal or one match, with the shuffle and the cut as chance steps: what both adapters drive.

A session waits for chance outcomes (``chance_outcomes``, ``apply_chance``) while the deck is
shuffled card by card and while it is cut, and for the seat to act otherwise (``apply``). With a
``seed`` the deck is not a chance step: the deal is ``Deal.new(seed=seed)``'s (deal ``k`` of a
match: ``hashed_deal_seed(seed, k)``'s); the cut stays one.
"""

from __future__ import annotations

from typing import Final

from belot.engine.actions import Action, Cut
from belot.engine.cards import ALL_CARDS, Card
from belot.engine.deal import Deal, Phase
from belot.engine.errors import IllegalActionError
from belot.engine.games import game_of
from belot.engine.match import hashed_deal_seed
from belot.engine.rules import Rules
from belot.engine.sheet import ScoreSheet
from belot.engine.table import Seat, Team
from belot.engine.view import SeatView

__all__ = ["Session"]

_CUTS: Final = tuple(range(1, 32))


class Session:
    """A deal (``match=False``) or a match to the rules' target, from the first shuffle."""

    def __init__(
        self,
        rules: Rules,
        *,
        match: bool = False,
        seed: int | None = None,
        dealer: Seat = Seat.N,
    ) -> None:
        self.rules = rules
        self.match = match
        self.seed = seed
        self.sheet = ScoreSheet(target=rules.target, ends=game_of(rules).match_winner)
        #: Deals finished before the current one (a match only).
        self.finished: list[Deal] = []
        self._dealer = Seat(dealer)
        #: The cards drawn so far for the deck being shuffled (top first).
        self.drawn: list[Card] = []
        self.deal: Deal | None = None
        self._start_deal()

    def copy(self) -> Session:
        other = object.__new__(Session)
        other.rules, other.match, other.seed = self.rules, self.match, self.seed
        other.sheet = ScoreSheet(target=self.sheet.target, ends=self.sheet.ends)
        other.sheet.deals = list(self.sheet.deals)
        other.finished = list(self.finished)
        other._dealer = self._dealer
        other.drawn = list(self.drawn)
        other.deal = None if self.deal is None else self.deal.copy()
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Session:
        # OpenSpiel clones a Python state with copy.deepcopy: a deal's copy shares its
        # immutable snapshots, so there is nothing deeper to copy.
        return self.copy()

    # --- chance --------------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.drawn = []
        self.deal = None
        if self.seed is not None:
            seed = self.seed if not self.match else hashed_deal_seed(self.seed, len(self.finished))
            standing = self.sheet.standing if self.match else None
            self.deal = Deal(self.rules, dealer=self._dealer, seed=seed, standing=standing)

    def _begin(self, deck: tuple[Card, ...]) -> None:
        standing = self.sheet.standing if self.match else None
        self.deal = Deal(self.rules, dealer=self._dealer, deck=deck, standing=standing)

    @property
    def is_chance(self) -> bool:
        return self.deal is None or self.deal.phase is Phase.CUT

    def chance_outcomes(self) -> list[int]:
        """The equally likely outcomes of the chance step: the next card, or the cut."""
        if self.deal is None:
            taken = {card.index for card in self.drawn}
            return [i for i in range(32) if i not in taken]
        if self.deal.phase is Phase.CUT:
            return list(_CUTS)
        raise IllegalActionError("no chance step now: a seat is to act")

    def apply_chance(self, outcome: int) -> None:
        if outcome not in self.chance_outcomes():
            raise IllegalActionError(f"chance outcome {outcome} is not possible now")
        if self.deal is None:
            self.drawn.append(ALL_CARDS[outcome])
            if len(self.drawn) == 31:  # the last card has no choice left
                (last,) = self.chance_outcomes()
                self.drawn.append(ALL_CARDS[last])
            if len(self.drawn) == 32:
                self._begin(tuple(self.drawn))
        else:
            self.deal.push(Cut(outcome))
            self._after()

    # --- seats ---------------------------------------------------------------------------

    @property
    def turn(self) -> Seat | None:
        """The seat to act (None at a chance step and at the end)."""
        if self.deal is None or self.deal.phase is Phase.CUT:
            return None
        return self.deal.turn

    def apply(self, action: Action) -> None:
        deal = self.deal
        if deal is None or deal.phase is Phase.CUT or deal.turn is None:
            raise IllegalActionError("no seat is to act now")
        deal.push(action)
        self._after()

    def _after(self) -> None:
        """Write a finished deal and start the next one, in a match."""
        deal = self.deal
        assert deal is not None
        if not deal.is_over or not self.match:
            return
        if not deal.all_passed:
            self.sheet.add(deal.score(hanging=self.sheet.hanging))
        if self.sheet.is_over:
            return
        same = deal.all_passed and self.rules.redeal_same_dealer
        self._dealer = deal.dealer if same else deal.next_seat(deal.dealer)
        self.finished.append(deal)
        self._start_deal()

    def view(self, seat: Seat) -> SeatView | None:
        """What ``seat`` may know of the current deal (None while its deck is shuffled)."""
        return None if self.deal is None else self.deal.view(seat)

    # --- the end -------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        if self.match:
            return self.sheet.is_over
        return self.deal is not None and self.deal.is_over

    def returns(self) -> list[float]:
        """Per seat (N E S W): in a deal, its team's written points less the other team's;
        in a match, 1 for the winners and -1 for the losers (0 until the end)."""
        if not self.is_over:
            return [0.0] * 4
        if self.match:
            winner = self.sheet.winner
            return [1.0 if Seat(s).team == winner else -1.0 for s in range(4)]
        assert self.deal is not None
        result = self.deal.result
        if result is None:  # all passed
            return [0.0] * 4
        ns = float(result.written[Team.NS] - result.written[Team.EW])
        return [ns, -ns, ns, -ns]
