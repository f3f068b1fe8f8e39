"""Turn structure, recruitment, camp, the win test, solo and the house rule.

"rule text 002 line n" cites ../shared/rules/002_41ed85af88c93759.txt.
"""

from __future__ import annotations

import random

import pytest
from tests.games.lewis_clark.lc_helpers import (
    KIND,
    check_invariants,
    give,
    indians,
    legal,
    play,
    set_res,
    table,
)

from meeple.core import ConfigError
from meeple.games.lewis_clark import GAME
from meeple.games.lewis_clark.components import FORT, STRENGTH
from meeple.games.lewis_clark.rules import goods_time


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup(players):
    # rule text 002 lines 31-37: 3 + 3 x players Indians; line 47: 6 cards each;
    # spec §3: 1 fur, 1 food, 1 equipment, 1 Indian, 1 in the Pow-wow, journal of 5 by strength
    s = GAME.new(players, 5)
    assert all(len(h) == 6 for h in s.hands)
    assert all(r == [0, 1, 1, 1, 0, 0] for r in s.res)
    assert s.ind == [1] * players and s.powwow == 1
    assert sum(s.ind) + s.powwow + s.stock == 3 + 3 * players
    assert len(s.journal) == 5 and [STRENGTH[k] for k in s.journal] == sorted(
        STRENGTH[k] for k in s.journal)
    check_invariants(s)


def test_strength_sources_total_at_most_three():
    # rule text 002 lines 101-105: a card, 1-3 Indians, or a card + 1-2 Indians, total <= 3
    s = table()
    give(s, 0, "hunter", "interpreter", "reed")
    indians(s, 0, 3)
    play(s, "play hunter")
    assert legal(s) == ["with interpreter", "with reed", "indians 1", "indians 2", "indians 3"]
    play(s, "with interpreter")
    assert legal(s) == ["indians 1", "stop"]  # 2 + 1 = 3
    play(s, "indians 1")
    assert s.stack[-1][1] == 3 and s.ind[0] == 2


def test_the_action_is_mandatory_and_single():
    # rule text 002 line 76: "vous devez réaliser une Action"
    s = table()
    give(s, 0, "hunter", "trapper", "lumberjack")
    assert "end" not in legal(s)
    play(s, "play hunter", "with trapper", "stop")
    assert "end" in legal(s) and not any(a.startswith("play") for a in legal(s))


def test_declining_every_repetition_is_allowed():
    # rule text 002 line 122: an action activated 3 times may be done 2 times or not at all
    s = table()
    set_res(s, 0)
    give(s, 0, "hunter")
    indians(s, 0, 3)
    play(s, "play hunter", "indians 3", "take food", "stop")
    assert s.res[0][2] == 1 and s.phase == 0 and s.acted


def test_recruitment_costs_fur_by_position_and_equipment_by_strength():
    # rule text 002 lines 130-138
    s = table()
    give(s, 0, "hunter", "trapper")
    slot3 = s.journal[2]
    need = STRENGTH[slot3]
    set_res(s, 0, fur=2, equip=need)
    assert "recruit 3" not in legal(s) and "recruit 2" in legal(s)  # 3 fur for slot 3
    set_res(s, 0, fur=3, equip=need - 1)
    assert "recruit 3" in legal(s)  # a strength-1 hand card covers the missing equipment
    set_res(s, 0, fur=3, equip=need)
    play(s, "recruit 3")
    assert legal(s) == ["discard hunter", "discard trapper", "skip"]
    play(s, "skip")
    assert s.res[0][1] == 0 and s.res[0][3] == 0 and slot3 in s.hands[0]
    assert len(s.journal) == 5 and not any(a.startswith("recruit") for a in legal(s))


def test_recruitment_discard_pays_equipment_up_to_its_strength():
    # rule text 002 line 135: "Vous économisez alors autant d'Équipements que la Force"
    s = table()
    give(s, 0, "interpreter", "hunter")
    set_res(s, 0, fur=1, equip=1)
    first = s.journal[0]
    play(s, "recruit 1", "discard interpreter")
    assert s.res[0][3] == 1  # strength-2 card covers up to 2 equipment; none paid
    assert first in s.hands[0] and KIND["interpreter"] not in s.hands[0]


