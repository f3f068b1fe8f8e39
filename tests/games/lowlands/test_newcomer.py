"""The Lowlands problems a new player met (issue 25), each with the test that keeps it
fixed: moves that bring nothing are marked before and narrated after (and bots avoid
them), both names of a fence edge are accepted, the farm draws every sheep, the
automatic steps (a tile's draw, breeding, income, High Tide coins) are narrated, and
every abbreviation and phase name the board or the status line shows is explained by
``info``."""

from __future__ import annotations

import random

import pytest
from tests.games.lowlands.test_rules import legal, me, new, play, touch

from meeple import bots
from meeple.core import ParseError
from meeple.games.lowlands import GAME
from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import (
    PROGRESS_TOKENS,
    REWARDS,
    TILE_INDEX,
    TOKEN_SPACES,
)
from meeple.games.lowlands.describe import skip_futile
from meeple.games.lowlands.farm import CELL_NAMES, EDGE_CELLS, EDGE_INDEX, cell, edges_around
from meeple.games.lowlands.moves import MOVES
from meeple.games.lowlands.render import drawn_sheep, farm_lines
from meeple.games.lowlands.rules import FPLACE, NONE, TOKEN
from meeple.games.lowlands.steps import STEPS
from meeple.i18n import ENGLISH, Audience, use


def en(text) -> str:
    return ENGLISH.text(text)


def _at_sheep_token(players: int = 3, seed: int = 4):
    """A seat about to choose the reward of the sheep token (sheep or 2 coins), its
    pastures full (the starting pasture: 2 squares, 2 sheep)."""
    st = new(players, seed)
    sheep_token = next(i for i, t in enumerate(PROGRESS_TOKENS) if t.name == "sheep")
    st.token_on_space[0], st.token_on_space[sheep_token] = sheep_token, st.token_on_space[0]
    p = me(st)
    p.dike_space = TOKEN_SPACES[0] - 1
    p.hand = [1, 0, 0]
    touch(st)
    play(st, "place 2 dike", "pay wood", "stop")
    assert st.phase == TOKEN and legal(st) == {"take sheep", "take 2 coins"}
    assert p.sheep == p.farm.capacity() == 2
    return st


# ---- moves that bring nothing --------------------------------------------------------------


def test_take_sheep_with_full_pastures_is_marked_and_narrated():
    """The rule text (ES), line 176: a sheep that cannot be housed is not gained. The
    move list is told before (``futile``) and the narration after."""
    st = _at_sheep_token()
    seat = st.to_move
    view = st.view(seat)
    take_sheep, take_coins = GAME.parse("take sheep"), GAME.parse("take 2 coins")
    reason = GAME.futile(take_sheep, view)
    assert reason is not None and en(reason) == "every pasture is full (sheep: 2, room: 2)"
    assert GAME.futile(take_coins, view) is None
    sheep = me(st).sheep
    st.apply(take_sheep)
    assert st.seats[seat].sheep == sheep  # nothing gained, as the rules say
    told = [en(line) for line in GAME.narrate(view, "take sheep", st.view(seat))]
    assert told[0] == "you: take a sheep: it brings nothing (every pasture is full (sheep: 2, room: 2))." or \
        told[0].startswith(f"seat {seat}: take a sheep: it brings nothing")
    with use(Audience("fr", strict=True)):
        assert "ne rapporte rien" in Audience("fr").text(GAME.narrate(view, "take sheep", st.view(seat))[0])


def _owned(p) -> tuple:
    return (p.coins, p.sheep, p.cards, p.fences_left, p.boost, tuple(p.workers))


def _brings(st, action) -> bool:
    """Whether ``action`` brings the seat anything: run it and the steps it adds, up to
    the next question. A question for the seat (a free fence to place, a worker to move)
    counts; for the market's help, any card revealed does."""
    kind = X.KIND[int(action)]
    seat = st.to_move
    after = st.clone()
    depth = len(after.agenda)
    MOVES[kind[0]](after, *kind[1:])
    while after.phase == NONE and len(after.agenda) > depth:
        step = after.agenda.pop()
        STEPS[step[0]](after, *step[1:])
    if kind[0] == "ask":
        return after.reveals != st.reveals
    return after.phase != NONE or _owned(after.seats[seat]) != _owned(st.seats[seat])


