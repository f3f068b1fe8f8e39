"""Single-observer information-set MCTS, generic over the game contract.

Each iteration samples a world the deciding seat cannot tell from the real one
(``determinize``), walks one shared tree keyed by actions, choosing by UCB among the
actions available in that world, expands one node, plays out with the game's cheap
rollout policy until ``GAME.rollout_done`` (or for ``rollout_depth`` plies, then asks
``GAME.evaluate``), and backs up a reward per seat. Search therefore never reads hidden
state: it only ever sees determinizations.

Optional game hooks (all have generic defaults, see docs/architecture.md, "Bots"):
``rollout_action(state, rng)``, ``rollout_done(root, state)``, ``score_scale``,
``prior_action(state, rng)`` (the move progressive bias favours; defaults to the
rollout policy, then ``greedy_action``; none: no bias) and ``evaluate(state) -> list[float]`` (expected final scores, for
truncated playouts).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.state import State

#: iterations per move when neither ``iterations`` nor ``seconds`` is given and the
#: game sets no ``search_iterations`` of its own.
DEFAULT_ITERATIONS = 1000


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "mover", "prior")

    def __init__(self, mover: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.mover = mover  # the seat whose choice led here: its reward is stored
        self.prior: dict[int, float] | None = None  # action -> probability (guided search)


def rewards(
    root: State, end: State, scale: float, final: Sequence[float] | None = None
) -> list[float]:
    """Per seat, in [0, 1]: how far the seat's gain since the root beats the best rival's.

    ``final`` replaces ``end.scores()`` (an evaluation of a truncated playout).
    """
    start = root.scores()
    if final is None:
        final = end.scores()
    gains = [f - s for f, s in zip(final, start, strict=True)]
    if len(gains) == 1:
        return [0.5 + 0.5 * math.tanh(gains[0] / scale)]
    out = []
    for seat, gain in enumerate(gains):
        rival = max(g for i, g in enumerate(gains) if i != seat)
        out.append(0.5 + 0.5 * math.tanh((gain - rival) / scale))
    return out


def _merge_prior(node: _Node, legal: Sequence[Action], probs: Sequence[float]) -> dict[int, float]:
    """Record the guide's probabilities at ``node`` for actions it has none for yet."""
    if node.prior is None:
        node.prior = {}
    for a, p in zip(legal, probs, strict=True):
        node.prior.setdefault(int(a), p)
    return node.prior


class ISMCTSBot:
    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        bias: float = 1.0,
        rollout_depth: int | None = None,
        prior: Callable[[State, Sequence[Action]], Sequence[float]] | None = None,
        evaluate: Callable[[State], Sequence[float]] | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = game.search_iterations or DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ConfigError(f"iterations must be at least 1, got {iterations}")
        self.game = game
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = exploration
        self.bias = bias
        self.rollout_depth = rollout_depth
        self.last_iterations = 0
        # ---- guidance (e.g. a network from meeple.rl): callables only ----
        # ``prior(state, legal)``: probabilities of the legal actions, used as the
        # PUCT term ``bias * p * sqrt(avail) / (visits + 1)`` and to order expansion;
        # ``evaluate(state)``: expected final scores, read where playouts are cut
        # (``rollout_depth``, 0 by default when a guide is given). The bot spec's
        # ``net=PATH`` builds both from a network (bots.get, meeple.rl.guide).
        self.guide_prior = prior
        self.guide_evaluate = evaluate
        if evaluate is not None and rollout_depth is None:
            self.rollout_depth = 0

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(state)
        children = root.children
        return max(legal, key=lambda a: children[int(a)].visits if int(a) in children else -1)

    def _policy(self) -> Callable[[State, random.Random], Action]:
        policy = getattr(self.game, "rollout_action", None)
        if policy is None:
            return lambda state, rng: rng.choice(state.legal_actions())
        return policy

    def search(self, state: State) -> _Node:
        game, rng, c = self.game, self.rng, self.c
        seat = state.to_move
        policy = self._policy()
        prior = (
            getattr(game, "prior_action", None)
            or getattr(game, "rollout_action", None)
            or getattr(game, "greedy_action", None)
        )
        bias = self.bias if prior is not None else 0.0
        done = game.rollout_done
        scale = game.score_scale
        evaluate = self.guide_evaluate or getattr(game, "evaluate", None)
        depth_limit = self.rollout_depth if evaluate is not None else None
        guide = self.guide_prior
        root = _Node(mover=-1)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations if self.iterations is not None else 1 << 60
        log, sqrt = math.log, math.sqrt
        n = 0
        while n < limit:
            if deadline is not None and n % 8 == 0 and time.perf_counter() >= deadline:
                break
            n += 1
            world = state.determinize(seat, rng)
            node = root
            path = [root]
            # ---- selection and expansion ----
            while world.to_move is not None and not done(state, world):
                legal = world.legal_actions()
                if len(legal) == 1:  # forced: no decision, no node
                    world.apply(legal[0])
                    continue
                children = node.children
                if guide is not None:  # guided: the prior's probabilities, no favourite
                    probs = node.prior
                    if probs is None or any(int(a) not in probs for a in legal):
                        probs = _merge_prior(node, legal, guide(world, legal))
                    favourite = -1
                else:
                    favourite = (
                        int(prior(world, rng))
                        if prior is not None and (bias > 0.0 or len(children) < len(legal))
                        else -1
                    )
                untried = None
                for a in legal:
                    child = children.get(int(a))
                    if child is None:
                        if untried is None:
                            untried = []
                        untried.append(a)
                    else:
                        child.avail += 1
                if untried is not None:
                    a = untried[rng.randrange(len(untried))]
                    if guide is not None:
                        a = max(untried, key=lambda u: probs[int(u)])
                    for u in untried:
                        if int(u) == favourite:
                            a = u
                            break
                    child = children[int(a)] = _Node(world.to_move)
                    world.apply(a)
                    path.append(child)
                    break
                best, best_value = legal[0], -1.0
                for a in legal:
                    ch = children[int(a)]
                    v = ch.visits
                    value = ch.total / v + c * sqrt(log(ch.avail) / v)
                    if guide is not None:
                        value += self.bias * probs[int(a)] * sqrt(ch.avail) / (v + 1)
                    elif bias > 0.0 and int(a) == favourite:
                        value += bias / (v + 1)
                    if value > best_value:
                        best, best_value = a, value
                world.apply(best)
                node = children[int(best)]
                path.append(node)
            # ---- playout ----
            plies = 0
            while world.to_move is not None and not done(state, world):
                if depth_limit is not None and plies >= depth_limit:
                    break
                world.apply(policy(world, rng))
                plies += 1
            if world.to_move is not None and evaluate is not None and not done(state, world):
                result = rewards(state, world, scale, evaluate(world))
                if guide is not None and plies == 0 and path[-1].prior is None:
                    leaf = world.legal_actions()  # same position: the guide reuses its pass
                    if len(leaf) > 1:
                        _merge_prior(path[-1], leaf, guide(world, leaf))
            else:
                result = rewards(state, world, scale)
            for node in path:
                node.visits += 1
                if node.mover >= 0:
                    node.total += result[node.mover]
        self.last_iterations = n
        return root
