"""The Little Town bots: the greedy styles (a panel of opponents), the evaluation that
judges cut playouts, and that none of them reads another seat's secret objectives."""

from __future__ import annotations

import random

import pytest

from meeple import bots
from meeple.core.errors import ConfigError
from meeple.games.little_town import GAME
from meeple.games.little_town.components import ROUNDS
from meeple.games.little_town.strategy import GAIN_VALUE, STYLES, estimate


def _game(seats: list, seed: int, players: int | None = None):
    state = GAME.new(players or len(seats), seed)
    while state.to_move is not None:
        state.apply(seats[state.to_move].choose(state))
    return state


def test_at_least_three_documented_styles_beside_the_plain_greedy():
    assert set(GAME.styles) == set(STYLES) and len(STYLES) >= 4
    for name, doc in GAME.styles.items():
        assert doc and "\n" not in doc
        bots.get(f"greedy:style={name}", GAME, seed=1)
    with pytest.raises(ConfigError, match="styles"):
        bots.get("greedy:style=reckless", GAME, seed=1)


def test_styles_play_differently():
    # the same deals, every seat one style: the games must not be the same game
    logs = {}
    for name in STYLES:
        seats = [bots.get(f"greedy:style={name}", GAME, seed=s) for s in range(2)]
        logs[name] = tuple(_game(seats, seed=3).log)
    assert len(set(logs.values())) == len(STYLES)


def test_builder_builds_more_and_hoarder_keeps_more():
    built = {}
    stock = {}
    for name in ("builder", "hoarder"):
        total_built = total_stock = 0
        for seed in range(4):
            seats = [bots.get(f"greedy:style={name}", GAME, seed=s) for s in range(2)]
            st = GAME.new(2, seed)
            coins_seen = []
            while st.to_move is not None:
                coins_seen.append(sum(st.coins) + sum(map(sum, st.cubes)))
                st.apply(seats[st.to_move].choose(st))
            total_built += sum(1 for o in st.owner_at if o >= 0)
            total_stock += sum(coins_seen) / len(coins_seen)
        built[name], stock[name] = total_built, total_stock
    assert built["builder"] > built["hoarder"]
    assert stock["hoarder"] > stock["builder"]


def test_greedy_beats_random_at_every_count():
    wins = 0
    for seed in range(12):
        players = 2 + seed % 3
        me = seed % players
        seats = [bots.get("random", GAME, seed=seed * 10 + s) for s in range(players)]
        seats[me] = bots.get("greedy", GAME, seed=seed)
        wins += me in _game(seats, seed, players).winners()
    assert wins >= 10


def test_evaluate_estimates_final_scores_better_than_the_running_score():
    # over greedy games, the estimate at the end of round 2 is closer to the final
    # score than the running score is (mean absolute error)
    err_estimate = err_running = 0.0
    n = 0
    for seed in range(6):
        seats = [bots.get("greedy", GAME, seed=seed + s) for s in range(2)]
        st = GAME.new(2, seed)
        snapshot = None
        while st.to_move is not None:
            if st.round == 3 and snapshot is None:
                snapshot = (GAME.evaluate(st), st.scores())
            st.apply(seats[st.to_move].choose(st))
        final = st.scores()
        for s in range(2):
            err_estimate += abs(snapshot[0][s] - final[s])
            err_running += abs(snapshot[1][s] - final[s])
            n += 1
    assert err_estimate < err_running


def test_evaluate_reads_public_information_only():
    st = GAME.new(3, 5)
    rng = random.Random(1)
    for _ in range(40):
        st.apply(rng.choice(st.legal_actions()))
    for seat in range(3):
        world = st.determinize(seat, random.Random(9))
        assert GAME.evaluate(world) == GAME.evaluate(st)
    over = GAME.new(2, 1)
    while over.to_move is not None:
        over.apply(over.legal_actions()[-1])
    assert [estimate(over, s) for s in range(2)] == over.scores()


def test_evaluate_counts_a_building_owned_beyond_its_yield():
    # the fitted yield misses the coins rivals pay to visit and the cell taken from them:
    # handing a building to the rival costs its owner more than the building's yield
    st = GAME.new(2, 4)
    seats = [bots.get("greedy:style=builder", GAME, seed=s) for s in range(2)]
    while 0 not in st.owner_at or st.workers_left[0] == 0:
        st.apply(seats[st.to_move].choose(st))
    cell = st.owner_at.index(0)
    given = st.clone()
    given.owner_at = (*st.owner_at[:cell], 1, *st.owner_at[cell + 1 :])
    rounds_left = ROUNDS - st.round + 1
    yield_points = 0.24 * GAIN_VALUE[st.building_at[cell]] * rounds_left
    assert estimate(st, 0) - estimate(given, 0) > yield_points + 0.5
    assert estimate(given, 1) - estimate(st, 1) > yield_points + 0.5
