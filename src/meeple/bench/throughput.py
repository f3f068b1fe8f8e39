"""Random playouts and per-operation costs through the contract."""

from __future__ import annotations

import random
import time
import tracemalloc
from typing import Any

from meeple import games
from meeple.bots.ismcts import ISMCTSBot
from meeple.core.state import State

#: options that keep random games finite where the rules alone may not
FINITE = {"turn_limit": 100}


def finite_options(game) -> dict[str, Any]:
    return {k: v for k, v in FINITE.items() if k in game.options}


def playouts(name: str, seconds: float) -> tuple[float, float, float, list[State]]:
    """Random games for ``seconds``: decisions/s, games/s, plies/game, sample states."""
    game = games.get(name)
    rng = random.Random(1)
    options = finite_options(game)
    players = list(game.players)
    decisions = finished = 0
    samples: list[State] = []
    start = time.perf_counter()
    end = start + seconds
    seed = 0
    while time.perf_counter() < end:
        state = game.new(players[seed % len(players)], seed, **options)
        seed += 1
        choice = rng.choice
        while state.to_move is not None:
            state.apply(choice(state.legal_actions()))
            decisions += 1
            if (decisions % 97 == 0 or state.ply in (10, 1000)) and len(samples) < 400:
                samples.append(state.clone())
        finished += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, finished / elapsed, decisions / max(1, finished), samples


def per_op(samples: list[State], reps: int = 5) -> dict[str, float]:
    """Microseconds per legal_actions (uncached), apply, clone and determinize."""
    rng = random.Random(2)
    live = [s for s in samples if s.to_move is not None] or samples
    out = {}
    t = time.perf_counter()
    for _ in range(reps):
        for s in live:
            s._legal = None
            s.legal_actions()
    out["legal_us"] = (time.perf_counter() - t) / (reps * len(live)) * 1e6
    t = time.perf_counter()
    for _ in range(reps):
        for s in live:
            s.clone()
    out["clone_us"] = (time.perf_counter() - t) / (reps * len(live)) * 1e6
    # the history is shared between clones: a late clone must cost what an early one does
    early = min(live, key=lambda s: abs(s.ply - 10))
    late = max(live, key=lambda s: min(s.ply, 1000))
    for key, state in (("clone_early", early), ("clone_late", late)):
        t = time.perf_counter()
        for _ in range(2000):
            state.clone()
        out[f"{key}_us"] = (time.perf_counter() - t) / 2000 * 1e6
        out[f"{key}_ply"] = state.ply
    work = [(s.clone(), rng.choice(s.legal_actions())) for s in live for _ in range(reps)]
    t = time.perf_counter()
    for s, a in work:
        s.apply(a)
    out["apply_us"] = (time.perf_counter() - t) / len(work) * 1e6
    t = time.perf_counter()
    for _ in range(reps):
        for s in live:
            s.determinize(s.to_move, rng)
    out["determinize_us"] = (time.perf_counter() - t) / (reps * len(live)) * 1e6
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copies = [s.clone() for s in live[:50]]
    out["state_kib"] = (tracemalloc.get_traced_memory()[0] - before) / len(copies) / 1024
    tracemalloc.stop()
    return out


def ismcts_rate(name: str, seconds: float) -> float:
    """ISMCTS iterations per second from a fresh deal (search only, no move played)."""
    game = games.get(name)
    state = game.new(game.players.start, 7, **finite_options(game))
    bot = ISMCTSBot(game, seed=3, seconds=seconds)
    t = time.perf_counter()
    bot.search(state)
    return bot.last_iterations / (time.perf_counter() - t)


def measure(name: str, seconds: float) -> dict[str, Any]:
    rate, games_rate, plies, samples = playouts(name, seconds)
    result = {"decisions_per_s": rate, "playouts_per_s": games_rate, "plies_per_game": plies}
    result.update(per_op(samples))
    result["ismcts_iterations_per_s"] = ismcts_rate(name, min(seconds, 3.0))
    return result
