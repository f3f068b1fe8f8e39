"""Lewis & Clark components as data: characters, village locations, boats, route.

Sources: the rule text (second edition, French game help; "line N" below) and the
component research notes the team keeps beside it (card list, village, boats, route,
design choices DC-n, named in docs/rulings/lewis-clark.md). Every row carries a
``provenance``: ``confirmed``, ``inferred`` or ``design``.

A character's action is an :class:`Effect`: a list of :class:`Way` rows, one per
way to perform one repetition (its cost and its benefit). The rules engine knows a
dozen benefit kinds; the 60 characters and 8 village locations are rows of data.
"""

from __future__ import annotations

from typing import NamedTuple

# ---- resources ---------------------------------------------------------------
WOOD, FUR, FOOD, EQUIP, CANOE, HORSE = range(6)
RES_WORDS: tuple[str, ...] = ("wood", "fur", "food", "equip", "canoe", "horse")
RES_NAMES: tuple[str, ...] = ("wood", "fur", "food", "equipment", "canoe", "horse")
PRIMARY: tuple[int, ...] = (WOOD, FUR, FOOD, EQUIP)
ALL_RES: tuple[int, ...] = (WOOD, FUR, FOOD, EQUIP, CANOE, HORSE)  # DC-10: "any" = 6 types


def cost(wood: int = 0, fur: int = 0, food: int = 0, equip: int = 0, canoe: int = 0,
         horse: int = 0) -> tuple[int, ...]:
    return (wood, fur, food, equip, canoe, horse)


NOTHING = cost()

# ---- effects -------------------------------------------------------------------
# benefit kinds
GAIN = "gain"          # gain ``gain`` resources, plus ``amount`` of ``types[0]`` counted by ``count``
MOVE = "move"          # move the scout ``amount`` (or ``count``) spaces on ``terrain``
PICK = "pick"          # choose ``amount`` primary resources one at a time (repeats allowed)
DISTINCT = "distinct"  # choose up to ``count`` primary resources, all different
INDIAN = "indian"      # take Indian(s) from the Pow-wow area onto your boats (Interpreter)
JOURNAL = "journal"    # take a Journal card into your hand (Cuscalar)
VILLAGE = "village"    # perform a village location's effect (``types``: "occupied" or "any")
COPY = "copy"          # activate at strength 1 a face-up character in any play area
FAREWELL = "farewell"  # discard up to 3 hand cards, then replace the Journal
BOAT = "boat"          # take a boat tile, face ``terrain`` ("goods"/"indian"), and its bonus
PASSIVE = "passive"    # no action: the card works while face-up in your play area

# count sources for amounts that depend on the table
FIXED = ""
BADGES = "badges"      # badges of ``types[0]`` in your and your neighbours' play areas
ACTIVES = "actives"    # face-up active characters in your play area (itself included)
AHEAD = "ahead"        # scouts on or ahead of your camp, yours included
BOAT_INDIANS = "boat_indians"
VILLAGE_INDIANS = "village_indians"  # DC-9: Indians on village locations + Pow-wow
PAIRS = "pairs"        # pairs of resources on your boats
TRIPLES = "triples"    # groups of three resources on your boats

RIVER, MOUNTAIN = "R", "M"


class Way(NamedTuple):
    """One way to perform one repetition: pay ``pay`` (+ ``any_n`` free-choice
    resources, all different when ``distinct``, + ``indians`` sent to the Pow-wow),
    then receive the benefit. ``word`` is the action that chooses this way."""

    word: str                      # the action that chooses it ("go" when alone)
    benefit: str
    pay: tuple[int, ...] = NOTHING
    any_n: int = 0
    distinct: bool = False
    indians: int = 0
    gain: tuple[int, ...] = NOTHING
    amount: int = 0
    count: str = FIXED
    types: tuple = ()
    terrain: str = ""


