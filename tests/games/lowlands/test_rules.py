"""Lowlands rules, each test citing the rule text line or the spec row it checks.

"the rule text (FR)" is a French overview; "the rule text (ES)" the Spanish
rules; spec = the project's Lowlands research notes (by section). States are built by play where that is short
and by setting fields where the rule under test sits deep in a game.
"""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction
from meeple.core.position import edited
from meeple.games.lowlands import GAME
from meeple.games.lowlands.components import (
    BUILD,
    DIKE,
    DRAW,
    FENCE_ICONS,
    FLOOD_SIX,
    MARKET,
    MARKET_ROWS,
    PROGRESS_TOKENS,
    SEGMENTS,
    TILE_INDEX,
    TILE_KINDS,
    TILES,
    TOKEN_SPACES,
    VALUE_DP,
    VALUE_SHEEP,
    WOOD,
    flood_back,
)
from meeple.games.lowlands.farm import cell, edge, edges_around
from meeple.games.lowlands.rules import (
    ASK,
    CONTRIB,
    DISCARD,
    DRAWING,
    FENCING,
    FPLACE,
    HELP,
    PAY,
    PICK,
    PLACE,
    TOKEN,
    TRADE,
    WORKER,
    payable,
)
from meeple.games.lowlands.steps import STEPS


def new(players=3, seed=1, **options):
    return GAME.new(players, seed, **options)


def legal(st) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def touch(st, *players):
    """The position a test set up by hand, rebuilt through the position format
    (``edited``: every cache recomputed, nothing private patched), and the counterparts
    of ``players`` in it: ``st, p = touch(st, p)``."""
    new = edited(st)
    if not players:
        return new
    return (new, *(new.seats[next(i for i, q in enumerate(st.seats) if q is p)] for p in players))


def me(st):
    return st.seats[st.to_move]


def play(st, *moves: str) -> None:
    for m in moves:
        st.apply(m)


def show(st, key: str) -> int:
    """Put tile ``key`` face up (first of its column), taking it out of its stack; the
    caller rebuilds the position (``touch``) before playing on."""
    k = TILE_INDEX[key]
    kind = TILE_KINDS.index(TILES[k].kind)
    if k in st.stacks[kind]:
        st.stacks[kind].remove(k)
    if k not in st.face_up[kind]:
        st.face_up[kind].insert(0, k)
    st = touch(st)
    return k


# ---- setup ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    st = new(players, 7)
    first = st.first_player
    for s, p in enumerate(st.seats):
        # the rule text (FR), line 12: 16 fences, 10 on the income board, 6 around a 2x1 pasture, 1 sheep per square
        assert p.fences_left == 10 and p.farm.fence_count() == 6
        assert p.sheep == 2 and p.farm.capacity() == 2
        # the rule text (FR), line 12: four coins, four cards; everyone but the first player +1 coin
        assert p.cards == 4
        assert p.coins == 4 + (s != first)
        # spec §4b: one worker free on the income board, one on "draw cards"
        assert p.workers_free == 1 and p.workers[DRAW] == 1
        assert p.buildings == 0 and p.farmers == [-1, -1, -1]
    # the rule text (ES), line 103: the marker on top of the random stack is the first player
    assert max(range(players), key=lambda s: st.seats[s].stack_order) == first
    # the rule text (ES), line 67: four cards face up; lines 77-79: 3 tiles per stack, players+1 storm tiles
    assert sum(st.display) == 4
    assert [len(u) for u in st.face_up] == [3, 3, 3, players + 1]
    # the rule text (ES), line 73: sheep on the icons of the board for this player count
    assert st.market == [r.icons for r in MARKET_ROWS[players]]
    # the rule text (FR), line 7: value marker in the middle, on 1|3
    assert (VALUE_DP[st.value_space], VALUE_SHEEP[st.value_space]) == (1, 3)
    # the rule text (ES), lines 120-121: three flood cards face down, the leftmost revealed
    assert [c[1] for c in st.sea] == [1, 0, 0] and st.flood == st.sea[0][0]
    # the rule text (ES), line 61: five progress tokens on the first five large spaces
    assert sorted(st.token_on_space) == list(range(5))
    # the rule text (ES), line 135: the first player places first
    assert st.to_move == first and st.phase == PLACE
    assert sum(sum(p.hand) for p in st.seats) + sum(st.display) + len(st.deck) + sum(st.discard) == 66


