"""The PettingZoo AEC environment: every seat is an agent, one decision at a time.

Agents are ``player_0`` .. ``player_{N-1}`` (seat order). Observations are dicts with
``observation`` (the seat's encoded view, float32) and ``action_mask`` (int8 over all
``GAME.num_actions`` codes, ones on the legal actions of the seat to move, zeros for
every other seat). Rewards come once, when the game ends (``meeple.rl.rewards``); an
episode that reaches ``max_steps`` decisions is truncated with zero rewards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from meeple.core.game import Game
from meeple.core.state import State
from meeple.rl.common import Table
from meeple.rl.rewards import final_rewards


class MeepleAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        reward: str = "margin",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.table = Table(game, players, reward, max_steps, options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            from meeple.core.errors import ConfigError

            raise ConfigError(f"render_mode={render_mode!r}; modes: ansi, human")
        self.render_mode = render_mode
        name = self.table.game.name.replace("-", "_")
        self.metadata = {**self.metadata, "name": f"meeple_{name}_{self.table.players}p_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.table.players)]
        self._obs_space = {a: self.table.observation_space() for a in self.possible_agents}
        self._act_space = {a: self.table.action_space() for a in self.possible_agents}
        self.state_: State | None = None
        self.np_random, _ = seeding.np_random(None)
        self.agents = []

    # ---- spaces ------------------------------------------------------------
    def observation_space(self, agent: str):
        return self._obs_space[agent]

    def action_space(self, agent: str):
        return self._act_space[agent]

    # ---- episode -----------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or self.state_ is None:
            self.np_random, _ = seeding.np_random(seed)
        self.state_ = self.table.new_state(self.np_random)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self._agent_to_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(self._state(), self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        code = self.table.action(state, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply(code)
        self.steps += 1
        if state.to_move is None:
            for seat, r in enumerate(final_rewards(state, self.table.reward)):
                self.rewards[self.possible_agents[seat]] = float(r)
            self.terminations = {a: True for a in self.agents}
        elif self.steps >= self.table.max_steps:
            self.truncations = {a: True for a in self.agents}
        if state.to_move is not None:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ---- helpers -----------------------------------------------------------
    def _state(self) -> State:
        if self.state_ is None:
            from meeple.core.errors import MeepleError

            raise MeepleError("call reset() before using the environment")
        return self.state_

    def _agent_to_move(self) -> str:
        return self.possible_agents[self._state().to_move]

    @property
    def game_state(self) -> State:
        """The underlying game (for analysis and bots; not an observation)."""
        return self._state()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.render(self._state())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
