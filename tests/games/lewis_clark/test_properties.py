"""Property tests: random games at 1-5 players keep every invariant at every step."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.lewis_clark.lc_helpers import check_invariants

from meeple.core import Record
from meeple.games.lewis_clark import GAME

SEEDS = st.integers(0, 2**32 - 1)


def random_game(seed: int, limit: int = 30, policy=None):
    rng = random.Random(seed)
    players = rng.randrange(1, 6)
    state = GAME.new(players, seed, turn_limit=limit)
    while state.to_move is not None:
        if policy is None:
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(policy(state, rng))
        yield state


@settings(max_examples=800, deadline=None)
@given(seed=SEEDS)
def test_short_random_games_keep_invariants_and_end(seed):
    state = None
    for state in random_game(seed, limit=10):
        check_invariants(state)
    assert state is not None and state.to_move is None


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_long_random_games_keep_invariants_and_end(seed):
    state = None
    for state in random_game(seed, limit=40):
        check_invariants(state)
    assert state is not None and state.to_move is None


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS)
def test_greedy_games_keep_invariants_and_reach_the_end_game(seed):
    """Greedy games run to the Pacific (or the limit): the win test is exercised."""
    state = None
    for state in random_game(seed, limit=60, policy=GAME.greedy_action):
        check_invariants(state)
    assert state is not None and state.to_move is None


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_views_leak_nothing_and_replay_is_identical(seed):
    rng = random.Random(seed)
    last = None
    for ply, state in enumerate(random_game(seed)):
        last = state
        if ply % 17:
            continue
        for seat in range(state.players):
            det = state.determinize(seat, random.Random(rng.random()))
            assert det.view(seat) == state.view(seat)
            assert det.view(None) == state.view(None)
            check_invariants(det)
            json.dumps(state.view(seat))
            if state.to_move == seat:
                assert list(det.legal_actions()) == list(state.legal_actions())
    record = Record.from_json(last.record().to_json())
    again = GAME.new(record.players, record.seed, **record.options)
    for text in record.actions:
        again.apply(GAME.parse(text))
    for seat in [None, *range(last.players)]:
        assert again.view(seat) == last.view(seat)
    assert again.log == last.log and again.scores() == last.scores()


def test_notation_round_trips():
    for a in GAME.actions:
        assert GAME.parse(str(a)) == a
        assert str(a) == str(a).lower()


def _eager(state, rng):
    """Random play biased to recruit and play journal cards, so rare effects run."""
    from meeple.games.lewis_clark import actions as A

    legal = state.legal_actions()
    recruit = [a for a in legal if A.RECRUIT <= int(a) < A.RECRUIT + 5]
    if recruit and rng.random() < 0.7:
        return rng.choice(recruit)
    journal_cards = [a for a in legal if A.PLAY <= int(a) < A.PLAY + 54]
    if journal_cards and rng.random() < 0.7:
        return rng.choice(journal_cards)
    doing = [a for a in legal if int(a) not in (A.STOP, A.SKIP, A.END)
             and not A.DROP <= int(a) < A.DROP + 6]
    if doing and rng.random() < 0.8:
        return rng.choice(doing)
    return rng.choice(legal)


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS)
def test_eager_recruiters_keep_invariants(seed):
    state = None
    for state in random_game(seed, limit=40, policy=_eager):
        check_invariants(state)
    assert state is not None and state.to_move is None
