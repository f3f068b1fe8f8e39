"""The Lost Cities table as text with Rich colour markup, from a seat's view."""

from __future__ import annotations

from meeple.games.lost_cities.components import COLORS

STYLE = {"Y": "yellow", "W": "bright_white", "B": "blue", "G": "green", "R": "red", "P": "magenta"}


def _card(text: str) -> str:
    return f"[{STYLE[text[0]]}]{text}[/]"


def _row(cards: list[str]) -> str:
    return " ".join(_card(c) for c in cards) if cards else "[dim]-[/]"


def render(state, seat: int | None = None) -> str:
    """Opponent at the top, the discard piles in the middle, ``seat`` at the bottom."""
    v = state.view(seat)
    me = 0 if seat is None else seat
    other = 1 - me
    letters = v["colors"]
    names = {c.letter: c.name for c in COLORS}
    lines = [
        f"[bold]Lost Cities[/]  round {v['round']}/{v['rounds']}  "
        f"deck {v['deck']}  scores {v['scores'][0]} : {v['scores'][1]}"
        + (f"  (rounds {v['round_scores']})" if v["round_scores"] else ""),
        "",
        f"[bold]seat {other}[/] ({v['hand_sizes'][other]} cards"
        + (f"; known: {_row(v['known'][other])}" if v["known"][other] else "")
        + ")",
    ]
    for c in letters:
        lines.append(f"  {names[c]:>7} {_row(v['expeditions'][other][c])}")
    lines.append("[bold]discard piles[/] (top last)")
    for c in letters:
        mark = "  [dim](just discarded)[/]" if v["blocked"] == c else ""
        lines.append(f"  {names[c]:>7} {_row(v['discards'][c])}{mark}")
    lines.append(f"[bold]seat {me}[/]" + (" (you)" if seat is not None else ""))
    for c in letters:
        lines.append(f"  {names[c]:>7} {_row(v['expeditions'][me][c])}")
    if "hand" in v:
        lines.append(f"[bold]your hand[/]  {_row(v['hand'])}")
    if v["to_move"] is None:
        lines.append(f"[bold]game over[/]: winners {v['winners']}")
    else:
        step = "play or discard a card" if v["phase"] == "play" else "draw a card"
        lines.append(f"seat {v['to_move']} to {step}")
    return "\n".join(lines)