class Effect(NamedTuple):
    """What a character or a village location does, once per strength point."""

    ways: tuple[Way, ...]
    once: bool = False             # performed once whatever the strength (Hay, Little Raven)
    passive: str = ""              # larocque | gravelines | boley | jarrot | cutnose


def go(benefit: str, **kw) -> Effect:
    return Effect((Way("go", benefit, **kw),))


def collect(*types: int) -> Effect:
    """Collect X of a chosen type, X = badges of that type."""
    return Effect(tuple(
        Way(f"take {RES_WORDS[t]}", GAIN, count=BADGES, types=(t,)) for t in types
    ))


def move(n: int = 0, terrain: str = RIVER, count: str = FIXED, types: tuple = (), **kw) -> Effect:
    return go(MOVE, amount=n, terrain=terrain, count=count, types=types, **kw)


def either_way(n: int, **kw) -> Effect:
    """n spaces, all river or all mountain, chosen per repetition."""
    return Effect((
        Way("river", MOVE, amount=n, terrain=RIVER, **kw),
        Way("mountain", MOVE, amount=n, terrain=MOUNTAIN, **kw),
    ))


def passive(name: str) -> Effect:
    return Effect((), passive=name)


class Character(NamedTuple):
    num: int            # journal number 1-54; 0 for the starting characters
    name: str
    slug: str           # the notation word
    strength: int
    badge: int
    effect: Effect
    text: str
    provenance: str


S = "confirmed"
I = "inferred"  # noqa: E741

