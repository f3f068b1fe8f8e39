"""Self-play data for expert iteration: search plays every seat, and each real decision
becomes a training sample.

- policy target: the share of root visits each legal action got from the search;
- value target: per seat (observation order), the score change from this decision to
  the point where search reads the score (``GAME.rollout_done`` with this decision's
  state as the root), divided by ``GAME.score_scale``;
- lead target: per seat (observation order), its share of the lead at that point (the
  winners if the game is over there), which the network learns as a distribution.

The search is an ordinary ``ismcts`` bot: it sees only determinizations of the position
for the seat to move, and the observation is built from that seat's view only.
Needs NumPy, not PyTorch.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from meeple import bots, games
from meeple.arena.backends import Backend, run_all
from meeple.arena.match import play_out
from meeple.bots.ismcts import ISMCTSBot
from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.core.state import State
from meeple.rl import encoders


@dataclass
class Samples:
    obs: np.ndarray  # [N, inputs] float32
    mask: np.ndarray  # [N, actions] bool
    policy: np.ndarray  # [N, actions] float32, rows sum to 1
    value: np.ndarray  # [N, players] float32
    lead: np.ndarray  # [N, players] float32, rows sum to 1

    @staticmethod
    def concat(parts: list[Samples]) -> Samples:
        return Samples(*(np.concatenate([getattr(p, k) for p in parts]) for k in
                         ("obs", "mask", "policy", "value", "lead")))

    def __len__(self) -> int:
        return len(self.obs)


def expert(spec: str, game_name: str, seed: int) -> ISMCTSBot:
    bot = bots.get(spec, games.get(game_name), seed=seed)
    if not isinstance(bot, ISMCTSBot):
        raise ConfigError(f"the expert must be an ismcts bot spec, not {spec!r}")
    return bot


#: a decision maker for ``record_game``: (state, its legal actions, decisions made so far)
#: -> (the action to play, the policy target over ``legal``, shares summing to 1)
Decide = Callable[[State, list[Action], int], tuple[Action, np.ndarray]]


def lead_shares(state: State, players: int) -> list[float]:
    """Per seat, its share of the lead where search reads the score: the game's own
    winners once it is over, else the seats with the best running score."""
    if state.to_move is None:
        top = state.winners()
    else:
        scores = state.scores()
        best = max(scores)
        top = [s for s in range(players) if scores[s] == best]
    return [1.0 / len(top) if s in top else 0.0 for s in range(players)]


def record_game(
    game_name: str, players: int, options: dict[str, Any], seed: int, decide: Decide,
    keep: float = 1.0,
) -> tuple[Samples, list[int]]:
    """Play one game (through the arena's loop, ``arena.match.play_out``) with ``decide``
    at every real decision (forced steps are played without it) and turn each decision
    into a sample, or a random share ``keep`` of them (the decisions of one game share
    its outcome, so a network learns more from a few positions of many games than from
    all positions of a few). Every game ends by its rules (a game past its decision
    bound is a bug and stops with an error), so every sample has an outcome."""
    game = games.get(game_name)
    enc = encoders.get(game_name, players, options)
    state = game.new(players, seed, **options)
    scale = game.score_scale
    obs, masks, pis, seats = [], [], [], []
    pending: list[tuple[int, Any, list[int]]] = []  # (sample index, root state, its scores)
    values: dict[int, tuple[list[float], list[float]]] = {}
    decisions = 0
    sampler = random.Random(seed ^ 0x6B65)

    def settle(now: State) -> None:
        keep_open = []
        for i, root, start in pending:
            if now.to_move is None or game.rollout_done(root, now):
                end = now.scores()
                lead = lead_shares(now, players)
                me = seats[i]
                order = [(me + k) % players for k in range(players)]
                values[i] = ([(end[s] - start[s]) / scale for s in order], [lead[s] for s in order])
            else:
                keep_open.append((i, root, start))
        pending[:] = keep_open

    def choose(now: State) -> Action:
        nonlocal decisions
        legal = now.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = now.to_move
        action, shares = decide(now, list(legal), decisions)
        decisions += 1
        if keep < 1.0 and sampler.random() >= keep:
            return action
        codes = [int(a) for a in legal]
        pi = np.zeros(game.num_actions, dtype=np.float32)
        pi[codes] = shares
        mask = np.zeros(game.num_actions, dtype=bool)
        mask[codes] = True
        obs.append(enc.encode(now.view(seat)))
        masks.append(mask)
        pis.append(pi)
        seats.append(seat)
        pending.append((len(seats) - 1, now.clone(), now.scores()))
        return action

    play_out(state, [choose] * players, after=settle)
    kept = sorted(values)
    n = len(kept)
    samples = Samples(
        np.array([obs[i] for i in kept], dtype=np.float32).reshape(n, enc.size),
        np.array([masks[i] for i in kept], dtype=bool).reshape(n, game.num_actions),
        np.array([pis[i] for i in kept], dtype=np.float32).reshape(n, game.num_actions),
        np.array([values[i][0] for i in kept], dtype=np.float32).reshape(n, players),
        np.array([values[i][1] for i in kept], dtype=np.float32).reshape(n, players),
    )
    return samples, state.scores()


def play_game(
    game_name: str,
    players: int,
    options: dict[str, Any],
    expert_spec: str,
    seed: int,
    explore_plies: int = 8,
) -> tuple[Samples, list[int]]:
    """One self-play game of the expert search; its samples and final (or last) scores.

    For the first ``explore_plies`` decisions the move is drawn in proportion to the
    visits (so games differ), afterwards it is the most visited action.
    """
    search = expert(expert_spec, game_name, seed)
    rng = random.Random(seed)

    def decide(state: State, legal: list[Action], decisions: int) -> tuple[Action, np.ndarray]:
        root = search.search(state)
        visits = np.array([root.children[int(a)].visits if int(a) in root.children else 0
                           for a in legal], dtype=np.float64)
        if decisions < explore_plies:
            action = rng.choices(legal, weights=visits.tolist())[0]
        else:
            action = legal[int(visits.argmax())]
        return action, visits / visits.sum()

    return record_game(game_name, players, options, seed, decide)


def _job(args: tuple) -> tuple[Samples, list[int]]:
    return play_game(*args)


def generate(
    game_name: str,
    players: int,
    options_for: list[dict[str, Any]],
    expert_spec: str,
    seeds: list[int],
    workers: int = 1,
    backend: Backend | None = None,
) -> list[tuple[Samples, list[int]]]:
    """Self-play games, one per seed (``options_for[i]`` the options of game ``i``), on
    ``backend`` (default: ``workers`` local processes)."""
    jobs = [(game_name, players, o, expert_spec, s, 8) for o, s in zip(options_for, seeds, strict=True)]
    return run_all(_job, jobs, workers, backend)
