"""What the terminal prints for people: boards that never wrap mid-line, seat names,
score breakdown tables, all in the reader's language (``meeple.i18n.current()``)."""

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
from meeple.i18n import COMMON as M
from meeple.i18n import Seat, current, items
from meeple.i18n import Text as Words

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
        note = current().text(M("term.board_too_wide", width=widest, terminal=console.width))
        console.print(f"[dim]{escape(note)}[/]")
    else:
        console.print(board, soft_wrap=True)
    return board.plain


def print_whole(console: Console, text: str) -> str:
    """Print what a player asked for (``show``, ``info``) whole: lines wider than the
    terminal fold onto the next line instead of being cut."""
    board = Text.from_markup(text)
    console.print(board, overflow="fold")
    return board.plain


def seat_label(seat: int, names: Sequence[Words] = ()) -> str:
    """Who sits at ``seat``: their name (``names``, else the current audience's), or
    "seat 1" in the reader's language when nobody knows."""
    reader = current()
    return reader.named(names).seat(seat) if names else reader.seat(seat)


def unique_names(names: Sequence[str]) -> list[str]:
    """Seat names a reader can tell apart: a name used twice gets its seat's number
    (``greedy``, ``greedy 2``); empty names stay empty (read as "seat N")."""
    out = []
    for seat, name in enumerate(names):
        twice = name and sum(1 for other in names if other == name) > 1
        out.append(f"{name} {seat}" if twice else name)
    return out


def _is_total(label: Words) -> bool:
    return label in ("total", M("score.total"))


def breakdown_table(game: Game, state: State, names: Sequence[Words], title: Words) -> RenderableType:
    """The score breakdown (``GAME.score_breakdown``) with the totals of ``scores()``.

    When the seats mostly score the same parts: one table, a column per seat (blank
    where a seat lacks a part). When the parts differ (each expedition or building of
    its own): a small table per seat, side by side where the width allows.
    """
    say = current().named(names) if names else current()
    parts = game.score_breakdown(state)
    scores = state.scores()
    labels: list[Words] = []
    for seat_parts in parts:
        labels.extend(label for label in seat_parts if label not in labels and not _is_total(label))
    mean = sum(len(p) for p in parts) / max(1, len(parts))
    total = f"[bold]{escape(say(M('score.total')))}[/]"
    if len(labels) <= 1.5 * mean:  # the seats mostly score the same parts
        table = Table(title=escape(say(title)), title_justify="left")
        table.add_column("")
        for seat in range(state.players):
            table.add_column(escape(say.seat(seat)), justify="right")
        for label in labels:
            table.add_row(escape(say(label)), *(_cell(parts[seat].get(label)) for seat in range(state.players)))
        table.add_row(total, *(f"[bold]{s}[/]" for s in scores), end_section=True)
        return table
    tables = []
    for seat in range(state.players):
        table = Table(title=escape(say.seat(seat)), title_justify="left", show_header=False)
        table.add_column("")
        table.add_column("", justify="right")
        for label, points in parts[seat].items():
            if not _is_total(label):
                table.add_row(escape(say(label)), _cell(points))
        table.add_row(total, f"[bold]{scores[seat]}[/]", end_section=True)
        tables.append(table)
    return Group(Text(say(title)), Columns(tables, padding=(0, 2)))


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def verdict(winners: Sequence[int], seat: int | None, names: Sequence[Words] = ()) -> str:
    """Who won, in words, from ``seat``'s side of the table (``None``: a spectator)."""
    say = current().named(names) if names else current()
    if not winners:
        return say(M("verdict.automa"))
    if seat is not None and list(winners) == [seat]:
        return say(M("verdict.you_win"))
    if seat is not None and seat in winners:
        others = [Seat(w) for w in winners if w != seat]
        return say(M("verdict.shared_with", players=items(others)))
    if len(winners) == 1:
        return say(M("verdict.winner", player=Seat(winners[0])))
    return say(M("verdict.shared", players=items(Seat(w) for w in winners)))