#: The 54 encountered characters (strength/badge confirmed from the card scan).
ENCOUNTERED: tuple[Character, ...] = (
    Character(1, "Hay", "hay", 1, WOOD,
              Effect((Way("go", DISTINCT, count=ACTIVES),), once=True),
              "once: up to K different primary resources, K = your face-up characters (max 4)", S),
    Character(2, "Little Raven", "little-raven", 1, WOOD,
              Effect(tuple(Way(f"take {RES_WORDS[t]}", GAIN, count=ACTIVES, types=(t,))
                           for t in PRIMARY), once=True),
              "once: K of one primary resource, K = your face-up characters", S),
    Character(3, "Buffalo Medicine", "buffalo-medicine", 1, EQUIP,
              go(GAIN, pay=cost(food=1), gain=cost(canoe=1)), "1 food -> 1 canoe", S),
    Character(4, "Ebenezer Tuttle", "tuttle", 1, FUR,
              go(GAIN, pay=cost(wood=1), gain=cost(canoe=1)), "1 wood -> 1 canoe", S),
    Character(5, "Rene Jessaume", "jessaume", 1, FUR,
              go(GAIN, pay=cost(fur=3), gain=cost(horse=1)), "3 fur -> 1 horse", S),
    Character(6, "Big Horse", "big-horse", 1, FUR,
              go(GAIN, indians=2, gain=cost(horse=1)), "2 Indians to the Pow-wow -> 1 horse", S),
    Character(7, "Moses B. Reed", "reed", 1, FUR,
              move(2, pay=cost(wood=2)), "2 wood -> 2 river", S),
    Character(8, "John Robertson", "robertson", 1, WOOD,
              move(3, pay=cost(equip=2)), "2 equipment -> 3 river", S),
    Character(9, "Joseph Barter", "barter", 1, FUR,
              move(5, pay=cost(canoe=1)), "1 canoe -> 5 river", S),
    Character(10, "J. Baptiste Deschamps", "deschamps", 1, FOOD,
              move(6, pay=cost(food=1, canoe=1)), "1 canoe + 1 food -> 6 river", S),
    Character(11, "John Newman", "newman", 1, WOOD,
              either_way(1, pay=cost(food=1)), "1 food -> 1 river or mountain", S),
    Character(12, "Charles Mackenzie", "c-mackenzie", 1, EQUIP,
              move(3, MOUNTAIN, pay=cost(fur=1, horse=1)), "1 horse + 1 fur -> 3 mountain", S),
    Character(13, "John Dame", "dame", 1, EQUIP,
              move(1, MOUNTAIN, pay=cost(wood=2)), "2 wood -> 1 mountain", S),
    Character(14, "Cuscalar", "cuscalar", 1, FUR,
              go(JOURNAL, pay=cost(horse=1)), "1 horse -> any Journal card to your hand (DC-8)", S),
    Character(15, "Toussaint Charbonneau", "charbonneau", 1, WOOD,
              go(VILLAGE, any_n=1, types=("occupied",)),
              "1 any -> the effect of an occupied village location", S),
    Character(16, "F. Antoine Larocque", "larocque", 1, FOOD, passive("larocque"),
              "passive: occupied spaces are not counted in one move per action", S),
    Character(17, "Joseph Gravelines", "gravelines", 1, WOOD, passive("gravelines"),
              "passive: recruiting costs 2 fewer fur", S),
    Character(18, "John Boley", "boley", 1, FOOD, passive("boley"),
              "passive: camp Time -1", S),
    Character(19, "John Hay", "john-hay", 2, FUR, collect(FUR, WOOD), "collect fur or wood", S),
    Character(20, "Big White", "big-white", 2, EQUIP, collect(EQUIP, WOOD),
              "collect equipment or wood", S),
    Character(21, "Dickson & Hancock", "dickson-hancock", 2, FOOD, collect(FOOD, FUR),
              "collect food or fur", S),
    Character(22, "Black Moccasin", "black-moccasin", 2, FUR, collect(EQUIP, FOOD),
              "collect equipment or food", S),
    Character(23, "Yellept", "yellept", 2, WOOD, go(PICK, any_n=1, amount=2),
              "1 any -> 2 primary of your choice", S),
    Character(24, "P. Antoine Tabeau", "tabeau", 2, FUR,
              go(GAIN, pay=cost(wood=1, food=1), gain=cost(canoe=2)), "1 wood + 1 food -> 2 canoes", S),
    Character(25, "Three Eagles", "three-eagles", 2, WOOD,
              go(GAIN, pay=cost(equip=2), gain=cost(horse=1)), "2 equipment -> 1 horse", S),
    Character(26, "Hawk's Feather", "hawks-feather", 2, FUR,
              move(3, pay=cost(food=1)), "1 food -> 3 river", S),
    Character(27, "Man Crow", "man-crow", 2, WOOD, move(4, pay=cost(wood=3)), "3 wood -> 4 river", S),
    Character(28, "Cutssahnem", "cutssahnem", 2, WOOD, move(5, any_n=3, distinct=True),
              "3 different resources -> 5 river", S),
    Character(29, "Black Buffalo", "black-buffalo", 2, WOOD,
              move(count=BADGES, types=(FOOD,), pay=cost(food=1)), "1 food -> river = food badges", S),
    Character(30, "Half Man", "half-man", 2, EQUIP, move(count=AHEAD, any_n=1),
              "1 any -> river = scouts on or ahead of your camp", S),
    Character(31, "Richard Warfington", "warfington", 2, FUR, move(count=BOAT_INDIANS, any_n=2),
              "2 any -> river = Indians on your boats", S),
    Character(32, "James Mackay", "mackay", 2, FOOD, either_way(3, pay=cost(horse=1)),
              "1 horse -> 3 river or 3 mountain", S),
    Character(33, "Weuche", "weuche", 2, FUR,
              move(terrain=MOUNTAIN, count=BADGES, types=(EQUIP,), pay=cost(equip=2)),
              "2 equipment -> mountain = equipment badges", S),
    Character(34, "Pierre Dorion", "dorion", 2, EQUIP, move(2, MOUNTAIN, pay=cost(fur=3)),
              "3 fur -> 2 mountain", S),
    Character(35, "The Partisan", "partisan", 2, FOOD, go(COPY, pay=cost(food=1)),
              "1 food -> activate a face-up character at strength 1", S),
    Character(36, "Nicholas Jarrot", "jarrot", 2, FOOD, passive("jarrot"),
              "passive: +2 river to one river move per action", S),
    Character(37, "Regis Loisel", "loisel", 3, EQUIP, collect(EQUIP, FOOD, WOOD),
              "collect equipment, food or wood", S),
    Character(38, "Hugh Heney", "heney", 3, FOOD, collect(FUR, FOOD, WOOD),
              "collect fur, food or wood", S),
    Character(39, "Black Cat", "black-cat", 3, WOOD, go(PICK, amount=2),
              "2 primary of your choice", S),
    Character(40, "Twisted Hair", "twisted-hair", 3, WOOD,
              go(GAIN, pay=cost(canoe=1), gain=cost(canoe=2)), "1 canoe -> 2 canoes", S),
    Character(41, "Cameahwait", "cameahwait", 3, FUR,
              Effect((Way("pay canoe", GAIN, pay=cost(canoe=1), gain=cost(horse=1)),
                      Way("pay horse", GAIN, pay=cost(horse=1), gain=cost(canoe=1)))),
              "1 canoe -> 1 horse, or 1 horse -> 1 canoe", S),
    Character(42, "Broken Arm", "broken-arm", 3, FOOD,
              go(GAIN, pay=cost(equip=1), gain=cost(horse=1)), "1 equipment -> 1 horse", S),
    Character(43, "Comcomly", "comcomly", 3, EQUIP,
              move(7, pay=cost(wood=1, fur=1, food=1, equip=1)), "1 of each primary -> 7 river", S),
    Character(44, "Little Thief", "little-thief", 3, EQUIP, move(count=PAIRS, indians=1),
              "1 Indian to the Pow-wow -> river = pairs of resources", S),
    Character(45, "Watkuweis", "watkuweis", 3, FUR, move(count=ACTIVES, any_n=1),
              "1 any -> river = your face-up characters", S),
    Character(46, "Daniel Boone", "boone", 3, WOOD, move(count=VILLAGE_INDIANS, any_n=2),
              "2 any -> river = Indians in the village (DC-9)", S),
    Character(47, "Old Toby", "old-toby", 3, FUR, either_way(6, pay=cost(canoe=1, horse=1)),
              "1 canoe + 1 horse -> 6 river or 6 mountain", S),
    Character(48, "Coboway", "coboway", 3, FUR,
              move(4, MOUNTAIN, pay=cost(wood=1, fur=1, food=1, equip=1)),
              "1 of each primary -> 4 mountain", S),
    Character(49, "Crow at Rest", "crow-at-rest", 3, EQUIP,
              move(3, MOUNTAIN, pay=cost(fur=2, equip=2)), "2 equipment + 2 fur -> 3 mountain", S),
    Character(50, "George Drouillard", "drouillard", 3, WOOD,
              move(2, MOUNTAIN, indians=1, any_n=1), "1 Indian to the Pow-wow + 1 any -> 2 mountain", S),
    Character(51, "Tetoharsky", "tetoharsky", 3, WOOD,
              move(terrain=MOUNTAIN, count=TRIPLES, indians=1),
              "1 Indian to the Pow-wow -> mountain = groups of 3 resources", S),
    Character(52, "One Eye", "one-eye", 3, FOOD, move(terrain=MOUNTAIN, count=AHEAD, any_n=2),
              "2 any -> mountain = scouts on or ahead of your camp", S),
    Character(53, "Sacagawea", "sacagawea", 3, WOOD, go(VILLAGE, types=("any",)),
              "the effect of any village location", S),
    Character(54, "Cut Nose", "cut-nose", 3, FUR, passive("cutnose"),
              "passive: +1 mountain to one mountain move per action", S),
)

