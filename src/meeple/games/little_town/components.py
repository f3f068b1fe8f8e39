"""Little Town components, as data: the two meadow sides, the building tiles, the
objective cards and the setup per player count.

Sources: the rule text (a French "règle express": the flow of play, no component data)
and the game's fact sheet, whose numbers were read from scans of the real tiles,
boards and cards and cross-checked against independent implementations. Every row
carries ``provenance``: ``confirmed`` (scan or two sources), ``inferred`` (one source
or a deduction) or ``design`` (our own choice, see docs/rulings/little-town.md).
"""

from __future__ import annotations

from typing import NamedTuple

# ---- resources --------------------------------------------------------------
#: The four cube types, in the order every 4-tuple below uses.
RESOURCES: tuple[str, ...] = ("wood", "stone", "wheat", "fish")
WOOD, STONE, WHEAT, FISH = range(4)

# ---- the meadow ---------------------------------------------------------------
COLS, ROWS = 9, 6
N_CELLS = COLS * ROWS
COL_LETTERS = "abcdefghi"


class Terrain(NamedTuple):
    letter: str  # as drawn in the spec's maps
    name: str
    gives: int  # resource index harvested from this cell, -1 for none (grass)
    provenance: str


TERRAINS: tuple[Terrain, ...] = (
    Terrain(".", "grass", -1, "confirmed"),
    Terrain("F", "forest", WOOD, "confirmed"),
    Terrain("M", "mountain", STONE, "confirmed"),
    Terrain("L", "lake", FISH, "confirmed"),
)
TERRAIN_BY_LETTER = {t.letter: t for t in TERRAINS}


class BoardSide(NamedTuple):
    number: int
    rows: tuple[str, ...]  # row 0 = top row, farthest from the market
    provenance: str


#: spec section 1.2, checked cell by cell against both board scans.
BOARDS: tuple[BoardSide, ...] = (
    BoardSide(
        1,
        (
            "M.FM.L.MM",
            ".........",
            "L........",
            "F.......L",
            "......F..",
            ".FF.LL..F",
        ),
        "confirmed",
    ),
    BoardSide(
        2,
        (
            "F..MM.L.F",
            "..F......",
            "F.......L",
            "........F",
            "L...F....",
            "L..M..L.M",
        ),
        "confirmed",
    ),
)


def cell_name(cell: int) -> str:
    """``a1`` is the top-left cell (column a, row 1); ``i6`` the bottom-right."""
    return f"{COL_LETTERS[cell % COLS]}{cell // COLS + 1}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(c) for c in range(N_CELLS))


def _neighbours(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, COLS)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < ROWS and 0 <= c + dc < COLS:
                out.append((r + dr) * COLS + c + dc)
    return tuple(out)


