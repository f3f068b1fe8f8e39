"""The fast paths search relies on give exactly what the plain rules give.

Search speed (issue 24) comes from caches and bit masks in the farm geometry and the
legal-move code; each is checked here against a plain, slow statement of the same rule
on thousands of farms and on every placement of many games, so an optimisation that
drops a case fails here rather than as a subtly different game. Rules: the rule text
(ES), line 146 (an action must be performable), lines 168-176 (pastures, tiles on the
farm); the rule text (FR), line 21 (paying with two cards for one).
"""

from __future__ import annotations

import random

import pytest

from meeple.games.lowlands import GAME
from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import BUILD, BUILDING_MARKERS, FARMERS, TILES, WORKER_EFFECTS
from meeple.games.lowlands.farm import (
    ALL,
    EDGE_CELLS,
    NCELLS,
    NEDGES,
    SIDES,
    TERRAIN,
    bridges,
    capacity,
    cheapest_pasture,
    enclosed_mask,
    spare_fences,
)
from meeple.games.lowlands.legal import any_movable_fence, movable_fences
from meeple.games.lowlands.phases import (
    NR,
    NS,
    PLACE,
    TERRAIN_CODE,
    farm_capacity_with_tile,
    payable,
)


def random_farm(rng: random.Random) -> tuple[int, int, int, int, int, int]:
    """Fences, buildings, covered squares, feeders, troughs, sheep on tiles: a random
    farm (not always a reachable one: the geometry must hold for any masks)."""
    density = rng.choice((0.1, 0.3, 0.5, 0.8))
    fences = sum(1 << e for e in range(NEDGES) if rng.random() < density)
    buildings = sum(1 << i for i in range(NCELLS) if rng.random() < 0.1)
    covered = buildings | sum(1 << i for i in range(NCELLS) if rng.random() < 0.1)
    feeders = covered & sum(1 << i for i in range(NCELLS) if rng.random() < 0.2)
    troughs = covered & ~feeders & sum(1 << i for i in range(NCELLS) if rng.random() < 0.1)
    return fences, buildings, covered, feeders, troughs, rng.randrange(3)


def plain_cheapest_pasture(fences: int, buildings: int, covered: int) -> tuple[int, list[int]]:
    pm = enclosed_mask(fences, buildings)
    best, best_key, best_sides = -1, None, []
    for i in range(NCELLS):
        if (covered | pm) >> i & 1:
            continue
        sides = [e for e, nb in SIDES[i] if not fences >> e & 1 and not (nb >= 0 and buildings >> nb & 1)]
        near = sum(1 for _, nb in SIDES[i] if nb >= 0 and pm >> nb & 1)
        key = (len(sides), -near, i)
        if best_key is None or key < best_key:
            best, best_key, best_sides = i, key, sides
    return best, best_sides


def plain_spare_fences(farm: tuple[int, ...], keep: tuple[int, ...]) -> list[int]:
    fences, buildings = farm[0], farm[1]
    plain = capacity.__wrapped__
    cap = plain(*farm)
    inside = enclosed_mask(fences, buildings) | buildings
    out = []
    for e in range(NEDGES):
        a, b = EDGE_CELLS[e]
        between = a >= 0 and b >= 0 and inside >> a & 1 and inside >> b & 1
        if fences >> e & 1 and e not in keep and between and plain(fences & ~(1 << e), *farm[1:]) >= cap:
            out.append(e)
    return out


def test_farm_caches_and_masks_match_the_plain_geometry_on_thousands_of_farms():
    rng = random.Random(24)
    for _ in range(3000):
        farm = random_farm(rng)
        assert capacity(*farm) == capacity.__wrapped__(*farm)
        best, sides = cheapest_pasture(*farm[:3])
        assert (best, list(sides)) == plain_cheapest_pasture(*farm[:3])
        keep = tuple(rng.sample(range(NEDGES), rng.randrange(4)))
        assert list(spare_fences(*farm, keep)) == plain_spare_fences(farm, keep)


def plain_movable(farm: tuple[int, ...], sheep: int, lifted: int) -> int:
    """A fence may move when some other edge, free and not lifted from in this action,
    takes it with every sheep still housed (LL-3, LL-38): tried edge by edge."""
    fences, plain = farm[0], capacity.__wrapped__
    out = 0
    for e in range(NEDGES):
        if fences >> e & 1 and any(
            not (fences | lifted) >> e2 & 1 and plain(fences & ~(1 << e) | 1 << e2, *farm[1:]) >= sheep
            for e2 in range(NEDGES) if e2 != e
        ):
            out |= 1 << e
    return out


def test_movable_fences_match_trying_every_edge_on_hundreds_of_farms():
    rng = random.Random(38)
    for n in range(300):
        farm = random_farm(rng)
        if n % 3 == 0:
            farm = (farm[0], farm[1], farm[2], farm[3], 0, farm[5])  # most farms have no trough
        cap = capacity(*farm)
        sheep = max(0, cap - rng.choice((0, 0, 1, 2, 5)))
        lifted = sum(1 << e for e in range(NEDGES) if rng.random() < 0.05)
        movable = plain_movable(farm, sheep, lifted)
        assert movable_fences(*farm, sheep, lifted) == movable, n
        assert any_movable_fence(*farm, sheep, lifted) == bool(movable), n


