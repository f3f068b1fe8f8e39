"""Invariants of random Lowlands games at 2, 3 and 4 players, checked at every step.

Fixed seeds (the same games on every run); each drives a game by uniform random choice
among the legal actions, at 2, 3 and 4 players in turn. Every step: the 66 resource cards are all somewhere, no stock is
negative, every player owns exactly 16 fences (farm + income board), sheep never
exceed housing before the Storm Tide, the market rows stay within their spaces, and
the flood never exceeds its 36 pieces. Every game ends, replays identically, and
determinizing never changes what a seat sees or the backs of the face-down flood cards.
"""

from __future__ import annotations

import random

import pytest
from tests.seeds import chunks, each

from meeple import games
from meeple.core import Record
from meeple.games.lowlands import GAME
from meeple.games.lowlands.components import FENCES_TOTAL, FLOOD_PIECES, flood_back
from meeple.games.lowlands.rules import FPLACE, NONE


def check(state) -> None:
    cards = sum(p.cards for p in state.seats) + sum(state.display) + len(state.deck) + sum(state.discard)
    assert cards == 66
    assert min(state.display) >= 0 and min(state.discard) >= 0
    for seat, p in enumerate(state.seats):
        in_hand = state.phase == FPLACE and state.fence_mode < 2 and state.to_move == seat  # bought or lifted
        assert min(p.hand) >= 0 and p.coins >= 0 and p.sheep >= 0 and p.breach >= 0
        assert all(0 <= k <= h for k, h in zip(p.known, p.hand, strict=True))
        assert p.farm.fence_count() + p.fences_left + in_hand == FENCES_TOTAL
        assert 0 <= p.buildings <= 4
        if not in_hand:  # a lifted fence may open a pasture until it is put down
            assert p.sheep - p.storm_sheep <= p.farm.capacity()
        assert p.workers_free + sum(p.workers) == 2
    for n, row in zip(state.market, state.market_rows, strict=True):
        assert 0 <= n <= row.spaces
    assert 0 <= state.flood <= FLOOD_PIECES and 0 <= state.dike <= 36
    if state.to_move is not None:
        assert state.phase != NONE and state.legal_actions()


def play(seed: int, players: int, every: int = 1):
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    step = 0
    while state.to_move is not None:
        if step % every == 0:
            check(state)
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        assert step < 5000
    check(state)
    return state


@pytest.mark.parametrize("seeds", chunks(60, size=20))
def test_invariants_at_every_step(seeds):
    def check_game(seed: int) -> None:
        players = 2 + seed % 3
        final = play(seed, players)
        assert final.is_over and len(final.tides) == 3 and final.storm_held is not None
        assert final.winners()[0] in range(players)

    each(seeds, check_game)


@pytest.mark.parametrize("seeds", chunks(300, size=100, first=1000))
def test_many_random_games_end_and_keep_invariants(seeds):
    each(seeds, lambda seed: play(seed, 2 + seed % 3, every=50))


@pytest.mark.parametrize("seed", range(25))
def test_replay_identical_and_views_leak_nothing(seed):
    players = 2 + seed % 3
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    det_rng = random.Random(seed ^ 77)
    while state.to_move is not None:
        if rng.random() < 0.05:
            seat = det_rng.randrange(players)
            det = state.determinize(seat, det_rng)
            assert det.view(seat) == state.view(seat)
            assert det.view(None) == state.view(None)
            assert [flood_back(c[0]) for c in det.sea] == [flood_back(c[0]) for c in state.sea]
            if det.to_move == seat:
                assert list(det.legal_actions()) == list(state.legal_actions())
            # the determinized game plays on to the end
            while det.to_move is not None:
                det.apply(det_rng.choice(det.legal_actions()))
        state.apply(rng.choice(state.legal_actions()))
    record = Record.from_json(state.record().to_json())
    again = games.replay(record) if "lowlands" in games.names() else _replay(record)
    assert again.log == state.log and again.scores() == state.scores()
    for seat in [None, *range(players)]:
        assert again.view(seat) == state.view(seat)


def _replay(record):
    state = GAME.new(record.players, record.seed, **record.options)
    for text in record.actions:
        state.apply(text)
    return state


@pytest.mark.parametrize("seed", range(20))
def test_greedy_games_end(seed):
    rng = random.Random(seed)
    state = GAME.new(2 + seed % 3, seed, first_game=bool(seed % 2))
    while state.to_move is not None:
        state.apply(GAME.greedy_action(state, rng))
    check(state)
