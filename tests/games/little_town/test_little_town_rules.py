"""Little Town rules, one test per rule, each citing the rule text line (or the fact
sheet row, or the ruling) it checks.

Positions are set up through the real setup and then edited through the position
format (``tests/games/little_town/helpers.py``) so each test isolates one rule.
"""

from __future__ import annotations

import random

import pytest

from meeple.core.errors import ConfigError, IllegalAction
from meeple.games.little_town import GAME
from meeple.games.little_town.components import (
    BUILDING_INDEX,
    BUILDINGS,
    FISH,
    OBJECTIVES,
    ROBIN_SET,
    STONE,
    WHEAT,
    WOOD,
    terrain_gives,
)
from meeple.games.little_town.objectives import market_allows
from tests.games.little_town.helpers import (
    CARD,
    arrange,
    cell,
    fresh,
    hand,
    last_turn_of_round,
    legal,
    per_seat,
    play_out,
)


# ---- setup -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "workers", "houses", "cards"), [(2, 5, 7, 4), (3, 4, 6, 3), (4, 3, 6, 2)])
def test_setup_per_player_count(players, workers, houses, cards):
    # the rule text, lines 6-15: "4 à 2 joueurs ... 5 ouvrier et 7 bâtiments à 2 joueurs"
    st = GAME.new(players, 1)
    assert st.workers_left == [workers] * players
    assert st.houses_left == [houses] * players
    assert [len(h) for h in st.objectives_in_hand] == [cards] * players
    assert st.coins == [3] * players  # line 11: "reçoit 3 pièces de 1"
    assert st.cubes == [[0, 0, 0, 0]] * players
    assert st.round == 1 and st.points == [0] * players


def test_market_random_and_robin():
    # the rule text, line 5: wheat fields on their space, 12 of the others at random; robin set
    st = GAME.new(2, 3)
    assert len(st.market) == 12 and len(set(st.market)) == 12
    assert BUILDING_INDEX["wheat"] not in st.market and st.wheat_fields_left == 5
    assert sorted(fresh().market) == sorted(ROBIN_SET)
    assert len({tuple(GAME.new(2, s).market) for s in range(10)}) > 1


def test_board_sides_and_option():
    # the rule text, line 4 ("face au choix"); fact sheet 1.1: 4 mountains, 5 lakes, 6 forests
    for side in (0, 1):
        g = terrain_gives(side)
        assert [g.count(k) for k in (-1, WOOD, STONE, FISH)] == [39, 6, 4, 5]
    assert fresh(board=2).board_side == 1 and fresh(board=1).board_side == 0
    assert {GAME.new(2, s).board_side for s in range(20)} == {0, 1}
    with pytest.raises(ConfigError, match="board"):
        GAME.new(2, 1, board=3)
    with pytest.raises(ConfigError):
        GAME.new(5, 1)


def test_dealt_objectives_respect_market():
    # the rule text, line 10: "certains objectifs demandent que certaines tuiles soient disponibles"
    for seed in range(40):
        st = GAME.new(4, seed)
        for cards in st.objectives_in_hand:
            assert all(market_allows(k, st.market) for k in cards)
        assert CARD["o7"] not in {k for h in st.objectives_in_hand for k in h}  # LT-15


# ---- placing a worker --------------------------------------------------------------
def test_worker_only_on_free_grass():
    # the rule text, line 23: "un emplacement libre de la prairie. Il ne peut le mettre que sur l'herbe."
    st = fresh()
    assert "place a1" not in legal(st)  # a mountain on side 1
    assert "place b1" in legal(st)
    st = arrange(st, buildings={"b1": ("well", 1 - st.to_move)})
    assert "place b1" not in legal(st)
    with pytest.raises(IllegalAction, match="not grass"):
        st.apply("place a1")


def test_harvest_every_adjacent_terrain_cell():
    # the rule text, lines 24-25 and fact sheet 1.1: one cube per adjacent terrain cell
    st = fresh()
    me = st.to_move
    st.apply("place e5")  # side 1: lakes at e6 and f6
    assert st.cubes[me] == [0, 0, 0, 2]
    st2 = fresh()
    st2.apply("place b2")  # a1 mountain, c1 forest, a3 lake
    assert st2.cubes[me] == [1, 1, 0, 1]
    assert st2.worker_at[cell("b2")] == me and st2.workers_left[me] == 4


