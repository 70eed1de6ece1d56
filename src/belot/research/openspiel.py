"""The four games as OpenSpiel games, and our bots as OpenSpiel bots (``pip install
'belot[openspiel]'``).

Importing this module registers ``belot_bulgarian``, ``belot_french``, ``belot_coinche`` and
``belot_bela``::

    import pyspiel
    import belot.research.openspiel  # registers the games

    game = pyspiel.load_game("belot_coinche", {"declarations": False})
    state = game.new_initial_state()

Each game takes its rules options (``Rules.preset_named(name, **options)``, each with the
preset's default) and three of its own: ``match`` (false: one deal, returns the difference of
the written points; true: a match to the target, returns +1/-1), ``seed`` (-1: the deck is
shuffled by chance nodes, one card at a time; a seed deals ``Deal.new(seed=...)``'s deck, which
every seat could then compute), and ``dealer`` (0..3 = N E S W, the first dealer). The cut is
always a chance node. Actions, tensors and strings: ``belot.research.layout``.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from belot.bots import make, why_not_plays
from belot.engine.deal import Deal
from belot.engine.errors import BelotError
from belot.engine.rules import PRESET_OPTIONS, PRESETS, Rules
from belot.engine.table import Seat
from belot.engine.view import SeatView, view_of
from belot.research.layout import (
    GAME_NAMES,
    MAX_CALLS,
    NUM_ACTIONS,
    TensorKind,
    action_id,
    action_of,
    action_text,
    encode,
    legal_ids,
    pieces,
    view_string,
)
from belot.research.session import Session
from belot.research.worlds import resample_deal

__all__ = ["BelotBot", "BelotGame", "BelotState", "game_type", "short_name"]

#: A bound on the game points one deal writes, in any game (declarations, capot and a
#: surcoinche included): the returns of a deal lie within plus or minus this.
DEAL_UTILITY_BOUND: Final = 10_000.0
#: The deals a match is assumed to last at most, for ``max_game_length`` (four passes redeal,
#: so no bound is strict).
MATCH_DEALS_BOUND: Final = 1_000
_OWN_PARAMETERS: Final = {"match": False, "seed": -1, "dealer": 0}


def short_name(game: str) -> str:
    return f"belot_{game}"


def _defaults(game: str) -> dict[str, Any]:
    base = PRESETS[game]
    options = {name: getattr(base, name) for name in sorted(PRESET_OPTIONS[game])}
    return {**options, **_OWN_PARAMETERS}


def game_type(game: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Belot family: {game} (belot engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=4,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game),
    )


def _deal_length(game: str) -> int:
    # The shuffle's 31 chance nodes, the cut, the calls, four announcements, 32 cards.
    return 31 + 1 + MAX_CALLS[game] + 4 + 32


class BelotGame(pyspiel.Game):  # type: ignore[misc]
    """One game of the family with its parameters (see the module docstring)."""

    game: str = "bulgarian"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_defaults(self.game), **(params or {})}
        unknown = set(params) - set(_defaults(self.game))
        if unknown:
            raise BelotError(
                f"unknown parameter {sorted(unknown)[0]!r} for {short_name(self.game)}"
            )
        options = {k: v for k, v in params.items() if k not in _OWN_PARAMETERS}
        self.rules = Rules.preset_named(self.game, **options)
        self.match = bool(params["match"])
        seed = int(params["seed"])
        self.seed = None if seed < 0 else seed
        dealer = int(params["dealer"])
        if not 0 <= dealer <= 3:
            raise BelotError(f"dealer must be 0..3 (N E S W), not {dealer}")
        self.dealer = Seat(dealer)
        bound = 1.0 if self.match else DEAL_UTILITY_BOUND
        length = _deal_length(self.game) * (MATCH_DEALS_BOUND if self.match else 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=32,
            num_players=4,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(game_type(self.game), info, params)

    def new_initial_state(self) -> BelotState:
        return BelotState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> BelotObserver:
        if params:
            raise BelotError(f"observer parameters are not taken; got {params!r}")
        recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return BelotObserver(self.game, "information_state" if recall else "observation")


class BelotState(pyspiel.State):  # type: ignore[misc]
    """A state of a deal or a match: chance nodes shuffle and cut, seats 0..3 are N E S W."""

    def __init__(self, game: BelotGame) -> None:
        super().__init__(game)
        self._game = game
        self.session = Session(game.rules, match=game.match, seed=game.seed, dealer=game.dealer)
        #: Actions applied so far, and how many came before the current deal's.
        self._moves = 0
        self._deal_start = 0

    @property
    def deal(self) -> Deal | None:
        """The deal being played (None while its deck is shuffled)."""
        return self.session.deal

    def view(self, player: int) -> SeatView:
        """What ``player`` may know of the current deal."""
        view = self.session.view(Seat(player))
        if view is None:
            raise BelotError("the deck is being shuffled: no seat has a view yet")
        return view

    def current_player(self) -> int:
        if self.session.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        turn = self.session.turn
        if turn is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(turn)

    def _legal_actions(self, player: int) -> list[int]:
        deal = self.session.deal
        if deal is None or player != self.session.turn:
            return []
        return legal_ids(deal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.session.chance_outcomes()
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def _apply_action(self, action: int) -> None:
        before = self.session.deal
        if self.session.is_chance:
            self.session.apply_chance(int(action))
        else:
            assert before is not None
            self.session.apply(action_of(before, int(action)))
        self._moves += 1
        if self.session.deal is not before and before is not None:
            self._deal_start = self._moves  # a match began its next deal

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.session.deal is None:
                return f"deck:{action_text(action)}"
            return f"cut:{action}"
        deal = self.session.deal
        if deal is not None and deal.turn == player:
            try:
                return str(action_of(deal, action))
            except BelotError:
                pass
        return action_text(action)

    def is_terminal(self) -> bool:
        return self.session.is_over

    def returns(self) -> list[float]:
        return self.session.returns()

    def __str__(self) -> str:
        deal = self.session.deal
        if deal is None:
            return f"shuffling: {len(self.session.drawn)} cards drawn"
        return " ".join(str(a) for a in deal.actions) or f"dealer {deal.dealer.name}, to cut"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BelotState:
        """A state with the same history as ``player_id`` saw it, the cards it has not seen
        dealt again at random (``belot.research.worlds``)."""
        deal = self.session.deal
        if self.session.seed is not None or deal is None or self.session.is_over:
            # Nothing is hidden: a seeded deck is known from the game's parameters, a deck
            # being shuffled holds nothing yet, a finished game shows every hand.
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(probability_sampler() * 2**53))
        world = resample_deal(deal, Seat(player_id), rng)
        state = self._game.new_initial_state()
        for step in self.history()[: self._deal_start]:
            state.apply_action(step)
        for card in world.deck[:31]:
            state.apply_action(card.index)
        replay = Deal(world.rules, dealer=world.dealer, deck=world.deck, standing=world.standing)
        for action in world.actions:
            if replay.phase.value == "cut":
                state.apply_action(action.count)  # type: ignore[union-attr]
            else:
                state.apply_action(action_id(replay, action))
            replay.push(action)
        return state


class BelotObserver:
    """OpenSpiel's observer interface: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: str, kind: TensorKind) -> None:
        self.game, self.kind = game, kind
        layout = pieces(game, kind)
        self.tensor = np.zeros(sum(int(np.prod(s)) for _, s in layout), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        at = 0
        for name, shape in layout:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: BelotState, player: int) -> None:
        view = state.session.view(Seat(player))
        if view is None:
            self.tensor.fill(0.0)
            self.dict["seat"][player] = 1
        else:
            encode(view, self.kind, self.tensor)

    def string_from(self, state: BelotState, player: int) -> str:
        seat = Seat(player)
        view = state.session.view(seat)
        now = (
            f"seat {seat.name}: the deck is being shuffled"
            if view is None
            else view_string(view, self.kind)
        )
        if self.kind == "observation":
            return now
        # Perfect recall: every earlier deal of a match as the seat saw it at its end.
        earlier = [view_string(view_of(d, seat), self.kind) for d in state.session.finished]
        return "\n\n".join([*earlier, now])


class BelotBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our bots (``belot.bots.make(level, seed)``) playing one seat of an OpenSpiel
    state of these games."""

    def __init__(
        self, game: BelotGame, player_id: int, level: str = "basic", seed: int = 0
    ) -> None:
        pyspiel.Bot.__init__(self)
        self._player = player_id
        why = why_not_plays(level, game.game)
        if why is not None:
            raise BelotError(why)
        self._bot = make(level, seed=seed)

    def player_id(self) -> int:
        return self._player

    def provides_policy(self) -> bool:
        return False

    def restart_at(self, state: BelotState) -> None:
        pass  # the bot reads the seat's view afresh at every step

    def inform_action(self, state: BelotState, player: int, action: int) -> None:
        pass

    def step(self, state: BelotState) -> int:
        deal = state.session.deal
        assert deal is not None and deal.turn == self._player
        return action_id(deal, self._bot.act(deal.view(Seat(self._player))))


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game in GAME_NAMES:
        cls = type(f"Belot{game.title()}Game", (BelotGame,), {"game": game})
        if short_name(game) not in registered:
            pyspiel.register_game(game_type(game), cls)


_register()
