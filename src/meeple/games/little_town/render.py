"""The Little Town table as text with Rich markup, built from a seat's view only, in the
current reader's language (``meeple.i18n.current``).

Every line fits in ``WIDTH`` columns (measured after rendering); every symbol on the
meadow is explained in the legend under it. ``show market``, ``show buildings``,
``show objectives``, ``show meals`` and ``show scores`` give closer looks
(``render_detail``, listed by ``TOPICS``).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from meeple.games.little_town import narration
from meeple.games.little_town.components import (
    ABBREVIATIONS,
    BUILDING_INDEX,
    COINS_PER_VP,
    COL_LETTERS,
    HUNGER_VP,
    RESOURCES,
)
from meeple.games.little_town.glossary import END_SCORERS, TERRAIN_SYMBOLS, building_effect
from meeple.games.little_town.words import (
    M,
    amount,
    amounts,
    building,
    building_of,
    cost,
    food_forecast,
    objective_line,
    points,
    resource,
    terrain,
)
from meeple.i18n import Seat, Text, current, items

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState

WIDTH = 100
SEAT_STYLE = ("red", "blue", "yellow", "magenta")
TERRAIN_STYLE = {"forest": "bold green", "mountain": "white", "lake": "bold blue", "grass": "green"}
TERRAIN_CELL = {"grass": " .. ", "forest": "♣♣♣♣", "mountain": "▲▲▲▲", "lake": "≈≈≈≈"}
#: ``show WHAT``: what to type and what it shows
TOPICS = tuple((what, M(f"show.{what}")) for what in ("market", "buildings", "objectives", "meals", "scores"))
DETAILS = tuple(what for what, _ in TOPICS)
#: what a special building does, in a market line
SHORT_EFFECT = {"none": "short.none", "pawn": "short.pawn", "cathedral": "short.cathedral",
                "residence": "short.residence", "castle": "short.castle", "watchtower": "short.watchtower"}


def abbreviation(key: str) -> str:
    return ABBREVIATIONS[BUILDING_INDEX[key]]


def _wrap(text: Text, indent: str = "  ", first: str | None = None) -> list[str]:
    """A text in the reader's words, wrapped to the screen width (escaped for Rich)."""
    return [escape(line) for line in textwrap.wrap(
        current().text(text), WIDTH,
        initial_indent=indent if first is None else first, subsequent_indent=indent + "  ",
    )]


def short_effect(key: str) -> Text:
    """A building's activation in a few words: "1 wheat > 4 coins", "end of game: ..."."""
    b = building_of(key)
    if b.effect == "trade":
        gain = amounts(b.gain, b.gain_coins, b.gain_vp)
        if not any(b.pay) and not b.pay_coins:
            return gain
        return M("short.trade", pay=amounts(b.pay, b.pay_coins), gain=gain)
    return M(SHORT_EFFECT[b.effect], points=points(b.special_vp))


def short(key: str) -> Text:
    """``BAK Bakery: 2 wood, 4 points; 1 wheat > 4 coins`` (one market line)."""
    b = building_of(key)
    return M("board.market_line", abbreviation=abbreviation(key), name=building(key), cost=cost(b),
             points=points(b.vp), effect=short_effect(key))


def _cell(cell: dict[str, Any]) -> str:
    if "building" in cell:
        o = cell["owner"]
        return f"[bold {SEAT_STYLE[o]}]{abbreviation(cell['building'])}{o}[/]"
    if "worker" in cell:
        w = cell["worker"]
        return f"[reverse {SEAT_STYLE[w]}] w{w} [/]"
    t = cell["terrain"]
    return f"[{TERRAIN_STYLE[t]}]{TERRAIN_CELL[t]}[/]"


def _meadow(v: dict[str, Any]) -> list[str]:
    lines = ["     " + " ".join(f" {c}  " for c in COL_LETTERS)]
    for r, row in enumerate(v["meadow"]):
        lines.append(f"  {r + 1}  " + " ".join(_cell(c) for c in row))
    return lines