def test_activation_order_fee_and_once():
    # the rule text, lines 26-27: own buildings free, another's costs 1 coin; once each
    st = fresh()
    me, other = st.to_move, 1 - st.to_move
    st = arrange(st, buildings={"d4": ("fisherman", other), "f4": ("well", me), "d5": ("statue", other)})
    st = hand(st, me)
    st.apply("place e5")
    assert sorted(legal(st)) == ["activate d4", "activate f4", "done"]
    st.apply("activate d4")  # 1 coin to seat other, 1 fish > 3 coins
    assert st.coins == per_seat([3 + 1] * 2, me, 3 - 1 + 3)
    assert st.cubes[me][FISH] == 1
    assert sorted(legal(st)) == ["activate f4", "done"]
    st.apply("activate f4")
    assert st.points[me] == 2 and st.coins[me] == 5
    # nothing left to activate and no objective can be open (ruling LT-18): next turn
    assert st.to_move == other and st.phase == "main"


def test_activation_needs_the_coin_and_the_input():
    # fact sheet 2.4: "you cannot activate if you cannot pay (coin fee plus inputs)"
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"d4": ("fisherman", 1 - me), "f4": ("well", me)}, coins=per_seat(st.coins, me, 0))
    st = hand(st, me, "o8")
    st.apply("place e5")
    assert legal(st) == ["activate f4", "done"]
    with pytest.raises(IllegalAction, match="cannot pay"):
        st.apply("activate d4")


def test_done_ends_the_turn_without_activating():
    # the rule text, line 27: "l'activation n'est jamais obligatoire"
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"d4": ("well", me)})
    st.apply("place e5")
    st.apply("done")
    assert st.points[me] == 0 and st.to_move != me and st.phase == "main"


def test_specials_and_statue_cannot_be_activated():
    # fact sheet 2.3 (e) and the Statue's "forbidden" sign
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={n: (k, me) for n, k in
                                (("d4", "statue"), ("e4", "castle"), ("f4", "cathedral"), ("d5", "watchtower"))})
    st = hand(st, me)  # no objective: nothing can be open
    st.apply("place e5")
    assert st.to_move != me  # no decision was offered


def test_each_building_once_per_placement_but_again_later():
    # the rule text, line 27 "une fois par tour" read as once per placement (ruling LT-12)
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, buildings={"e4": ("goldmine", me)}), me)
    st.apply("place e5")
    st.apply("activate e4")
    assert st.coins[me] == 5 and st.to_move != me
    st.apply("place h6")  # the other seat, elsewhere
    while st.to_move != me:
        st.apply(legal(st)[-1])
    st.apply("place d5")
    st.apply("activate e4")
    assert st.coins[me] == 7


# ---- building ----------------------------------------------------------------------
def test_build_pays_places_marks_and_scores():
    # the rule text, lines 29-30: worker to the site, pay, put on empty grass, house token, points
    st = fresh()
    me = st.to_move
    st = arrange(st, cubes=per_seat(st.cubes, me, [0, 2, 0, 0]))
    st.apply("build workshop")
    assert st.cubes[me][STONE] == 0 and st.at_construction_site[me] == 1 and st.workers_left[me] == 4
    assert legal(st)[0].startswith("put") and "put a1" not in legal(st)
    st.apply("put c2")
    assert st.building_at[cell("c2")] == BUILDING_INDEX["workshop"] and st.owner_at[cell("c2")] == me
    assert st.points[me] == 5 and st.houses_left[me] == 6
    assert BUILDING_INDEX["workshop"] not in st.market  # fact sheet 2.1: no refill


def test_build_needs_a_house_token():
    # fact sheet 2.5: "You need a house token left to build"
    st = fresh()
    me = st.to_move
    st = arrange(st, cubes=per_seat(st.cubes, me, [5, 0, 0, 0]), houses_left=per_seat(st.houses_left, me, 0))
    assert not any(a.startswith("build") for a in legal(st))
    with pytest.raises(IllegalAction, match="house"):
        st.apply("build wheat")


def test_wheat_fields_stack_of_five():
    # the rule text, line 5; fact sheet 2.2 row W: 5 wheat fields, 1 wood, 3 points, gain 1 wheat
    st = fresh()
    me = st.to_move
    st = arrange(st, cubes=per_seat(st.cubes, me, [1, 0, 0, 0]))
    st.apply("build wheat")
    st.apply("put c2")
    assert st.wheat_fields_left == 4 and st.points[me] == 3


