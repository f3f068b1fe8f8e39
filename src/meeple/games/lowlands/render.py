"""The Lowlands table as text with Rich markup, from one seat's view.

Each farm is drawn as a grid: ``---`` and ``|`` are fences, tiles show their key
(buildings in magenta, their borders act as fences), pasture squares are green with
their sheep (``s`` one sheep each), terrain letters T/B/P are trees, bushes, ponds.
"""

from __future__ import annotations

from typing import Any

from meeple.games.lowlands.components import FLOOD_ROW, RESOURCES, TILES
from meeple.games.lowlands.farm import CELL_INDEX, COLS, EDGE_INDEX, ROWS, TERRAIN, h_edge, v_edge

RES_STYLE = {"wood": "dark_orange3", "clay": "orange1", "stone": "grey70"}
BUILDING = {t.key for t in TILES if t.building}


def _levels(n: int) -> str:
    if n == 0:
        return "0"
    level = (n - 1) // FLOOD_ROW + 1
    return f"{n} (level {level}, {n - FLOOD_ROW * (level - 1)}/{FLOOD_ROW})"


def _cell(farm: dict[str, Any], name: str) -> str:
    tile = farm["tiles"].get(name)
    if tile:
        style = "bold magenta" if tile in BUILDING else "green"
        return f"[{style}]{tile[:3]:<3}[/]"
    in_pasture = any(name in p for p in farm["pastures"])
    if in_pasture:
        n = farm["housing"].get(name, 0)
        text = ("s" * n if n <= 3 else f"{n}s").center(3) if n else " . "
        return f"[green]{text}[/]"
    t = TERRAIN[CELL_INDEX[name]]
    return f"[dim] {t.lower() if t != '.' else ' '} [/]"


def farm_grid(farm: dict[str, Any]) -> list[str]:
    """The farm as lines of text: fences on edges, tiles, pastures and sheep."""
    fences = {EDGE_INDEX[e] for e in farm["fences"]}
    names = [[f"{'abcdef'[c]}{r + 1}" for c in range(COLS)] for r in range(ROWS)]
    lines = ["    " + "".join(f" {'abcdef'[c]}  " for c in range(COLS))]
    for r in range(ROWS + 1):
        top = "   +"
        for c in range(COLS):
            top += ("[yellow]---[/]" if h_edge(r, c) in fences else "   ") + "+"
        lines.append(top)
        if r == ROWS:
            break
        row = f" {r + 1} "
        for c in range(COLS + 1):
            row += "[yellow]|[/]" if v_edge(r, c) in fences else " "
            if c < COLS:
                row += _cell(farm, names[r][c])
        lines.append(row)
    return lines


def _cards(d: dict[str, int]) -> str:
    return " ".join(f"[{RES_STYLE[r]}]{r} {d[r]}[/]" for r in RESOURCES if d[r]) or "-"


LEGEND = (
    "legend: [yellow]---[/] [yellow]|[/] fences; [green]s[/] a sheep in a pasture, [green].[/] an empty pasture square;",
    "  [bold magenta]key[/] a building (its border is a fence), [green]key[/] a feature; t b p tree, bush, pond",
)
WIDTH = 100  # the widest line the board may draw (tests/terminal)


def _wrap(head: str, items: list[str], indent: str = "    ", words: tuple[str, ...] = ()) -> list[str]:
    """``head``, the ``words`` (already punctuated) and the comma-separated ``items``
    (plain text), wrapped between pieces at ``WIDTH`` columns."""
    pieces = list(words) + [item + ("," if i < len(items) - 1 else "") for i, item in enumerate(items)]
    lines, line = [], head
    for piece in pieces:
        if len(line) + 1 + len(piece) > WIDTH and line.strip():
            lines.append(line)
            line = indent + piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return lines


