"""``meeple tournament`` and ``meeple sprt``: rated tournaments and sequential tests, stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from meeple import games
from meeple.arena.match import check_games
from meeple.cli import app, console, fail, parse_options
from meeple.core.errors import MeepleError

if TYPE_CHECKING:
    from meeple.arena.backends import Backend
    from meeple.arena.schedule import Plan
    from meeple.arena.storage import Store

RAY_HELP = (
    "run the games as Ray tasks: --ray alone starts a local Ray; --ray ADDRESS joins a "
    "running cluster (auto, HOST:6379 from 'ray start --head', or ray://HOST:10001)"
)


def _ray_address(ctx: typer.Context, game: str, ray: bool) -> tuple[str, str | None]:
    """(game, Ray address or None): ``--ray`` takes an optional value, which the parser
    leaves among the extra arguments (before or after GAME)."""
    extra = list(ctx.args)
    if not ray:
        if extra:
            raise MeepleError(f"unexpected argument(s): {' '.join(extra)}")
        return game, None
    if not extra:
        return game, "local"
    if len(extra) > 1:
        raise MeepleError(f"--ray takes at most one address; got {' '.join(extra)}")
    if game not in games.names() and extra[0] in games.names():
        game, extra[0] = extra[0], game  # "--ray ADDRESS GAME": the parser took ADDRESS as GAME
    return game, extra[0]


def _backend_checks(workers: int | None, ray: str | None) -> None:
    if workers is not None and workers < 1:
        raise MeepleError(f"--workers must be at least 1, got {workers}")
    if ray is not None and ray != "local" and workers is not None:
        raise MeepleError("--workers applies to the local pool or a local Ray, not to a cluster (--ray ADDRESS)")


def _backend(workers: int | None, ray: str | None) -> Backend:
    from meeple.arena.backends import make_backend

    _backend_checks(workers, ray)
    return make_backend(workers or 1, ray)


def _store(db: str | None) -> Store:
    from meeple.arena.storage import Store

    return Store(db)


@app.command(context_settings={"allow_extra_args": True})
def tournament(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="game name"),
    bots: str = typer.Option("random,greedy", help="the bots, comma-separated (a bot with parameters: 'ismcts:iterations=300')"),
    players: int = typer.Option(0, help="players per game (default: 2, or the game's minimum)"),
    games_: int = typer.Option(20, "--games", help="games per lineup (pairing), rounded up to whole deals"),
    seed: int = typer.Option(0, help="tournament seed: every deal and bot seed derives from it"),
    seating: str = typer.Option("rotations", help="per deal: 'rotations' (each bot each seat) or 'permutations' (every seat order)"),
    one: str | None = typer.Option(None, help="only the lineups in which this bot (one of --bots) holds one seat: it against the field"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value, repeatable"),
    workers: int | None = typer.Option(None, help="processes to play games in parallel (default 1; with a local --ray, its CPUs)"),
    ray: bool = typer.Option(False, "--ray", help=RAY_HELP),
    db: str | None = typer.Option(None, help="database URL or SQLite path (default: $MEEPLE_DB, else meeple.sqlite3 in the user data dir)"),
    name: str | None = typer.Option(None, help="the tournament's name in the database (default: GAME-date-time-xxxx)"),
    resume: bool = typer.Option(False, help="continue the stored tournament --name: play only its missing games"),
    show: bool = typer.Option(False, help="report the stored tournament --name as it stands, playing nothing (also while another process plays it)"),
    as_json: bool = typer.Option(False, "--json", help="print the report as JSON (no live display)"),
    plots: Path | None = typer.Option(None, help="write the plots (PNG and SVG) and report.html to this directory"),
) -> None:
    """A rated tournament: every lineup on the same deals, seats rotated; games stored; resumable."""
    from meeple.arena.schedule import SEATINGS, Plan
    from meeple.arena.storage import default_name

    if show:
        _show_tournament(ctx, game, name, db, as_json, plots)
        return
    try:
        game, address = _ray_address(ctx, game, ray)
        g = games.get(game)
        specs = [s.strip() for s in bots.split(",") if s.strip()]
        count = g.check_players(players or max(2, g.players.start))
        if seating not in SEATINGS:
            raise MeepleError(f"--seating {seating!r} is not known; choose {' or '.join(SEATINGS)}")
        given = parse_options(option)
        resolved = g.resolve_options(given)
        opts = {k: resolved[k] for k in given}
        check_games(g, count, opts, specs)
        if resume and not name:
            raise MeepleError("--resume needs the --name of the tournament to continue")
        if plots is not None:
            from meeple.arena.plots import require_matplotlib

            require_matplotlib()
        plan = Plan(g.name, tuple(specs), count, games_, seed=seed, seating=seating, options=opts,
                    one=one.strip() if one else None)
        plan.jobs()  # refuses bad --games or --bots before anything is stored
        _backend_checks(workers, address)
        store = _store(db)  # a bad URL fails before Ray takes its seconds to start
        backend = _backend(workers, address)
    except MeepleError as err:
        fail(err)
    run(plan, name or default_name(g.name), backend, store, resume, as_json, plots)


def _show_tournament(
    ctx: typer.Context, game: str, name: str | None, db: str | None, as_json: bool, plots: Path | None
) -> None:
    from meeple.arena.backends import StoredOnly
    from meeple.arena.tournament import plan_of

    try:
        if not name:
            raise MeepleError("--show needs the --name of a stored tournament")
        if ctx.args:
            raise MeepleError(f"unexpected argument(s): {' '.join(ctx.args)}")
        if plots is not None:
            from meeple.arena.plots import require_matplotlib

            require_matplotlib()
        store = _store(db)
        plan = plan_of(store.settings(name, "tournament"))
        if games.get(game).name != plan.game:
            raise MeepleError(f"tournament {name!r} is of {plan.game}, not {game}")
    except MeepleError as err:
        fail(err)
    assert name is not None
    run(plan, name, StoredOnly(), store, True, as_json, plots)


def run(
    plan: Plan, name: str, backend: Backend, store: Store, resume: bool, as_json: bool, plots: Path | None
) -> None:
    """Play the tournament, then print its report and write its plots."""
    from meeple.arena.tables import report_tables
    from meeple.arena.tournament import run_tournament

    try:
        with backend:
            report, outcomes = run_tournament(plan, store, name, backend, resume, console, live=not as_json)
    except MeepleError as err:
        fail(err)
    except KeyboardInterrupt:
        console.print(f"\ninterrupted; the finished games are stored: continue with --resume --name {name}")
        raise typer.Exit(130) from None
    if plots is not None:
        from meeple.arena.plots import figures, write_plots
        from meeple.arena.report_html import write_report

        files, svgs = write_plots(figures(report, outcomes), plots)
        files.append(write_report(report, outcomes, plots / "report.html", svgs))
        report["files"] = [str(f) for f in files]
    if as_json:
        print(json.dumps(report, indent=1))
        return
    console.print(report_tables(report))
    if plots is not None:
        console.print(f"plots and report.html in {plots}")


@app.command(context_settings={"allow_extra_args": True})
def sprt(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="game name"),
    bot: str | None = typer.Option(None, help="the bot under test (A), e.g. 'ismcts:iterations=400'"),
    vs: str | None = typer.Option(None, help="the reference bot (B); may be the same spec"),
    elo0: float = typer.Option(0.0, help="H0: A is elo0 Elo stronger than B (logistic Elo)"),
    elo1: float = typer.Option(30.0, help="H1: A is elo1 Elo stronger than B"),
    alpha: float = typer.Option(0.05, help="chance of accepting H1 when H0 holds"),
    beta: float = typer.Option(0.05, help="chance of accepting H0 when H1 holds"),
    max_games: int = typer.Option(2000, help="stop with 'inconclusive' after this many games (whole pairs)"),
    seed: int = typer.Option(0, help="seed of the deals and bots"),
    option: list[str] = typer.Option([], "--option", "-o", help="game option key=value, repeatable"),
    workers: int | None = typer.Option(None, help="processes to play games in parallel (default 1)"),
    ray: bool = typer.Option(False, "--ray", help=RAY_HELP),
    db: str | None = typer.Option(None, help="database URL or SQLite path (default as for tournament)"),
    name: str | None = typer.Option(None, help="the test's name in the database (default: GAME-date-time-xxxx)"),
    resume: bool = typer.Option(False, help="continue the stored test --name"),
    show: bool = typer.Option(False, help="report the stored test --name as it stands, playing nothing"),
    as_json: bool = typer.Option(False, "--json", help="print the result as JSON (no live display)"),
) -> None:
    """Sequential probability ratio test: is A stronger than B? Stops as soon as it can say."""
    from meeple.arena.sprt import check, run_sprt
    from meeple.arena.storage import default_name
    from meeple.arena.tables import sprt_text

    if show:
        try:
            if not name:
                raise MeepleError("--show needs the --name of a stored test")
            store = _store(db)
            stored = store.settings(name, "sprt")
            if games.get(game).name != stored.game:
                raise MeepleError(f"test {name!r} is of {stored.game}, not {game}")
        except MeepleError as err:
            fail(err)
        from meeple.arena.backends import StoredOnly

        assert name is not None
        x = stored.extra
        report = run_sprt(
            stored.game, stored.bots[0], stored.bots[1], store, name, StoredOnly(), x["elo0"], x["elo1"],
            x["alpha"], x["beta"], stored.games_per_lineup, stored.seed, stored.options, True, console,
            live=False,
        )
        if as_json:
            print(json.dumps(report, indent=1))
        else:
            console.print(sprt_text(report))
        return
    try:
        if bot is None or vs is None:
            raise MeepleError("name the two bots: --bot A (under test) --vs B (reference)")
        game, address = _ray_address(ctx, game, ray)
        g = games.get(game)
        check(elo0, elo1, alpha, beta, max_games)
        given = parse_options(option)
        resolved = g.resolve_options(given)
        opts = {k: resolved[k] for k in given}
        check_games(g, 2, opts, [bot, vs])
        if resume and not name:
            raise MeepleError("--resume needs the --name of the test to continue")
        _backend_checks(workers, address)
        store = _store(db)
        backend = _backend(workers, address)
    except MeepleError as err:
        fail(err)
    assert bot is not None and vs is not None
    name = name or default_name(g.name)
    try:
        with backend:
            report = run_sprt(
                g.name, bot.strip(), vs.strip(), store, name, backend, elo0, elo1, alpha, beta,
                max_games, seed, opts, resume, console, live=not as_json,
            )
    except MeepleError as err:
        fail(err)
    except KeyboardInterrupt:
        console.print(f"\ninterrupted; the finished games are stored: continue with --resume --name {name}")
        raise typer.Exit(130) from None
    if as_json:
        print(json.dumps(report, indent=1))
    else:
        console.print(sprt_text(report))
