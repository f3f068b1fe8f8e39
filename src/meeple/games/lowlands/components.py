"""Lowlands components as data tables, each row with its provenance.

Sources: the rule texts, French ("the rule text (FR)") and Spanish ("the rule text (ES)"), cited by line,
and the project's Lowlands research notes ("spec", section numbers in comments). Rows marked
``design`` are our own proposals for facts that are not public (the Appendix, the
market boards, the income board, the tracks): replace them here when the real values
are known; the rules code reads only these tables.
"""

from __future__ import annotations

from typing import NamedTuple

# ---- resources (spec §9) ------------------------------------------------------
RESOURCES: tuple[str, ...] = ("wood", "clay", "stone")
WOOD, CLAY, STONE = 0, 1, 2
#: 66 cards, 22 of each type (spec §9, inferred: 66 / 3, no other type exists).
DECK_PER_TYPE = 22
HAND_LIMIT = 8  # the rule text (ES), line 119
DISPLAY_SIZE = 4  # the rule text (ES), line 67
START_HAND = 4  # the rule text (FR), line 12
START_COINS = 4  # the rule text (FR), line 12; +1 for every player but the first (line 12)

# ---- the five action spaces of a farmyard (spec §4a, the rule text (FR), lines 20-35) ---
ACTION_SPACES: tuple[str, ...] = ("build", "dike", "fence", "market", "draw")
BUILD, DIKE, FENCE, MARKET, DRAW = 0, 1, 2, 3, 4
FARMERS: tuple[int, ...] = (2, 3, 4)  # farmer values = action points (the rule text (FR), line 18)
#: coins to place a farmer where 0, 1, 2 farmers already stand (the rule text (ES), line 137)
REUSE_COST: tuple[int, ...] = (0, 1, 2)
#: max workers per action (the rule text (ES), line 144: two, one on the market)
WORKER_MAX: tuple[int, ...] = (2, 2, 2, 1, 2)
#: where the two workers start: one free on the income board, one on "draw"
#: (spec §4b, reviews; confirmed)
START_WORKER_ON = DRAW


class WorkerEffect(NamedTuple):
    action: str
    ap: int  # extra action points per worker
    discount: int  # cards off a tile's cost per worker
    price: int  # coins better per sheep traded per worker
    provenance: str


#: DC §4b: which action gets which of the three worker effects of the rule text (FR), line 39.
WORKER_EFFECTS: tuple[WorkerEffect, ...] = (
    WorkerEffect("build", 0, 1, 0, "design"),
    WorkerEffect("dike", 1, 0, 0, "design"),
    WorkerEffect("fence", 1, 0, 0, "design"),
    WorkerEffect("market", 0, 0, 1, "confirmed"),  # Z-Man preview: buy -1 / sell +1
    WorkerEffect("draw", 1, 0, 0, "design"),
)


class Component(NamedTuple):
    """A generic fact of the game with its value and provenance."""

    name: str
    value: object
    provenance: str
    note: str


# ---- farm (spec §10) ----------------------------------------------------------
FARM_ROWS = 5
FARM_COLS = 6
#: terrain map, row 1 at the top: . plain, T tree, B bush, P pond (design, spec §10)
FARM_TERRAIN: tuple[str, ...] = (
    "T.B..P",
    "......",
    "B....B",
    ".P..T.",
    "T..B.P",
)
FARM_TERRAIN_PROVENANCE = "design"
TERRAIN_NAMES = {".": "", "T": "tree", "B": "bush", "P": "pond"}
#: the starting 2x1 vertical pasture (the rule text (FR), line 12; place: design, spec §10)
START_PASTURE: tuple[str, ...] = ("c2", "c3")
START_SHEEP = 2
FENCES_TOTAL = 16  # the rule text (FR), line 12: 10 on the income board, 6 on the farm
FENCES_ON_INCOME = 10
BUILDING_MARKERS = 4  # the rule text (FR), line 22: at most four buildings