def render(state, seat: int | None = None) -> str:
    """The table in at most 40 lines of at most 100 columns: the shared board, two lines
    per seat, and one farm drawn in full (yours; for spectators the seat to move).
    ``show farm N`` (``render_detail``) draws any other farm."""
    v = state.view(seat)
    lines = []
    who = "game over" if v["to_move"] is None else f"seat {v['to_move']} to answer [bold]{v['phase']}[/]"
    lines.append(f"[bold]Lowlands[/]  stage {v['stage']}/3  first player {v['first']}  {who}")
    holds = "[green]holds[/]" if v["dike"] >= v["flood"] else "[red]breaks[/]"
    lines.append(f"flood {_levels(v['flood'])}   dike {_levels(v['dike'])}   now the dike {holds}")
    sea = " ".join(f"[{c['face']}]" if c["face"] is not None else f"[dim]({c['back']})[/]" for c in v["sea"])
    lines.append(f"sea: {sea or '-'}   flood deck {v['flood_deck']}   tides so far: "
                 + (", ".join("held" if t else "broke" for t in v["tides"]) or "-"))
    cubes = "  ".join(f"{r} {'#' * v['cubes'][r]}{'.' * (v['track'] - v['cubes'][r])}" for r in RESOURCES)
    lines.append(f"construction site: {cubes}   next segment {v['next_segment'] or 'none left'}"
                 f" ({v['segments']}/13 placed)")
    val = v["value"]
    lines.append(f"value: dike point {val['dike_point']} | sheep {val['sheep']}   tokens: "
                 + ", ".join(f"{sp} {n}" for sp, n in v["tokens"].items()))
    market = " ".join("s" * n + "." * (cap - n) for n, cap in v["market"])
    lines.append(f"market rows: {market}   display: {_cards(v['display'])}   deck {v['deck']}"
                 f"   discards {sum(v['discard'].values())}")
    for kind, keys in v["tiles"].items():
        lines += _wrap(f"tiles {kind}:", [_tile_text(k) for k in keys] or ["-"])
    for s in range(v["players"]):
        lines += _seat_lines(v, s, seat)
    shown = seat if seat is not None else (v["to_move"] if v["to_move"] is not None else 0)
    lines.append(f"[bold]farm of seat {shown}[/] (show farm N for another)")
    lines += ["  " + ln for ln in farm_grid(v["farms"][shown])]
    lines += LEGEND
    if "hand" in v:
        lines.append(f"[bold]your hand[/]: {_cards(v['hand'])}")
    t = v["turn"]
    if v["to_move"] is not None and t["action"]:
        lines.append(f"turn of seat {t['active']}: {t['action']}, {t['ap']} action points left"
                     + (f", owed {_cards(t['owed'])}" if any(t["owed"].values()) and v["phase"] == "pay" else ""))
    if v["to_move"] is None:
        lines.append(f"[bold]game over[/]: scores {v['scores']}, winner seat {v['winners'][0]}")
    return "\n".join(lines)


def _tile_text(key: str) -> str:
    t = TILES_BY_KEY[key]
    return f"{key} ({t.ap}ap {_cost(t)} {'!' if t.bang else t.vp})"


def _seat_lines(v: dict[str, Any], s: int, seat: int | None) -> list[str]:
    """Two lines (more if the built tiles need them): the numbers, then the farmyard."""
    farm = v["farms"][s]
    me = " (you)" if s == seat else ""
    top = max(range(v["players"]), key=lambda o: (v["farms"][o]["dike_space"], v["farms"][o]["stack_order"]))
    placed = ", ".join(f"{f}->{a}" for f, a in farm["farmers"].items() if a)
    workers = ", ".join(f"{a} {n}" for a, n in farm["workers"].items())
    words = (f"fences left {farm['fences_on_income']};", f"farmers {placed or '-'};",
             f"workers {workers or '-'} (+{farm['workers_free']} free);",
             f"{farm['buildings']}/4 buildings;", "built:")
    return [
        f"[bold]seat {s}{me}[/] {v['scores'][s]} pts, {farm['coins']} coins, sheep {farm['sheep']}/{farm['capacity']},"
        f" {farm['hand_size']} cards, dike {farm['dike_space']} ({farm['dike_points']} DP{', top' if s == top else ''}),"
        f" breach {farm['breach']}" + (", +2 token" if farm["boost"] else ""),
        *_wrap(" ", farm["built"] or ["-"], words=words),
    ]


def render_detail(state, seat: int | None, what: str) -> str | None:
    """``show farm N``: seat N's farm drawn in full (its fences, tiles, pastures, sheep)."""
    words = what.lower().split()
    if len(words) == 2 and words[0] == "farm" and words[1].isdigit() and int(words[1]) < state.players:
        s = int(words[1])
        v = state.view(seat)
        return "\n".join(_seat_lines(v, s, seat) + ["  " + ln for ln in farm_grid(v["farms"][s])] + list(LEGEND))
    return None


def _cost(t) -> str:
    return "+".join(f"{n}{r[0]}" for r, n in zip(RESOURCES, t.cost, strict=True) if n)


TILES_BY_KEY = {t.key: t for t in TILES}
