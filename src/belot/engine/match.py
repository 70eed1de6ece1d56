"""A match: deals played to the target (151) with the score sheet between them.

>>> match = Match(seed=1)
>>> match.dealer, match.deal.phase
(<Seat.E: 1>, <Phase.CUT: 'cut'>)

The match moves one action at a time like a deal: ``turn``, ``legal_actions()``, ``push``,
``pop``. When a deal ends it is written on the sheet at once (hanging points carried in), and
the match waits for ``next_deal()`` so that a table can show the result first; with
``auto_next=True`` the next deal starts by itself (handy for bot runners).

Seeding: ``r = random.Random(seed)``; the first dealer is ``Seat(r.randrange(4))``, then deal
``k`` (counting from 0, all-pass redeals included) is shuffled with the ``k``-th value of
``r.randrange(2**53)`` (below 2**53 so that JSON readers in any language keep it exact).
With ``hashed_seeds=True`` deal ``k`` is shuffled with ``hashed_deal_seed(seed, k)`` instead, so
that a table can show each deal's seed once it is over (and its ``seed_hash`` before) without
giving away the match seed or the seeds of the deals still to come. A web table passes
``deal_seeds``, its own keyed seeds (``keyed_seed``): a secret seed that guessing cannot find
from the seeds it gives, even for a short or partly known match seed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from belot.engine.actions import Action, LegalActions
from belot.engine.deal import Deal
from belot.engine.errors import IllegalActionError
from belot.engine.games import game_of
from belot.engine.rules import Rules
from belot.engine.scoring import DealScore
from belot.engine.sheet import ScoreSheet
from belot.engine.table import Seat, Team
from belot.engine.view import SeatView

__all__ = ["SEED_LIMIT", "Match", "Player", "hashed_deal_seed", "keyed_seed", "seed_hash"]

#: Match seeds, and deal seeds drawn from them at random, are below this (exact in JSON numbers
#: everywhere); hashed deal seeds are below 2**63.
SEED_LIMIT: Final = 2**53

#: Anything that chooses an action from a seat's view, such as ``Bot.act``.
Player = Callable[[SeatView], Action]


def hashed_deal_seed(seed: int, number: int) -> int:
    """The shuffle seed of deal ``number`` (0, 1, ...) of a match with ``hashed_seeds=True``:
    the first 63 bits of the sha256 of ``belot:{seed}:{number}``."""
    digest = hashlib.sha256(f"belot:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def keyed_seed(key: int, *path: str | int) -> int:
    """A seed derived from the secret ``key``: the first 63 bits of HMAC-SHA256 keyed with
    ``key`` written in decimal, over the JSON array ``["belot", *path]`` without spaces (say
    ``["belot","ABCDEFGHJKLM","deal",3]``). Without the key, no seed derived from it tells
    anything about the key or about another path's seed."""
    message = json.dumps(["belot", *path], separators=(",", ":")).encode()
    digest = hmac.new(str(key).encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seed_hash(seed: int) -> str:
    """The sha256 of a deal's seed written in decimal: shown before the deal, checked after."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


class Match:
    """Deals played in turn to the rules' target, written on a ``ScoreSheet``."""

    rules: Rules
    seed: int
    first_dealer: Seat
    sheet: ScoreSheet
    auto_next: bool
    hashed_seeds: bool

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dealer: Seat | None = None,
        auto_next: bool = False,
        hashed_seeds: bool = False,
        deal_seeds: Callable[[int], int] | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Rules.bulgarian()
        self.seed = seed if seed is not None else random.SystemRandom().randrange(SEED_LIMIT)
        self.hashed_seeds = hashed_seeds
        self._deal_seeds = deal_seeds
        self._rng = random.Random(self.seed)
        drawn_dealer = Seat(self._rng.randrange(4))
        self.first_dealer = drawn_dealer if dealer is None else Seat(dealer)
        self._seeds: list[int] = []
        self.sheet = ScoreSheet(target=self.rules.target, ends=game_of(self.rules).match_winner)
        self.auto_next = auto_next
        self._finished: list[Deal] = []
        self._scores: list[DealScore | None] = []
        self._deal = self._new_deal(self.first_dealer)
        self._written = False  # whether the current (over) deal is on the sheet yet

    # --- seeds -----------------------------------------------------------------------------

    def deal_seed(self, number: int) -> int:
        """The shuffle seed of deal ``number`` (0 = the first deal, redeals counted)."""
        if self._deal_seeds is not None:
            return self._deal_seeds(number)
        if self.hashed_seeds:
            return hashed_deal_seed(self.seed, number)
        while len(self._seeds) <= number:
            self._seeds.append(self._rng.randrange(SEED_LIMIT))
        return self._seeds[number]

    def _new_deal(self, dealer: Seat) -> Deal:
        return Deal(
            self.rules,
            dealer=dealer,
            seed=self.deal_seed(len(self._finished)),
            standing=self.sheet.standing,
        )

    # --- state -----------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal being played (or just finished, until ``next_deal()``)."""
        return self._deal

    @property
    def dealer(self) -> Seat:
        return self._deal.dealer

    @property
    def deals(self) -> list[Deal]:
        """Finished deals in order, all-pass redeals included, the current one if it is over."""
        return [*self._finished, self._deal] if self._written else list(self._finished)

    @property
    def deals_so_far(self) -> list[Deal]:
        """Every deal in order, redeals included, the current one (over or not) last."""
        return [*self._finished, self._deal]

    @property
    def scores(self) -> list[DealScore | None]:
        """What each of ``deals`` wrote on the sheet (None for an all-pass redeal)."""
        if self._written:
            return [*self._scores, self._current_score()]
        return list(self._scores)

    def _current_score(self) -> DealScore | None:
        if self._deal.all_passed:
            return None
        return self.sheet.deals[-1]

    @property
    def number(self) -> int:
        """How many deals came before the current one (redeals included)."""
        return len(self._finished)

    @property
    def winner(self) -> Team | None:
        return self.sheet.winner

    @property
    def is_over(self) -> bool:
        return self.sheet.is_over

    @property
    def totals(self) -> tuple[int, int]:
        return self.sheet.totals

    @property
    def hanging(self) -> int:
        return self.sheet.hanging

    @property
    def turn(self) -> Seat | None:
        """The seat to act, or None between deals and when the match is over."""
        return self._deal.turn

    @property
    def deal_over(self) -> bool:
        """True when the current deal is finished (and written) and the next has not started."""
        return self._written

    def legal_actions(self) -> LegalActions:
        return self._deal.legal_actions()

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may know of the current deal."""
        return self._deal.view(seat)

    # --- acting ----------------------------------------------------------------------------

    def push(self, action: Action, seat: Seat | None = None) -> None:
        """Apply ``action`` to the current deal; a deal that ends is written on the sheet."""
        if self.is_over:
            raise IllegalActionError("the match is over")
        if self._written:
            raise IllegalActionError("the deal is over: start the next one with next_deal()")
        self._deal.push(action, seat)
        if self._deal.is_over:
            self._write()
            if self.auto_next and not self.is_over:
                self.next_deal()

    def _write(self) -> None:
        deal = self._deal
        if not deal.all_passed:
            self.sheet.add(deal.score(hanging=self.sheet.hanging))
        self._written = True

    def next_deal(self) -> Deal:
        """Start the next deal after a finished one; returns it."""
        if self.is_over:
            raise IllegalActionError("the match is over")
        if not self._written:
            raise IllegalActionError("the current deal is not over yet")
        return self._start_next()

    def _start_next(self) -> Deal:
        deal = self._deal
        same = deal.all_passed and self.rules.redeal_same_dealer
        dealer = deal.dealer if same else deal.next_seat(deal.dealer)
        self._finished.append(deal)
        self._scores.append(self._current_score())
        self._written = False
        self._deal = self._new_deal(dealer)
        return self._deal

    def pop(self) -> Action:
        """Take back the last action of the match, into the previous deal if need be."""
        if not self._written and not self._deal.actions:
            if not self._finished:
                raise IndexError("no action to take back")
            self._deal = self._finished.pop()
            self._scores.pop()
            self._written = True
        if self._written:
            if not self._deal.all_passed:
                self.sheet.deals.pop()
            self._written = False
        return self._deal.pop()

    def play(self, players: Sequence[Player], *, deals: int | None = None) -> None:
        """Let ``players`` (one per seat, N E S W) play on until the match is over, or until
        ``deals`` more deals have finished. Each player sees only its seat's view."""
        if len(players) != 4:
            raise ValueError("a match needs four players")
        start = self._count_finished()
        while not self.is_over:
            if self._written:
                if deals is not None and self._count_finished() - start >= deals:
                    return
                self.next_deal()
            seat = self._deal.turn
            assert seat is not None
            self.push(players[seat](self._deal.view(seat)), seat)

    def _count_finished(self) -> int:
        return len(self._finished) + self._written

    # --- building from finished deals (records) ----------------------------------------------

    @classmethod
    def from_deals(
        cls,
        deals: Iterable[Deal],
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        dealer: Seat | None = None,
        auto_next: bool = False,
        hashed_seeds: bool = False,
    ) -> Match:
        """The match in which ``deals`` were played in this order (every one over but the
        last). Checks each deal's rules and dealer against the match's."""
        deals = list(deals)
        if dealer is None and deals:
            dealer = deals[0].dealer
        match = cls(rules, seed=seed, dealer=dealer, auto_next=False, hashed_seeds=hashed_seeds)
        for number, deal in enumerate(deals, 1):
            if number > 1 and not match._written:
                raise IllegalActionError(f"deal {number - 1} is not over, yet more deals follow")
            if match._written:
                if match.is_over:
                    raise IllegalActionError(f"deal {number}: the match was already over")
                match._start_next()
            expected = match._deal
            if deal.rules != match.rules:
                raise IllegalActionError(f"deal {number} is played under other rules")
            if deal.dealer != expected.dealer:
                raise IllegalActionError(
                    f"deal {number} is dealt by {deal.dealer.name}, "
                    f"but {expected.dealer.name} deals it"
                )
            if seed is not None and deal.seed is not None and deal.seed != expected.seed:
                raise IllegalActionError(
                    f"deal {number} was shuffled with seed {deal.seed}, "
                    f"but the match seed gives {expected.seed}"
                )
            deal.standing = expected.standing
            match._deal = deal
            if deal.is_over:
                match._write()
        match.auto_next = auto_next
        if auto_next and match._written and not match.is_over:
            match.next_deal()
        return match

    def __repr__(self) -> str:
        ns, ew = self.totals
        return (
            f"<Match seed={self.seed} deal={self.number + 1} NS={ns} EW={ew} "
            f"hanging={self.hanging} winner={self.winner.name if self.winner is not None else '-'}>"
        )
