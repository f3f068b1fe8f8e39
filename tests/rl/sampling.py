"""States sampled from random games, for every game and player count."""

from __future__ import annotations

import random

from meeple import games
from meeple.core.state import State

#: (game, players) for every game and every player count it allows
TABLES = [(name, p) for name in games.names() for p in games.get(name).players]


def sample_states(name: str, players: int, games_: int = 3, every: int = 7, limit: int = 400) -> list[State]:
    """Every ``every``-th state of ``games_`` random games (at most ``limit`` plies each),
    plus each final state."""
    game = games.get(name)
    out = []
    for seed in range(games_):
        state = game.new(players, 1000 + seed)
        rng = random.Random(seed)
        while state.to_move is not None and state.ply < limit:
            if state.ply % every == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out