#: The six starting characters, identical for every colour.
STARTING: tuple[Character, ...] = (
    Character(0, "Expedition Leader", "leader", 1, FUR,
              Effect((Way("pay food", MOVE, pay=cost(food=1), amount=2, terrain=RIVER),
                      Way("pay canoe", MOVE, pay=cost(canoe=1), amount=4, terrain=RIVER),
                      Way("pay horse", MOVE, pay=cost(horse=1), amount=2, terrain=MOUNTAIN))),
              "1 food -> 2 river, or 1 canoe -> 4 river, or 1 horse -> 2 mountain", S),
    Character(0, "Interpreter", "interpreter", 2, WOOD, go(INDIAN),
              "1 Indian from the Pow-wow to your boats; then the Journal's card 1 is discarded", I),
    Character(0, "Lumberjack", "lumberjack", 1, WOOD, collect(WOOD), "collect wood", S),
    Character(0, "Hunter", "hunter", 1, FOOD, collect(FOOD), "collect food", S),
    Character(0, "Blacksmith", "blacksmith", 1, EQUIP, collect(EQUIP), "collect equipment", S),
    Character(0, "Fur Trader", "trapper", 1, FUR, collect(FUR), "collect fur", S),
)

#: Card kinds: 0-53 are journal cards #1-#54, 54-59 the starting roles.
CARDS: tuple[Character, ...] = ENCOUNTERED + STARTING
N_ENCOUNTERED = len(ENCOUNTERED)
N_KINDS = len(CARDS)
STARTING_KINDS: tuple[int, ...] = tuple(range(N_ENCOUNTERED, N_KINDS))
LEADER, INTERPRETER = N_ENCOUNTERED, N_ENCOUNTERED + 1
STRENGTH: tuple[int, ...] = tuple(c.strength for c in CARDS)
BADGE: tuple[int, ...] = tuple(c.badge for c in CARDS)
SLUG: tuple[str, ...] = tuple(c.slug for c in CARDS)
#: the card kind of each passive character
PASSIVE_CARD: dict[str, int] = {c.effect.passive: k for k, c in enumerate(CARDS) if c.effect.passive}
LAROCQUE, GRAVELINES, BOLEY = PASSIVE_CARD["larocque"], PASSIVE_CARD["gravelines"], PASSIVE_CARD["boley"]
JARROT, CUTNOSE = PASSIVE_CARD["jarrot"], PASSIVE_CARD["cutnose"]
#: starting-character names per colour (cosmetic)
COLOUR_NAMES: tuple[tuple[str, ...], ...] = (
    ("Meriwether Lewis", "Pierre Cruzatte", "Hugh McNeal", "Seaman", "Alexander H. Willard",
     "Richard Windsor"),
    ("William Clark", "Francois Labiche", "John B. Thompson", "York", "Joseph Whitehouse",
     "Joseph & Reuben Field"),
    ("Nathaniel Pryor", "George Gibson", "Patrick Gass", "John Colter", "William Bratton",
     "Peter Weiser"),
    ("Charles Floyd", "J. Baptiste Lepage", "Hugh Hall", "William Werner", "John Potts",
     "John Collins"),
    ("John Ordway", "Robert Frazer", "Thomas P. Howard", "Silas Goodrich", "John Shields",
     "George Shannon"),
)
COLOURS: tuple[str, ...] = ("blue", "orange", "green", "purple", "yellow")


