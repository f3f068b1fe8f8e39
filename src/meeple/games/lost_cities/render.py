"""The Lost Cities table as text with Rich colour markup, one row per colour.

Each row shows the opponent's expedition, the colour's discard pile and yours, the
cards in play order with what the expedition scores now; a legend explains every
symbol. Every line fits in ``WIDTH`` columns, the widest possible table (six colours,
twelve-card expeditions) included.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.markup import escape

from meeple.games.lost_cities.explain import status
from meeple.games.lost_cities.scoring import expedition_score
from meeple.games.lost_cities.words import M, color
from meeple.i18n import Seat, current

STYLE = {"Y": "yellow", "W": "bright_white", "B": "blue", "G": "green", "R": "red", "P": "magenta"}
LABEL = 8  # the colour names (the longest is 8 letters: "amarillo")
GAP = "  "

WIDTH = 90  # the widest line, six colours and twelve-card expeditions included

#: the legend's lines (each wrapped to ``WIDTH``)
LEGEND = ("board.legend", "board.legend_piles")


def _expedition(cards: list[str]) -> str:
    """``H 2 5 =-26`` (values only: the row names the colour); ``-`` when not started."""
    if not cards:
        return "-"
    return " ".join(c[1:] for c in cards) + f" ={expedition_score(cards)}"


def _pile(pile: list[str], blocked: bool) -> str:
    if not pile:
        return "-"
    under = f" +{len(pile) - 1}" if len(pile) > 1 else ""
    return pile[-1] + under + ("*" if blocked else "")


def _styled(text: str, letter: str, width: int) -> str:
    """``text`` in the colour's style (dim when empty), padded to ``width`` columns."""
    style = "dim" if text == "-" else STYLE[letter]
    return f"[{style}]{escape(text)}[/]" + " " * (width - len(text))


def _hand(cards: list[str]) -> str:
    return " ".join(f"[{STYLE[c[0]]}]{c}[/]" for c in cards)


def _stall_line(v: dict[str, Any]) -> str | None:
    limits = v["stall_limits"]
    if not limits or v["to_move"] is None or (v["repetitions"] == 1 and not v["idle_turns"]):
        return None  # nothing to warn about: no idle turn since the last progress
    return current().text(M(
        "board.stall", seen=v["repetitions"], repetitions=limits["repetitions"], idle=v["idle_turns"],
        limit=limits["idle_turns"],
    ))


def _wrapped(text: str, bold: bool = False) -> list[str]:
    lines = textwrap.wrap(text, WIDTH, subsequent_indent="  ")
    return [f"[bold]{escape(line)}[/]" if bold else escape(line) for line in lines]


def render(state, seat: int | None = None) -> str:
    """The table for ``seat`` (``None``: spectators) in the reader's language."""
    say = current()
    v = state.view(seat)
    me = 0 if seat is None else seat
    other = 1 - me
    letters = v["colors"]
    mine_label = say(M("board.you")) if seat is not None else say.seat(me)
    theirs_label = say.seat(other)
    pile_label = say(M("board.pile"))
    names = {c: say(color(c)) for c in letters}
    label = max(LABEL, *map(len, names.values()))
    theirs = [_expedition(v["expeditions"][other][c]) for c in letters]
    mine = [_expedition(v["expeditions"][me][c]) for c in letters]
    piles = [_pile(v["discards"][c], v["blocked"] == c) for c in letters]
    w_theirs = max(len(theirs_label), *map(len, theirs))
    w_pile = max(len(pile_label), *map(len, piles))

    scores = v["scores"]
    head = say(M("board.head", round=v["round"], rounds=v["rounds"], deck=v["deck"], me=mine_label,
                 mine=scores[me], them=theirs_label, theirs=scores[other]))
    lines = [f"[bold]Lost Cities[/]  {escape(head)}"]
    if v["round_scores"]:
        done = "  ".join(f"{r[me]}:{r[other]}" for r in v["round_scores"])
        lines.append(escape(say(M("board.rounds", me=mine_label, them=theirs_label, scores=done))))
    lines.append(
        f"{'':{label}}{GAP}{escape(theirs_label)}{' ' * (w_theirs - len(theirs_label))}{GAP}"
        f"{escape(pile_label)}{' ' * (w_pile - len(pile_label))}{GAP}{escape(mine_label)}"
    )
    for i, c in enumerate(letters):
        lines.append(
            f"[{STYLE[c]}]{escape(names[c]):<{label}}[/]{GAP}{_styled(theirs[i], c, w_theirs)}{GAP}"
            f"{_styled(piles[i], c, w_pile)}{GAP}{_styled(mine[i], c, 0).rstrip()}"
        )
    known = v["known"][other]
    held = M("board.holds", player=Seat(other), n=v["hand_sizes"][other])
    lines.append(escape(say(held)) + (
        escape(say(M("board.known"))) + " " + _hand(known) if known else ""))
    if "hand" in v:
        lines.append(f"[bold]{escape(say(M('board.your_hand')))}[/]  {_hand(v['hand'])}")
    stall = _stall_line(v)
    if stall:
        lines.extend(_wrapped(stall))
    lines.extend(_wrapped(say(status(v)), bold=True))
    for key in LEGEND:
        lines.extend(_wrapped(say(M(key))))
    return "\n".join(lines)
