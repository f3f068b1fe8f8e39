"""Many games between bots, seats rotated, summarised per bot."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.console import Console
from rich.progress import Progress

from meeple.arena.match import play, rotation
from meeple.core.state import State


def simulate(
    game: str,
    specs: list[str],
    players: int,
    n_games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    keep: bool = False,
    quiet: bool = False,
    console: Console | None = None,
    workers: int = 1,
) -> tuple[dict[str, Any], list[State]]:
    """Play ``n_games`` (over ``workers`` processes); a JSON-ready summary and, with
    ``keep``, the final states. Results do not depend on ``workers``."""
    per_bot: dict[str, dict[str, float]] = {}
    plies = 0
    finals: list[State] = []
    with Progress(console=console, disable=quiet, transient=True) as progress:
        task = progress.add_task(f"{game}: {' vs '.join(specs)}", total=n_games)
        jobs = [(game, rotation(specs, players, i), seed + i, options, keep) for i in range(n_games)]
        if workers > 1:
            pool = ProcessPoolExecutor(workers)
            results = pool.map(_play, jobs, chunksize=max(1, n_games // (workers * 8)))
        else:
            pool = None
            results = map(_play, jobs)
        for (_, seats, *_), result in zip(jobs, results, strict=True):
            plies += result.plies
            if keep and result.final is not None:
                finals.append(result.final)
            for s, spec in enumerate(seats):
                row = per_bot.setdefault(spec, {"games": 0, "wins": 0.0, "score": 0.0})
                row["games"] += 1
                row["score"] += result.scores[s]
                if s in result.winners:
                    row["wins"] += 1 / len(result.winners)
            progress.advance(task)
        if pool is not None:
            pool.shutdown()
    summary = {
        "game": game,
        "games": n_games,
        "players": players,
        "mean_plies": plies / max(1, n_games),
        "bots": [
            {
                "bot": spec,
                "games": int(row["games"]),
                "wins": round(row["wins"], 3),
                "win_rate": row["wins"] / row["games"],
                "mean_score": row["score"] / row["games"],
            }
            for spec, row in per_bot.items()
        ],
    }
    return summary, finals


def _play(job: tuple) -> Any:
    game, seats, seed, options, keep = job
    return play(game, seats, seed, options, keep_state=keep)