def test_first_game_leaves_out_the_six():
    # the rule text (ES), line 57 / the rule text (FR), line 16
    for seed in range(5):
        normal = new(2, seed)
        cards = normal.flood_deck + [c[0] for c in normal.sea]
        assert len(cards) == 12 and cards.count(FLOOD_SIX) == 1
        first = new(2, seed, first_game=True)
        cards = first.flood_deck + [c[0] for c in first.sea]
        assert len(cards) == 11 and FLOOD_SIX not in cards


# ---- placing farmers ------------------------------------------------------------------
def test_occupied_action_costs_one_then_two_coins():
    # the rule text (ES), line 137
    st = new()
    p = me(st)
    p.farmers = [DRAW, -1, -1]
    p.coins = 3
    st, p = touch(st, p)
    coins = p.coins
    play(st, "place 3 draw")
    assert p.coins == coins - 1
    st2 = new()
    p2 = me(st2)
    p2.farmers = [DRAW, DRAW, -1]
    p2.coins = 1
    st2, p2 = touch(st2, p2)
    assert "place 4 draw" not in legal(st2)
    with pytest.raises(IllegalAction):
        st2.apply("place 4 draw")
    p2.coins = 2
    st2, p2 = touch(st2, p2)
    play(st2, "place 4 draw")
    assert p2.coins == 0


def test_an_action_that_cannot_be_done_cannot_be_chosen():
    # the rule text (ES), line 146: no skipping an action to bank its points as cards
    st = new()
    p = me(st)
    p.hand = [0, 0, 0]
    st, p = touch(st, p)
    assert not any(a.startswith("place") and a.endswith("build") for a in legal(st))
    assert not any(a.endswith(" dike") for a in legal(st))
    assert "place 2 draw" in legal(st)


def test_draw_action_one_card_per_point_plus_worker():
    # the rule text (FR), line 35; the starting worker on "draw" adds 1 point (spec §4b, design)
    st = new()
    s = st.to_move
    p = me(st)
    before = p.cards
    play(st, "place 2 draw")
    assert st.phase == DRAWING and st.points_left == 3
    play(st, "draw deck", "draw deck", "draw deck")
    assert p.cards == before + 3
    assert st.to_move != s and st.phase == PLACE


def test_display_cards_are_replaced_after_the_turn():
    # the rule text (FR), line 35 "ne les remplacez pas avant votre tour": refilled when the turn ends
    st = new()
    t = next(i for i in range(3) if st.display[i])
    name = ("wood", "clay", "stone")[t]
    play(st, "place 2 draw", f"draw {name}")
    assert sum(st.display) == 3
    play(st, "draw deck", "draw deck")
    assert sum(st.display) == 4


# ---- building -----------------------------------------------------------------------------
def test_build_pays_cards_takes_a_marker_and_draws_for_unused_points():
    st = new()
    p = me(st)
    k = show(st, "fold")  # Sheep Fold: 2 AP, 2 wood, houses 2 (design)
    p.hand = [2, 0, 0]
    st, p = touch(st, p)
    play(st, "place 4 build", "build fold")
    assert st.points_left == 2
    play(st, "at a5")
    assert st.phase == PAY
    play(st, "pay wood", "pay wood")
    assert p.hand == [0, 0, 0]
    # the rule text (FR), line 22: leftmost building marker off the income board
    assert p.buildings == 1 and k in p.tiles
    assert p.farm.capacity() == 4
    # the rule text (FR), line 24: each unused action point draws a card
    assert st.phase == DRAWING and st.points_left == 2
    play(st, "draw deck", "draw deck")
    assert p.cards == 2


