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
