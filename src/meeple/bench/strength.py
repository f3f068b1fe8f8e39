"""Strength matches: the stronger bot should win most games, seats alternating."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.console import Console
from rich.progress import Progress

from meeple import games
from meeple.arena.match import play, rotation

#: (first bot, second bot, target for the first bot's win rate); ``{ismcts}`` is the
#: search bot spec given to ``meeple bench --ismcts``.
MATCHES = [
    ("{ismcts}", "random", 0.95),
    ("greedy", "random", 0.5),
    ("{ismcts}", "greedy", 0.5),
]


def _one(args: tuple[str, list[str], int, dict]) -> tuple[list[str], list[int]]:
    name, seats, seed, options = args
    result = play(name, seats, seed, options)
    return seats, result.winners


def run_strength(
    name: str, n_games: int, console: Console | None = None, ismcts: str = "ismcts:iterations=300"
) -> list[dict[str, Any]]:
    game = games.get(name)
    options = {"rounds": 1} if "rounds" in game.options else {}
    if "turn_limit" in game.options:
        options["turn_limit"] = 100
    players = game.players.start if game.players.start > 1 else 2
    if players not in game.players:
        players = game.players.stop - 1
    out = []
    for first, second, target in MATCHES:
        first = first.format(ismcts=ismcts)
        jobs = [(name, rotation([first, second], players, i), 1000 + i, options) for i in range(n_games)]
        wins = 0.0
        with Progress(console=console, disable=console is None, transient=True) as progress, \
                ProcessPoolExecutor() as pool:
            task = progress.add_task(f"{name}: {first} vs {second}", total=n_games)
            for seats, winners in pool.map(_one, jobs):
                wins += sum(1 for w in winners if seats[w] == first) / len(winners)
                progress.advance(task)
        out.append({
            "match": f"{first} vs {second}",
            "games": n_games,
            "win_rate": wins / n_games,
            "target": f">= {100 * target:.0f}%",
        })
    return out
