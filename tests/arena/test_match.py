"""The one game loop (``meeple.arena.match``) and the backends' ``map``: time accounting
of real decisions, the decision bound as a safety stop, refusals before anything runs,
results in order whoever runs them."""

from __future__ import annotations

import pytest

from meeple import games
from meeple.arena.backends import SerialBackend, make_backend, run_all
from meeple.arena.match import BoundExceeded, Job, check_games, play_job, play_out
from meeple.arena.simulate import simulate
from meeple.core import ConfigError
from meeple.core.record import Record

LC = games.get("lost-cities")


def test_a_job_is_a_game_with_its_seeds_and_its_record():
    job = Job(idx=3, game="lost-cities", seats=("greedy", "random"), seed=11, bot_seeds=(1, 2),
              options={"rounds": 1})
    a, b = play_job(job), play_job(job)
    assert a.same_game(b) and a.seats == ["greedy", "random"] and a.idx == 3
    replayed = games.replay(Record.from_json(a.record))
    assert replayed.scores() == a.scores and replayed.ply == a.plies
    # the clock counts each seat's real decisions: those with more than one legal move
    state, real = LC.new(2, 11, rounds=1), [0, 0]
    for text in replayed.log:
        if len(state.legal_actions()) > 1:
            real[state.to_move] += 1
        state.apply(text)
    assert a.decisions == real and all(c >= 0 for c in a.cpu) and len(a.slowest) == 2
    assert a.share(a.winners[0]) == 1 / len(a.winners)


def test_the_decision_bound_stops_a_runaway_game():
    state = LC.new(2, 5, rounds=1)
    first = [lambda s: s.legal_actions()[0]] * 2
    with pytest.raises(BoundExceeded, match=r"passed its decision bound of 10 decisions \(seed 5"):
        play_out(state, first, stop=10)
    assert state.ply == 10
    whole = play_out(LC.new(2, 5, rounds=1), first)
    assert whole.to_move is None and whole.ply <= LC.decision_bound(2, {"rounds": 1})


def test_games_that_may_never_end_are_refused_before_any_is_played():
    with pytest.raises(ConfigError, match="stall_rules=off has no decision bound"):
        check_games(LC, 2, {"stall_rules": "off"}, ["random", "random"])
    with pytest.raises(ConfigError, match="progress_rounds=none has no decision bound"):
        simulate("lewis-clark", ["random", "random"], 2, 1, options={"progress_rounds": "none"}, quiet=True)
    with pytest.raises(ConfigError, match="no bot called 'nobody'"):
        check_games(LC, 2, {}, ["random", "nobody"])


def _square(x: int) -> int:
    return x * x


def test_map_returns_results_in_order_on_every_backend():
    items = list(range(23))
    assert SerialBackend().map(_square, items, per_batch=5) == [x * x for x in items]
    with make_backend(2) as pool:
        assert pool.map(_square, items, per_batch=4) == [x * x for x in items]
    assert run_all(_square, items, workers=2) == [x * x for x in items]
    with pytest.raises(ConfigError, match="--workers must be at least 1"):
        make_backend(0)


def test_simulations_are_the_same_for_any_number_of_workers():
    one = simulate("little-town", ["greedy", "random"], 2, 6, seed=4, quiet=True)[0]
    two = simulate("little-town", ["greedy", "random"], 2, 6, seed=4, quiet=True, workers=2)[0]
    assert one == two and one["games"] == 6


def test_a_simulation_gives_each_bots_win_rate_its_wilson_interval():
    # solo games have no opponent for a tournament to rate: simulate's interval judges them
    from meeple.arena.match import Outcome
    from meeple.arena.simulate import summary
    from meeple.arena.stats import wilson

    won = [Outcome(idx=i, lineup=0, deal=i, seating=0, seats=["greedy"], seed=i, bot_seeds=[i],
                   scores=[10], winners=[0] if i < 3 else [], plies=5, seconds=0.0, record="")
           for i in range(10)]
    row = summary("lewis-clark", 1, won)["bots"][0]
    assert row["wins"] == 3 and (row["low"], row["high"]) == wilson(3, 10)
    assert 0.1 < row["low"] < 0.3 < row["high"] < 0.61
