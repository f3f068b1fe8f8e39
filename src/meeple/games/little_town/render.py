"""The Little Town table as text with Rich markup, built from a seat's view only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.little_town.components import (
    BUILDING_INDEX,
    BUILDINGS,
    COL_LETTERS,
    OBJECTIVES,
    RESOURCES,
    Building,
)

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState

SEAT_STYLE = ("red", "blue", "yellow", "magenta")
TERRAIN = {
    "grass": "[green] .. [/]",
    "forest": "[bold green]♣♣♣♣[/]",
    "mountain": "[white]▲▲▲▲[/]",
    "lake": "[bold blue]≈≈≈≈[/]",
}
ABBREV = {"residence": "RSD"}
OBJECTIVE_TEXT = {o.key: o for o in OBJECTIVES}


def abbrev(key: str) -> str:
    return ABBREV.get(key, key[:3].upper())


def _cubes(t: tuple[int, ...], coins: int = 0, vp: int = 0) -> str:
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(t) if n]
    if coins:
        parts.append(f"{coins} coin" + ("s" if coins > 1 else ""))
    if vp:
        parts.append(f"{vp} VP")
    return " + ".join(parts) or "nothing"


def describe(b: Building) -> str:
    """``bakery: 2 wood, 4 VP; 1 wheat > 4 coins``."""
    cost = _cubes(b.cost, b.cost_coins)
    if b.effect == "trade":
        pay = _cubes(b.pay, b.pay_coins)
        act = _cubes(b.gain, b.gain_coins, b.gain_vp)
        act = act if pay == "nothing" else f"{pay} > {act}"
    else:
        act = {
            "none": "no activation",
            "pawn": "2 cubes > 2 cubes of your choice",
            "cathedral": f"end of round: {b.special_vp} VP per worker around",
            "residence": "end of round: activate the buildings around",
            "castle": f"end of game: {b.special_vp} VP per own building around",
            "watchtower": f"end of game: {b.special_vp} VP per empty grass around",
        }[b.effect]
    vp = "? VP" if b.effect in ("castle", "watchtower") else f"{b.vp} VP"
    return f"{b.key} ({abbrev(b.key)}): {cost}, {vp}; {act}"


def _cell(cell: dict[str, Any]) -> str:
    if "building" in cell:
        o = cell["owner"]
        return f"[bold {SEAT_STYLE[o]}]{abbrev(cell['building'])}{o}[/]"
    if "worker" in cell:
        w = cell["worker"]
        return f"[reverse {SEAT_STYLE[w]}] w{w} [/]"
    return TERRAIN[cell["terrain"]]


def render(state: LittleTownState, seat: int | None = None) -> str:
    """The meadow grid, the market, each player's stock and the decision pending."""
    v = state.view(seat)
    lines = [
        f"[bold]Little Town[/]  board side {v['board']}  round {v['round']}/{v['rounds']}  "
        f"first player: seat {v['first']}",
        "     " + " ".join(f" {c}  " for c in COL_LETTERS),
    ]
    for r, row in enumerate(v["meadow"]):
        lines.append(f"  {r + 1}  " + " ".join(_cell(c) for c in row))
    lines.append("  construction site: " + (
        ", ".join(
            f"[{SEAT_STYLE[s]}]seat {s} x{p['construction_site']}[/]"
            for s, p in enumerate(v["players"])
            if p["construction_site"]
        )
        or "empty"
    ))
    built = sorted({c["building"] for row in v["meadow"] for c in row if "building" in c})
    if built:
        lines.append("[bold]on the meadow[/]")
        lines.extend("  " + describe(BUILDINGS[BUILDING_INDEX[k]]) for k in built)
    lines.append(f"[bold]market[/] ({len(v['market'])} tiles, {v['wheat_fields']} wheat fields)")
    keys = v["market"] + (["wheat"] if v["wheat_fields"] else [])
    lines.extend("  " + describe(BUILDINGS[BUILDING_INDEX[k]]) for k in keys)
    lines.append("[bold]players[/]")
    for s, p in enumerate(v["players"]):
        me = " (you)" if s == seat else ""
        stock = ", ".join(f"{p[r]} {r}" for r in RESOURCES)
        lines.append(f"  [{SEAT_STYLE[s]}]seat {s}[/]{me}: {p['vp']} VP, {p['coins']} coins, {stock}")
        claimed = ", ".join(p["objectives_claimed"]) or "none"
        lines.append(
            f"      houses {p['houses']}, workers to place {p['workers_left']}; "
            f"objectives {p['objectives_hidden']} hidden, validated: {claimed}"
        )
        for key in p.get("objectives", []):
            o = OBJECTIVE_TEXT[key]
            lines.append(f"        {key} ({o.vp} VP): {o.text}")
    if v["feeding"]:
        last = v["feeding"][-1][0]
        meals = [
            f"seat {seat}: {fish} fish, {wheat} wheat, {coins} by coins"
            + (f", [bold red]{hungry} hungry[/]" if hungry else "")
            for rnd, seat, fish, wheat, coins, hungry in v["feeding"]
            if rnd == last
        ]
        lines.append(f"feeding of round {last}: " + "; ".join(meals))
    if v["supply"] is not None:
        cubes = ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, v["supply"]["cubes"], strict=True))
        lines.append(f"supply: {cubes}, {v['supply']['coins']} coins")
    if v["to_move"] is None:
        lines.append(f"[bold]game over[/]: scores {v['scores']}, winners {v['winners']}")
    else:
        ask = {
            "main": "place a worker or build",
            "activate": f"activate buildings around {v['worker_cell']} or done",
            "pawn-give": "give a cube to the pawnshop",
            "pawn-take": "take a cube from the pawnshop",
            "put": f"put the {v['building_chosen']} on an empty grass cell",
            "after": "validate objectives or end the turn",
            "residence": f"activate buildings around the residence at {v['worker_cell']} or done",
            "feed": f"feed a worker ({v.get('meals_left')} meals left)",
        }[v["phase"]]
        lines.append(f"seat {v['to_move']} to {ask}")
    return "\n".join(lines)
