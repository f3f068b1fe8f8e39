"""Property tests: random Little Town games at 2, 3 and 4 players, every option,
invariants checked after every decision: stocks, houses and workers add up, the score
breakdown adds up to the scores, views hide what they must, replays and positions
reproduce the game."""

from __future__ import annotations

import json
import random

import pytest

from meeple.games.little_town import GAME
from meeple.games.little_town.components import OBJECTIVES, ROUNDS, SETUP
from tests.seeds import chunks, each

OBJECTIVE_KEYS = {o.key for o in OBJECTIVES}


def _options(rng: random.Random) -> dict:
    return {
        "board": rng.choice((None, 1, 2)),
        "robin": rng.random() < 0.3,
        "exchange": rng.choice(("use", "keep")),
        "limited_supply": rng.random() < 0.3,
        "castle": rng.choice(("own", "any")),
        "residence_harvest": rng.random() < 0.3,
        "o7": rng.random() < 0.3,
        "tiebreak": rng.choice(("share", "coins")),
    }


def _check_invariants(state, setup) -> None:
    n = state.players
    for s in range(n):
        assert min(state.cubes[s]) >= 0, "resources never negative"
        assert state.coins[s] >= 0
        assert 0 <= state.houses_left[s] <= setup.houses
        built = sum(1 for o in state.owner_at if o == s)
        building_now = state.building_chosen >= 0 and state.to_move == s  # chosen, not yet put
        assert built + building_now == setup.houses - state.houses_left[s], "one house per building"
        on_board = sum(1 for w in state.worker_at if w == s)
        assert on_board + state.at_construction_site[s] + state.workers_left[s] == setup.workers
    assert min(state.supply_cubes) >= 0 and state.bank_coins >= 0
    assert 1 <= state.round <= ROUNDS
    parts = GAME.score_breakdown(state)
    assert [sum(p.values()) for p in parts] == state.scores(), "the breakdown adds up"
    cards = [k for h in state.objectives_in_hand + state.objectives_claimed for k in h]
    cards += state.objectives_unused
    assert len(cards) == len(set(cards)), "every objective card is in one place"

    if state.to_move is not None:
        assert state.legal_actions(), "legal never empty while the game runs"


def _check_views(state, rng: random.Random) -> None:
    for seat in range(state.players):
        v = state.view(seat)
        text = json.dumps(v)
        for other in range(state.players):
            p = v["players"][other]
            assert ("objectives" in p) == (other == seat), "only your own objectives"
        # no hidden objective of another seat may appear anywhere in the view
        hidden = {OBJECTIVES[k].key for o in range(state.players) if o != seat for k in state.objectives_in_hand[o]}
        mine = {OBJECTIVES[k].key for k in state.objectives_in_hand[seat]}
        public = {OBJECTIVES[k].key for c in state.objectives_claimed for k in c}
        public |= {OBJECTIVES[k].key for m in state.objectives_ruled_out for k in range(len(OBJECTIVES)) if m >> k & 1}
        for key in hidden - mine - public:
            assert f'"{key}"' not in text
        d = state.determinize(seat, rng)
        assert d.view(seat) == v, "a determinization looks the same to the seat"


def _play(seed: int, players: int) -> None:
    rng = random.Random(seed)
    options = _options(rng)
    state = GAME.new(players, seed, **options)
    setup = SETUP[players]
    rounds_seen = set()
    steps = 0
    while state.to_move is not None:
        _check_invariants(state, setup)
        if steps % 11 == 0:
            _check_views(state, rng)
        rounds_seen.add(state.round)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= GAME.decision_bound(players), "random play ends within the bound"
    _check_invariants(state, setup)
    _check_views(state, rng)
    # the game ends after the 4th round's feeding, every worker fed or penalised
    assert rounds_seen == set(range(1, ROUNDS + 1))
    assert len(state.meals) == ROUNDS * players
    for meal in state.meals:
        assert meal.fish + meal.wheat + meal.coins + meal.hungry == setup.workers
    assert sorted((m.round, m.seat) for m in state.meals) == [
        (r, s) for r in range(1, ROUNDS + 1) for s in range(players)
    ]
    assert state.winners() and all(0 <= w < players for w in state.winners())
    # replay identical from (seed, options, actions)
    again = GAME.new(players, seed, **options)
    for text in state.log:
        again.apply(GAME.parse(text))
    assert again.view(None) == state.view(None) and again.scores() == state.scores()
    assert again.objectives_in_hand == state.objectives_in_hand
    # a full position round-trips through JSON
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seeds", chunks(150, size=75))
def test_random_games(players, seeds):
    each(seeds, lambda seed: _play(seed, players))


@pytest.mark.parametrize("seed", range(40))
def test_refused_moves_change_nothing_and_clones_are_independent(seed):
    rng = random.Random(seed)
    state = GAME.new(rng.choice((2, 3, 4)), seed, **_options(rng))
    while state.to_move is not None:
        before = state.view(None), state.view(state.to_move), state.log
        legal = set(int(a) for a in state.legal_actions())
        bad = rng.choice([a for a in GAME.actions if int(a) not in legal])
        try:
            state.apply(bad)
            raise AssertionError(f"{bad} was accepted although not legal")
        except Exception as err:  # noqa: BLE001 - IllegalAction expected
            assert type(err).__name__ == "IllegalAction", err
            assert "not legal" in str(err)
        assert (state.view(None), state.view(state.to_move), state.log) == before
        copy = state.clone()
        copy.apply(rng.choice(copy.legal_actions()))
        assert (state.view(None), state.view(state.to_move), state.log) == before
        state.apply(rng.choice(state.legal_actions()))


def test_greedy_beats_random():
    wins = 0
    for seed in range(12):
        players = 2 + seed % 3
        state = GAME.new(players, seed)
        rng = random.Random(seed)
        me = seed % players
        while state.to_move is not None:
            if state.to_move == me:
                state.apply(GAME.greedy_action(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        wins += me in state.winners()
    assert wins >= 10