def test_two_cards_of_one_type_replace_a_missing_card():
    # the rule text (FR), line 21, the rule text (ES), line 141
    assert payable([0, 4, 0], [2, 0, 0], 0)
    assert payable([0, 2, 2], [2, 0, 0], 0)
    assert not payable([0, 3, 1], [2, 0, 0], 0)  # pairs must be of one type
    assert payable([0, 3, 1], [2, 0, 0], 1)  # a worker discount forgives one card
    assert payable([1, 1, 1], [1, 1, 1], 0) and not payable([1, 1, 0], [1, 1, 1], 0)
    st = new()
    p = me(st)
    show(st, "fold")
    p.hand = [0, 2, 2]
    st, p = touch(st, p)
    play(st, "place 2 build", "build fold", "at a5")
    assert legal(st) == {"pay 2 clay for wood", "pay 2 stone for wood"}
    play(st, "pay 2 clay for wood")
    assert legal(st) == {"pay 2 stone for wood"}


def test_worker_on_build_forgives_one_card():
    # the rule text (FR), line 39 (-1 resource), assigned to the build action (design, spec §4b)
    st = new()
    p = me(st)
    show(st, "fold")
    p.hand = [1, 0, 0]
    p.workers[BUILD] = 1
    st, p = touch(st, p)
    play(st, "place 2 build", "build fold", "at a5")
    assert "waive wood" in legal(st)
    play(st, "waive wood", "pay wood")
    assert p.hand == [0, 0, 0] and TILE_INDEX["fold"] in p.tiles


def test_at_most_four_buildings_but_any_number_of_features():
    # the rule text (FR), line 22
    st = new()
    p = me(st)
    show(st, "fold")
    show(st, "vegetables")
    p.hand = [5, 5, 5]
    p.buildings = 4
    st, p = touch(st, p)
    play(st, "place 4 build")
    assert "build fold" not in legal(st) and "build vegetables" in legal(st)


def test_features_need_their_terrain():
    # the rule text (FR), line 22: some features go on a tree, bush or pond
    st = new()
    p = me(st)
    show(st, "orchard")
    p.hand = [5, 5, 5]
    st, p = touch(st, p)
    play(st, "place 4 build", "build orchard")
    assert legal(st) == {"at a1", "at e4", "at a5"}  # the tree squares (design map)


def test_a_tile_may_not_leave_sheep_unhoused():
    # the rule text (ES), line 176 and ruling LL-3: covering a pasture square must keep all sheep housed
    st = new()
    p = me(st)
    show(st, "vegetables")
    p.hand = [5, 5, 5]
    st, p = touch(st, p)
    play(st, "place 4 build", "build vegetables")
    assert "at c2" not in legal(st) and "at c3" not in legal(st)
    st2 = new()
    p2 = me(st2)
    show(st2, "vegetables")
    p2.hand = [5, 5, 5]
    p2.sheep = 1
    st2, p2 = touch(st2, p2)
    play(st2, "place 4 build", "build vegetables")
    assert "at c2" in legal(st2)


# ---- the dike --------------------------------------------------------------------------------
def test_part_way_cube_locks_the_resource():
    # the rule text (FR), line 26: "Si un cube de ressource est à mi-chemin ... le même type"
    st = new()
    p = me(st)
    st.cubes = [2, 0, 0]
    p.hand = [1, 3, 0]
    st, p = touch(st, p)
    play(st, "place 3 dike")
    assert legal(st) == {"pay wood", "pay 2 clay for wood"}


def test_segments_brown_then_green_then_grey():
    # the rule text (FR), line 27: brown 4 long (3 of them), then green 3 (4), then grey 2 (6)
    st = new()
    p = me(st)
    st.cubes = [st.track_length - 1, 0, 0]
    p.hand = [2, 0, 0]
    st, p = touch(st, p)
    play(st, "place 3 dike", "pay wood")
    assert st.dike == 4 and st.segments_placed == 1 and st.cubes == [0, 0, 0]
    # the rule text (FR), line 28: after a segment, any type may start the next
    p.hand = [1, 1, 0]
    st, p = touch(st, p)
    assert {"pay wood", "pay clay"} <= legal(st)
    assert [s.length for s in SEGMENTS] == [4] * 3 + [3] * 4 + [2] * 6 and st.dike == SEGMENTS[0].length
    # a cube that reaches the end when all 13 segments stand places nothing (design)
    full = new()
    full.seats[full.to_move].hand = [2, 0, 0]
    full = edited(full, dike=36, segments_placed=len(SEGMENTS), cubes=[full.track_length - 1, 0, 0])
    play(full, "place 3 dike", "pay wood")
    assert full.dike == 36 and full.segments_placed == len(SEGMENTS) and full.cubes[WOOD] == 0


