"""The ``meeple`` command: play, simulate, replay, rules, bench.

Features with commands of their own (serve, tournament, train, ...) define them in a
module of this package on ``app``; the imports at the end register them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from meeple import bots as botlib
from meeple import games
from meeple.core.errors import MeepleError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Modern board games by their full rules: play, simulate, replay, benchmark.",
)
console = Console(highlight=False)


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``["colors=6", "rounds=1"]`` -> dict; the game coerces and checks the values."""
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise MeepleError(f"options are written key=value, e.g. --option rounds=1; got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def fail(err: Exception) -> None:
    console.print(f"[red]error:[/] {err}")
    raise typer.Exit(2)


@app.command()
def play(
    game: str = typer.Argument(..., help="game name, e.g. lost-cities"),
    vs: str = typer.Option("greedy", help="bots for the other seats, comma-separated: random, greedy, ismcts"),
    players: int = typer.Option(0, help="number of players (default: the fewest the game allows, or 1 + bots)"),
    seat: int = typer.Option(0, help="your seat (0 = first)"),
    seed: int | None = typer.Option(None, help="seed of the deal; the same seed gives the same game"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value, repeatable"),
    save: Path | None = typer.Option(None, help="write the game record (JSON) here when it ends"),
) -> None:
    """Play in the terminal against bots. Type a move, '?' for the legal moves, 'undo', 'quit'."""
    from meeple.play import TerminalGame

    try:
        g = games.get(game)
        specs = [s for s in vs.split(",") if s.strip()] or ["greedy"]
        count = players or max(g.players.start, min(1 + len(specs), g.players.stop - 1))
        state = g.new(count, seed, **parse_options(option))
        if not 0 <= seat < count:
            raise MeepleError(f"--seat must be from 0 to {count - 1}")
        others = [s for s in range(count) if s != seat]
        seat_bots = {
            s: botlib.get(specs[i % len(specs)], g, seed=state.seed + s) for i, s in enumerate(others)
        }
    except MeepleError as err:
        fail(err)
    TerminalGame(g, state, seat, seat_bots, console, save).run()


@app.command()
def simulate(
    game: str = typer.Argument(..., help="game name"),
    bots: str = typer.Option("random,random", help="bots by seat, comma-separated; they rotate seats"),
    games_: int = typer.Option(100, "--games", help="number of games"),
    players: int = typer.Option(0, help="players per game (default: number of bots)"),
    seed: int = typer.Option(0, help="first seed; game i uses seed + i"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value, repeatable"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as JSON"),
    report: bool = typer.Option(False, help="also print the game's own simulation report"),
    workers: int = typer.Option(1, help="processes to play games in parallel"),
) -> None:
    """Bots against bots: wins, mean scores and game length per bot."""
    from meeple.arena.simulate import simulate as run

    try:
        g = games.get(game)
        specs = [s.strip() for s in bots.split(",") if s.strip()]
        count = players or max(len(specs), g.players.start)
        g.check_players(count)
        for spec in set(specs):
            botlib.get(spec, g)
        opts = parse_options(option)
        g.resolve_options(opts)
        if report and getattr(g, "simulation_report", None) is None:
            raise MeepleError(f"{g.name} has no simulation report")
    except MeepleError as err:
        fail(err)
    summary, finals = run(
        g.name, specs, count, games_, seed, opts, keep=report, quiet=as_json, console=console,
        workers=max(1, workers),
    )
    if as_json:
        print(json.dumps(summary, indent=1))
    else:
        table = Table(title=f"{g.title}: {games_} games, {count} players")
        for col in ("bot", "seats played", "wins", "win %", "mean score"):
            table.add_column(col, justify="right" if col != "bot" else "left")
        for row in summary["bots"]:
            table.add_row(
                row["bot"], str(row["games"]), f"{row['wins']:g}", f"{100 * row['win_rate']:.1f}",
                f"{row['mean_score']:.1f}",
            )
        console.print(table)
        console.print(f"mean plies per game: {summary['mean_plies']:.1f}")
    if report:
        console.print(g.simulation_report(finals))


@app.command()
def replay(
    file: Path = typer.Argument(..., help="a record saved by 'meeple play --save' or Record.save"),
    seat: int | None = typer.Option(None, help="show the board as this seat sees it (default: spectator)"),
) -> None:
    """Replay a saved game and show its moves and final position."""
    from meeple.core.record import Record

    try:
        record = Record.load(file)
        state = games.replay(record)
    except (MeepleError, OSError) as err:
        fail(err)
    g = state.game
    console.print(f"[bold]{g.title}[/], {record.players} players, seed {record.seed}, options {record.options}")
    for ply, text in enumerate(state.log, 1):
        console.print(f"{ply:4d}. {text}")
    console.print(g.render(state, seat))
    console.print(f"scores {state.scores()}  winners {state.winners()}")


@app.command()
def rules(game: str = typer.Argument(..., help="game name")) -> None:
    """Print a game's rules summary and its move notation."""
    from meeple.rulestext import rules_text

    try:
        text = rules_text(games.get(game))
    except MeepleError as err:
        fail(err)
    from rich.markdown import Markdown

    console.print(Markdown(text))


@app.command("games")
def list_games() -> None:
    """List the games and their options."""
    for name in games.names():
        g = games.get(name)
        lo, hi = g.players.start, g.players.stop - 1
        count = f"{lo}" if lo == hi else f"{lo}-{hi}"
        console.print(f"[bold]{name}[/]  {g.title}, {count} players")
        for key, opt in g.options.items():
            default = opt.none if opt.default is None else opt.default
            console.print(f"    -o {key}=...  (default {default}) {opt.doc}")


@app.command()
def bench(
    game: list[str] = typer.Argument(None, help="games to measure (default: all)"),
    seconds: float = typer.Option(3.0, help="seconds per throughput measurement"),
    strength: bool = typer.Option(False, help="also run the strength matches (slow)"),
    rounds: int = typer.Option(200, help="games per strength match"),
    ismcts: str = typer.Option("ismcts:iterations=300", help="the search bot of the strength matches"),
    as_json: bool = typer.Option(False, "--json", help="print the figures as JSON"),
) -> None:
    """Throughput (decisions/s, per-operation costs, ISMCTS iterations/s) and bot strength."""
    from meeple.bench import run_bench

    try:
        names = game or games.names()
        for name in names:
            games.get(name)
    except MeepleError as err:
        fail(err)
    run_bench(names, seconds, strength, rounds, as_json, console, ismcts)


# ---- commands defined in their own modules (imported last: they use ``app``) ----
# (none yet)
from meeple.cli import train as _train  # noqa: E402,F401  meeple train (rl)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        console.print("\nbye")
        sys.exit(130)