# ---- the 3-coin exchange (line 31) ---------------------------------------------------
def test_exchange_use_covers_a_missing_cube():
    # the rule text, line 31 "échanger 3 pièces contre une ressource"; ruling LT-3
    st = fresh()
    me = st.to_move
    st = arrange(st, cubes=per_seat(st.cubes, me, [0, 1, 0, 0]))
    assert "build workshop" in legal(st)  # 1 stone + 3 coins for the second
    assert "build church" not in legal(st)  # would need 9 coins
    assert not any(a.startswith("buy") for a in legal(st))
    st.apply("build workshop")
    assert st.coins[me] == 0 and st.cubes[me][STONE] == 0


def test_exchange_keep_is_a_decision():
    # the literal reading (option exchange=keep): buy a cube at any step of your turn
    st = fresh(exchange="keep")
    me = st.to_move
    st = arrange(st, cubes=per_seat(st.cubes, me, [0, 1, 0, 0]))
    assert "build workshop" not in legal(st)
    assert {"buy wood", "buy stone", "buy wheat", "buy fish"} <= set(legal(st))
    st.apply("buy stone")
    assert st.coins[me] == 0 and st.cubes[me][STONE] == 2
    assert "build workshop" in legal(st)


def test_keep_exchange_between_activations():
    # exchange=keep: "buy" is offered between activations too (the rule text, line 31)
    st = fresh(exchange="keep")
    me = st.to_move
    st = arrange(st, buildings={"d4": ("warehouse", me)}, cubes=per_seat(st.cubes, me, [0, 1, 0, 0]))
    st.apply("place e5")
    assert "activate d4" not in legal(st) and "buy stone" in legal(st)
    st.apply("buy stone")
    st.apply("activate d4")
    assert st.points[me] == 5 and st.coins[me] == 0


def test_pawnshop_takes_coins_for_a_missing_cube():
    # issue 9 item 11; the rule text, line 31 and rulings LT-3/LT-14: a seat holding 1 cube
    # and 3 coins beside its Pawnshop can use it; the coins buy the second cube given
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"b3": ("pawnshop", me)}, cubes=per_seat(st.cubes, me, [1, 0, 0, 0]))
    st.apply("place c4")  # c4 on side 1: no terrain around; the Pawnshop at b3
    assert st.cubes[me] == [1, 0, 0, 0]
    assert "activate b3" in legal(st)
    st.apply("activate b3")
    assert legal(st) == ["give wood", "give stone", "give wheat", "give fish"]
    st.apply("give fish")  # no fish held: 3 coins buy one and it is given
    assert st.coins[me] == 0 and st.cubes[me] == [1, 0, 0, 0]
    assert legal(st) == ["give wood"]  # no coins left: only the cube held
    st.apply("give wood")
    st.apply("take stone")
    st.apply("take stone")
    assert st.cubes[me] == [0, 2, 0, 0] and st.coins[me] == 0
    assert st.turn.mixed_input  # fish and wood: two kinds given (O5)
    assert st.turn.spent_kinds == 1 << WOOD  # the bought fish was not a cube held (O14)


def test_pawnshop_needs_two_cubes_or_coins_for_each_missing():
    # LT-14: cubes held plus one cube per 3 coins (after the visit fee) must reach 2
    st = fresh()
    me = st.to_move
    base = arrange(st, buildings={"b3": ("pawnshop", 1 - me)})
    for cubes, coins, ok in (([0, 0, 0, 0], 6, False), ([0, 0, 0, 0], 7, True), ([1, 0, 0, 0], 3, False),
                             ([1, 0, 0, 0], 4, True), ([1, 1, 0, 0], 1, True), ([1, 1, 0, 0], 0, False)):
        st = arrange(base, cubes=per_seat(base.cubes, me, cubes), coins=per_seat(base.coins, me, coins))
        st.apply("place c4")
        assert ("activate b3" in legal(st)) == ok, (cubes, coins)


def test_pawnshop_with_keep_exchange_buys_first():
    # LT-3/LT-14 with exchange=keep: the purchase is a move of its own, then the Pawnshop
    st = fresh(exchange="keep")
    me = st.to_move
    st = arrange(st, buildings={"b3": ("pawnshop", me)}, cubes=per_seat(st.cubes, me, [1, 0, 0, 0]))
    st.apply("place c4")
    assert "activate b3" not in legal(st) and "buy fish" in legal(st)
    st.apply("buy fish")
    st.apply("activate b3")
    assert sorted(legal(st)) == ["give fish", "give wood"]


