"""States sampled from random games of every registered game, shared by the generic tests."""

from __future__ import annotations

import random
from functools import cache

from meeple import games
from meeple.core.state import State


def random_game(name: str, seed: int, players: int | None = None, max_plies: int = 4000):
    """A game played by uniform random choice, with every intermediate state."""
    game = games.get(name)
    rng = random.Random(seed)
    if players is None:
        players = rng.choice(list(game.players))
    state = game.new(players, seed)
    states = [state.clone()]
    while state.to_move is not None and state.ply < max_plies:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return game, state, states


@cache
def sampled_states(name: str, per_count: int = 24, games_per_count: int = 2) -> tuple[State, ...]:
    """Running states from random games at every player count, spread over each game."""
    game = games.get(name)
    out: list[State] = []
    for players in game.players:
        for g in range(games_per_count):
            _, _, states = random_game(name, 1000 * players + g, players, max_plies=1500)
            live = [s for s in states if s.to_move is not None]
            step = max(1, len(live) // (per_count // games_per_count))
            out.extend(live[::step][: per_count // games_per_count])
    return tuple(out)
