"""Everything a player may look up (``info tuttle``), in words built from the data tables,
so the text always says what the engine does."""

from __future__ import annotations

from functools import cache

from meeple.core.game import GlossaryEntry
from meeple.games.lewis_clark.components import (
    ACTIVES,
    AHEAD,
    BADGES,
    BOAT,
    BOAT_INDIANS,
    CARDS,
    COLOUR_NAMES,
    COPY,
    DISTINCT,
    FAREWELL,
    FORT,
    GAIN,
    INDIAN,
    JOURNAL,
    LAST,
    MAX_ALLOWANCE,
    MOUNTAIN,
    MOVE,
    PAIRS,
    PICK,
    RES_NAMES,
    RES_WORDS,
    RIVER,
    STARTING,
    TRIPLES,
    VILLAGE,
    VILLAGE_INDIANS,
    VILLAGE_LOCS,
    Character,
    Effect,
    Location,
    Way,
)

_TERRAIN_WORD = {RIVER: "river", MOUNTAIN: "mountain"}
_COUNT_WORDS = {
    BADGES: "{type} badge in your play area and your two neighbours' (solo: yours and the "
            "badge tokens of occupied village locations)",
    ACTIVES: "face-up character in your play area, this one included",
    AHEAD: "scout on or ahead of your camp, yours included (solo: Mackenzie counts)",
    BOAT_INDIANS: "Indian on your boats (not those on cards)",
    VILLAGE_INDIANS: "Indian in the village (on its locations and in the Pow-wow area)",
    PAIRS: "pair of goods on your boats (nothing is spent)",
    TRIPLES: "group of three goods on your boats (nothing is spent)",
}
_PASSIVES = {
    "larocque": "passive: while face up in your play area, spaces holding other scouts are "
                "not counted during one move of each of your actions",
    "gravelines": "passive: while face up in your play area, recruiting costs you 2 fewer fur",
    "boley": "passive: while face up in your play area, your camp costs 1 Time token less "
             "(never below 0)",
    "jarrot": "passive: while face up in your play area, one river move of each of your "
              "actions goes 2 spaces further",
    "cutnose": "passive: while face up in your play area, one mountain move of each of your "
               "actions goes 1 space further",
}


def _goods(amounts) -> str:
    parts = [f"{n} {RES_NAMES[r]}" for r, n in enumerate(amounts) if n]
    return " + ".join(parts)


def _cost(way: Way) -> str:
    parts = []
    paid = []
    if any(way.pay):
        paid.append(_goods(way.pay))
    if way.any_n:
        kind = "different goods" if way.distinct else "goods of any kind"
        paid.append(f"{way.any_n} {kind}" if way.any_n > 1 else "1 good of any kind")
    if paid:
        parts.append("pay " + " + ".join(paid))
    if way.indians:
        many = "s" if way.indians > 1 else ""
        parts.append(f"send {way.indians} Indian{many} from your boats to the Pow-wow area")
    return " and ".join(parts)


def _count(way: Way) -> str:
    text = _COUNT_WORDS[way.count]
    return text.format(type=RES_NAMES[way.types[0]]) if way.types else text


