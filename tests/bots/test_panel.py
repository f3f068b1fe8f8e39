"""Panels and mirrored matches (``meeple.bots.panel``): every deal is played once per
seat of the hero, shares and intervals add up, bad requests are refused."""

from __future__ import annotations

import pytest

from meeple.bots import panel
from meeple.core import ConfigError


def test_a_panel_is_greedy_and_every_style_of_the_game():
    assert panel.panel("lost-cities") == [
        "greedy", "greedy:style=cautious", "greedy:style=aggressive", "greedy:style=committer",
        "greedy:style=scavenger",
    ]
    assert panel.panel("little-town")[0] == "greedy" and len(panel.panel("little-town")) > 1


def test_each_deal_is_played_from_every_seat(monkeypatch):
    played = []
    real = panel.play_seat

    def spy(*job):
        played.append((job[4], job[5]))  # deal, hero seat
        return real(*job)

    monkeypatch.setattr(panel, "play_seat", spy)
    result = panel.match("little-town", "greedy", "random", players=3, deals=2, first_deal=7)
    assert sorted(played) == [(7, 0), (7, 1), (7, 2), (8, 0), (8, 1), (8, 2)]
    assert result.games == 6 and result.share == pytest.approx(1 / 3)
    assert 0.0 <= result.low <= result.rate <= result.high <= 1.0
    assert result.decisions > 0 and result.ms_per_decision >= 0.0


def test_shares_count_shared_wins_and_a_mirrored_pair_of_equal_bots_is_even():
    # greedy against itself with the same seeds per seat: the two games of a deal are
    # the same game with the names swapped, so the hero wins exactly one or shares both
    result = panel.match("lost-cities", "greedy", "greedy", deals=3, options={"rounds": 1})
    assert result.games == 6 and result.wins == pytest.approx(3.0)


def test_bad_matches_are_refused():
    with pytest.raises(ConfigError, match="at least 1 deal"):
        panel.match("lost-cities", "greedy", "random", deals=0)
    with pytest.raises(ConfigError, match="2-2 players, not 3"):
        panel.match("lost-cities", "greedy", "random", players=3)
    with pytest.raises(ConfigError, match="no bot called 'grumpy'"):
        panel.match("lost-cities", "grumpy", "random")
