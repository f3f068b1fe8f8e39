"""What a bot is: something that picks one legal action for the seat to move."""

from __future__ import annotations

import random
from functools import partial
from typing import Protocol

from meeple.bots.params import Param, settle
from meeple.core.actions import Action
from meeple.core.errors import ConfigError, IllegalAction
from meeple.core.game import Game
from meeple.core.state import State


class Bot(Protocol):
    name: str
    #: the parameters a spec may give (``seed`` aside): see ``meeple.bots.params``
    params: tuple[Param, ...]

    def choose(self, state: State) -> Action: ...

    def close(self) -> None:
        """Release what the bot holds (worker processes); a no-op for most."""


def legal_or_refuse(state: State) -> tuple[Action, ...]:
    """The legal actions, or meeple's own error when there is nothing to choose."""
    if not isinstance(state, State):
        raise TypeError(f"a bot chooses in a game state, not in {type(state).__name__}")
    if state.to_move is None:
        raise IllegalAction("the game is over: there is no move to choose")
    return state.legal_actions()


class RandomBot:
    """Uniform over the legal actions: the baseline every other bot must beat."""

    name = "random"
    params: tuple[Param, ...] = ()

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(legal_or_refuse(state))

    def close(self) -> None:
        pass


class GreedyBot:
    """The game's own heuristic (``GAME.greedy_action``): fast and sensible, not deep.

    ``style`` picks one of the game's named variants (``GAME.styles``), for panels of
    opponents that play differently from the default heuristic.
    """

    name = "greedy"
    params = (Param("style", str, None, "one of the game's named variants of the heuristic (meeple games)"),)

    def __init__(self, game: Game, seed: int | None = None, **settings: object) -> None:
        style = settle(self.name, self.params, settings)["style"]
        if style is None:
            self.policy = game.greedy_action
        else:
            if style not in game.styles:
                known = ", ".join(game.styles) or "none"
                raise ConfigError(f"{game.name} has no greedy style {style!r}; styles: {known}")
            self.policy = partial(game.style_action, style)
            self.name = f"greedy:style={style}"
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        legal = legal_or_refuse(state)
        if len(legal) == 1:
            return legal[0]
        return self.policy(state, self.rng)

    def close(self) -> None:
        pass
