"""A tournament: its schedule played on a backend, every game stored, the tables at the end."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from rich.console import Console

from meeple import games as registry
from meeple.arena.backends import Backend, Batches
from meeple.arena.live import LiveBoard, LiveStandings
from meeple.arena.match import Outcome
from meeple.arena.ratings import standings
from meeple.arena.schedule import Plan
from meeple.arena.storage import Settings, Store


def settings_of(plan: Plan) -> Settings:
    return Settings(
        kind="tournament", game=plan.game, players=plan.players, bots=list(plan.bots),
        options=dict(plan.options), seed=plan.seed, games_per_lineup=plan.games_per_lineup,
        seating=plan.seating, extra={"one": plan.one} if plan.one else {},
    )


def plan_of(settings: Settings) -> Plan:
    """The plan a stored tournament was started with."""
    return Plan(
        settings.game, tuple(settings.bots), settings.players, settings.games_per_lineup,
        seed=settings.seed, seating=settings.seating, options=dict(settings.options),
        one=settings.extra.get("one"),
    )


def run_tournament(
    plan: Plan,
    store: Store,
    name: str,
    backend: Backend,
    resume: bool = False,
    console: Console | None = None,
    live: bool = True,
) -> tuple[dict[str, Any], list[Outcome]]:
    """Play what the schedule still lacks in the store, then rate every stored game.

    Returns the report and the games in schedule order.

    The report (JSON-ready) depends only on the plan: not on the backend, the number of
    workers, nor on how often the tournament was interrupted and resumed; only its
    ``run`` part (timings) does.
    """
    console = console or Console(stderr=True)
    defaults = registry.get(plan.game).resolve_options(plan.options)
    tid, options = store.open(
        name, settings_of(plan), total=len(plan.jobs()), deals=plan.deals, resume=resume, defaults=defaults
    )
    plan = replace(plan, options=options)
    jobs = plan.jobs()
    stored = store.outcomes(tid)
    done = {o.idx for o in stored}
    todo = [j for j in jobs if j.idx not in done]
    board_body = LiveStandings(plan.bots, plan.players)
    board_body.add(stored)
    if live and todo:
        console.print(
            f"tournament [bold]{name}[/] in {store.url}: {len(todo)} games to play"
            + (f" ({len(done)} already stored)" if done else "") + f" on {backend.describe()}"
        )
    start = time.perf_counter()
    played = []
    title = f"{plan.game}, {plan.players} players"
    with LiveBoard(console, title, len(jobs), len(done), lambda: board_body, enabled=live and bool(todo)) as board:
        for outcomes in backend.run(Batches(todo)):
            store.save(tid, outcomes)
            played.extend(outcomes)
            board_body.add(outcomes)
            board.advance(len(outcomes))
    elapsed = time.perf_counter() - start
    games = sorted(stored + played, key=lambda o: o.idx)
    report = {
        "name": name,
        "tournament": {
            "game": plan.game, "players": plan.players, "bots": list(plan.bots),
            "options": dict(plan.options), "seed": plan.seed, "seating": plan.seating,
            "games_per_lineup": plan.games_per_lineup, "deals": plan.deals, "one": plan.one,
            "lineups": [list(lu) for lu in plan.lineups], "scheduled": len(jobs),
        },
        "complete": len(games) == len(jobs),
        **standings(games, plan.bots, plan.players),
        "run": {
            "db": store.url, "backend": backend.describe(), "played": len(played),
            "already_stored": len(done), "seconds": elapsed,
            "games_per_s": len(played) / elapsed if played and elapsed > 0 else None,
        },
    }
    return report, games