def test_camp_time_indians_back_cards_back_camp_to_scout():
    # rule text 002 lines 152-169
    s = table()
    set_res(s, 0, food=4)  # 4 goods: boat B used -> 1 Time
    give(s, 0, "hunter", "trapper", "lumberjack", "leader")
    indians(s, 0, 2)
    s.pos[0] = 6
    play(s, "play hunter", "with trapper", "indians 1", "stop")
    assert s.camp_time(0) == 2 + 1 + 1  # 2 hand cards, boat B, 2 Indians (1 free)
    play(s, "camp")
    assert s.time[0] == 4 and s.ind[0] == 2 and len(s.hands[0]) == 4 and s.areas[0] == []
    assert s.camp[0] == 6 and "camp" not in legal(s)  # DC-21: once per turn


def test_goods_time_packs_boats_best():
    # spec §9: A 3 free, B 3 (1 if used), C 5 (1 each); 2nd-ed tile 2 free (DC-13)
    assert [goods_time(n, 0) for n in range(12)] == [0, 0, 0, 0, 1, 1, 1, 2, 3, 4, 5, 6]
    assert goods_time(5, 1) == 0 and goods_time(6, 1) == 1


def test_forced_camp_then_pass_when_still_impossible():
    # rule text 002 line 148 (forced camp) and DC-26 (pass)
    s = table()
    set_res(s, 0, wood=1)
    give(s, 0, "hunter")
    assert legal(s) == ["camp", "drop wood"]  # goods may still be dropped (DC-15)
    play(s, "camp")
    assert legal(s) == [a for a in legal(s)]  # still one card, no Indians
    assert "end" in legal(s) and not any(a.startswith("play") for a in legal(s))


def test_win_needs_camp_past_the_fort_with_few_enough_time_tokens_and_ends_at_once():
    # rule text 002 lines 175-181
    s = table(players=3)
    give(s, 0, "hunter", "trapper")
    s.pos[0] = FORT + 2
    s.time[0] = 3
    play(s, "camp")
    assert s.to_move is not None  # 3 tokens + 2 cards > 2: the game goes on
    s = table(players=3)
    s.pos[0] = FORT + 2
    s.time[0] = 1
    play(s, "camp")
    assert s.to_move is None and s.winners() == [0] and s.legal_actions() == ()


def test_scouts_never_share_a_space():
    # spec §11: "a scout never ends on a space holding another scout"
    s = table()
    s.pos[1] = 2
    set_res(s, 0, food=1)
    give(s, 0, "leader")
    indians(s, 0, 1)
    play(s, "play leader", "indians 1", "pay food")
    assert s.pos[0] == 3


def test_gains_beyond_capacity_stay_in_the_stock_and_goods_may_be_dropped():
    # spec §9 DC-15
    s = table()
    set_res(s, 0, wood=10)
    give(s, 0, "hunter")
    s.areas[1].append([KIND["hunter"], -1, 0])
    indians(s, 0, 1)
    play(s, "play hunter", "indians 1", "take food")
    assert sum(s.res[0]) == 11 and s.res[0][2] == 1
    assert "drop wood" in legal(s)
    play(s, "drop wood")
    assert s.res[0][0] == 9


def test_empty_deck_reshuffles_the_discard_pile():
    # DC-12
    s = table()
    s.discard.extend(s.deck)
    s.deck = []
    set_res(s, 0, fur=1, equip=3)
    give(s, 0, "hunter", "trapper")
    play(s, "recruit 1", "skip")
    assert len(s.journal) == 5 and s.deck and not s.discard
    check_invariants(s)


def test_turn_limit_house_rule():
    # issue 4: furthest scout wins, ties fewer Time tokens
    s = GAME.new(2, 3, turn_limit=10)
    s.pos = [10, 10]
    s.time = [3, 2]
    s.turns = 19
    s.phase = 0
    s.acted = True
    s._legal = None
    s.apply("end")
    assert s.to_move is None and s.winners() == [1]


def test_solo_mackenzie_advances_and_wins_at_the_fort():
    # spec §13 and DC-25
    s = GAME.new(1, 3, difficulty=5)
    assert s.mack == 5
    s.acted = True
    s._legal = None
    s.apply("end")
    assert s.mack == 6
    s.mack = FORT - 1
    s.acted = True
    s._legal = None
    s.apply("end")
    assert s.to_move is None and s.winners() == []


def test_bad_options_are_config_errors():
    with pytest.raises(ConfigError, match="turn_limit"):
        GAME.new(2, 1, turn_limit=7)
    with pytest.raises(ConfigError, match="difficulty"):
        GAME.new(1, 1, difficulty=9)


