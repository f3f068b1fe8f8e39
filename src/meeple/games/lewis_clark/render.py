"""The Lewis & Clark table as text with Rich markup, from one seat's view.

Every line fits in ``WIDTH`` columns (long lists wrap); every symbol is explained by the
legend printed under the board. The route gives each expedition its own row, so
scouts and camps that share or neighbour a space all stay visible.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from meeple.games.lewis_clark.components import (
    CARDS,
    COLOURS,
    FORT,
    LAST,
    MIXED,
    MOUNTAIN,
    RIVER,
    ROUTE,
    VILLAGE_LOCS,
)
from meeple.games.lewis_clark.glossary import describe_card

WIDTH = 100
LABEL = 11  # width of the row labels on the route

_BY_SLUG = {c.slug: c for c in CARDS}
BADGE_ABBR = {"wood": "wd", "fur": "fr", "food": "fd", "equipment": "eq"}
_RES_STYLE = {"wood": "dark_orange3", "fur": "yellow", "food": "magenta", "equipment": "grey70",
              "canoe": "blue", "horse": "bright_white"}
SEAT_STYLE = ("blue", "dark_orange", "green", "purple", "yellow")
_TERRAIN = {RIVER: "[blue]~[/]", MOUNTAIN: "[grey62]^[/]", MIXED: "[cyan]%[/]"}

LEGEND = (
    "[dim]legend: ~ river, ^ mountain, % both; F Fort Clatsop (space 39): a camp on space "
    "39+n wins[/]",
    "[dim]        with at most n Time tokens, up to 10 on the last space (49)[/]",
    "[dim]        S scout, c camp, * scout on its camp, M Mackenzie (solo), . an empty space[/]",
    "[dim]        hunter(1fd) a character: strength 1, food badge (wd wood, fr fur, fd food, "
    "eq equipment)[/]",
    "[dim]        +[2wd] a face-down supporting card (its back), +trapper(1fr) your own "
    "supporting card[/]",
    "[dim]        +2I Indians on a card (back to the boats at camp); 1I one Indian[/]",
    "[dim]        village n/m: Indians on a location / its circles; arc: 1-3 Indians at once, "
    "occupied or not[/]",
    "[dim]        boats A B C, tiles T1..: goods / room; Indians: free seats + slow ones (1 "
    "Time each at camp)[/]",
)


def visible_width(markup: str) -> int:
    return Text.from_markup(markup).cell_len


def wrap(head: str, items: list[str], indent: int = 4, width: int = WIDTH) -> list[str]:
    """``head`` then the items separated by two spaces, wrapped within ``width``."""
    lines, line = [], head
    for item in items:
        candidate = f"{line}  {item}" if visible_width(line) > 0 else item
        if visible_width(candidate) > width and visible_width(line) > indent:
            lines.append(line)
            line = " " * indent + item
        else:
            line = candidate
    lines.append(line)
    return lines


def card(slug: str) -> str:
    c = _BY_SLUG[slug]
    return f"{slug}[dim]({c.strength}{BADGE_ABBR[_badge_name(c.badge)]})[/]"


def _badge_name(r: int) -> str:
    return ("wood", "fur", "food", "equipment")[r]


def _played(p: dict[str, Any]) -> str:
    sup = p["support"]
    text = card(p["card"])
    if isinstance(sup, dict):
        text += f"+\\[{sup['strength']}{BADGE_ABBR[sup['badge']]}]"
    elif sup is not None:
        text += "+" + card(sup)
    if p["indians"]:
        text += f"+{p['indians']}I"
    return text


def route_lines(v: dict[str, Any]) -> list[str]:
    """The ruler, the terrain and one row per expedition (and Mackenzie)."""
    n = len(ROUTE)
    ruler = [" "] * n
    for i in range(0, n, 10):
        for j, ch in enumerate(str(i)):
            if i + j < n:
                ruler[i + j] = ch
    ruler[FORT] = "F"
    lines = [
        "space".ljust(LABEL) + "".join(ruler),
        "terrain".ljust(LABEL) + "".join(_TERRAIN[t] for t in ROUTE),
    ]
    for s, e in enumerate(v["expeditions"]):
        row = ["."] * n
        row[e["camp"]] = "c"
        row[e["scout"]] = "*" if e["scout"] == e["camp"] else "S"
        you = "*" if s == v["seat"] else " "
        label = f"seat {s}{you}".ljust(LABEL)
        lines.append(f"[{SEAT_STYLE[s]}]{label}{''.join(row)}[/]  scout {e['scout']}, "
                     f"camp {e['camp']}")
    if v["mackenzie"] is not None:
        row = ["."] * n
        m = min(v["mackenzie"], LAST)
        row[m] = "M"
        lines.append("[red]" + "Mackenzie".ljust(LABEL) + "".join(row) + f"[/]  space {m}")
    return lines


def _boats(e: dict[str, Any]) -> str:
    """How the goods and Indians sit in the boats, packed best."""
    n = sum(e["resources"].values())
    parts = []
    boats = [("A", 3)] + [(f"T{i + 1}", 2) for i in range(e["goods_tiles"])] + [("B", 3), ("C", 5)]
    for name, cap in boats:
        put = min(n, cap)
        n -= put
        parts.append(f"{name} {put}/{cap}")
    ind = e["indians"]
    free = 1 + e["indian_tiles"]
    parts.append(f"Indians {min(ind, free)}/{free} free + {max(0, ind - free)} slow")
    return ", ".join(parts)


def _expedition_lines(v: dict[str, Any], s: int, e: dict[str, Any]) -> list[str]:
    style = SEAT_STYLE[s]
    me = " (you)" if s == v["seat"] else ""
    parts = [f"Time tokens {e['time_tokens']}"]
    if not e["can_still_win"]:
        parts.append("[red]cannot win any more[/]")
    parts += [f"hand {e['hand_size']}", f"camp now costs {e['camp_time']}",
              f"boat tiles {e['goods_tiles']} goods, {e['indian_tiles']} Indian"]
    lines = wrap(f"[{style}]seat {s}{me}[/] {COLOURS[s]}:", parts)
    goods = [f"[{_RES_STYLE[r]}]{r} {n}[/]" for r, n in e["resources"].items() if n]
    total = sum(e["resources"].values())
    lines += wrap(f"    goods {total}/{e['capacity']}:", goods or ["none"])
    lines.append(f"    boats: {_boats(e)}")
    area = [_played(p) for p in e["play_area"]]
    lines += wrap("    play area:", area or ["[dim]-[/]"])
    return lines


def render(state, seat: int | None = None) -> str:
    from meeple.games.lewis_clark.narrate import status

    v = state.view(seat)
    rnd = v["turns"] // v["players"] + 1
    lines = [f"[bold]Lewis & Clark[/]  turn {v['turns'] + 1} (round {rnd})"]
    lines += wrap("", [status(v)])
    check = v["progress_check"]
    if check is not None:
        lines.append(f"[dim]progress check in {check['turns_left']} turn(s): the scouts have "
                     f"advanced {check['advanced']} of the {check['needed']} spaces needed[/]")
    lines += route_lines(v)
    village = [
        f"{loc.slug}{' arc' if loc.circles == 0 else ''} "
        + (f"{v['village'][loc.slug]}" if loc.circles == 0
           else f"{v['village'][loc.slug]}/{loc.circles}")
        for loc in VILLAGE_LOCS
    ]
    village += [f"pow-wow {v['powwow']}", f"stock {v['indian_stock']}",
                f"boat tiles {v['boat_tiles']}"]
    lines += wrap("village", village)
    journal = [f"{i + 1}:{card(k)}" for i, k in enumerate(v["journal"])]
    journal.append(f"[dim](deck {v['deck']}, discard pile {len(v['discard'])}"
                   + (f", top {v['discard'][-1]}" if v["discard"] else "") + ")[/]")
    lines += wrap("journal", journal)
    for s, e in enumerate(v["expeditions"]):
        lines += _expedition_lines(v, s, e)
    if "hand" in v:
        lines += wrap("[bold]your hand[/]:", [card(k) for k in v["hand"]] or ["empty"])
    lines += LEGEND
    return "\n".join(lines)


def render_detail(state, seat: int | None, what: str) -> str | None:
    """``show route``, ``show journal``, ``show hand``, ``show discard``, ``show seat N``."""
    v = state.view(seat)
    key = " ".join(what.split()).lower()
    if key == "route":
        return "\n".join(route_lines(v) + list(LEGEND[:3]))
    if key == "journal":
        out = []
        for i, slug in enumerate(v["journal"]):
            out.append(f"{i + 1}: (costs {i + 1} fur) " + describe_card(_BY_SLUG[slug]))
        return "\n".join(out) or "the Journal is empty"
    if key == "hand":
        if "hand" not in v:
            return "a spectator has no hand"
        return "\n".join(describe_card(_BY_SLUG[k]) for k in v["hand"]) or "your hand is empty"
    if key == "discard":
        return "discard pile (oldest first): " + (", ".join(v["discard"]) or "empty")
    if key.startswith("seat "):
        try:
            s = int(key.split()[1])
            e = v["expeditions"][s]
        except (ValueError, IndexError):
            return None
        return "\n".join(_expedition_lines(v, s, e))
    return None