def _orthogonal(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, COLS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < ROWS and 0 <= c + dc < COLS:
            out.append((r + dr) * COLS + c + dc)
    return tuple(out)


#: the 8 surrounding cells, clipped at the edge (rule text line 24).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(N_CELLS))
#: cells sharing a side (objective O1).
ORTHOGONAL: tuple[tuple[int, ...], ...] = tuple(_orthogonal(c) for c in range(N_CELLS))


def terrain_gives(side: int) -> tuple[int, ...]:
    """Per cell of board ``side`` (0 or 1): the resource it yields, -1 for grass."""
    rows = BOARDS[side].rows
    return tuple(TERRAIN_BY_LETTER[rows[c // COLS][c % COLS]].gives for c in range(N_CELLS))


# ---- buildings ------------------------------------------------------------------
class Building(NamedTuple):
    key: str  # notation id (S5's English identifier where it has one)
    french: str  # name printed on the tile
    cost: tuple[int, int, int, int]  # wood, stone, wheat, fish paid to build
    cost_coins: int
    vp: int  # scored when built
    effect: str  # trade | none | pawn | cathedral | residence | castle | watchtower
    pay: tuple[int, int, int, int]  # activation input cubes (trade)
    pay_coins: int
    gain: tuple[int, int, int, int]  # activation output cubes (trade)
    gain_coins: int
    gain_vp: int
    special_vp: int  # specials: VP per counted item
    robin: bool  # part of the first-game set
    copies: int
    provenance: str


def _b(key, french, cost, vp, effect, pay=(0, 0, 0, 0, 0), gain=(0, 0, 0, 0, 0, 0),
       special=0, robin=False, copies=1, provenance="confirmed") -> Building:
    return Building(key, french, tuple(cost[:4]), cost[4], vp, effect, tuple(pay[:4]),
                    pay[4], tuple(gain[:4]), gain[4], gain[5], special, robin, copies,
                    provenance)


#: spec section 2.2 (tile scans). Tuples: cost/pay = (wood, stone, wheat, fish, coins),
#: gain = (wood, stone, wheat, fish, coins, vp). Special effects: spec 2.3 (inferred).
BUILDINGS: tuple[Building, ...] = (
    _b("workshop", "Atelier", (0, 2, 0, 0, 0), 5, "trade", (2, 0, 0, 0, 0), (0, 0, 0, 0, 0, 3), robin=True),
    _b("tavern", "Bar", (0, 2, 2, 0, 0), 7, "trade", gain=(0, 0, 0, 0, 0, 3)),
    _b("bakery", "Boulangerie", (2, 0, 0, 0, 0), 4, "trade", (0, 0, 1, 0, 0), (0, 0, 0, 0, 4, 0), robin=True),
    _b("brewery", "Brasserie", (2, 0, 0, 0, 0), 4, "trade", (0, 0, 1, 0, 0), (0, 0, 0, 0, 0, 3)),
    _b("quarry", "Carrière", (3, 0, 0, 0, 0), 5, "trade", (0, 0, 0, 0, 2), (0, 2, 0, 0, 0, 0), robin=True),
    _b("carpenter", "Charpentier", (2, 0, 0, 0, 0), 4, "trade", (0, 0, 0, 0, 1), (3, 0, 0, 0, 0, 0)),
    _b("church", "Église", (0, 4, 0, 0, 0), 8, "trade", (0, 0, 0, 0, 3), (0, 0, 0, 0, 0, 5), robin=True),
    _b("warehouse", "Entrepôt", (0, 4, 0, 0, 0), 8, "trade", (0, 2, 0, 0, 0), (0, 0, 0, 0, 0, 5), robin=True),
    _b("store", "Épicerie", (2, 0, 0, 0, 0), 4, "trade", (0, 0, 0, 0, 1), (0, 0, 1, 1, 0, 0), robin=True),
    _b("fair", "Foire", (4, 0, 0, 0, 0), 6, "trade", (1, 1, 1, 1, 0), (0, 0, 0, 0, 0, 7)),
    _b("fountain", "Fontaine", (0, 2, 0, 0, 0), 5, "trade", (0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 3)),
    _b("barn", "Grenier", (4, 0, 0, 0, 0), 6, "trade", (0, 0, 2, 0, 0), (0, 0, 0, 0, 0, 5), robin=True),
    _b("bookstore", "Librairie", (0, 4, 0, 0, 0), 8, "trade", gain=(0, 0, 0, 0, 3, 0)),
    _b("goldmine", "Mine d'or", (1, 1, 0, 0, 0), 4, "trade", gain=(0, 0, 0, 0, 2, 0), robin=True),
    _b("fisherman", "Poissonnier", (1, 1, 0, 0, 0), 4, "trade", (0, 0, 0, 1, 0), (0, 0, 0, 0, 3, 0)),
    _b("pier", "Ponton", (3, 0, 0, 0, 0), 5, "trade", gain=(0, 0, 0, 2, 0, 0)),
    _b("pawnshop", "Prêteur sur gage", (3, 0, 0, 0, 0), 5, "pawn", robin=True, provenance="inferred"),
    _b("well", "Puits", (1, 1, 0, 0, 0), 4, "trade", gain=(0, 0, 0, 0, 0, 2), robin=True),
    _b("restaurant", "Restaurant", (2, 2, 0, 0, 0), 7, "trade", (0, 0, 1, 1, 0), (0, 0, 0, 0, 0, 4)),
    _b("statue", "Statue", (0, 4, 0, 0, 0), 10, "none", robin=True),
    _b("cathedral", "Cathédrale", (0, 6, 0, 0, 0), 11, "cathedral", special=1, provenance="inferred"),
    _b("castle", "Château", (0, 6, 0, 0, 0), 0, "castle", special=4, robin=True, provenance="inferred"),
    _b("residence", "Résidence", (0, 0, 0, 0, 6), 2, "residence", provenance="inferred"),
    _b("watchtower", "Tour de garde", (3, 3, 0, 0, 0), 0, "watchtower", special=2, provenance="inferred"),
    _b("wheat", "Champ de blé", (1, 0, 0, 0, 0), 3, "trade", gain=(0, 0, 1, 0, 0, 0), copies=5),
)
N_BUILDINGS = len(BUILDINGS)
BUILDING_INDEX = {b.key: i for i, b in enumerate(BUILDINGS)}
#: the four letters the board shows for a building: three of its id, RSD for the
#: Residence (RES is the Restaurant)
_ABBREVIATION_EXCEPTIONS = {"residence": "RSD"}
ABBREVIATIONS: tuple[str, ...] = tuple(
    _ABBREVIATION_EXCEPTIONS.get(b.key, b.key[:3].upper()) for b in BUILDINGS
)
assert len(set(ABBREVIATIONS)) == len(BUILDINGS), "board abbreviations must be unique"
WHEAT_FIELD = BUILDING_INDEX["wheat"]
#: the 24 tiles shuffled for the market (everything but the wheat fields).
MARKET_POOL: tuple[int, ...] = tuple(i for i, b in enumerate(BUILDINGS) if i != WHEAT_FIELD)
ROBIN_SET: tuple[int, ...] = tuple(i for i in MARKET_POOL if BUILDINGS[i].robin)
#: buildings a worker may activate (specials and the Statue may not: spec DC 2.3 e).
ACTIVATABLE: tuple[bool, ...] = tuple(b.effect in ("trade", "pawn") for b in BUILDINGS)

# ---- objectives -----------------------------------------------------------------
class Objective(NamedTuple):
    key: str  # notation id, o1..o18 as numbered in the spec
    vp: int
    kind: str  # the condition family the rules code checks
    param: int  # the number in the condition (3 buildings, 6 coins, ...)
    needs: tuple[int, ...]  # market tiles that make it possible (the (!) rule)
    needs_count: int  # how many of ``needs`` the market must hold; 0: no (!) icon
    text: str
    provenance: str


def _ids(*keys: str) -> tuple[int, ...]:
    return tuple(BUILDING_INDEX[k] for k in keys)


FISH_BUILDINGS = _ids("store", "fair", "fisherman", "pier", "restaurant", "pawnshop")
COIN_BUILDINGS = _ids("bakery", "quarry", "carpenter", "church", "store", "fountain",
                      "bookstore", "goldmine", "fisherman")
WOOD_STONE_BUILDINGS = _ids("workshop", "quarry", "carpenter", "warehouse", "fair", "pawnshop")
STONE3_BUILDINGS = _ids("church", "warehouse", "bookstore", "statue", "cathedral", "castle",
                        "watchtower")
WOOD3_BUILDINGS = _ids("quarry", "fair", "barn", "pier", "pawnshop", "watchtower")
WHEAT_BUILDINGS = _ids("tavern", "bakery", "brewery", "store", "fair", "barn", "restaurant")

#: spec section 3.2; VP and (!) marks read from the card scans, ``needs`` deduced.
OBJECTIVES: tuple[Objective, ...] = (
    Objective("o1", 3, "group", 3, (), 0, "own 3 buildings joined side to side", "confirmed"),
    Objective("o2", 3, "more_buildings", 0, (), 0, "own more buildings than you have workers", "confirmed"),
    Objective("o3", 3, "food", 2, (), 0, "hold fish + wheat at least twice your workers", "confirmed"),
    Objective("o4", 3, "terrains", 3, (), 0,
              "own 3 buildings: one next to a lake, one to a mountain, one to a forest", "confirmed"),
    Objective("o5", 2, "mixed_input", 2, _ids("fair", "restaurant", "pawnshop"), 1,
              "activate a building paying 2 different resource types", "confirmed"),
    Objective("o6", 2, "fish_feed", 0, (), 0, "feed all your workers with fish only", "confirmed"),
    Objective("o7", 2, "own", 1, WHEAT_BUILDINGS, 1,
              "own a building that uses or makes wheat (PLACEHOLDER: real card unknown)", "design"),
    Objective("o8", 2, "own", 1, FISH_BUILDINGS, 1, "own a building that uses or makes fish", "confirmed"),
    Objective("o9", 3, "own", 2, COIN_BUILDINGS, 2, "own 2 buildings that use or make coins", "confirmed"),
    Objective("o10", 2, "own", 1, WOOD_STONE_BUILDINGS, 1,
              "own a building that uses or makes wood or stone", "confirmed"),
    Objective("o11", 2, "own", 1, STONE3_BUILDINGS, 1, "own a building costing 3 stone or more", "confirmed"),
    Objective("o12", 3, "coins_exact", 0, (), 0, "have exactly 0 coins", "confirmed"),
    Objective("o13", 2, "coins_min", 6, _ids("bakery", "bookstore", "goldmine", "fisherman"), 1,
              "have 6 coins or more", "confirmed"),
    Objective("o14", 2, "spend_harvest", 1,
              _ids("workshop", "warehouse", "fair", "fisherman", "restaurant", "pawnshop"), 1,
              "in one turn, spend a cube of a type you harvested that turn", "confirmed"),
    Objective("o15", 3, "activations", 4, (), 0, "activate 4 buildings in one turn", "confirmed"),
    Objective("o16", 2, "vp_buildings", 2,
              _ids("workshop", "tavern", "brewery", "church", "warehouse", "fair", "fountain",
                   "barn", "well", "restaurant"), 2,
              "gain VP from 2 buildings in one turn", "confirmed"),
    Objective("o17", 2, "harvest", 5, (), 0, "harvest 5 cubes or more in one turn", "confirmed"),
    Objective("o18", 2, "own", 1, WOOD3_BUILDINGS, 1, "own a building costing 3 wood or more", "confirmed"),
)
N_OBJECTIVES = len(OBJECTIVES)
PLACEHOLDER_OBJECTIVE = 6  # o7: only with option o7=True


# ---- setup per player count --------------------------------------------------------
class PlayerSetup(NamedTuple):
    players: int
    workers: int
    houses: int
    objectives: int
    provenance: str


#: rule text lines 6-15.
SETUP: dict[int, PlayerSetup] = {
    2: PlayerSetup(2, 5, 7, 4, "confirmed"),
    3: PlayerSetup(3, 4, 6, 3, "confirmed"),
    4: PlayerSetup(4, 3, 6, 2, "confirmed"),
}

START_COINS = 3  # rule text line 11
ROUNDS = 4  # rule text line 18
MARKET_SIZE = 12  # rule text line 5
WHEAT_FIELDS = BUILDINGS[WHEAT_FIELD].copies
VISIT_FEE = 1  # rule text line 26: another player's building costs 1 coin
EXCHANGE_COINS = 3  # rule text line 31: 3 coins for one resource
HUNGER_VP = 3  # rule text line 35
COINS_PER_VP = 3  # rule text line 38
#: optional limited supply (option limited_supply): spec section 4, S1/S3 banks.
SUPPLY_CUBES = 15
SUPPLY_COINS = 40
UNLIMITED = 1 << 30
