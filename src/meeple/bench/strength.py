"""Strength matches: the stronger bot should win most games (``meeple bench --strength``).

Each match is a mirrored one (``meeple.arena.panel``): every deal is played once with
the first bot in each seat, so the deal's luck cancels; the first bot's share of the
wins is reported with its 95% Wilson interval.
"""

from __future__ import annotations

import math
import os
from typing import Any

from rich.console import Console

from meeple import games
from meeple.arena.panel import match

#: (first bot, second bot, target for the first bot's win rate); ``{ismcts}`` is the
#: search bot spec given to ``meeple bench --ismcts``.
MATCHES = [
    ("{ismcts}", "random", 0.95),
    ("greedy", "random", 0.5),
    ("{ismcts}", "greedy", 0.5),
]
#: short games: one round of Lost Cities, a turn limit in Lewis & Clark
OPTIONS = {"rounds": 1, "turn_limit": 100}


def run_strength(
    name: str, n_games: int, console: Console | None = None, ismcts: str = "ismcts:iterations=300",
    workers: int | None = None,
) -> list[dict[str, Any]]:
    """Each of ``MATCHES`` over about ``n_games`` games (whole deals), deals 1000 on."""
    game = games.get(name)
    options = {k: v for k, v in OPTIONS.items() if k in game.options}
    players = 2 if 2 in game.players else game.players.start
    deals = max(1, math.ceil(n_games / players))
    out = []
    for first, second, target in MATCHES:
        first = first.format(ismcts=ismcts)
        if console is not None:
            console.print(f"{name}: {first} vs {second} ...")
        m = match(name, first, second, players, deals, 1000, options, workers or os.cpu_count() or 1)
        out.append({
            "match": f"{first} vs {second}",
            "games": m.games,
            "win_rate": m.rate,
            "low": m.low,
            "high": m.high,
            "target": f">= {100 * target:.0f}%",
        })
    return out
