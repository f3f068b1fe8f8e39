"""The ``meeple`` command: play, simulate, replay, rules, bench.

Features with commands of their own (serve, tournament, train, ...) define them in a
module of this package on ``app``; the imports at the end register them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from meeple import bots as botlib
from meeple import games, i18n
from meeple.core.errors import MeepleError
from meeple.i18n import COMMON as M
from meeple.terminal.screen import unique_names

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Modern board games by their full rules: play, simulate, replay, benchmark.",
)
console = Console(highlight=False)
#: errors go to standard error, so a caller that keeps only the output (a pipe, the
#: server benchmark starting ``meeple serve``) still sees why a command failed
errors = Console(highlight=False, stderr=True)


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``["colors=6", "rounds=1"]`` -> dict; the game coerces and checks the values."""
    out = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise MeepleError(f"options are written key=value, e.g. --option rounds=1; got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def fail(err: Exception) -> NoReturn:
    """Print the error, on standard error, as text in the reader's language (messages
    hold brackets such as 'meeple[plots]', which Rich would read as markup and drop)
    and exit 2."""
    text = err.text if isinstance(err, MeepleError) else str(err)
    errors.print(f"[red]{escape(i18n.render(M('cli.error')))}[/] {escape(i18n.render(text))}")
    raise typer.Exit(2)


@app.callback()
def speak(
    ctx: typer.Context,
    lang: str | None = typer.Option(
        None, "--lang", help="language of everything printed: en, fr, es, nl  \\[default: from LANGUAGE, "
        "LC_ALL, LC_MESSAGES or LANG, else en]", show_default=False,
    ),
) -> None:
    """Modern board games by their full rules: play, simulate, replay, benchmark."""
    try:
        code = i18n.check(lang) if lang is not None else i18n.from_environment()
    except i18n.LanguageError as err:
        fail(err)
    ctx.call_on_close(i18n.enter(i18n.Audience(code)))


@app.command()
def play(
    game: str = typer.Argument(None, help="game name, e.g. lost-cities (not with --resume)", show_default=False),
    vs: str = typer.Option("greedy", help="bots for the other seats, comma-separated: random, greedy, ismcts"),
    players: int | None = typer.Option(
        None, help="number of players  \\[default: one more than the bots, within the game's range]",
        show_default=False,
    ),
    seat: int = typer.Option(0, help="your seat (0 = first)"),
    seed: int | None = typer.Option(
        None, help="seed of the deal (the same seed gives the same game); kept secret until the end  "
        "\\[default: a random one]", show_default=False,
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value, repeatable (see meeple games)"),
    save: Path | None = typer.Option(None, help="write the game record (JSON) here when you leave or the game ends"),
    resume: Path | None = typer.Option(
        None, help="go on with a game saved by 'save' or --save: same seats and bots, saved back to the same "
        "file unless --save names another", show_default=False,
    ),
) -> None:
    """Play in the terminal against bots. At the prompt: a move, '?' for your moves, 'help'."""
    from meeple.terminal import TerminalGame

    try:
        if resume is not None:
            setup = _resumed(resume, game)
            save = save or resume
        else:
            if not game:
                raise MeepleError(M("cli.play_needs_game"))
            setup = _new_table(game, vs, players, seat, seed, option)
    except (MeepleError, OSError) as err:
        fail(err)
    g, state, me, specs, seat_bots = setup
    names = [M("term.you") if s == me else name for s, name in enumerate(unique_names(specs))]
    TerminalGame(g, state, me, seat_bots, console, save, names=names, specs=specs, resumed=resume).run()


def _new_table(game: str, vs: str, players: int | None, seat: int, seed: int | None, option: list[str]):
    """A fresh game from the command line's choices: (game, state, your seat, the seats'
    specs, the bots)."""
    from meeple.terminal.sealed import bot_seed

    g = games.get(game)
    specs = [s.strip() for s in vs.split(",") if s.strip()] or ["greedy"]
    count = players or max(g.players.start, min(1 + len(specs), g.players.stop - 1))
    state = g.new(count, seed, **parse_options(option))
    if not 0 <= seat < count:
        raise MeepleError(M("cli.bad_seat", most=count - 1))
    others = [s for s in range(count) if s != seat]
    seat_specs = {s: specs[i % len(specs)] for i, s in enumerate(others)}
    seat_bots = {s: botlib.get(spec, g, seed=bot_seed(state.seed, s)) for s, spec in seat_specs.items()}
    return g, state, seat, ["human" if s == seat else seat_specs[s] for s in range(count)], seat_bots


def _resumed(path: Path, game: str | None):
    """A saved game where it was left: its moves replayed, the human back at the seat the
    record calls "human", the other seats' bots rebuilt from the record."""
    from meeple.core.record import Record
    from meeple.terminal.sealed import bot_seed

    record = Record.load(path)
    g = games.get(record.game)
    if game and games.get(game) is not g:
        raise MeepleError(M("cli.resume_other_game", file=str(path), game=record.game))
    state = games.replay(record)
    if state.is_over:
        raise MeepleError(M("cli.resume_over", file=str(path)))
    specs = list(record.seats) if record.seats else []
    if specs.count("human") != 1 or len(specs) != record.players:
        raise MeepleError(M("cli.resume_no_seats", file=str(path)))
    me = specs.index("human")
    seat_bots = {s: botlib.get(spec, g, seed=bot_seed(state.seed, s) + state.ply)
                 for s, spec in enumerate(specs) if s != me}
    return g, state, me, specs, seat_bots


@app.command()
def simulate(
    game: str = typer.Argument(..., help="game name"),
    bots: str = typer.Option("random,random", help="bots by seat, comma-separated; they rotate seats"),
    games_: int = typer.Option(100, "--games", help="number of games"),
    players: int | None = typer.Option(
        None, help="players per game  \\[default: the number of bots]", show_default=False
    ),
    seed: int = typer.Option(0, help="first seed; game i uses seed + i"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value, repeatable"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as JSON"),
    report: bool = typer.Option(False, "--report", help="also print the game's own statistics"),
    workers: int = typer.Option(1, help="processes to play games in parallel"),
) -> None:
    """Bots against bots: wins, mean scores and game length per bot."""
    from meeple.arena.match import check_games
    from meeple.arena.simulate import simulate as run

    try:
        g = games.get(game)
        specs = [s.strip() for s in bots.split(",") if s.strip()]
        count = players or max(len(specs), g.players.start)
        opts = parse_options(option)
        check_games(g, count, opts, specs)
        summary, finals = run(
            g.name, specs, count, games_, seed, opts, keep=report, quiet=as_json, console=console,
            workers=max(1, workers),
        )
    except MeepleError as err:
        fail(err)
    if as_json:
        print(json.dumps(summary, indent=1))
    else:
        table = Table(title=f"{g.title}: {games_} games, {count} players")
        from meeple.arena.tables import add_columns

        add_columns(table, ("bot", "seats played", "wins", "win %", "95% interval", "mean score"))
        for row in summary["bots"]:
            table.add_row(
                row["bot"], str(row["games"]), f"{row['wins']:g}", f"{100 * row['win_rate']:.1f}",
                f"{100 * row['low']:.1f}-{100 * row['high']:.1f}", f"{row['mean_score']:.1f}",
            )
        console.print(table)
        console.print(f"mean plies per game: {summary['mean_plies']:.1f}")
    if report:
        console.print(g.simulation_report(finals))


@app.command()
def replay(
    file: Path = typer.Argument(..., help="a game record saved by 'meeple play --save' or 'save FILE'"),
    seat: int | None = typer.Option(
        None, help="show the game as this seat saw it  \\[default: as a spectator]", show_default=False
    ),
    step: bool = typer.Option(False, "--step", help="one move at a time with the board: Enter for the next"),
) -> None:
    """Replay a saved game: every move, what it did, the final position and scores."""
    from meeple.core.record import Record
    from meeple.terminal.replay import replay_record

    try:
        replay_record(console, Record.load(file), seat, step)
    except (MeepleError, OSError) as err:
        fail(err)


@app.command()
def rules(game: str = typer.Argument(..., help="game name")) -> None:
    """Print a game's rules for players: goal, turn, scoring, move notation, options."""
    from meeple.rulestext import rules_text

    try:
        text = rules_text(games.get(game), i18n.current().lang)
    except MeepleError as err:
        fail(err)
    from rich.markdown import Markdown

    console.print(Markdown(text))


@app.command("games")
def list_games() -> None:
    """List the games, their player counts and options (give options as -o key=value)."""
    from rich.markup import escape

    from meeple.rulestext import option_lines, player_count

    say = i18n.current()
    for name in games.names():
        g = games.get(name)
        line = say(M("cli.game_line", title=g.title, players=player_count(g), summary=g.summary))
        console.print(f"[bold]{name}[/]  {escape(line)}", soft_wrap=True)
        for line in option_lines(g):
            console.print(f"    {escape(line)}", soft_wrap=True)


@app.command("bots")
def list_bots() -> None:
    """List the bots and their parameters (a spec: NAME or NAME:key=value,key=value)."""
    for name in botlib.names() + botlib.plugin_names():
        try:
            rows = botlib.describe(name)
        except MeepleError as err:  # a plug-in whose layer is not installed
            console.print(f"[bold]{name}[/]  (unavailable: {escape(str(err))})", soft_wrap=True)
            continue
        doc = (botlib.bot_class(name).__doc__ or "").strip().split("\n")[0]
        console.print(f"[bold]{name}[/]  {escape(doc)}", soft_wrap=True)
        for key, allowed, meaning in rows:
            console.print(f"    {key}: {escape(allowed)}; {escape(meaning)}", soft_wrap=True)


@app.command()
def bench(
    game: list[str] = typer.Argument(None, help="games to measure (default: all)"),
    seconds: float = typer.Option(3.0, help="seconds per throughput measurement"),
    strength: bool = typer.Option(False, help="also run the strength matches (slow)"),
    rounds: int = typer.Option(200, help="games per strength match"),
    ismcts: str = typer.Option("ismcts:iterations=300", help="the search bot of the strength matches"),
    as_json: bool = typer.Option(False, "--json", help="print the figures as JSON"),
    db: str | None = typer.Option(None, help="bench server: database URL (default: a fresh SQLite file)"),
    clients: int = typer.Option(8, help="bench server: concurrent clients"),
    compare: str | None = typer.Option(
        None, help="search speed of this code against git revision REV, side by side (bench/compare.py)"
    ),
    compare_rounds: int = typer.Option(5, help="--compare: interleaved searches per position"),
    instructions: bool = typer.Option(
        False, help="--compare: count instructions under valgrind instead of timing (exact on a busy machine, slow)"
    ),
) -> None:
    """Throughput (decisions/s, per-operation costs, ISMCTS iterations/s) and bot strength.

    `meeple bench server [--db URL] [--clients N] [--seconds S]` measures the game server instead
    (two processes when URL is PostgreSQL); `meeple bench server fairness` a cheap bot beside
    the largest bot budget.
    `meeple bench --compare REV [GAME...]` measures ISMCTS iterations/s of REV and of this
    code in two processes, alternately, and says whether both searched identically;
    `--instructions` counts instructions per iteration under valgrind instead.
    """
    from meeple.bench import run_bench

    if game and game[0] == "server":
        from meeple.bench.server import run_server_bench

        try:
            run_server_bench(db, max(1, clients), seconds, console, as_json, modes=game[1:])
        except (MeepleError, RuntimeError) as err:
            fail(err)
        return
    try:
        names = game or games.names()
        for name in names:
            games.get(name)
    except MeepleError as err:
        fail(err)
    if compare is not None:
        from meeple.bench.compare import print_comparison

        try:
            print_comparison(compare, names, compare_rounds, as_json, console, instructions)
        except MeepleError as err:
            fail(err)
        return
    run_bench(names, seconds, strength, rounds, as_json, console, ismcts)


# ---- commands defined in their own modules (imported last: they use ``app``) ----
from meeple.cli import card as _card  # noqa: E402,F401  meeple card
from meeple.cli import learn as _learn  # noqa: E402,F401  meeple learn
from meeple.cli import panel as _panel  # noqa: E402,F401  meeple panel
from meeple.cli import serve as _serve  # noqa: E402, F401  meeple serve
from meeple.cli import tournament as _tournament  # noqa: E402,F401  meeple tournament, meeple sprt
from meeple.cli import train as _train  # noqa: E402,F401  meeple train (rl)
from meeple.cli import verify as _verify  # noqa: E402,F401  meeple verify


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        console.print("\nbye")
        sys.exit(130)
