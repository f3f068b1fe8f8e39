"""Distillation data: positions of cheap games, each searched by a long ISMCTS.

Search is slow and its visit shares at a short budget are nearly flat, so self-play
with search teaches a network little per hour. Here the game's playout policy
(``GAME.rollout_action``, with a share ``epsilon`` of uniformly random moves so that
positions vary) plays whole games in milliseconds, and a share ``keep`` of their
decisions is searched by a long search (``expert``, e.g. ``ismcts:iterations=1600``,
four to five times the iterations plain search makes in 0.1 s). A position's record:

- ``obs``: the observation of the seat to move (its view only), ``mask`` its legal
  actions;
- ``visits``: the root visits of each action; the policy target is their shares,
  sharpened by a temperature (``policy_targets``);
- ``q``: the mean reward of each visited action for the seat to move, in [0, 1];
- ``game``: the game's seed, so that whole games can be held out.

A network fitted to many of them tells a short search what a long one would have
preferred (``ismcts:net=...,prior_depth=1``: the prior at the root only, one forward
pass a move). Records are written in chunks of games (``distill-SSSSSSS.npz``, named by
the chunk's first game seed), so a long run can stop and go on where it stopped, and
another training run can reuse them (``meeple train --distill-data``).

Each game's moves, kept decisions and random moves come from one generator seeded with
the game's seed, and the expert from the same seed: a chunk is the same on every
machine. Needs NumPy, not PyTorch.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from meeple import games
from meeple.arena.backends import make_backend
from meeple.arena.match import play_out
from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.core.state import State
from meeple.rl import encoders, selfplay

#: records per file: games per chunk
CHUNK = 200
KEYS = ("obs", "mask", "visits", "q", "game")


@dataclass
class Positions:
    obs: np.ndarray  # [N, inputs] float32
    mask: np.ndarray  # [N, actions] bool
    visits: np.ndarray  # [N, actions] float32, zero off the legal actions
    q: np.ndarray  # [N, actions] float32, the mean reward of each visited action
    game: np.ndarray  # [N] int64, the seed of the game the position comes from

    def __len__(self) -> int:
        return len(self.obs)

    def take(self, rows: np.ndarray) -> Positions:
        return Positions(*(getattr(self, k)[rows] for k in KEYS))

    @staticmethod
    def concat(parts: Sequence[Positions]) -> Positions:
        return Positions(*(np.concatenate([getattr(p, k) for p in parts]) for k in KEYS))


def positions(
    game_name: str, players: int, options: dict[str, Any], seed: int, epsilon: float = 0.1,
    keep: float = 0.1,
) -> list[State]:
    """The kept decisions of one game of the playout policy (with ``epsilon`` random
    moves, played through the arena's loop), as states to search."""
    game = games.get(game_name)
    policy = game.rollout_action
    state = game.new(players, seed, **options)
    rng = random.Random(seed)
    kept: list[State] = []

    def choose(now: State) -> Action:
        legal = now.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if rng.random() < keep:
            kept.append(now.clone())
        if rng.random() < epsilon:
            return legal[rng.randrange(len(legal))]
        return policy(now, rng)

    play_out(state, [choose] * players)
    return kept


def search_game(
    game_name: str, players: int, options: dict[str, Any], seed: int, expert: str,
    epsilon: float = 0.1, keep: float = 0.1,
) -> Positions:
    """The records of one game's kept decisions, each searched by ``expert``."""
    game = games.get(game_name)
    enc = encoders.get(game_name, players, options)
    search = selfplay.expert(expert, game_name, seed)
    n = game.num_actions
    rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    for state in positions(game_name, players, options, seed, epsilon, keep):
        root = search.search(state)
        mask = np.zeros(n, dtype=bool)
        visits = np.zeros(n, dtype=np.float32)
        q = np.zeros(n, dtype=np.float32)
        for action in state.legal_actions():
            a = int(action)
            mask[a] = True
            child = root.children.get(a)
            if child is not None and child.visits:
                visits[a] = child.visits
                q[a] = child.total / child.visits
        rows.append((enc.encode_state(state, state.to_move), mask, visits, q))
    search.close()
    count = len(rows)
    cols = [np.array([r[i] for r in rows]).reshape(count, -1) for i in range(4)]
    return Positions(cols[0].astype(np.float32), cols[1].astype(bool), cols[2].astype(np.float32),
                     cols[3].astype(np.float32), np.full(count, seed, dtype=np.int64))


def _job(args: tuple) -> Positions:
    return search_game(*args)


def chunk_path(out: Path, first: int) -> Path:
    return Path(out) / f"distill-{first:07d}.npz"


def generate(
    out: Path, game_name: str, players: int, options_of: Callable[[int], dict[str, Any]], seeds: Sequence[int],
    expert: str, epsilon: float = 0.1, keep: float = 0.1, workers: int = 1,
    log: Callable[[str], None] = print,
) -> list[Path]:
    """Search the positions of the games ``seeds`` (``options_of(i)``: game ``i``'s
    options) into chunk files under ``out``; chunks already there are kept, not redone."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    files = []
    with make_backend(workers) as backend:
        for start in range(0, len(seeds), CHUNK):
            part = list(seeds[start:start + CHUNK])
            path = chunk_path(out, part[0])
            files.append(path)
            if path.exists():
                continue
            jobs = [(game_name, players, options_of(start + i), s, expert, epsilon, keep)
                    for i, s in enumerate(part)]
            save(path, Positions.concat(backend.map(_job, jobs)))
            log(f"distillation data: games {start + len(part)} of {len(seeds)} searched ({path.name})")
    return files


def save(path: Path, data: Positions) -> None:
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **{k: getattr(data, k) for k in KEYS})
    tmp.replace(path)


def load(paths: Sequence[Path], inputs: int, actions: int) -> Positions:
    """The records of these chunk files, refused by name if they are of another shape."""
    parts = []
    for path in paths:
        try:
            with np.load(path, allow_pickle=False) as data:
                part = Positions(*(data[k] for k in KEYS))
        except FileNotFoundError:
            raise ConfigError(f"no distillation data at {path}") from None
        except (OSError, ValueError, KeyError) as err:
            raise ConfigError(f"{path} is not a distillation chunk: {err}") from None
        if part.obs.shape[1:] != (inputs,) or part.mask.shape[1:] != (actions,):
            raise ConfigError(
                f"{path} holds observations of {part.obs.shape[1:]} and {part.mask.shape[1:]} actions; "
                f"this encoder makes {inputs} and the game has {actions}"
            )
        parts.append(part)
    if not parts:
        raise ConfigError("no distillation data files given")
    return Positions.concat(parts)


def policy_targets(visits: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    """Visit shares raised to ``1 / temperature`` and renormalised (below 1: sharper)."""
    if not temperature > 0:
        raise ConfigError(f"the distillation temperature must be more than 0, got {temperature}")
    p = visits.astype(np.float64) ** (1.0 / temperature)
    total = p.sum(axis=1, keepdims=True)
    total[total == 0] = 1.0
    return (p / total).astype(np.float32)
