"""What both environments share: the game, its encoder, the spaces and the masks."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from meeple import games
from meeple.core.errors import ConfigError, IllegalAction
from meeple.core.game import Game
from meeple.core.state import State
from meeple.rl import encoders, rewards
from meeple.rl.encoders import Encoder

#: decisions (all seats together) after which an episode is truncated by default
DEFAULT_MAX_STEPS = 10_000


class Table:
    """One game at one player count: encoder, spaces, and how a state becomes an observation."""

    def __init__(
        self,
        game: str | Game,
        players: int | None,
        reward: str,
        max_steps: int | None,
        options: dict[str, Any],
    ) -> None:
        self.game = games.get(game) if isinstance(game, str) else game
        self.players = self.game.check_players(
            self.game.players.start if players is None else players
        )
        self.options = self.game.resolve_options(options)
        self.reward = rewards.check_mode(reward)
        if max_steps is None:
            max_steps = DEFAULT_MAX_STEPS
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ConfigError(f"max_steps must be a whole number of at least 1, got {max_steps!r}")
        self.max_steps = max_steps
        self.encoder: Encoder = encoders.get(self.game.name, self.players, self.options)
        self.num_actions = self.game.num_actions

    def observation_space(self) -> gymnasium.spaces.Dict:
        return gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(
                self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.num_actions,), np.int8),
        })

    def action_space(self) -> gymnasium.spaces.Discrete:
        return gymnasium.spaces.Discrete(self.num_actions)

    def new_state(self, rng: np.random.Generator) -> State:
        return self.game.new(self.players, int(rng.integers(2**48)), **self.options)

    def mask(self, state: State, seat: int) -> np.ndarray:
        out = np.zeros(self.num_actions, dtype=np.int8)
        if state.to_move == seat:
            out[[int(a) for a in state.legal_actions()]] = 1
        return out

    def observe(self, state: State, seat: int) -> dict[str, np.ndarray]:
        return {
            "observation": self.encoder.encode(state.view(seat)),
            "action_mask": self.mask(state, seat),
        }

    def action(self, state: State, action: Any) -> int:
        """The action as a legal code, or a clear error naming what is allowed."""
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalAction(
                f"an action is an integer from 0 to {self.num_actions - 1}, got {action!r}"
            )
        code = int(action)
        legal = state.legal_actions()
        if code not in legal:
            shown = ", ".join(f"{int(a)} ({a})" for a in legal[:12])
            more = "" if len(legal) <= 12 else ", ..."
            raise IllegalAction(f"action {code} is not legal now; legal: {shown}{more}")
        return code

    def render(self, state: State) -> str:
        from rich.console import Console

        console = Console(record=True, width=120, file=_Null())
        console.print(self.game.render(state, None))
        return console.export_text()


class _Null:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass
