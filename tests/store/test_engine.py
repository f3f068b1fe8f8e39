"""Opening a store: URL forms, the default location, migrations applied on open."""

import pytest
import sqlalchemy as sa

from meeple.core import ConfigError
from meeple.store import default_url, normalize_url, open_engine


def test_a_bare_path_is_a_sqlite_file(tmp_path):
    url = normalize_url(str(tmp_path / "games.sqlite3"))
    assert url == f"sqlite:///{tmp_path / 'games.sqlite3'}"


def test_postgres_urls_get_the_psycopg_driver():
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"


def test_unknown_scheme_names_what_is_allowed():
    with pytest.raises(ConfigError, match="sqlite:///PATH"):
        normalize_url("mysql://u@h/db")


def test_default_url_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("MEEPLE_DB", str(tmp_path / "x.sqlite3"))
    assert default_url().endswith("x.sqlite3")
    monkeypatch.delenv("MEEPLE_DB")
    assert default_url().startswith("sqlite:///") and "meeple" in default_url()


def test_opening_applies_the_migrations(tmp_path):
    engine = open_engine(str(tmp_path / "a" / "store.sqlite3"))
    with engine.connect() as c:
        versions = {row[0] for row in c.execute(sa.text("select version_num from alembic_version"))}
        assert versions, "no migration recorded"
        assert c.execute(sa.text("pragma journal_mode")).scalar() == "wal"
    open_engine(str(tmp_path / "a" / "store.sqlite3"))  # a second open is a no-op upgrade


def test_a_database_that_cannot_take_the_tables_is_a_clear_error(tmp_path):
    """A file that is not a database (or a PostgreSQL search_path naming no schema)
    stops at the migrations: the user gets the URL and the reason, not a traceback."""
    path = tmp_path / "notes.txt"
    path.write_text("not a database, just text " * 100)
    with pytest.raises(ConfigError, match="notes.txt.*not a database"):
        open_engine(f"sqlite:///{path}")