# ---- income board (spec §4c) ----------------------------------------------------
#: icons: "" none, "card", "coin", "either" (card or coin), "worker"
FENCE_ICONS: tuple[str, ...] = ("", "coin", "", "card", "", "worker", "", "either", "", "coin")
BUILDING_ICONS: tuple[str, ...] = ("card", "coin", "worker", "either")
INCOME_ICONS_PROVENANCE = "design"
BASE_INCOME_CARDS = 1  # the rule text (ES), line 156 (confirmed)


# ---- sheep market (spec §3) -----------------------------------------------------
class MarketRow(NamedTuple):
    spaces: int
    icons: int  # spaces printed with a sheep, filled at setup and every reset
    provenance: str


MARKET_ROWS: dict[int, tuple[MarketRow, ...]] = {
    2: tuple(MarketRow(4, 2, "design") for _ in range(3)),
    3: tuple(MarketRow(4, 2, "design") for _ in range(4)),
    4: tuple(MarketRow(4, 2, "design") for _ in range(4)),
}

# ---- value track (spec §7, ruling LL-37): positions -3..+1 ------------------------
#: the rule text (FR) line 7: the marker starts on DP 1 | sheep 3 (confirmed); lines 45-46:
#: a dike that holds moves it right (sheep up, DP down), a breach left (sheep down, DP
#: up). Every step changes both values in that direction; the DP value cannot go below
#: zero (line 51), so only one space lies right of the start (design, LL-37).
VALUE_DP: tuple[int, ...] = (4, 3, 2, 1, 0)
VALUE_SHEEP: tuple[int, ...] = (0, 1, 2, 3, 4)
VALUE_START = 3  # list index of the starting space: DP 1 | sheep 3 (confirmed)
VALUE_PROVENANCE = "design"  # except the starting space, confirmed

# ---- flood (spec §8) -------------------------------------------------------------
#: card faces; the back is "1-3" for faces <= 3 and "4-6" otherwise (confirmed)
FLOOD_CARDS: tuple[int, ...] = (1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6)
FLOOD_CARDS_PROVENANCE = "design"  # 12 cards, backs 1-3 / 4-6 and one 6: confirmed
FLOOD_SIX = 6  # the card the first game removes (the rule text (ES), line 57)
SEA_SPACES = 3  # the rule text (ES), line 120
FLOOD_ROW = 12  # pieces per level (the rule text (ES), line 122)
FLOOD_PIECES = 36  # the rule text (ES), line 23; more is ignored (design)


def flood_back(face: int) -> str:
    return "1-3" if face <= 3 else "4-6"


# ---- dike (spec §1, §6) -----------------------------------------------------------
class Segment(NamedTuple):
    color: str
    length: int
    provenance: str


#: placed in this order (the rule text (FR), line 27): 3 brown of 4, 4 green of 3, 6 grey of 2
SEGMENTS: tuple[Segment, ...] = (
    (Segment("brown", 4, "confirmed"),) * 3
    + (Segment("green", 3, "confirmed"),) * 4
    + (Segment("grey", 2, "confirmed"),) * 6
)
#: cards needed to move a resource cube to the end of the construction track
#: (2 players: a review says 4, inferred; 3-4 players: design)
TRACK_LENGTH: dict[int, int] = {2: 5, 3: 5, 4: 5}
TRACK_LENGTH_PROVENANCE = {2: "design", 3: "design", 4: "design"}  # 2p "4" inferred, overruled (LL-33)

# ---- dike track and progress tokens (spec §5) ---------------------------------------
DIKE_TRACK_SPACES = 40  # design; past the end adds 20 dike points (the rule text (ES), line 216)
#: the first five large spaces, where the tokens lie (design positions)
TOKEN_SPACES: tuple[int, ...] = (4, 8, 12, 16, 20)


class Reward(NamedTuple):
    key: str  # notation: "take <key>"
    coins: int
    cards: int
    sheep: int
    fences: int
    worker: bool
    boost: bool
    provenance: str


