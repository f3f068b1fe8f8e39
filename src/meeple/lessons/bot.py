"""The lesson's opponent: the script's replies while the game follows the script, the
lesson's gentle bot once it does not.

Its moves are a function of the position (the moves played so far), not of a seed or a
process, so the same script unfolds in the terminal and at a server table whose bot
runs in a worker process. Found by the name ``lesson`` through ``meeple.PLUGINS``.
"""

from __future__ import annotations

from meeple import bots
from meeple.bots.params import Param
from meeple.core.actions import Action
from meeple.core.game import Game
from meeple.core.state import State
from meeple.lessons import load


class LessonBot:
    name = "lesson"
    params: tuple[Param, ...] = ()

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.lesson = load(game.name)
        self.gentle = bots.get(self.lesson.bot, game, seed=seed)

    def choose(self, state: State) -> Action:
        reply = self.lesson.scripted_reply(state.log)
        if reply is not None:
            return state.parse(reply)
        return self.gentle.choose(state)

    def close(self) -> None:
        self.gentle.close()
