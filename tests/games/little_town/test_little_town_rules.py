"""Little Town rules, one test per rule, citing the rule text (rules/003) or the spec row.

States are set up through the real setup and then arranged by hand (a building
here, two fish there) so each test isolates one rule.
"""

from __future__ import annotations

import json
import random

import pytest

from meeple.core.errors import ConfigError, IllegalAction
from meeple.games.little_town import GAME
from meeple.games.little_town.components import (
    BUILDING_INDEX,
    BUILDINGS,
    CELL_NAMES,
    FISH,
    OBJECTIVES,
    ROBIN_SET,
    STONE,
    WHEAT,
    WOOD,
    terrain_gives,
)
from meeple.games.little_town.objectives import market_allows

CARD = {o.key: i for i, o in enumerate(OBJECTIVES)}


def cell(name: str) -> int:
    return CELL_NAMES.index(name)


def fresh(players: int = 2, seed: int = 7, **opts):
    opts.setdefault("board", 1)
    opts.setdefault("robin", True)
    return GAME.new(players, seed, **opts)


def put(st, name: str, key: str, owner: int) -> None:
    c = cell(name)
    st.bld[c] = BUILDING_INDEX[key]
    st.owner[c] = owner
    st._legal = None


def legal(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def last_turn_of_round(st) -> int:
    """Arrange that the player to move takes the last turn of the round."""
    me = st.to_move
    for s in range(st.players):
        st.left[s] = 0
    st.left[me] = 1
    st.first = (me + 1) % st.players
    st._legal = None
    return me


# ---- setup -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "workers", "houses", "cards"), [(2, 5, 7, 4), (3, 4, 6, 3), (4, 3, 6, 2)])
def test_setup_per_player_count(players, workers, houses, cards):
    # rules/003 lines 6-15: "4 à 2 joueurs ... 5 ouvrier et 7 bâtiments à 2 joueurs"
    st = GAME.new(players, 1)
    assert st.left == [workers] * players
    assert st.houses == [houses] * players
    assert [len(h) for h in st.hands] == [cards] * players
    assert st.coins == [3] * players  # line 11: "reçoit 3 pièces de 1"
    assert st.res == [[0, 0, 0, 0]] * players
    assert st.round == 1 and st.vp == [0] * players


def test_market_random_and_robin():
    # rules/003 line 5: wheat fields on their space, 12 of the others at random; robin set
    st = GAME.new(2, 3)
    assert len(st.market) == 12 and len(set(st.market)) == 12
    assert BUILDING_INDEX["wheat"] not in st.market and st.wheat_left == 5
    assert sorted(fresh().market) == sorted(ROBIN_SET)
    markets = {tuple(GAME.new(2, s).market) for s in range(10)}
    assert len(markets) > 1


def test_board_sides_and_option():
    # spec 1.1: each side has 4 mountains, 5 lakes, 6 forests, 39 grass cells
    for side in (0, 1):
        g = terrain_gives(side)
        assert [g.count(k) for k in (-1, WOOD, STONE, FISH)] == [39, 6, 4, 5]
    assert fresh(board=2).side == 1 and fresh(board=1).side == 0
    assert {GAME.new(2, s).side for s in range(20)} == {0, 1}
    with pytest.raises(ConfigError, match="board"):
        GAME.new(2, 1, board=3)
    with pytest.raises(ConfigError):
        GAME.new(5, 1)


def test_dealt_objectives_respect_market():
    # rules/003 line 10: "certains objectifs demandent que certaines tuiles soient disponibles"
    for seed in range(40):
        st = GAME.new(4, seed)
        for hand in st.hands:
            assert all(market_allows(k, st.market) for k in hand)
        assert CARD["o7"] not in {k for h in st.hands for k in h}  # placeholder off by default


# ---- placing a worker --------------------------------------------------------------
def test_worker_only_on_free_grass():
    # rules/003 line 23: "un emplacement libre de la prairie. Il ne peut le mettre que sur l'herbe."
    st = fresh()
    moves = legal(st)
    assert "place a1" not in moves  # a mountain on side 1
    assert "place b1" in moves
    put(st, "b1", "well", 1 - st.to_move)
    assert "place b1" not in legal(st)
    with pytest.raises(IllegalAction, match="not grass"):
        st.apply("place a1")


def test_harvest_every_adjacent_terrain_cell():
    # rules/003 lines 24-25 and spec 1.1: one cube per adjacent terrain cell
    st = fresh()
    me = st.to_move
    st.apply("place e5")  # side 1: lakes at e6 and f6
    assert st.res[me] == [0, 0, 0, 2]
    st2 = fresh()
    st2.apply("place b2")  # a1 mountain, c1 forest, a3 lake
    assert st2.res[me] == [1, 1, 0, 1]
    assert st2.worker[cell("b2")] == me and st2.left[me] == 4


def test_activation_order_fee_and_once():
    # rules/003 lines 26-27: own buildings free, another's costs 1 coin; once each; optional
    st = fresh()
    me = st.to_move
    other = 1 - me
    put(st, "d4", "fisherman", other)  # 1 fish > 3 coins
    put(st, "f4", "well", me)  # free: 2 VP
    put(st, "d5", "statue", other)  # no activation
    st.apply("place e5")
    assert sorted(legal(st)) == ["activate d4", "activate f4", "done"]
    st.apply("activate d4")
    assert st.coins == [3 - 1 + 3 if s == me else 3 + 1 for s in range(2)]
    assert st.res[me][FISH] == 1
    assert sorted(legal(st)) == ["activate f4", "done"]
    st.apply("activate f4")
    assert st.vp[me] == 2 and st.coins[me] == 5
    # nothing left to choose: the turn passed on by itself
    assert st.to_move == other and st.phase == 0


def test_activation_needs_the_coin_and_the_input():
    # spec 2.4: "you cannot activate if you cannot pay (coin fee plus inputs)"
    st = fresh()
    me = st.to_move
    put(st, "d4", "fisherman", 1 - me)
    put(st, "f4", "well", me)
    st.coins[me] = 0
    st.apply("place e5")
    assert legal(st) == ["activate f4", "done"]
    with pytest.raises(IllegalAction, match="cannot pay"):
        st.apply("activate d4")


def test_done_ends_activations_without_using_them():
    st = fresh()
    me = st.to_move
    put(st, "d4", "well", me)
    st.apply("place e5")
    st.apply("done")
    assert st.vp[me] == 0 and st.to_move != me


def test_specials_and_statue_cannot_be_activated():
    # spec 2.3 (e) and the Statue's "forbidden" sign
    st = fresh()
    me = st.to_move
    for name, key in (("d4", "statue"), ("e4", "castle"), ("f4", "cathedral"), ("d5", "watchtower")):
        put(st, name, key, me)
    st.apply("place e5")
    assert st.to_move != me  # no decision was offered


def test_each_building_once_per_placement_but_again_later():
    # spec section 8.7: "once per worker placement", another worker may use it again
    st = fresh()
    me = st.to_move
    other = 1 - me
    put(st, "e4", "goldmine", me)
    st.apply("place e5")
    st.apply("activate e4")
    st.apply("done") if st.to_move == me else None
    assert st.coins[me] == 5
    st.apply("place h6")  # other: elsewhere
    if st.to_move == other:
        st.apply(st.legal_actions()[-1])
    st.apply("place d5")
    st.apply("activate e4")
    assert st.coins[me] == 7


# ---- building ----------------------------------------------------------------------
def test_build_pays_places_marks_and_scores():
    # rules/003 lines 29-30: worker to the site, pay, put on empty grass, house token, VP
    st = fresh()
    me = st.to_move
    st.res[me][STONE] = 2
    st._legal = None
    assert "build workshop" in legal(st)
    st.apply("build workshop")
    assert st.res[me][STONE] == 0 and st.site[me] == 1 and st.left[me] == 4
    assert legal(st)[0].startswith("put") and "put a1" not in legal(st)
    st.apply("put c2")
    assert st.bld[cell("c2")] == BUILDING_INDEX["workshop"] and st.owner[cell("c2")] == me
    assert st.vp[me] == 5 and st.houses[me] == 6
    assert BUILDING_INDEX["workshop"] not in st.market  # spec 2.1: no refill
    assert "build workshop" not in legal(st)


def test_build_needs_a_house_token():
    # spec 2.5: "You need a house token left to build"
    st = fresh()
    me = st.to_move
    st.res[me][WOOD] = 5
    st.houses[me] = 0
    st._legal = None
    assert not any(a.startswith("build") for a in legal(st))
    with pytest.raises(IllegalAction, match="house"):
        st.apply("build wheat")


def test_wheat_fields_stack_of_five():
    # spec 2.2 row W: 5 wheat fields, 1 wood, 3 VP, gain 1 wheat
    st = fresh()
    me = st.to_move
    st.res[me][WOOD] = 1
    st._legal = None
    st.apply("build wheat")
    st.apply("put c2")
    assert st.wheat_left == 4 and st.vp[me] == 3


# ---- the 3-coin exchange --------------------------------------------------------------
def test_exchange_use_covers_a_missing_cube():
    # rules/003 line 31 "échanger 3 pièces contre une ressource"; ruling LT-3 (spec DC 4)
    st = fresh()
    me = st.to_move
    st.res[me][STONE] = 1
    st._legal = None
    assert "build workshop" in legal(st)  # 1 stone + 3 coins for the second
    assert "build church" not in legal(st)  # would need 9 coins
    assert not any(a.startswith("buy") for a in legal(st))
    st.apply("build workshop")
    assert st.coins[me] == 0 and st.res[me][STONE] == 0


def test_exchange_keep_is_a_decision():
    # the literal reading (option exchange=keep): buy a cube at any step of your turn
    st = fresh(exchange="keep")
    me = st.to_move
    st.res[me][STONE] = 1
    st._legal = None
    assert "build workshop" not in legal(st)
    assert {"buy wood", "buy stone", "buy wheat", "buy fish"} <= set(legal(st))
    st.apply("buy stone")
    assert st.coins[me] == 0 and st.res[me][STONE] == 2
    assert "build workshop" in legal(st)


# ---- objectives ----------------------------------------------------------------------
def test_claim_when_met_before_the_main_action():
    # rules/003 line 31: "peut valider une carte objectif s'il en remplit les conditions"
    st = fresh()
    me = st.to_move
    st.hands[me] = [CARD["o12"], CARD["o13"]]
    st.coins[me] = 0
    st._legal = None
    assert "claim o12" in legal(st) and "claim o13" not in legal(st)
    st.apply("claim o12")
    assert st.vp[me] == 3 and st.claimed[me] == [CARD["o12"]] and st.hands[me] == [CARD["o13"]]
    assert st.reveals == 1
    assert st.to_move == me  # the turn goes on


def test_claim_after_the_action_and_several_per_turn():
    # spec 8.2 and 8.19: several per turn, before or after the main action
    st = fresh()
    me = st.to_move
    st.hands[me] = [CARD["o15"], CARD["o16"]]
    for name in ("d4", "e4", "f4", "d5"):
        put(st, name, "well", me)
    st.apply("place e5")
    for name in ("d4", "e4", "f4"):
        st.apply(f"activate {name}")
    assert "claim o16" in legal(st) and "claim o15" not in legal(st)
    st.apply("activate d5")
    st.apply("done")
    assert sorted(legal(st)) == ["claim o15", "claim o16", "end"]
    st.apply("claim o15")
    st.apply("claim o16")
    assert st.vp[me] == 8 + 3 + 2
    assert st.to_move != me


def test_harvest_objective_counts_terrain_cubes():
    # spec O17: harvest at least 5 cubes in one turn
    st = fresh()
    me = st.to_move
    gives = list(st.gives)
    for name in ("d2", "e2", "f2", "d3", "f3"):
        gives[cell(name)] = WOOD
    st.gives = tuple(gives)
    st.grass = tuple(c for c in range(54) if gives[c] < 0)
    st.hands[me] = [CARD["o17"]]
    st._legal = None
    st.apply("place e3")
    assert st.res[me][WOOD] == 5
    assert "claim o17" in legal(st)


def test_pawnshop_two_for_two_and_mixed_input():
    # spec 2.4: pawnshop, 2 cubes of any kind for 2 of any kind; O5 two different types
    st = fresh()
    me = st.to_move
    put(st, "d4", "pawnshop", me)
    st.hands[me] = [CARD["o5"]]
    st.res[me][WOOD] = 1
    st.apply("place e5")  # + 2 fish
    st.apply("activate d4")
    assert sorted(legal(st)) == ["give fish", "give wood"]
    st.apply("give wood")
    st.apply("give fish")
    assert legal(st) == ["take wood", "take stone", "take wheat", "take fish"]
    st.apply("take stone")
    st.apply("take stone")
    assert st.res[me] == [0, 2, 0, 1]
    assert "claim o5" in legal(st)


def test_spend_harvested_objective():
    # spec O14: spend, in the same turn, a cube of a type harvested that turn
    st = fresh()
    me = st.to_move
    put(st, "d4", "fisherman", me)
    st.hands[me] = [CARD["o14"]]
    st.apply("place e5")
    assert "claim o14" not in legal(st)
    st.apply("activate d4")
    assert "claim o14" in legal(st)


def test_own_building_objectives():
    # spec O8-O11, O18 and O1, O2: checked on the player's own buildings
    st = fresh()
    me = st.to_move
    st.hands[me] = [CARD["o8"], CARD["o9"], CARD["o1"], CARD["o2"]]
    put(st, "c2", "pier", me)
    put(st, "d2", "bakery", me)
    assert legal(st)[:1] == ["claim o8"]
    put(st, "e2", "goldmine", me)
    assert "claim o9" in legal(st) and "claim o1" in legal(st)
    assert "claim o2" not in legal(st)  # 3 buildings, 5 workers
    st.houses[me] = 1  # 6 buildings built
    st._legal = None
    assert "claim o2" in legal(st)


def test_terrain_objective_needs_three_distinct_buildings():
    # spec O4: one building by a lake, one by a mountain, one by a forest
    st = fresh()
    me = st.to_move
    st.hands[me] = [CARD["o4"]]
    put(st, "b2", "well", me)  # next to mountain, forest and lake at once
    put(st, "e2", "well", me)  # next to f1 lake only... and d1 mountain
    assert "claim o4" not in legal(st)
    put(st, "b4", "well", me)  # a4 forest, a3 lake
    assert "claim o4" in legal(st)


# ---- end of round -------------------------------------------------------------------
def test_feeding_automatic_coins_and_hunger():
    # rules/003 line 35: 1 fish or 1 wheat per worker, else -3 VP; spec 4: 3 coins per meal
    st = fresh()
    me = last_turn_of_round(st)
    other = 1 - me
    st.res[me] = [0, 0, 1, 2]
    st.coins[me] = 6
    st.res[other] = [0, 0, 0, 0]
    st.coins[other] = 4
    st.apply("place h6")
    assert st.round == 2
    assert st.res[me][FISH] == 0 and st.res[me][WHEAT] == 0 and st.coins[me] == 0
    assert st.vp[me] == 0
    assert st.coins[other] == 1 and st.vp[other] == -12  # one meal bought, 4 hungry
    rows = {f[1]: f for f in st.fed}
    assert rows[me][2:] == (2, 1, 2, 0) and rows[other][2:] == (0, 0, 1, 4)


def test_feeding_choice_between_fish_and_wheat_and_fish_objective():
    # ruling LT-8: a decision when food exceeds the need and both kinds are held;
    # spec O6 validated at feeding when every worker ate fish
    st = fresh()
    me = last_turn_of_round(st)
    st.res[me] = [0, 0, 2, 5]
    st.hands[me] = [CARD["o6"]]
    st.res[1 - me] = [0, 0, 5, 0]
    st.apply("place a6")
    while st.to_move == me and st.phase != 7:
        st.apply(st.legal_actions()[-1])
    assert st.to_move == me and legal(st) == ["feed fish", "feed wheat"]
    for _ in range(5):
        st.apply("feed fish")
    assert st.res[me][WHEAT] == 2 and st.claimed[me] == [CARD["o6"]] and st.vp[me] == 2


def test_first_player_passes_on_and_workers_return():
    # rules/003 line 36: workers back, marker to the next player
    st = fresh(3)
    me = last_turn_of_round(st)
    first = st.first
    for s in range(3):
        st.res[s][WHEAT] = 4
    st.apply("place c2")
    while st.round == 1:
        st.apply(st.legal_actions()[-1])
    assert first == (me + 1) % 3
    assert st.first == (first + 1) % 3 and st.to_move == st.first
    assert all(w == -1 for w in st.worker) and st.left == [4, 4, 4] and st.site == [0, 0, 0]


@pytest.mark.parametrize(("vp", "first", "expected"), [([5, 2, 2], 0, 1), ([1, 5, 1], 0, 2), ([3, 3, 9], 2, 0)])
def test_three_players_round_four_goes_to_fewest_vp(vp, first, expected):
    # rules/003 line 36: "il revient au joueur qui a le moins de points"; ruling LT-10 on ties
    st = fresh(3)
    st.round = 3
    st.to_move = st.active = (first + 2) % 3
    st.left = [0, 0, 0]
    st.left[st.to_move] = 1
    st.first = first
    st.vp = list(vp)
    for s in range(3):
        st.res[s][WHEAT] = 4
    st._legal = None
    st.apply("place c2")
    while st.round == 3:
        st.apply(st.legal_actions()[-1])
    assert st.first == expected and st.to_move == expected


def test_cathedral_counts_workers_before_they_leave():
    # spec 2.3: 1 VP per worker of any colour around the Cathedral at the end of the round
    st = fresh()
    me = last_turn_of_round(st)
    put(st, "d3", "cathedral", 1 - me)
    st.worker[cell("c2")] = me
    st.worker[cell("e4")] = 1 - me
    for s in range(2):
        st.res[s][WHEAT] = 5
    st.apply("place d2")
    while st.round == 1:
        st.apply(st.legal_actions()[-1])
    assert st.vp[1 - me] == 3


def test_residence_owner_activates_neighbours_at_round_end():
    # spec 2.3: the Residence's owner activates each building around it, normal fees
    st = fresh()
    me = last_turn_of_round(st)
    other = 1 - me
    put(st, "d3", "residence", other)
    put(st, "d2", "goldmine", me)
    put(st, "e3", "well", other)
    for s in range(2):
        st.res[s][WHEAT] = 5
    st.apply("place h6")
    assert st.to_move == other and sorted(legal(st)) == ["activate d2", "activate e3", "done"]
    st.apply("activate d2")
    assert st.coins[other] == 3 - 1 + 2 and st.coins[me] == 4
    st.apply("activate e3")
    assert st.vp[other] == 2 and st.round == 2


# ---- end of game -------------------------------------------------------------------
def _to_game_end(st):
    st.round = 4
    me = last_turn_of_round(st)
    for s in range(st.players):
        st.res[s][WHEAT] = 5
        st.hands[s] = []
    st.apply("place h6")
    while st.to_move is not None:
        st.apply(st.legal_actions()[-1])
    return me


def test_coins_convert_one_vp_per_three():
    # rules/003 line 38: "gagnent 1 point tous les 3 pièces"
    st = fresh()
    me = st.to_move
    st.coins = [8, 8]
    st.coins[1 - me] = 2
    _to_game_end(st)
    assert st.vp[me] == 2 and st.vp[1 - me] == 0
    assert st.round == 4 and st.is_over


@pytest.mark.parametrize(("mode", "expected"), [("own", 8), ("any", 12)])
def test_castle_scores_neighbouring_buildings(mode, expected):
    # spec 2.3 Château: 4 VP per own building around (option castle=any counts all)
    st = fresh(castle=mode)
    me = st.to_move
    put(st, "c3", "castle", me)
    put(st, "b2", "well", me)
    put(st, "d4", "wheat", me)
    put(st, "c4", "well", 1 - me)
    st.coins = [0, 0]
    _to_game_end(st)
    assert st.vp[me] == expected


def test_watchtower_scores_empty_grass_after_workers_leave():
    # spec 2.3 Tour de garde, DC (a): 2 VP per empty grass cell around, evaluated at the end
    st = fresh()
    me = st.to_move
    put(st, "b3", "watchtower", me)  # around: a2 b2 c2 a3(lake) c3 a4(forest) b4 c4
    put(st, "c4", "well", 1 - me)
    st.worker[cell("b2")] = 1 - me
    st.coins = [0, 0]
    _to_game_end(st)
    assert st.vp[me] == 2 * 5  # a2 b2 c2 c3 b4; the worker on b2 has gone home


def test_ties_share_or_break_on_coins():
    # spec 4 DC: ties share the win; option tiebreak=coins: most leftover coins
    st = fresh()
    st.coins = [5, 4]
    _to_game_end(st)
    assert st.scores() == [1, 1] and st.winners() == [0, 1]
    st2 = fresh(tiebreak="coins")
    st2.coins = [5, 4]
    _to_game_end(st2)
    assert st2.winners() == [0]


def test_game_lasts_four_rounds():
    # rules/003 line 18: "Une partie dure 4 manches"
    st = GAME.new(3, 11)
    rng = random.Random(1)
    rounds = set()
    while st.to_move is not None:
        rounds.add(st.round)
        st.apply(rng.choice(st.legal_actions()))
    assert rounds == {1, 2, 3, 4}
    assert len(st.fed) == 4 * 3


# ---- information ------------------------------------------------------------------
def test_view_hides_other_objectives_only():
    st = GAME.new(3, 5)
    v = st.view(1)
    assert "objectives" in v["players"][1] and "objectives" not in v["players"][0]
    assert all("objectives" not in p for p in st.view(None)["players"])
    assert v["players"][0]["objectives_hidden"] == 3
    json.dumps(v)


def test_determinize_redeals_within_the_market_rule():
    # rules/003 line 10 (the (!) cards) and ruling LT-5: a redeal keeps (!) cards servable
    st = GAME.new(2, 5, robin=True)  # robin market: no fair, restaurant or pawnshop... but pawnshop
    st.market = [k for k in st.market if BUILDINGS[k].key != "pawnshop"]
    st.initial_market = tuple(st.market)
    rng = random.Random(3)
    seen = set()
    for _ in range(60):
        d = st.determinize(0, rng)
        assert d.view(0) == st.view(0)
        assert d.hands[0] == st.hands[0]
        assert CARD["o5"] not in d.hands[1]
        assert sorted(d.hands[1] + d.deck) == sorted(st.hands[1] + st.deck)
        seen.add(tuple(d.hands[1]))
    assert len(seen) > 5


def test_notation_round_trips():
    for a in GAME.actions:
        assert GAME.parse(str(a)) == a
    assert str(GAME.parse("  ACTIVATE   C4 ")) == "activate c4"


# ---- options -----------------------------------------------------------------------
def test_limited_supply_caps_harvest_and_payouts():
    # spec section 4 DC: option limited_supply, 15 cubes per kind and 40 coins
    st = fresh(limited_supply=True)
    me = st.to_move
    assert st.supply == [15, 15, 15, 15] and st.bank == 40 - 2 * 3
    st.supply[FISH] = 1
    put(st, "d4", "pier", me)  # gain 2 fish: the supply cannot pay it out after the harvest
    put(st, "f4", "well", me)
    st.apply("place e5")  # two lakes, one fish left in the supply
    assert st.res[me][FISH] == 1 and st.supply[FISH] == 0
    assert sorted(legal(st)) == ["activate f4", "done"]


def test_keep_exchange_between_activations():
    # exchange=keep: "buy" is offered between activations too (rules/003 line 31)
    st = fresh(exchange="keep")
    me = st.to_move
    put(st, "d4", "warehouse", me)  # 2 stone > 5 VP
    st.res[me][STONE] = 1
    st.apply("place e5")
    assert "activate d4" not in legal(st) and "buy stone" in legal(st)
    st.apply("buy stone")
    st.apply("activate d4")
    assert st.vp[me] == 5 and st.coins[me] == 0


def test_residence_harvest_option():
    st = fresh(residence_harvest=True)
    me = last_turn_of_round(st)
    put(st, "e5", "residence", me)  # lakes at e6 and f6
    st.res[1 - me][WHEAT] = 5
    st.apply("place a2")  # a1 mountain, a3 lake: one fish
    assert st.round == 2
    assert [f[2] for f in st.fed if f[1] == me] == [1 + 2]  # the residence's two fish were eaten


def test_placeholder_objective_only_with_option():
    # spec 3.2 DC for O7: a clearly marked placeholder, off by default
    dealt = set()
    for seed in range(30):
        st = GAME.new(4, seed, o7=True)
        dealt |= {k for h in st.hands for k in h}
    assert CARD["o7"] in dealt
    assert OBJECTIVES[CARD["o7"]].provenance == "design"


def test_refusals_explain_in_words():
    st = fresh()
    me = st.to_move
    with pytest.raises(IllegalAction, match="main action"):
        st.apply("end")
    with pytest.raises(IllegalAction, match="cannot pay"):
        st.apply("build statue")
    with pytest.raises(IllegalAction, match="do not hold|do not meet"):
        st.apply("claim o1" if CARD["o1"] not in st.hands[me] else "claim o12")
    with pytest.raises(IllegalAction, match="exchange=use"):
        st.apply("buy wood")
    with pytest.raises(IllegalAction, match="feeding"):
        st.apply("feed fish")


def test_objective_needs_lists_match_the_building_table():
    # spec 3.2: "uses or makes X" read from the activation; costs from the cost column
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
    assert set(WOOD_STONE_BUILDINGS) == {
        k for k in keys if uses(BUILDINGS[k], WOOD) or uses(BUILDINGS[k], STONE)
    }
    assert set(COIN_BUILDINGS) == {
        k for k in keys if BUILDINGS[k].pay_coins or BUILDINGS[k].gain_coins
    }
    assert set(STONE3_BUILDINGS) == {k for k in keys if BUILDINGS[k].cost[STONE] >= 3}
    assert set(WOOD3_BUILDINGS) == {k for k in keys if BUILDINGS[k].cost[WOOD] >= 3}


def test_render_shows_grid_market_and_stock():
    st = fresh()
    me = st.to_move
    put(st, "c3", "bakery", 1 - me)
    st.apply("place e5")
    text = GAME.render(st, me)
    assert "BAK" in text and f"w{me}" in text and "market" in text
    assert "(you)" in text and "≈≈≈≈" in text
    for key in (OBJECTIVES[k].key for k in st.hands[me]):
        assert key in text


def test_simulation_report_counts_finished_games():
    finals = []
    for seed in range(3):
        st = GAME.new(2, seed)
        rng = random.Random(seed)
        while st.to_move is not None:
            st.apply(rng.choice(st.legal_actions()))
        finals.append(st)
    text = GAME.simulation_report(finals)
    assert "over 3 games" in text and "hungry" in text


def test_group_objective_counts_sides_not_corners():
    # spec O1: "3 buildings that form an orthogonally connected group (sharing sides)"
    st = fresh()
    me = st.to_move
    st.hands[me] = [CARD["o1"]]
    put(st, "c2", "well", me)
    put(st, "d3", "well", me)  # diagonal to c2
    put(st, "e4", "well", me)  # diagonal to d3
    assert "claim o1" not in legal(st)
    put(st, "d2", "well", 1 - me)  # joins c2 and d3, but it is not mine
    assert "claim o1" not in legal(st)
    put(st, "e3", "well", me)  # d3-e3-e4 side by side
    assert "claim o1" in legal(st)


def test_coin_and_food_objectives():
    # spec O3 (fish + wheat >= 2 x workers), O13 (6 coins or more)
    st = fresh()
    me = st.to_move
    st.hands[me] = [CARD["o3"], CARD["o13"]]
    st.res[me] = [0, 0, 4, 5]
    st.coins[me] = 5
    st._legal = None
    assert not any(a.startswith("claim") for a in legal(st))
    st.res[me][WHEAT] = 5
    st.coins[me] = 6
    st._legal = None
    assert {"claim o3", "claim o13"} <= set(legal(st))
