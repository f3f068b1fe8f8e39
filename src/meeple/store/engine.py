"""Opening a store: resolve the URL, connect, and bring the schema to the newest migration."""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DBAPIError

from meeple.core.errors import ConfigError

#: the environment variable that overrides the default database URL
ENV = "MEEPLE_DB"
MIGRATIONS = Path(__file__).with_name("migrations")


def default_url() -> str:
    """``$MEEPLE_DB``, else a SQLite file in the user's data directory."""
    if os.environ.get(ENV):
        return normalize_url(os.environ[ENV])
    from platformdirs import user_data_path

    path = user_data_path("meeple", appauthor=False) / "meeple.sqlite3"
    return f"sqlite:///{path}"


def normalize_url(url: str) -> str:
    """Accept a SQLAlchemy URL, a bare ``postgresql://`` URL or a path to a SQLite file."""
    url = url.strip()
    if not url:
        raise ConfigError("the database URL is empty; give sqlite:///PATH or postgresql+psycopg://...")
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith(("sqlite:", "postgresql+")):
        return url
    if "://" in url:
        scheme = url.split("://", 1)[0]
        raise ConfigError(
            f"database scheme {scheme!r} is not supported; use sqlite:///PATH or "
            "postgresql+psycopg://USER@HOST/DB"
        )
    return f"sqlite:///{Path(url).expanduser().resolve()}"


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL: readers never block the writer; NORMAL sync survives a killed process
    # (every committed transaction is in the log before commit returns).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def open_engine(url: str | None = None, *, migrate: bool = True) -> Engine:
    """An engine on ``url`` (default: ``default_url()``), its schema migrated to the newest."""
    url = normalize_url(url) if url else default_url()
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        Path(url[len("sqlite:///") :]).parent.mkdir(parents=True, exist_ok=True)
    try:
        # a server keeps a connection per database thread (8) and borrows a few more
        sizes = {} if url.startswith("sqlite") else {"pool_size": 10, "max_overflow": 20}
        engine = create_engine(url, pool_pre_ping=True, **sizes)
    except Exception as err:  # a missing driver, a malformed URL
        raise ConfigError(f"cannot open database {url!r}: {err}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    if migrate:
        upgrade(engine)
    return engine


def upgrade(engine: Engine) -> None:
    """Apply every Alembic migration not yet applied (all heads: each feature owns a branch)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.connect() as connection:
            sqlite = connection.dialect.name == "sqlite"
            if sqlite:  # a batch migration rebuilds a table: its foreign keys must not cascade
                connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
                connection.commit()
            with connection.begin():
                config.attributes["connection"] = connection
                command.upgrade(config, "heads")
            if sqlite:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
                if broken:
                    raise ConfigError(f"the migrations left rows without their parents: {broken[:5]}")
    except DBAPIError as err:
        reason = str(err.orig).strip().splitlines()[0] if err.orig else type(err).__name__
        raise ConfigError(
            f"cannot set up meeple's tables in {engine.url.render_as_string(hide_password=True)}: "
            f"{reason} (a PostgreSQL search_path must name a schema that exists: CREATE SCHEMA ...)"
        ) from None
