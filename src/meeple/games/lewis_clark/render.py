"""The Lewis & Clark table as text with Rich markup, from one seat's view, in the
reader's language (``current()``).

Every line fits in ``WIDTH`` columns (long lists wrap; widths are measured after the
words are rendered); every symbol is explained by the legend printed under the board.
The route gives each expedition its own row, so scouts and camps that share or
neighbour a space all stay visible. Cards and locations show their notation word (what
you type: ``play hunter``); where the reader's language names them otherwise, the name
comes first ("Chasseur/hunter").
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.markup import escape
from rich.text import Text

from meeple.games.lewis_clark.components import (
    BADGE,
    CARDS,
    FORT,
    LAST,
    MIXED,
    MOUNTAIN,
    RIVER,
    ROUTE,
    STRENGTH,
    VILLAGE_LOCS,
)
from meeple.games.lewis_clark.glossary import describe_card
from meeple.games.lewis_clark.journal import recruit_cost
from meeple.games.lewis_clark.narrate import mackenzie_turns, status
from meeple.games.lewis_clark.viewtable import ViewTable
from meeple.games.lewis_clark.words import GOOD, KIND, M, badge, good, location
from meeple.games.lewis_clark.words import card as card_name
from meeple.i18n import Seat, current, items

WIDTH = 100
LABEL = 11  # width of the row labels on the route

_RES_STYLE = {"wood": "dark_orange3", "fur": "yellow", "food": "magenta", "equipment": "grey70",
              "canoe": "blue", "horse": "bright_white"}
SEAT_STYLE = ("blue", "dark_orange", "green", "purple", "yellow")
_TERRAIN = {RIVER: "[blue]~[/]", MOUNTAIN: "[grey62]^[/]", MIXED: "[cyan]%[/]"}
#: the legend's lines (messages), in order; each is wrapped to the width
LEGEND = ("legend.route", "legend.cards")


def visible_width(markup: str) -> int:
    return Text.from_markup(markup).cell_len


def wrap(head: str, parts: list[str], indent: int = 4, width: int = WIDTH) -> list[str]:
    """``head`` then the parts (markup) separated by two spaces, wrapped within ``width``."""
    lines, line = [], head
    for part in parts:
        candidate = f"{line}  {part}" if visible_width(line) > 0 else part
        if visible_width(candidate) > width and visible_width(line) > indent:
            lines.append(line)
            line = " " * indent + part
        else:
            line = candidate
    lines.append(line)
    return lines


def prose(text: str, style: str = "", indent: int = 4, first: int = 0, width: int = WIDTH) -> list[str]:
    """Plain text wrapped at word boundaries (``first`` spaces before the first line,
    ``indent`` before the others), escaped for markup, optionally styled."""
    out = textwrap.wrap(text, width=width, initial_indent=" " * first, subsequent_indent=" " * indent,
                        break_long_words=False, break_on_hyphens=False)
    return [f"[{style}]{escape(line)}[/]" if style else escape(line) for line in out]


def shown_name(name_msg: Any, word: str) -> str:
    """The notation word, led by the reader's name for the thing when it differs from
    the English one ("Chasseur/hunter"; English: "hunter")."""
    name = current().text(name_msg)
    return word if name == str(name_msg) else f"{name}/{word}"


def card(slug: str) -> str:
    """A card on the board: ``hunter(1fd)``, French ``Chasseur/hunter(1no)``."""
    k = KIND[slug]
    facts = f"({STRENGTH[k]}{current().text(badge(BADGE[k]))})"
    return f"{escape(shown_name(card_name(k), slug))}[dim]{escape(facts)}[/]"


def _played(p: dict[str, Any]) -> str:
    sup = p["support"]
    text = card(p["card"])
    if isinstance(sup, dict):
        back = f"{sup['strength']}{current().text(badge(GOOD[sup['badge']]))}"
        text += "+" + escape(f"[{back}]")
    elif sup is not None:
        text += "+" + card(sup)
    if p["indians"]:
        text += f"+{p['indians']}I"
    return text


def _label(text: str) -> str:
    return text[: LABEL - 1].ljust(LABEL)


def route_lines(v: dict[str, Any]) -> list[str]:
    """The ruler, the terrain and one row per expedition (and Mackenzie)."""
    say = current()
    n = len(ROUTE)
    ruler = [" "] * n
    for i in range(0, n, 10):
        for j, ch in enumerate(str(i)):
            if i + j < n:
                ruler[i + j] = ch
    ruler[FORT] = "F"
    lines = [
        escape(_label(say(M("board.space")))) + "".join(ruler),
        escape(_label(say(M("board.terrain")))) + "".join(_TERRAIN[t] for t in ROUTE),
    ]
    for s, e in enumerate(v["expeditions"]):
        row = ["."] * n
        row[e["camp"]] = "c"
        row[e["scout"]] = "*" if e["scout"] == e["camp"] else "S"
        label = escape(_label(say(Seat(s))))
        where = say(M("board.scout_camp", scout=e["scout"], camp=e["camp"]))
        lines.append(f"[{SEAT_STYLE[s]}]{label}{''.join(row)}[/]  {escape(where)}")
    if v["mackenzie"] is not None:
        row = ["."] * n
        m = min(v["mackenzie"], LAST)
        row[m] = "M"
        where = say(M("board.mackenzie", space=m, n=mackenzie_turns(v)))
        lines.append("[red]" + _label("Mackenzie") + "".join(row) + f"[/]  {escape(where)}")
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
    return current().text(M("board.boats", goods=", ".join(parts), free=min(ind, free), seats=free,
                            slow=max(0, ind - free)))


def _expedition_lines(v: dict[str, Any], s: int, e: dict[str, Any], full: bool = False) -> list[str]:
    """One expedition in three lines: Time tokens, hand and camp cost; goods and Indians;
    the play area (``full``: also how the boats are loaded, for ``show seat N``)."""
    say = current()
    style = SEAT_STYLE[s]
    parts = [say(M("board.tokens", n=e["time_tokens"]))]
    if not e["can_still_win"]:
        parts.append(f"[red]{escape(say(M('board.cannot_win')))}[/]")
    parts += [escape(say(text)) for text in (M("board.hand", n=e["hand_size"]),
                                                 M("board.camp_cost", n=e["camp_time"]))]
    head = say(M("board.expedition", player=Seat(s), colour=M(f"colour.{s}")))
    lines = wrap(f"[{style}]{escape(head)}[/]", parts)
    goods = [f"[{_RES_STYLE[r]}]{escape(say(good(GOOD[r])))} {n}[/]" for r, n in e["resources"].items() if n]
    total = sum(e["resources"].values())
    used = escape(say(M("board.goods", used=total, capacity=e["capacity"])))
    goods.append(escape(say(M("board.indians", n=e["indians"]))))
    lines += wrap(f"    {used}", goods, indent=8)
    if full:
        lines += prose(say(M("board.boats_line", boats=_boats(e))), indent=8, first=4)
    area = [_played(p) for p in e["play_area"]]
    lines += wrap(f"    {escape(say(M('board.play_area')))}", area or ["[dim]-[/]"])
    return lines


def legend_lines(keys: tuple[str, ...] = LEGEND) -> list[str]:
    say = current()
    out: list[str] = []
    for i, key in enumerate(keys):
        text = say(M(key, fort=FORT, last=LAST, most=LAST - FORT))
        out += prose(text, "dim", indent=8, first=8 if i else 0)
    return out


def _village(v: dict[str, Any]) -> list[str]:
    say = current()
    parts = []
    for i, loc in enumerate(VILLAGE_LOCS):
        n = v["village"][loc.slug]
        name = escape(shown_name(location(i), loc.slug))
        count = say(M("board.arc", count=n)) if loc.circles == 0 else f"{n}/{loc.circles}"
        parts.append(f"{name} {escape(count)}")
    parts += [escape(say(M(key, n=v[field]))) for key, field in (
        ("board.powwow", "powwow"), ("board.stock", "indian_stock"), ("board.tiles_left", "boat_tiles"))]
    return wrap(escape(say(M("board.village"))), parts)


def _journal(v: dict[str, Any]) -> list[str]:
    say = current()
    parts = [f"{i + 1}:{card(k)}" for i, k in enumerate(v["journal"])]
    pile = M("board.pile", deck=v["deck"], n=len(v["discard"]))
    if v["discard"]:
        pile = M("board.pile_top", deck=v["deck"], n=len(v["discard"]), top=card_name(KIND[v["discard"][-1]]))
    parts.append(f"[dim]{escape(say(pile))}[/]")
    return wrap(escape(say(M("board.journal"))), parts)


def render(state, seat: int | None = None) -> str:
    say = current()
    v = state.view(seat)
    rnd = v["turns"] // v["players"] + 1
    lines = [f"[bold]Lewis & Clark[/]  {escape(say(M('board.head', turn=v['turns'] + 1, round=rnd)))}"]
    lines += prose(say(status(v)))
    check = v["progress_check"]
    if check is not None:
        text = M("board.progress", n=check["turns_left"], advanced=M("spaces", n=check["advanced"]),
                 needed=check["needed"])
        lines += prose(say(text), "dim")
    lines += route_lines(v)
    lines += _village(v)
    lines += _journal(v)
    for s, e in enumerate(v["expeditions"]):
        lines += _expedition_lines(v, s, e)
    if "hand" in v:
        hand = [card(k) for k in v["hand"]] or [escape(say(M("board.empty")))]
        lines += wrap(f"[bold]{escape(say(M('board.your_hand')))}[/]", hand)
    lines += legend_lines()
    return "\n".join(lines)


# ---- closer looks: show route, journal, hand, discard, seat N, legend ----------------------


def detail_topics(state, seat: int | None) -> list[tuple[str, Any]]:
    """What ``show`` can show: every target ``render_detail`` knows, for this seat."""
    topics = [("route", M("show.route")), ("journal", M("show.journal"))]
    if seat is not None:
        topics.append(("hand", M("show.hand")))
    topics += [("discard", M("show.discard")), ("legend", M("show.legend"))]
    topics += [(f"seat {s}", M("show.seat", player=Seat(s))) for s in range(state.players)]
    return topics


def _card_text(slug: str) -> str:
    k = KIND[slug]
    return escape(current().text(describe_card(CARDS[k])))


def render_detail(state, seat: int | None, what: str) -> str | None:
    """``show route``, ``journal``, ``hand``, ``discard``, ``legend``, ``seat N``: whole
    texts, never cut (the terminal folds long lines)."""
    say = current()
    v = state.view(seat)
    key = " ".join(what.split()).lower()
    if key == "route":
        return "\n".join(route_lines(v) + legend_lines(LEGEND[:1]))
    if key == "legend":
        return "\n".join(legend_lines())
    if key == "journal":
        t = ViewTable(v)
        out = []
        for i, slug in enumerate(v["journal"]):
            fur, equip = recruit_cost(t, seat, i) if seat is not None else (i + 1, STRENGTH[KIND[slug]])
            price = items([M("goods.fur", n=fur), M("goods.equipment", n=equip)])
            out.append(escape(say(M("show.journal_slot", slot=i + 1, cost=price))) + " " + _card_text(slug))
        return "\n".join(out) or escape(say(M("show.journal_empty")))
    if key == "hand":
        if "hand" not in v:
            return escape(say(M("show.no_hand")))
        return "\n".join(_card_text(k) for k in v["hand"]) or escape(say(M("show.hand_empty")))
    if key == "discard":
        if not v["discard"]:
            return escape(say(M("show.discard_empty")))
        names = items((card_name(KIND[k]) for k in v["discard"]), "comma")
        return escape(say(M("show.discard_cards", n=len(v["discard"]), cards=names)))
    if key.startswith("seat "):
        try:
            s = int(key.split()[1])
        except ValueError:
            return None
        if not 0 <= s < len(v["expeditions"]):
            return None
        e = v["expeditions"][s]
        return "\n".join(_expedition_lines(v, s, e, full=True) + legend_lines(("legend.boats",)))
    return None