# ---- the Indian village  ---------------------------------------------
class Location(NamedTuple):
    slug: str
    name: str
    circles: int        # 0 = an arc (1-3 Indians at once, occupied or not)
    effect: Effect
    solo_badge: int     # DC-18
    text: str
    provenance: str


VILLAGE_LOCS: tuple[Location, ...] = (
    Location("hunting", "Hunting", 1, go(GAIN, gain=cost(food=1, fur=1)), FOOD,
             "1 food + 1 fur", S),
    Location("crafts", "Craftsmanship", 1,
             Effect((Way("take wood", GAIN, gain=cost(wood=2)),
                     Way("take fur", GAIN, gain=cost(fur=2)))), WOOD,
             "2 wood or 2 fur (DC-16)", "design"),
    Location("gift", "Gift", 1, go(GAIN, gain=cost(wood=1, equip=1)), EQUIP,
             "1 equipment + 1 wood (DC-16)", "design"),
    Location("farewell", "Farewell", 1, go(FAREWELL), EQUIP,
             "discard 0-3 hand cards, then replace the 5 Journal cards", S),
    Location("shaman", "Shamanism", 1, go(COPY, pay=cost(food=1)), FOOD,
             "1 food -> activate a face-up character at strength 1", S),
    Location("upgrade", "Expedition Upgrade", 2,
             Effect((Way("boat goods", BOAT, pay=cost(wood=3), terrain="goods"),
                     Way("boat indian", BOAT, pay=cost(wood=3), terrain="indian"))), FUR,
             "3 wood -> a boat tile (2 goods + 2 primary, or 1 Indian + 1 Indian) (DC-13, DC-17)", S),
    Location("canoes", "Canoe making", 0, go(GAIN, pay=cost(wood=2), gain=cost(canoe=1)), WOOD,
             "2 wood -> 1 canoe", S),
    Location("horses", "Horse trade", 0, go(GAIN, any_n=3, distinct=True, gain=cost(horse=1)), FUR,
             "3 different resources -> 1 horse", S),
)
N_LOCS = len(VILLAGE_LOCS)