def test_the_futile_mark_is_exactly_the_moves_that_bring_nothing():
    """For every progress-token reward and every 2-player market ask met in random play,
    ``futile`` marks the move exactly when playing it brings the seat nothing."""
    checked = {True: 0, False: 0}
    for seed in range(12):
        st = GAME.new(2 + seed % 3, seed)
        rng = random.Random(seed)
        while st.to_move is not None:
            view = st.view(st.to_move)
            for a in st.legal_actions():
                kind = X.KIND[int(a)]
                if kind[0] == "take" or kind == ("ask", -1):
                    futile = GAME.futile(a, view) is not None
                    assert futile == (not _brings(st, a)), (seed, st.ply, str(a))
                    checked[futile] += 1
            st.apply(GAME.greedy_action(st, rng) if rng.random() < 0.5 else rng.choice(st.legal_actions()))
    assert checked[False] > 50 and checked[True] > 0, checked


@pytest.mark.parametrize("policy", ["greedy", "rollout", "dike-builder", "shepherd", "farmer"])
def test_bots_skip_a_reward_that_brings_nothing(policy):
    st = _at_sheep_token()
    rng = random.Random(0)
    for _ in range(20):
        if policy == "greedy":
            chosen = GAME.greedy_action(st, rng)
        elif policy == "rollout":
            chosen = GAME.rollout_action(st, rng)
        else:
            chosen = GAME.style_action(policy, st, rng)
        assert str(chosen) == "take 2 coins"


def test_the_filter_keeps_a_futile_move_when_it_is_the_only_one():
    st = _at_sheep_token()
    only = [GAME.parse("take sheep")]
    assert list(skip_futile(st, only)) == only
    assert list(skip_futile(st, st.legal_actions())) == [GAME.parse("take 2 coins")]


def test_asking_the_market_after_paying_no_card_is_marked():
    """2 players (the rule text (ES), line 231): the market reveals as many cards as were
    paid; after a workshop's contribution alone it reveals none (LL-9, LL-10)."""
    st = new(2, 1)
    p = me(st)
    p.hand = [0, 0, 0]
    p.coins = 3
    p.tiles.append(TILE_INDEX["carpenter"])
    touch(st)
    play(st, "place 2 dike", "free wood", "stop")
    view = st.view(st.to_move)
    market = GAME.parse("ask market")
    assert en(GAME.futile(market, view)) == "no card was paid to the dike, so the market reveals none"
    assert GAME.futile(GAME.parse(f"ask {1 - st.to_move}"), view) is None
    assert str(GAME.greedy_action(st, random.Random(0))) != "ask market"


# ---- the two names of a fence edge -------------------------------------------------------------


def test_a_fence_edge_may_be_named_from_either_square():
    """``fence d2e`` names the edge between d2 and e2, canonically ``e2w``: the parser
    reads both names as the one action, and the action table is unchanged."""
    assert len(GAME.actions) == 322
    assert GAME.parse("fence d2e") == GAME.parse("fence e2w") == GAME.parse(" FENCE   D2E ")
    assert str(GAME.parse("lift c1s")) == "lift c2n"
    assert GAME.parse("fence f5e") == GAME.parse("fence f5e")  # the board's own edges keep their one name
    for text in ("a1n", "f3e", "b5s", "a4w"):
        assert str(GAME.parse(f"fence {text}")) == f"fence {text}"
    # every square's four sides name an edge between that square and its neighbour
    for i, name in enumerate(CELL_NAMES):
        for side in "nswe":
            action = GAME.parse(f"fence {name}{side}")
            assert i in EDGE_CELLS[EDGE_INDEX[str(action).split()[1]]]
    with pytest.raises(ParseError):
        GAME.parse("fence g2e")
    st = new()
    p = me(st)
    p.hand = [1, 0, 0]
    touch(st)
    play(st, "place 2 fence", "pay wood", "fence d2e")
    assert p.farm.has_fence(EDGE_INDEX["e2w"])


# ---- every sheep on the map ---------------------------------------------------------------------


def test_the_farm_draws_every_sheep_it_has():
    """Sheep on tiles (External Stable, Pet Shop, Sheep Fold, the Breeding Farm's Storm
    Tide lambs) and sheep waiting for a pasture while a fence moves are drawn too."""
    for seed in range(6):
        st = GAME.new(2 + seed % 3, seed)
        rng = random.Random(seed)
        while st.to_move is not None:
            for farm in st.view(None)["farms"]:
                assert drawn_sheep(farm) == farm["sheep"], (seed, st.ply)
            st.apply(GAME.greedy_action(st, rng) if rng.random() < 0.5 else rng.choice(st.legal_actions()))


