"""The Lost Cities table as text with Rich colour markup, laid out like the real one.

Colours are columns; the opponent's expeditions sit above the discard piles and
yours below, each cell listing the cards in play order with the column's value.
"""

from __future__ import annotations

from meeple.games.lost_cities.components import COLORS
from meeple.games.lost_cities.scoring import expedition_score

STYLE = {"Y": "yellow", "W": "bright_white", "B": "blue", "G": "green", "R": "red", "P": "magenta"}
LABEL = 12


def _cell(cards: list[str], letter: str, width: int, value: bool = True) -> str:
    """Values only (the column names the colour), padded to ``width`` visible chars."""
    if not cards:
        return "[dim]-[/]" + " " * (width - 1)
    plain = " ".join(c[1:] for c in cards)
    if value:
        plain += f" ={expedition_score(cards)}"
    body = " ".join(c[1:] for c in cards)
    tail = plain[len(body):]
    return f"[{STYLE[letter]}]{body}[/][dim]{tail}[/]" + " " * max(0, width - len(plain))


def _hand(cards: list[str]) -> str:
    return " ".join(f"[{STYLE[c[0]]}]{c}[/]" for c in cards)


def render(state, seat: int | None = None) -> str:
    v = state.view(seat)
    me = 0 if seat is None else seat
    other = 1 - me
    letters = v["colors"]
    names = {c.letter: c.name for c in COLORS}

    def width(letter: str) -> int:
        longest = max(
            [len(names[letter])]
            + [len(" ".join(c[1:] for c in v["expeditions"][s][letter])) + 5 for s in (0, 1)]
            + [len(v["discards"][letter][-1]) + 6 if v["discards"][letter] else 1]
        )
        return longest + 2

    widths = {c: width(c) for c in letters}

    def row(label: str, cells: list[str]) -> str:
        return f"{label:<{LABEL}}" + "".join(cells)

    you = "you" if seat is not None else f"seat {me}"
    header = row("", [f"[{STYLE[c]}]{names[c]:<{widths[c]}}[/]" for c in letters])
    piles = []
    for c in letters:
        pile = v["discards"][c]
        text = f"{pile[-1]} ({len(pile)})" if pile else "-"
        style = "dim" if not pile else STYLE[c]
        mark = "*" if v["blocked"] == c else ""
        piles.append(f"[{style}]{text}{mark}[/]" + " " * (widths[c] - len(text) - len(mark)))
    scores = v["scores"]
    lines = [
        f"[bold]Lost Cities[/]  round {v['round']}/{v['rounds']}  deck {v['deck']}  "
        f"score {you} {scores[me]} : {scores[other]} seat {other}"
        + (f"  rounds so far {[[r[me], r[other]] for r in v['round_scores']]}" if v["round_scores"] else ""),
        header,
        row(f"seat {other}", [_cell(v["expeditions"][other][c], c, widths[c]) for c in letters]),
        row("discards", piles),
        row(you, [_cell(v["expeditions"][me][c], c, widths[c]) for c in letters]),
    ]
    extra = f"seat {other} holds {v['hand_sizes'][other]} cards"
    if v["known"][other]:
        extra += ", among them " + _hand(v["known"][other]) + " (taken from the piles)"
    lines.append(extra)
    if v["blocked"]:
        lines.append("* just discarded: that pile cannot be drawn this turn")
    if "hand" in v:
        lines.append(f"[bold]your hand[/]  {_hand(v['hand'])}")
    if v["to_move"] is None:
        lines.append(f"[bold]game over[/]: winners {v['winners']}")
    else:
        step = "play or discard a card" if v["phase"] == "play" else "draw a card (deck or a pile)"
        who = "you" if v["to_move"] == seat else f"seat {v['to_move']}"
        lines.append(f"{who} to {step}")
    return "\n".join(lines)
