"""Encoders: fixed shapes, honest ranges, nothing read beyond the seat's view, loud
failures on views they were not written for, and docs generated from the declarations."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import numpy as np
import pytest

from meeple.rl import encoders
from meeple.rl.docs import feature_tables, update_docs
from meeple.rl.encoders import ViewShapeError

from .sampling import TABLES, sample_states

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=TABLES, ids=[f"{g}-{p}p" for g, p in TABLES])
def table(request):
    name, players = request.param
    return name, players, encoders.get(name, players), sample_states(name, players)


def test_every_sampled_view_encodes_to_the_declared_shape_within_the_declared_ranges(table):
    name, players, enc, states = table
    assert enc.size == sum(f.size for f in enc.features)
    assert [f.start for f in enc.features] == list(np.cumsum([0] + [f.size for f in enc.features])[:-1])
    seen = np.zeros(enc.size, dtype=bool)
    for state in states:
        for seat in range(players):
            raw = enc.encode(state.view(seat), clip=False)
            assert raw.shape == (enc.size,) and raw.dtype == np.float32
            assert np.isfinite(raw).all()
            bad = np.flatnonzero((raw < enc.low) | (raw > enc.high))
            assert not bad.size, [
                (f.name, float(raw[i])) for i in bad for f in enc.features if f.start <= i < f.stop
            ][:5]
            seen |= raw != 0
    # the encoder is not blind: most features take a non-zero value somewhere
    alive = [f.name for f in enc.features if seen[f.start : f.stop].any()]
    assert len(alive) >= len(enc.features) * 0.6, sorted(
        {f.name for f in enc.features} - set(alive)
    )


def test_two_determinizations_give_the_same_observation(table):
    name, players, enc, states = table
    rng = random.Random(5)
    for state in states:
        if state.to_move is None:
            continue
        for seat in range(players):
            real = enc.encode(state.view(seat))
            a = enc.encode(state.determinize(seat, rng).view(seat))
            b = enc.encode(state.determinize(seat, rng).view(seat))
            assert np.array_equal(a, real) and np.array_equal(b, real)


def test_observations_depend_on_the_seat(table):
    """Seat-relative encoding: the seats' observations of one state are not all equal."""
    name, players, enc, states = table
    if players == 1:
        pytest.skip("one seat")
    differ = sum(
        not np.array_equal(enc.encode(s.view(0)), enc.encode(s.view(1))) for s in states
    )
    assert differ >= len(states) // 2


def test_unknown_view_shapes_fail_loudly(table):
    name, players, enc, states = table
    view = states[len(states) // 2].view(0)
    extra = dict(view, surprise=1)
    with pytest.raises(ViewShapeError, match="surprise"):
        enc.encode(extra)
    for key in sorted(enc.reads - {"game", "seat"})[:8]:
        broken = {k: v for k, v in view.items() if k != key}
        if key == "meals_left":  # present only while feeding
            continue
        with pytest.raises(ViewShapeError, match=key):
            enc.encode(broken)
    with pytest.raises(ViewShapeError, match="spectators"):
        enc.encode(states[0].view(None))
    with pytest.raises(ViewShapeError, match="view of"):
        enc.encode(dict(view, game="chess"))


def test_an_unknown_component_name_fails_loudly():
    enc = encoders.get("lost-cities", 2)
    view = copy.deepcopy(sample_states("lost-cities", 2, games_=1)[3].view(0))
    view["hand"][0] = "Z7"
    with pytest.raises(ViewShapeError, match="unknown Lost Cities card 'Z7'"):
        enc.encode(view)


def test_lost_cities_hand_feature_is_the_hand():
    enc = encoders.get("lost-cities", 2)
    state = sample_states("lost-cities", 2, games_=1)[2]
    view = state.view(0)
    obs = enc.encode(view)
    hand = next(f for f in enc.features if f.name == "hand")
    block = obs[hand.start : hand.stop]
    assert block.sum() == pytest.approx(sum(1 / 3 if c.endswith("H") else 1 for c in view["hand"]))


def test_docs_feature_tables_are_generated_from_the_declarations():
    text = (ROOT / "docs" / "rl.md").read_text()
    assert update_docs(text) == text, "run: python -m meeple.rl.docs docs/rl.md"
    assert "expedition_scores" in feature_tables()


@pytest.mark.parametrize("colors", [5, 6])
def test_lost_cities_state_encoding_equals_the_view_encoding(colors):
    """The search's fast path (``encode_state``) is the view's observation exactly, for
    both seats, at every decision of games mixing random and heuristic moves, through
    round ends and the final position: it reads nothing the view does not publish."""
    from meeple import games

    game = games.get("lost-cities")
    enc = encoders.get("lost-cities", 2)
    compared = 0
    for seed in range(12):
        state = game.new(2, seed, colors=colors, rounds=2)
        rng = random.Random(seed)
        while True:
            for seat in (0, 1):
                assert np.array_equal(enc.encode_state(state, seat), enc.encode(state.view(seat))), (
                    seed, state.ply, seat)
                compared += 1
            if state.to_move is None:
                break
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.random() < 0.5 else game.rollout_action(state, rng))
    assert compared > 2000


