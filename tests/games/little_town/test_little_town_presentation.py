"""What a player meets: the glossary, the board and its legend (within 100 columns),
the status line, the narration of moves and automatic steps, the score breakdown and
the rules summary."""

from __future__ import annotations

import random
import re
from importlib import resources

import pytest
from rich.text import Text

from meeple.games.little_town import GAME
from meeple.games.little_town.components import ABBREVIATIONS, BUILDINGS, OBJECTIVES
from meeple.games.little_town.render import DETAILS, WIDTH
from tests.games.little_town.helpers import (
    arrange,
    fresh,
    hand,
    last_turn_of_round,
    legal,
    per_seat,
)

#: the most columns a rendered line may take (issue 14: boards a person can read)
MAX_COLUMNS = 100


def _states():
    """Positions from random games at every player count, every phase reached."""
    out = []
    for players in (2, 3, 4):
        st = GAME.new(players, players, limited_supply=players == 3)
        rng = random.Random(players)
        while st.to_move is not None:
            if rng.random() < 0.15:
                out.append(st.clone())
            st.apply(rng.choice(st.legal_actions()))
        out.append(st)
    return out


STATES = _states()


def _plain(markup: str) -> list[str]:
    return Text.from_markup(markup).plain.split("\n")


# ---- glossary --------------------------------------------------------------------------
def test_every_building_and_objective_has_an_entry():
    names = {e.name.lower() for e in GAME.glossary()}
    for b in BUILDINGS:
        assert GAME.lookup(b.key) is not None, b.key
    for o in OBJECTIVES:
        assert GAME.lookup(o.key) is not None and f"objective {o.key}" in names
    for abbreviation in ABBREVIATIONS:
        assert GAME.lookup(abbreviation).kind == "building"


def test_the_board_abbreviation_finds_the_full_text():
    # issue 14: "typing the abbreviation shown on the board (QUA) works"
    entry = GAME.lookup("QUA")
    assert entry is GAME.lookup("quarry") is GAME.lookup(" Carrière ")
    assert entry.name == "Quarry" and entry.kind == "building"
    assert "Cost: 3 wood" in entry.text and "5 points when built" in entry.text
    assert "pay 2 coins, gain 2 stone" in entry.text
    assert GAME.lookup("RSD").name == "Residence" and GAME.lookup("RES").name == "Restaurant"


def test_special_buildings_and_objectives_say_what_they_do():
    assert "4 points per building" in GAME.lookup("castle").text
    assert "2 coins" not in GAME.lookup("castle").text
    assert "3 coins can stand in" in GAME.lookup("PAW").text
    o12 = GAME.lookup("o12")
    assert o12.kind == "objective" and "3 points: have exactly 0 coins" in o12.text
    assert "(!)" in GAME.lookup("o8").text and "(!)" not in o12.text
    assert GAME.lookup("o7").design and not o12.design
    assert "by itself" not in o12.text and "automatically" in GAME.lookup("o6").text


# ---- the board -------------------------------------------------------------------------
@pytest.mark.parametrize("index", range(0, len(STATES), max(1, len(STATES) // 12)))
def test_render_fits_and_explains_every_symbol(index):
    st = STATES[index]
    for seat in (None, *range(st.players)):
        text = GAME.render(st, seat)
        lines = _plain(text)
        assert max(len(line) for line in lines) <= MAX_COLUMNS == WIDTH
        legend = "\n".join(lines)
        for words in ("forest (wood)", "mountain (stone)", "lake (fish)", "empty grass",
                      "a worker of seat", "owned by seat"):
            assert words in legend
        grid = lines[2:8]
        for row in grid:
            for token in re.findall(r"[A-Z]{3}\d", row):
                assert f"{token[:3]} " in legend.split("on the meadow:")[1], token
        if seat is not None:
            for key in st.view(seat)["players"][seat]["objectives"]:
                assert key in legend


def test_render_detail_answers_each_closer_look():
    st = STATES[len(STATES) // 2]
    for what in DETAILS:
        text = GAME.render_detail(st, 0, what)
        assert text and max(len(line) for line in _plain(text)) <= MAX_COLUMNS
    assert GAME.render_detail(st, 0, "farm 2") is None
    assert "costs" in GAME.render_detail(st, 0, "Market")


# ---- the status line -------------------------------------------------------------------
def test_status_says_who_is_asked_what():
    seen = set()
    for st in STATES:
        v = st.view(st.to_move) if st.to_move is not None else st.view(None)
        line = GAME.status(v)
        assert "\n" not in line
        if st.to_move is None:
            assert line.startswith("the game is over") and "won" in line
            continue
        assert line.startswith(f"seat {st.to_move} (you): ")
        seen.add(v["phase"])
        assert not GAME.status(st.view(None)).count("(you)")
    assert {"main", "activate"} <= seen


def test_status_of_each_decision():
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"b3": ("pawnshop", me)}, cubes=per_seat(st.cubes, me, [2, 0, 0, 0]))
    v = st.view(me)
    assert "place a worker" in GAME.status(v) and "5 workers to place" in GAME.status(v)
    st.apply("place c4")
    assert "around the worker on c4" in GAME.status(st.view(None))
    st.apply("activate b3")
    assert "give the Pawnshop a cube (1 of 2)" in GAME.status(st.view(None))
    st.apply("give wood")
    assert "(2 of 2)" in GAME.status(st.view(None))


# ---- narration -------------------------------------------------------------------------
def _narrated(st, action, seat=None):
    before = st.view(seat)
    st.apply(action)
    return GAME.narrate(before, action, st.view(seat))


def test_narrate_harvest_and_fee_paid_to_another_player():
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, buildings={"d4": ("fisherman", 1 - me)}), me)
    lines = _narrated(st, "place e5")
    assert lines == [f"seat {me} placed a worker on e5 and harvested 2 fish"]
    lines = _narrated(st, "activate d4")
    assert lines[0] == (
        f"seat {me} activated seat {1 - me}'s fisherman on d4, paying 1 coin to seat {1 - me}: "
        "paid 1 fish, gained 3 coins"
    )
    assert lines[-1] == f"nothing more to do: the turn passes to seat {1 - me}"


