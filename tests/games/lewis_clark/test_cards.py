"""Every character's effect, one test or more each, citing its spec row.

"spec §7 #n" is the row of ../shared/specs/lewis_clark.md's table of the 54
encountered characters; "spec §6" the starting characters. Strength comes from
Indians here so a supporting card's badge does not disturb the counts.
"""

from __future__ import annotations

from collections import Counter

import pytest
from tests.games.lewis_clark.lc_helpers import (
    KIND,
    activate,
    check_invariants,
    give,
    indians,
    legal,
    play,
    res_of,
    set_res,
    table,
)

from meeple.games.lewis_clark.components import (
    CARDS,
    ENCOUNTERED,
    EQUIP,
    FOOD,
    FUR,
    HORSE,
    STARTING,
    WOOD,
)


# ---- the table itself --------------------------------------------------------------
def test_encountered_strengths_and_badges_match_the_spec_distribution():
    # spec §7: "#1-18 strength 1, #19-36 strength 2, #37-54 strength 3;
    # badges wood 17, fur 17, food 10, equipment 10"
    assert [c.num for c in ENCOUNTERED] == list(range(1, 55))
    for c in ENCOUNTERED:
        assert c.strength == 1 + (c.num - 1) // 18, c.name
    assert Counter(c.badge for c in ENCOUNTERED) == {WOOD: 17, FUR: 17, FOOD: 10, EQUIP: 10}
    assert {c.provenance for c in CARDS} <= {"confirmed", "inferred", "design"}


def test_starting_characters_strength_and_badge():
    # spec §6: leader 1 fur, interpreter 2 wood, lumberjack 1 wood, hunter 1 food,
    # blacksmith 1 equipment, fur trader 1 fur
    assert [(c.slug, c.strength, c.badge) for c in STARTING] == [
        ("leader", 1, FUR), ("interpreter", 2, WOOD), ("lumberjack", 1, WOOD),
        ("hunter", 1, FOOD), ("blacksmith", 1, EQUIP), ("trapper", 1, FUR),
    ]


# ---- starting characters -------------------------------------------------------------
def test_leader_pays_food_canoe_or_horse_per_strength_point():
    # spec §6 leader: "pay 1 food -> 2 river; pay 1 canoe -> 4 river; pay 1 horse -> 2 mountain"
    s = table()
    set_res(s, 0, food=1, canoe=1)
    activate(s, "leader", 3)
    assert legal(s) == ["pay food", "pay canoe", "stop"]
    play(s, "pay canoe")
    assert s.pos[0] == 4
    play(s, "pay food")
    assert s.pos[0] == 6 and s.phase == 0  # nothing left to pay: the action ends


def test_leader_horse_moves_on_mountains_and_river_stops_at_a_mountain():
    # spec §11: "if the next space is mountain, stop; leftover lost"; 18 mixed, 19-25 mountain
    s = table()
    s.pos[0] = 17
    set_res(s, 0, food=1, horse=1)
    activate(s, "leader", 2)
    play(s, "pay food")
    assert s.pos[0] == 18  # one river step onto the mixed space, then the mountain stops it
    play(s, "pay horse")
    assert s.pos[0] == 20


def test_interpreter_sweeps_the_village_takes_one_indian_per_point_and_discards_slot_one():
    # spec §10 DC-19 (sweep, then 1 Indian per strength point) and §8 DC-11
    s = table()
    s.stock -= 2
    s.village[6] = 2  # two Indians on the canoe arc
    first = s.journal[0]
    activate(s, "interpreter", 2)
    assert s.village[6] == 0 and s.powwow == 3
    play(s, "go", "go")
    assert s.ind[0] == 2 and s.powwow == 1
    assert first in s.discard and first not in s.journal and len(s.journal) == 5
    check_invariants(s)


def test_interpreter_options_no_sweep_and_take_all():
    # DC-19 flags interpreter_sweep / interpreter_take
    s = table(interpreter_sweep=False, interpreter_take="all")
    s.stock -= 3
    s.village[6] = 1
    s.powwow += 2
    activate(s, "interpreter", 1)
    play(s, "go")
    assert s.village[6] == 1 and s.ind[0] == 3 and s.powwow == 0


@pytest.mark.parametrize("slug,res", [("lumberjack", "wood"), ("hunter", "food"),
                                      ("blacksmith", "equip"), ("trapper", "fur")])
