"""Farm geometry: fences on edges, pastures are exactly the enclosed regions, capacity.

Rules: the rule text (FR), line 31 ("Si un pâturage a une clôture qui l'entoure sans espaces,
vous pouvez y loger un mouton par carré ... Les tuiles de construction agissent comme
des substituts de clôtures ... Les espaces dans les pâturages signifient que les
moutons s'échapperont"), the rule text (ES), lines 170-176 (enclosed by fences and/or buildings;
no sheep on tiles unless a tile says so).
"""

from __future__ import annotations

import random

from meeple.games.lowlands.farm import (
    CELL_NAMES,
    EDGE_CELLS,
    EDGE_NAMES,
    NCELLS,
    NEDGES,
    Farm,
    capacity,
    cell,
    edge,
    edges_around,
    mask_of,
    pastures,
    regions,
)


def fenced(*names: str) -> int:
    return mask_of(edges_around([cell(n) for n in names]))


def test_grid_has_71_named_edges_and_30_squares():
    assert NCELLS == 30 and NEDGES == 71
    assert len(set(EDGE_NAMES)) == 71 and len(set(CELL_NAMES)) == 30
    # an inner edge separates two squares, an outer edge one square and the outside
    assert EDGE_CELLS[edge("c2n")] == (cell("c1"), cell("c2"))
    assert EDGE_CELLS[edge("a1n")] == (cell("a1"), -1)
    assert EDGE_CELLS[edge("f5e")] == (cell("f5"), -1)
    assert EDGE_CELLS[edge("d2w")] == (cell("c2"), cell("d2"))


def test_starting_pasture_needs_six_fences_and_houses_two():
    # the rule text (FR), line 12: "six clôtures ... pâturage portrait 2x1 ... un mouton dans chaque carré"
    f = fenced("c2", "c3")
    assert f.bit_count() == 6
    assert pastures(f, 0) == [[cell("c2"), cell("c3")]]
    assert capacity(f, 0) == 2


def test_a_gap_means_no_pasture():
    # the rule text (FR), line 31: gaps let the sheep escape
    for e in edges_around([cell("c2"), cell("c3")]):
        f = fenced("c2", "c3") & ~(1 << e)
        assert pastures(f, 0) == []
        assert capacity(f, 0) == 0


def test_board_edge_is_not_a_fence():
    # design (spec §10): a corner square needs its outer edges fenced too
    f = mask_of([edge("b1w"), edge("a2n")])  # the inner sides of corner a1
    assert capacity(f, 0) == 0
    f |= mask_of([edge("a1n"), edge("a1w")])
    assert capacity(f, 0) == 1


def test_building_borders_act_as_fences():
    # the rule text (ES), line 170: enclosed "por cercas y / o edificios"
    b = mask_of([cell("b2")])
    # c2 fenced on three sides, its west side is the building b2
    f = mask_of([edge("c2n"), edge("c3n"), edge("d2w")])
    assert pastures(f, b) == [[cell("c2")]]
    assert capacity(f, b) == 1
    # the building square itself is never pasture and a fence beside it is redundant
    assert all(cell("b2") not in m for m, _ in regions(f, b))
    assert capacity(f | mask_of([edge("c2w")]), b) == 1


def test_features_stand_on_open_land_and_house_nothing():
    # the rule text (ES), line 172: no sheep on expansion tiles unless a tile says so
    f = fenced("c2", "c3")
    assert capacity(f, 0, covered=mask_of([cell("c2")])) == 1
    # a feature does not close a gap: it is not a building
    open_f = f & ~(1 << edge("c2n"))
    assert capacity(open_f, 0, covered=mask_of([cell("c1")])) == 0


def test_internal_fences_do_not_change_capacity():
    f = fenced("c2", "c3", "d2", "d3")
    assert capacity(f, 0) == 4
    inner = mask_of([edge("d2w"), edge("d3w"), edge("c3n")])
    assert capacity(f | inner, 0) == 4
    assert len(pastures(f | inner, 0)) == 3


def test_two_separate_pastures():
    f = fenced("a1") | fenced("f5", "e5")
    assert sorted(map(len, pastures(f, 0))) == [1, 2]
    assert capacity(f, 0) == 3


def test_capacity_tiles():
    f = fenced("c2", "c3")
    # Feed Storage on d2 (a building): the pasture squares next to it hold one more
    feed = mask_of([cell("d2")])
    assert capacity(f, feed, covered=feed, feeders=feed) == 3
    # Feeding Trough on d2: the bordering pasture holds 2 per square
    assert capacity(f, feed, covered=feed, troughs=feed) == 4
    # a stable houses sheep on the tile itself
    assert capacity(f, 0, on_tiles=3) == 5
    # a trough not touching the pasture changes nothing
    far = mask_of([cell("f5")])
    assert capacity(f, far, covered=far, troughs=far) == 2


def test_farm_object_caches_and_houses_sheep():
    farm = Farm()
    for e in edges_around([cell("c2"), cell("c3")]):
        farm.add_fence(e)
    assert farm.capacity() == 2
    farm.put_tile(cell("d2"), 7, building=True, houses=3)
    assert farm.capacity() == 5
    housing, rest = farm.housing(4)
    assert housing == {cell("c2"): 1, cell("c3"): 1} and rest == 2
    copy = farm.copy()
    copy.remove_fence(edge("c2n"))
    assert copy.capacity() == 3 and farm.capacity() == 5


