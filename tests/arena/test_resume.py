"""A tournament killed mid-run (SIGKILL) and resumed ends with the same tables as one
that was never interrupted."""

import json
import signal
import subprocess
import sys
import time

from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from meeple.cli import app

from .conftest import tables

runner = CliRunner()
ARGS = ["tournament", "lost-cities", "--bots", "random,greedy,ismcts:iterations=10", "--games", "4",
        "-o", "rounds=1", "--seed", "5", "--name", "k", "--json"]
TOTAL = 3 * 4


def stored(db):
    engine = create_engine(f"sqlite:///{db}")
    try:
        with engine.connect() as c:
            return c.execute(text("select count(*) from arena_games")).scalar()
    except Exception:  # the tables are not there yet
        return 0
    finally:
        engine.dispose()


def test_resume_after_sigkill_gives_the_uninterrupted_tables(tmp_path):
    killed_db = tmp_path / "killed.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-c", "from meeple.cli import main; main()", *ARGS, "--db", str(killed_db)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while stored(killed_db) < 3 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    partial = stored(killed_db)
    assert 3 <= partial < TOTAL, f"the run was not killed mid-way ({partial} of {TOTAL} stored)"

    resumed = runner.invoke(app, [*ARGS, "--db", str(killed_db), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    resumed = json.loads(resumed.output)
    assert resumed["run"]["already_stored"] == partial
    assert resumed["run"]["played"] == TOTAL - partial  # nothing finished is played again

    whole = runner.invoke(app, [*ARGS, "--db", str(tmp_path / "whole.sqlite3"), "--workers", "2"])
    assert whole.exit_code == 0, whole.output
    whole = json.loads(whole.output)
    assert whole["complete"] and resumed["complete"]
    assert tables(resumed) == tables(whole)