def test_determinize_keeps_backs_and_own_hand():
    s = table(players=3)
    for seat in (1, 2):
        s.areas[seat].append([KIND["hunter"], KIND["leader"], 0])
        s.hands[seat].remove(KIND["hunter"])
        s.hands[seat].remove(KIND["leader"])
    s._legal = None
    seen = set()
    for i in range(30):
        d = s.determinize(0, random.Random(i))
        assert d.view(0) == s.view(0) and d.hands[0] == s.hands[0]
        seen.add(d.areas[1][0][1])
        assert sorted(d.hands[1] + [d.areas[1][0][1]]) == sorted(s.hands[1] + [KIND["leader"]])
        check_invariants(d)
    assert seen == {KIND["leader"], KIND["trapper"]}  # both show a 1-strength fur back


def test_render_shows_route_village_journal_expeditions_and_hand():
    s = GAME.new(3, 2)
    text = GAME.render(s, 1)
    for word in ("route", "village", "journal", "seat 0", "seat 2", "your hand", "leader"):
        assert word in text


def test_greedy_makes_progress():
    total = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.new(2, seed, turn_limit=30)
        while s.to_move is not None:
            s.apply(GAME.greedy_action(s, rng))
        total += max(s.pos)
    assert total / 3 >= 15


def test_route_layout_and_the_last_space():
    # spec §11 DC-20: 0 St. Louis, 1-17 river, 18 mixed, 19-25 mountain, 26 mixed,
    # 27-31 river, 32-34 mountain, 35-38 river, 39 Fort Clatsop (0) .. 49; DC-23 clamp
    from meeple.games.lewis_clark.components import LAST, ROUTE

    assert "".join(ROUTE) == "R" * 18 + "X" + "M" * 7 + "X" + "R" * 5 + "M" * 3 + "R" * 15
    assert LAST == 49 and FORT == 39
    s = table()
    s.pos[0] = s.camp[0] = 47
    set_res(s, 0, canoe=1)
    give(s, 0, "leader")
    indians(s, 0, 1)
    play(s, "play leader", "indians 1", "pay canoe")
    assert s.pos[0] == LAST


def test_partial_strength_cards_once_effects_waste_the_excess():
    # spec §16 item 4: a strength-3 support on a once-only card is allowed, excess wasted
    s = table()
    give(s, 0, "little-raven", "heney")
    play(s, "play little-raven", "with heney")
    assert s.stack[-1][1] == 1


def test_greedy_three_player_games_reach_the_pacific_by_the_rules():
    # rule text 002 line 175: the game ends when a camp past the fort meets the Time test
    wins = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = GAME.new(3, seed, turn_limit=150)
        while s.to_move is not None:
            s.apply(GAME.greedy_action(s, rng))
        if s.end_reason == "reached the Pacific":
            (w,) = s.winners()
            assert s.camp[w] >= FORT and s.time[w] <= s.camp[w] - FORT
            wins += 1
    assert wins >= 2


def test_views_hide_hands_and_face_down_cards_but_show_their_backs():
    # issue 4: hand private (size public), deck order hidden; a support is face down
    s = table(players=2)
    give(s, 0, "hunter", "interpreter", "trapper")
    play(s, "play hunter", "with interpreter")
    mine, theirs, public = s.view(0), s.view(1), s.view(None)
    assert "hand" not in public and theirs["hand"] != mine["hand"]
    assert mine["expeditions"][0]["play_area"][0]["support"] == "interpreter"
    back = {"face_down": True, "strength": 2, "badge": "wood"}
    assert theirs["expeditions"][0]["play_area"][0]["support"] == back
    assert public["expeditions"][0]["play_area"][0]["support"] == back
    assert public["expeditions"][0]["hand_size"] == 1 and "deck_order" not in public
    assert isinstance(public["deck"], int)


def test_reveals_count_journal_draws():
    # architecture: reveals grows whenever a hidden card becomes visible
    s = table()
    give(s, 0, "hunter", "trapper")
    set_res(s, 0, fur=1, equip=3)
    before = s.reveals
    play(s, "recruit 1", "skip")
    assert s.reveals == before + 1


def test_search_hooks_rollout_done_and_report():
    root = GAME.new(3, 1)
    later = root.clone()
    assert not GAME.rollout_done(root, later)
    later.turns += 4 * 3
    assert GAME.rollout_done(root, later)
    rng = random.Random(1)
    assert GAME.parse(str(GAME.rollout_action(root, rng))) in root.legal_actions()
    s = GAME.new(2, 1, turn_limit=10)
    while s.to_move is not None:
        s.apply(rng.choice(s.legal_actions()))
    assert "turn limit" in GAME.simulation_report([s])
