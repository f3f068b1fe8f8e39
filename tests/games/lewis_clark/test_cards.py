"""Every character's effect, one test or more each.

"card #n" is journal card n of the component notes (docs/rulings/lewis-clark.md names
the design choices DC-n); starting characters are the six every expedition begins
with. Strength comes from Indians here so a supporting card's badge does not disturb
the counts. A gain of several goods is kept with ``take all`` (rule text line 124).
"""

from __future__ import annotations

from collections import Counter

import pytest
from tests.games.lewis_clark.lc_helpers import (
    KIND,
    activate,
    change,
    check_invariants,
    goods,
    legal,
    play,
    res_of,
    table,
    village,
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


def me(s):
    return s.expeditions[0]


# ---- the table itself --------------------------------------------------------------
def test_encountered_strengths_and_badges_match_the_card_distribution():
    # component notes: "#1-18 strength 1, #19-36 strength 2, #37-54 strength 3;
    # badges wood 17, fur 17, food 10, equipment 10"
    assert [c.num for c in ENCOUNTERED] == list(range(1, 55))
    for c in ENCOUNTERED:
        assert c.strength == 1 + (c.num - 1) // 18, c.name
    assert Counter(c.badge for c in ENCOUNTERED) == {WOOD: 17, FUR: 17, FOOD: 10, EQUIP: 10}
    assert {c.provenance for c in CARDS} <= {"confirmed", "inferred", "design"}


def test_starting_characters_strength_and_badge():
    # leader 1 fur, interpreter 2 wood, lumberjack 1 wood, hunter 1 food,
    # blacksmith 1 equipment, fur trader 1 fur (rule text line 62: identical for all)
    assert [(c.slug, c.strength, c.badge) for c in STARTING] == [
        ("leader", 1, FUR), ("interpreter", 2, WOOD), ("lumberjack", 1, WOOD),
        ("hunter", 1, FOOD), ("blacksmith", 1, EQUIP), ("trapper", 1, FUR),
    ]


# ---- starting characters -------------------------------------------------------------
def test_leader_pays_food_canoe_or_horse_per_strength_point():
    # leader: "pay 1 food -> 2 river; pay 1 canoe -> 4 river; pay 1 horse -> 2 mountain"
    s = change(table(), goods_=goods(food=1, canoe=1))
    s = activate(s, "leader", 3)
    assert legal(s) == ["pay food", "pay canoe", "stop"]
    play(s, "pay canoe")
    assert me(s).scout == 4
    play(s, "pay food")
    assert me(s).scout == 6 and s.phase == "main"  # nothing left to pay: the action ends


def test_leader_horse_moves_on_mountains_and_river_stops_at_a_mountain():
    # route: a river move stops before a mountain, the rest is lost; 18 mixed, 19-25 mountain
    s = change(table(), scout=17, goods_=goods(food=1, horse=1))
    s = activate(s, "leader", 2)
    play(s, "pay food")
    assert me(s).scout == 18  # one river step onto the mixed space, then the mountain stops it
    play(s, "pay horse")
    assert me(s).scout == 20


def test_interpreter_sweeps_the_village_takes_one_indian_per_point_and_discards_slot_one():
    # DC-19 (sweep, then 1 Indian per strength point) and DC-11
    s = village(table(), canoes=2)  # two Indians on the canoe arc
    first = s.journal[0]
    s = activate(s, "interpreter", 2)
    assert s.village[6] == 0 and s.powwow == 3
    play(s, "go", "go")
    assert me(s).indians == 2 and s.powwow == 1
    assert first in s.discard and first not in s.journal and len(s.journal) == 5
    check_invariants(s)


def test_interpreter_options_no_sweep_and_take_all():
    # DC-19 flags interpreter_sweep / interpreter_take
    s = village(table(interpreter_sweep=False, interpreter_take="all"), canoes=1, powwow=2)
    s = activate(s, "interpreter", 1)
    play(s, "go")
    assert s.village[6] == 1 and me(s).indians == 3 and s.powwow == 0


@pytest.mark.parametrize("slug,res", [("lumberjack", "wood"), ("hunter", "food"),
                                      ("blacksmith", "equip"), ("trapper", "fur")])
def test_collectors_count_badges_of_you_and_your_two_neighbours(slug, res):
    # collection: X = badges in your play area plus your left and right neighbours'
    s = change(table(players=4), goods_=goods())
    badge = CARDS[KIND[slug]].badge
    same = next(c.slug for c in ENCOUNTERED if c.badge == badge and c.effect.passive == "")
    for seat in (1, 2, 3):  # 1 and 3 are neighbours, 2 sits across the table
        s = change(s, seat, area=[(same, None, 0)])
    s = activate(s, slug, 1)
    assert legal(s) == [f"take {res}", "stop"]
    play(s, f"take {res}")
    assert legal(s) == ["take all", f"take {res}", "skip"]  # 3 goods: keep all or part
    play(s, "take all")
    assert res_of(s) == {res: 3}


def test_two_players_count_the_single_opponent_once():
    # collection, 2 players: "your single opponent"
    s = change(table(players=2), goods_=goods())
    s = change(s, 1, area=[("hunter", None, 0)])
    s = activate(s, "hunter", 1)
    play(s, "take food", "take all")
    assert me(s).goods[FOOD] == 2


def test_collection_counts_face_down_support_badges_by_default_and_not_with_the_flag():
    # DC-7 (option support_badges); rule text line 58: the back repeats the badge
    for flag, expect in ((True, 2), (False, 1)):
        s = change(table(support_badges=flag), goods_=goods(), give=("lumberjack", "interpreter"))
        play(s, "play lumberjack", "with interpreter", "take wood")
        if expect > 1:
            play(s, "take all")
        assert me(s).goods[WOOD] == expect


def test_a_gain_is_kept_good_by_good_and_the_rest_declined():
    # rule text line 124: "ne profiter que d'une partie des bénéfices (voire d'aucun)"
    s = change(table(players=2), goods_=goods())
    s = change(s, 1, area=[("hunter", None, 0), ("dickson-hancock", None, 0)])
    s = activate(s, "hunter", 2)
    play(s, "take food")  # 3 food badges: hunter, seat 1's hunter and Dickson & Hancock
    assert s.effects[-1].offer == goods(food=3)
    play(s, "take food", "skip")  # keep one, decline two
    assert res_of(s) == {"food": 1}
    play(s, "take food", "take food", "take food", "take food")  # repetition 2: all three
    assert res_of(s) == {"food": 4} and s.phase == "main"


def test_a_mixed_gain_lets_the_player_choose_which_goods_fit():
    # rule text line 124; the boats hold 11 (DC-15: what does not fit is not gained)
    s = change(table(), goods_=goods(wood=10), indians=1)
    play(s, "village hunting", "go")
    assert legal(s) == ["take fur", "take food", "skip"]  # both do not fit: no "take all"
    play(s, "take food")
    assert res_of(s) == {"wood": 10, "food": 1} and s.phase == "main"


# ---- encountered characters --------------------------------------------------------------
def test_1_hay_once_distinct_primaries_up_to_face_up_count():
    # card #1: "once: up to K primary resources, all of different types, K = face-up
    # active characters incl. Hay (max 4). Support cards don't count."
    s = change(table(), goods_=goods(), area=[("hunter", "leader", 0)])
    s = activate(s, "hay", 3)
    play(s, "go")
    assert legal(s) == ["take wood", "take fur", "take food", "take equip", "skip"]
    play(s, "take wood")
    assert "take wood" not in legal(s)
    play(s, "take fur")
    assert s.phase == "main" and res_of(s) == {"wood": 1, "fur": 1}  # K = 2, once


def test_2_little_raven_once_k_of_one_type():
    # card #2
    s = change(table(), goods_=goods(), area=[("hunter", None, 0)])
    s = activate(s, "little-raven", 3)
    play(s, "take food", "take all")
    assert res_of(s) == {"food": 2} and s.phase == "main"


@pytest.mark.parametrize("slug,pay,gain", [
    ("buffalo-medicine", {"food": 1}, {"canoe": 1}),          # card #3
    ("tuttle", {"wood": 1}, {"canoe": 1}),                    # card #4
    ("jessaume", {"fur": 3}, {"horse": 1}),                   # card #5
    ("tabeau", {"wood": 1, "food": 1}, {"canoe": 2}),         # card #24
    ("three-eagles", {"equip": 2}, {"horse": 1}),             # card #25
    ("twisted-hair", {"canoe": 1}, {"canoe": 2}),             # card #40
    ("broken-arm", {"equip": 1}, {"horse": 1}),               # card #42
])
def test_trades(slug, pay, gain):
    s = change(table(), goods_=goods(**pay))
    s = activate(s, slug, 2)
    play(s, "go")
    if sum(gain.values()) > 1:
        play(s, "take all")
    assert res_of(s) == gain
    assert s.phase == "main"  # DC-6: what this action gained cannot pay its second repetition


def test_41_cameahwait_either_direction():
    # card #41: "1 canoe -> 1 horse, or 1 horse -> 1 canoe"
    s = change(table(), goods_=goods(canoe=1, horse=1))
    s = activate(s, "cameahwait", 2)
    assert legal(s) == ["pay canoe", "pay horse", "stop"]
    play(s, "pay canoe")
    assert legal(s) == ["pay horse", "stop"]  # the new horse cannot pay (no chaining)
    play(s, "pay horse")
    assert res_of(s) == {"canoe": 1, "horse": 1}


def test_6_big_horse_sends_two_indians_to_the_powwow_for_a_horse():
    # card #6
    s = change(table(), indians=2)
    s = activate(s, "big-horse", 1)
    before = s.powwow
    play(s, "go")
    assert me(s).goods[HORSE] == 1 and me(s).indians == 0 and s.powwow == before + 2
    check_invariants(s)


@pytest.mark.parametrize("slug,pay,spaces,start", [
    ("reed", {"wood": 2}, 2, 0),                              # card #7
    ("robertson", {"equip": 2}, 3, 0),                        # card #8
    ("barter", {"canoe": 1}, 5, 0),                           # card #9
    ("deschamps", {"canoe": 1, "food": 1}, 6, 0),             # card #10
    ("hawks-feather", {"food": 1}, 3, 0),                     # card #26
    ("man-crow", {"wood": 3}, 4, 0),                          # card #27
    ("comcomly", {"wood": 1, "fur": 1, "food": 1, "equip": 1}, 7, 0),  # card #43
    ("c-mackenzie", {"horse": 1, "fur": 1}, 3, 18),           # card #12
    ("dame", {"wood": 2}, 1, 18),                             # card #13
    ("dorion", {"fur": 3}, 2, 18),                            # card #34
    ("coboway", {"wood": 1, "fur": 1, "food": 1, "equip": 1}, 4, 18),  # card #48
    ("crow-at-rest", {"equip": 2, "fur": 2}, 3, 18),          # card #49
])
def test_fixed_moves(slug, pay, spaces, start):
    s = change(table(), scout=start, camp=start, goods_=goods(**pay))
    s = activate(s, slug, 2)
    play(s, "go")
    assert me(s).scout == start + spaces and res_of(s) == {}
    assert s.phase == "main"  # the second repetition cannot be paid: the action ended


@pytest.mark.parametrize("slug,pay,n", [("newman", {"food": 2}, 1),                # #11
                                        ("mackay", {"horse": 2}, 3),               # #32
                                        ("old-toby", {"canoe": 2, "horse": 2}, 6)])  # #47
def test_river_or_mountain_chosen_per_repetition(slug, pay, n):
    # cards #11 / #32 / #47: all river or all mountain, chosen per strength point
    s = change(table(), scout=18 - n, goods_=goods(**pay))
    s = activate(s, slug, 2)
    assert legal(s) == ["river", "mountain", "stop"]
    play(s, "river")
    assert me(s).scout == 18
    play(s, "mountain")
    assert me(s).scout == 18 + n


def test_14_cuscalar_takes_a_journal_card_without_using_the_recruitment():
    # card #14 and DC-8
    s = change(table(), goods_=goods(horse=1, fur=1, equip=3))
    s = activate(s, "cuscalar", 1)
    third = s.journal[2]
    assert legal(s) == [f"journal {i}" for i in range(1, 6)] + ["stop"]
    play(s, "journal 3")
    assert third in me(s).hand and len(s.journal) == 5
    assert any(a.startswith("recruit") for a in legal(s))


def test_15_charbonneau_copies_only_occupied_locations_for_one_any_resource():
    # card #15
    s = change(village(table(), hunting=1), goods_=goods(canoe=1))
    s = activate(s, "charbonneau", 1)
    assert legal(s) == ["village hunting", "stop"]
    play(s, "village hunting", "pay canoe", "go", "take all")
    assert res_of(s) == {"food": 1, "fur": 1}
    assert s.village[0] == 1  # no Indian placed
    check_invariants(s)


def test_16_larocque_does_not_count_occupied_spaces():
    # card #16: "spaces holding other scouts are not counted during that move"
    for with_larocque, expect in ((True, 4), (False, 3)):
        s = change(change(table(players=3), 1, scout=1), 2, scout=2)
        if with_larocque:
            s = change(s, area=[("larocque", None, 0)])
        s = activate(change(s, goods_=goods(wood=2)), "reed", 1)
        play(s, "go")
        assert me(s).scout == expect  # without: 2 spaces end on 2, pushed on to 3


def test_17_gravelines_recruits_for_two_fewer_fur():
    # card #17
    s = change(table(), goods_=goods(equip=3), give=("gravelines",), indians=1)
    play(s, "play gravelines", "indians 1")
    assert s.phase == "main"
    assert "recruit 2" in legal(s) and "recruit 3" not in legal(s)  # slot 2: 0 fur


def test_18_boley_camp_costs_one_time_less():
    # card #18
    s = change(table(), goods_=goods(), give=("boley", "hunter", "trapper"), indians=1)
    play(s, "play boley", "indians 1", "camp")
    assert me(s).time_tokens == 2 - 1  # two cards left in hand, minus Boley


@pytest.mark.parametrize("slug,types", [
    ("john-hay", ("fur", "wood")),                 # card #19
    ("big-white", ("equip", "wood")),              # card #20
    ("dickson-hancock", ("food", "fur")),          # card #21
    ("black-moccasin", ("equip", "food")),         # card #22
    ("loisel", ("equip", "food", "wood")),         # card #37
    ("heney", ("fur", "food", "wood")),            # card #38
])
def test_collect_one_of_several_types_per_repetition(slug, types):
    s = change(table(), goods_=goods())
    s = activate(s, slug, 2)
    assert legal(s) == [f"take {t}" for t in types] + ["stop"]
    own = CARDS[KIND[slug]].badge
    play(s, f"take {types[0]}", f"take {types[-1]}")
    words = ("wood", "fur", "food", "equip")
    expect = Counter()
    for t in (types[0], types[-1]):
        expect[t] += 1 if words[own] == t else 0
    assert me(s).goods == [expect[w] for w in words] + [0, 0]


def test_23_yellept_pays_any_for_two_primaries_without_chaining():
    # card #23: "Pay 1 any -> gain 2 primary of your choice. No chaining."
    s = change(table(), goods_=goods(horse=1))
    s = activate(s, "yellept", 2)
    play(s, "go")
    assert legal(s) == ["pay horse"]
    play(s, "pay horse", "take food", "take food")
    assert res_of(s) == {"food": 2} and s.phase == "main"  # fresh food cannot pay again


def test_28_cutssahnem_three_different_resources():
    # card #28
    s = change(table(), goods_=goods(wood=2, fur=1, canoe=1))
    s = activate(s, "cutssahnem", 1)
    play(s, "go", "pay wood")
    assert legal(s) == ["pay fur", "pay canoe"]
    play(s, "pay fur", "pay canoe")
    assert me(s).scout == 5 and res_of(s) == {"wood": 1}


def test_29_black_buffalo_and_33_weuche_count_badges():
    # card #29 (food badges, river) and #33 (equipment badges, mountain)
    s = change(table(), goods_=goods(food=1), area=[("boley", None, 0)])
    s = change(s, 1, area=[("hunter", None, 0)])
    s = activate(s, "black-buffalo", 1)
    play(s, "go")
    assert me(s).scout == 2
    s = change(table(), scout=18, goods_=goods(equip=2), area=[("dorion", None, 0)])
    s = change(s, 1, area=[("blacksmith", None, 0)])
    s = activate(s, "weuche", 1)
    play(s, "go")
    assert me(s).scout == 20


def test_30_half_man_and_52_one_eye_count_scouts_on_or_ahead_of_your_camp():
    # cards #30 and #52
    s = change(change(table(players=3), 1, scout=7), 2, scout=3)
    s = change(s, scout=5, camp=4, goods_=goods(canoe=1))
    s = activate(s, "half-man", 1)
    play(s, "go", "pay canoe")
    assert me(s).scout == 7 + 1  # 2 scouts (5 and 7) -> 2 spaces, ends on 7, pushed to 8
    s = change(table(players=3), 1, scout=20)
    s = change(s, scout=18, camp=18, goods_=goods(canoe=2))
    s = activate(s, "one-eye", 1)
    play(s, "go", "pay canoe", "pay canoe")
    assert me(s).scout == 20 + 1


def test_31_warfington_counts_indians_on_your_boats():
    # card #31: "R = Indians on your boats (not those on cards)"
    s = change(table(), indians=3, goods_=goods(wood=2))
    s = activate(s, "warfington", 1)
    play(s, "go", "pay wood", "pay wood")
    assert me(s).scout == 3


def test_35_partisan_activates_a_face_up_character_at_strength_one():
    # card #35
    s = change(table(), 1, area=[("hunter", "leader", 0), ("boley", None, 0)])
    s = change(s, goods_=goods(food=1))
    s = activate(s, "partisan", 1)
    assert legal(s) == ["copy hunter", "stop"]  # passives and copiers are not offered
    play(s, "copy hunter")
    assert legal(s) == ["take food", "stop"]
    play(s, "take food", "take all")
    # food badges: hunter, Boley (seat 1) and the Partisan itself; the leader's is fur
    assert me(s).goods[FOOD] == 3 and s.phase == "main"


def test_36_jarrot_adds_two_river_and_54_cut_nose_one_mountain_once_per_action():
    # cards #36 and #54
    s = change(table(), area=[("jarrot", None, 0)], goods_=goods(food=2))
    s = activate(s, "leader", 2)
    play(s, "pay food", "pay food")
    assert me(s).scout == 2 + 2 + 2
    s = change(table(), scout=18, area=[("cut-nose", None, 0)], goods_=goods(horse=2))
    s = activate(s, "leader", 2)
    play(s, "pay horse", "pay horse")
    assert me(s).scout == 18 + 3 + 2


def test_39_black_cat_two_primaries_per_point():
    # card #39
    s = change(table(), goods_=goods())
    s = activate(s, "black-cat", 2)
    play(s, "go", "take wood", "skip", "go", "take fur", "take fur")
    assert res_of(s) == {"wood": 1, "fur": 2}


def test_44_little_thief_and_51_tetoharsky_count_pairs_and_triples():
    # cards #44 and #51
    s = change(table(), goods_=goods(wood=3, food=4), indians=1)
    s = activate(s, "little-thief", 1)
    play(s, "go")
    assert me(s).scout == 3 and sum(me(s).goods) == 7 and me(s).indians == 0
    s = change(table(), scout=18, goods_=goods(wood=3, food=4), indians=1)
    s = activate(s, "tetoharsky", 1)
    play(s, "go")
    assert me(s).scout == 20


def test_45_watkuweis_counts_your_face_up_characters():
    # card #45
    s = change(table(), area=[("hunter", None, 0), ("trapper", None, 0)], goods_=goods(fur=1))
    s = activate(s, "watkuweis", 1)
    play(s, "go", "pay fur")
    assert me(s).scout == 3


def test_46_boone_counts_village_and_powwow_indians():
    # card #46, DC-9
    s = change(village(table(), canoes=2), goods_=goods(wood=2))
    s = activate(s, "boone", 1)
    play(s, "go", "pay wood", "pay wood")
    assert me(s).scout == 2 + 1  # 2 on the arc + 1 in the Pow-wow


def test_50_drouillard_indian_and_any_for_two_mountain():
    # card #50
    s = change(table(), scout=18, indians=1, goods_=goods(fur=1))
    s = activate(s, "drouillard", 1)
    play(s, "go", "pay fur")
    assert me(s).scout == 20 and me(s).indians == 0


def test_53_sacagawea_any_location_without_an_indian():
    # card #53
    s = change(table(), goods_=goods(wood=2))
    s = activate(s, "sacagawea", 1)
    assert "village canoes" in legal(s) and "village farewell" in legal(s)
    play(s, "village canoes", "go")
    assert res_of(s) == {"canoe": 1} and sum(s.village) == 0


def test_passive_characters_need_strength_and_do_nothing_themselves():
    # passives "must be activated (played with strength) to enter the play area"
    s = change(table(), give=("cut-nose", "hunter"))
    play(s, "play cut-nose", "with hunter")
    assert s.phase == "main"
    assert [(p.card, p.support, p.indians) for p in me(s).play_area] == [
        (KIND["cut-nose"], KIND["hunter"], 0)]


def test_every_effect_is_reached_by_a_test():
    # guard: each card slug appears in this file (so no card goes untested)
    import pathlib

    text = pathlib.Path(__file__).read_text() + pathlib.Path(__file__).with_name(
        "test_village.py").read_text()
    missing = [c.slug for c in CARDS if f'"{c.slug}"' not in text]
    assert not missing


def test_copies_use_your_own_badges_and_cannot_spend_what_the_action_gained():
    # LEW-4 (a copy works for the one who copies) and DC-6 (no chaining, nested copies too)
    s = change(table(players=3), goods_=goods(food=1))
    s = change(s, 1, area=[("hunter", None, 0)])      # seat 1's hunter: a food badge
    s = change(s, 2, area=[("dickson-hancock", None, 0)])
    s = activate(s, "partisan", 2)
    play(s, "copy hunter", "take food", "take all")
    # food badges seen by seat 0: partisan, seat 1's hunter, seat 2's Dickson & Hancock
    assert me(s).goods[FOOD] == 3
    assert s.phase == "main"  # the 3 fresh food cannot pay the Partisan's second repetition
