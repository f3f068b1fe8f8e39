"""The greedy bot plays sensibly; the report and the rendering work on real games."""

from __future__ import annotations

import random

from rich.text import Text

from meeple.core.position import edited
from meeple.games.lowlands import GAME
from meeple.games.lowlands.farm import cell, edges_around
from meeple.games.lowlands.report import balance_figures
from meeple.games.lowlands.strategy import threat


def new(players=3, seed=1):
    return GAME.new(players, seed)


def choose(st) -> str:
    return str(GAME.greedy_action(st, random.Random(0)))


def test_houses_sheep_before_breeding():
    # the last placement before an Upkeep, a full pasture: the lamb would be lost, so fence
    st = new()
    p = st.seats[st.to_move]
    p.farmers = [4, 1, -1]  # farmers 2 and 3 already out (draw, dike)
    p.hand = [2, 1, 1]
    st.flood, st.dike = 0, 12  # no threat from the sea
    st.face_up = [[], [], [], []]  # and no tile to tempt it
    st = edited(st)
    p = st.seats[st.to_move]
    move = choose(st)
    assert move == "place 4 fence", move
    st.apply(move)
    while st.phase in (8, 9):  # fence / fence at
        st.apply(choose(st))
    assert p.farm.capacity() >= 3


def test_buys_sheep_when_there_is_room():
    st = new()
    p = st.seats[st.to_move]
    p.farm.fences = 0
    for e in edges_around([cell("c2"), cell("c3"), cell("d2"), cell("d3"), cell("e2"), cell("e3")]):
        p.farm.add_fence(e)
    p.coins = 12
    p.hand = [0, 0, 0]
    st.flood, st.dike = 0, 12
    assert choose(edited(st)).endswith("market")


def test_helps_the_dike_when_the_flood_threatens():
    st = new()
    p = st.seats[st.to_move]
    p.hand = [3, 3, 0]
    st.flood, st.dike = 10, 0
    st = edited(st)
    assert threat(st) > 1
    assert choose(st).endswith("dike")
    calm = new()
    calm.seats[calm.to_move].hand = [3, 3, 0]
    calm.flood, calm.dike = 0, 30
    calm = edited(calm)
    assert threat(calm) == 0
    assert not choose(calm).endswith("dike")


def finished(n=4, players=3):
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        st = GAME.new(players, seed)
        while st.to_move is not None:
            st.apply(GAME.greedy_action(st, rng))
        out.append(st)
    return out


def test_simulation_report_figures():
    states = finished()
    text = GAME.simulation_report(states)
    assert "storm tide" in text and "high tide 3" in text and "in winners" in text
    f = balance_figures(states)
    assert f["games"] == 4 and 0 <= f["storm"] <= 1 and len(f["tides"]) == 3
    assert abs(sum(f["seat_wins"].values()) - 1) < 1e-9
    assert set(f["built"]) == set(f["in_winners"]) and len(f["built"]) == 46


def test_render_is_valid_rich_markup():
    for st in finished(1, 4) + [new(2)]:
        for seat in (None, 0):
            text = GAME.render(st, seat)
            plain = Text.from_markup(text).plain
            assert "Lowlands" in plain and "seat 1" in plain and "+---+" in plain