def test_contribution_then_help_then_bonus_space():
    # the rule text (FR), lines 28-29: marker moves one space per card; the asked opponent may pay
    # up to as many; the active player gets one bonus space if the helper pays
    st = new(3, 2)
    s = st.to_move
    p = me(st)
    p.hand = [3, 0, 0]
    st, p = touch(st, p)
    play(st, "place 3 dike", "pay wood", "pay wood", "stop")
    assert p.dike_space == 2 and st.phase == ASK and st.to_move == s
    other = (s + 1) % 3
    assert legal(st) == {f"ask {o}" for o in range(3) if o != s}
    helper = st.seats[other]
    helper.hand = [0, 0, 5]
    st, p, helper = touch(st, p, helper)
    play(st, f"ask {other}")
    assert st.phase == HELP and st.to_move == other
    # the cube of wood is part-way: the helper must give wood or two of a kind for it
    assert legal(st) == {"pay 2 stone for wood", "stop"}
    play(st, "pay 2 stone for wood", "pay 2 stone for wood")
    # LL-7: "autant d'espaces que de ressources qu'il a contribuées": four cards, four spaces
    assert helper.dike_space == 4 == TOKEN_SPACES[0] and st.phase == TOKEN and st.to_move == other
    play(st, str(st.legal_actions()[0]))
    assert p.dike_space == 3
    # the active player's unused point becomes a card
    assert st.to_move == s and st.phase == DRAWING and st.points_left == 1


def test_helper_who_declines_gives_no_bonus():
    st = new(3, 2)
    s = st.to_move
    p = me(st)
    p.hand = [2, 0, 0]
    st, p = touch(st, p)
    play(st, "place 2 dike", "pay wood", "pay wood", f"ask {(s + 1) % 3}", "stop")
    assert p.dike_space == 2 and st.seats[(s + 1) % 3].dike_space == 0


def test_two_players_may_ask_the_market_for_a_coin():
    # the rule text (ES), lines 228-234
    st = new(2, 3)
    s = st.to_move
    p = me(st)
    p.hand = [2, 0, 0]
    p.coins = 1
    st, p = touch(st, p)
    play(st, "place 2 dike", "pay wood", "pay wood")
    assert legal(st) == {f"ask {1 - s}", "ask market"}
    seen = len(st.deck) + sum(st.discard)
    play(st, "ask market")
    assert p.coins == 0
    assert p.dike_space == 2  # no bonus space (line 234)
    assert len(st.deck) + sum(st.discard) == seen  # revealed cards went to the discards
    st2 = new(2, 3)
    p2 = me(st2)
    p2.hand = [2, 0, 0]
    p2.coins = 0
    st2, p2 = touch(st2, p2)
    play(st2, "place 2 dike", "pay wood", "pay wood")
    assert legal(st2) == {f"ask {1 - st2.to_move}"}  # no coin: must ask the opponent


def test_progress_token_offers_its_two_rewards():
    # the rule text (FR), line 28: reaching or passing a token: choose one of its two rewards
    st = new(3, 4)
    p = me(st)
    p.dike_space = TOKEN_SPACES[0] - 1
    p.hand = [1, 0, 0]
    p.coins = 0
    st, p = touch(st, p)
    play(st, "place 2 dike", "pay wood", "stop")
    assert st.phase == TOKEN
    token = PROGRESS_TOKENS[st.token_on_space[0]]
    assert legal(st) == {f"take {o}" for o in token.options}
    # claimed once per player
    assert p.tokens_claimed == 1


def test_workshop_contributes_without_a_card():
    # the rule text (FR), line 29: three buildings let players contribute without a card
    st = new()
    p = me(st)
    p.hand = [0, 0, 0]
    p.tiles.append(TILE_INDEX["carpenter"])
    st, p = touch(st, p)
    assert "place 2 dike" in legal(st)
    play(st, "place 2 dike")
    assert legal(st) == {"free wood"}
    play(st, "free wood")
    assert legal(st) == {"stop"}
    assert st.cubes[WOOD] == 1


