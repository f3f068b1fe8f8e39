"""The Little Town table as text with Rich markup, built from a seat's view only.

Every line fits in ``WIDTH`` columns; every symbol on the meadow is explained in the
legend under it. ``show market``, ``show buildings``, ``show objectives``, ``show
meals`` and ``show scores`` give closer looks (``render_detail``).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from meeple.games.little_town import narration
from meeple.games.little_town.components import (
    ABBREVIATIONS,
    BUILDING_INDEX,
    BUILDINGS,
    COL_LETTERS,
    OBJECTIVES,
    RESOURCES,
)
from meeple.games.little_town.glossary import amounts, building_effect

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState

WIDTH = 100
SEAT_STYLE = ("red", "blue", "yellow", "magenta")
TERRAIN = {
    "grass": "[green] .. [/]",
    "forest": "[bold green]♣♣♣♣[/]",
    "mountain": "[white]▲▲▲▲[/]",
    "lake": "[bold blue]≈≈≈≈[/]",
}
OBJECTIVE_BY_KEY = {o.key: o for o in OBJECTIVES}
DETAILS = ("market", "buildings", "objectives", "meals", "scores")


def abbreviation(key: str) -> str:
    return ABBREVIATIONS[BUILDING_INDEX[key]]


def display(key: str) -> str:
    """A building's name in text: its id, "wheat field" for ``wheat``."""
    return "wheat field" if key == "wheat" else key


def _wrap(text: str, indent: str = "  ", first: str | None = None) -> list[str]:
    """Plain text wrapped to the screen width (its square brackets escaped for Rich)."""
    return textwrap.wrap(
        text.replace("[", "\\["), WIDTH,
        initial_indent=indent if first is None else first, subsequent_indent=indent + "  ",
    )


def short(key: str) -> str:
    """``BAK bakery: 2 wood, 4 pts; 1 wheat > 4 coins`` (one market line)."""
    b = BUILDINGS[BUILDING_INDEX[key]]
    pts = "? pts" if b.effect in ("castle", "watchtower") else f"{b.vp} pts"
    if b.effect == "trade":
        pay = amounts(b.pay, b.pay_coins)
        gain = amounts(b.gain, b.gain_coins, b.gain_vp)
        act = gain if pay == "nothing" else f"{pay} > {gain}"
    else:
        act = {"none": "no activation", "pawn": "2 cubes > 2 cubes", "cathedral": "end of round",
               "residence": "end of round", "castle": "end of game", "watchtower": "end of game"}[b.effect]
    return f"{abbreviation(key)} {display(key)}: {amounts(b.cost, b.cost_coins)}, {pts}; {act}"


def _cell(cell: dict[str, Any]) -> str:
    if "building" in cell:
        o = cell["owner"]
        return f"[bold {SEAT_STYLE[o]}]{abbreviation(cell['building'])}{o}[/]"
    if "worker" in cell:
        w = cell["worker"]
        return f"[reverse {SEAT_STYLE[w]}] w{w} [/]"
    return TERRAIN[cell["terrain"]]


def _meadow(v: dict[str, Any]) -> list[str]:
    lines = ["     " + " ".join(f" {c}  " for c in COL_LETTERS)]
    for r, row in enumerate(v["meadow"]):
        lines.append(f"  {r + 1}  " + " ".join(_cell(c) for c in row))
    return lines


def _legend(v: dict[str, Any]) -> list[str]:
    lines = [
        "  [bold green]♣♣♣♣[/] forest (wood)  [white]▲▲▲▲[/] mountain (stone)  "
        "[bold blue]≈≈≈≈[/] lake (fish)  [green]..[/] empty grass",
        "  w2: a worker of seat 2;  BAK1: a building ('info BAK') owned by seat 1;  seats: "
        + " ".join(f"[{c}]{s}[/]" for s, c in enumerate(SEAT_STYLE[: len(v["players"])])),
    ]
    built = sorted({c["building"] for row in v["meadow"] for c in row if "building" in c})
    if built:
        text = "on the meadow: " + ", ".join(f"{abbreviation(k)} {display(k)}" for k in built)
        lines += _wrap(text)
    return lines


def _market(v: dict[str, Any]) -> list[str]:
    keys = v["market"] + (["wheat"] if v["wheat_fields"] else [])
    lines = [
        f"[bold]market[/] ({len(v['market'])} tiles, {v['wheat_fields']} wheat fields): "
        "cost, points when built; activation pay > gain ('show market')"
    ]
    return lines + ["  " + short(k) for k in keys]


