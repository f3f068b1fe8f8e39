"""The Lost Cities table as text with Rich colour markup, one row per colour.

Each row shows the opponent's expedition, the colour's discard pile and yours, the
cards in play order with what the expedition scores now; a legend explains every
symbol. Every line fits in ``WIDTH`` columns, the widest possible table (six colours,
twelve-card expeditions) included.
"""

from __future__ import annotations

import textwrap
from typing import Any

from meeple.games.lost_cities.components import COLORS
from meeple.games.lost_cities.explain import status
from meeple.games.lost_cities.scoring import expedition_score

STYLE = {"Y": "yellow", "W": "bright_white", "B": "blue", "G": "green", "R": "red", "P": "magenta"}
NAME = {c.letter: c.name for c in COLORS}
LABEL = 8  # the colour names
GAP = "  "

WIDTH = 90  # the widest line, six colours and twelve-card expeditions included

LEGEND = (
    "legend: H wager (doubles, triples, quadruples the result)  =N the expedition's score now",
    "        pile: top card +N cards under it  * just discarded: not drawable this turn  - none",
)


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
    return f"[{style}]{text}[/]" + " " * (width - len(text))


def _hand(cards: list[str]) -> str:
    return " ".join(f"[{STYLE[c[0]]}]{c}[/]" for c in cards)


def _stall_line(v: dict[str, Any]) -> str | None:
    limits = v["stall_limits"]
    if not limits or v["to_move"] is None or (v["repetitions"] == 1 and not v["idle_turns"]):
        return None  # nothing to warn about: no idle turn since the last progress
    return (
        f"stall rules: this position has come up {v['repetitions']} of {limits['repetitions']} "
        f"times; idle turns {v['idle_turns']} of {limits['idle_turns']}"
    )


def render(state, seat: int | None = None) -> str:
    v = state.view(seat)
    me = 0 if seat is None else seat
    other = 1 - me
    letters = v["colors"]
    mine_label = "you" if seat is not None else f"seat {me}"
    theirs_label = f"seat {other}"
    theirs = [_expedition(v["expeditions"][other][c]) for c in letters]
    mine = [_expedition(v["expeditions"][me][c]) for c in letters]
    piles = [_pile(v["discards"][c], v["blocked"] == c) for c in letters]
    w_theirs = max(len(theirs_label), *map(len, theirs))
    w_pile = max(len("pile"), *map(len, piles))

    scores = v["scores"]
    lines = [
        f"[bold]Lost Cities[/]  round {v['round']} of {v['rounds']}  deck {v['deck']}  "
        f"score: {mine_label} {scores[me]}, {theirs_label} {scores[other]}"
    ]
    if v["round_scores"]:
        done = "  ".join(f"{r[me]}:{r[other]}" for r in v["round_scores"])
        lines.append(f"rounds so far ({mine_label} : {theirs_label}): {done}")
    lines.append(
        f"{'':{LABEL}}{GAP}{theirs_label:<{w_theirs}}{GAP}{'pile':<{w_pile}}{GAP}{mine_label}"
    )
    for i, c in enumerate(letters):
        lines.append(
            f"[{STYLE[c]}]{NAME[c]:<{LABEL}}[/]{GAP}{_styled(theirs[i], c, w_theirs)}{GAP}"
            f"{_styled(piles[i], c, w_pile)}{GAP}{_styled(mine[i], c, 0).rstrip()}"
        )
    held = f"{theirs_label} holds {v['hand_sizes'][other]} cards"
    if v["known"][other]:
        held += ", among them " + _hand(v["known"][other]) + " (taken from the piles)"
    lines.append(held)
    if "hand" in v:
        lines.append(f"[bold]your hand[/]  {_hand(v['hand'])}")
    stall = _stall_line(v)
    if stall:
        lines.append(stall)
    for part in textwrap.wrap(status(v), WIDTH, subsequent_indent="  "):
        lines.append(f"[bold]{part}[/]")
    lines.extend(LEGEND)
    return "\n".join(lines)
