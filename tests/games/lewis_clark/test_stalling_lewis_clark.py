"""Stalling adversaries made for Lewis & Clark, stronger than the generic ones: every
seat declines every benefit and camps for free (the null game the rule text allows),
or creeps forward just enough to pass each progress check. Both must end within
``decision_bound`` (LEW-15)."""

from __future__ import annotations

import random

import pytest

from meeple.games.lewis_clark import GAME
from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark.components import LEADER
from meeple.games.lewis_clark.strategy import MOVER, plan_action


def null_player(state, rng):
    """Never gains, never moves: stop, skip and decline everything; camp when forced."""
    legal = state.legal_actions()
    codes = [int(a) for a in legal]
    for quiet in (A.STOP, A.SKIP, A.END):
        if quiet in codes:
            return legal[codes.index(quiet)]
    plays = [a for a in legal if A.PLAY <= int(a) < A.WITH]
    if plays:
        return plays[0]
    return legal[0]


def creeper(state, rng):
    """Gathers goods like a real player but moves only when the next progress check
    would otherwise end the game, so the game lasts as long as the rules allow."""
    check = state.view(None)["progress_check"]
    needed = check and check["advanced"] < check["needed"] and check["turns_left"] <= state.players
    choice = plan_action(state, rng)
    code = int(choice)
    seat = state.to_move
    moves = A.PLAY <= code < A.WITH and (MOVER[code - A.PLAY] or code - A.PLAY == LEADER)
    if needed or not moves:
        return choice
    others = [a for a in state.legal_actions() if A.PLAY <= int(a) < A.WITH
              and not MOVER[int(a) - A.PLAY] and int(a) - A.PLAY != LEADER]
    if others:
        return others[0]
    e = state.expeditions[seat]
    codes = [int(a) for a in state.legal_actions()]
    if not e.hand and A.CAMP in codes:
        return state.legal_actions()[codes.index(A.CAMP)]
    return choice


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("policy", [null_player, creeper], ids=["null", "creeper"])
def test_lewis_clark_stallers_end_within_the_bound(players, policy):
    bound = GAME.decision_bound(players)
    for seed in range(2):
        s = GAME.new(players, seed)
        rng = random.Random(seed)
        while s.to_move is not None and s.ply <= bound:
            s.apply(policy(s, rng))
        assert s.to_move is None, f"{players} players, seed {seed}: not over at {s.ply}"
        assert s.ply <= bound


def test_the_null_game_ends_at_the_first_progress_check():
    # LEW-15: six rounds of nothing end the game (the rule text alone never would)
    s = GAME.new(3, 1)
    rng = random.Random(1)
    while s.to_move is not None:
        s.apply(null_player(s, rng))
    assert s.end_reason.startswith("the expeditions are stuck") and s.turns == 6 * 3


def test_the_decision_bound_follows_the_clocks_in_use():
    """LEW-15: the progress checks bound a game, so does the turn_limit house rule; with
    neither (progress_rounds=none, the bare rule text) no bound exists and it is refused."""
    from meeple.core.errors import ConfigError
    from meeple.games.lewis_clark.game import MAX_CHECKS, TURN_DECISIONS

    assert GAME.decision_bound(3) == MAX_CHECKS * 6 * 3 * TURN_DECISIONS  # every sixth round
    assert GAME.decision_bound(3, {"progress_rounds": 3}) == MAX_CHECKS * 3 * 3 * TURN_DECISIONS
    assert GAME.decision_bound(3, {"progress_rounds": "none", "turn_limit": 20}) == 20 * 3 * TURN_DECISIONS
    assert GAME.decision_bound(1, {"progress_rounds": "none"}) == GAME.decision_bound(1), "solo: Mackenzie"
    with pytest.raises(ConfigError, match="progress_rounds=none has no decision bound.*turn_limit"):
        GAME.decision_bound(2, {"progress_rounds": "none"})


def test_a_turn_limit_game_ends_within_its_smaller_bound():
    bound = GAME.decision_bound(2, {"progress_rounds": "none", "turn_limit": 10})
    s = GAME.new(2, 3, progress_rounds=None, turn_limit=10)
    rng = random.Random(3)
    while s.to_move is not None:
        s.apply(creeper(s, rng))
        assert s.ply <= bound
