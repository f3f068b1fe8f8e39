"""The Lowlands table as text with Rich markup, from one seat's view, in the reader's
language (``current()``).

Each farm is drawn as a grid: ``---`` and ``|`` are fences, a tile shows its board
label (buildings in magenta, their borders act as fences; features in green),
pasture squares are green with one sheep letter per sheep, ``^ * ~`` are trees,
bushes and ponds. Sheep that live on tiles (External Stable, Pet Shop, ...) or wait
for a pasture while a fence is moved are listed under the grid, so the farm always
shows every sheep it has. ``show`` (``render_detail``) draws any farm, the face-up
tiles in full, the score so far and the dike track.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.markup import escape

from meeple.games.lowlands.components import FLOOD_ROW, RESOURCES, SEGMENTS, TILES, TOKEN_SPACES
from meeple.games.lowlands.explain import score_breakdown
from meeple.games.lowlands.farm import CELL_INDEX, COLS, EDGE_INDEX, ROWS, TERRAIN, h_edge, v_edge
from meeple.games.lowlands.words import (
    M,
    action,
    label,
    res,
    tile,
    token,
    token_short,
)
from meeple.i18n import COMMON, Seat, current, items

RES_STYLE = {"wood": "dark_orange3", "clay": "orange1", "stone": "grey70"}
BUILDING = {t.key for t in TILES if t.building}
TILE = {t.key: t for t in TILES}
#: terrain symbols, the same in every language (the legend names them)
TERRAIN_MARK = {"T": "^", "B": "*", "P": "~", ".": " "}
KIND_IDS = {"sheep": "board.kind_sheep", "action": "board.kind_action", "feature": "board.kind_feature",
            "storm": "board.kind_storm"}
WIDTH = 100  # the widest line the board may draw (tests/terminal)


def _say(msg) -> str:
    """A message in the reader's language, escaped for Rich markup."""
    return escape(current().text(msg))


def _marked(msg_id: str, markup: dict[str, str], **params: Any) -> str:
    """A message with some parameters already in Rich markup (coloured cards): the
    text is escaped, the markup put in after."""
    text = current().text(M(msg_id, **params, **{k: f"\x00{k}\x00" for k in markup}))
    text = escape(text)
    for k, value in markup.items():
        text = text.replace(f"\x00{k}\x00", value)
    return text


def _wrapped(text: str, indent: str = "  ") -> list[str]:
    """Plain text (already in the reader's language) wrapped at ``WIDTH``, escaped."""
    return [escape(line) for line in textwrap.wrap(text, WIDTH, subsequent_indent=indent)]


def _level(n: int) -> str:
    if n == 0:
        return "0"
    level = (n - 1) // FLOOD_ROW + 1
    return current().text(M("board.level", n=n, level=level, row=n - FLOOD_ROW * (level - 1), of=FLOOD_ROW))


# ---- a farm ---------------------------------------------------------------------------------


def _cell(farm: dict[str, Any], name: str) -> str:
    key = farm["tiles"].get(name)
    if key:
        style = "bold magenta" if key in BUILDING else "green"
        return f"[{style}]{escape(current().text(label(key))):<3.3}[/]"
    if any(name in p for p in farm["pastures"]):
        n = farm["housing"].get(name, 0)
        letter = current().text(M("board.sheep_letter"))
        text = (letter * n if n <= 3 else f"{n}{letter}").center(3) if n else " . "
        return f"[green]{escape(text)}[/]"
    return f"[dim] {TERRAIN_MARK[TERRAIN[CELL_INDEX[name]]]} [/]"


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


def drawn_sheep(farm: dict[str, Any]) -> int:
    """How many sheep the drawing shows: in the pastures and in the line under the grid."""
    return sum(farm["housing"].values()) + sum(farm["tile_sheep"].values())


def _off_pasture(farm: dict[str, Any]) -> list[str]:
    """The sheep that are not in a pasture square: on tiles, or waiting for a pasture."""
    parts = [M("board.on_tile", label=label(farm["tiles"][sq]), n=n)
             for sq, n in farm["tile_sheep"].items() if sq]
    if farm["tile_sheep"].get(""):
        parts.append(M("board.waiting", n=farm["tile_sheep"][""]))
    if not parts:
        return []
    return _wrapped(current().text(M("board.off_pasture", list=items(parts, "parts"))))


def legend(short: bool = False) -> list[str]:
    """What every symbol of a farm means, in the reader's language (``short``: one line,
    for the main board)."""
    return _wrapped(current().text(M("board.legend_short" if short else "board.legend", sheep=M("board.sheep_letter"))))


def farm_lines(v: dict[str, Any], s: int, short: bool = False) -> list[str]:
    """Seat ``s``'s farm in full: the grid, the sheep off the pastures, the labels of its
    tiles, the legend."""
    farm = v["farms"][s]
    lines = ["  " + ln for ln in farm_grid(farm)] + _off_pasture(farm)
    built = [M("board.label_is", label=label(k), tile=tile(k)) for k in sorted(set(farm["tiles"].values()))]
    if built:
        lines += _wrapped(current().text(M("board.labels", list=items(built, "comma"))))
    return lines + legend(short)


