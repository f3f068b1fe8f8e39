"""``meeple panel``: a bot against a panel of opponents (or named ones), mirrored deals."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import typer

from meeple import games
from meeple.cli import app, console, fail, parse_options
from meeple.core.errors import MeepleError


def _counts(text: str) -> list[int]:
    try:
        counts = [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise MeepleError(f"--players is a comma-separated list of player counts, e.g. 2,3; got {text!r}") from None
    if not counts:
        raise MeepleError("--players names no player count")
    return counts


@app.command()
def panel(
    game: str = typer.Argument(..., help="game name"),
    hero: str = typer.Option("ismcts", help="the bot measured"),
    against: str = typer.Option(
        "panel", help="its opponents, comma-separated (';' between a spec's own parameters), or "
        "'panel': greedy and every named style of the game's heuristic"
    ),
    players: str = typer.Option("2", help="player counts, comma-separated; the opponent takes every other seat"),
    deals: int = typer.Option(10, help="deals per opponent and player count; each is played once per hero seat"),
    first_deal: int = typer.Option(1000, help="the seed of the first deal (deal d is seeded d)"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value, repeatable"),
    workers: int = typer.Option(1, help="processes to play games in parallel"),
    as_json: Path | None = typer.Option(None, "--json", help="append one JSON line per match to this file"),
) -> None:
    """A bot against each opponent over mirrored deals: its share of the wins with a 95%
    Wilson interval, its margin, and the CPU time of its real decisions."""
    from meeple.arena.panel import match
    from meeple.arena.panel import panel as styles

    try:
        g = games.get(game)
        villains = styles(g.name) if against == "panel" else [a.strip() for a in against.split(",") if a.strip()]
        counts = _counts(players)
        for count in counts:
            g.check_players(count)
        opts = parse_options(option)
        if workers < 1:
            raise MeepleError(f"--workers must be at least 1, got {workers}")
    except MeepleError as err:
        fail(err)
    for count in counts:
        for villain in villains:
            try:
                result = match(g.name, hero, villain, count, deals, first_deal, opts, workers)
            except MeepleError as err:
                fail(err)
            console.print(result.line(), soft_wrap=True)
            if as_json is not None:
                with as_json.open("a") as out:
                    out.write(json.dumps(asdict(result)) + "\n")