def _players(v: dict[str, Any], seat: int | None) -> list[str]:
    lines = ["[bold]players[/]"]
    for s, p in enumerate(v["players"]):
        me = " (you)" if s == seat else ""
        first = " (first player)" if s == v["first"] else ""
        stock = ", ".join(f"{p[r]} {r}" for r in RESOURCES)
        lines.append(
            f"  [{SEAT_STYLE[s]}]seat {s}[/]{me}{first}: {p['vp']} points, {p['coins']} coins, {stock}"
        )
        claimed = ", ".join(p["objectives_claimed"]) or "none"
        lines += _wrap(
            f"houses {p['houses']}, workers to place {p['workers_left']}, at the construction "
            f"site {p['construction_site']}; objectives: {p['objectives_hidden']} secret, "
            f"validated: {claimed}",
            indent="      ",
        )
        for key in p.get("objectives", []):
            o = OBJECTIVE_BY_KEY[key]
            lines += _wrap(f"{key} ({o.vp} points): {o.text}", indent="        ")
    return lines


def render(state: LittleTownState, seat: int | None = None) -> str:
    """The meadow grid and its legend, the market, each player's stock (the question
    being asked is ``GAME.status``, which the terminal and the browser show beside it)."""
    v = state.view(seat)
    lines = [
        f"[bold]Little Town[/]  board side {v['board']}  round {v['round']}/{v['rounds']}  "
        f"first player: seat {v['first']}"
    ]
    lines += _meadow(v)
    lines += _legend(v)
    if v["worker_cell"] is not None:
        done = ", ".join(v["activated"]) or "nothing yet"
        lines.append(f"  this turn: the worker on {v['worker_cell']}; activated: {done}")
    lines += _market(v)
    lines += _players(v, seat)
    if v["feeding"]:
        last = v["feeding"][-1][0]
        lines += _wrap(f"feeding of round {last}: " + "; ".join(
            narration.meal_text(meal) for meal in v["feeding"] if meal[0] == last
        ), indent="", first="")
    if v["supply"] is not None:
        cubes = ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, v["supply"]["cubes"], strict=True))
        lines.append(f"supply: {cubes}, {v['supply']['coins']} coins")
    if v["to_move"] is None:  # the status line (``GAME.status``) is printed by the caller
        lines.append(narration.status(v))
    return "\n".join(lines)


def render_detail(state: LittleTownState, seat: int | None, what: str) -> str | None:
    """``show market`` (full building texts), ``show buildings`` (those on the meadow),
    ``show objectives``, ``show meals``, ``show scores``; ``None`` for anything else."""
    v = state.view(seat)
    what = " ".join(what.split()).lower()
    if what == "market":
        keys = v["market"] + (["wheat"] if v["wheat_fields"] else [])
        return "\n".join(_describe(k) for k in keys)
    if what == "buildings":
        cells = [
            (f"{COL_LETTERS[col]}{r + 1}", c) for r, row in enumerate(v["meadow"])
            for col, c in enumerate(row) if "building" in c
        ]
        if not cells:
            return "no building on the meadow yet"
        return "\n".join(
            line for name, c in cells
            for line in _wrap(f"{name}: seat {c['owner']}'s {display(c['building'])}. "
                              + building_effect(BUILDINGS[BUILDING_INDEX[c['building']]]), indent="")
        )
    if what == "objectives":
        return "\n".join(_objectives(v, seat))
    if what == "meals":
        if not v["feeding"]:
            return "no round has ended yet"
        return "\n".join(f"round {m[0]}: " + narration.meal_text(m) for m in v["feeding"])
    if what == "scores":
        lines = []
        for s, p in enumerate(v["players"]):
            parts = ", ".join(f"{label} {n}" for label, n in p["points_from"].items() if n)
            lines += _wrap(f"seat {s}: {v['scores'][s]} = {parts or 'nothing yet'}", indent="")
        return "\n".join(lines)
    return None


def _describe(key: str) -> str:
    b = BUILDINGS[BUILDING_INDEX[key]]
    pts = "scores at the end" if b.effect in ("castle", "watchtower") else f"{b.vp} points"
    return "\n".join(_wrap(
        f"{abbreviation(key)} {display(key)}: costs {amounts(b.cost, b.cost_coins)}, {pts}. "
        + building_effect(b),
        indent="",
    ))


def _objectives(v: dict[str, Any], seat: int | None) -> list[str]:
    lines = []
    for s, p in enumerate(v["players"]):
        lines.append(f"seat {s}:")
        for key in p.get("objectives", []):
            lines += _wrap(f"in hand {key}: {OBJECTIVE_BY_KEY[key].text}", indent="  ")
        for key in p["objectives_claimed"]:
            o = OBJECTIVE_BY_KEY[key]
            lines += _wrap(f"validated {key} ({o.vp} points): {o.text}", indent="  ")
        if p["objectives_ruled_out"]:
            lines += _wrap(
                "passed up when it could have validated them, so taken as not held: "
                + ", ".join(p["objectives_ruled_out"]), indent="  "
            )
        if s != seat:
            lines.append(f"  {p['objectives_hidden']} secret")
    return lines