# ---- fences ---------------------------------------------------------------------------------
def test_buying_a_fence_costs_a_card_and_uncovers_the_income_board():
    # the rule text (FR), line 31: one point per fence, one card to buy, taken left to right
    st = new()
    p = me(st)
    p.hand = [1, 0, 0]
    st, p = touch(st, p)
    play(st, "place 2 fence", "pay wood")
    assert p.fences_left == 9 and st.phase == FPLACE
    play(st, "fence a1n")
    assert p.farm.has_fence(edge("a1n")) and st.phase == FENCING and st.points_left == 1
    assert p.farm.fence_count() + p.fences_left == 16


def test_worker_icon_under_a_fence_assigns_a_worker_at_once():
    # the rule text (ES), line 143: "Siempre que descubras un icono de trabajador"
    st = new()
    p = me(st)
    slot = FENCE_ICONS.index("worker")
    p.fences_left = 10 - slot
    p.hand = [1, 0, 0]
    st, p = touch(st, p)
    play(st, "place 2 fence", "pay wood", "fence a1n")
    assert st.phase == WORKER
    assert "worker dike" in legal(st) and "worker market" in legal(st) and "skip" in legal(st)
    play(st, "worker dike")
    assert p.workers[DIKE] == 1 and p.workers_free == 0
    assert st.phase == FENCING


def test_moving_a_fence_must_keep_the_sheep_housed():
    # ruling LL-3 (the rule text (ES), line 176: a sheep goes back to the supply only by an effect)
    st = new()
    p = me(st)
    p.hand = [1, 0, 0]
    st, p = touch(st, p)
    play(st, "place 2 fence")
    # both sheep need every fence of the start pasture: no fence can move anywhere new,
    # and putting one back where it was lifted changes nothing (LL-38)
    assert legal(st) == {"pay wood"}
    p.sheep = 1  # one sheep fits in c3 alone once c3n closes it
    st, p = touch(st, p)
    assert "lift c2n" in legal(st)
    play(st, "lift c2n")
    assert legal(st) == {"fence c3n"}
    p.sheep = 0
    st, p = touch(st, p)
    assert len(legal(st)) == 71 - 6  # not the five standing fences, not c2n itself


def test_free_fences_from_the_estate():
    # spec §2a Estate: place 2 fences for free
    st = new()
    p = me(st)
    show(st, "estate")
    p.hand = [2, 2, 0]
    st, p = touch(st, p)
    play(st, "place 4 build", "build estate", "at f1", "pay wood", "pay wood", "pay clay", "pay clay")
    assert st.phase == FPLACE and st.fence_mode == 2
    play(st, "fence a1n", "fence b1n")
    assert p.fences_left == 8 and p.hand == [0, 0, 0]


# ---- the market -----------------------------------------------------------------------------
def test_market_one_row_one_direction_at_the_track_price():
    # the rule text (FR), line 33: one transaction per point, one row, at the value track's price
    st = new()
    p = me(st)
    coins = p.coins
    play(st, "place 3 market")
    assert not any(a.startswith("buy") for a in legal(st))  # no room for another sheep
    play(st, "sell 2")
    assert p.coins == coins + VALUE_SHEEP[st.value_space] and p.sheep == 1
    assert legal(st) == {"sell 2", "stop"}


def test_market_worker_better_price():
    # the rule text (FR), line 39; Z-Man preview (spec §3): sell one coin dearer
    st = new()
    p = me(st)
    p.workers[MARKET] = 1
    coins = p.coins
    st, p = touch(st, p)
    play(st, "place 2 market", "sell 1")
    assert p.coins == coins + VALUE_SHEEP[st.value_space] + 1