def describe_way(way: Way) -> str:
    """One way to perform one repetition, in words."""
    b = way.benefit
    if b == GAIN:
        got = f"1 {RES_NAMES[way.types[0]]} per {_count(way)}" if way.count else _goods(way.gain)
        what = f"gain {got}"
    elif b == MOVE:
        terrain = _TERRAIN_WORD[way.terrain]
        if way.count:
            what = f"move your scout 1 {terrain} space per {_count(way)}"
        else:
            what = f"move your scout {way.amount} {terrain} space{'s' * (way.amount > 1)}"
    elif b == PICK:
        what = f"gain {way.amount} primary goods of your choice (the same or different)"
    elif b == DISTINCT:
        what = ("gain primary goods of your choice, all different, up to one per "
                f"{_count(way)} (at most 4)")
    elif b == INDIAN:
        what = ("take 1 Indian from the Pow-wow area onto your boats (before the first, "
                "every Indian on a village location goes back to the Pow-wow area); after "
                "the action the card in Journal slot 1 is discarded")
    elif b == JOURNAL:
        what = ("take any Journal card into your hand (not a recruitment: no fur or "
                "equipment, and you may still recruit this turn)")
    elif b == VILLAGE:
        which = "a village location that holds an Indian" if way.types[0] == "occupied" \
            else "any village location"
        what = f"perform the effect of {which}, without placing an Indian"
    elif b == COPY:
        what = ("perform, at strength 1, the action of a face-up character in any play "
                "area (not a passive one, nor one that copies or uses the village)")
    elif b == FAREWELL:
        what = ("discard up to 3 cards from your hand face up, then the 5 Journal cards "
                "are discarded and 5 new ones dealt")
    elif b == BOAT:
        what = ("take a boat tile, goods face (2 more goods, no Time) and gain 2 primary "
                "goods of your choice" if way.terrain == "goods" else
                "take a boat tile, Indian face (1 more Indian, no Time) and 1 Indian from "
                "the stock")
    else:
        raise ValueError(f"no words for benefit {b!r}")
    cost = _cost(way)
    return f"{cost} to {what}" if cost else what


def describe_effect(effect: Effect) -> str:
    if effect.passive:
        return _PASSIVES[effect.passive]
    ways = [describe_way(w) for w in effect.ways]
    if len(ways) == 1:
        body = ways[0]
    else:
        body = "; or ".join(f"'{w.word}': {text}" for w, text in zip(effect.ways, ways, strict=True))
    when = "once, whatever the strength" if effect.once else "once per strength point"
    return f"{when}: {body}"


def describe_card(c: Character) -> str:
    kind = f"journal card {c.num}" if c.num else "starting character"
    badge = RES_NAMES[c.badge]
    return (f"{c.name} ({kind}, '{c.slug}'): strength {c.strength}, {badge} badge. "
            f"{describe_effect(c.effect)[0].upper()}{describe_effect(c.effect)[1:]}.")


def describe_location(loc: Location) -> str:
    seats = ("an arc: 1 to 3 Indians at once, occupied or not" if loc.circles == 0 else
             f"{loc.circles} circle{'s' * (loc.circles > 1)}: one Indian each, blocked "
             "until an Interpreter frees it")
    return (f"{loc.name} ('{loc.slug}', {seats}). Once per Indian placed: "
            f"{describe_effect(loc.effect).split(': ', 1)[1]}.")


def _card_entries() -> list[GlossaryEntry]:
    out = []
    colour_names = list(zip(*COLOUR_NAMES, strict=True))
    for c in CARDS:
        abbreviations: tuple[str, ...] = (c.slug,)
        if c in STARTING:
            abbreviations += tuple(colour_names[STARTING.index(c)])
        design = c.provenance == "design"
        out.append(GlossaryEntry(c.name, "character", describe_card(c), abbreviations, design))
    return out