def test_collectors_count_badges_of_you_and_your_two_neighbours(slug, res):
    # spec §5: X = badges in your play area plus your left and right neighbours'
    s = table(players=4)
    set_res(s, 0)
    badge = CARDS[KIND[slug]].badge
    same = next(c.slug for c in ENCOUNTERED if c.badge == badge and c.effect.passive == "")
    for seat in (1, 2, 3):  # 1 and 3 are neighbours, 2 sits across the table
        give(s, seat, same)
        s.hands[seat].remove(KIND[same])
        s.areas[seat].append([KIND[same], -1, 0])
    activate(s, slug, 1)
    assert legal(s) == [f"take {res}", "stop"]
    play(s, f"take {res}")
    assert res_of(s) == {res: 3}


def test_two_players_count_the_single_opponent_once():
    # spec §5: "2 players: your single opponent"
    s = table(players=2)
    set_res(s, 0)
    s.areas[1].append([KIND["hunter"], -1, 0])
    activate(s, "hunter", 1)
    play(s, "take food")
    assert s.res[0][FOOD] == 2


def test_collection_counts_face_down_support_badges_by_default_and_not_with_the_flag():
    # spec §5 DC-7 (option support_badges)
    for flag, expect in ((True, 2), (False, 1)):
        s = table(support_badges=flag)
        set_res(s, 0)
        give(s, 0, "lumberjack", "interpreter")  # the interpreter's back shows a wood badge
        play(s, "play lumberjack", "with interpreter")
        play(s, "take wood")
        assert s.res[0][WOOD] == expect


# ---- encountered characters --------------------------------------------------------------
def test_1_hay_once_distinct_primaries_up_to_face_up_count():
    # spec §7 #1: "once: up to K primary resources, all of different types, K = face-up
    # active characters incl. Hay (max 4). Support cards don't count."
    s = table()
    set_res(s, 0)
    s.areas[0].append([KIND["hunter"], KIND["leader"], 0])
    activate(s, "hay", 3)
    play(s, "go")
    assert legal(s) == ["take wood", "take fur", "take food", "take equip", "skip"]
    play(s, "take wood")
    assert "take wood" not in legal(s)
    play(s, "take fur")
    assert s.phase == 0 and res_of(s) == {"wood": 1, "fur": 1}  # K = 2, once


def test_2_little_raven_once_k_of_one_type():
    # spec §7 #2
    s = table()
    set_res(s, 0)
    s.areas[0].append([KIND["hunter"], -1, 0])
    activate(s, "little-raven", 3)
    play(s, "take food")
    assert res_of(s) == {"food": 2} and s.phase == 0


@pytest.mark.parametrize("slug,pay,gain", [
    ("buffalo-medicine", {"food": 1}, {"canoe": 1}),          # spec §7 #3
    ("tuttle", {"wood": 1}, {"canoe": 1}),                    # spec §7 #4
    ("jessaume", {"fur": 3}, {"horse": 1}),                   # spec §7 #5
    ("tabeau", {"wood": 1, "food": 1}, {"canoe": 2}),         # spec §7 #24
    ("three-eagles", {"equip": 2}, {"horse": 1}),             # spec §7 #25
    ("twisted-hair", {"canoe": 1}, {"canoe": 2}),             # spec §7 #40
    ("broken-arm", {"equip": 1}, {"horse": 1}),               # spec §7 #42
])
def test_trades(slug, pay, gain):
    s = table()
    set_res(s, 0, **pay)
    activate(s, slug, 2)
    play(s, "go")
    assert res_of(s) == gain
    assert s.phase == 0  # DC-6: what this action gained cannot pay its second repetition


def test_41_cameahwait_either_direction():
    # spec §7 #41: "1 canoe -> 1 horse, or 1 horse -> 1 canoe"
    s = table()
    set_res(s, 0, canoe=1, horse=1)
    activate(s, "cameahwait", 2)
    assert legal(s) == ["pay canoe", "pay horse", "stop"]
    play(s, "pay canoe")
    assert legal(s) == ["pay horse", "stop"]  # the new horse cannot pay (no chaining)
    play(s, "pay horse")
    assert res_of(s) == {"canoe": 1, "horse": 1}


def test_6_big_horse_sends_two_indians_to_the_powwow_for_a_horse():
    # spec §7 #6
    s = table()
    indians(s, 0, 2)
    activate(s, "big-horse", 1)
    before = s.powwow
    play(s, "go")
    assert s.res[0][HORSE] == 1 and s.ind[0] == 0 and s.powwow == before + 2
    check_invariants(s)


