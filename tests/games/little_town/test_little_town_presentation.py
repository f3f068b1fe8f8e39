"""What a player meets: the glossary, the board and its legend (within 100 columns),
the status line, the narration of moves and automatic steps, the score breakdown and
the rules summary; and the newcomer problems of issue 25 (objectives shown by their
text, a warning before the round's feeding costs points, the Castle's and the
Watchtower's cost and points)."""

from __future__ import annotations

import random
import re
from importlib import resources

import pytest
from rich.text import Text

from meeple.core.position import edited
from meeple.games.little_town import GAME
from meeple.games.little_town.components import (
    ABBREVIATIONS,
    BUILDING_INDEX,
    BUILDINGS,
    CELL_NAMES,
    OBJECTIVES,
)
from meeple.games.little_town.explain import harvest, usable_around
from meeple.games.little_town.render import DETAILS, WIDTH
from meeple.games.little_town.words import objective
from meeple.i18n import ENGLISH, Audience, use
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


def en(text) -> str:
    """A text in English, seats unnamed ("seat 1")."""
    return ENGLISH.text(text)


# ---- glossary --------------------------------------------------------------------------
def test_every_building_and_objective_has_an_entry():
    names = {en(e.name).lower() for e in GAME.glossary()}
    for b in BUILDINGS:
        assert GAME.lookup(b.key) is not None, b.key
    for o in OBJECTIVES:
        assert GAME.lookup(o.key) is not None and f"objective {o.key}" in names
    for abbreviation in ABBREVIATIONS:
        assert en(GAME.lookup(abbreviation).kind) == "building"


def test_the_board_abbreviation_finds_the_full_text():
    # issue 14: "typing the abbreviation shown on the board (QUA) works"
    entry = GAME.lookup("QUA")
    assert entry is GAME.lookup("quarry")
    with use(Audience("fr")):
        assert GAME.lookup(" Carrière ") is entry
    assert en(entry.name) == "Quarry" and en(entry.kind) == "building"
    assert "Cost: 3 wood" in en(entry.text) and "5 points when built" in en(entry.text)
    assert "pay 2 coins, gain 2 stone" in en(entry.text)
    assert en(GAME.lookup("RSD").name) == "Residence" and en(GAME.lookup("RES").name) == "Restaurant"
    with use(Audience("fr")):  # a French reader finds the tile by its printed name, or the English one
        assert GAME.lookup("Prêteur sur gage") is GAME.lookup("pawnshop") is GAME.lookup("PAW")


def test_special_buildings_and_objectives_say_what_they_do():
    assert "4 points per building" in en(GAME.lookup("castle").text)
    assert "2 coins" not in en(GAME.lookup("castle").text)
    assert "3 coins can stand in" in en(GAME.lookup("PAW").text)
    o12 = GAME.lookup("o12")
    assert en(o12.kind) == "objective" and "3 points: have exactly 0 coins" in en(o12.text)
    assert "(!)" in en(GAME.lookup("o8").text) and "(!)" not in en(o12.text)
    assert GAME.lookup("o7").design and not o12.design
    assert "by itself" not in en(o12.text) and "by itself" in en(GAME.lookup("o6").text)


def test_glossary_texts_carry_no_implementation_notes():
    """Issue 25: tooltips that carry implementation notes. The texts say what a piece
    does; where a reading comes from is in the rulings, not in what a player hovers."""
    for entry in GAME.glossary():
        text = en(entry.text)
        for note in ("implementation", "rulebook", "PLACEHOLDER", "inferred", "spec"):
            assert note not in text, (en(entry.name), note)


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
                      "a worker of player", "owned by player", "players: 0=seat 0"):
            assert words in legend
        grid = lines[2:8]
        for row in grid:
            for token in re.findall(r"[A-Z]{3}\d", row):
                assert f"{token[:3]} " in legend.split("on the meadow:")[1], token
        if seat is not None:  # the objectives in hand, by their text (issue 25: not "o4 o5 o8")
            for key in st.view(seat)["players"][seat]["objectives"]:
                assert f"in hand: {key} (" in legend and en(objective(key)) in " ".join(legend.split())