_OTHER = (
    ("Indian", "token", "An Indian token gives strength 1: put 1-3 on a character you play "
     "(they come back to your boats when you camp), or place them in the village, where "
     "they stay. 3 + 3 x players Indians: 1 per expedition, 1 in the Pow-wow area, the "
     "rest in the stock. Each Indian on a boat beyond the free seats costs 1 Time at camp.",
     ("I", "indians")),
    ("Pow-wow area", "board", "The centre of the village where free Indians wait; an "
     "Interpreter takes them onto your boats. Some characters send Indians there.",
     ("pow-wow", "powwow")),
    ("Time token", "token", "Taken at camp: 1 per card still in hand plus the Time of your "
     "loaded boats. Never given back. To win, camp on or past Fort Clatsop with at most "
     f"as many tokens as the number under your scout (0 on space {FORT}, up to "
     f"{MAX_ALLOWANCE} on space {LAST}).", ("time", "tokens")),
    ("Fort Clatsop", "space", f"Space {FORT}, the flag. A camp on space {FORT}+n wins "
     f"with at most n Time tokens; the route ends at space {LAST} (n = {MAX_ALLOWANCE}). "
     "An expedition with more tokens than that can no longer win.", ("F", "fort")),
    ("Scout", "piece", "Your explorer on the route (S on the board). It only moves forward; "
     "it never ends a move on a space holding another scout (except St. Louis and the "
     "last space), going on to the next free one.", ("S",)),
    ("Camp", "piece", "Your camp (c on the board; * when your scout stands on it). Camping "
     "(once per turn, before or after the action) brings Indians back to your boats, costs "
     "Time tokens (cards in hand + boat Time), returns your play area to your hand and "
     "moves the camp to your scout.", ("c", "camping")),
    ("Alexander Mackenzie", "piece", "Solo rival (M on the board): starts 'difficulty' "
     f"spaces ahead of St. Louis and advances 1 space after each of your turns; you lose "
     f"when he reaches Fort Clatsop (space {FORT}).", ("M", "mackenzie")),
    ("Boat A", "boat", "Holds 3 goods, no Time at camp.", ("A",)),
    ("Boat B", "boat", "Holds 3 goods, 1 Time at camp if it holds any.", ("B",)),
    ("Boat C", "boat", "Holds 5 goods, 1 Time at camp per good in it.", ("C",)),
    ("Indian boats", "boat", "The first holds 1 Indian for no Time; the second any number, "
     "1 Time each at camp. Indian boat tiles add free seats.", ("indian boat",)),
    ("Boat tile", "boat", "From Expedition Upgrade (10 in all); the face chosen is "
     "permanent: 2 goods (no Time, bonus 2 primary goods of your choice) or 1 Indian (no "
     "Time, bonus 1 Indian from the stock). Shown as T1, T2, ...",
     ("T", "T1", "tile", "boat goods", "boat indian")),
    ("River", "terrain", "~ on the route: river moves cross river and mixed spaces and stop "
     "before a mountain.", ("~",)),
    ("Mountain", "terrain", "^ on the route: mountain moves cross mountain and mixed spaces "
     "and stop before a river.", ("^",)),
    ("Mixed space", "terrain", "% on the route: counts as river and as mountain.", ("%",)),
    ("Journal", "board", "Five characters to recruit: slot K costs K fur and equipment equal "
     "to the character's strength; one hand card may be discarded to cover equipment up to "
     "its strength. The rest slide down and a new card enters slot 5.",
     ("journal of encounters",)),
    ("Discard pile", "board", "Face-up pile of discarded cards (Journal cards, and starting "
     "cards given up to recruit or at Farewell). When the deck runs out, its Journal cards "
     "are shuffled into a new deck.", ("discard",)),
)


#: entries whose facts meeple designed (the 2nd-edition tiles' Time and bonus, DC-13)
_DESIGNED = frozenset({"Boat tile"})


def _resource_entries() -> list[GlossaryEntry]:
    texts = {
        "wood": "Primary good (brown). Pays for canoes (2 wood), boat tiles (3 wood) and "
                "many characters.",
        "fur": "Primary good (yellow). Pays recruits (slot K costs K fur) and trades.",
        "food": "Primary good (pink). The Leader turns 1 food into 2 river spaces.",
        "equipment": "Primary good (grey). Pays recruits (equipment = strength) and trades.",
        "canoe": "Made from other goods (blue). The Leader turns 1 canoe into 4 river spaces.",
        "horse": "Made from other goods (white). The Leader turns 1 horse into 2 mountain "
                 "spaces.",
    }
    badge = {"wood": "wd", "fur": "fr", "food": "fd", "equipment": "eq"}
    out = []
    for r, name in enumerate(RES_NAMES):
        abbreviations = tuple(dict.fromkeys(a for a in (RES_WORDS[r], badge.get(name)) if a))
        out.append(GlossaryEntry(name, "resource", texts[name], abbreviations))
    return out


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    entries = _card_entries()
    for loc in VILLAGE_LOCS:
        out_design = loc.provenance == "design"
        entries.append(GlossaryEntry(loc.name, "village location", describe_location(loc),
                                     (loc.slug, f"village {loc.slug}"), out_design))
    entries += _resource_entries()
    entries += [GlossaryEntry(name, kind, text, abbr, design=name in _DESIGNED)
                for name, kind, text, abbr in _OTHER]
    return tuple(entries)
