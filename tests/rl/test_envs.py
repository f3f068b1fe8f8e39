"""The environments pass PettingZoo's and Gymnasium's own checkers for every game and
player count, and behave as documented (rewards, truncation, illegal actions)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import meeple.rl as rl
from meeple.core.errors import ConfigError, IllegalAction

from .sampling import TABLES

IDS = [f"{g}-{p}p" for g, p in TABLES]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        # dict observations (observation + action_mask) are PettingZoo's own convention
        # for board games; its checker still warns about them
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game", "players"), TABLES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(game, players):
    api_test(rl.env(game, players=players, max_steps=400), num_cycles=60)
    seed_test(lambda: rl.env(game, players=players, max_steps=200), num_cycles=30)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=IDS)
def test_gymnasium_env_checker(game, players):
    opponents = ["random"] * (players - 1)
    env = rl.gym_env(game, seat=players - 1, opponents=opponents, players=players, max_steps=400)
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))


def _play_out(env, seed=0):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_rewards_come_at_the_end_as_margin_or_win():
    margin = rl.env("lost-cities", rounds=1)
    totals = _play_out(margin, seed=4)
    final = margin.game_state
    scores = final.scores()
    assert totals["player_0"] == pytest.approx((scores[0] - scores[1]) / final.game.score_scale)
    assert totals["player_1"] == pytest.approx(-totals["player_0"])
    win = rl.env("lost-cities", rounds=1, reward="win")
    totals = _play_out(win, seed=4)
    winners = win.game_state.winners()
    expected = [0.0, 0.0] if len(winners) == 2 else [1.0 if s in winners else -1.0 for s in (0, 1)]
    assert [totals["player_0"], totals["player_1"]] == expected


def test_no_reward_before_the_end():
    env = rl.env("little-town", players=3)
    env.reset(seed=1)
    for _ in range(20):
        obs, reward, term, trunc, _ = env.last()
        assert reward == 0 and not term and not trunc
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_max_steps_truncates_with_zero_reward():
    env = rl.env("lowlands", players=2, max_steps=25)
    env.reset(seed=0)
    steps = 0
    while not any(env.truncations.values()):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        steps += 1
    assert steps == 25 and env.game_state.to_move is not None
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert all(r == 0 for r in env.rewards.values())


def test_only_the_seat_to_move_has_a_mask():
    env = rl.env("lost-cities")
    env.reset(seed=2)
    mover = env.agent_selection
    other = next(a for a in env.agents if a != mover)
    assert env.observe(mover)["action_mask"].sum() == len(env.game_state.legal_actions())
    assert env.observe(other)["action_mask"].sum() == 0


def test_illegal_actions_are_refused_and_change_nothing():
    env = rl.env("lost-cities")
    env.reset(seed=2)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game_state.log
    with pytest.raises(IllegalAction, match="not legal now; legal: "):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="integer"):
        env.step("play R7")
    assert env.game_state.log == before and env.agent_selection == env.agent_selection


def test_gym_illegal_action_penalized_or_raised():
    env = rl.gym_env("lost-cities", opponents=["greedy"])
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.log
    obs2, reward, term, trunc, info = env.step(illegal)
    assert reward == -1.0 and not term and "not legal" in info["illegal"]
    assert env.state.log == before and np.array_equal(obs2["observation"], obs["observation"])
    strict = rl.gym_env("lost-cities", opponents=["greedy"], illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_gym_episode_against_greedy_ends_with_the_final_reward():
    env = rl.gym_env("lost-cities", seat=1, opponents=["greedy"], rounds=1)
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        assert env.state.to_move == 1
        obs, reward, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        done = term or trunc
    scores = env.state.scores()
    assert term and total == pytest.approx((scores[1] - scores[0]) / env.state.game.score_scale)


def test_bad_arguments_are_refused_with_what_is_allowed():
    with pytest.raises(ConfigError, match="modes: margin, win"):
        rl.env("lost-cities", reward="points")
    with pytest.raises(ConfigError, match="max_steps"):
        rl.env("lost-cities", max_steps=0)
    with pytest.raises(ConfigError, match="no option"):
        rl.env("lost-cities", colour=5)
    with pytest.raises(ConfigError, match="seat must be from 0 to 1"):
        rl.gym_env("lost-cities", seat=2)
    with pytest.raises(ConfigError, match="no bot called"):
        rl.gym_env("lost-cities", opponents=["grandmaster"])
    with pytest.raises(ConfigError, match="illegal="):
        rl.gym_env("lost-cities", illegal="ignore")


def test_same_seed_same_episode_and_seeds_differ():
    a, b, c = (rl.env("little-town", players=2) for _ in range(3))
    a.reset(seed=11)
    b.reset(seed=11)
    c.reset(seed=12)
    oa, ob, oc = (e.observe("player_0")["observation"] for e in (a, b, c))
    assert np.array_equal(oa, ob) and not np.array_equal(oa, oc)


def test_render_ansi_gives_the_board_as_text():
    env = rl.env("lost-cities", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "[" not in text.split("\n")[0][:1]


def test_environments_and_the_network_bot_do_not_import_torch():
    import subprocess
    import sys

    code = (
        "import sys, meeple, meeple.rl as rl\n"
        "from meeple import bots, games\n"
        "e = rl.env('lost-cities'); e.reset(seed=0); e.last()\n"
        "g = rl.gym_env('little-town', opponents=['random'], players=2); g.reset(seed=0)\n"
        "b = bots.get('ismcts:net=default,iterations=5', games.get('lost-cities'))\n"
        "b.choose(games.get('lost-cities').new(2, 1))\n"
        "assert 'torch' not in sys.modules, 'torch was imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
