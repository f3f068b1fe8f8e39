"""A warm start for expert iteration: many fast games of the game's own heuristics.

Search is slow, so self-play with search gives a few thousand samples an hour on a
small machine, too few for the value head to learn much. The game's cheap playout
policy (``GAME.rollout_action``, the one plain ISMCTS plays out with) plays a thousand
times faster. Games of it, with a share ``epsilon`` of uniformly random moves so that
the positions look like the odd ones search wanders into, give:

- value and lead targets: how those games really went from each decision on. A
  network fitted to them predicts the *mean* result of a playout from a position the
  seat to move sees, which is what plain search estimates from one noisy playout per
  iteration;
- a policy target: the heuristic's own move (one-hot), a prior that the expert
  iteration which follows sharpens with search visit shares.

Needs NumPy, not PyTorch.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from meeple import games
from meeple.arena.backends import Backend, run_all
from meeple.core.actions import Action
from meeple.core.state import State
from meeple.rl.selfplay import Samples, record_game


def heuristic_game(
    game_name: str, players: int, options: dict[str, Any], seed: int, epsilon: float = 0.15,
    keep: float = 0.1,
) -> tuple[Samples, list[int]]:
    """One game of the playout policy with ``epsilon`` random moves; a share ``keep``
    of its decisions, as samples."""
    game = games.get(game_name)
    policy = game.rollout_action
    rng = random.Random(seed ^ 0x5EED)

    def decide(state: State, legal: list[Action], decisions: int) -> tuple[Action, np.ndarray]:
        liked = policy(state, rng)
        shares = np.array([1.0 if a == liked else 0.0 for a in legal])
        if rng.random() < epsilon:
            return legal[rng.randrange(len(legal))], shares
        return liked, shares

    return record_game(game_name, players, options, seed, decide, keep)


def _job(args: tuple) -> Samples:
    return heuristic_game(*args)[0]


def generate(
    game_name: str, players: int, options_for: list[dict[str, Any]], seeds: list[int],
    epsilon: float = 0.15, keep: float = 0.1, workers: int = 1, backend: Backend | None = None,
) -> Samples:
    """Heuristic games, one per seed (``options_for[i]`` the options of game ``i``), 64
    to a task (they take milliseconds)."""
    jobs = [(game_name, players, o, s, epsilon, keep) for o, s in zip(options_for, seeds, strict=True)]
    return Samples.concat(run_all(_job, jobs, workers, backend, per_batch=64))