# ---- the table ------------------------------------------------------------------------------


def _cards(d: dict[str, int], colour: bool = True) -> str:
    say = current()
    shown = [say(M("amount", n=d[r], res=res(r))) for r in RESOURCES if d[r]]
    if colour:
        shown = [f"[{RES_STYLE[r]}]{escape(text)}[/]" for r, text in zip([r for r in RESOURCES if d[r]], shown,
                                                                           strict=True)]
    return ", ".join(shown) or "-"


def _paragraph(parts: list[Any], bold: str = "") -> list[str]:
    """Messages joined with " · " and wrapped at ``WIDTH``; ``bold``: a first word to
    set in bold (the game's title, a player's name)."""
    say = current()
    text = " · ".join(say(p) for p in parts)
    lines = _wrapped(f"{bold}  {text}" if bold else text, "    ")
    if bold:
        lines[0] = f"[bold]{escape(bold)}[/]" + lines[0][len(escape(bold)):]
    return lines


def _shared(v: dict[str, Any]) -> list[str]:
    """The shared board: stage, flood and dike, the sea, the construction site, the value
    track, the market, the progress tokens, the cards on display."""
    say = current()
    now = M("board.over") if v["to_move"] is None else M("board.to_move", player=Seat(v["to_move"]))
    holds = "board.holds" if v["dike"] >= v["flood"] else "board.breaks"
    sea = " ".join(f"[{c['face']}]" if c["face"] is not None else f"({c['back']})" for c in v["sea"]) or "-"
    tides = items((M("board.held" if t else "board.broke") for t in v["tides"]), "comma") if v["tides"] else "-"
    cubes = "  ".join(f"{say(res(r))} {'#' * v['cubes'][r]}{'.' * (v['track'] - v['cubes'][r])}" for r in RESOURCES)
    nxt = v["next_segment"]
    if nxt:
        length = next(s.length for s in SEGMENTS if s.color == nxt)
        seg = M("board.next_segment", color=M(f"segment.{nxt}"), n=length, placed=v["segments"], total=len(SEGMENTS))
    else:
        seg = M("board.no_segment", total=len(SEGMENTS))
    letter = say(M("board.sheep_letter"))
    rows = " ".join(letter * n + "." * (cap - n) for n, cap in v["market"])
    tokens = items((M("board.token_on", space=sp, token=token_short(name)) for sp, name in v["tokens"].items()),
                   "comma")
    val = v["value"]
    return (
        _paragraph([M("board.head", stage=v["stage"], first=Seat(v["first"]), now=now)], "Lowlands")
        + _paragraph([M("board.flood", flood=_level(v["flood"]), dike=_level(v["dike"]), verdict=M(holds)),
                      M("board.sea", cards=sea, deck=v["flood_deck"], tides=tides)])
        + _paragraph([M("board.site", cubes=cubes), seg])
        + _paragraph([M("board.value", dp=val["dike_point"], sheep=val["sheep"]), M("board.market", rows=rows),
                      M("board.tokens", tokens=tokens),
                      M("board.display", cards=_cards(v["display"], colour=False), deck=v["deck"],
                        discards=sum(v["discard"].values()))])
    )


def _tiles(v: dict[str, Any]) -> list[str]:
    """The face-up tiles by kind, as one wrapped paragraph: name and key (``build KEY``)."""
    kinds = []
    for kind, keys in v["tiles"].items():
        names = items((M("board.tile_key", tile=tile(k), key=k) for k in keys), "comma") if keys else "-"
        kinds.append(M(KIND_IDS[kind], list=names))
    return _wrapped(current().text(M("board.tiles", kinds=items(kinds, "parts"))), "    ")


def _numbers(v: dict[str, Any], s: int, full: bool) -> list[Any]:
    farm = v["farms"][s]
    numbers = [
        COMMON("points", n=v["scores"][s]), M("board.coins", n=farm["coins"]),
        M("board.sheep", n=farm["sheep"], room=farm["capacity"]), M("board.cards", n=farm["hand_size"]),
    ]
    if full:
        top = max(range(v["players"]), key=lambda o: (v["farms"][o]["dike_space"], v["farms"][o]["stack_order"]))
        numbers.append(M("board.dike_top" if s == top else "board.dike", space=farm["dike_space"],
                         n=farm["dike_points"]))
    else:
        numbers.append(M("board.dike_points", n=farm["dike_points"]))
    if farm["breach"]:
        numbers.append(M("board.breach", n=farm["breach"]))
    if farm["boost"]:
        numbers.append(M("board.boost"))
    return numbers


