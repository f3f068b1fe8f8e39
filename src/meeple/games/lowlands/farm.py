"""Farm geometry: a grid of squares, fences on the edges between them, pastures.

Rules (the rule text (FR), line 31, the rule text (ES), lines 168-176): a pasture is a region of squares
fully enclosed by fences and/or building borders; each of its free squares houses one
sheep; tiles that are not buildings (features) stand on open land but house nothing;
buildings are not part of any region and their borders act as fences. The board's
outer edge is not a fence (design, spec §10): fences go on outer edges too.

Edges are numbered 0..70: horizontal lines first (the north side of each square,
then the south side of the bottom row), then vertical lines (the west side of each
square, then the east side of the right column). A square is ``a1``..``f5`` (column
letter, row number from the top). Masks are Python ints, one bit per edge or square,
so copying a farm is copying a few ints.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from meeple.games.lowlands.components import FARM_COLS, FARM_ROWS, FARM_TERRAIN

ROWS, COLS = FARM_ROWS, FARM_COLS
NCELLS = ROWS * COLS
N_H = (ROWS + 1) * COLS
NEDGES = N_H + ROWS * (COLS + 1)

CELL_NAMES: tuple[str, ...] = tuple(
    "abcdefgh"[i % COLS] + str(i // COLS + 1) for i in range(NCELLS)
)
CELL_INDEX = {n: i for i, n in enumerate(CELL_NAMES)}
TERRAIN: tuple[str, ...] = tuple(FARM_TERRAIN[i // COLS][i % COLS] for i in range(NCELLS))
#: the squares of each terrain code ("": any square)
TERRAIN_MASK: dict[str, int] = {
    code: sum(1 << i for i in range(NCELLS) if not code or TERRAIN[i] == code) for code in {"", *TERRAIN}
}


def h_edge(r: int, c: int) -> int:
    """The horizontal edge above row ``r`` (``r == ROWS``: below the last row)."""
    return r * COLS + c


def v_edge(r: int, c: int) -> int:
    """The vertical edge left of column ``c`` (``c == COLS``: right of the last)."""
    return N_H + r * (COLS + 1) + c


def _edge_name(e: int) -> str:
    if e < N_H:
        r, c = divmod(e, COLS)
        return CELL_NAMES[r * COLS + c] + "n" if r < ROWS else CELL_NAMES[(ROWS - 1) * COLS + c] + "s"
    r, c = divmod(e - N_H, COLS + 1)
    return CELL_NAMES[r * COLS + c] + "w" if c < COLS else CELL_NAMES[r * COLS + COLS - 1] + "e"


EDGE_NAMES: tuple[str, ...] = tuple(_edge_name(e) for e in range(NEDGES))
EDGE_INDEX = {n: i for i, n in enumerate(EDGE_NAMES)}


def _sides(i: int) -> tuple[tuple[int, int], ...]:
    """(edge, neighbour square or -1 off the board) for the four sides N, S, W, E."""
    r, c = divmod(i, COLS)
    return (
        (h_edge(r, c), i - COLS if r > 0 else -1),
        (h_edge(r + 1, c), i + COLS if r < ROWS - 1 else -1),
        (v_edge(r, c), i - 1 if c > 0 else -1),
        (v_edge(r, c + 1), i + 1 if c < COLS - 1 else -1),
    )


SIDES: tuple[tuple[tuple[int, int], ...], ...] = tuple(_sides(i) for i in range(NCELLS))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(nb for _, nb in SIDES[i] if nb >= 0) for i in range(NCELLS)
)
#: the two squares an edge separates (-1 off the board)
EDGE_CELLS: tuple[tuple[int, int], ...] = tuple(
    tuple(sorted({i for i in range(NCELLS) for e2, _ in SIDES[i] if e2 == e}) + [-1])[:2]  # type: ignore[misc]
    for e in range(NEDGES)
)


def cell(name: str) -> int:
    return CELL_INDEX[name]


def edge(name: str) -> int:
    return EDGE_INDEX[name]


def edges_around(cells: Iterable[int]) -> list[int]:
    """The edges on the outline of a set of squares (fences that enclose it)."""
    inside = set(cells)
    out = []
    for i in inside:
        for e, nb in SIDES[i]:
            if nb not in inside:
                out.append(e)
    return sorted(out)


def mask_of(items: Iterable[int]) -> int:
    m = 0
    for i in items:
        m |= 1 << i
    return m


def regions(fences: int, buildings: int) -> list[tuple[list[int], bool]]:
    """Every region of non-building squares, with whether it is fully enclosed.

    Two squares are in one region when the edge between them has no fence and
    neither is a building. A region is enclosed when no unblocked edge of it leads
    off the board (an edge next to a building is blocked by the building).
    """
    seen = buildings
    out = []
    for start in range(NCELLS):
        if seen >> start & 1:
            continue
        seen |= 1 << start
        stack = [start]
        members = []
        closed = True
        while stack:
            i = stack.pop()
            members.append(i)
            for e, nb in SIDES[i]:
                if fences >> e & 1:
                    continue
                if nb < 0:
                    closed = False
                elif not buildings >> nb & 1 and not seen >> nb & 1:
                    seen |= 1 << nb
                    stack.append(nb)
        out.append((members, closed))
    return out


def pastures(fences: int, buildings: int) -> list[list[int]]:
    """The fully enclosed regions, each a sorted list of squares."""
    return [sorted(m) for m, closed in regions(fences, buildings) if closed]


# ---- bit-board flood fill: one pass for the whole farm ---------------------
ALL = (1 << NCELLS) - 1
ROW_FIRST = (1 << COLS) - 1
ROW_LAST = ROW_FIRST << (COLS * (ROWS - 1))
COL_FIRST = sum(1 << (r * COLS) for r in range(ROWS))
COL_LAST = COL_FIRST << (COLS - 1)
NEIGHBOUR_MASK: tuple[int, ...] = tuple(mask_of(NEIGHBOURS[i]) for i in range(NCELLS))


def _side_masks(fences: int) -> tuple[int, int, int, int]:
    """Squares with a fence on their north, south, west, east side."""
    north = fences & ALL  # the north edge of square i is edge i
    south = (fences >> COLS) & ALL
    west = east = 0
    for r in range(ROWS):
        base = N_H + r * (COLS + 1)
        west |= ((fences >> base) & ROW_FIRST) << (r * COLS)
        east |= ((fences >> (base + 1)) & ROW_FIRST) << (r * COLS)
    return north, south, west, east


def _spread(seed: int, free: int, n_ok: int, s_ok: int, w_ok: int, e_ok: int) -> int:
    """All squares reachable from ``seed`` through open sides, within ``free``."""
    reach = seed & free
    while True:
        grow = reach | (
            ((reach & n_ok) >> COLS) | ((reach & s_ok) << COLS) | ((reach & w_ok) >> 1) | ((reach & e_ok) << 1)
        )
        grow &= free
        if grow == reach:
            return reach
        reach = grow


def _moves(fences: int, buildings: int) -> tuple[int, int, int, int, int]:
    north, south, west, east = _side_masks(fences)
    n_ok = ~north & ~ROW_FIRST & ~(buildings << COLS) & ALL
    s_ok = ~south & ~ROW_LAST & ~(buildings >> COLS) & ALL
    w_ok = ~west & ~COL_FIRST & ~(buildings << 1) & ALL
    e_ok = ~east & ~COL_LAST & ~(buildings >> 1) & ALL
    escape = (ROW_FIRST & ~north) | (ROW_LAST & ~south) | (COL_FIRST & ~west) | (COL_LAST & ~east)
    return n_ok, s_ok, w_ok, e_ok, escape


@lru_cache(maxsize=1 << 16)
def enclosed_mask(fences: int, buildings: int) -> int:
    """Bit mask of every square inside a pasture: the squares the outside cannot reach."""
    free = ALL & ~buildings
    n_ok, s_ok, w_ok, e_ok, escape = _moves(fences, buildings)
    outside = _spread(escape, free, n_ok, s_ok, w_ok, e_ok)
    return free & ~outside


@lru_cache(maxsize=1 << 16)
def capacity(
    fences: int,
    buildings: int,
    covered: int = 0,
    feeders: int = 0,
    troughs: int = 0,
    on_tiles: int = 0,
) -> int:
    """How many sheep a farm houses.

    ``covered``: squares under any tile (no sheep there); ``feeders``: tiles whose
    neighbouring pasture squares hold one more sheep each (Feed Storage);
    ``troughs``: tiles whose bordering pastures hold two sheep per square (Feeding
    Trough); ``on_tiles``: sheep housed on tiles themselves (External Stable, ...).
    Cached: search asks about the same few farms over and over (every tile square
    tried, every fence lifted).
    """
    free = ALL & ~buildings
    n_ok, s_ok, w_ok, e_ok, escape = _moves(fences, buildings)
    inside = free & ~_spread(escape, free, n_ok, s_ok, w_ok, e_ok)
    usable = inside & ~covered
    total = on_tiles + usable.bit_count()
    if feeders:
        for i in range(NCELLS):
            if feeders >> i & 1:
                total += (usable & NEIGHBOUR_MASK[i]).bit_count()
    if troughs:
        near = 0
        for i in range(NCELLS):
            if troughs >> i & 1:
                near |= NEIGHBOUR_MASK[i]
        doubled = _spread(near & inside, inside, n_ok, s_ok, w_ok, e_ok)
        total += (doubled & ~covered).bit_count()
    return total


class Farm:
    """One player's farmyard: fences, tiles and the masks capacity needs."""

    __slots__ = ("fences", "buildings", "covered", "feeders", "troughs", "on_tiles", "tiles", "_cap", "_pm")

    def __init__(self) -> None:
        self.fences = 0
        self.buildings = 0
        self.covered = 0
        self.feeders = 0
        self.troughs = 0
        self.on_tiles = 0
        self.tiles: dict[int, int] = {}  # square -> tile index
        self._cap: int | None = None
        self._pm: int | None = None

    def copy(self) -> Farm:
        new = Farm.__new__(Farm)
        new.fences = self.fences
        new.buildings = self.buildings
        new.covered = self.covered
        new.feeders = self.feeders
        new.troughs = self.troughs
        new.on_tiles = self.on_tiles
        new.tiles = self.tiles.copy()
        new._cap = self._cap
        new._pm = self._pm
        return new

    # ---- queries ----------------------------------------------------------
    def capacity(self) -> int:
        cap = self._cap
        if cap is None:
            cap = self._cap = capacity(
                self.fences, self.buildings, self.covered, self.feeders, self.troughs, self.on_tiles
            )
        return cap

    def capacity_with(self, fences: int | None = None, cell: int = -1, building: bool = False) -> int:
        """Capacity after a hypothetical change: other fences, or a tile on ``cell``."""
        f = self.fences if fences is None else fences
        b, cov = self.buildings, self.covered
        if cell >= 0:
            cov |= 1 << cell
            if building:
                b |= 1 << cell
        return capacity(f, b, cov, self.feeders, self.troughs, self.on_tiles)

    def pastures(self) -> list[list[int]]:
        return pastures(self.fences, self.buildings)

    def pasture_mask(self) -> int:
        """Bit mask of the squares inside pastures (cached until the farm changes)."""
        m = self._pm
        if m is None:
            m = self._pm = enclosed_mask(self.fences, self.buildings)
        return m

    def fence_count(self) -> int:
        return self.fences.bit_count()

    def has_fence(self, e: int) -> bool:
        return bool(self.fences >> e & 1)

    # ---- changes ------------------------------------------------------------
    def add_fence(self, e: int) -> None:
        self.fences |= 1 << e
        self._cap = self._pm = None

    def remove_fence(self, e: int) -> None:
        self.fences &= ~(1 << e)
        self._cap = self._pm = None

    def put_tile(self, square: int, tile: int, building: bool, feeder=False, trough=False, houses=0) -> None:
        self.tiles[square] = tile
        self.covered |= 1 << square
        if building:
            self.buildings |= 1 << square
        if feeder:
            self.feeders |= 1 << square
        if trough:
            self.troughs |= 1 << square
        self.on_tiles += houses
        self._cap = self._pm = None

    def housing(self, sheep: int) -> tuple[dict[int, int], int]:
        """Sheep per pasture square, filled square by square, and the rest on tiles.

        Any arrangement within capacity is as good as another (sheep move freely,
        the rule text (ES), line 174), so housing is automatic: pastures first, then tiles.
        """
        out: dict[int, int] = {}
        left = sheep
        for members, closed in regions(self.fences, self.buildings):
            if not closed:
                continue
            per = 2 if any(
                self.troughs >> nb & 1 for i in members for nb in NEIGHBOURS[i]
            ) else 1
            for i in members:
                if self.covered >> i & 1 or left <= 0:
                    continue
                room = per + sum(self.feeders >> nb & 1 for nb in NEIGHBOURS[i])
                put = min(room, left)
                out[i] = put
                left -= put
        return out, left


