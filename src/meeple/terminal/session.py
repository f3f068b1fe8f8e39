"""A person at the terminal against bots, through the contract and the game's hooks.

The seat at the keyboard sees only its own view: boards from ``GAME.render(state,
seat)``, the status line from ``GAME.status(view)``, what happened from
``GAME.narrate`` over its views, ``hint`` from a search over its determinizations.
The seed stays sealed until the game ends (see ``sealed``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from meeple.bots.base import Bot
from meeple.core.errors import MeepleError
from meeple.core.game import Game
from meeple.core.notation import group_lines
from meeple.core.state import State
from meeple.terminal import glossary
from meeple.terminal.hint import HintBudget, hint_lines
from meeple.terminal.journal import Move, play, what_it_revealed
from meeple.terminal.screen import ROUND_KEY, breakdown_table, print_board, seat_label, verdict
from meeple.terminal.sealed import SealedSeed

Reader = Callable[[str], str]


@dataclass(frozen=True)
class Command:
    words: tuple[str, ...]
    usage: str
    help: str
    handler: str  # the TerminalGame method: takes the rest of the line, returns "go on?"


COMMANDS: tuple[Command, ...] = (
    Command(("?", "moves", "legal"), "?", "list your legal moves, grouped", "cmd_moves"),
    Command(("board",), "board", "show the board again", "cmd_board"),
    Command(("show",), "show WHAT", "a closer look (what the game offers, e.g. show farm 2)", "cmd_show"),
    Command(("info",), "info NAME", "the full text of a card, tile, building or objective", "cmd_info"),
    Command(("hint",), "hint", "the search bot's three best moves for you (about a second)", "cmd_hint"),
    Command(("undo",), "undo", "take back your last move, while nothing hidden was revealed since", "cmd_undo"),
    Command(("save",), "save [FILE]", "write the game record to FILE (asks for a name if none)", "cmd_save"),
    Command(("help", "h"), "help", "this list", "cmd_help"),
    Command(("quit", "exit", "q"), "quit", "leave the game (asks first if it is not saved)", "cmd_quit"),
)
BY_WORD = {word: command for command in COMMANDS for word in command.words}


class TerminalGame:
    def __init__(
        self,
        game: Game,
        state: State,
        seat: int,
        bots: dict[int, Bot],
        console: Console,
        save: Path | None = None,
        read: Reader | None = None,
        *,
        names: Sequence[str] | None = None,
        hint: HintBudget | None = None,
        sealed: SealedSeed | None = None,
    ) -> None:
        self.game, self.state, self.seat, self.bots = game, state, seat, bots
        self.console = console
        self.save_path = save
        self.reader = None
        if read is None:
            from meeple.terminal.lineinput import LineReader, history_file

            self.reader = LineReader(self.completions, history_file())
            read = self.reader.read
        self.read = read
        self.names = list(names) if names else [
            "you" if s == seat else bots[s].name if s in bots else "" for s in range(state.players)
        ]
        self.hint_budget = hint or HintBudget()
        self.sealed = sealed or SealedSeed(state.seed)
        #: (state before each of your decisions, how many moves the journal held then)
        self.checkpoints: list[tuple[State, int]] = []
        self.journal: list[Move] = []
        self.saved_at: int | None = None  # the ply of the last save
        self.round = state.view(seat).get(ROUND_KEY)  # the round your view shows

    # ---- the loop ----------------------------------------------------------
    def run(self) -> State:
        c = self.console
        c.print(
            f"[bold]{self.game.title}[/], {self.state.players} players. "
            f"You are {seat_label(self.seat, self.names)}. Type ? for your moves, help for commands."
        )
        c.print(self.sealed.announce(), soft_wrap=True)
        try:
            self.loop()
        except KeyboardInterrupt:
            c.print("\ninterrupted")
            self.leave()
            raise
        self.leave()
        return self.state

    def loop(self) -> None:
        shown = -1
        while self.state.to_move is not None:
            if self.state.to_move != self.seat:
                self.bot_turn()
                continue
            board = ""
            if shown != self.state.ply:
                board = print_board(self.console, self.game.render(self.state, self.seat))
                shown = self.state.ply
            status = self.game.status(self.state.view(self.seat))
            if status.strip() not in (line.strip() for line in board.splitlines()):
                self.console.print(f"[bold]{escape(status)}[/]")  # unless the board just said it
            legal = self.state.legal_actions()
            prompt = "your move> "
            if len(legal) == 1:
                self.console.print(f"only one move is possible: {legal[0]} (press Enter to play it)")
                prompt = f"your move [{legal[0]}]> "
            try:
                line = self.read(prompt).strip()
            except EOFError:
                self.console.print("\nend of input: leaving the game")
                return
            if not line and len(legal) == 1:
                line = str(legal[0])
            if line and not self.command(line):
                return

    def command(self, line: str) -> bool:
        """Handle one line (a command or a move); False ends the game loop."""
        word, _, rest = line.partition(" ")
        command = BY_WORD.get(word.lower())
        if command is not None:
            return getattr(self, command.handler)(rest.strip())
        try:
            action = self.state.parse(line)
            before = self.state.clone()
            move = play(self.state, action, self.seat)
        except MeepleError as err:
            self.console.print(f"[red]{escape(str(err))}[/]")
            return True
        self.checkpoints.append((before, len(self.journal)))
        self.record_move(move, "you")
        return True

    def bot_turn(self) -> None:
        seat = self.state.to_move
        assert seat is not None
        bot = self.bots[seat]
        before = self.state.ply
        with self.console.status(f"{seat_label(seat, self.names)} is thinking..."):
            action = bot.choose(self.state)
        if self.state.ply != before:  # a bot must not play on the real state
            raise MeepleError(f"bot {bot.name} changed the game while choosing")
        self.record_move(play(self.state, action, self.seat), seat_label(seat, self.names))

    def record_move(self, move: Move, who: str) -> None:
        """Say what happened; at a round's end, the score breakdown so far."""
        self.journal.append(move)
        self.console.print(f"{who}: [bold]{escape(move.action)}[/]")
        for line in move.lines:
            self.console.print(f"  {escape(line)}")
        ended, self.round = self.round, self.state.view(self.seat).get(ROUND_KEY)
        if ended is not None and self.round != ended and not self.state.is_over:
            self.console.print(breakdown_table(self.game, self.state, self.names, f"after round {ended}"))

    # ---- the end -----------------------------------------------------------
    def leave(self) -> None:
        """The end screen (or where the game was left), the record, the seed."""
        c = self.console
        if self.state.is_over:
            print_board(c, self.game.render(self.state, self.seat))
            c.print(breakdown_table(self.game, self.state, self.names, "final scores"))
            c.print(f"[bold]{verdict(self.state.winners(), self.seat, self.names)}[/]")
        else:
            to_move = seat_label(self.state.to_move, self.names) if self.state.to_move is not None else ""
            c.print(f"the game is left unfinished after {self.state.ply} moves ({to_move} to move)")
        if self.save_path is not None:
            self.save(self.save_path)
        if self.reader is not None:
            self.reader.close()
        for line in self.sealed.reveal():
            c.print(line, soft_wrap=True)

    # ---- commands ----------------------------------------------------------
    def cmd_moves(self, rest: str) -> bool:
        self.console.print("your legal moves:")
        for line in group_lines(self.state.legal_actions()):
            self.console.print(f"  {escape(line)}")
        return True

    def cmd_board(self, rest: str) -> bool:
        print_board(self.console, self.game.render(self.state, self.seat))
        return True

    def cmd_show(self, rest: str) -> bool:
        detail = self.game.render_detail(self.state, self.seat, rest) if rest else None
        if detail is None:
            what = f"nothing called {rest!r} to show" if rest else "show what?"
            self.console.print(
                f"[red]{escape(what)}[/]: 'board' shows the whole board; "
                f"{escape(self.game.title)} offers no closer look by that name"
            )
        else:
            print_board(self.console, detail)
        return True

    def cmd_info(self, rest: str) -> bool:
        if rest and rest.lower() != "all":
            self.console.print(glossary.info(self.game, rest))
            return True
        entries = list(self.game.glossary())
        if not entries:
            self.console.print(glossary.info(self.game, rest))
            return True
        if not rest:
            entries = glossary.on_the_table(self.game, self.state.view(self.seat))
            self.console.print("on the table now ('info all' lists everything, 'info NAME' explains one):")
        for line in glossary.listing(entries):
            self.console.print(f"  {line}")
        return True

    def cmd_hint(self, rest: str) -> bool:
        with self.console.status("thinking about your move..."):
            lines = hint_lines(self.state, self.hint_budget)
        for line in lines:
            self.console.print(escape(line))
        return True

    def cmd_undo(self, rest: str) -> bool:
        if not self.checkpoints:
            self.console.print("[red]nothing to undo: you have not moved yet[/]")
            return True
        before, mark = self.checkpoints[-1]
        blocker = next((m for m in self.journal[mark:] if m.revealed), None)
        if blocker is not None:
            mine = self.journal[mark]
            if blocker is mine:
                why = "it revealed hidden information"
            else:
                who = "your move" if blocker.seat == self.seat else f"{seat_label(blocker.seat, self.names)}'s move"
                why = f"since then {who} {blocker.action!r} (move {blocker.ply}) revealed hidden information"
            self.console.print(
                f"[red]cannot undo your {escape(mine.action)!r} (move {mine.ply}): {escape(why)} "
                f"({escape(what_it_revealed(blocker))})[/]"
            )
            return True
        self.checkpoints.pop()
        del self.journal[mark:]
        self.state = before
        self.round = before.view(self.seat).get(ROUND_KEY)
        self.console.print(f"undone: back before your move {before.ply + 1}")
        return True

    def cmd_save(self, rest: str) -> bool:
        name = rest
        if not name:
            default = f" [{self.save_path}]" if self.save_path else ""
            try:
                name = self.read(f"save to which file?{default} (Enter to cancel)> ").strip()
            except EOFError:
                name = ""
            if not name and self.save_path is not None:
                name = str(self.save_path)
        if not name:
            self.console.print("not saved")
            return True
        self.save(Path(name))
        return True

    def cmd_help(self, rest: str) -> bool:
        example = self.game.actions.example or str(self.game.decode(0))
        self.console.print(f"Type a move in notation (e.g. {escape(example)}), or a command:")
        rows = [(c.usage, c.help) for c in COMMANDS] + [("Enter", "plays the move when it is the only one")]
        width = max(len(usage) for usage, _ in rows)
        for usage, text in rows:
            self.console.print(f"  {escape(usage):<{width}}  {text}")
        return True

    def cmd_quit(self, rest: str) -> bool:
        if self.unsaved():
            try:
                answer = self.read("the game is not saved: quit anyway? (y/n; 'save' first keeps it)> ")
            except EOFError:
                answer = "y"
            if answer.strip().lower() not in ("y", "yes"):
                self.console.print("going on")
                return True
        return False

    # ---- saving ------------------------------------------------------------
    def unsaved(self) -> bool:
        """True when leaving now would lose moves: no --save file and no save since."""
        return self.save_path is None and self.saved_at != self.state.ply and self.state.ply > 0

    def save(self, path: Path) -> None:
        record = self.state.record()
        record.seats = ["human" if s == self.seat else name for s, name in enumerate(self.names)]
        try:
            record.save(path)
        except OSError as err:
            self.console.print(f"[red]cannot save to {escape(str(path))}: {escape(str(err))}[/]")
            return
        self.saved_at = self.state.ply
        note = "" if self.state.is_over else " (it holds the seed: opening it now reveals the deal)"
        self.console.print(f"record saved to {escape(str(path))}{note}")

    # ---- completion --------------------------------------------------------
    def completions(self) -> list[str]:
        """What Tab may complete to now: commands, legal moves, names to look up."""
        words = [w for c in COMMANDS for w in c.words if len(w) > 1]
        words += [str(a) for a in self.state.legal_actions()]
        words += [f"info {e.name}" for e in self.game.glossary()]
        return words
