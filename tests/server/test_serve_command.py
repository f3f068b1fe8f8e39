"""``meeple serve`` refuses bad settings before it starts anything."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from meeple.cli import app


def test_bad_settings_are_refused_with_what_is_allowed():
    runner = CliRunner()
    r = runner.invoke(app, ["serve", "--db", "mysql://u@h/db"])
    assert r.exit_code == 2 and "sqlite:///PATH" in r.output
    r = runner.invoke(app, ["serve", "--bot-seconds", "0"])
    assert r.exit_code == 2 and "bot_seconds must be above 0" in r.output


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path):
    """SQLite serves one process (its sockets hear only its own commits): a second is told
    to use PostgreSQL instead of silently diverging."""
    from meeple.cli.serve import _sqlite_alone

    url = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    held = _sqlite_alone(url)
    try:
        r = CliRunner().invoke(app, ["serve", "--db", url, "--no-browser"])
        assert r.exit_code == 2 and "already uses" in r.output and "PostgreSQL" in r.output
    finally:
        held.close()


def test_a_database_in_a_missing_directory_is_an_error_not_a_traceback(tmp_path):
    url = f"sqlite:///{tmp_path / 'no-such-dir' / 'x.sqlite3'}"
    r = CliRunner().invoke(app, ["serve", "--db", url, "--no-browser"])
    assert r.exit_code == 2 and "directory must exist" in r.stderr and "Traceback" not in r.output
    assert r.stdout == ""  # errors go to standard error


def test_the_server_benchmark_relays_why_the_server_did_not_start(tmp_path):
    """``meeple bench server`` starts ``meeple serve`` with its output discarded: the
    reason a start failed reaches the benchmark through standard error."""
    from meeple.bench.server import _free_port, start_server

    with pytest.raises(RuntimeError, match="directory must exist"):
        start_server(f"sqlite:///{tmp_path / 'missing' / 'x.sqlite3'}", _free_port())


def test_more_bot_workers_than_cores_is_refused():
    r = CliRunner().invoke(app, ["serve", "--bot-workers", "4096", "--no-browser"])
    assert r.exit_code == 2 and "cores" in r.output


def test_every_limit_option_reaches_the_server(tmp_path, monkeypatch):
    """Each limit flag of ``meeple serve`` lands in the configuration the app is built with
    (a flag parsed and then dropped would leave the default silently in force)."""
    import uvicorn

    import meeple.server.app as server_app

    built = {}
    monkeypatch.setattr(server_app, "create_app", lambda engine, config: built.setdefault("config", config))
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    flags = {"--tables-per-minute": "7", "--max-open-tables": "9", "--sockets-per-table": "5",
             "--max-body-kib": "3", "--max-depth": "4", "--ws-backlog": "11", "--ws-auth-seconds": "2.5",
             "--cache-tables": "13", "--bot-seconds": "1.5", "--hint-seconds": "0.5"}
    args = ["serve", "--db", f"sqlite:///{tmp_path / 'limits.sqlite3'}", "--no-browser"]
    r = CliRunner().invoke(app, [*args, *(x for kv in flags.items() for x in kv)])
    assert r.exit_code == 0, r.output
    c = built["config"]
    assert (c.tables_per_minute, c.max_open_tables, c.sockets_per_table, c.max_body, c.max_depth,
            c.ws_backlog, c.ws_auth_seconds, c.cache_tables, c.bot_seconds, c.hint_seconds) == (
            7, 9, 5, 3 * 1024, 4, 11, 2.5, 13, 1.5, 0.5)