def _seat_lines(v: dict[str, Any], s: int, full: bool = True) -> list[str]:
    """A seat's numbers; with ``full``, its farmyard too (farmers, workers, fences on the
    income board, buildings; its tiles are named under the farm's grid)."""
    say = current()
    farm = v["farms"][s]
    lines = _paragraph([items(_numbers(v, s, full), "comma")], say(Seat(s)))
    if not full:
        return lines
    placed = [M("board.farmer_on", farmer=f, action=action(a)) for f, a in farm["farmers"].items() if a]
    workers = [M("board.workers_on", n=n, action=action(a)) for a, n in farm["workers"].items()]
    if farm["workers_free"]:
        workers.append(M("board.workers_free", n=farm["workers_free"]))
    yard = [
        M("board.farmers", list=items(placed, "comma") if placed else "-"),
        M("board.workers", list=items(workers, "comma") if workers else "-"),
        M("board.fences_left", n=farm["fences_on_income"]),
        M("board.buildings", n=farm["buildings"]),
    ]
    return lines + _wrapped("  " + say(items(yard, "parts")), "    ")


def render(state, seat: int | None = None) -> str:
    """The table in at most 40 lines of at most 100 columns: the shared board, the face-up
    tiles, a line per seat (two or three for yours), and one farm drawn in full (yours;
    for spectators the seat to move). ``show farm N`` draws any other farm."""
    v = state.view(seat)
    shown = seat if seat is not None else (v["to_move"] if v["to_move"] is not None else 0)
    lines = _shared(v) + _tiles(v)
    for s in range(v["players"]):
        lines += _seat_lines(v, s, full=s == shown)
    whose = M("board.your_farm") if shown == seat else M("board.farm_of", player=Seat(shown))
    lines.append(f"[bold]{_say(whose)}[/] {_say(M('board.show_farm'))}")
    lines += farm_lines(v, shown, short=True)
    if "hand" in v:
        lines.append(_marked("board.your_hand", {"cards": _cards(v["hand"])}))
    if v["to_move"] is None:
        scores = items((M("narrate.plus", player=Seat(s), n=n) for s, n in enumerate(v["scores"])), "comma")
        lines.append(f"[bold]{_say(M('board.final', scores=scores, player=Seat(v['winners'][0])))}[/]")
    return "\n".join(lines)


# ---- closer looks: show farm N, show tiles, show score, show dike ------------------------------


def detail_topics(state, seat: int | None) -> list[tuple[str, Any]]:
    """What ``show`` can draw: each farm, the face-up tiles, the score, the dike track."""
    farms = [(f"farm {s}", M("show.your_farm") if s == seat else M("show.farm", player=Seat(s)))
             for s in range(state.players)]
    return farms + [("tiles", M("show.tiles")), ("score", M("show.score")), ("dike", M("show.dike"))]


def _show_tiles(v: dict[str, Any]) -> list[str]:
    from meeple.games.lowlands.glossary import glossary

    say = current()
    entries = {e.abbreviations[0]: e for e in glossary() if e.abbreviations}
    lines = []
    for kind, keys in v["tiles"].items():
        lines.append(f"[bold]{_say(M(KIND_IDS[kind], list=M('show.stack', n=v['stacks'][kind])))}[/]")
        for k in keys:
            lines += _wrapped(f"  {say(tile(k))} [{k}]: {say(entries[k].text)}", "      ")
    return lines


def _show_score(state) -> list[str]:
    say = current()
    lines = []
    for s, parts in enumerate(score_breakdown(state)):
        lines.append(f"[bold]{_say(M('show.score_of', player=Seat(s), n=sum(parts.values())))}[/]")
        lines += [f"  {escape(say(part))}: {n}" for part, n in parts.items()]
    return lines


def _show_dike(v: dict[str, Any]) -> list[str]:
    order = sorted(range(v["players"]), key=lambda o: (-v["farms"][o]["dike_space"], -v["farms"][o]["stack_order"]))
    lines = [_say(M("show.dike_head"))]
    for s in order:
        f = v["farms"][s]
        tokens = [token(v["tokens"][str(sp)]) for i, sp in enumerate(TOKEN_SPACES) if i not in f["tokens_claimed"]]
        lines += _wrapped(current().text(M(
            "show.dike_seat", player=Seat(s), space=f["dike_space"], n=f["dike_points"],
            tokens=items(tokens, "comma") if tokens else "-")))
    return lines


def render_detail(state, seat: int | None, what: str) -> str | None:
    """``show farm N``, ``show tiles``, ``show score``, ``show dike``."""
    words = what.lower().split()
    v = state.view(seat)
    if len(words) == 2 and words[0] == "farm" and words[1].isdigit() and int(words[1]) < state.players:
        s = int(words[1])
        return "\n".join(_seat_lines(v, s) + farm_lines(v, s))
    if words == ["tiles"]:
        return "\n".join(_show_tiles(v))
    if words == ["score"]:
        return "\n".join(_show_score(state))
    if words == ["dike"]:
        return "\n".join(_show_dike(v))
    return None