def _reference_capacity(fences: int, buildings: int) -> int:
    """Brute force: a square is pastured iff no path of open edges leads off the board."""
    total = 0
    for start in range(NCELLS):
        if buildings >> start & 1:
            continue
        seen, stack, escapes = {start}, [start], False
        while stack:
            i = stack.pop()
            for e in range(NEDGES):
                a, b = EDGE_CELLS[e]
                if i not in (a, b) or fences >> e & 1:
                    continue
                other = b if a == i else a
                if other < 0:
                    escapes = True
                elif not buildings >> other & 1 and other not in seen:
                    seen.add(other)
                    stack.append(other)
        total += not escapes
    return total


def test_capacity_matches_brute_force():
    rng = random.Random(3)
    for _ in range(150):
        fences = mask_of(rng.sample(range(NEDGES), rng.randint(0, 40)))
        buildings = mask_of(rng.sample(range(NCELLS), rng.randint(0, 4)))
        assert capacity(fences, buildings) == _reference_capacity(fences, buildings)
        # adding a fence never loses housing (why a bought fence needs no check)
        e = rng.randrange(NEDGES)
        assert capacity(fences | 1 << e, buildings) >= capacity(fences, buildings)


def test_trough_doubles_only_the_pasture_it_borders():
    # design reading of Feeding Trough (spec §2b): a fence splitting the pasture halves
    # the far part, the one case where adding a fence loses housing (ruling LL-3)
    f = fenced("c2", "c3")
    trough = mask_of([cell("d2")])
    assert capacity(f, trough, covered=trough, troughs=trough) == 4
    split = f | mask_of([edge("c3n")])
    assert capacity(split, trough, covered=trough, troughs=trough) == 3


def test_enclosed_mask_is_the_union_of_pastures():
    from meeple.games.lowlands.farm import enclosed_mask

    rng = random.Random(5)
    for _ in range(200):
        fences = mask_of(rng.sample(range(NEDGES), rng.randint(0, 45)))
        buildings = mask_of(rng.sample(range(NCELLS), rng.randint(0, 4)))
        union = 0
        for p in pastures(fences, buildings):
            union |= mask_of(p)
        assert enclosed_mask(fences, buildings) == union


def test_automatic_housing_fills_capacity_exactly():
    # sheep are housed automatically and optimally: all of them whenever capacity allows
    rng = random.Random(4)
    for _ in range(100):
        farm = Farm()
        for e in rng.sample(range(NEDGES), rng.randint(4, 30)):
            farm.add_fence(e)
        for i, sq in enumerate(rng.sample(range(NCELLS), rng.randint(0, 3))):
            farm.put_tile(sq, i, building=rng.random() < 0.6, feeder=rng.random() < 0.3, houses=rng.choice((0, 0, 2, 3)))
        cap = farm.capacity()
        for sheep in (0, cap // 2, cap):
            housing, rest = farm.housing(sheep)
            assert sum(housing.values()) + min(rest, farm.on_tiles) == sheep
            assert rest <= farm.on_tiles
            assert all(farm.pasture_mask() >> sq & 1 and not farm.covered >> sq & 1 for sq in housing)


def _random_farms(seed: int, n: int):
    import random

    from meeple.games.lowlands.farm import NCELLS, NEDGES, mask_of

    rng = random.Random(seed)
    for _ in range(n):
        fences = mask_of(e for e in range(NEDGES) if rng.random() < rng.choice((0.15, 0.3, 0.5)))
        buildings = mask_of(i for i in range(NCELLS) if rng.random() < 0.08)
        covered = buildings | mask_of(i for i in range(NCELLS) if rng.random() < 0.05)
        feeders = mask_of(i for i in range(NCELLS) if buildings >> i & 1 and rng.random() < 0.3)
        yield fences, buildings, covered, feeders, rng


def test_enclosing_edges_are_exactly_the_fences_that_would_enclose_something():
    # the fast search of ruling LL-38 relies on it: a single new fence encloses new
    # squares iff it is a bridge of the open land (plus "off the board")
    from meeple.games.lowlands.farm import NEDGES, enclosed_mask, enclosing_edges

    for fences, buildings, _, _, _ in _random_farms(1, 200):
        base = enclosed_mask(fences, buildings)
        brute = tuple(
            e for e in range(NEDGES)
            if not fences >> e & 1 and enclosed_mask(fences | 1 << e, buildings) != base
        )
        assert enclosing_edges(fences, buildings) == brute


def test_movable_fences_match_trying_every_edge():
    # LL-3 and LL-38: a fence may be lifted iff some other edge, not one lifted from in
    # this action, keeps every sheep housed
    from meeple.games.lowlands.farm import NEDGES, capacity, mask_of
    from meeple.games.lowlands.legal import ALL_EDGES, movable_fences

    for fences, buildings, covered, feeders, rng in _random_farms(2, 150):
        cap = capacity(fences, buildings, covered, feeders)
        for sheep in {cap, max(0, cap - 1), max(0, cap - 3)}:
            lifted = mask_of(e for e in range(NEDGES) if rng.random() < 0.03)
            brute = 0
            for e in range(NEDGES):
                if not fences >> e & 1:
                    continue
                without = fences & ~(1 << e)
                free = ALL_EDGES & ~(without | lifted | 1 << e)
                if any(free >> e2 & 1 and capacity(without | 1 << e2, buildings, covered, feeders) >= sheep
                       for e2 in range(NEDGES)):
                    brute |= 1 << e
            assert movable_fences(fences, buildings, covered, feeders, 0, 0, sheep, lifted) == brute