def test_pawnshop_two_for_two_and_mixed_input():
    # fact sheet 2.4: pawnshop, 2 cubes of any kind for 2 of any kind; O5 two different types
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"d4": ("pawnshop", me)}, cubes=per_seat(st.cubes, me, [1, 0, 0, 0]),
                 coins=per_seat(st.coins, me, 0))
    st = hand(st, me, "o5")
    st.apply("place e5")  # + 2 fish
    st.apply("activate d4")
    assert sorted(legal(st)) == ["give fish", "give wood"]
    st.apply("give wood")
    st.apply("give fish")
    assert legal(st) == ["take wood", "take stone", "take wheat", "take fish"]
    st.apply("take stone")
    st.apply("take stone")
    assert st.cubes[me] == [0, 2, 0, 1]
    assert "claim o5" in legal(st)


# ---- objectives ----------------------------------------------------------------------
def test_claim_when_met_before_the_main_action():
    # the rule text, line 31: "peut valider une carte objectif s'il en remplit les conditions"
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, coins=per_seat(st.coins, me, 0)), me, "o12", "o13")
    assert "claim o12" in legal(st) and "claim o13" not in legal(st)
    st.apply("claim o12")
    assert st.points[me] == 3 and st.objectives_claimed[me] == (CARD["o12"],)
    assert st.objectives_in_hand[me] == (CARD["o13"],)
    assert st.reveals == 1 and st.to_move == me  # the turn goes on


def test_claim_between_activations_and_several_per_turn():
    # fact sheet 8.2 and 8.19: several per turn, before, between or after the steps
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={n: ("well", me) for n in ("d4", "e4", "f4", "d5")})
    st = hand(st, me, "o15", "o16")
    st.apply("place e5")
    for name in ("d4", "e4", "f4"):
        st.apply(f"activate {name}")
    assert "claim o16" in legal(st) and "claim o15" not in legal(st)
    st.apply("activate d5")
    assert sorted(legal(st)) == ["claim o15", "claim o16", "done"]
    st.apply("claim o15")
    st.apply("claim o16")
    assert st.points[me] == 8 + 3 + 2
    assert st.to_move != me  # nothing more could be open: the turn ended by itself


def test_claim_after_building():
    # the rule text, line 31 "Indépendamment de l'action choisie": after a build too
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, cubes=per_seat(st.cubes, me, [3, 0, 0, 0])), me, "o18")
    st.apply("build pawnshop")
    st.apply("put c3")
    assert legal(st) == ["claim o18", "end"]
    st.apply("claim o18")
    assert st.to_move != me


def test_harvest_objective_counts_terrain_cubes():
    # fact sheet O17: harvest at least 5 cubes in one turn (five cells around e3 made forest)
    st = fresh()
    me = st.to_move
    yields = list(st.cell_yields)
    for name in ("d2", "e2", "f2", "d3", "f3"):
        yields[cell(name)] = WOOD
    st = arrange(st, cell_yields=tuple(yields), grass_cells=tuple(c for c in range(54) if yields[c] < 0))
    st = hand(st, me, "o17")
    st.apply("place e3")
    assert st.cubes[me][WOOD] == 5
    assert "claim o17" in legal(st)


def test_spend_harvested_objective():
    # fact sheet O14: spend, in the same turn, a cube of a type harvested that turn
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, buildings={"d4": ("fisherman", me)}), me, "o14")
    st.apply("place e5")
    assert "claim o14" not in legal(st)
    st.apply("activate d4")
    assert "claim o14" in legal(st)


def test_own_building_objectives():
    # fact sheet O8-O11, O18 and O1, O2: checked on the player's own buildings
    st = hand(fresh(), 0, "o8", "o9", "o1", "o2")
    st = arrange(st, to_move=0, active_seat=0)
    st = arrange(st, buildings={"c2": ("pier", 0), "d2": ("bakery", 0)})
    assert legal(st)[:1] == ["claim o8"]
    st = arrange(st, buildings={"e2": ("goldmine", 0)})
    assert "claim o9" in legal(st) and "claim o1" in legal(st)
    assert "claim o2" not in legal(st)  # 3 buildings built, 5 workers
    st = arrange(st, houses_left=[1, 7])  # 6 buildings built
    assert "claim o2" in legal(st)


def test_terrain_objective_needs_three_distinct_buildings():
    # fact sheet O4: one building by a lake, one by a mountain, one by a forest
    st = hand(arrange(fresh(), to_move=0, active_seat=0), 0, "o4")
    st = arrange(st, buildings={"b2": ("well", 0), "e2": ("well", 0)})  # b2 touches all three
    assert "claim o4" not in legal(st)
    st = arrange(st, buildings={"b4": ("well", 0)})  # a4 forest, a3 lake
    assert "claim o4" in legal(st)


