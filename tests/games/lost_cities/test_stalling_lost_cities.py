"""Lost Cities stalling adversaries, stronger than the generic ones: both seats never
play a card and draw from the discard piles whenever they can, one of them steering
towards repeated positions, the other away from them.

Under the stall rules every round ends within ``stalling.turns_bound`` turns and the
game within ``GAME.decision_bound(2)`` decisions (docs/games/lost-cities.md has the
argument); with ``stall_rules=off`` (the printed rules) the same play never ends.
"""

import random

import pytest

from meeple.core.errors import ConfigError
from meeple.games.lost_cities.components import CARD_TEXT, HAND_SIZE, deck
from meeple.games.lost_cities.stalling import turns_bound
from tests.games.lost_cities.helpers import GAME


def _stall(state, rng, prefer, put_back):
    legal = state.legal_actions()
    if state.phase == "play":
        taken = state.taken_from_piles[state.to_move]
        if put_back and taken:
            return GAME.parse(f"discard {CARD_TEXT[taken[-1]]}")
        return rng.choice([a for a in legal if str(a).startswith("discard")])
    piles = [a for a in legal if str(a) != "draw deck"]
    if not piles:
        return legal[0]
    return prefer(piles, key=lambda a: (state.repeats_after(a) or 0, rng.random()))


def seeker(state, rng):
    """Discard the card it took last, then draw the pile top that brings back the
    most-seen position: it loops."""
    return _stall(state, rng, max, put_back=True)


def dodger(state, rng):
    """Discard anything, then draw the pile top whose position was seen least: it dodges
    the repetition rule, so only the idle limit can stop it."""
    return _stall(state, rng, min, put_back=False)


ADVERSARIES = {"seeker": seeker, "dodger": dodger}


@pytest.mark.parametrize("colors", [5, 6])
@pytest.mark.parametrize("name", list(ADVERSARIES))
def test_stalling_cannot_outlast_the_stall_rules(name, colors):
    policy = ADVERSARIES[name]
    per_round = turns_bound(len(deck(colors)), HAND_SIZE) * 2
    reasons = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new(2, seed, colors=colors, rounds=5)
        round_start = 0
        while not state.is_over:
            assert state.ply <= GAME.decision_bound(2, {"colors": colors, "rounds": 5})
            current = state.round
            state.apply(policy(state, rng))
            if state.is_over or state.round != current:
                assert state.ply - round_start <= per_round
                round_start = state.ply
        reasons.update(state.view(None)["round_ends"])
    # the seeker is stopped by repetitions, the dodger by the idle limit
    assert reasons == ({"repetition"} if name == "seeker" else {"idle"})


@pytest.mark.parametrize("name", list(ADVERSARIES))
def test_without_the_stall_rules_stalling_never_ends(name):
    # the printed rules (the rule text, line 30): only the last deck card ends a round,
    # which is why GAME.decision_bound refuses them
    rng = random.Random(1)
    state = GAME.new(2, 1, rounds=1, stall_rules="off")
    for _ in range(3000):
        state.apply(ADVERSARIES[name](state, rng))
    assert not state.is_over and state.round == 1


def test_the_decision_bound_follows_the_options_in_use():
    # 5 rounds of the 72-card game: 113 progress turns at most, 49 idle turns around
    # each, plus the one that reaches the limit: 5700 turns of two decisions per round
    assert turns_bound(72, HAND_SIZE) == 5700 and turns_bound(60, HAND_SIZE) == 4500
    assert GAME.decision_bound(2, {"colors": 6, "rounds": 5}) == 5 * 2 * 5700
    assert GAME.decision_bound(2) == 3 * 2 * 4500, "the defaults: 3 rounds of 60 cards"
    assert GAME.decision_bound(2, {"rounds": "1"}) == 2 * 4500, "options read as by GAME.new"


def test_without_the_stall_rules_there_is_no_decision_bound():
    # the bare rule text may never end (LC-9): the bound is refused, naming the option
    with pytest.raises(ConfigError, match="stall_rules=off has no decision bound.*stall_rules=on"):
        GAME.decision_bound(2, {"stall_rules": "off"})
