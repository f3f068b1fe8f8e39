"""A bot that plans its whole turn: every way to play the turn is tried, and each is
judged by how the game ends when the game's greedy plan plays on from it (nested
Monte Carlo search of level 1, over turns instead of single decisions).

Why: where a turn is many small decisions that only pay off together (Lewis & Clark:
a character, its support, each repetition, the goods kept, a recruitment, a camp),
search one decision at a time spreads its budget thin and keeps the plan's line;
judging whole turns by where they lead finds lines the plan misses (solo, the first
wins against Mackenzie: benchmarks/README.md, issue 24).

It never reads hidden state: the turn is enumerated in a determinized world (so a card
a recruitment would reveal is a guess), and each end of turn is played on in ``worlds``
worlds, the first that one and the others redrawn from it. Positions are merged when
the seat's view of them is the same. The plan for the rest of the turn is kept while
the real game follows it and made again when it does not (a revealed card differs).

Game hook: ``Game.turn_of(state)``, what identifies the turn in progress (a game
without it has no whole turns to plan, and the bot refuses it).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from meeple.bots.base import legal_or_refuse
from meeple.bots.params import Param, between, more_than, settle
from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.state import State


def seen_by(state: State, seat: int) -> str:
    """The position as ``seat`` sees it: two positions it cannot tell apart are one."""
    return json.dumps(state.view(seat), sort_keys=True, default=str)


class TurnPlanner:
    """Plans each turn as a whole (see the module doc)."""

    name = "planner"
    #: its plan outlives one decision: the server's workers keep it between moves
    keeps_a_plan = True
    params = (
        Param("worlds", int, 2, "worlds each way of playing the turn is played on in", "1 to 64",
              between(1, 64)),
        Param("explore", int, 4000, "the most decisions tried to list the ways of playing a turn",
              "1 to 100000", between(1, 100_000)),
        Param("candidates", int, 32, "the ways of playing the turn played on to the end: the best by the "
              "game's evaluation (the greedy plan's own way always)", "1 to 1000", between(1, 1000)),
        Param("max_seconds", float, None, "a cap on the time to plan a turn (the best so far is played)",
              "above 0", more_than(0)),
    )

    def __init__(self, game: Game, seed: int | None = None, **settings: object) -> None:
        s = settle(self.name, self.params, settings)
        if game.turn_of(game.new(seed=0)) is None:
            raise ConfigError(f"{game.name} has no whole turns to plan; bots for it: random, greedy, ismcts")
        self.game = game
        self.worlds: int = s["worlds"]
        self.explore: int = s["explore"]
        self.candidates: int = s["candidates"]
        self.max_seconds: float | None = s["max_seconds"]
        self.rng = random.Random(seed)
        self.plan: list[tuple[str, Action]] = []  # (the seat's view before, the move) to the turn's end

    def choose(self, state: State) -> Action:
        legal = legal_or_refuse(state)
        seat = state.to_move
        if len(legal) == 1:
            self.plan = []
            return legal[0]
        if self.plan and self.plan[0][0] == seen_by(state, seat) and self.plan[0][1] in legal:
            return self.plan.pop(0)[1]
        self.plan = self._plan_turn(state, seat)
        if not self.plan:  # no end of the turn within the bounds: the greedy plan decides
            return self.game.greedy_action(state, self.rng)
        return self.plan.pop(0)[1]

    def close(self) -> None:
        pass

    # ---- planning -----------------------------------------------------------------
    def _plan_turn(self, state: State, seat: int) -> list[tuple[str, Action]]:
        deadline = None if self.max_seconds is None else time.monotonic() + self.max_seconds
        world = state.determinize(seat, self.rng)
        ends = self._ways_to_end_the_turn(world, seat, deadline)
        if len(ends) > self.candidates:  # the greedy plan's own way (first), then the best-looking
            rest = sorted(ends[1:], key=lambda end: -self._judge(self.game.evaluate(end[0]), seat))
            ends = [ends[0], *rest[:self.candidates - 1]]
        best: list[tuple[str, Action]] = []
        best_value = float("-inf")
        for end, path in ends:
            value = sum(self._play_on(end if i == 0 else end.determinize(seat, self.rng), seat)
                        for i in range(self.worlds)) / self.worlds
            if value > best_value:
                best, best_value = path, value
            if deadline is not None and time.monotonic() > deadline:
                break
        return best

    def _ways_to_end_the_turn(self, world: State, seat: int,
                              deadline: float | None) -> list[tuple[State, list[tuple[str, Action]]]]:
        """Each distinct end of the current turn with the moves to it, the greedy plan's
        own turn first (so a cut planning still has a sensible move)."""
        turn = self.game.turn_of(world)
        greedy = self._greedy_turn(world, seat, turn)
        ends: dict[str, tuple[State, list[tuple[str, Action]]]] = {}
        if greedy is not None:
            ends[seen_by(greedy[0], seat)] = greedy
        root = seen_by(world, seat)
        seen = {root}
        stack: list[tuple[State, str, list[tuple[str, Action]]]] = [(world, root, [])]
        tried = 0
        while stack and tried < self.explore:
            if deadline is not None and time.monotonic() > deadline:
                break
            position, here, path = stack.pop()
            for action in position.legal_actions():
                child = position.clone()
                child.apply(action)
                tried += 1
                key = seen_by(child, seat)
                step = [*path, (here, action)]
                if self._turn_over(child, seat, turn):
                    ends.setdefault(key, (child, step))
                elif key not in seen:
                    seen.add(key)
                    stack.append((child, key, step))
        return list(ends.values())

    def _turn_over(self, state: State, seat: int, turn: Any) -> bool:
        return state.to_move != seat or self.game.turn_of(state) != turn

    def _greedy_turn(self, world: State, seat: int, turn: Any) -> tuple[State, list[tuple[str, Action]]] | None:
        """The greedy plan's own turn, or ``None`` if it does not end within the game's
        ``playout_limit`` decisions (the bound no policy escapes)."""
        position, path = world.clone(), []
        rng = random.Random(self.rng.random())
        for _ in range(self.game.playout_limit):
            if self._turn_over(position, seat, turn):
                return (position, path) if path else None
            action = self.game.greedy_action(position, rng)
            path.append((seen_by(position, seat), action))
            position.apply(action)
        return None

    def _play_on(self, state: State, seat: int) -> float:
        """Where the greedy plan takes the game from ``state``, for ``seat``."""
        state = state.clone()
        rng = random.Random(self.rng.random())
        for _ in range(self.game.playout_limit):
            if state.to_move is None:
                break
            state.apply(self.game.greedy_action(state, rng))
        return self._judge(state.scores() if state.to_move is None else self.game.evaluate(state), seat)

    @staticmethod
    def _judge(scores: list[float] | list[int], seat: int) -> float:
        """``seat``'s score less the best other seat's (solo: its score)."""
        others = [x for i, x in enumerate(scores) if i != seat]
        return float(scores[seat]) - (max(others) if others else 0.0)
