"""What a player can look up (``info Bakery``, ``info BAK``, ``info o12``): every
building, objective and terrain, in words (messages), built from the component tables."""

from __future__ import annotations

from functools import cache

from meeple.core.game import GlossaryEntry
from meeple.games.little_town.components import (
    ABBREVIATIONS,
    BUILDINGS,
    OBJECTIVES,
    RESOURCES,
    TERRAINS,
    VISIT_FEE,
    Building,
    Objective,
)
from meeple.games.little_town.words import (
    M,
    amount,
    amounts,
    building,
    cost,
    objective,
    points,
    terrain,
)
from meeple.i18n import Text, items

#: the effects that score at the end of the game rather than when built
END_SCORERS = ("castle", "watchtower")
#: terrain name -> the symbol the terminal board draws
TERRAIN_SYMBOLS = (("forest", "♣"), ("mountain", "▲"), ("lake", "≈"), ("grass", ".."))


def building_effect(b: Building) -> Text:
    """The activation (or special effect) of a building, in words."""
    if b.effect == "trade":
        gain = amounts(b.gain, b.gain_coins, b.gain_vp)
        if not any(b.pay) and not b.pay_coins:
            return M("effect.free", gain=gain)
        return M("effect.trade", pay=amounts(b.pay, b.pay_coins), gain=gain)
    return M(f"effect.{b.effect}", n=b.special_vp)


def built_points(b: Building) -> Text:
    """What building it scores: "5 points when built", or that it scores at the end."""
    return M("glossary.end_points") if b.effect in END_SCORERS else M("glossary.points", n=b.vp)


def building_text(b: Building, abbreviation: str) -> Text:
    notes: list[Text] = []
    if b.effect in ("trade", "pawn"):
        notes.append(M("glossary.visit", fee=amount("coins", VISIT_FEE)))
    if b.copies > 1:
        notes.append(M("glossary.copies", n=b.copies))
    elif b.robin:
        notes.append(M("glossary.robin"))
    head = M("glossary.building", abbreviation=abbreviation, cost=cost(b), points=built_points(b))
    return items([head, building_effect(b), *notes], "sentences")


def objective_text(o: Objective) -> Text:
    how = M("glossary.claim_fish") if o.kind == "fish_feed" else M("glossary.claim")
    notes: list[Text] = [how]
    if o.needs_count:
        names = items((building(BUILDINGS[k].key) for k in o.needs), "comma")
        notes.append(M("glossary.needs", n=o.needs_count, names=names))
    if o.provenance == "design":
        notes.append(M("glossary.stand_in"))
    return items([M("glossary.objective", points=points(o.vp), text=objective(o.key)), *notes], "sentences")


def _terrain_text(name: str) -> Text:
    gives = next(t.gives for t in TERRAINS if t.name == name)
    if gives < 0:
        return M("glossary.grass")
    return M("glossary.terrain", cube=amount(RESOURCES[gives], 1))


@cache
def entries() -> tuple[GlossaryEntry, ...]:
    out = []
    for b, abbreviation in zip(BUILDINGS, ABBREVIATIONS, strict=True):
        out.append(
            GlossaryEntry(
                name=building(b.key),
                kind=M("kind.building"),
                text=building_text(b, abbreviation),
                abbreviations=(abbreviation, b.key),
                design=b.provenance == "design",
            )
        )
    for o in OBJECTIVES:
        out.append(
            GlossaryEntry(
                name=M("objective.name", key=o.key),
                kind=M("kind.objective"),
                text=objective_text(o),
                abbreviations=(o.key,),
                design=o.provenance == "design",
            )
        )
    for name, symbol in TERRAIN_SYMBOLS:
        out.append(GlossaryEntry(name=terrain(name), kind=M("kind.terrain"), text=_terrain_text(name),
                                 abbreviations=(symbol,)))
    return tuple(out)