@lru_cache(maxsize=1 << 14)
def enclosing_edges(fences: int, buildings: int) -> tuple[int, ...]:
    """The open edges whose fence alone would enclose new squares: the bridges of the
    graph of squares outside every pasture plus one node for "off the board" (sides
    without a fence are its edges). A fence anywhere else encloses nothing new, so
    only these can raise the farm's capacity."""
    outside = ALL & ~buildings & ~enclosed_mask(fences, buildings)
    return bridges(outside, fences, off_board=True) if outside else ()


def bridges(squares: int, fences: int, off_board: bool = False) -> tuple[int, ...]:
    """The edges of the graph of ``squares`` (open sides between them, and with
    ``off_board`` open sides to one node beyond the board) whose removal splits it.

    Tarjan's bridge search, iterative, over lists indexed by square (the node beyond
    the board is ``NCELLS``): an edge to a child is a bridge when nothing below the
    child reaches back above it."""
    off = NCELLS
    adjacency: list[list[tuple[int, int]]] = [[] for _ in range(NCELLS + 1)]
    nodes = [off] if off_board else []
    for i in range(NCELLS):
        if not squares >> i & 1:
            continue
        nodes.append(i)
        links = adjacency[i]
        for e, nb in SIDES[i]:
            if fences >> e & 1:
                continue
            if nb < 0:
                if off_board:
                    links.append((off, e))
                    adjacency[off].append((i, e))
            elif squares >> nb & 1:
                links.append((nb, e))
    order = [-1] * (NCELLS + 1)
    low = [0] * (NCELLS + 1)
    found: list[int] = []
    count = 0
    for root in nodes:
        if order[root] >= 0:
            continue
        order[root] = low[root] = count
        count += 1
        stack = [(root, -1, 0)]  # node, the edge it was reached by, its next link
        while stack:
            node, via, k = stack[-1]
            links = adjacency[node]
            while k < len(links):
                nb, e = links[k]
                k += 1
                if e == via:
                    continue
                if order[nb] < 0:
                    stack[-1] = (node, via, k)
                    order[nb] = low[nb] = count
                    count += 1
                    stack.append((nb, e, 0))
                    break
                if order[nb] < low[node]:
                    low[node] = order[nb]
            else:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    if low[node] < low[parent]:
                        low[parent] = low[node]
                    if low[node] > order[parent]:
                        found.append(via)
    return tuple(sorted(found))


