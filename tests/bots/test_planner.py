"""The ``planner`` bot: whole turns, judged by the greedy plan playing on (bots/planner.py)."""

from __future__ import annotations

import random

import pytest

from meeple import bots, games
from meeple.core.errors import ConfigError

LEWIS_CLARK = games.get("lewis-clark")
CHEAP = "planner:candidates=4,worlds=1,explore=400"


def _solo_after(moves: int, seed: int = 5):
    state = LEWIS_CLARK.new(1, seed, difficulty=0)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(LEWIS_CLARK.greedy_action(state, rng))
    return state


def test_a_game_without_turns_to_plan_is_refused_with_the_bots_it_has():
    with pytest.raises(ConfigError, match="lost-cities has no whole turns to plan; bots for it"):
        bots.get("planner", games.get("lost-cities"))


def test_its_settings_are_bounded_and_the_servers_cap_applies():
    with pytest.raises(ConfigError, match="worlds"):
        bots.get("planner:worlds=0", LEWIS_CLARK)
    with pytest.raises(ConfigError, match="explore"):
        bots.get("planner:explore=1000000", LEWIS_CLARK)
    assert "planner" in bots.SEARCHING  # a server caps its time like the search's
    assert bots.get("planner:max_seconds=100", LEWIS_CLARK, max_seconds=0.5).max_seconds == 0.5


def test_it_plans_a_turn_once_and_plays_it_out_while_the_game_follows_the_plan():
    """A turn of several decisions with nothing revealed is planned once: the later
    decisions of the turn come from the plan, not from a new search each."""
    state = LEWIS_CLARK.new(1, 5, difficulty=0)
    bot = bots.get(CHEAP, LEWIS_CLARK, seed=1)
    plans = []
    plan_turn = bot._plan_turn
    bot._plan_turn = lambda s, seat: plans.append(s.ply) or plan_turn(s, seat)
    turn, decisions = state.turns, 0
    while state.turns == turn:
        state.apply(bot.choose(state))
        decisions += 1
    assert decisions >= 3 and len(plans) == 1, (decisions, plans)


def test_it_reads_nothing_hidden_the_same_choice_in_every_world_of_its_seat():
    state = _solo_after(40)
    for w in range(3):
        world = state.determinize(0, random.Random(100 + w))
        assert bots.get(CHEAP, LEWIS_CLARK, seed=7).choose(world) == bots.get(CHEAP, LEWIS_CLARK, seed=7).choose(state)


def test_the_greedy_plans_own_turn_is_always_a_candidate_among_others():
    """So a planning cut short (or one that finds nothing better) still plays a sensible
    turn, and the chosen turn's continuation is never judged below the plan's own."""
    state = _solo_after(12)
    bot = bots.get("planner:candidates=6,worlds=1,explore=600", LEWIS_CLARK, seed=3)
    world = state.determinize(0, random.Random(9))
    ends = bot._ways_to_end_the_turn(world, 0, None)
    assert [a for _, a in ends[0][1]] == _greedy_turn_moves(world)
    assert len(ends) > 1  # other ways to play the turn were found


def _greedy_turn_moves(world):
    """The moves the greedy plan makes to the end of the turn (the planner's rng aside,
    Lewis & Clark's plan is deterministic here)."""
    state, moves, turn = world.clone(), [], world.turns
    rng = random.Random(0)
    while state.turns == turn and state.to_move is not None:
        action = LEWIS_CLARK.greedy_action(state, rng)
        moves.append(action)
        state.apply(action)
    return moves


def test_a_solo_game_played_by_it_is_legal_to_the_end_and_the_same_for_a_seed():
    def play(seed: int) -> list[str]:
        state = LEWIS_CLARK.new(1, 11, difficulty=4, turn_limit=10)
        bot = bots.get(CHEAP, LEWIS_CLARK, seed=seed)
        moves = []
        while state.to_move is not None:
            action = bot.choose(state)
            assert action in state.legal_actions()
            moves.append(str(action))
            state.apply(action)
        return moves

    assert play(2) == play(2)


def test_a_turn_that_does_not_end_within_the_bounds_falls_back_to_the_greedy_plan(monkeypatch):
    """Every loop of the planner is bounded: the greedy turn by ``playout_limit``, the
    listing by ``explore``; when neither finds the turn's end, the greedy plan decides."""
    game = games.get("lewis-clark")
    monkeypatch.setattr(type(game), "turn_of", lambda self, state: 0)  # the turn never changes
    monkeypatch.setattr(type(game), "playout_limit", 5)
    state = _solo_after(3)
    bot = bots.get("planner:candidates=2,worlds=1,explore=3", game, seed=4)
    world = state.determinize(0, random.Random(1))
    assert bot._greedy_turn(world, 0, 0) is None
    assert bot._ways_to_end_the_turn(world, 0, None) == []
    action = bot.choose(state)
    assert action in state.legal_actions() and bot.plan == []
