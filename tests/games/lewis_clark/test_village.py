"""The Indian village: every location, circles and arcs (rule text lines 109-118)."""

from __future__ import annotations

from tests.games.lewis_clark.lc_helpers import (
    KIND,
    change,
    check_invariants,
    goods,
    legal,
    play,
    res_of,
    table,
    village,
)

from meeple.core.position import edited

LOC = {"hunting": 0, "crafts": 1, "gift": 2, "farewell": 3, "shaman": 4, "upgrade": 5,
       "canoes": 6, "horses": 7}


def me(s):
    return s.expeditions[0]


def test_circle_takes_one_indian_and_stays_blocked():
    # rule text line 113: "sur un cercle vide, posez un seul jeton Indien"
    s = change(table(), goods_=goods(), indians=2)
    play(s, "village hunting", "go", "take all")
    assert res_of(s) == {"food": 1, "fur": 1}  # Hunting: 1 food + 1 fur
    assert s.village[LOC["hunting"]] == 1 and me(s).indians == 1
    s = change(edited(s, to_move=1, phase="main", acted=False), 1, indians=1)
    assert "village hunting" not in legal(s)  # occupied until an Interpreter (DC-19)
    check_invariants(s)


def test_arc_takes_one_to_three_indians_occupied_or_not():
    # rule text line 114: "sur un arc de cercle, posez simultanément 1, 2 ou 3 jetons"
    s = change(village(table(), canoes=1), goods_=goods(wood=6), indians=4)
    play(s, "village canoes")
    assert legal(s) == ["indians 1", "indians 2", "indians 3"]
    play(s, "indians 3", "go", "go", "go")  # Canoe making: 2 wood -> 1 canoe
    assert res_of(s) == {"canoe": 3} and s.village[LOC["canoes"]] == 4
    check_invariants(s)


def test_crafts_two_wood_or_two_fur_and_gift_equipment_and_wood():
    # DC-16: Craftsmanship = 2 wood or 2 fur, Gift = 1 equipment + 1 wood
    s = change(table(), goods_=goods(), indians=1)
    play(s, "village crafts")
    assert legal(s) == ["take wood", "take fur", "stop"]
    play(s, "take fur", "take all")
    assert res_of(s) == {"fur": 2}
    s = change(table(), goods_=goods(), indians=1)
    play(s, "village gift", "go", "take all")
    assert res_of(s) == {"wood": 1, "equip": 1}


def test_farewell_discards_up_to_three_hand_cards_then_replaces_the_journal():
    # Farewell; rule text line 135: discarded cards go face up on the discard pile
    s = change(table(), give=("hunter", "trapper", "lumberjack", "reed"), indians=1)
    old = list(s.journal)
    play(s, "village farewell", "go", "discard reed", "discard hunter")
    assert "skip" in legal(s)
    play(s, "skip")
    assert me(s).hand == sorted([KIND["trapper"], KIND["lumberjack"]])
    # the starting card stays visible on the pile too (issue: starters were dropped)
    assert KIND["reed"] in s.discard and KIND["hunter"] in s.discard
    assert "hunter" in s.view(1)["discard"] and "reed" in s.view(None)["discard"]
    assert set(old) <= set(s.discard) and len(s.journal) == 5 and not set(old) & set(s.journal)
    check_invariants(s)


def test_shamanism_pays_food_to_activate_a_face_up_character():
    # Shamanism: 1 food -> a face-up character at strength 1
    s = change(table(), goods_=goods(food=1, canoe=1), indians=1)
    s = change(s, 1, area=[("leader", None, 0)])
    play(s, "village shaman")
    assert legal(s) == ["copy leader", "stop"]
    play(s, "copy leader", "pay canoe")
    assert me(s).scout == 4


def test_expedition_upgrade_faces_bonuses_and_two_circles():
    # Expedition Upgrade (2 circles, DC-17 one Indian per action) and DC-13
    s = change(table(), goods_=goods(wood=6), indians=2)
    play(s, "village upgrade")
    assert legal(s) == ["boat goods", "boat indian", "stop"]
    play(s, "boat goods", "take food", "take food")
    assert me(s).goods_tiles == 1 and me(s).capacity == 13
    assert res_of(s) == {"wood": 3, "food": 2}
    s = edited(s, phase="main", acted=False)
    stock = s.indian_stock
    play(s, "village upgrade", "boat indian")
    assert me(s).indian_tiles == 1 and s.indian_stock == stock - 1 and me(s).indians == 1
    assert s.boat_tiles == 8 and s.village[LOC["upgrade"]] == 2
    s = change(edited(s, phase="main", acted=False), indians=2)
    assert "village upgrade" not in legal(s)
    check_invariants(s)


def test_no_tiles_left_no_upgrade():
    # DC-14
    s = change(change(table(), 1, goods_tiles=10), indians=1)
    s = edited(s, boat_tiles=0)
    assert "village upgrade" not in legal(s)


def test_horse_trade_three_different_resources():
    # Horse trade: 3 mutually different resources -> 1 horse
    s = change(table(), goods_=goods(wood=2, fur=2), indians=1)
    play(s, "village horses", "indians 1")
    assert s.phase == "main" and res_of(s) == {"wood": 2, "fur": 2}  # 2 types: nothing doable
    s = change(table(), goods_=goods(wood=1, fur=1, canoe=1), indians=1)
    play(s, "village horses", "indians 1", "go", "pay canoe", "pay wood", "pay fur")
    assert res_of(s) == {"horse": 1}


def test_solo_badges_of_occupied_locations_count():
    # solo: collection counts your badges + badge tokens of occupied locations (DC-18)
    s = village(table(players=1), hunting=1, shaman=1)  # two food tokens
    s = change(s, goods_=goods(), give=("hunter",), indians=1)
    play(s, "play hunter", "indians 1", "take food", "take all")
    assert me(s).goods[2] == 3