def test_group_objective_counts_sides_not_corners():
    # fact sheet O1: "3 buildings that form an orthogonally connected group (sharing sides)"
    st = hand(arrange(fresh(), to_move=0, active_seat=0), 0, "o1")
    st = arrange(st, buildings={"c2": ("well", 0), "d3": ("well", 0), "e4": ("well", 0)})
    assert "claim o1" not in legal(st)
    st = arrange(st, buildings={"d2": ("well", 1)})  # joins c2 and d3, but it is not mine
    assert "claim o1" not in legal(st)
    st = arrange(st, buildings={"e3": ("well", 0)})  # d3-e3-e4 side by side
    assert "claim o1" in legal(st)


def test_coin_and_food_objectives():
    # fact sheet O3 (fish + wheat >= 2 x workers), O13 (6 coins or more)
    st = hand(arrange(fresh(), to_move=0, active_seat=0), 0, "o3", "o13")
    st = arrange(st, cubes=[[0, 0, 4, 5], [0, 0, 0, 0]], coins=[5, 3])
    assert not any(a.startswith("claim") for a in legal(st))
    st = arrange(st, cubes=[[0, 0, 5, 5], [0, 0, 0, 0]], coins=[6, 3])
    assert {"claim o3", "claim o13"} <= set(legal(st))


# ---- forced steps (ruling LT-18) ------------------------------------------------------
def test_lone_done_is_asked_while_an_objective_could_be_open():
    # ruling LT-18: "done" alone is still asked when public information cannot rule out
    # a claim (here: 0 coins meets o12, which nobody has validated)
    st = fresh()
    me = st.to_move
    st = arrange(st, coins=per_seat(st.coins, me, 0))
    st = hand(st, me, "o13")  # the seat cannot claim anything, but others cannot know it
    st.apply("place c4")
    assert st.to_move == me and legal(st) == ["done"]
    st.apply("done")
    assert st.to_move != me


def test_lone_done_is_skipped_when_public_information_implies_it():
    # ruling LT-18: the same position, but o12 was validated: nothing can be open
    st = fresh()
    me, other = st.to_move, 1 - st.to_move
    st = hand(arrange(st, coins=per_seat(st.coins, me, 0)), me, "o13")
    st = hand(st, other)
    st = arrange(st, objectives_claimed=per_seat([(), ()], other, (CARD["o12"],)),
                 objectives_unused=tuple(k for k in st.objectives_unused if k != CARD["o12"]))
    st.apply("place c4")
    assert st.to_move == other


def test_a_seat_with_no_objective_left_is_never_asked_a_lone_step():
    st = fresh()
    me = st.to_move
    st = hand(arrange(st, coins=per_seat(st.coins, me, 0)), me)
    st.apply("place c4")
    assert st.to_move != me


# ---- what the history reveals (ruling LT-20) -------------------------------------------
def test_passing_up_a_claim_rules_the_card_out():
    # ruling LT-20: validating is always worth it, so a seat that moves on while o12's
    # condition holds is taken not to hold o12; determinize deals it elsewhere
    st = fresh()
    me, other = st.to_move, 1 - st.to_move
    st = hand(arrange(st, coins=per_seat(st.coins, me, 0)), me, "o13")
    st.apply("place c4")
    assert st.objectives_ruled_out[me] == 1 << CARD["o12"]
    assert st.view(other)["players"][me]["objectives_ruled_out"] == ["o12"]
    rng = random.Random(1)
    worlds = [st.determinize(other, rng) for _ in range(40)]
    assert all(CARD["o12"] not in w.objectives_in_hand[me] for w in worlds)
    assert len({tuple(w.objectives_in_hand[me]) for w in worlds}) > 5


def test_all_fish_feeding_without_o6_rules_it_out():
    # ruling LT-7/LT-20: O6 is validated automatically, so a seat that fed every worker
    # with fish and did not validate it does not hold it
    st = fresh()
    st, me = last_turn_of_round(st, cubes=[[0, 0, 0, 5], [0, 0, 0, 5]])
    st = hand(st, me, "o13")
    st = hand(st, 1 - me, "o6")
    st.apply("place a6")
    while st.round == 1:
        st.apply(legal(st)[-1])
    assert st.objectives_ruled_out[me] >> CARD["o6"] & 1
    assert st.objectives_claimed[1 - me] == (CARD["o6"],)


def test_determinize_falls_back_when_a_seat_passed_up_cards_it_holds():
    # LT-20: the inference is about rational play; if too few cards remain for a seat's
    # hand, the world still deals it a full hand, from the cards it passed up
    st = GAME.new(2, 5)
    everything = sum(1 << k for k in range(len(OBJECTIVES)))
    st = arrange(st, objectives_ruled_out=[everything, everything])
    world = st.determinize(0, random.Random(2))
    assert len(world.objectives_in_hand[1]) == len(st.objectives_in_hand[1])
    assert world.view(0) == st.view(0)