def _relabelled(state, new):
    """A copy of a Lost Cities state with colour ``c`` renamed ``new[c]`` everywhere."""
    from meeple.core.position import edited
    from meeple.games.lost_cities.components import N_RANKS

    card = lambda k: new[k // N_RANKS] * N_RANKS + k % N_RANKS  # noqa: E731
    n = state.colors
    expeditions = [[[] for _ in range(n)] for _ in range(2)]
    top_ranks = [[-1] * n for _ in range(2)]
    discard_piles = [[] for _ in range(n)]
    for c in range(n):
        discard_piles[new[c]] = [card(k) for k in state.discard_piles[c]]
        for seat in range(2):
            expeditions[seat][new[c]] = [card(k) for k in state.expeditions[seat][c]]
            top_ranks[seat][new[c]] = state.top_ranks[seat][c]
    return edited(
        state,
        hands=[[card(k) for k in hand] for hand in state.hands],
        taken_from_piles=[[card(k) for k in known] for known in state.taken_from_piles],
        deck=[card(k) for k in state.deck],
        expeditions=expeditions, top_ranks=top_ranks, discard_piles=discard_piles,
        blocked_pile=None if state.blocked_pile is None else new[state.blocked_pile],
    )


@pytest.mark.parametrize("colors", [5, 6])
def test_lost_cities_symmetries_are_the_colour_relabellings(colors):
    """Each map of ``symmetries()`` turns the observation and the legal actions of a
    position into those of the same position with its colours renamed: what training's
    augmentation relies on. Purple (six colours) keeps its place."""
    import itertools

    from meeple import games

    game = games.get("lost-cities")
    enc = encoders.get("lost-cities", 2)
    obs_maps, action_maps = enc.symmetries()
    assert obs_maps.shape == (120, enc.size) and action_maps.shape == (120, game.num_actions)
    for maps in (obs_maps, action_maps):  # each a permutation, the first the identity
        assert (np.sort(maps, axis=1) == np.arange(maps.shape[1])).all()
        assert (maps[0] == np.arange(maps.shape[1])).all()
    orders = list(itertools.permutations(range(5)))
    rng = random.Random(colors)
    checked = 0
    for seed in range(4):
        state = game.new(2, seed, colors=colors, rounds=1)
        while state.to_move is not None:
            if state.ply % 5 == 0:
                k = rng.randrange(120)
                other = _relabelled(state, list(orders[k]) + [5])
                seat = state.to_move
                assert np.array_equal(enc.encode_state(state, seat)[obs_maps[k]],
                                      enc.encode(other.view(seat)))
                mask = np.zeros(game.num_actions, dtype=bool)
                mask[[int(a) for a in state.legal_actions()]] = True
                theirs = np.zeros(game.num_actions, dtype=bool)
                theirs[[int(a) for a in other.legal_actions()]] = True
                assert np.array_equal(mask[action_maps[k]], theirs)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 40


def test_encoders_without_declared_symmetries_say_so():
    assert encoders.get("lowlands", 2).symmetries() is None
