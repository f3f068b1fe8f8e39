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
