"""Many games between bots, seats rotated, summarised per bot (``meeple simulate``)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.progress import Progress

from meeple.arena.backends import Backend, Batches, make_backend
from meeple.arena.match import Job, Outcome, rotation
from meeple.arena.stats import wilson
from meeple.core.state import State


def jobs(
    game: str, specs: list[str], players: int, n_games: int, seed: int = 0,
    options: dict[str, Any] | None = None, keep: bool = False,
) -> list[Job]:
    """Game ``i`` is dealt ``seed + i``, its seats rotated by ``i``; seat ``s``'s bot is
    seeded ``(seed + i) * 31 + s``."""
    out = []
    for i in range(n_games):
        deal = seed + i
        out.append(Job(
            idx=i, game=game, seats=tuple(rotation(specs, players, i)), seed=deal,
            bot_seeds=tuple(deal * 31 + s for s in range(players)), options=dict(options or {}),
            deal=i, keep=keep, record=False,
        ))
    return out


def summary(game: str, players: int, outcomes: list[Outcome]) -> dict[str, Any]:
    """Per bot (in the order bots first appear): seats played, wins (a shared win counts
    1/winners), win rate with its 95% Wilson interval (``low``, ``high``; solo games,
    which a tournament cannot rate, are judged by it) and mean score; the mean game length."""
    per_bot: dict[str, dict[str, float]] = {}
    for o in outcomes:
        for s, spec in enumerate(o.seats):
            row = per_bot.setdefault(spec, {"games": 0, "wins": 0.0, "score": 0.0})
            row["games"] += 1
            row["score"] += o.scores[s]
            row["wins"] += o.share(s)
    n = len(outcomes)
    return {
        "game": game,
        "games": n,
        "players": players,
        "mean_plies": sum(o.plies for o in outcomes) / max(1, n),
        "bots": [
            {
                "bot": spec,
                "games": int(row["games"]),
                "wins": round(row["wins"], 3),
                "win_rate": row["wins"] / row["games"],
                **dict(zip(("low", "high"), wilson(row["wins"], row["games"]), strict=True)),
                "mean_score": row["score"] / row["games"],
            }
            for spec, row in per_bot.items()
        ],
    }


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
    backend: Backend | None = None,
) -> tuple[dict[str, Any], list[State]]:
    """Play ``n_games`` (on ``backend``, default ``workers`` local processes); a
    JSON-ready summary and, with ``keep``, the final states. Results do not depend on
    how the games are run."""
    todo = jobs(game, specs, players, n_games, seed, options, keep)
    outcomes: list[Outcome] = []
    own = backend is None
    runner = make_backend(workers) if backend is None else backend
    try:
        with Progress(console=console, disable=quiet, transient=True) as progress:
            task = progress.add_task(f"{game}: {' vs '.join(specs)}", total=n_games)
            for batch in runner.run(Batches(todo)):
                outcomes.extend(batch)
                progress.advance(task, len(batch))
    finally:
        if own:
            runner.close()
    outcomes.sort(key=lambda o: o.idx)
    finals = [o.final for o in outcomes if o.final is not None]
    return summary(game, players, outcomes), finals
