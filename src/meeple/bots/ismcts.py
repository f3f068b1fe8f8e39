"""Single-observer information-set MCTS, generic over the game contract.

Each iteration samples a world the deciding seat cannot tell from the real one
(``determinize``), walks one shared tree keyed by actions, choosing by UCB among the
actions available in that world, expands one node, plays out with the game's cheap
rollout policy until ``GAME.rollout_done``, and backs up a reward per seat. Search
therefore never reads hidden state: it only ever sees determinizations.
"""

from __future__ import annotations

import math
import random
import time

from meeple.core.actions import Action
from meeple.core.game import Game
from meeple.core.state import State


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "mover")

    def __init__(self, mover: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.mover = mover  # the seat whose choice led here: its reward is stored


def rewards(root: State, end: State, scale: float) -> list[float]:
    """Per seat, in [0, 1]: how far the seat's gain since the root beats the best rival's."""
    start, final = root.scores(), end.scores()
    gains = [f - s for f, s in zip(final, start, strict=True)]
    if len(gains) == 1:
        return [0.5 + 0.5 * math.tanh(gains[0] / scale)]
    out = []
    for seat, gain in enumerate(gains):
        rival = max(g for i, g in enumerate(gains) if i != seat)
        out.append(0.5 + 0.5 * math.tanh((gain - rival) / scale))
    return out


class ISMCTSBot:
    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        self.game = game
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = exploration
        self.last_iterations = 0

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(state)
        best = max(legal, key=lambda a: root.children[int(a)].visits if int(a) in root.children else -1)
        return best

    def search(self, state: State) -> _Node:
        game, rng, c = self.game, self.rng, self.c
        seat = state.to_move
        policy = game.rollout_action
        done = game.rollout_done
        scale = game.score_scale
        root = _Node(mover=-1)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations if self.iterations is not None else 1 << 60
        n = 0
        while n < limit:
            if deadline is not None and n % 8 == 0 and time.perf_counter() >= deadline:
                break
            n += 1
            world = state.determinize(seat, rng)
            node = root
            path = [root]
            while world.to_move is not None and not done(state, world):
                legal = world.legal_actions()
                children = node.children
                untried = [a for a in legal if int(a) not in children]
                for a in legal:
                    child = children.get(int(a))
                    if child is not None:
                        child.avail += 1
                if untried:
                    a = untried[rng.randrange(len(untried))]
                    child = children[int(a)] = _Node(world.to_move)
                    world.apply(a)
                    path.append(child)
                    break
                best, best_value = legal[0], -1.0
                for a in legal:
                    ch = children[int(a)]
                    value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best_value:
                        best, best_value = a, value
                world.apply(best)
                node = children[int(best)]
                path.append(node)
            while world.to_move is not None and not done(state, world):
                if policy is None:
                    world.apply(rng.choice(world.legal_actions()))
                else:
                    world.apply(policy(world, rng))
            result = rewards(state, world, scale)
            for node in path:
                node.visits += 1
                if node.mover >= 0:
                    node.total += result[node.mover]
        self.last_iterations = n
        return root