def test_a_sheep_on_the_pet_shop_is_drawn_beside_the_grid():
    st = new()
    p = me(st)
    p.farm.fences = 0
    for e in edges_around([cell("c2"), cell("c3"), cell("d2")]):
        p.farm.add_fence(e)
    k = TILE_INDEX["petshop"]
    p.farm.put_tile(cell("a5"), k, True, houses=2)
    p.tiles.append(k)
    p.sheep = 4
    touch(st)
    farm = st.view(st.to_move)["farms"][st.to_move]
    assert sum(farm["housing"].values()) == 3 and farm["tile_sheep"] == {"a5": 1}
    with use(ENGLISH):
        text = "\n".join(farm_lines(st.view(st.to_move), st.to_move))
    assert "sheep outside the pastures: PET: 1 sheep" in text and "PET = Pet Shop" in text


def test_sheep_waiting_for_a_pasture_while_a_fence_moves_are_drawn():
    """A fence lifted from a pasture leaves its sheep waiting until the fence is put down
    again (it must re-house them, LL-3); the board says so rather than losing them."""
    st = GAME.new(3, 0)
    rng = random.Random(0)
    while not any(f["tile_sheep"].get("") for f in st.view(None)["farms"]):
        st.apply(GAME.greedy_action(st, rng) if rng.random() < 0.7 else rng.choice(st.legal_actions()))
    seat = st.to_move
    farm = st.view(seat)["farms"][seat]
    waiting = farm["tile_sheep"][""]
    assert waiting == farm["sheep"] - farm["capacity"] > 0 and st.phase == FPLACE
    with use(ENGLISH):
        assert f"{waiting} sheep waiting for a pasture" in " ".join(GAME.render(st, seat).split())


# ---- what the automatic steps did -----------------------------------------------------------------


def _narrated(st, seat, *moves) -> list[str]:
    told = []
    for move in moves:
        before = st.view(seat)
        st.apply(move)
        told += [en(line) for line in GAME.narrate(before, move, st.view(seat))]
    return told


def test_a_fish_ponds_draw_is_narrated():
    st = new()
    seat = st.to_move
    p = me(st)
    k = TILE_INDEX["fishpond"]
    st.face_up[2] = [k] + [i for i in st.face_up[2] if i != k][:2]
    p.hand = [0, 1, 1]
    touch(st)
    cards = p.cards
    told = _narrated(st, seat, "place 2 build", "build fishpond", "at f1", "pay clay", "pay stone")
    assert p.cards == cards - 2 + 2
    assert "You build the Fish Pond on f1 and draw 2 cards." in told


def test_breeding_income_and_high_tide_coins_are_narrated():
    """The rule text (ES), lines 154-159 (breeding, income) and 194 (a coin per dike point
    above the lowest): the last Upkeep and the High Tide say what each seat got."""
    st = new(3, 2)
    for s, p in enumerate(st.seats):
        p.farm.fences = 0
        for e in edges_around([cell("c2"), cell("c3"), cell("d2")]):
            p.farm.add_fence(e)
        p.sheep = (2, 3, 1)[s]
        p.dike_space = (6, 2, 3)[s]
    st.dike, st.flood = 24, 12  # the last Upkeep turns one more flood card: at most 18
    before = st.view(0)
    st.agenda = [("high",), ("upkeep", True)]
    st.phase, st.told = NONE, ()
    st._run()
    text = "\n".join(en(line) for line in GAME.narrate(before, "stop", st.view(0)))
    # three pasture squares: 2 sheep breed 1 lamb, housed; 3 sheep breed 1, with no room;
    # a single sheep breeds none
    assert "Breeding: seat 0: 1 lamb; seat 1: 0 lambs (1 without room)." in text
    assert "Income: seat 2: 1 card; seat 0: 1 card; seat 1: 1 card." in text  # in turn order
    assert "High Tide: the dike (24) holds against the flood (" in text
    assert "Coins for dike points above the lowest: seat 0 +2, seat 1 +0, seat 2 +0." in text


