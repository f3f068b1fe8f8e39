"""What the terminal prints for people: boards that never wrap mid-line, seat names,
score breakdown tables."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from meeple.core.game import Game
from meeple.core.state import State

#: the view key whose change marks the end of a round (games without rounds omit it)
ROUND_KEY = "round"


def board_width(text: str) -> int:
    """Columns of the widest line of a board written in rich markup."""
    plain = Text.from_markup(text).plain
    return max((cell_len(line) for line in plain.splitlines()), default=0)


def print_board(console: Console, text: str) -> str:
    """Print a board without rich re-wrapping its lines.

    Piped output has no width limit (every line whole). In a terminal narrower than
    the board, lines are cut at the edge, marked with an ellipsis, and a note says how
    wide the board is, rather than wrapped into a grid nobody can read. Returns the
    board's plain text.
    """
    board = Text.from_markup(text)
    widest = board_width(text)
    if console.is_terminal and widest > console.width:
        console.print(board, no_wrap=True, overflow="ellipsis", crop=True)
        console.print(
            f"[dim](this board is {widest} columns wide and your terminal {console.width}: "
            "widen the window to see every column)[/]"
        )
    else:
        console.print(board, soft_wrap=True)
    return board.plain


def seat_label(seat: int, names: Sequence[str]) -> str:
    """``seat 1 (greedy)``; just ``seat 1`` when nobody knows who sat there."""
    name = names[seat] if seat < len(names) and names[seat] else ""
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def breakdown_table(game: Game, state: State, names: Sequence[str], title: str) -> RenderableType:
    """The score breakdown (``GAME.score_breakdown``) with the totals of ``scores()``.

    When the seats mostly score the same parts: one table, a column per seat (blank
    where a seat lacks a part). When the parts differ (each expedition or building of
    its own): a small table per seat, side by side where the width allows.
    """
    parts = game.score_breakdown(state)
    scores = state.scores()
    labels: list[str] = []
    for seat_parts in parts:
        labels.extend(label for label in seat_parts if label not in labels and label != "total")
    mean = sum(len(p) for p in parts) / max(1, len(parts))
    if len(labels) <= 1.5 * mean:  # the seats mostly score the same parts
        table = Table(title=title, title_justify="left")
        table.add_column("")
        for seat in range(state.players):
            table.add_column(seat_label(seat, names), justify="right")
        for label in labels:
            table.add_row(escape(label), *(_cell(parts[seat].get(label)) for seat in range(state.players)))
        table.add_row("[bold]total[/]", *(f"[bold]{s}[/]" for s in scores), end_section=True)
        return table
    tables = []
    for seat in range(state.players):
        table = Table(title=seat_label(seat, names), title_justify="left", show_header=False)
        table.add_column("")
        table.add_column("points", justify="right")
        for label, points in parts[seat].items():
            if label != "total":
                table.add_row(escape(label), _cell(points))
        table.add_row("[bold]total[/]", f"[bold]{scores[seat]}[/]", end_section=True)
        tables.append(table)
    return Group(Text(title), Columns(tables, padding=(0, 2)))


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def verdict(winners: Sequence[int], seat: int | None, names: Sequence[str]) -> str:
    """Who won, in words, from ``seat``'s side of the table (``None``: a spectator)."""
    if not winners:
        return "nobody at the table wins (the game's automa does)"
    if seat is not None and list(winners) == [seat]:
        return "you win!"
    if seat is not None and seat in winners:
        others = [seat_label(w, names) for w in winners if w != seat]
        return f"a shared win with {', '.join(others)}"
    who = ", ".join(seat_label(w, names) for w in winners)
    return f"winner: {who}" if len(winners) == 1 else f"shared win: {who}"