def test_render_detail_answers_each_closer_look():
    st = STATES[len(STATES) // 2]
    for what in DETAILS:
        text = GAME.render_detail(st, 0, what)
        assert text and max(len(line) for line in _plain(text)) <= MAX_COLUMNS
    assert GAME.render_detail(st, 0, "farm 2") is None
    assert "costs" in GAME.render_detail(st, 0, "Market")
    assert [what for what, _ in GAME.detail_topics(st, 0)] == list(DETAILS)


# ---- the status line -------------------------------------------------------------------
def test_status_says_who_is_asked_what():
    seen = set()
    for st in STATES:
        v = st.view(st.to_move) if st.to_move is not None else st.view(None)
        line = en(GAME.status(v))
        assert "\n" not in line
        if st.to_move is None:
            assert line.startswith("game over; winner") and f"seat {st.winners()[0]}" in line
            continue
        assert line.startswith(f"seat {st.to_move}: ")
        assert Audience("en", ("Ada", "Bob", "Cy", "Di")).text(GAME.status(v)).startswith(
            ("Ada", "Bob", "Cy", "Di")[st.to_move] + ": ")
        seen.add(v["phase"])
    assert {"main", "activate"} <= seen


def test_status_of_each_decision():
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"b3": ("pawnshop", me)}, cubes=per_seat(st.cubes, me, [2, 0, 0, 0]))
    v = st.view(me)
    assert "place a worker" in en(GAME.status(v)) and "5 workers to place" in en(GAME.status(v))
    st.apply("place c4")
    assert "around the worker on c4" in en(GAME.status(st.view(None)))
    st.apply("activate b3")
    assert "give the Pawnshop a cube (1 of 2)" in en(GAME.status(st.view(None)))
    st.apply("give wood")
    assert "(2 of 2)" in en(GAME.status(st.view(None)))


# ---- narration -------------------------------------------------------------------------
def _narrated(st, action, seat=None):
    before = st.view(seat)
    st.apply(action)
    return [en(line) for line in GAME.narrate(before, action, st.view(seat))]


def test_narrate_harvest_and_fee_paid_to_another_player():
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, buildings={"d4": ("fisherman", 1 - me)}), me)
    lines = _narrated(st, "place e5")
    assert lines == ["harvest around e5: 2 fish"]
    lines = _narrated(st, "activate d4")
    assert lines[:2] == ["Fisherman on d4: paid 1 fish, gained 3 coins", f"seat {1 - me}: +1 coin for the use of a building"]
    assert lines[-1] == f"nothing more to do; next player: seat {1 - me}"


def test_narrate_round_end_feeding_and_automatic_objective():
    st = fresh()
    me = st.to_move
    st, _ = last_turn_of_round(st, cubes=per_seat([[0, 0, 1, 0]] * 2, me, [0, 0, 0, 5]))
    st = hand(hand(st, me, "o6"), 1 - me)
    lines = _narrated(st, "place h6", seat=1 - me)
    text = "\n".join(lines)
    assert "end of round 1" in text
    assert f"seat {me}: objective o6 validated (+2 points) by feeding every worker with fish" in text
    assert f"seat {me}: 5 fish" in text and f"seat {1 - me}: 1 wheat, 1 meal bought with 3 coins, 3 hungry" in text
    assert lines[-1] == f"round 2 begins; first player: seat {st.first_player}"


def test_narrate_claims_and_game_end():
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, coins=per_seat(st.coins, me, 0)), me, "o12")
    assert _narrated(st, "claim o12") == ["objective o12 validated (+3 points): have exactly 0 coins"]
    st = arrange(st, round=4, coins=[9, 9])
    st, _ = last_turn_of_round(st, cubes=[[0, 0, 5, 0]] * 2)
    st = hand(st, 1 - me)
    lines = _narrated(st, legal(st)[-1])
    while st.to_move is not None:
        lines = _narrated(st, legal(st)[-1])
    text = "\n".join(lines)
    assert "coins convert" in text and "game over; winner" in text


def test_narration_never_names_a_secret_card():
    for st in STATES[:-3]:
        if st.to_move is None:
            continue
        secret = {OBJECTIVES[k].key for s in range(st.players) for k in st.objectives_in_hand[s]}
        for action in st.legal_actions()[:5]:
            after = st.clone()
            before = st.view(None)
            after.apply(action)
            words = " ".join(en(line) for line in GAME.narrate(before, str(action), after.view(None)))
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
            assert [en(label) for label in p] == ["buildings", "activations", "objectives", "Cathedral", "Castle",
                                                  "Watchtower", "hungry workers", "coins (1 point per 3)"]


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
    mine = {en(label): n for label, n in GAME.score_breakdown(st)[me].items()}
    assert mine["Castle"] == 4 and mine["coins (1 point per 3)"] == 2
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


# ---- issue 25: what a newcomer met --------------------------------------------------------
def test_objectives_are_shown_by_their_text_not_only_their_key():
    """Issue 25: objectives appeared as "o4 o5 o8". The board lists each card with its
    points and condition, those in hand and those validated."""
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, coins=per_seat(st.coins, me, 0)), me, "o12", "o4")
    st.apply("claim o12")
    board = " ".join(" ".join(_plain(GAME.render(st, me))).split())
    assert "in hand: o4 (3 points): own 3 buildings: one next to a lake" in board
    assert "validated: o12 (3 points): have exactly 0 coins" in board
    other = " ".join(" ".join(_plain(GAME.render(st, 1 - me))).split())
    assert "validated: o12 (3 points): have exactly 0 coins" in other and "o4" not in other


