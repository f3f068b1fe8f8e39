"""What a bot is: something that picks one legal action for the seat to move."""

from __future__ import annotations

import random
from typing import Protocol

from meeple.core.actions import Action
from meeple.core.game import Game
from meeple.core.state import State


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> Action: ...


class RandomBot:
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """The game's own heuristic (``GAME.greedy_action``): fast and sensible, not deep."""

    name = "greedy"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        if game.greedy_action is None:
            from meeple.core.errors import ConfigError

            raise ConfigError(f"{game.name} has no greedy heuristic; try random or ismcts")
        self.policy = game.greedy_action
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.policy(state, self.rng)