@pytest.mark.parametrize("slug,pay,spaces,start", [
    ("reed", {"wood": 2}, 2, 0),                              # spec §7 #7
    ("robertson", {"equip": 2}, 3, 0),                        # spec §7 #8
    ("barter", {"canoe": 1}, 5, 0),                           # spec §7 #9
    ("deschamps", {"canoe": 1, "food": 1}, 6, 0),             # spec §7 #10
    ("hawks-feather", {"food": 1}, 3, 0),                     # spec §7 #26
    ("man-crow", {"wood": 3}, 4, 0),                          # spec §7 #27
    ("comcomly", {"wood": 1, "fur": 1, "food": 1, "equip": 1}, 7, 0),  # spec §7 #43
    ("c-mackenzie", {"horse": 1, "fur": 1}, 3, 18),           # spec §7 #12
    ("dame", {"wood": 2}, 1, 18),                             # spec §7 #13
    ("dorion", {"fur": 3}, 2, 18),                            # spec §7 #34
    ("coboway", {"wood": 1, "fur": 1, "food": 1, "equip": 1}, 4, 18),  # spec §7 #48
    ("crow-at-rest", {"equip": 2, "fur": 2}, 3, 18),          # spec §7 #49
])
def test_fixed_moves(slug, pay, spaces, start):
    s = table()
    s.pos[0] = s.camp[0] = start
    set_res(s, 0, **pay)
    activate(s, slug, 2)
    play(s, "go")
    assert s.pos[0] == start + spaces and res_of(s) == {}
    assert s.phase == 0  # the second repetition cannot be paid: the action ended


@pytest.mark.parametrize("slug,pay,n", [("newman", {"food": 2}, 1),                # #11
                                        ("mackay", {"horse": 2}, 3),               # #32
                                        ("old-toby", {"canoe": 2, "horse": 2}, 6)])  # #47
def test_river_or_mountain_chosen_per_repetition(slug, pay, n):
    # spec §7 #11 / #32 / #47: all river or all mountain, chosen per strength point
    s = table()
    s.pos[0] = 18 - n
    set_res(s, 0, **pay)
    activate(s, slug, 2)
    assert legal(s) == ["river", "mountain", "stop"]
    play(s, "river")
    assert s.pos[0] == 18
    play(s, "mountain")
    assert s.pos[0] == 18 + n


def test_14_cuscalar_takes_a_journal_card_without_using_the_recruitment():
    # spec §7 #14 and DC-8
    s = table()
    set_res(s, 0, horse=1, fur=1, equip=3)
    activate(s, "cuscalar", 1)
    third = s.journal[2]
    assert legal(s) == [f"journal {i}" for i in range(1, 6)] + ["stop"]
    play(s, "journal 3")
    assert third in s.hands[0] and len(s.journal) == 5
    assert any(a.startswith("recruit") for a in legal(s))


def test_15_charbonneau_copies_only_occupied_locations_for_one_any_resource():
    # spec §7 #15
    s = table()
    s.stock -= 1
    s.village[0] = 1  # hunting occupied
    set_res(s, 0, canoe=1)
    activate(s, "charbonneau", 1)
    assert legal(s) == ["village hunting", "stop"]
    play(s, "village hunting", "pay canoe", "go")
    assert res_of(s) == {"food": 1, "fur": 1}
    assert s.village[0] == 1  # no Indian placed
    check_invariants(s)


def test_16_larocque_does_not_count_occupied_spaces():
    # spec §7 #16: "spaces holding other scouts are not counted during that move"
    for with_larocque, expect in ((True, 4), (False, 3)):
        s = table(players=3)
        s.pos[1], s.pos[2] = 1, 2
        if with_larocque:
            s.areas[0].append([KIND["larocque"], -1, 0])
        set_res(s, 0, wood=2)
        activate(s, "reed", 1)
        play(s, "go")
        assert s.pos[0] == expect  # without: 2 spaces end on 2, pushed on to 3 (spec §11)


def test_17_gravelines_recruits_for_two_fewer_fur():
    # spec §7 #17
    s = table()
    set_res(s, 0, equip=3)
    give(s, 0, "gravelines")
    indians(s, 0, 1)
    play(s, "play gravelines", "indians 1")
    assert s.phase == 0
    assert "recruit 2" in legal(s) and "recruit 3" not in legal(s)  # slot 2: 0 fur


def test_18_boley_camp_costs_one_time_less():
    # spec §7 #18
    s = table()
    set_res(s, 0)
    give(s, 0, "boley", "hunter", "trapper")
    indians(s, 0, 1)
    play(s, "play boley", "indians 1", "camp")
    assert s.time[0] == 2 - 1  # two cards left in hand, minus Boley


