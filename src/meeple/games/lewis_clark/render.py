"""The Lewis & Clark table as text with Rich markup, from one seat's view."""

from __future__ import annotations

from meeple.games.lewis_clark.components import (
    CARDS,
    COLOURS,
    FORT,
    MIXED,
    MOUNTAIN,
    ROUTE,
    VILLAGE_LOCS,
)

_BY_SLUG = {c.slug: c for c in CARDS}
_RES_STYLE = {"wood": "dark_orange3", "fur": "yellow", "food": "magenta", "equipment": "grey70",
              "canoe": "blue", "horse": "bright_white"}
_SEAT_STYLE = ("blue", "dark_orange", "green", "purple", "yellow")
_TERRAIN = {"R": "[blue]~[/]", MOUNTAIN: "[grey62]^[/]", MIXED: "[cyan]%[/]"}


def _card(slug: str) -> str:
    c = _BY_SLUG[slug]
    return f"{slug}[dim]({c.strength}{_badge(c.badge)})[/]"


def _badge(r: int) -> str:
    return "wfde"[r]


def _route(v: dict) -> list[str]:
    """Two lines: the terrain, then scouts (digit = seat) and camps (c)."""
    terrain = "".join(_TERRAIN[t] for t in ROUTE)
    marks = [" "] * len(ROUTE)
    for s, e in enumerate(v["expeditions"]):
        if marks[e["camp"]] == " ":
            marks[e["camp"]] = f"[{_SEAT_STYLE[s]}]c[/]"
    for s, e in enumerate(v["expeditions"]):
        p = e["scout"]
        marks[p] = f"[{_SEAT_STYLE[s]}]{s}[/]"
    if v["mackenzie"] is not None and v["mackenzie"] < len(marks):
        marks[v["mackenzie"]] = "[red]M[/]"
    ruler = "".join("|" if i == FORT else ("." if i % 5 == 0 else " ") for i in range(len(ROUTE)))
    return [
        f"route  {terrain}  [dim](~ river, ^ mountain, % both; | Fort Clatsop at {FORT})[/]",
        f"       {ruler}",
        f"       {''.join(marks)}",
    ]


def _boats(e: dict) -> str:
    """How the goods and Indians sit in the boats, packed best (spec §9)."""
    n = sum(e["resources"].values())
    parts = []
    for name, cap in [("A", 3)] + [(f"T{i + 1}", 2) for i in range(e["goods_tiles"])] + [
            ("B", 3), ("C", 5)]:
        put = min(n, cap)
        n -= put
        parts.append(f"{name} {put}/{cap}")
    ind = e["indians"]
    free = 1 + e["indian_tiles"]
    parts.append(f"Indian boats {min(ind, free)}/{free} free + {max(0, ind - free)} slow")
    return "boats: " + ", ".join(parts)


def render(state, seat: int | None = None) -> str:
    v = state.view(seat)
    lines = [
        f"[bold]Lewis & Clark[/]  turn {v['turns'] + 1}  "
        + (f"to move: seat {v['to_move']} ({v['phase']})" if v["to_move"] is not None
           else f"[bold]over[/]: {v['end']}; winners {v['winners']}"),
    ]
    lines += _route(v)
    village = "  ".join(
        f"{loc.slug}{'(arc)' if loc.circles == 0 else ''}:{v['village'][loc.slug]}"
        for loc in VILLAGE_LOCS
    )
    lines.append(f"village {village}  pow-wow:{v['powwow']}  stock:{v['indian_stock']}  "
                 f"boat tiles:{v['boat_tiles']}")
    journal = "  ".join(f"{i + 1}:{_card(k)}" for i, k in enumerate(v["journal"]))
    lines.append(f"journal {journal}  [dim](deck {v['deck']}, discard {len(v['discard'])})[/]")
    for s, e in enumerate(v["expeditions"]):
        style = _SEAT_STYLE[s]
        me = " (you)" if s == seat else ""
        res = " ".join(f"[{_RES_STYLE[r]}]{r} {n}[/]" for r, n in e["resources"].items() if n)
        lines.append(
            f"[{style}]seat {s}{me}[/] {COLOURS[s]}: scout {e['scout']} camp {e['camp']} "
            f"time tokens {e['time_tokens']}  hand {e['hand_size']}  Indians {e['indians']}  "
            f"goods {sum(e['resources'].values())}/{e['capacity']} ({res or 'none'})  "
            f"tiles {e['goods_tiles']}g/{e['indian_tiles']}i  boat time {e['boat_time']}"
        )
        area = []
        for p in e["play_area"]:
            sup = p["support"]
            if isinstance(sup, dict):
                sup = f"[{sup['strength']}{sup['badge'][0]}]"
            elif sup is not None:
                sup = _card(sup)
            extra = (f"+{sup}" if sup else "") + (f"+{p['indians']}I" if p["indians"] else "")
            area.append(_card(p["card"]) + extra)
        lines.append("   " + _boats(e))
        lines.append("   play area: " + (" ".join(area) if area else "[dim]-[/]"))
    if "hand" in v:
        lines.append("[bold]your hand[/]: " + " ".join(_card(k) for k in v["hand"]))
    t = v["turn"]
    if t["stack"]:
        top = t["stack"][-1]
        lines.append(f"running: {top['effect']} ({top['repetitions_left']} repetition(s) left)")
    return "\n".join(lines)
