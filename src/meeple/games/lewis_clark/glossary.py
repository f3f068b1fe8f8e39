"""Everything a player may look up (``info tuttle``), as messages built from the data
tables, so the text always says what the engine does, in the reader's language.

A character's action is a list of ways (components.Way): each way's text is its cost
("pay 1 wood") joined to its benefit ("gain 1 canoe") by the language's own pattern
(``way.cost``: "{cost} to {benefit}", French "{cost} pour {benefit}", Dutch "{cost}
en {benefit}"), so a translation never has to cut a sentence where English does.
"""

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
    MOVE,
    PAIRS,
    PICK,
    RES_NAMES,
    RES_WORDS,
    RIVER,
    STARTING,
    TILES,
    TRIPLES,
    VILLAGE,
    VILLAGE_INDIANS,
    VILLAGE_LOCS,
    Character,
    Effect,
    Location,
    Way,
)
from meeple.games.lewis_clark.words import (
    M,
    badge,
    card,
    good,
    goods,
    goods_list,
    indians,
    location,
)
from meeple.i18n import Msg, Text, current, items

#: the message naming each count a way may multiply by ("per food badge ...")
COUNT_TEXT = {
    BADGES: "count.badges",
    ACTIVES: "count.actives",
    AHEAD: "count.ahead",
    BOAT_INDIANS: "count.boat_indians",
    VILLAGE_INDIANS: "count.village_indians",
    PAIRS: "count.pairs",
    TRIPLES: "count.triples",
}
_TERRAIN = {RIVER: "river", "M": "mountain"}


#: benefits whose full text explains more than a move list has room for: their brief
#: form (``brief.benefit.KIND``) says it in a few words
_BRIEF_BENEFITS = frozenset({INDIAN, JOURNAL, COPY, FAREWELL, VILLAGE, BOAT, DISTINCT})


def count(way: Way, brief: bool = False) -> Msg:
    """What a counted benefit counts, after "per": "food badge in your play area ..."."""
    key = ("brief." if brief else "") + COUNT_TEXT[way.count]
    return M(key, good=good(way.types[0])) if way.types else M(key)


def cost(way: Way) -> Text | None:
    """What one repetition of ``way`` costs: "pay 1 wood and send 1 Indian ..." (None: free)."""
    paid: list[Text] = []
    if any(way.pay):
        paid.append(goods_list(way.pay))
    if way.any_n:
        paid.append(M("cost.different" if way.distinct else "cost.any", n=way.any_n))
    parts: list[Text] = []
    if paid:
        parts.append(M("cost.pay", goods=items(paid)))
    if way.indians:
        parts.append(M("cost.send", indians=indians(way.indians)))
    return items(parts) if parts else None


def price(way: Way) -> Text:
    """What one repetition of ``way`` costs, as a noun: "3 wood", "1 Indian and 1 good of
    any kind" (the way must cost something)."""
    parts: list[Text] = []
    if any(way.pay):
        parts.append(goods_list(way.pay))
    if way.any_n:
        parts.append(M("cost.different" if way.distinct else "cost.any", n=way.any_n))
    if way.indians:
        parts.append(indians(way.indians))
    return items(parts)


def benefit(way: Way, brief: bool = False) -> Msg:
    """What one repetition of ``way`` gives, as an instruction: "gain 1 canoe"."""
    b = way.benefit
    prefix = "brief.benefit" if brief and b in _BRIEF_BENEFITS else "benefit"
    if b == GAIN:
        if way.count:
            return M("benefit.gain_per", one=goods(way.types[0], 1), count=count(way, brief))
        return M("benefit.gain", goods=goods_list(way.gain))
    if b == MOVE:
        terrain = _TERRAIN[way.terrain]
        if way.count:
            return M(f"benefit.{terrain}_per", count=count(way, brief))
        return M(f"benefit.{terrain}", n=way.amount)
    if b == PICK:
        return M("benefit.pick", n=way.amount)
    if b == DISTINCT:
        return M(f"{prefix}.distinct", count=count(way, brief))
    if b == VILLAGE:
        return M(f"{prefix}.village_{way.types[0]}")
    if b == BOAT:
        return M(f"{prefix}.boat_{way.terrain}")
    if b in (INDIAN, JOURNAL, COPY, FAREWELL):
        return M(f"{prefix}.{b}")
    raise ValueError(f"no words for benefit {b!r}")


def describe_way(way: Way, brief: bool = False) -> Msg:
    """One way to perform one repetition, cost and benefit: "pay 1 wood to gain 1 canoe"."""
    paid = cost(way)
    got = benefit(way, brief)
    return M("way.cost", cost=paid, benefit=got) if paid is not None else got