def test_narrate_round_end_feeding_and_automatic_objective():
    st = fresh()
    me = st.to_move
    st, _ = last_turn_of_round(st, cubes=per_seat([[0, 0, 1, 0]] * 2, me, [0, 0, 0, 5]))
    st = hand(hand(st, me, "o6"), 1 - me)
    lines = _narrated(st, "place h6", seat=1 - me)
    text = "\n".join(lines)
    assert "round 1 is over" in text
    assert f"seat {me} validated objective o6 (+2 points) by feeding every worker with fish" in text
    assert f"seat {me}: 5 fish" in text and f"seat {1 - me}: 1 wheat, 1 meal bought with 3 coins, 3 hungry" in text
    assert lines[-1] == f"round 2 begins; seat {st.first_player} is first player"


def test_narrate_claims_and_game_end():
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, coins=per_seat(st.coins, me, 0)), me, "o12")
    assert _narrated(st, "claim o12") == [
        f"seat {me} validated objective o12 (+3 points): have exactly 0 coins"
    ]
    st = arrange(st, round=4, coins=[9, 9])
    st, _ = last_turn_of_round(st, cubes=[[0, 0, 5, 0]] * 2)
    st = hand(st, 1 - me)
    lines = _narrated(st, legal(st)[-1])
    while st.to_move is not None:
        lines = _narrated(st, legal(st)[-1])
    text = "\n".join(lines)
    assert "coins convert" in text and "the game is over" in text


def test_narration_never_names_a_secret_card():
    for st in STATES[:-3]:
        if st.to_move is None:
            continue
        secret = {OBJECTIVES[k].key for s in range(st.players) for k in st.objectives_in_hand[s]}
        for action in st.legal_actions()[:5]:
            after = st.clone()
            before = st.view(None)
            after.apply(action)
            words = " ".join(GAME.narrate(before, str(action), after.view(None)))
            shown = {OBJECTIVES[k].key for s in range(st.players) for k in after.objectives_claimed[s]}
            shown |= {OBJECTIVES[k].key for k in range(len(OBJECTIVES)) for m in after.objectives_ruled_out if m >> k & 1}
            for key in secret - shown:
                assert re.search(rf"\b{key}\b", words) is None


# ---- the score breakdown -----------------------------------------------------------------
def test_score_breakdown_adds_up_and_names_each_source():
    for st in STATES:
        parts = GAME.score_breakdown(st)
        assert [sum(p.values()) for p in parts] == st.scores()
        for p in parts:
            assert list(p) == ["buildings", "activations", "objectives", "cathedral", "castle",
                               "watchtower", "hungry workers", "coins (1 point per 3)"]


def test_score_breakdown_at_the_end_of_a_game():
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"c3": ("castle", me), "b2": ("well", me)}, coins=per_seat([0, 0], me, 7),
                 points=per_seat([0, 0], me, 4))
    st = arrange(st, round=4)
    st, _ = last_turn_of_round(st, cubes=[[0, 0, 5, 0]] * 2)
    st = hand(hand(st, me), 1 - me)
    st.apply("place h6")
    while st.to_move is not None:
        st.apply(legal(st)[-1])
    mine = GAME.score_breakdown(st)[me]
    assert mine["castle"] == 4 and mine["coins (1 point per 3)"] == 2
    assert mine["buildings"] == 4  # the castle 0, the well 4
    assert sum(mine.values()) == st.scores()[me]


# ---- the rules summary -----------------------------------------------------------------------
def test_rules_summary_is_for_players():
    text = resources.files("meeple.games.little_town").joinpath("rules.md").read_text(encoding="utf-8")
    for needed in ("## Notation", "## Options", "place d3", "claim o12", "exchange", "info QUA"):
        assert needed in text
    for internal in (r"LT-\d", r"\bspec\b", r"\bS\d+\b", "fact sheet", r"\.\./", "/shared/", "ruling", r"\bDC\b"):
        assert re.search(internal, text) is None, internal
    for option in GAME.options:
        assert f"`{option}`" in text