def test_the_high_tide_breach_and_the_storm_tide_payments_are_narrated():
    st = new(3, 2)
    st.dike, st.flood = 0, 5
    for p, (pos, sheep) in zip(st.seats, ((6, 0), (2, 3), (2, 0)), strict=True):
        p.dike_space, p.sheep, p.coins = pos, sheep, 1
    before = st.view(0)
    STEPS["high"](st)
    st.agenda = [("storm",)]
    st.told = ()
    STEPS["high"](st)
    told = [en(line) for line in GAME.narrate(before, "stop", st.view(0))]
    assert any(line.startswith("Breach tokens for dike points behind the leader: seat 0 +0, seat 1 +2") for line in told)


# ---- every word of the board in info ---------------------------------------------------------------


@pytest.mark.parametrize("word", ["ap", "DP", "VP", "prov", "design", "segment", "site", "place", "help", "pay",
                                  "at", "ask", "token", "worker", "income", "upkeep", "discard", "fence at",
                                  "breach", "boost", "value", "flood", "stage", "pasture", "farmer"])
def test_info_explains_every_abbreviation_and_phase_name(word):
    entry = GAME.lookup(word)
    assert entry is not None, word
    assert len(en(entry.text)) > 40


def test_info_finds_the_board_labels_and_short_forms_in_the_readers_language():
    with use(Audience("fr")):
        assert en(GAME.lookup("POI").name) == "Fish Pond"  # Étang à poissons
        assert en(GAME.lookup("pa").name) == "action points"
        assert en(GAME.lookup("étang à poissons").name) == "Fish Pond"
    with use(Audience("nl")):
        assert en(GAME.lookup("TRP").name) == "Dwelling Mount"  # terp


def test_the_board_speaks_in_words_not_phase_names_and_the_legend_names_its_symbols():
    st = new()
    with use(ENGLISH):
        board = GAME.render(st, st.to_move)
    assert "to answer" not in board and "key a building" not in board
    assert "three letters: a tile" in " ".join(" ".join(farm_lines(st.view(0), 0)).split())
    assert "^ tree * bush ~ pond" in board
    status = en(GAME.status(st.view(st.to_move)))
    assert "place" not in status.split()[1:2] and "places a farmer" in status or "place a farmer" in status


def test_refusals_name_the_question_in_words():
    st = new()
    with pytest.raises(Exception) as err:
        st.apply("take sheep")
    text = str(err.value)
    assert "choosing a progress-token reward" in text and "placing a farmer" in text


def test_describe_says_what_each_legal_move_does():
    for seed in range(3):
        st = GAME.new(3, seed)
        rng = random.Random(seed)
        while st.to_move is not None and st.ply < 150:
            view = st.view(st.to_move)
            for a in st.legal_actions():
                words = en(GAME.describe(a, view))
                assert words and (words != str(a) or str(a).startswith("take "))
            st.apply(rng.choice(st.legal_actions()))
    st = new()
    view = st.view(st.to_move)
    assert en(GAME.describe(GAME.parse("place 3 dike"), view)).startswith(
        "put your farmer 3 on the dike action: ")
    assert REWARDS  # the table the rewards' words come from


def test_a_bot_game_with_every_rule_variant_narrates_without_missing_messages():
    st = GAME.new(2, 5, marker_spaces="contributions", market_reveals="contributions", helper_bonus="contributed")
    seats = [bots.get("greedy", GAME, seed=s) for s in range(2)]
    say = Audience("es", strict=True)
    while st.to_move is not None:
        before = st.view(0)
        action = seats[st.to_move].choose(st)
        st.apply(action)
        for line in GAME.narrate(before, str(action), st.view(0)):
            assert say(line)


def test_the_rules_have_notation_and_options_sections():
    """``meeple rules lowlands``: a notation section naming every kind of move and an
    options section naming every option with its values (issue 25)."""
    from meeple.rulestext import packaged_rules

    text = packaged_rules(GAME)
    sections = text.split("\n## ")
    notation = next(s for s in sections if s.startswith("Notation"))
    options = next(s for s in sections if s.startswith("Options"))
    verbs = {a.text.split()[0] for a in GAME.actions}
    assert all(f"`{verb}" in notation for verb in verbs), [v for v in verbs if f"`{v}" not in notation]
    assert "`d2e`" in notation and "`e2w`" in notation
    for key, option in GAME.options.items():
        row = next(line for line in options.splitlines() if line.startswith(f"| `{key}`"))
        assert all(f"`{str(c).lower()}`" in row for c in option.choices), row