REWARDS: dict[str, Reward] = {
    r.key: r
    for r in (
        Reward("worker", 0, 0, 0, 0, True, False, "confirmed"),
        Reward("2 coins", 2, 0, 0, 0, False, False, "design"),
        Reward("2 cards", 0, 2, 0, 0, False, False, "design"),
        Reward("fence", 0, 0, 0, 1, False, False, "design"),
        Reward("sheep", 0, 0, 1, 0, False, False, "design"),
        Reward("boost", 0, 0, 0, 0, False, True, "design"),
        Reward("3 coins", 3, 0, 0, 0, False, False, "design"),
        Reward("sheep and coin", 1, 0, 1, 0, False, False, "design"),
    )
}


class ProgressToken(NamedTuple):
    name: str
    options: tuple[str, str]
    provenance: str


PROGRESS_TOKENS: tuple[ProgressToken, ...] = (
    ProgressToken("worker", ("worker", "2 coins"), "confirmed"),  # worker icon: confirmed
    ProgressToken("cards", ("2 cards", "fence"), "design"),
    ProgressToken("sheep", ("sheep", "2 coins"), "design"),
    ProgressToken("farmer +2", ("boost", "2 cards"), "design"),
    ProgressToken("coins", ("3 coins", "sheep and coin"), "design"),
)
BOOST_AP = 2  # the "Farmer +2" token (spec §4d, design use: one-shot +2 AP)


# ---- the 46 farm expansion tiles (spec §2) --------------------------------------------
class Tile(NamedTuple):
    key: str  # notation: "build <key>"
    name: str
    kind: str  # feature | sheep | action | storm
    ap: int
    wood: int
    clay: int
    stone: int
    vp: int  # printed shield; 0 for "!" tiles
    bang: bool  # "!" tile, scored at the Storm Tide
    terrain: str  # "" or tree | bush | pond (features only)
    effect: str  # effect id, read by rules.py
    n: int  # effect parameter
    provenance: str  # of name+effect; costs and VP of every tile are design
    text: str
    #: derived from the fields above, stored because the rules and playouts read them
    #: on every decision: a building is every tile but a feature
    building: bool
    cost: tuple[int, int, int]  # (wood, clay, stone)


def _t(
    key: str, name: str, kind: str, ap: int, w: int, c: int, s: int, vp: int,
    effect: str = "", n: int = 0, prov: str = "design", text: str = "", bang: bool = False,
    terrain: str = "",
) -> Tile:
    """One tile row: AP cost, wood/clay/stone cost, printed VP, then its effect."""
    return Tile(key, name, kind, ap, w, c, s, vp, bang, terrain, effect, n, prov, text, kind != "feature", (w, c, s))


