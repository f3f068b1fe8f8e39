"""The Gymnasium environment: one learner at one seat, bots at the others.

``step(action)`` plays the learner's action, then the bots' moves until the learner is
to move again or the game ends. The observation is the same dict as the AEC
environment's (``observation``, ``action_mask``); ``action_masks()`` returns the mask
too (the convention of masked-PPO implementations).

Gymnasium's own checker samples actions without a mask, so an illegal action does not
raise by default: with ``illegal="penalize"`` it changes nothing, earns
``illegal_reward`` and sets ``info["illegal"]``; with ``illegal="raise"`` it raises
``IllegalAction`` naming the legal codes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from meeple import bots as botlib
from meeple.core.errors import ConfigError, IllegalAction
from meeple.core.game import Game
from meeple.core.state import State
from meeple.rl.common import Table
from meeple.rl.rewards import final_rewards

ILLEGAL = ("penalize", "raise")


class MeepleGymEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str | Game,
        seat: int = 0,
        opponents: Sequence[str] = ("greedy",),
        players: int | None = None,
        reward: str = "margin",
        max_steps: int | None = None,
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if isinstance(opponents, str):
            opponents = [opponents]
        opponents = list(opponents)
        table = Table(game, players if players is not None else _count(game, opponents), reward,
                      max_steps, options)
        self.table = table
        if not 0 <= seat < table.players:
            raise ConfigError(f"seat must be from 0 to {table.players - 1}, got {seat}")
        if table.players > 1 and not opponents:
            raise ConfigError("opponents lists the bots for the other seats, e.g. ['greedy']")
        if illegal not in ILLEGAL:
            raise ConfigError(f"illegal={illegal!r}; allowed: {', '.join(ILLEGAL)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode={render_mode!r}; modes: ansi, human")
        others = [s for s in range(table.players) if s != seat]
        self.specs = {s: opponents[i % len(opponents)] for i, s in enumerate(others)}
        for spec in set(self.specs.values()):
            botlib.get(spec, table.game)  # a bad spec fails here, with the bot's own message
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = table.observation_space()
        self.action_space = table.action_space()
        self.state: State | None = None

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.state = self.table.new_state(self.np_random)
        self.bots = {
            s: botlib.get(spec, self.table.game, seed=int(self.np_random.integers(2**31)))
            for s, spec in self.specs.items()
        }
        self._bots_play()
        return self._obs(), {}

    def step(self, action: Any):
        state = self._state()
        if state.to_move is None:
            raise IllegalAction("the episode is over: call reset()")
        try:
            code = self.table.action(state, action)
        except IllegalAction as err:
            if self.illegal == "raise":
                raise
            truncated = state.ply >= self.table.max_steps
            return self._obs(), self.illegal_reward, False, truncated, {"illegal": str(err)}
        state.apply(code)
        self._bots_play()
        reward, terminated, truncated = 0.0, False, False
        if state.to_move is None:
            reward = float(final_rewards(state, self.table.reward)[self.seat])
            terminated = True
        elif state.ply >= self.table.max_steps:
            truncated = True
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, {}

    def action_masks(self) -> np.ndarray:
        return self.table.mask(self._state(), self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.render(self._state())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ---- helpers -----------------------------------------------------------
    def _bots_play(self) -> None:
        state = self._state()
        while (
            state.to_move is not None
            and state.to_move != self.seat
            and state.ply < self.table.max_steps
        ):
            state.apply(self.bots[state.to_move].choose(state))

    def _obs(self) -> dict[str, np.ndarray]:
        return self.table.observe(self._state(), self.seat)

    def _state(self) -> State:
        if self.state is None:
            raise IllegalAction("call reset() before step()")
        return self.state


def _count(game: str | Game, opponents: list[str]) -> int:
    """Players when not given: the learner plus one seat per opponent, within the game's range."""
    from meeple import games

    g = games.get(game) if isinstance(game, str) else game
    return max(g.players.start, min(1 + len(opponents), g.players.stop - 1))
