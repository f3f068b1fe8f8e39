"""What a player meets: the board, its legend, the status line, narration, the
glossary, the score breakdown and the rules summary."""

from __future__ import annotations

import random
import re

import pytest
from tests.games.lewis_clark.lc_helpers import change, goods, play, table

from meeple.core.position import edited
from meeple.games.lewis_clark import GAME
from meeple.games.lewis_clark.components import CARDS, VILLAGE_LOCS
from meeple.games.lewis_clark.render import WIDTH, legend_lines, visible_width
from meeple.i18n import ENGLISH
from meeple.rulestext import rules_text

en = ENGLISH.text


def _played(players: int, seed: int, plies: int):
    s = GAME.new(players, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.to_move is None:
            break
        s.apply(GAME.greedy_action(s, rng))
    return s


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_board_lines_fit_in_100_columns_and_carry_the_legend(players):
    # issue 14: widths within 100 columns (WIDTH), nothing cut, every symbol explained
    assert WIDTH == 100
    s = _played(players, players, 60)
    for seat in (None, *range(players)):
        text = GAME.render(s, seat)
        for line in text.splitlines():
            assert visible_width(line) <= WIDTH, line
        for legend_line in legend_lines():
            assert legend_line in text
    from tests.games.sampling import sampled_states

    for state in sampled_states("lewis-clark")[players::5]:  # late states: long lines
        for line in GAME.render(state, state.to_move).splitlines():
            assert visible_width(line) <= WIDTH, line
    plain = " ".join(" ".join(legend_lines()).split())
    for symbol in ("~ river", "^ mountain", "% both", "F Fort Clatsop", "S scout", "c camp",
                   "* scout on its camp", "M Mackenzie", "(1fd)", "+[2wd]", "+2I", "n/m", "arc"):
        assert symbol in plain.replace("\\[", "["), symbol
    boats = " ".join(GAME.render_detail(s, 0, "seat 0").split())
    assert "T1.." in boats and "free seats + slow ones" in boats  # the boats, in 'show seat N'


def test_the_route_shows_every_scout_and_camp_even_on_shared_or_neighbouring_spaces():
    # issue 14: scouts sharing St. Louis or the last space, and neighbours, all visible
    s = table(players=4)
    s = change(s, 0, scout=49, camp=40)
    s = change(s, 1, scout=49, camp=49)
    s = change(s, 2, scout=12, camp=11)
    s = change(s, 3, scout=13, camp=0)
    rows = [line for line in GAME.render(s, None).splitlines() if line.startswith("[")
            or line.startswith("seat ")]
    text = re.sub(r"\[[a-z_ /]+\]", "", "\n".join(GAME.render(s, None).splitlines()))
    route = {line[:11].strip(): line[11:61] for line in text.splitlines()
             if re.match(r"seat \d", line) and len(line) > 60}  # spectators name seats "seat N"
    assert route["seat 0"][49] == "S" and route["seat 0"][40] == "c"
    assert route["seat 1"][49] == "*"
    assert route["seat 2"][12] == "S" and route["seat 2"][11] == "c"
    assert route["seat 3"][13] == "S" and route["seat 3"][0] == "c"
    assert rows


def test_solo_board_shows_mackenzie():
    s = GAME.new(1, 3, difficulty=4)
    text = GAME.render(s, 0)
    assert "Mackenzie" in text and "space 4, the fort in 35 turns" in text


def test_status_says_who_is_asked_what():
    s = change(table(), give=("hunter", "trapper"), goods_=goods(), indians=1)
    v = s.view(0)
    assert en(GAME.status(v)).startswith("you choose the action: a character or the village")
    assert en(GAME.status(s.view(1))) == "seat 0 chooses the action: a character or the village"
    play(s, "play hunter")
    assert "give strength to the card you just played (Hunter)" in en(GAME.status(s.view(0)))
    play(s, "with trapper")
    assert "you may add 1 or 2 Indians to the supporting card (Hunter" in en(GAME.status(s.view(0)))
    s = change(table(), goods_=goods(), indians=1)
    play(s, "village hunting", "go")
    assert en(GAME.status(s.view(0))) == ("keep goods from Hunting: 1 fur and 1 food on offer, room for 11 "
                                          "(all, one at a time, or decline the rest)")
    assert en(GAME.status(s.view(1))) == "seat 0 keeps goods from Hunting: 1 fur and 1 food on offer, room for 11"
    s = change(table(), give=("hunter",))
    assert "you cannot act and must camp first" in en(GAME.status(s.view(0)))
    over = edited(table(), to_move=None, winning_seats=[1], end_reason="reached the Pacific")
    assert en(GAME.status(over.view(None))) == (
        "the game is over (an expedition reached the Pacific): won by seat 1")
    assert en(GAME.status(over.view(1))) == "the game is over (an expedition reached the Pacific): you won"


def test_narration_tells_camps_automatic_steps_and_turn_ends():
    # issue 14: camp, recovering cards, Time tokens, the Interpreter's sweep, turn ends
    s = change(table(), goods_=goods(food=5), give=("hunter", "trapper", "leader"),
               indians=2, scout=6)
    play(s, "play hunter", "with trapper", "indians 1", "stop")
    before = s.view(0)
    s.apply("camp")
    lines = [en(line) for line in GAME.narrate(before, "camp", s.view(0))]
    assert lines[0] == ("you camp on space 6: 3 Time tokens (cards in hand and loaded boats; 3 in all); "
                        "2 cards back to hand, 1 Indian back to the boats")
    before = s.view(1)
    s.apply("end")
    assert en(GAME.narrate(before, "end", s.view(1))[-1]) == "seat 0 ends the turn; your turn"


def test_narration_of_mackenzie_and_the_end():
    s = edited(GAME.new(1, 3, difficulty=5), acted=True)
    before = s.view(0)
    s.apply("end")
    lines = [en(line) for line in GAME.narrate(before, "end", s.view(0))]
    assert "Mackenzie advances from space 5 to 6 (Fort Clatsop in 33 turns)" in lines
    s = edited(s, mackenzie=38, acted=True)
    before = s.view(0)
    s.apply("end")
    assert en(GAME.narrate(before, "end", s.view(0))[-1]) == (
        "the game ends: Mackenzie reached Fort Clatsop first; nobody won")


def test_narration_of_the_interpreter_sweep_and_journal():
    from tests.games.lewis_clark.lc_helpers import activate, village

    s = village(table(), canoes=2)
    first = s.journal[0]
    s = activate(s, "interpreter", 1)
    before = s.view(1)
    s.apply("go")
    lines = [en(line) for line in GAME.narrate(before, "go", s.view(1))]
    assert "seat 0 takes 1 Indian onto the boats" in lines
    assert f"discarded face up: {CARDS[first].name}" in [line.replace("é", "e") for line in lines]
    assert any(line.startswith("new in the Journal: ") for line in lines)


def test_narration_comes_from_views_only():
    # a narrate built from views cannot leak: it sees exactly what the seat may see
    s = _played(3, 5, 30)
    rng = random.Random(1)
    for _ in range(40):
        if s.to_move is None:
            break
        a = rng.choice(s.legal_actions())
        before = s.view(2)
        s.apply(a)
        for line in GAME.narrate(before, str(a), s.view(2)):
            assert en(line)


def test_glossary_covers_every_character_location_good_and_piece():
    # issue 14: "info tuttle" says what Tuttle does, in words; abbreviations work
    names = {en(e.name) for e in GAME.glossary()}
    assert {c.name.replace("Rene", "René").replace("Regis", "Régis") for c in CARDS} <= names
    assert {v.name for v in VILLAGE_LOCS} <= names
    assert {"wood", "fur", "food", "equipment", "canoe", "horse", "Indian", "Time token",
            "Fort Clatsop", "Alexander Mackenzie", "Boat A", "Boat tile"} <= names
    tuttle = GAME.lookup("tuttle")
    assert en(tuttle.text) == ("Ebenezer Tuttle (Journal card 4, 'tuttle'): strength 1, fur "
                               "badge. Action: once per strength point: pay 1 wood to gain 1 canoe.")
    assert GAME.lookup("Ebenezer Tuttle") is tuttle
    assert en(GAME.lookup("fd").name) == "food"  # the board's badge letters, in the reader's language
    assert en(GAME.lookup("M").name) == "Alexander Mackenzie"
    assert en(GAME.lookup("Meriwether Lewis").name) == "Expedition Leader"
    assert GAME.lookup("crafts").design and not GAME.lookup("hunting").design
    for entry in GAME.glossary():
        text = en(entry.text)
        assert text and "DC-" not in text and "spec" not in text


def test_score_breakdown_adds_up():
    # LEW-12: the parts add up to scores()
    for players, seed in ((1, 2), (3, 4)):
        s = _played(players, seed, 400)
        for parts, score in zip(GAME.score_breakdown(s), s.scores(), strict=True):
            assert sum(parts.values()) == score
            assert {"scout position", "Time tokens"} <= {en(label) for label in parts}


def test_simulation_report_says_how_games_ended():
    finals = [_played(2, seed, 3000) for seed in range(2)]
    text = GAME.simulation_report(finals)
    assert "ended by" in text and "turns per player" in text and "wins by seat" in text


def test_rules_summary_is_for_players():
    # issue 14: no spec codes, no source names, no paths outside the repository
    text = rules_text(GAME)
    assert text.startswith("# Lewis & Clark")
    for word in ("take all", "progress", "Fort Clatsop", "Mackenzie", "drop_goods"):
        assert word in text
    for leak in ("DC-", "LEW-", "spec", "S2", "S3", "../", "shared", "BGA"):
        assert leak not in text, leak


def test_render_detail_shows_route_journal_and_hand():
    s = GAME.new(2, 3)
    assert "terrain" in GAME.render_detail(s, 0, "route")
    journal = GAME.render_detail(s, 0, "journal")
    assert journal.count("costs") == 5 and "strength" in journal
    assert "Expedition Leader" in GAME.render_detail(s, 0, "hand")
    assert GAME.render_detail(s, None, "hand") == "a spectator has no hand"
    assert "seat 1" in GAME.render_detail(s, 0, "seat 1")
    assert GAME.render_detail(s, 0, "seat 2") is None and GAME.render_detail(s, 0, "seat -1") is None
    assert GAME.render_detail(s, 0, "farm 2") is None