# ---- where the next pasture is cheapest (the bots' fence planning) ---------------------
def open_sides(fences: int, buildings: int, i: int) -> list[int]:
    """The sides of square ``i`` that still need a fence to close it: no fence there and
    no building beyond it (a building's border acts as a fence)."""
    return [e for e, nb in SIDES[i] if not fences >> e & 1 and not (nb >= 0 and buildings >> nb & 1)]


@lru_cache(maxsize=1 << 14)
def cheapest_pasture(fences: int, buildings: int, covered: int) -> tuple[int, tuple[int, ...]]:
    """The free square cheapest to close into a new pasture and its open sides: fewest
    open sides, then most pasture neighbours, then the lowest square; ``(-1, ())`` when
    every square is covered or fenced in. A pure function of the farm's masks, cached:
    playouts ask it for the same farms many times a decision."""
    pm = enclosed_mask(fences, buildings)
    taken = covered | pm
    best, best_key, best_sides = -1, None, ()
    for i in range(NCELLS):
        if taken >> i & 1:
            continue
        sides = open_sides(fences, buildings, i)
        near = (pm & NEIGHBOUR_MASK[i]).bit_count()
        key = (len(sides), -near, i)
        if best_key is None or key < best_key:
            best, best_key, best_sides = i, key, tuple(sides)
    return best, best_sides


@lru_cache(maxsize=1 << 14)
def spare_fences(
    fences: int, buildings: int, covered: int, feeders: int, troughs: int, on_tiles: int,
    keep: tuple[int, ...],
) -> tuple[int, ...]:
    """Fences (not in ``keep``) whose removal loses no housing: walls between two squares
    inside pastures or buildings (a fence around unfenced land is progress)."""
    cap = capacity(fences, buildings, covered, feeders, troughs, on_tiles)
    inside = enclosed_mask(fences, buildings) | buildings
    out = []
    for e in range(NEDGES):
        if fences >> e & 1 and e not in keep:
            a, b = EDGE_CELLS[e]
            if a < 0 or b < 0 or not (inside >> a & 1 and inside >> b & 1):
                continue
            if capacity(fences & ~(1 << e), buildings, covered, feeders, troughs, on_tiles) >= cap:
                out.append(e)
    return tuple(out)