#: Effects by index: card kinds, then village locations.
EFFECTS: tuple[Effect, ...] = tuple(c.effect for c in CARDS) + tuple(v.effect for v in VILLAGE_LOCS)
LOC_EFFECT0 = N_KINDS  # effect index of village location 0


# ---- boats (DC-13 for the 2nd-edition tiles) -----------------------------
class Boat(NamedTuple):
    name: str
    holds: str          # "goods" | "indians"
    capacity: int       # 0 = unlimited
    time: str           # "none" | "if_any" | "each"
    provenance: str


BOATS: tuple[Boat, ...] = (
    Boat("goods A", "goods", 3, "none", S),
    Boat("goods B", "goods", 3, "if_any", S),
    Boat("goods C", "goods", 5, "each", S),
    Boat("Indian 1", "indians", 1, "none", S),
    Boat("Indian 2", "indians", 0, "each", S),
    Boat("tile, goods face", "goods", 2, "none", "design"),
    Boat("tile, Indian face", "indians", 1, "none", "design"),
)
BASE_GOODS = 3 + 3 + 5
TILE_GOODS = 2
TILES = 10  # rule text line 43

# ---- the route (DC-20) -----------------------------------------------
MIXED = "X"


class Stretch(NamedTuple):
    first: int
    last: int
    terrain: str
    provenance: str


ROUTE_STRETCHES: tuple[Stretch, ...] = (
    Stretch(0, 17, RIVER, I),       # St. Louis then 17 river spaces
    Stretch(18, 18, MIXED, I),
    Stretch(19, 25, MOUNTAIN, I),
    Stretch(26, 26, MIXED, I),
    Stretch(27, 31, RIVER, I),
    Stretch(32, 34, MOUNTAIN, I),
    Stretch(35, 38, RIVER, I),
    Stretch(39, 49, RIVER, "design"),  # Fort Clatsop (0) and the numbered end spaces 1-10
)
ROUTE: tuple[str, ...] = tuple(
    s.terrain for s in ROUTE_STRETCHES for _ in range(s.first, s.last + 1)
)
FORT = 39
LAST = len(ROUTE) - 1
#: the most Time tokens a winning camp may hold: the number printed on the last space
#: (rule text lines 175-179: the flag space shows 0, each further space one more)
MAX_ALLOWANCE = LAST - FORT


def allowance(space: int) -> int | None:
    """The Time tokens a camp on ``space`` may hold and still win (``None`` before the fort)."""
    return space - FORT if space >= FORT else None

#: Solo: Alexander Mackenzie starts this many spaces ahead of St. Louis, by difficulty.
SOLO_LEVELS: tuple[int, ...] = tuple(range(8))
