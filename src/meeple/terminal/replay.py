"""``meeple replay FILE``: a saved game move by move, as a spectator or one seat saw it.

Every move is named with its seat (and who sat there, when the record knows), followed
by what the game narrates of it for the chosen perspective; ``--step`` also shows the
board after each move and waits for Enter. An unfinished record names no winners: it
says where the game stopped and who was to move.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from meeple import games
from meeple.core.errors import ConfigError
from meeple.core.record import Record
from meeple.terminal.journal import play
from meeple.terminal.lineinput import read_echoed
from meeple.terminal.screen import breakdown_table, print_board, seat_label, verdict

Reader = Callable[[str], str]


def option_text(record: Record) -> str:
    """``rounds=1, colors=5``: each option the record sets, in words (``random`` for a
    value left to the seed); empty when the game has none."""
    game = games.get(record.game)
    parts = []
    for key, value in record.options.items():
        option = game.options.get(key)
        shown = option.none if value is None and option is not None else value
        if isinstance(shown, bool):
            shown = "yes" if shown else "no"
        parts.append(f"{key}={shown}")
    return ", ".join(parts)


def replay_record(
    console: Console,
    record: Record,
    seat: int | None = None,
    step: bool = False,
    read: Reader = read_echoed,
) -> None:
    """Print the game ``record`` describes; ``seat``: whose view (``None``: spectators)."""
    final = games.replay(record)  # checks the rules version and every move first
    game = final.game
    if seat is not None and not 0 <= seat < record.players:
        raise ConfigError(f"--seat must be from 0 to {record.players - 1} for this record")
    names = record.seats
    console.print(f"[bold]{game.title}[/], {record.players} players, seed {record.seed}")
    if names:
        console.print("seats: " + escape(", ".join(seat_label(s, names) for s in range(record.players))))
    options = option_text(record)
    if options:
        console.print(f"options: {escape(options)}")
    perspective = "as a spectator sees it" if seat is None else f"as {seat_label(seat, names)} saw it"
    console.print(f"{len(record.actions)} moves, {perspective}")
    state = game.new(record.players, record.seed, **record.options)
    stepping, board_at = step, -1
    if stepping:
        print_board(console, game.render(state, seat))
        stepping, board_at = _wait(read), 0
    history = final.history()
    for index, action in enumerate(history, 1):
        move = play(state, game.decode(action), seat)
        console.print(f"{move.ply:4d}. {seat_label(move.seat, names)}: [bold]{escape(move.action)}[/]")
        for line in move.lines:
            console.print(f"        {escape(line)}")
        if stepping:
            print_board(console, game.render(state, seat))
            board_at = state.ply
            stepping = index == len(history) or _wait(read)
    if board_at != state.ply:
        print_board(console, game.render(state, seat))
    if state.is_over:
        console.print(breakdown_table(game, state, names, "final scores"))
        console.print(f"[bold]{verdict(state.winners(), None, names)}[/]")
    else:
        assert state.to_move is not None
        console.print(
            f"[bold]unfinished[/]: the record stops after move {state.ply}, no winner yet; "
            f"to move: {seat_label(state.to_move, names)} ({escape(game.status(state.view(seat)))})"
        )
        console.print(breakdown_table(game, state, names, "running scores"))


def _wait(read: Reader) -> bool:
    """Wait for Enter; False stops stepping (``q``, or the end of input)."""
    try:
        answer = read("Enter: next move, q: to the end> ")
    except EOFError:
        return False
    return answer.strip().lower() not in ("q", "quit")
