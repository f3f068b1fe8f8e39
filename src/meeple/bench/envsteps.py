"""Environment steps per second: the PettingZoo environment played with random legal
actions (each step: apply, then the next agent's view encoded and its mask built)."""

from __future__ import annotations

import time

import numpy as np

from meeple import games


def env_steps(name: str, seconds: float) -> float | None:
    """Steps/s of ``meeple.rl.env(name)`` at the game's smallest player count (2 for a
    game that also has a solo mode); ``None`` when the rl extra is not installed."""
    try:
        import meeple.rl as rl

        env = rl.env(name, players=2 if 2 in games.get(name).players else None)
    except ImportError:
        return None
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps / (time.perf_counter() - start)