def _legend(v: dict[str, Any]) -> list[str]:
    say = current()
    gives = {"forest": "wood", "mountain": "stone", "lake": "fish"}
    symbols = []
    for name, symbol in TERRAIN_SYMBOLS:
        words = M("board.legend_gives", terrain=terrain(name), cube=resource(gives[name])) if name in gives \
            else M("board.legend_grass")
        shown = TERRAIN_CELL[name].strip() if name != "grass" else symbol
        symbols.append(f"[{TERRAIN_STYLE[name]}]{shown}[/] {escape(say(words))}")
    seats = "  ".join(f"[{SEAT_STYLE[s]}]{s}={escape(say(Seat(s)))}[/]" for s in range(len(v["players"])))
    lines = ["  " + "  ".join(symbols)]
    lines += _wrap(M("board.legend_pieces"))
    lines.append("  " + escape(say(M("board.legend_seats"))) + " " + seats)
    built = sorted({c["building"] for row in v["meadow"] for c in row if "building" in c})
    if built:
        names = items((M("board.abbreviated", abbreviation=abbreviation(k), name=building(k)) for k in built), "comma")
        lines += _wrap(M("board.on_meadow", buildings=names))
    return lines


def _market(v: dict[str, Any]) -> list[str]:
    keys = v["market"] + (["wheat"] if v["wheat_fields"] else [])
    say = current()
    lines = [f"[bold]{escape(say(M('board.market_title')))}[/]"]
    lines += _wrap(M("board.market", tiles=M("board.tiles", n=len(v["market"])),
                     fields=M("board.wheat_fields", n=v["wheat_fields"])))
    for k in keys:
        lines += _wrap(short(k))
    return lines


def food_line(p: dict[str, Any], players: int) -> Text:
    needed, bought, hungry = food_forecast(p, players)
    if hungry:
        outcome: Text = M("board.food_hungry", n=hungry, points=points(-HUNGER_VP * hungry))
    elif bought:
        outcome = M("board.food_bought", n=bought)
    else:
        outcome = M("board.food_enough")
    return M("board.food", workers=M("board.workers_to_feed", n=needed), outcome=outcome)


def _players(v: dict[str, Any], seat: int | None) -> list[str]:
    say = current()
    lines = [f"[bold]{escape(say(M('board.players')))}[/]"]
    for s, p in enumerate(v["players"]):
        stock = items((amount(r, p[r]) for r in RESOURCES), "comma")
        which = "board.player_first" if s == v["first"] else "board.player"
        text = say(M(which, player=Seat(s), points=points(p["vp"]), coins=amount("coins", p["coins"]), stock=stock))
        lines.append(f"  [{SEAT_STYLE[s]}]{escape(text)}[/]")
        lines += _wrap(M("board.counts", houses=p["houses"], workers=p["workers_left"], site=p["construction_site"],
                         secret=M("board.secret", n=p["objectives_hidden"])), indent="      ")
        if v["to_move"] is not None:
            lines += _wrap(food_line(p, len(v["players"])), indent="      ")
        for key in p.get("objectives", []):
            lines += _wrap(M("board.in_hand", objective=objective_line(key)), indent="      ")
        for key in p["objectives_claimed"]:
            lines += _wrap(M("board.validated", objective=objective_line(key)), indent="      ")
    return lines


