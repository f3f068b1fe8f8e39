"""Property tests: games at 1-5 players keep every invariant at every step and end by
the rules alone (no ``turn_limit``), within the declared decision bound."""

from __future__ import annotations

import json
import random

import pytest
from tests.games.lewis_clark.lc_helpers import check_invariants
from tests.seeds import chunks, each

from meeple.core import Record
from meeple.games.lewis_clark import GAME


def random_game(seed: int, policy=None, players: int | None = None, **options):
    """Every state of one game, to its end by the rules (no turn limit)."""
    rng = random.Random(seed)
    if players is None:
        players = rng.randrange(1, 6)
    state = GAME.new(players, seed, **options)
    bound = GAME.decision_bound(players, options)
    while state.to_move is not None:
        assert state.ply <= bound, f"seed {seed}: {players} players passed the decision bound"
        if policy is None:
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(policy(state, rng))
        yield state


@pytest.mark.parametrize("seeds", chunks(300, size=100))
def test_random_games_keep_invariants_and_end_by_the_rules(seeds):
    def check_game(seed: int) -> None:
        state = None
        for state in random_game(seed):
            check_invariants(state)
        assert state is not None and state.to_move is None and state.end_reason

    each(seeds, check_game)


@pytest.mark.parametrize("seed", range(12))
def test_greedy_games_keep_invariants_and_end_by_the_rules(seed):
    """Greedy games run to their end: the Pacific test and the other ends are exercised."""
    state = None
    for state in random_game(seed, policy=GAME.greedy_action):
        check_invariants(state)
    assert state is not None and state.to_move is None


@pytest.mark.parametrize("seed", range(40))
def test_views_leak_nothing_and_replay_is_identical(seed):
    rng = random.Random(seed)
    last = None
    for ply, state in enumerate(random_game(seed)):
        last = state
        if ply % 13:
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
    doing = [a for a in legal if int(a) not in (A.STOP, A.SKIP, A.END)]
    if doing and rng.random() < 0.8:
        return rng.choice(doing)
    return rng.choice(legal)


@pytest.mark.parametrize("seeds", chunks(100))
def test_eager_recruiters_keep_invariants(seeds):
    def check_game(seed: int) -> None:
        state = None
        for state in random_game(seed, policy=_eager):
            check_invariants(state)
        assert state is not None and state.to_move is None

    each(seeds, check_game)


@pytest.mark.parametrize("seed", range(60))
def test_house_rules_keep_invariants(seed):
    """The options that change play: goods may be dropped, face-down badges do not
    count, the Interpreter takes every Pow-wow Indian and does not sweep the village."""
    state = None
    for state in random_game(seed, policy=_eager, drop_goods=True, support_badges=False,
                             interpreter_take="all", interpreter_sweep=False):
        check_invariants(state)
    assert state is not None and state.to_move is None
