"""Lowlands for people: the board fits a terminal, the status line, the narration, the
score breakdown, the glossary, and the panel of greedy styles."""

from __future__ import annotations

import random

import pytest

from meeple import bots
from meeple.core import ConfigError
from meeple.games.lowlands import GAME
from meeple.games.lowlands.components import TILES
from meeple.i18n import ENGLISH


def en(text) -> str:
    return ENGLISH.text(text)


def _played(players: int, seed: int, plies: int):
    st = GAME.new(players, seed)
    rng = random.Random(seed)
    while st.to_move is not None and st.ply < plies:
        st.apply(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("players", [2, 3, 4])
def test_render_fits_forty_lines_and_shows_any_farm_on_request(players):
    for plies in (0, 120, 400, 10_000):
        st = _played(players, 5, plies)
        for seat in (None, 0):
            assert len(GAME.render(st, seat).splitlines()) <= 40
    detail = GAME.render_detail(st, 0, "farm 1")
    assert detail is not None and "seat 1" in detail and "legend" in detail
    assert GAME.render_detail(st, 0, "farm 9") is None
    assert [what for what, _ in GAME.detail_topics(st, 0)] == [f"farm {s}" for s in range(players)] + [
        "tiles", "score", "dike"]
    for what, _ in GAME.detail_topics(st, 0):
        assert GAME.render_detail(st, 0, what)


def test_status_says_who_is_asked_what():
    st = GAME.new(3, 1)
    line = en(GAME.status(st.view(st.to_move)))
    assert line.startswith("you place a farmer on an action") and "stage 1/3" in line
    assert en(GAME.status(st.view(None))).startswith(f"seat {st.to_move} places a farmer")
    st.apply("place 2 draw")
    assert "draws cards (" in en(GAME.status(st.view(None)))
    end = _played(2, 3, 10_000)
    assert en(GAME.status(end.view(None))).startswith("the game is over: seat")


def test_narrate_tells_the_high_tide_and_new_flood_cards_from_views():
    st = _played(3, 2, 0)
    rng = random.Random(2)
    told = []
    while st.to_move is not None:
        before = st.view(0)
        action = rng.choice(st.legal_actions())
        st.apply(action)
        told += GAME.narrate(before, str(action), st.view(0))
    text = "\n".join(en(line) for line in told)
    assert text.count("High Tide: the ") == 3
    assert "Storm Tide: the " in text and "game is over" in text
    assert "Stage 2 of 3 begins." in text and "three new flood cards" in text


def test_score_breakdown_adds_up_to_the_scores():
    for seed in range(3):
        st = _played(4, seed, 10_000)
        parts = GAME.score_breakdown(st)
        assert [sum(p.values()) for p in parts] == st.scores()
        sheep = st.seats[0].sheep
        assert parts[0][next(k for k in parts[0] if en(k).startswith("sheep:"))] == st.score_parts(0)["sheep"]
        assert any(en(k).startswith(f"sheep: {sheep} × ") for k in parts[0])


def test_glossary_has_every_tile_and_marks_the_designed_ones():
    assert en(GAME.lookup("bank").name) == "Bank"
    assert en(GAME.lookup("Dike Association").kind) == "storm-tide building"
    names = {en(e.name) for e in GAME.glossary()}
    assert {t.name for t in TILES} <= names
    assert GAME.lookup("orchard").design and not GAME.lookup("bank").design
    assert "LL-37" in en(GAME.lookup("value track").text)


def test_the_panel_of_styles_plays_legal_and_different_games():
    assert {"dike-builder", "shepherd", "farmer"} <= set(GAME.styles)
    with pytest.raises(ConfigError, match="styles"):
        GAME.style_action("pirate", GAME.new(2, 1), random.Random(0))
    places = {}
    for style in GAME.styles:
        st = GAME.new(3, 7)
        seats = [bots.get(f"greedy:style={style}", GAME, seed=s) for s in range(3)]
        chosen = []
        while st.to_move is not None:
            action = seats[st.to_move].choose(st)
            assert action in st.legal_actions()
            if str(action).startswith(("place", "boost")):
                chosen.append(str(action).split()[-1])
            st.apply(action)
        places[style] = chosen
    assert places["dike-builder"].count("dike") > places["farmer"].count("dike")
    assert places["farmer"].count("build") > places["dike-builder"].count("build")
    assert places["shepherd"].count("market") + places["shepherd"].count("fence") > (
        places["farmer"].count("market") + places["farmer"].count("fence")
    )