# ---- upkeep, tides, storm ------------------------------------------------------------------
def test_breeding_one_lamb_per_two_sheep_if_housed():
    # the rule text (FR), line 38, the rule text (ES), line 154
    st = new()
    for p, sheep in zip(st.seats, (2, 3, 4), strict=True):
        p.farm.fences = 0
        for e in edges_around([cell("c2"), cell("c3"), cell("d2"), cell("d3")]):
            p.farm.add_fence(e)
        p.sheep = sheep
    STEPS["breed"](st)
    assert [p.sheep for p in st.seats] == [3, 4, 4]


def test_last_upkeep_runs_only_steps_1_2_and_6():
    # the rule text (ES), line 166
    st = new()
    st.agenda = []
    STEPS["upkeep"](st, True)
    names = [a[0] for a in st.agenda]
    assert "retrieve" not in names and "reset_market" not in names and "first_player" not in names
    assert {"breed", "income", "reveal"} <= set(names)
    st.agenda = []
    STEPS["upkeep"](st, False)
    assert {"retrieve", "reset_market", "first_player"} <= {a[0] for a in st.agenda}


def test_hand_limit_at_the_turn_of_the_tide():
    # the rule text (ES), line 119: more than eight cards: discard down to eight
    st = new()
    s = (st.to_move + 1) % 3
    st.seats[s].hand = [6, 4, 0]
    st = touch(st)
    STEPS["handlimit"](st, s)  # the step the Turn of the Tide's agenda runs for seat s
    assert st.phase == DISCARD and st.to_move == s
    assert legal(st) == {"discard wood", "discard clay"}
    play(st, "discard wood", "discard wood")
    assert st.seats[s].cards == 8 and st.phase != DISCARD


def test_high_tide_holds_pays_coins_and_raises_sheep():
    # the rule text (ES), lines 194-196
    st = new()
    st.dike, st.flood = 12, 12  # equal lengths: the dike holds (line 189)
    for p, pos in zip(st.seats, (6, 2, 3), strict=True):
        p.dike_space = pos
        p.coins = 0
    v = st.value_space
    STEPS["high"](st)
    assert [p.coins for p in st.seats] == [2, 0, 0]
    assert st.value_space == v + 1 and st.tides == [True]


def test_high_tide_breaks_gives_breach_tokens_and_lowers_sheep():
    # the rule text (ES), lines 202-204
    st = new()
    st.dike, st.flood = 11, 12
    for p, pos in zip(st.seats, (6, 2, 3), strict=True):
        p.dike_space = pos
    v = st.value_space
    STEPS["high"](st)
    assert [p.breach for p in st.seats] == [0, 2, 2]
    assert st.value_space == v - 1 and st.tides == [False]


def test_storm_breach_costs_sheep_then_coins_then_points():
    # the rule text (ES), lines 213-214
    st = new()
    st.dike, st.flood = 0, 5
    a, b, c = st.seats
    a.breach, a.sheep = 2, 5
    b.breach, b.sheep, b.coins = 4, 1, 20
    c.breach, c.sheep, c.coins = 3, 0, 4
    sv = VALUE_SHEEP[st.value_space]
    STEPS["storm"](st)
    assert a.sheep == 3
    assert b.sheep == 0 and b.coins == 20 - 3 * sv
    assert c.coins == 0 and c.penalty == 3 * sv - 4
    assert st.is_over and st.storm_held is False


def test_storm_holding_dike_discards_breach_tokens():
    st = new()
    st.dike, st.flood = 20, 20
    st.seats[0].breach, st.seats[0].sheep = 5, 3
    STEPS["storm"](st)
    assert st.seats[0].breach == 0 and st.seats[0].sheep == 3 and st.storm_held


def test_storm_tiles():
    # spec §2a: Bank, Dwelling Mount, Breeding Farm
    st = new()
    a, b, c = st.seats
    a.tiles = [TILE_INDEX["bank"]]
    a.coins = 9
    b.tiles = [TILE_INDEX["mount"]]
    b.breach = 6
    c.tiles = [TILE_INDEX["breeding"], TILE_INDEX["mount"]]
    c.sheep, c.breach = 9, 7
    st.dike, st.flood = 0, 30
    STEPS["storm"](st)
    assert a.bang_vp == 2
    assert b.breach == 0
    assert c.storm_sheep == 2 and c.sheep == 11 - 7