@pytest.mark.parametrize("slug,types", [
    ("john-hay", ("fur", "wood")),                 # spec §7 #19
    ("big-white", ("equip", "wood")),              # spec §7 #20
    ("dickson-hancock", ("food", "fur")),          # spec §7 #21
    ("black-moccasin", ("equip", "food")),         # spec §7 #22
    ("loisel", ("equip", "food", "wood")),         # spec §7 #37
    ("heney", ("fur", "food", "wood")),            # spec §7 #38
])
def test_collect_one_of_several_types_per_repetition(slug, types):
    s = table()
    set_res(s, 0)
    activate(s, slug, 2)
    assert legal(s) == [f"take {t}" for t in types] + ["stop"]
    own = CARDS[KIND[slug]].badge
    play(s, f"take {types[0]}", f"take {types[-1]}")
    words = ("wood", "fur", "food", "equip")
    expect = Counter()
    for t in (types[0], types[-1]):
        expect[t] += 1 if words[own] == t else 0
    assert s.res[0] == [expect[w] for w in words] + [0, 0]


def test_23_yellept_pays_any_for_two_primaries_without_chaining():
    # spec §7 #23: "Pay 1 any -> gain 2 primary of your choice. No chaining."
    s = table()
    set_res(s, 0, horse=1)
    activate(s, "yellept", 2)
    play(s, "go")
    assert legal(s) == ["pay horse"]
    play(s, "pay horse", "take food", "take food")
    assert res_of(s) == {"food": 2} and s.phase == 0  # fresh food cannot pay repetition 2


def test_28_cutssahnem_three_different_resources():
    # spec §7 #28
    s = table()
    set_res(s, 0, wood=2, fur=1, canoe=1)
    activate(s, "cutssahnem", 1)
    play(s, "go", "pay wood")
    assert legal(s) == ["pay fur", "pay canoe"]
    play(s, "pay fur", "pay canoe")
    assert s.pos[0] == 5 and res_of(s) == {"wood": 1}


def test_29_black_buffalo_and_33_weuche_count_badges():
    # spec §7 #29 (food badges, river) and #33 (equipment badges, mountain)
    s = table()
    set_res(s, 0, food=1)
    s.areas[1].append([KIND["hunter"], -1, 0])
    s.areas[0].append([KIND["boley"], -1, 0])
    activate(s, "black-buffalo", 1)
    play(s, "go")
    assert s.pos[0] == 2
    s = table()
    s.pos[0] = 18
    set_res(s, 0, equip=2)
    s.areas[1].append([KIND["blacksmith"], -1, 0])
    s.areas[0].append([KIND["dorion"], -1, 0])
    activate(s, "weuche", 1)
    play(s, "go")
    assert s.pos[0] == 20


def test_30_half_man_and_52_one_eye_count_scouts_on_or_ahead_of_your_camp():
    # spec §7 #30 and #52
    s = table(players=3)
    s.pos = [5, 7, 3]
    s.camp[0] = 4
    set_res(s, 0, canoe=1)
    activate(s, "half-man", 1)
    play(s, "go", "pay canoe")
    assert s.pos[0] == 7 + 1  # 2 scouts (5 and 7) -> 2 spaces, ends on 7, pushed to 8
    s = table(players=3)
    s.pos = [18, 20, 0]
    s.camp[0] = 18
    set_res(s, 0, canoe=2)
    activate(s, "one-eye", 1)
    play(s, "go", "pay canoe", "pay canoe")
    assert s.pos[0] == 20 + 1


def test_31_warfington_counts_indians_on_your_boats():
    # spec §7 #31: "R = Indians on your boats (not those on cards)"
    s = table()
    indians(s, 0, 3)
    set_res(s, 0, wood=2)
    activate(s, "warfington", 1)
    play(s, "go", "pay wood", "pay wood")
    assert s.pos[0] == 3


def test_35_partisan_activates_a_face_up_character_at_strength_one():
    # spec §7 #35
    s = table()
    s.areas[1].append([KIND["hunter"], KIND["leader"], 0])
    s.areas[1].append([KIND["boley"], -1, 0])
    set_res(s, 0, food=1)
    activate(s, "partisan", 1)
    assert legal(s) == ["copy hunter", "stop"]  # passives and copiers are not offered
    play(s, "copy hunter")
    assert legal(s) == ["take food", "stop"]
    play(s, "take food")
    # food badges: hunter, Boley (seat 1) and the Partisan itself; the leader's is fur
    assert s.res[0][FOOD] == 3 and s.phase == 0


