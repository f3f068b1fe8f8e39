"""Play bots against each other, seat by seat, through the contract only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from meeple import bots as botlib
from meeple import games
from meeple.core.state import State


@dataclass
class Result:
    seed: int
    seats: list[str]  # bot spec per seat
    scores: list[int]
    winners: list[int]
    plies: int
    final: State | None = field(default=None, repr=False)


def play(
    game_name: str,
    seat_bots: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    keep_state: bool = False,
) -> Result:
    """One game; seat ``i`` is played by ``seat_bots[i]``."""
    game = games.get(game_name)
    state = game.new(len(seat_bots), seed, **(options or {}))
    players = [botlib.get(spec, game, seed=seed * 31 + i) for i, spec in enumerate(seat_bots)]
    while state.to_move is not None:
        state.apply(players[state.to_move].choose(state))
    return Result(
        seed=seed,
        seats=list(seat_bots),
        scores=state.scores(),
        winners=state.winners(),
        plies=state.ply,
        final=state if keep_state else None,
    )


def rotation(specs: Sequence[str], players: int, index: int) -> list[str]:
    """Seat assignment for game ``index``: the bots rotate so each plays every seat."""
    pool = [specs[i % len(specs)] for i in range(players)]
    shift = index % players
    return pool[shift:] + pool[:shift]
