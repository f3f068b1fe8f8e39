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

With an ``expert`` (an ISMCTS spec), the policy target of each kept decision is instead
the share of root visits a search of that position gave each move (the game still goes
on with the heuristic's move). A long search (thousands of iterations) is too slow to
play whole games with, but run on a few positions of each cheap game it gives sharp
targets from many different games: a network distilled from it tells a short search
what a long one would have preferred.

Needs NumPy, not PyTorch.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from meeple import games
from meeple.core.actions import Action
from meeple.core.state import State
from meeple.rl import selfplay
from meeple.rl.selfplay import Samples, record_game


def heuristic_game(
    game_name: str, players: int, options: dict[str, Any], seed: int, epsilon: float = 0.15,
    keep: float = 0.1, max_plies: int = 2000, expert: str | None = None,
) -> tuple[Samples, list[int]]:
    """One game of the playout policy with ``epsilon`` random moves; a share ``keep``
    of its decisions, as samples (policy targets from ``expert``'s search if given)."""
    game = games.get(game_name)
    policy = game.rollout_action
    rng = random.Random(seed ^ 0x5EED)
    search = None if expert is None else selfplay.expert(expert, game_name, seed)

    def decide(state: State, legal: list[Action], decisions: int, wanted: bool) -> tuple[Action, np.ndarray]:
        liked = policy(state, rng)
        if search is not None and wanted:
            shares = selfplay.visit_shares(search.search(state), legal)
        else:
            shares = np.array([1.0 if a == liked else 0.0 for a in legal])
        if rng.random() < epsilon:
            return legal[rng.randrange(len(legal))], shares
        return liked, shares

    return record_game(game_name, players, options, seed, decide, max_plies, keep)


def _job(args: tuple) -> Samples:
    return heuristic_game(*args)[0]


def generate(
    game_name: str, players: int, options_for: list[dict[str, Any]], seeds: list[int],
    epsilon: float = 0.15, keep: float = 0.1, workers: int = 1, expert: str | None = None,
) -> Samples:
    """Heuristic games, one per seed (``options_for[i]`` the options of game ``i``)."""
    jobs = [(game_name, players, o, s, epsilon, keep, 2000, expert)
            for o, s in zip(options_for, seeds, strict=True)]
    if workers <= 1:
        parts = [_job(j) for j in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_job, jobs, chunksize=64 if expert is None else 1))
    return Samples.concat(parts)