def _hungry_turn(workers_left: int, fish: int, coins: int = 0):
    """A position where the seat to move has ``workers_left`` workers to place, ``fish``
    fish and no wheat, and ``coins`` coins (5 workers at 2 players)."""
    st = fresh()
    me = st.to_move
    left = per_seat(st.workers_left, me, workers_left)
    cubes = per_seat(st.cubes, me, [0, 0, 0, fish])
    return arrange(st, workers_left=left, cubes=cubes, coins=per_seat(st.coins, me, coins)), me


def test_the_status_warns_before_the_round_end_feeding_costs_points():
    """Issue 25: no warning of the round-end feeding before it cost points. With its
    last workers to place (rule text line 35: each worker eats 1 fish or 1 wheat, else
    -3 points), a seat short of food is told what hunger will cost; 3 coins buy a meal."""
    st, me = _hungry_turn(workers_left=2, fish=2)
    assert en(GAME.status(st.view(me))).endswith(
        "; feeding at this round's end: 3 of 5 workers would go hungry (-9 points)")
    st, me = _hungry_turn(workers_left=1, fish=2, coins=6)  # 2 meals bought with coins
    assert "1 of 5 workers would go hungry (-3 points)" in en(GAME.status(st.view(None)))
    st, me = _hungry_turn(workers_left=1, fish=5)  # enough food: no warning
    assert "hungry" not in en(GAME.status(st.view(me)))
    st, me = _hungry_turn(workers_left=4, fish=0)  # the round has far to go: no warning yet
    assert "hungry" not in en(GAME.status(st.view(me)))
    with use(Audience("fr")):
        st, me = _hungry_turn(workers_left=2, fish=4)
        assert "1 ouvrier sur 5 resterait affamé (-3 points)" in Audience("fr").text(GAME.status(st.view(me)))


def test_the_board_shows_every_players_next_feeding():
    st, me = _hungry_turn(workers_left=4, fish=2, coins=3)
    board = " ".join(" ".join(_plain(GAME.render(st, me))).split())
    assert "feeding at the round's end: 5 workers to feed, 2 would go hungry (-6 points)" in board
    st, me = _hungry_turn(workers_left=4, fish=5)
    assert "5 workers to feed, enough food" in " ".join(" ".join(_plain(GAME.render(st, me))).split())


def test_the_castle_and_the_watchtower_show_their_cost_and_points():
    """Issue 25: the Watchtower and the Castle showed no cost or points. Their market line
    gives the cost and what they score at the end of the game."""
    st = fresh()
    st = edited(st, market=tuple(BUILDING_INDEX[k] for k in ("castle", "watchtower", "bakery")))
    board = " ".join(" ".join(_plain(GAME.render(st, 0))).split())
    assert "CAS Castle: 6 stone, 0 points; end of game: 4 points per building of its owner around it" in board
    assert "WAT Watchtower: 3 wood and 3 stone, 0 points; end of game: 2 points per empty grass cell around it" in board
    assert "BAK Bakery: 2 wood, 4 points; 1 wheat > 4 coins" in board


def test_moves_are_described_and_a_worker_that_gains_nothing_is_marked():
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"d4": ("fisherman", 1 - me), "b3": ("well", me)})
    v = st.view(me)
    said = {str(a): en(GAME.describe(a, v)) for a in st.legal_actions()}
    assert said["place e5"] == "worker on e5: harvest 2 fish; buildings around: Fisherman"
    assert en(GAME.describe(st.parse("build bakery"), v)) == "build the Bakery: pay 2 wood, score 4 points"
    assert en(GAME.describe(st.parse("build castle"), v)) == (
        "build the Castle: pay 6 stone; it scores at the end of the game")
    futile = {str(a): en(GAME.futile(a, v)) for a in st.legal_actions() if GAME.futile(a, v) is not None}
    assert futile and set(futile) <= {f"place {c}" for c in CELL_NAMES}
    assert "place e5" not in futile and "place a2" not in futile  # a2: next to the well... and a lake
    for move, why in futile.items():
        cell = move.split()[1]
        assert not any(harvest(v, cell)) and not usable_around(v, cell), move
        assert why == "it harvests nothing and no building around it can be used"
    st.apply("place e5")
    v = st.view(me)
    assert en(GAME.describe(st.parse("activate d4"), v)) == (
        f"activate the Fisherman on d4: pay 1 fish, gain 3 coins; 1 coin to its owner (seat {1 - me})")