def plain_bridges(squares: int, fences: int) -> list[int]:
    """Edges of the graph of ``squares`` and the off-board node whose removal leaves
    more connected pieces: counted piece by piece, without and with each edge."""
    links = [(e, i, NCELLS if nb < 0 else nb) for i in range(NCELLS) if squares >> i & 1
             for e, nb in SIDES[i] if not fences >> e & 1 and (nb < 0 or squares >> nb & 1)]
    links = list({e: (e, a, b) for e, a, b in links}.values())  # an inner edge is seen from both sides

    def pieces(kept) -> int:
        parent = list(range(NCELLS + 1))

        def root(x: int) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        for _, a, b in kept:
            parent[root(a)] = root(b)
        return len({root(x) for x in range(NCELLS + 1) if x == NCELLS or squares >> x & 1})

    whole = pieces(links)
    return sorted(e for e, _, _ in links if pieces([lk for lk in links if lk[0] != e]) > whole)


def test_bridges_match_counting_pieces_on_hundreds_of_farms():
    rng = random.Random(71)
    for _ in range(400):
        fences, buildings = random_farm(rng)[:2]
        squares = ALL & ~buildings & ~(enclosed_mask(fences, buildings) if rng.random() < 0.5 else 0)
        assert list(bridges(squares, fences, off_board=True)) == plain_bridges(squares, fences)


def plain_tile_cells(state, s: int, k: int) -> list[int]:
    p, t = state.seats[s], TILES[k]
    need = TERRAIN_CODE[t.terrain]
    pm = p.farm.pasture_mask()
    return [
        i for i in range(NCELLS)
        if not p.farm.covered >> i & 1 and not (need and TERRAIN[i] != need)
        and not (pm >> i & 1 and farm_capacity_with_tile(p.farm, i, t) < p.sheep)
    ]


def plain_payable(hand, need, waivers: int) -> bool:
    missing = sum(max(0, n - h) for h, n in zip(hand, need, strict=True))
    pairs = sum(max(0, h - n) // 2 for h, n in zip(hand, need, strict=True))
    return missing - waivers <= pairs


def plain_buildable(state, s: int, ap: int, features_only: bool) -> list[int]:
    p = state.seats[s]
    waivers = 0 if features_only else p.workers[BUILD] * WORKER_EFFECTS[BUILD].discount
    return [
        k for up in state.face_up for k in up
        if TILES[k].ap <= ap and not (TILES[k].kind != "feature" and (features_only or p.buildings >= BUILDING_MARKERS))
        and plain_payable(p.hand, (TILES[k].wood, TILES[k].clay, TILES[k].stone), waivers)
        and plain_tile_cells(state, s, k)
    ]


def plain_placements(state, s: int) -> list[int]:
    """Every farmer on every space it can pay for, with and without the +2 token, kept
    when the action can be done with its points (the rule text (ES), line 146)."""
    p = state.seats[s]
    out, free_any = [], []
    for fi, f in enumerate(FARMERS):
        if p.farmers[fi] >= 0:
            continue
        for space in range(NS):
            cost = state._reuse_cost(p, space)
            if cost > p.coins:
                continue
            if cost == 0:
                free_any.append(X.PLACE[fi][space])
            for boost in (False, True) if p.boost else (False,):
                ap = state._space_ap(p, space, f, boost)
                ok = bool(plain_buildable(state, s, ap, False)) if space == BUILD else \
                    state._performable(s, space, ap, p.coins - cost)
                if ok:
                    out.append((X.BOOST if boost else X.PLACE)[fi][space])
    return out or free_any


def states_of_games(players: int, seeds: range, policy: str):
    rng = random.Random(players)
    for seed in seeds:
        state = GAME.new(players, seed)
        while state.to_move is not None:
            yield state
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if policy == "random" else GAME.greedy_action(state, rng))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tiles_payments_and_placements_match_the_plain_rules_in_played_games(players):
    placements = tiles = 0
    for state in states_of_games(players, range(2), "random"):
        s = state.to_move
        p = state.seats[s]
        legal = list(map(int, state.legal_actions()))  # from here on, what can be built is remembered
        for k in {k for up in state.face_up for k in up}:
            cells = plain_tile_cells(state, s, k)
            assert state._tile_cells(s, k) == cells
            assert state._has_tile_cell(s, k) == bool(cells)
            tiles += 1
        for ap in range(1, 9):
            for features_only in (False, True):
                assert state._buildable(s, ap, features_only) == plain_buildable(state, s, ap, features_only)
        need = tuple(random.Random(state.ply).randrange(4) for _ in range(NR))
        assert payable(p.hand, need, state.ply % 3) == plain_payable(p.hand, need, state.ply % 3)
        if state.phase == PLACE:
            assert legal == plain_placements(state, s)
            placements += 1
    assert placements > 20 and tiles > 1000


def test_greedy_games_place_as_the_plain_rules_allow():
    placements = 0
    for state in states_of_games(3, range(2), "greedy"):
        if state.phase == PLACE:
            assert list(map(int, state.legal_actions())) == plain_placements(state, state.to_move)
            placements += 1
    assert placements > 50
