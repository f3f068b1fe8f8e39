"""What a player can look up (``info QUARRY``, ``info QUA``, ``info o12``): every
building, objective and terrain, in words, built from the component tables."""

from __future__ import annotations

from meeple.core.game import GlossaryEntry
from meeple.games.little_town.components import (
    ABBREVIATIONS,
    BUILDINGS,
    OBJECTIVES,
    RESOURCES,
    TERRAINS,
    Building,
    Objective,
)


def amounts(cubes: tuple[int, ...], coins: int = 0, points: int = 0) -> str:
    """``2 wood + 1 coin``: cubes, coins and points in words ("nothing" if none)."""
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(cubes) if n]
    if coins:
        parts.append(f"{coins} coin" + ("s" if coins > 1 else ""))
    if points:
        parts.append(f"{points} point" + ("s" if points > 1 else ""))
    return " + ".join(parts) or "nothing"


_SPECIAL = {
    "none": "It cannot be activated.",
    "pawn": (
        "Activation: give 2 cubes of any kinds, then take 2 cubes of any kinds from the "
        "supply. With exchange=use, 3 coins can stand in for a cube you give."
    ),
    "cathedral": (
        "End of every round, before the workers go home: its owner scores {n} point per "
        "worker (any colour) on the 8 cells around it. It cannot be activated."
    ),
    "residence": (
        "End of every round: its owner activates the buildings on the 8 cells around it, "
        "as a worker standing there would (normal costs, each once). It cannot be activated."
    ),
    "castle": (
        "End of the game: its owner scores {n} points per building on the 8 cells around "
        "it that the owner also owns (option castle=any: every building). It cannot be activated."
    ),
    "watchtower": (
        "End of the game: its owner scores {n} points per empty grass cell on the 8 cells "
        "around it. It cannot be activated."
    ),
}


def building_effect(b: Building) -> str:
    """The activation (or special effect) of a building, in words."""
    if b.effect == "trade":
        gain = amounts(b.gain, b.gain_coins, b.gain_vp)
        pay = amounts(b.pay, b.pay_coins)
        if pay == "nothing":
            return f"Activation: gain {gain}."
        return f"Activation: pay {pay}, gain {gain}."
    return _SPECIAL[b.effect].format(n=b.special_vp)


def building_text(b: Building, abbreviation: str) -> str:
    points = (
        "no points when built (it scores at the end)" if b.effect in ("castle", "watchtower")
        else f"{b.vp} points when built"
    )
    lines = [
        f"{b.french} on the tile; {abbreviation} on the board.",
        f"Cost: {amounts(b.cost, b.cost_coins)}; {points}.",
        building_effect(b),
    ]
    if b.effect in ("trade", "pawn"):
        lines.append("Another player's building costs 1 coin more, paid to its owner.")
    if b.copies > 1:
        lines.append(f"{b.copies} copies, stacked beside the market; always available.")
    elif b.robin:
        lines.append("Part of the first-game (robin) set.")
    if b.provenance == "inferred":
        lines.append(
            "The effect is read from the tile's icons as two independent implementations "
            "do; the official rulebook wording is not available."
        )
    return " ".join(lines)


def objective_text(o: Objective) -> str:
    lines = [f"{o.vp} points: {o.text}."]
    if o.kind == "fish_feed":
        lines.append("Validated automatically when you feed every worker with fish.")
    else:
        lines.append("Validate it during your turn, while the condition holds.")
    if o.needs_count:
        names = ", ".join(BUILDINGS[k].key for k in o.needs)
        what = "one" if o.needs_count == 1 else f"{o.needs_count}"
        lines.append(f"(!) Dealt only if the market holds {what} of: {names}.")
    if o.provenance == "design":
        lines.append("A stand-in designed for meeple (option o7): the real 18th card is unknown.")
    return " ".join(lines)


def _building_name(b: Building) -> str:
    return "Wheat field" if b.key == "wheat" else b.key.capitalize()


def _entries() -> tuple[GlossaryEntry, ...]:
    out = []
    for b, abbreviation in zip(BUILDINGS, ABBREVIATIONS, strict=True):
        names = {abbreviation, b.key, b.french}
        if b.key == "wheat":
            names.add("wheat field")
        out.append(
            GlossaryEntry(
                name=_building_name(b),
                kind="building",
                text=building_text(b, abbreviation),
                abbreviations=tuple(sorted(names - {_building_name(b)})),
                design=b.provenance == "design",
            )
        )
    for o in OBJECTIVES:
        out.append(
            GlossaryEntry(
                name=f"Objective {o.key}",
                kind="objective",
                text=objective_text(o),
                abbreviations=(o.key,),
                design=o.provenance == "design",
            )
        )
    gives = {t.name: t for t in TERRAINS}
    for name, symbol in (("forest", "♣"), ("mountain", "▲"), ("lake", "≈"), ("grass", "..")):
        t = gives[name]
        text = (
            "Workers and buildings go here (empty grass only)." if t.gives < 0
            else f"A worker on a neighbouring grass cell harvests 1 {RESOURCES[t.gives]} from it."
        )
        out.append(GlossaryEntry(name=name.capitalize(), kind="terrain", text=text, abbreviations=(symbol,)))
    return tuple(out)


ENTRIES: tuple[GlossaryEntry, ...] = _entries()
