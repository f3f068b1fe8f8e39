"""Head-to-head strength of two bots, with a 95% Wilson interval.

Each seed is played twice with the seats swapped, so the deal's luck cancels out.
``python -m meeple.rl.measure lost-cities "ismcts:net=default,seconds=0.1"
"ismcts:seconds=0.1" --games 100 -o rounds=1 --workers 2``
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from meeple import bots, games

#: a game still running after this many plies is stopped and counted as a draw
MAX_PLIES = 3000


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``score / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _game(job: tuple) -> dict[str, Any]:
    name, a, b, seed, a_seat, options = job
    game = games.get(name)
    state = game.new(2, seed, **options)
    specs = [a, b] if a_seat == 0 else [b, a]
    players = [bots.get(spec, game, seed=seed * 7 + i) for i, spec in enumerate(specs)]
    while state.to_move is not None and state.ply < MAX_PLIES:
        state.apply(players[state.to_move].choose(state))
    scores = state.scores()
    margin = scores[a_seat] - scores[1 - a_seat]
    if not state.is_over:
        return {"seed": seed, "a_seat": a_seat, "result": 0.5, "margin": 0, "cut": True}
    winners = state.winners()
    result = (1.0 / len(winners)) if a_seat in winners else 0.0
    return {"seed": seed, "a_seat": a_seat, "result": result, "margin": margin, "cut": False}


def match(
    name: str, a: str, b: str, seeds: int, options: dict[str, Any] | None = None,
    first_seed: int = 0, workers: int = 1,
) -> dict[str, Any]:
    """``a`` against ``b`` on ``seeds`` deals, each played with both seatings."""
    options = options or {}
    game = games.get(name)
    game.resolve_options(options)
    for spec in (a, b):
        bots.get(spec, game)
    jobs = [(name, a, b, first_seed + s, seat, options) for s in range(seeds) for seat in (0, 1)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            rows = list(pool.map(_game, jobs))
    else:
        rows = [_game(j) for j in jobs]
    n = len(rows)
    score = sum(r["result"] for r in rows)
    wins = sum(r["result"] == 1.0 for r in rows)
    losses = sum(r["result"] == 0.0 for r in rows)
    lo, hi = wilson(score, n)
    return {
        "game": name, "a": a, "b": b, "options": options, "games": n,
        "wins": wins, "draws": n - wins - losses, "losses": losses,
        "score": score / n, "wilson95": [lo, hi],
        "mean_margin": sum(r["margin"] for r in rows) / n,
        "cut": sum(r["cut"] for r in rows), "seeds": [first_seed, first_seed + seeds - 1],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--games", type=int, default=50, help="deals; each is played twice")
    p.add_argument("--seed", type=int, default=0, help="first deal")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("-o", "--option", action="append", default=[], help="game option key=value")
    args = p.parse_args(argv)
    options = dict(kv.split("=", 1) for kv in args.option)
    result = match(args.game, args.a, args.b, args.games, options, args.seed, args.workers)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