def test_determinize_redeals_within_the_market_rule():
    # the rule text, line 10 (the (!) cards) and ruling LT-5: a redeal keeps (!) cards servable
    st = GAME.new(2, 5, robin=True)
    market = [k for k in st.market if BUILDINGS[k].key != "pawnshop"]
    from meeple.games.little_town.objectives import dealable_mask

    st = arrange(st, market=market, starting_market=tuple(market), dealable_objectives=dealable_mask(market, False))
    rng = random.Random(3)
    seen = set()
    for _ in range(60):
        d = st.determinize(0, rng)
        assert d.view(0) == st.view(0)
        assert d.objectives_in_hand[0] == st.objectives_in_hand[0]
        assert CARD["o5"] not in d.objectives_in_hand[1]  # needs fair/restaurant/pawnshop
        assert sorted(d.objectives_in_hand[1] + d.objectives_unused) == sorted(
            st.objectives_in_hand[1] + st.objectives_unused
        )
        seen.add(tuple(d.objectives_in_hand[1]))
    assert len(seen) > 5


def test_indistinguishable_positions_give_the_same_worlds():
    # contract v2: pools in canonical order, so the true hidden hands cannot steer a world
    st = GAME.new(3, 8)
    swapped = list(st.objectives_in_hand)
    pool = sorted(swapped[1] + swapped[2] + st.objectives_unused)
    n1, n2 = len(swapped[1]), len(swapped[2])
    swapped[1], swapped[2] = tuple(pool[:n1]), tuple(pool[n1 : n1 + n2])
    unused = tuple(pool[n1 + n2 :])
    twin = arrange(st, objectives_in_hand=swapped, objectives_unused=unused)
    assert twin.view(0) == st.view(0) and twin.to_json() != st.to_json()
    assert st.determinize(0, random.Random(4)).to_json() == twin.determinize(0, random.Random(4)).to_json()


# ---- end of round -------------------------------------------------------------------
def test_feeding_automatic_coins_and_hunger():
    # the rule text, line 35: 1 fish or 1 wheat per worker, else -3 points; fact sheet 4: 3 coins
    st = fresh()
    st, me = last_turn_of_round(st)
    other = 1 - me
    st = arrange(st, cubes=per_seat([[0, 0, 0, 0]] * 2, me, [0, 0, 1, 2]), coins=per_seat([4, 4], me, 6))
    st = hand(hand(st, me), other)
    st.apply("place h6")
    assert st.round == 2
    assert st.cubes[me][FISH] == 0 and st.cubes[me][WHEAT] == 0 and st.coins[me] == 0
    assert st.points[me] == 0
    assert st.coins[other] == 1 and st.points[other] == -12  # one meal bought, 4 hungry
    rows = {m.seat: m for m in st.meals}
    assert tuple(rows[me])[2:] == (2, 1, 2, 0) and tuple(rows[other])[2:] == (0, 0, 1, 4)


def test_feeding_choice_between_fish_and_wheat_and_fish_objective():
    # ruling LT-8: a decision when food exceeds the need and both kinds are held;
    # fact sheet O6 validated at feeding when every worker ate fish (LT-7)
    st = fresh()
    me = st.to_move
    st, _ = last_turn_of_round(st, cubes=per_seat([[0, 0, 5, 0]] * 2, me, [0, 0, 2, 5]))
    st = hand(st, me, "o6")
    st.apply("place a6")
    while st.to_move == me and st.phase != "feed":
        st.apply(legal(st)[-1])
    assert st.to_move == me and legal(st) == ["feed fish", "feed wheat"]
    for _ in range(5):
        st.apply("feed fish")
    assert st.cubes[me][WHEAT] == 2 and st.objectives_claimed[me] == (CARD["o6"],) and st.points[me] == 2


def test_first_player_passes_on_and_workers_return():
    # the rule text, line 36: workers back, marker to the next player
    st = fresh(3)
    st, me = last_turn_of_round(st, cubes=[[0, 0, 4, 0]] * 3)
    first = st.first_player
    st.apply("place c2")
    while st.round == 1:
        st.apply(legal(st)[-1])
    assert first == (me + 1) % 3
    assert st.first_player == (first + 1) % 3 and st.to_move == st.first_player
    assert all(w == -1 for w in st.worker_at) and st.workers_left == [4, 4, 4]
    assert st.at_construction_site == [0, 0, 0]


