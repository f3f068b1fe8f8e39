"""The Indian village: every location, circles and arcs (rule text 002 lines 109-118)."""

from __future__ import annotations

from tests.games.lewis_clark.lc_helpers import (
    KIND,
    check_invariants,
    give,
    indians,
    legal,
    play,
    res_of,
    set_res,
    table,
)

LOC = {"hunting": 0, "crafts": 1, "gift": 2, "farewell": 3, "shaman": 4, "upgrade": 5,
       "canoes": 6, "horses": 7}


def test_circle_takes_one_indian_and_stays_blocked():
    # rule text 002 line 113: "sur un cercle vide, posez un seul jeton Indien"
    s = table()
    set_res(s, 0)
    indians(s, 0, 2)
    play(s, "village hunting", "go")
    assert res_of(s) == {"food": 1, "fur": 1}  # spec §10 Hunting: 1 food + 1 fur
    assert s.village[LOC["hunting"]] == 1 and s.ind[0] == 1
    s.to_move = 1
    s._new_turn()
    indians(s, 1, 1)
    assert "village hunting" not in legal(s)  # occupied until an Interpreter (DC-19)
    check_invariants(s)


def test_arc_takes_one_to_three_indians_occupied_or_not():
    # rule text 002 line 114: "sur un arc de cercle, posez simultanément 1, 2 ou 3 jetons"
    s = table()
    s.stock -= 1
    s.village[LOC["canoes"]] = 1
    set_res(s, 0, wood=6)
    indians(s, 0, 4)
    play(s, "village canoes")
    assert legal(s) == ["indians 1", "indians 2", "indians 3"]
    play(s, "indians 3", "go", "go", "go")  # spec §10 Canoe making: 2 wood -> 1 canoe
    assert res_of(s) == {"canoe": 3} and s.village[LOC["canoes"]] == 4
    check_invariants(s)


def test_crafts_two_wood_or_two_fur_and_gift_equipment_and_wood():
    # spec §10 DC-16: Craftsmanship = 2 wood or 2 fur, Gift = 1 equipment + 1 wood
    s = table()
    set_res(s, 0)
    indians(s, 0, 1)
    play(s, "village crafts")
    assert legal(s) == ["take wood", "take fur", "stop"]
    play(s, "take fur")
    assert res_of(s) == {"fur": 2}
    s = table()
    set_res(s, 0)
    indians(s, 0, 1)
    play(s, "village gift", "go")
    assert res_of(s) == {"wood": 1, "equip": 1}


def test_farewell_discards_up_to_three_hand_cards_then_replaces_the_journal():
    # spec §10 / §8 Farewell
    s = table()
    give(s, 0, "hunter", "trapper", "lumberjack", "reed")
    indians(s, 0, 1)
    old = list(s.journal)
    play(s, "village farewell", "go", "discard reed", "discard hunter")
    assert "skip" in legal(s)
    play(s, "skip")
    assert sorted(s.hands[0]) == sorted([KIND["trapper"], KIND["lumberjack"]])
    assert KIND["reed"] in s.discard and KIND["hunter"] not in s.discard  # starters leave
    assert set(old) <= set(s.discard) and len(s.journal) == 5 and not set(old) & set(s.journal)
    check_invariants(s)


def test_shamanism_pays_food_to_activate_a_face_up_character():
    # spec §10 Shamanism
    s = table()
    set_res(s, 0, food=1, canoe=1)
    s.areas[1].append([KIND["leader"], -1, 0])
    indians(s, 0, 1)
    play(s, "village shaman")
    assert legal(s) == ["copy leader", "stop"]
    play(s, "copy leader", "pay canoe")
    assert s.pos[0] == 4


def test_expedition_upgrade_faces_bonuses_and_two_circles():
    # spec §10 Expedition Upgrade (2 circles, DC-17 one Indian per action) and §9 DC-13
    s = table()
    set_res(s, 0, wood=6)
    indians(s, 0, 2)
    play(s, "village upgrade")
    assert legal(s) == ["boat goods", "boat indian", "stop"]
    play(s, "boat goods", "take food", "take food")
    assert s.gt[0] == 1 and s.capacity(0) == 13 and res_of(s) == {"wood": 3, "food": 2}
    s.to_move = 0
    s._new_turn()
    stock = s.stock
    play(s, "village upgrade", "boat indian")
    assert s.it[0] == 1 and s.stock == stock - 1 and s.ind[0] == 1 and s.tiles == 8
    assert s.village[LOC["upgrade"]] == 2
    s._new_turn()
    indians(s, 0, 1)
    assert "village upgrade" not in legal(s)
    check_invariants(s)


def test_no_tiles_left_no_upgrade():
    # DC-14
    s = table()
    s.tiles = 0
    s.gt[1] = 10
    indians(s, 0, 1)
    assert "village upgrade" not in legal(s)


def test_horse_trade_three_different_resources():
    # spec §10 Horse trade: 3 mutually different resources -> 1 horse
    s = table()
    set_res(s, 0, wood=2, fur=2)
    indians(s, 0, 1)
    play(s, "village horses", "indians 1")
    assert s.phase == 0 and res_of(s) == {"wood": 2, "fur": 2}  # only 2 types: nothing doable
    s = table()
    set_res(s, 0, wood=1, fur=1, canoe=1)
    indians(s, 0, 1)
    play(s, "village horses", "indians 1", "go", "pay canoe", "pay wood", "pay fur")
    assert res_of(s) == {"horse": 1}


def test_solo_badges_of_occupied_locations_count():
    # spec §13: collection counts your badges + badge tokens of occupied locations (DC-18)
    s = table(players=1)
    set_res(s, 0)
    s.stock -= 2
    s.village[LOC["hunting"]] = 1   # food token
    s.village[LOC["shaman"]] = 1    # food token
    give(s, 0, "hunter")
    indians(s, 0, 1)
    play(s, "play hunter", "indians 1", "take food")
    assert s.res[0][2] == 3
