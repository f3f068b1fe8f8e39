"""``meeple serve`` refuses bad settings before it starts anything."""

from __future__ import annotations

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


def test_more_bot_workers_than_cores_is_refused():
    r = CliRunner().invoke(app, ["serve", "--bot-workers", "4096", "--no-browser"])
    assert r.exit_code == 2 and "cores" in r.output