def render(state: LittleTownState, seat: int | None = None) -> str:
    """The meadow grid and its legend, the market, each player's stock (the question
    being asked is ``GAME.status``, which the terminal and the browser show beside it)."""
    v = state.view(seat)
    say = current()
    head = say(M("board.header", side=v["board"], round=v["round"], rounds=v["rounds"], player=Seat(v["first"])))
    lines = [f"[bold]Little Town[/]  {escape(head)}"]
    lines += _meadow(v)
    lines += _legend(v)
    if v["worker_cell"] is not None:
        done = items(v["activated"], "comma") if v["activated"] else M("board.nothing_yet")
        lines += _wrap(M("board.this_turn", cell=v["worker_cell"], activated=done))
    lines += _market(v)
    lines += _players(v, seat)
    if v["feeding"]:
        last = v["feeding"][-1][0]
        meals = items((narration.meal_text(meal) for meal in v["feeding"] if meal[0] == last), "parts")
        lines += _wrap(M("narrate.feeding", round=last, meals=meals), indent="", first="")
    if v["supply"] is not None:
        cubes = items((amount(r, n) for r, n in zip(RESOURCES, v["supply"]["cubes"], strict=True)), "comma")
        lines += _wrap(M("board.supply", cubes=cubes, coins=amount("coins", v["supply"]["coins"])), indent="", first="")
    if v["to_move"] is None:  # the status line (``GAME.status``) is printed by the caller
        lines += _wrap(narration.status(v), indent="", first="")
    return "\n".join(lines)


def render_detail(state: LittleTownState, seat: int | None, what: str) -> str | None:
    """``show market`` (full building texts), ``show buildings`` (those on the meadow),
    ``show objectives``, ``show meals``, ``show scores``; ``None`` for anything else."""
    v = state.view(seat)
    what = " ".join(what.split()).lower()
    shown = {"market": _market_detail, "buildings": _buildings, "objectives": _objectives, "meals": _meals,
             "scores": _scores}.get(what)
    return None if shown is None else "\n".join(shown(v, seat))


def _market_detail(v: dict[str, Any], seat: int | None) -> list[str]:
    keys = v["market"] + (["wheat"] if v["wheat_fields"] else [])
    lines = []
    for key in keys:
        b = building_of(key)
        scored = M("detail.end_points") if b.effect in END_SCORERS else points(b.vp)
        lines += _wrap(M("detail.market_line", abbreviation=abbreviation(key), name=building(key), cost=cost(b),
                         points=scored, effect=building_effect(b)), indent="")
    return lines


def _buildings(v: dict[str, Any], seat: int | None) -> list[str]:
    cells = [
        (f"{COL_LETTERS[col]}{r + 1}", c) for r, row in enumerate(v["meadow"])
        for col, c in enumerate(row) if "building" in c
    ]
    if not cells:
        return _wrap(M("detail.no_buildings"), indent="")
    return [
        line for name, c in cells
        for line in _wrap(M("detail.building", cell=name, name=building(c["building"]), player=Seat(c["owner"]),
                            effect=building_effect(building_of(c["building"]))), indent="")
    ]


def _objectives(v: dict[str, Any], seat: int | None) -> list[str]:
    lines = []
    for s, p in enumerate(v["players"]):
        lines += _wrap(M("detail.objectives_of", player=Seat(s)), indent="")
        for key in p.get("objectives", []):
            lines += _wrap(M("board.in_hand", objective=objective_line(key)))
        for key in p["objectives_claimed"]:
            lines += _wrap(M("board.validated", objective=objective_line(key)))
        if p["objectives_ruled_out"]:
            lines += _wrap(M("detail.ruled_out", keys=items(p["objectives_ruled_out"], "comma")))
        if s != seat:
            lines += _wrap(M("board.secret", n=p["objectives_hidden"]))
    return lines


def _meals(v: dict[str, Any], seat: int | None) -> list[str]:
    if not v["feeding"]:
        return _wrap(M("detail.no_meals"), indent="")
    return [line for m in v["feeding"] for line in _wrap(M("detail.meal", round=m[0], meal=narration.meal_text(m)),
                                                         indent="")]


def _scores(v: dict[str, Any], seat: int | None) -> list[str]:
    lines = []
    for s, p in enumerate(v["players"]):
        parts = [M("detail.part", label=M(f"score.{label}", coins=COINS_PER_VP), points=n) for label, n in p["points_from"].items()
                 if n]
        lines += _wrap(M("detail.score", player=Seat(s), total=v["scores"][s],
                         parts=items(parts, "comma") if parts else M("detail.nothing_yet")), indent="")
    return lines