def test_final_score_and_tie_break():
    # the rule text (ES), lines 215-226
    st = new()
    for p in st.seats:
        p.coins, p.sheep, p.hand, p.dike_space = 3, 2, [1, 1, 1], 4
    parts = st.score_parts(0)
    assert parts == {"dike": 2 * VALUE_DP[st.value_space], "sheep": 2 * VALUE_SHEEP[st.value_space],
                     "tiles": 0, "bang": 0, "coins": 3, "cards": 1}
    st.seats[1].dike_space = 5  # furthest on the dike track (same points: 5 // 2 == 4 // 2)
    assert st.winners() == [1]
    st.seats[1].dike_space = 4
    top = max(range(3), key=lambda s: st.seats[s].stack_order)
    assert st.winners() == [top]  # then the marker on top


def test_views_hide_hands_and_flood_faces():
    st = new()
    v = st.view(0)
    assert "hand" in v and "hand" not in st.view(None)
    assert v["sea"][1]["face"] is None and v["sea"][1]["back"] == flood_back(st.sea[1][0])
    assert all("hand" not in f for f in v["farms"])


def test_determinize_keeps_flood_backs_and_known_cards():
    import random

    st = new(4, 9)
    rng = random.Random(1)
    changed = False
    for i in range(30):
        det = st.determinize(i % 4, rng)
        assert [flood_back(c[0]) for c in det.sea] == [flood_back(c[0]) for c in st.sea]
        assert [c[0] for c in det.sea if c[1]] == [c[0] for c in st.sea if c[1]]
        assert det.view(i % 4) == st.view(i % 4)
        assert sorted(det.flood_deck + [c[0] for c in det.sea]) == sorted(
            st.flood_deck + [c[0] for c in st.sea]
        )
        changed |= det.seats[(i + 1) % 4].hand != st.seats[(i + 1) % 4].hand
    assert changed


def test_notation_round_trips():
    for a in GAME.actions:
        assert GAME.parse(str(a)) == a
    assert str(GAME.parse("PAY  2 Clay for WOOD")) == "pay 2 clay for wood"


def test_refused_move_explains():
    st = new()
    with pytest.raises(IllegalAction) as err:
        st.apply("fence a1n")
    assert "fence" in str(err.value)
    assert st.phase == PLACE


def test_pick_phase_constant_used():
    # the build question is its own phase (small decisions, docs/architecture.md)
    st = new()
    show(st, "fold")
    me(st).hand = [2, 0, 0]
    st = touch(st)
    play(st, "place 2 build")
    assert st.phase == PICK and st.to_move is not None
    assert CONTRIB != PICK and TRADE != PICK


# ---- more effects and options ----------------------------------------------------------------
def test_lock_last_type_option():
    # option lock_last_type (spec §6 reading, ruling LL-6): the completed type may not start the next
    st = new(lock_last_type=True)
    p = me(st)
    st.cubes = [st.track_length - 1, 0, 0]
    p.hand = [3, 1, 0]
    st, p = touch(st, p)
    play(st, "place 3 dike", "pay wood")
    assert st.segments_placed == 1 and "pay wood" not in legal(st) and "pay clay" in legal(st)
    plain = new()
    plain.cubes = [plain.track_length - 1, 0, 0]
    me(plain).hand = [3, 1, 0]
    plain = touch(plain)
    play(plain, "place 3 dike", "pay wood")
    assert "pay wood" in legal(plain)


def test_market_help_advances_only_usable_cards():
    # the rule text (ES), lines 231-233: cards of the segment in progress advance it; after a
    # completion the next segment starts with the next card of a different type
    st = new(2, 3)
    p = me(st)
    p.hand = [2, 0, 0]
    p.coins = 1
    st.cubes = [0, 0, 0]
    st, p = touch(st, p)
    play(st, "place 2 dike", "pay wood", "pay wood")
    assert st.cubes == [2, 0, 0]
    st.deck = st.deck[:-2] + [1, 2]  # the next two cards, drawn from the end: stone, clay
    st, p = touch(st, p)
    play(st, "ask market")
    assert st.cubes == [2, 0, 0]  # wood is part-way: stone and clay do not count
    st2 = new(2, 3)
    p2 = me(st2)
    p2.hand = [2, 0, 0]
    p2.coins = 1
    st2.cubes = [st2.track_length - 2, 0, 0]
    st2, p2 = touch(st2, p2)
    play(st2, "place 2 dike", "pay wood")  # wood now one short of the end
    play(st2, "stop")
    st2.deck = st2.deck[:-1] + [0]
    st2, p2 = touch(st2, p2)
    play(st2, "ask market")
    assert st2.segments_placed == 1 and st2.cubes == [0, 0, 0]


