"""SPRT: Fishtest's generalized LLR, and real tests that stop on the right side."""

import pytest

from meeple.arena.backends import PoolBackend, SerialBackend
from meeple.arena.sprt import bounds, check, elo_estimate, llr, run_sprt
from meeple.arena.stats import elo_to_score
from meeple.core import ConfigError

from .conftest import Interrupted, tables

LC = {"rounds": 1}


def closed_form(counts, elo0, elo1):
    """The usual approximation LLR ~ N (s1 - s0) (2 mean - s0 - s1) / (2 var)."""
    n, k = sum(counts), len(counts)
    values = [i / (k - 1) for i in range(k)]
    mean = sum(c * v for c, v in zip(counts, values, strict=True)) / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(counts, values, strict=True)) / n
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


@pytest.mark.parametrize("counts", [[100, 200, 400, 250, 50], [10, 50, 100, 60, 20], [300, 200, 310]])
def test_llr_agrees_with_the_closed_form_approximation(counts):
    assert llr(counts, 0, 30) == pytest.approx(closed_form(counts, 0, 30), rel=0.03)


def test_llr_points_the_right_way_and_bounds_are_walds():
    assert llr([0, 0, 0, 0, 40], 0, 30) > 0 > llr([0, 0, 40, 0, 0], 0, 30)
    assert llr([0, 0, 0], 0, 30) == 0
    lower, upper = bounds(0.05, 0.05)
    assert upper == pytest.approx(2.944, abs=1e-3) and lower == -upper
    assert bounds(0.05, 0.1)[0] == pytest.approx(-2.251, abs=1e-3)


def test_elo_estimate_of_even_pairs_is_zero():
    elo, low, high = elo_estimate([5, 10, 20, 10, 5])
    assert elo == pytest.approx(0) and low < 0 < high


def test_bad_parameters_are_refused():
    for args, flag in [((30, 0, 0.05, 0.05, 100), "--elo1"), ((0, 30, 0.7, 0.05, 100), "--alpha"),
                       ((0, 30, 0.05, 0, 100), "--beta"), ((0, 30, 0.05, 0.05, 1), "--max-games")]:
        with pytest.raises(ConfigError, match=flag):
            check(*args)


def test_a_clearly_stronger_bot_is_accepted(store):
    report = run_sprt("lost-cities", "greedy", "random", store, "up", SerialBackend(),
                      max_games=400, seed=1, options=LC, live=False)
    assert report["verdict"] == "H1" and report["llr"] >= report["upper"]
    assert report["games"] < 400 and report["wins"] > 0.9 * report["games"]
    assert len(report["llr_history"]) == report["pairs"]


def test_a_copy_of_itself_is_rejected_within_bounded_games(store):
    report = run_sprt("lost-cities", "greedy", "greedy", store, "copy", PoolBackend(2),
                      max_games=1200, seed=2, options=LC, live=False)
    assert report["verdict"] == "H0" and report["llr"] <= report["lower"]
    assert report["games"] < 1200
    assert report["elo_low"] < 0 < report["elo_high"]


def test_it_says_inconclusive_when_the_games_run_out(store):
    report = run_sprt("lost-cities", "greedy", "greedy", store, "short", SerialBackend(),
                      max_games=20, seed=2, options=LC, live=False)
    assert report["verdict"] == "inconclusive" and report["games"] == 20


def test_the_decision_does_not_depend_on_the_workers(store):
    kw = dict(max_games=300, seed=5, options=LC, live=False)
    one = run_sprt("lost-cities", "greedy", "random", store, "w1", SerialBackend(), **kw)
    with PoolBackend(2) as pool:
        two = run_sprt("lost-cities", "greedy", "random", store, "w2", pool, **kw)
    assert one["verdict"] == "H1" and tables(one) == tables(two)
    # resuming a decided test plays nothing and says the same
    again = run_sprt("lost-cities", "greedy", "random", store, "w1", SerialBackend(), resume=True, **kw)
    assert again["run"]["played"] == 0 and tables(again) == tables(one)


def test_an_interrupted_test_is_shown_undecided_and_resumed_to_the_same_verdict(store):
    from meeple.arena.backends import StoredOnly

    kw = dict(max_games=400, seed=3, options=LC, live=False)
    with pytest.raises(KeyboardInterrupt):
        run_sprt("lost-cities", "greedy", "random", store, "cut", Interrupted(7), **kw)
    shown = run_sprt("lost-cities", "greedy", "random", store, "cut", StoredOnly(), resume=True, **kw)
    assert shown["verdict"] is None and shown["run"]["played"] == 0
    assert 0 < shown["games"] <= 7 * 2 and shown["games"] % 2 == 0
    resumed = run_sprt("lost-cities", "greedy", "random", store, "cut", SerialBackend(), resume=True, **kw)
    whole = run_sprt("lost-cities", "greedy", "random", store, "whole", SerialBackend(), **kw)
    assert resumed["verdict"] == "H1" and tables(resumed) == tables(whole)
