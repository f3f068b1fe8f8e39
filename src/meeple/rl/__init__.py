"""Reinforcement learning: PettingZoo and Gymnasium environments for every game.

``env(game, players=N, **options)`` is a PettingZoo AEC environment (every seat an
agent); ``gym_env(game, seat=0, opponents=["greedy"])`` a Gymnasium environment (one
learner against bots). Observations are built only from ``state.view(seat)`` by the
game's encoder (``meeple.rl.encoders``). Training (``meeple train``) and the network
inside search need PyTorch and are imported only when used. See docs/rl.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.core.game import Game
    from meeple.rl.gymnasium_env import MeepleGymEnv
    from meeple.rl.pettingzoo_env import MeepleAECEnv


def env(
    game: str | Game,
    players: int | None = None,
    reward: str = "margin",
    max_steps: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> MeepleAECEnv:
    """A PettingZoo ``AECEnv`` of ``game`` for ``players`` seats (default: the fewest)."""
    from meeple.rl.pettingzoo_env import MeepleAECEnv

    return MeepleAECEnv(game, players, reward, max_steps, render_mode, **options)


def gym_env(
    game: str | Game,
    seat: int = 0,
    opponents: Sequence[str] = ("greedy",),
    players: int | None = None,
    reward: str = "margin",
    max_steps: int | None = None,
    illegal: str = "penalize",
    render_mode: str | None = None,
    **options: Any,
) -> MeepleGymEnv:
    """A Gymnasium ``Env``: the learner plays ``seat``, bots (specs) play the others."""
    from meeple.rl.gymnasium_env import MeepleGymEnv

    return MeepleGymEnv(
        game, seat, opponents, players, reward, max_steps, illegal,
        render_mode=render_mode, **options,
    )


__all__ = ["env", "gym_env"]
