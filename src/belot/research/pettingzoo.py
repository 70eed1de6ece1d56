"""The four games as PettingZoo AEC environments (``pip install 'belot[pettingzoo]'``).

::

    from belot.research.pettingzoo import env

    table = env("bela", render_mode="ansi")
    table.reset(seed=1)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        action = None if termination or truncation else table.action_space(agent).sample(
            observation["action_mask"])
        table.step(action)

Agents ``player_0`` .. ``player_3`` are the seats N, E, S, W; the environment shuffles and
cuts by itself
(seeded by ``reset(seed=...)``). An observation is ``{"observation": tensor, "action_mask":
mask}``: the seat's information-state tensor (``tensor="observation"``: the present only), and
the legal actions of ``belot.research.layout``. The rewards come at the end: the difference of
the written points in a deal, or +1/-1 for a match (``match=True``).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces  # type: ignore[import-not-found,import-untyped,unused-ignore]
from gymnasium.utils import seeding  # type: ignore[import-not-found,import-untyped,unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-not-found,import-untyped,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-not-found,import-untyped,unused-ignore]

from belot.engine.errors import BelotError, IllegalActionError
from belot.engine.record import deal_to_record
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.research.layout import (
    NUM_ACTIONS,
    TensorKind,
    action_of,
    check_game,
    encode,
    legal_ids,
    tensor_size,
    view_string,
)
from belot.research.session import Session

__all__ = ["AGENTS", "BelotEnv", "env", "raw_env"]

#: The seats N, E, S, W.
AGENTS: Final = ("player_0", "player_1", "player_2", "player_3")


class BelotEnv(AECEnv):  # type: ignore[misc]
    """One game of the family (``game``, with its rules ``options``) as an AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "name": "belot_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "bulgarian",
        *,
        match: bool = False,
        tensor: TensorKind = "information_state",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = check_game(game)
        self.rules = Rules.preset_named(game, **options)
        if tensor not in ("information_state", "observation"):
            raise BelotError(f"tensor must be 'information_state' or 'observation', not {tensor!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BelotError(f"render_mode must be 'ansi' or 'human', not {render_mode!r}")
        self.match, self.tensor, self.render_mode = match, tensor, render_mode
        self.metadata = {**self.metadata, "name": f"belot_{game}_v0"}
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        size = tensor_size(game, tensor)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        self.np_random, _ = seeding.np_random(None)
        self.session = Session(self.rules, match=match)
        self._start()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the game ------------------------------------------------------------------------

    def _chance(self) -> None:
        """The shuffle and the cut, drawn from ``np_random``."""
        while self.session.is_chance and not self.session.is_over:
            outcomes = self.session.chance_outcomes()
            self.session.apply_chance(outcomes[int(self.np_random.integers(len(outcomes)))])

    def _start(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self._chance()
        turn = self.session.turn
        self.agent_selection = AGENTS[turn if turn is not None else 0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        dealer = Seat(int(self.np_random.integers(4)))
        self.session = Session(self.rules, match=self.match, dealer=dealer)
        self._start()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = Seat(AGENTS.index(agent))
        view = self.session.view(seat)
        assert view is not None
        mask = np.zeros(NUM_ACTIONS, np.int8)
        deal = self.session.deal
        if deal is not None and self.session.turn == seat and not self.session.is_over:
            mask[legal_ids(deal)] = 1
        return {"observation": encode(view, self.tensor), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.session.deal
        assert deal is not None and action is not None
        if int(action) not in legal_ids(deal):
            raise IllegalActionError(f"action {action} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.session.apply(action_of(deal, int(action)))
        self._chance()
        if self.session.is_over:
            returns = self.session.returns()
            self.rewards = {a: returns[i] for i, a in enumerate(AGENTS)}
            self.terminations = dict.fromkeys(AGENTS, True)
        else:
            turn = self.session.turn
            assert turn is not None
            self.agent_selection = AGENTS[turn]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``ansi``: the table as the seat to act sees it (the actions, once over); ``human``:
        the same, printed."""
        deal = self.session.deal
        if self.render_mode is None or deal is None:
            return None
        seat = self.session.turn
        view = None if seat is None else self.session.view(seat)
        if view is None:
            text = " ".join(str(a) for a in deal.actions)
        else:
            text = view_string(view, "observation")
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def record(self) -> dict[str, Any]:
        """The record of the current deal (``belot.engine.record.deal_to_record``)."""
        if self.session.deal is None:
            raise BelotError("no deal has been dealt yet")
        return deal_to_record(self.session.deal)

    def close(self) -> None:
        pass


def raw_env(game: str = "bulgarian", **kwargs: Any) -> BelotEnv:
    """The environment without wrappers."""
    return BelotEnv(game, **kwargs)


def env(game: str = "bulgarian", **kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers: an out-of-range action and a call
    out of order are refused."""
    wrapped: AECEnv = wrappers.AssertOutOfBoundsWrapper(raw_env(game, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
