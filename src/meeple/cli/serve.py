"""``meeple serve``: the game server (FastAPI under uvicorn, one process)."""

from __future__ import annotations

import typer

from meeple.cli import app, console, fail
from meeple.core.errors import MeepleError


def _shown(url: str) -> str:
    """The URL without its password, for the start-up line."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="interface to listen on (0.0.0.0: every interface)"),
    port: int = typer.Option(8000, help="TCP port"),
    db: str | None = typer.Option(
        None, help="database URL: sqlite:///PATH, a file path, or postgresql+psycopg://USER@HOST/DB "
        "(default: $MEEPLE_DB, else a SQLite file in your data directory)"
    ),
    bot_seconds: float = typer.Option(2.0, help="the longest a bot may think per move, in seconds"),
    bot_workers: int = typer.Option(1, help="worker processes for bots"),
    log_level: str = typer.Option("info", help="uvicorn log level: critical, error, warning, info, debug"),
    access_log: bool = typer.Option(False, help="log every request (costs time under load)"),
) -> None:
    """Run the game server: the API under /api, WebSockets under /ws, its docs at /docs."""
    import uvicorn

    from meeple.server.app import create_app
    from meeple.server.config import ServerConfig
    from meeple.store import default_url, normalize_url, open_engine

    try:
        if bot_seconds <= 0:
            raise MeepleError(f"--bot-seconds must be above 0, got {bot_seconds:g}")
        if bot_workers < 1:
            raise MeepleError(f"--bot-workers must be at least 1, got {bot_workers}")
        url = normalize_url(db) if db else default_url()
        engine = open_engine(url)
    except MeepleError as err:
        fail(err)
    console.print(f"meeple server: http://{host}:{port}/  (API docs at /docs)")
    console.print(f"database: {_shown(url)}")
    config = ServerConfig(db=url, bot_seconds=bot_seconds, bot_workers=bot_workers)
    uvicorn.run(create_app(engine, config), host=host, port=port, log_level=log_level,
                access_log=access_log, workers=1)
