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
from meeple.i18n import COMMON as M
from meeple.i18n import Text, current, use
from meeple.terminal.journal import play
from meeple.terminal.lineinput import read_echoed
from meeple.terminal.screen import breakdown_table, print_board, unique_names, verdict

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
    if seat is not None and not 0 <= seat < record.players:
        raise ConfigError(M("error.replay_seat", most=record.players - 1))
    names = [M("term.human") if name == "human" else name for name in unique_names(record.seats)]
    with use(current().named(names)):
        _replay(console, record, final, seat, step, read, names)


def _replay(console: Console, record: Record, final, seat: int | None, step: bool, read: Reader,
            names: list[Text]) -> None:
    game = final.game
    say = current()
    console.print(escape(say(M("replay.head", game=game.title, n=record.players, seed=str(record.seed)))))
    if names:
        console.print(escape(say(M("replay.seats", players=", ".join(say.seat(s) for s in range(record.players))))))
    options = option_text(record)
    if options:
        console.print(escape(say(M("replay.options", options=options))))
    if seat is None:
        console.print(escape(say(M("replay.as_spectator", n=len(record.actions)))))
    else:
        console.print(escape(say(M("replay.as_seat", n=len(record.actions), player=say.seat(seat)))))
    state = game.new(record.players, record.seed, **record.options)
    stepping, board_at = step, -1
    if stepping:
        print_board(console, game.render(state, seat))
        stepping, board_at = _wait(read), 0
    history = final.history()
    for index, action in enumerate(history, 1):
        move = play(state, game.decode(action), seat)
        console.print(f"{move.ply:4d}. {escape(say.seat(move.seat))}: [bold]{escape(move.action)}[/]")
        for line in move.lines:
            console.print(f"        {escape(say(line))}")
        if stepping:
            print_board(console, game.render(state, seat))
            board_at = state.ply
            stepping = index == len(history) or _wait(read)
    if board_at != state.ply:
        print_board(console, game.render(state, seat))
    if state.is_over:
        console.print(breakdown_table(game, state, names, M("term.final_scores")))
        console.print(f"[bold]{escape(verdict(state.winners(), None, names))}[/]")
    else:
        assert state.to_move is not None
        console.print(escape(say(M("replay.unfinished", n=state.ply, player=say.seat(state.to_move),
                                   status=game.status(state.view(seat))))))
        console.print(breakdown_table(game, state, names, M("replay.running_scores")))


def _wait(read: Reader) -> bool:
    """Wait for Enter; False stops stepping (``q``, or the end of input)."""
    try:
        answer = read(current().text(M("replay.step_prompt")))
    except EOFError:
        return False
    return answer.strip().lower() not in ("q", "quit")
