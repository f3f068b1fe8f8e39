"""Panels and mirrored matches (``meeple panel``, ``meeple.arena.panel``): every deal is
played once per seat of the hero, shares and intervals add up, bad requests are refused."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from meeple.arena import panel
from meeple.cli import app
from meeple.core import ConfigError


def test_a_panel_is_greedy_and_every_style_of_the_game():
    assert panel.panel("lost-cities") == [
        "greedy", "greedy:style=cautious", "greedy:style=aggressive", "greedy:style=committer",
        "greedy:style=scavenger",
    ]
    assert panel.panel("little-town")[0] == "greedy" and len(panel.panel("little-town")) > 1


def test_each_deal_is_played_from_every_seat():
    jobs = panel.jobs("little-town", "greedy", "random", 3, 2, 7, {})
    assert [(j.seed, j.seats.index("greedy")) for j in jobs] == [
        (7, 0), (7, 1), (7, 2), (8, 0), (8, 1), (8, 2)
    ]
    assert all(j.bot_seeds == tuple(j.seed * 31 + s for s in range(3)) for j in jobs)
    result = panel.match("little-town", "greedy", "random", players=3, deals=2, first_deal=7)
    assert result.games == 6 and result.share == pytest.approx(1 / 3)
    assert 0.0 <= result.low <= result.rate <= result.high <= 1.0
    assert result.decisions > 0 and result.ms_per_decision >= 0.0
    assert result.won + result.shared + result.lost == 6


def test_shares_count_shared_wins_and_a_mirrored_pair_of_equal_bots_is_even():
    # greedy against itself with the same seeds per seat: the two games of a deal are
    # the same game with the names swapped, so the hero wins exactly one or shares both
    result = panel.match("lost-cities", "greedy", "greedy", deals=3, options={"rounds": 1})
    assert result.games == 6 and result.wins == pytest.approx(3.0)


def test_the_result_does_not_depend_on_the_workers():
    one = panel.match("lost-cities", "greedy", "random", deals=2, options={"rounds": 1})
    two = panel.match("lost-cities", "greedy", "random", deals=2, options={"rounds": 1}, workers=2)
    keys = ("wins", "rate", "low", "high", "mean_margin", "mean_plies", "decisions", "won", "lost")
    assert [getattr(one, k) for k in keys] == [getattr(two, k) for k in keys]


def test_bad_matches_are_refused():
    with pytest.raises(ConfigError, match="at least 1 deal"):
        panel.match("lost-cities", "greedy", "random", deals=0)
    with pytest.raises(ConfigError, match="2-2 players, not 3"):
        panel.match("lost-cities", "greedy", "random", players=3)
    with pytest.raises(ConfigError, match="no bot called 'grumpy'"):
        panel.match("lost-cities", "grumpy", "random")
    with pytest.raises(ConfigError, match="stall_rules=off has no decision bound"):
        panel.match("lost-cities", "greedy", "random", options={"stall_rules": "off"})


def test_the_panel_command_prints_a_line_and_appends_json(tmp_path):
    out = tmp_path / "panel.jsonl"
    run = CliRunner().invoke(app, [
        "panel", "lost-cities", "--hero", "greedy", "--against", "random,greedy:style=cautious",
        "--deals", "1", "-o", "rounds=1", "--json", str(out),
    ])
    assert run.exit_code == 0, run.output
    lines = [line for line in run.output.splitlines() if " vs " in line]
    assert len(lines) == 2 and lines[0].startswith("lost-cities p=2 rounds=1 greedy vs random: ")
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["villain"] for r in rows] == ["random", "greedy:style=cautious"] and rows[0]["games"] == 2
    bad = CliRunner().invoke(app, ["panel", "lost-cities", "--players", "3"])
    assert bad.exit_code == 2 and "played by 2 players, not 3" in bad.output