def test_36_jarrot_adds_two_river_and_54_cut_nose_one_mountain_once_per_action():
    # spec §7 #36 and #54
    s = table()
    s.areas[0].append([KIND["jarrot"], -1, 0])
    set_res(s, 0, food=2)
    activate(s, "leader", 2)
    play(s, "pay food", "pay food")
    assert s.pos[0] == 2 + 2 + 2
    s = table()
    s.pos[0] = 18
    s.areas[0].append([KIND["cut-nose"], -1, 0])
    set_res(s, 0, horse=2)
    activate(s, "leader", 2)
    play(s, "pay horse", "pay horse")
    assert s.pos[0] == 18 + 3 + 2


def test_39_black_cat_two_primaries_per_point():
    # spec §7 #39
    s = table()
    set_res(s, 0)
    activate(s, "black-cat", 2)
    play(s, "go", "take wood", "skip", "go", "take fur", "take fur")
    assert res_of(s) == {"wood": 1, "fur": 2}


def test_44_little_thief_and_51_tetoharsky_count_pairs_and_triples():
    # spec §7 #44 and #51
    s = table()
    set_res(s, 0, wood=3, food=4)
    indians(s, 0, 1)
    activate(s, "little-thief", 1)
    play(s, "go")
    assert s.pos[0] == 3 and sum(s.res[0]) == 7 and s.ind[0] == 0
    s = table()
    s.pos[0] = 18
    set_res(s, 0, wood=3, food=4)
    indians(s, 0, 1)
    activate(s, "tetoharsky", 1)
    play(s, "go")
    assert s.pos[0] == 20


def test_45_watkuweis_counts_your_face_up_characters():
    # spec §7 #45
    s = table()
    s.areas[0] += [[KIND["hunter"], -1, 0], [KIND["trapper"], -1, 0]]
    set_res(s, 0, fur=1)
    activate(s, "watkuweis", 1)
    play(s, "go", "pay fur")
    assert s.pos[0] == 3


def test_46_boone_counts_village_and_powwow_indians():
    # spec §7 #46, DC-9
    s = table()
    s.stock -= 2
    s.village[6] = 2
    set_res(s, 0, wood=2)
    activate(s, "boone", 1)
    play(s, "go", "pay wood", "pay wood")
    assert s.pos[0] == 2 + 1  # 2 on the arc + 1 in the Pow-wow


def test_50_drouillard_indian_and_any_for_two_mountain():
    # spec §7 #50
    s = table()
    s.pos[0] = 18
    indians(s, 0, 1)
    set_res(s, 0, fur=1)
    activate(s, "drouillard", 1)
    play(s, "go", "pay fur")
    assert s.pos[0] == 20 and s.ind[0] == 0


def test_53_sacagawea_any_location_without_an_indian():
    # spec §7 #53
    s = table()
    set_res(s, 0, wood=2)
    activate(s, "sacagawea", 1)
    assert "village canoes" in legal(s) and "village farewell" in legal(s)
    play(s, "village canoes", "go")
    assert res_of(s) == {"canoe": 1} and sum(s.village) == 0


def test_passive_characters_need_strength_and_do_nothing_themselves():
    # spec §7 notes: passives "must be activated (played with strength) to enter the play area"
    s = table()
    give(s, 0, "cut-nose", "hunter")
    play(s, "play cut-nose", "with hunter")
    assert s.phase == 0 and s.areas[0] == [[KIND["cut-nose"], KIND["hunter"], 0]]


def test_every_effect_is_reached_by_a_test():
    # guard: each card slug appears in this file (so no card goes untested)
    import pathlib

    text = pathlib.Path(__file__).read_text() + pathlib.Path(__file__).with_name(
        "test_village.py").read_text()
    missing = [c.slug for c in CARDS if f'"{c.slug}"' not in text]
    assert not missing


def test_copies_use_your_own_badges_and_cannot_spend_what_the_action_gained():
    # LEW-4 (a copy works for the one who copies) and DC-6 (no chaining, nested copies too)
    s = table(players=3)
    set_res(s, 0, food=1)
    s.areas[1].append([KIND["hunter"], -1, 0])      # seat 1's hunter: a food badge
    s.areas[2].append([KIND["dickson-hancock"], -1, 0])
    activate(s, "partisan", 2)
    play(s, "copy hunter", "take food")
    # food badges seen by seat 0: partisan, seat 1's hunter, seat 2's Dickson & Hancock
    assert s.res[0][FOOD] == 3
    assert s.phase == 0  # the 3 fresh food cannot pay the Partisan's second repetition