@pytest.mark.parametrize(("points", "first", "expected"), [([5, 2, 2], 0, 1), ([1, 5, 1], 0, 2), ([3, 3, 9], 2, 0)])
def test_three_players_round_four_goes_to_fewest_points(points, first, expected):
    # the rule text, line 36: "il revient au joueur qui a le moins de points"; ruling LT-10 on ties
    st = fresh(3)
    mover = (first + 2) % 3
    st = arrange(st, round=3, to_move=mover, active_seat=mover, workers_left=per_seat([0, 0, 0], mover, 1),
                 first_player=first, points=list(points), cubes=[[0, 0, 4, 0]] * 3)
    st.apply("place c2")
    while st.round == 3:
        st.apply(legal(st)[-1])
    assert st.first_player == expected and st.to_move == expected


def test_cathedral_counts_workers_before_they_leave():
    # fact sheet 2.3: 1 point per worker of any colour around the Cathedral at the end of the round
    st = fresh()
    st, me = last_turn_of_round(st, cubes=[[0, 0, 5, 0]] * 2)
    st = arrange(st, buildings={"d3": ("cathedral", 1 - me)}, workers={"c2": me, "e4": 1 - me})
    st.apply("place d2")
    while st.round == 1:
        st.apply(legal(st)[-1])
    assert st.points[1 - me] == 3 and st.cathedral_points[1 - me] == 3


def test_residence_owner_activates_neighbours_at_round_end():
    # fact sheet 2.3: the Residence's owner activates each building around it, normal fees
    st = fresh()
    st, me = last_turn_of_round(st, cubes=[[0, 0, 5, 0]] * 2)
    other = 1 - me
    st = arrange(st, buildings={"d3": ("residence", other), "d2": ("goldmine", me), "e3": ("well", other)})
    st.apply("place h6")
    assert st.to_move == other and sorted(legal(st)) == ["activate d2", "activate e3", "done"]
    st.apply("activate d2")
    assert st.coins[other] == 3 - 1 + 2 and st.coins[me] == 4
    st.apply("activate e3")
    assert st.points[other] == 2 and st.round == 2


def test_residence_harvest_option():
    st = fresh(residence_harvest=True)
    st, me = last_turn_of_round(st)
    st = arrange(st, buildings={"e5": ("residence", me)}, cubes=per_seat([[0, 0, 5, 0]] * 2, me, [0, 0, 0, 0]))
    st.apply("place a2")  # a1 mountain, a3 lake: one fish
    assert st.round == 2
    assert [m.fish for m in st.meals if m.seat == me] == [1 + 2]  # the residence's two fish were eaten


# ---- end of game -------------------------------------------------------------------
def _to_game_end(st):
    st = arrange(st, round=4)
    st, me = last_turn_of_round(st, cubes=[[0, 0, 5, 0]] * st.players)
    for s in range(st.players):
        st = hand(st, s)
    st.apply("place h6")
    return play_out(st), me


def test_coins_convert_one_point_per_three():
    # the rule text, line 38: "gagnent 1 point tous les 3 pièces"
    st = fresh()
    me = st.to_move
    st, _ = _to_game_end(arrange(st, coins=per_seat([2, 2], me, 8)))
    assert st.points[me] == 2 and st.points[1 - me] == 0
    assert st.round == 4 and st.is_over


@pytest.mark.parametrize(("mode", "expected"), [("own", 8), ("any", 12)])
def test_castle_scores_neighbouring_buildings(mode, expected):
    # fact sheet 2.3 Château: 4 points per own building around (option castle=any counts all)
    st = fresh(castle=mode)
    me = st.to_move
    st = arrange(st, buildings={"c3": ("castle", me), "b2": ("well", me), "d4": ("wheat", me), "c4": ("well", 1 - me)},
                 coins=[0, 0])
    st, _ = _to_game_end(st)
    assert st.points[me] == expected


def test_watchtower_scores_empty_grass_after_workers_leave():
    # fact sheet 2.3 Tour de garde, DC (a): 2 points per empty grass cell around, at the end
    st = fresh()
    me = st.to_move
    st = arrange(st, buildings={"b3": ("watchtower", me), "c4": ("well", 1 - me)}, workers={"b2": 1 - me},
                 coins=[0, 0])
    st, _ = _to_game_end(st)
    assert st.points[me] == 2 * 5  # a2 b2 c2 c3 b4; the worker on b2 has gone home


