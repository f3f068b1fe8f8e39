"""``meeple train``: expert iteration for one game (PyTorch on the CPU, the rl extra)."""

from __future__ import annotations

from pathlib import Path

import typer

from meeple import games
from meeple.cli import app, console, fail, parse_options
from meeple.core.errors import MeepleError


def _distill_files(patterns: list[str]) -> list[Path]:
    """The files named by ``--distill-data`` (paths or globs), each pattern matching one at least."""
    import glob

    files: list[Path] = []
    for pattern in patterns:
        found = sorted(glob.glob(pattern)) if glob.has_magic(pattern) else [pattern]
        if not found or not all(Path(f).is_file() for f in found):
            raise MeepleError(f"--distill-data {pattern!r} names no distillation file")
        files += [Path(f) for f in found]
    return files


@app.command()
def train(
    game: str = typer.Argument(..., help="game name, e.g. lost-cities"),
    players: int = typer.Option(0, help="players (default: the fewest the game allows, 2 if that is 1)"),
    minutes: float = typer.Option(10.0, help="wall-clock budget; the running iteration is finished"),
    out: Path = typer.Option(Path("runs/train"), help="folder for checkpoints, history.json and curve.png"),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="game option key=value; key=a,b alternates the values between games"
    ),
    expert: str = typer.Option("ismcts:iterations=300", help="the search that makes the targets (an ismcts spec)"),
    guided: bool = typer.Option(False, help="guide the expert search by the latest checkpoint (AlphaZero-style)"),
    games_per_iteration: int = typer.Option(8, help="self-play games between two fits"),
    steps: int = typer.Option(200, help="optimizer steps per iteration"),
    workers: int = typer.Option(1, help="processes playing self-play games"),
    hidden: int = typer.Option(256, help="units per hidden layer"),
    layers: int = typer.Option(2, help="hidden layers"),
    eval_games: int = typer.Option(20, help="games of the policy alone against greedy per iteration (0: none)"),
    seed: int = typer.Option(0, help="seed of the self-play deals and of the initial weights"),
    resume: Path | None = typer.Option(None, help="continue from this checkpoint (.npz)"),
    bootstrap_games: int = typer.Option(
        0, help="warm start: first fit games of the playout policy (tens of thousands a minute; 0: none)"
    ),
    bootstrap_steps: int = typer.Option(20_000, help="minibatch steps of the warm start"),
    distill_games: int = typer.Option(
        0, help="distillation: fit the policy to long searches of positions from this many playout-policy games"
    ),
    distill_data: list[str] = typer.Option(
        [], help="distillation: reuse the searched positions of an earlier run (files or a glob, e.g. "
                 "'runs/lc/distill/*.npz'; may be repeated)"
    ),
    distill_seed: int = typer.Option(0, help="the first deal of the distillation games"),
    distill_expert: str = typer.Option("ismcts:iterations=1600", help="the long search of the distillation"),
    distill_steps: int = typer.Option(10_000, help="minibatch steps of the distillation"),
    distill_temperature: float = typer.Option(
        0.5, help="distillation targets: visit shares to the power 1/T, renormalised (below 1: sharper)"
    ),
    max_iterations: int | None = typer.Option(
        None, help="stop after this many expert iterations (0: only the warm start and the distillation)"
    ),
) -> None:
    """Train a policy+value network by self-play with search targets (expert iteration)."""
    try:
        from meeple.rl.training import Config, require_torch
        from meeple.rl.training import train as run

        require_torch()
        g = games.get(game)
        count = players or (2 if 2 in g.players else g.players.start)
        g.check_players(count)
        given = parse_options(option)
        g.resolve_options({k: v.split(",")[0] for k, v in given.items()})  # unknown keys fail here
        options = {k: [g.options[k].coerce(k, x) for x in v.split(",")] for k, v in given.items()}
        for name, value in (("games-per-iteration", games_per_iteration), ("steps", steps),
                            ("workers", workers), ("hidden", hidden), ("layers", layers),
                            ("bootstrap-steps", bootstrap_steps), ("distill-steps", distill_steps)):
            if value < 1:
                raise MeepleError(f"--{name} must be at least 1, got {value}")
        for name, value in (("bootstrap-games", bootstrap_games), ("distill-games", distill_games),
                            ("max-iterations", max_iterations or 0)):
            if value < 0:
                raise MeepleError(f"--{name} must be 0 or more, got {value}")
        if not distill_temperature > 0:
            raise MeepleError(f"--distill-temperature must be more than 0, got {distill_temperature}")
        data_files = _distill_files(distill_data)
        if max_iterations == 0 and not (bootstrap_games or distill_games or data_files):
            raise MeepleError("--max-iterations 0 trains nothing without --bootstrap-games, --distill-games "
                              "or --distill-data")
        if bootstrap_games and resume is not None:
            raise MeepleError("--bootstrap-games starts a new network; it cannot be combined with --resume")
        if minutes <= 0:
            raise MeepleError(f"--minutes must be more than 0, got {minutes}")
        config = Config(
            game=g.name, players=count, out=out, minutes=minutes, options=options, expert=expert,
            guided=guided, games_per_iteration=games_per_iteration, workers=workers, seed=seed,
            hidden=hidden, layers=layers, steps_per_iteration=steps, eval_games=max(0, eval_games),
            resume=resume, bootstrap_games=bootstrap_games, bootstrap_steps=bootstrap_steps,
            distill_games=distill_games, distill_data=data_files, distill_seed=distill_seed,
            distill_expert=distill_expert, distill_steps=distill_steps,
            distill_temperature=distill_temperature, max_iterations=max_iterations,
        )
        from meeple.rl.selfplay import expert as check_expert

        check_expert(expert, g.name, 0)
        check_expert(distill_expert, g.name, 0)
    except MeepleError as err:
        fail(err)
    console.print(f"training {g.title}, {count} players, for {minutes:g} minutes into {out}/")
    try:
        run(config, log=console.print)
    except MeepleError as err:
        fail(err)
    made = f"{out}/latest.npz" + (f", {out}/curve.png, {out}/history.json" if max_iterations != 0 else "")
    console.print(f"done: {made}")
