"""``meeple serve``: the game server (FastAPI under uvicorn, one process; run several on
PostgreSQL behind a proxy)."""

from __future__ import annotations

import gc

import typer

from meeple.cli import app, console, fail
from meeple.core.errors import MeepleError


def _shown(url: str) -> str:
    """The URL without its password, for the start-up line."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _sqlite_alone(url: str) -> object | None:
    """Hold a lock beside a SQLite file for the process's life: SQLite is one server
    process (its WebSockets hear only its own commits); a second one is refused."""
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        return None
    try:
        import fcntl
    except ImportError:  # not on this system: nothing to hold
        return None
    path = url[len("sqlite:///"):] + ".serve-lock"
    try:
        handle = open(path, "a")  # noqa: SIM115 (held open until the process ends)
    except OSError as err:
        raise MeepleError(f"cannot open the SQLite database {url[len('sqlite:///'):]}: {err.strerror}; its "
                          "directory must exist and be writable (or give --db another path)") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise MeepleError(f"another meeple serve already uses {url[len('sqlite:///'):]}: a SQLite database "
                          "serves one process; run several processes on PostgreSQL (docs/server.md)") from None
    return handle


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="interface to listen on (0.0.0.0: every interface)"),
    port: int = typer.Option(8000, help="TCP port"),
    db: str | None = typer.Option(
        None, help="database URL: sqlite:///PATH, a file path, or postgresql+psycopg://USER@HOST/DB "
        "(default: $MEEPLE_DB, else a SQLite file in your data directory)"
    ),
    bot_seconds: float = typer.Option(2.0, help="the longest a bot thinks per move, and a hint: a ceiling no "
                                                "bot spec can raise"),
    hint_seconds: float = typer.Option(1.0, help="how long a hint searches (at most --bot-seconds)"),
    bot_workers: int = typer.Option(0, help="worker processes for search bots and hints (0: the machine's "
                                            "cores but one, at least 1)"),
    tables_per_minute: int = typer.Option(30, help="tables one client (IP address) may create per minute"),
    max_open_tables: int = typer.Option(1000, help="tables waiting or playing at once"),
    sockets_per_table: int = typer.Option(64, help="WebSockets per table (per process)"),
    max_body_kib: int = typer.Option(64, help="the largest request body, in KiB"),
    max_depth: int = typer.Option(16, help="the deepest JSON nesting a request body may have"),
    ws_backlog: int = typer.Option(256, help="messages queued for a slow WebSocket before it is dropped"),
    ws_auth_seconds: float = typer.Option(10.0, help="seconds a new WebSocket has to send its first "
                                                     "(authentication) message"),
    allowed_origin: list[str] = typer.Option([], help="a browser origin (https://host) allowed to open "
                                                      "WebSockets besides this server's own host; repeatable"),
    forwarded_allow_ips: str = typer.Option("127.0.0.1", help="proxies whose X-Forwarded-For names the client "
                                                              "(comma-separated, * for any)"),
    cache_tables: int = typer.Option(1000, help="tables kept in memory"),
    lease_seconds: float = typer.Option(2.0, help="on PostgreSQL: how often a process takes over the bots and "
                                                  "clocks of tables whose process died"),
    log_level: str = typer.Option("info", help="uvicorn log level: critical, error, warning, info, debug"),
    access_log: bool = typer.Option(False, help="log every request (costs time under load)"),
    browser: bool = typer.Option(True, help="open the lobby in your web browser once the server listens"),
) -> None:
    """Run the game server: the API under /api, WebSockets under /ws, its docs at /docs."""
    import uvicorn

    from meeple.server.app import create_app
    from meeple.server.config import ServerConfig, default_workers
    from meeple.server.logs import log_config
    from meeple.store import default_url, normalize_url, open_engine

    try:
        url = normalize_url(db) if db else default_url()
        config = ServerConfig(
            db=url, bot_seconds=bot_seconds, hint_seconds=hint_seconds,
            bot_workers=bot_workers or default_workers(), tables_per_minute=tables_per_minute,
            max_open_tables=max_open_tables, sockets_per_table=sockets_per_table,
            max_body=max_body_kib * 1024, max_depth=max_depth, ws_backlog=ws_backlog,
            ws_auth_seconds=ws_auth_seconds, allowed_origins=tuple(allowed_origin), cache_tables=cache_tables,
            lease_seconds=lease_seconds,
        )
        lock = _sqlite_alone(url)
        engine = open_engine(url)
    except MeepleError as err:
        fail(err)
    lobby = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    console.print(f"meeple server: {lobby}  (the lobby; API docs at /docs)")
    console.print(f"database: {_shown(url)}; bots: {config.bot_workers} search workers, "
                  f"{config.bot_seconds:g} s a move at most")
    if browser:
        from meeple.web.opener import open_when_listening

        open_when_listening(host, port, lobby)
    server_app = create_app(engine, config)
    # what is loaded by now (the modules, the games' tables: 120,000 objects) lives as long as
    # the server: kept out of the collector's full passes, which otherwise stopped every
    # request for 80 ms now and then (measured in-process), to bound its pauses to the tables
    gc.collect()
    gc.freeze()
    uvicorn.run(server_app, host=host, port=port, log_level=log_level, log_config=log_config(),
                access_log=access_log, workers=1, proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips)
    del lock