def test_ties_share_or_break_on_coins():
    # the rule text, line 39 (most points wins); ruling LT-11 on ties
    st, _ = _to_game_end(arrange(fresh(), coins=[5, 4]))
    assert st.scores() == [1, 1] and st.winners() == [0, 1]
    st2, _ = _to_game_end(arrange(fresh(tiebreak="coins"), coins=[5, 4]))
    assert st2.winners() == [0]


def test_game_lasts_four_rounds():
    # the rule text, line 18: "Une partie dure 4 manches"
    st = GAME.new(3, 11)
    rng = random.Random(1)
    rounds = set()
    while st.to_move is not None:
        rounds.add(st.round)
        st.apply(rng.choice(st.legal_actions()))
    assert rounds == {1, 2, 3, 4}
    assert len(st.meals) == 4 * 3


# ---- options -----------------------------------------------------------------------
def test_limited_supply_caps_harvest_and_payouts():
    # fact sheet section 4 DC: option limited_supply, 15 cubes per kind and 40 coins
    st = fresh(limited_supply=True)
    me = st.to_move
    assert st.supply_cubes == [15, 15, 15, 15] and st.bank_coins == 40 - 2 * 3
    st = arrange(st, supply_cubes=[15, 15, 15, 1], buildings={"d4": ("pier", me), "f4": ("well", me)})
    st = hand(st, me)
    st.apply("place e5")  # two lakes, one fish left in the supply
    assert st.cubes[me][FISH] == 1 and st.supply_cubes[FISH] == 0
    assert sorted(legal(st)) == ["activate f4", "done"]  # the pier's 2 fish cannot be paid out


def test_placeholder_objective_only_with_option():
    # fact sheet 3.2 DC for O7: a clearly marked placeholder, off by default (ruling LT-15)
    dealt = set()
    for seed in range(30):
        st = GAME.new(4, seed, o7=True)
        dealt |= {k for h in st.objectives_in_hand for k in h}
    assert CARD["o7"] in dealt
    assert OBJECTIVES[CARD["o7"]].provenance == "design"


# ---- notation and refusals -------------------------------------------------------------
def test_notation_round_trips():
    for a in GAME.actions:
        assert GAME.parse(str(a)) == a
    assert str(GAME.parse("  ACTIVATE   C4 ")) == "activate c4"


def test_refusals_explain_in_words():
    st = fresh()
    me = st.to_move
    with pytest.raises(IllegalAction, match="main action"):
        st.apply("end")
    with pytest.raises(IllegalAction, match="cannot pay"):
        st.apply("build statue")
    with pytest.raises(IllegalAction, match="do not hold|do not meet"):
        st.apply("claim o1" if CARD["o1"] not in st.objectives_in_hand[me] else "claim o12")
    with pytest.raises(IllegalAction, match="exchange=use"):
        st.apply("buy wood")
    with pytest.raises(IllegalAction, match="feeding"):
        st.apply("feed fish")
    with pytest.raises(IllegalAction, match="Pawnshop"):
        st.apply("give wood")


def test_objective_needs_lists_match_the_building_table():
    # fact sheet 3.2: "uses or makes X" read from the activation; costs from the cost column
    from meeple.games.little_town.components import (
        COIN_BUILDINGS,
        FISH_BUILDINGS,
        STONE3_BUILDINGS,
        WOOD3_BUILDINGS,
        WOOD_STONE_BUILDINGS,
    )

    def uses(b, r):
        return b.effect == "pawn" or b.pay[r] > 0 or b.gain[r] > 0

    keys = range(len(BUILDINGS) - 1)  # not the wheat field
    assert set(FISH_BUILDINGS) == {k for k in keys if uses(BUILDINGS[k], FISH)}
    assert set(WOOD_STONE_BUILDINGS) == {k for k in keys if uses(BUILDINGS[k], WOOD) or uses(BUILDINGS[k], STONE)}
    assert set(COIN_BUILDINGS) == {k for k in keys if BUILDINGS[k].pay_coins or BUILDINGS[k].gain_coins}
    assert set(STONE3_BUILDINGS) == {k for k in keys if BUILDINGS[k].cost[STONE] >= 3}
    assert set(WOOD3_BUILDINGS) == {k for k in keys if BUILDINGS[k].cost[WOOD] >= 3}


def test_refusal_points_to_done_after_a_placement():
    # ruling LT-4: after a placement "done" ends the turn; "end" only follows a build
    st = fresh()
    me = st.to_move
    st = arrange(st, coins=per_seat(st.coins, me, 0))
    st.apply("place c4")
    assert st.to_move == me and st.phase == "activate"
    with pytest.raises(IllegalAction, match="'done' ends your turn"):
        st.apply("end")