TILES: tuple[Tile, ...] = (
    # -- storm-tide buildings (6): effects confirmed (spec §2a), costs design
    _t("bank", "Bank", "storm", 4, 1, 1, 2, 0, "bank", 4, "confirmed",
       "take 4 coins; !: 1 VP per full 4 coins", True),
    _t("association", "Dike Association", "storm", 4, 2, 1, 1, 0, "association", 3, "confirmed",
       "move your dike marker 3 spaces; !: 2 spaces per full 3 dike points (no token rewards)", True),
    _t("estate", "Estate", "storm", 4, 2, 2, 0, 0, "estate", 2, "confirmed",
       "place 2 fences for free; !: 3 VP per pasture", True),
    _t("farmhouse", "Farmhouse", "storm", 4, 1, 2, 1, 0, "farmhouse", 4, "confirmed",
       "build a feature as with a value-4 farmer (pay its cards); !: 2 VP per feature", True),
    _t("mount", "Dwelling Mount", "storm", 3, 0, 2, 2, 0, "mount", 6, "confirmed",
       "!: with 6 or fewer breach tokens, return them all", True),
    _t("breeding", "Breeding Farm", "storm", 4, 2, 1, 1, 0, "breeding", 4, "confirmed",
       "take 1 sheep; !: 1 sheep on this tile per full 4 sheep", True),
    # -- sheep buildings (12): 7 from the Appendix page (spec §2b), 5 design
    _t("auction", "Auction House", "sheep", 3, 1, 1, 1, 2, "auction", 1, "confirmed",
       "each Upkeep before breeding: may sell 1 sheep to the supply for its value +1"),
    _t("stable", "External Stable", "sheep", 3, 2, 1, 0, 1, "house", 3, "confirmed",
       "houses 3 sheep on the tile"),
    _t("storage", "Feed Storage", "sheep", 3, 1, 1, 1, 1, "feed", 1, "confirmed",
       "each pasture space next to the tile holds 1 more sheep"),
    _t("silo", "Fodder Silo", "sheep", 3, 1, 2, 0, 2, "silo", 1, "confirmed",
       "each Upkeep before breeding: may buy 1 sheep from the supply for 1 coin"),
    _t("petshop", "Pet Shop", "sheep", 2, 1, 1, 0, 1, "house", 2, "inferred",
       "houses 2 sheep on the tile (number design: the text is cut off)"),
    _t("shearer", "Shearer", "sheep", 3, 1, 0, 1, 2, "shearer", 1, "inferred",
       "+1 coin for every sheep you sell"),
    _t("trough", "Feeding Trough", "sheep", 4, 2, 1, 1, 1, "trough", 1, "confirmed",
       "take 1 sheep; every pasture bordering the tile holds 2 sheep per space"),
    _t("lambing", "Lambing Shed", "sheep", 3, 1, 1, 1, 2, "lamb", 1, "design",
       "breeding gives 1 more lamb (with 2 or more sheep)"),
    _t("cottage", "Shepherd's Cottage", "sheep", 3, 2, 0, 1, 1, "sheep", 2, "design",
       "take 2 sheep"),
    _t("wool", "Wool Store", "sheep", 3, 0, 2, 1, 2, "income_coin", 1, "design",
       "+1 coin each income"),
    _t("fold", "Sheep Fold", "sheep", 2, 2, 0, 0, 2, "house", 2, "design",
       "houses 2 sheep on the tile"),
    _t("drover", "Drover's Inn", "sheep", 2, 1, 1, 0, 2, "ap", MARKET, "design",
       "+1 action point on the market action"),
    # -- action buildings (12): the three workshops (spec §2c), 9 design
    _t("carpenter", "Carpenter's Workshop", "action", 3, 0, 1, 1, 2, "workshop", WOOD, "inferred",
       "once per contribution: a wood without a card"),
    _t("mason", "Mason's Workshop", "action", 3, 1, 0, 1, 2, "workshop", CLAY, "inferred",
       "once per contribution: a clay without a card"),
    _t("stonemason", "Stonemason's Workshop", "action", 3, 1, 1, 0, 2, "workshop", STONE, "inferred",
       "once per contribution: a stone without a card"),
    _t("toolshed", "Tool Shed", "action", 2, 1, 0, 0, 2, "ap", FENCE, "design",
       "+1 action point on the fence action"),
    _t("cartshed", "Cart Shed", "action", 2, 1, 1, 0, 2, "ap", DRAW, "design",
       "+1 action point on the draw action"),
    _t("office", "Dike Office", "action", 2, 0, 1, 1, 2, "ap", DIKE, "design",
       "+1 action point on the dike action"),
    _t("yard", "Builder's Yard", "action", 2, 0, 0, 1, 2, "ap", BUILD, "design",
       "+1 action point on the build action"),
    _t("guesthouse", "Guest House", "action", 2, 0, 2, 0, 2, "reuse", 1, "design",
       "placing a farmer on an occupied action costs 1 coin less"),
    _t("storehouse", "Storehouse", "action", 2, 1, 1, 0, 2, "income_card", 1, "design",
       "+1 card each income"),
    _t("counting", "Counting House", "action", 3, 0, 1, 2, 1, "income_coin", 1, "design",
       "+1 coin each income"),
    _t("warden", "Dike Warden's House", "action", 2, 1, 0, 1, 2, "dike", 3, "design",
       "move your dike marker 3 spaces"),
    _t("timber", "Timber Yard", "action", 2, 1, 0, 0, 1, "cards", 3, "design",
       "draw 3 resource cards"),
    # -- features (16): Lake Cabin (spec §2d) and 15 design
    _t("cabin", "Lake Cabin", "feature", 3, 2, 1, 0, 0, "cabin", 3, "confirmed",
       "on a pond; !: 3 VP per empty neighbouring space", True, "pond"),
    _t("orchard", "Orchard", "feature", 2, 1, 0, 0, 3, "", 0, "design", "on a tree", terrain="tree"),
    _t("beehives", "Beehives", "feature", 2, 1, 0, 0, 1, "income_coin", 1, "design",
       "on a bush; +1 coin each income", terrain="bush"),
    _t("fishpond", "Fish Pond", "feature", 2, 0, 1, 1, 2, "cards", 2, "design",
       "on a pond; draw 2 cards", terrain="pond"),
    _t("herbs", "Herb Garden", "feature", 2, 0, 1, 0, 2, "cards", 1, "design", "draw 1 card"),
    _t("vegetables", "Vegetable Patch", "feature", 2, 1, 1, 0, 3, "", 0, "design", ""),
    _t("hedge", "Windbreak Hedge", "feature", 3, 2, 0, 0, 0, "vp_fences", 3, "design",
       "on a bush; !: 1 VP per 3 fences on your farm", True, "bush"),
    _t("willows", "Willow Row", "feature", 2, 1, 0, 0, 1, "fences", 1, "design",
       "on a tree; place 1 fence for free", terrain="tree"),
    _t("duckpond", "Duck Pond", "feature", 2, 0, 1, 0, 1, "coins", 2, "design",
       "on a pond; take 2 coins", terrain="pond"),
    _t("meadow", "Flower Meadow", "feature", 3, 0, 1, 1, 0, "vp_sheep", 2, "design",
       "!: 1 VP per 2 sheep", True),
    _t("sandbags", "Sandbag Pile", "feature", 2, 0, 1, 0, 1, "dike", 2, "design",
       "move your dike marker 2 spaces"),
    _t("wildgarden", "Wild Garden", "feature", 2, 0, 0, 1, 3, "", 0, "design", "on a bush",
       terrain="bush"),
    _t("oak", "Old Oak", "feature", 3, 0, 0, 2, 4, "", 0, "design", "on a tree", terrain="tree"),
    _t("reeds", "Reed Bed", "feature", 2, 1, 0, 1, 1, "income_card", 1, "design",
       "on a pond; +1 card each income", terrain="pond"),
    _t("lookout", "Lookout", "feature", 3, 1, 1, 1, 0, "vp_buildings", 2, "design",
       "!: 2 VP per building", True),
    _t("picnic", "Picnic Meadow", "feature", 2, 1, 0, 0, 1, "coins", 2, "design", "take 2 coins"),
)
TILE_KINDS: tuple[str, ...] = ("sheep", "action", "feature", "storm")
FACE_UP = 3  # per stack (the rule text (ES), line 77); storm tiles: players + 1 (line 79)
TILE_INDEX: dict[str, int] = {t.key: i for i, t in enumerate(TILES)}

assert len(TILES) == 46, len(TILES)
assert sum(t.kind == "storm" for t in TILES) == 6
assert sum(t.kind == "sheep" for t in TILES) == 12

#: every design/inferred fact that is not a row of the tables above, for the docs
FACTS: tuple[Component, ...] = (
    Component("track length", TRACK_LENGTH, "design (2p 4 inferred, overruled: LL-33)", "spec §6"),
    Component("dike track", DIKE_TRACK_SPACES, "design", "DP = spaces // 2; spec §5"),
    Component("token spaces", TOKEN_SPACES, "design", "spec §5"),
    Component("farm terrain", FARM_TERRAIN, "design", "spec §10"),
    Component("flood faces", FLOOD_CARDS, "design", "spec §8"),
    Component("value track", (VALUE_DP, VALUE_SHEEP), "design", "spec §7"),
    Component("income icons", (FENCE_ICONS, BUILDING_ICONS), "design", "spec §4c"),
    Component("resource deck", (DECK_PER_TYPE,) * 3, "inferred", "spec §9"),
)