def ways(effect: Effect, brief: bool = False) -> Text:
    """The ways of an effect: one, or each with the word that chooses it ("'take wood':
    gain 2 wood; or 'take fur': gain 2 fur")."""
    texts = [describe_way(w, brief) for w in effect.ways]
    if len(texts) == 1:
        return texts[0]
    named = [M("way.word", word=w.word, text=t) for w, t in zip(effect.ways, texts, strict=True)]
    joined: Text = named[-1]
    for text in reversed(named[:-1]):
        joined = M("way.or", first=text, rest=joined)
    return joined


def describe_effect(effect: Effect, brief: bool = False) -> Msg:
    """"once per strength point: ..." or the passive's text."""
    if effect.passive:
        return M(("brief." if brief else "") + f"passive.{effect.passive}")
    return M("effect.once" if effect.once else "effect.each", ways=ways(effect, brief))


def kind_of(c: Character) -> Msg:
    return M("kind.journal_card", num=c.num) if c.num else M("kind.starting")


def describe_card(c: Character) -> Msg:
    """The full text of a character: name, kind, notation, strength, badge, action."""
    return M("card.text", name=card(CARDS.index(c)), kind=kind_of(c), slug=c.slug,
             strength=c.strength, badge=good(c.badge), effect=describe_effect(c.effect))


def describe_location(loc: Location) -> Msg:
    seats = M("loc.arc") if loc.circles == 0 else M("loc.circles", n=loc.circles)
    return M("loc.text", name=location(VILLAGE_LOCS.index(loc)), slug=loc.slug, seats=seats,
             ways=ways(loc.effect))


def _card_entries() -> list[GlossaryEntry]:
    out = []
    colour_names = list(zip(*COLOUR_NAMES, strict=True))
    for k, c in enumerate(CARDS):
        abbreviations: tuple[str, ...] = (c.slug,)
        if c in STARTING:
            abbreviations += tuple(colour_names[STARTING.index(c)])
        out.append(GlossaryEntry(card(k), M("kind.character"), describe_card(c), abbreviations,
                                 c.provenance == "design"))
    return out


#: the other pieces and terms: (message key, kind, abbreviations, meeple designed it),
#: their name ``term.KEY`` and text ``glossary.KEY``
_TERMS = (
    ("indian", "token", ("I", "indians"), False),
    ("powwow", "board", ("powwow",), False),
    ("time", "token", (), False),
    ("fort", "space", ("F",), False),
    ("scout", "piece", ("S",), False),
    ("camp", "piece", ("c", "camp"), False),
    ("mackenzie", "piece", ("M", "mackenzie"), False),
    ("boat_a", "boat", ("A",), False),
    ("boat_b", "boat", ("B",), False),
    ("boat_c", "boat", ("C",), False),
    ("indian_boats", "boat", (), False),
    ("tile", "boat", ("T", "T1", "boat goods", "boat indian"), True),  # DC-13: the tiles' Time and bonus
    ("river", "terrain", ("~", "river"), False),
    ("mountain", "terrain", ("^", "mountain"), False),
    ("mixed", "terrain", ("%",), False),
    ("journal", "board", ("journal",), False),
    ("discard", "board", ("discard",), False),
)
#: the numbers the texts of the terms quote
_FACTS = {"fort": FORT, "last": LAST, "most": MAX_ALLOWANCE, "tiles": TILES}


def _term(key: str, kind: str, abbreviations: tuple[str, ...], design: bool) -> GlossaryEntry:
    return GlossaryEntry(M(f"term.{key}"), M(f"kind.{kind}"), M(f"glossary.{key}", **_FACTS),
                         abbreviations, design)


def _resource_entries() -> list[GlossaryEntry]:
    """The six goods; the notation word is their abbreviation (the board's badge letters
    are the reader's language's, found by ``by_badge``)."""
    return [GlossaryEntry(good(r), M("kind.resource"), M(f"glossary.good.{name}"), (RES_WORDS[r],))
            for r, name in enumerate(RES_NAMES)]


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    entries = _card_entries()
    for i, loc in enumerate(VILLAGE_LOCS):
        entries.append(GlossaryEntry(location(i), M("kind.location"), describe_location(loc),
                                     (loc.slug, f"village {loc.slug}"), loc.provenance == "design"))
    entries += _resource_entries()
    entries += [_term(*row) for row in _TERMS]
    return tuple(entries)


def by_badge(text: str) -> GlossaryEntry | None:
    """The good whose badge the board abbreviates as ``text`` in the reader's language
    ("no" is nourriture in French), for ``info``."""
    say = current()
    key = text.strip().lower()
    for r in range(4):
        if say(badge(r)).lower() == key:
            return _resource_entries()[r]
    return None
