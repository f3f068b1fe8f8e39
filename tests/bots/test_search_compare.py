"""``meeple bench --compare REV``: the search of a git revision and of this code, side by
side. Speeds are not asserted (they are measured, never tested); what is tested is that
the comparison runs both versions on the same positions and tells searches apart."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple.bench import compare as compare_module
from meeple.bench.compare import Worker, compare, compare_instructions, positions
from meeple.core.errors import ConfigError

SRC = Path(meeple.__file__).resolve().parents[1]


def test_compare_runs_a_revision_and_this_code_on_the_same_positions():
    rows = compare("HEAD", ["lost-cities"], rounds=2, iterations=30)
    assert [r["position"] for r in rows] == [p["label"] for p in positions("lost-cities")]
    for r in rows:
        assert r["old_per_s"] > 0 and r["new_per_s"] > 0
        assert r["ratio_min"] <= r["ratio"] <= r["ratio_max"]
        assert isinstance(r["identical"], bool) and r["rounds"] == 2 and r["iterations"] == 30


def test_the_fingerprint_tells_searches_apart():
    worker = Worker(SRC)
    try:
        job = {**positions("lowlands")[0], "bot_seed": 5, "iterations": 12}
        first, again = worker.run(job), worker.run(job)
        other = worker.run({**job, "bot_seed": 6})
    finally:
        worker.close()
    assert first["iterations"] == 12 and first["fingerprint"] == again["fingerprint"]
    assert other["fingerprint"] != first["fingerprint"]


def test_compare_refuses_an_unknown_revision():
    with pytest.raises(ConfigError, match="cannot export revision 'no-such-revision'"):
        compare("no-such-revision", ["lost-cities"], rounds=1)


def test_counting_instructions_needs_valgrind_and_says_so(monkeypatch):
    monkeypatch.setattr(compare_module.shutil, "which", lambda name: None)
    with pytest.raises(ConfigError, match="valgrind"):
        compare_instructions("HEAD", ["lost-cities"])