def test_boost_token_adds_two_points():
    # spec §4d design: the Farmer +2 token is one +2 for one placement
    st = new()
    p = me(st)
    p.boost = 1
    p.hand = [6, 0, 0]
    st, p = touch(st, p)
    assert "boost 2 dike" in legal(st)
    play(st, "boost 2 dike")
    assert st.points_left == 4 and p.boost == 0


def test_income_card_or_coin_is_a_choice():
    # the rule text (ES), line 159: "Roba una carta ... o gana una moneda"
    st = new()
    s = st.to_move
    p = me(st)
    p.fences_left = 10 - (FENCE_ICONS.index("either") + 1)
    p.coins = 0
    st, p = touch(st, p)
    STEPS["income"](st, s)  # the Upkeep's income step for seat s
    assert legal(st) == {"take card", "take coin"}
    play(st, "take coin")
    # uncovered: coin, card, worker (acts at once, not at income), card-or-coin
    assert p.coins == FENCE_ICONS[: 10 - p.fences_left].count("coin") + 1


def test_auction_house_and_fodder_silo_before_breeding():
    # spec §2b: sell a sheep for value+1 / buy one for 1 coin, before breeding
    st = new()
    s = st.to_move
    p = me(st)
    p.tiles += [TILE_INDEX["auction"], TILE_INDEX["silo"]]
    p.effects.update({"auction": 1, "silo": 1})
    p.coins = 5
    st, p = touch(st, p)
    STEPS["upkeep_opt"](st, s)  # the Upkeep's optional step for seat s, before breeding
    assert legal(st) == {"auction", "skip"}  # no room: the silo cannot house a sheep
    play(st, "auction")
    assert p.sheep == 1 and p.coins == 5 + VALUE_SHEEP[st.value_space] + 1
    assert legal(st) == {"silo", "skip"}
    play(st, "silo")
    assert p.sheep == 2 and p.coins == 4 + VALUE_SHEEP[st.value_space] + 1


def test_farmhouse_builds_a_feature_as_a_value_four_farmer():
    # spec §2a Farmhouse: a feature with 4 points, its cards still paid
    st = new()
    p = me(st)
    show(st, "farmhouse")
    show(st, "vegetables")
    p.hand = [2, 3, 1]
    p.boost = 1
    st, p = touch(st, p)
    play(st, "boost 4 build", "build farmhouse", "at f1")
    for _ in range(4):
        st.apply(next(a for a in st.legal_actions()))
    assert st.phase == PICK and st.bonus_build and "stop" in legal(st)
    assert "build vegetables" in legal(st)
    play(st, "build vegetables", "at b2", "pay wood", "pay clay")
    assert TILE_INDEX["vegetables"] in p.tiles
    # back to the main action: its 2 unused points draw cards
    assert st.phase == DRAWING and st.points_left == 2 and not st.bonus_build


def test_storm_scoring_tiles():
    # spec §2a / §2d: Estate 3 per pasture, Dike Association +2 spaces per 3 DP, Lake Cabin
    st = new()
    a, b, c = st.seats
    a.tiles = [TILE_INDEX["estate"]]
    b.tiles = [TILE_INDEX["association"]]
    b.dike_space = 13  # 6 dike points
    k = TILE_INDEX["cabin"]
    c.farm.put_tile(cell("b4"), k, building=False)
    c.tiles = [k]
    st.dike, st.flood = 36, 1
    STEPS["storm"](st)
    assert a.bang_vp == 3 * len(a.farm.pastures()) == 3
    assert b.dike_space == 13 + 2 * 2
    assert c.bang_vp == 3 * 4  # b4's four neighbours are free land outside pastures
