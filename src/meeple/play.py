"""A human at the terminal against bots, through the contract only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from meeple.bots.base import Bot
from meeple.core.errors import MeepleError
from meeple.core.game import Game
from meeple.core.state import State

HELP = (
    "Type a move in notation (e.g. {example}).\n"
    "  ?        list your legal moves\n"
    "  board    show the board again\n"
    "  undo     take back your last move (only while nothing hidden was revealed since)\n"
    "  save F   write the game record to file F\n"
    "  quit     leave the game"
)


class TerminalGame:
    def __init__(
        self,
        game: Game,
        state: State,
        seat: int,
        bots: dict[int, Bot],
        console: Console,
        save: Path | None = None,
        read: Callable[[str], str] | None = None,
    ) -> None:
        self.game, self.state, self.seat, self.bots = game, state, seat, bots
        self.console = console
        self.save_path = save
        self.read = read or console.input
        self.checkpoints: list[State] = []  # the state before each of your decisions

    def run(self) -> State:
        c = self.console
        c.print(f"[bold]{self.game.title}[/], seed {self.state.seed}. You are seat {self.seat}. "
                "Type ? for your moves, help for commands.")
        shown = -1
        while self.state.to_move is not None:
            if self.state.to_move != self.seat:
                self.bot_turn()
                continue
            if shown != self.state.ply:
                c.print(self.game.render(self.state, self.seat))
                shown = self.state.ply
            try:
                line = self.read("[bold]your move>[/] ").strip()
            except EOFError:
                c.print("\nend of input: leaving the game")
                break
            if not self.command(line):
                break
        if self.state.to_move is None:
            c.print(self.game.render(self.state, self.seat))
            scores, winners = self.state.scores(), self.state.winners()
            if winners == [self.seat]:
                verdict = "you win!"
            elif self.seat in winners:
                verdict = "a shared win"
            elif winners:
                verdict = f"winner: seat {', '.join(map(str, winners))}"
            else:
                verdict = "nobody at the table wins (the game's automa does)"
            c.print(f"[bold]final scores[/] {scores}; {verdict}")
        if self.save_path is not None:
            self.save(self.save_path)
        return self.state

    def bot_turn(self) -> None:
        seat = self.state.to_move
        bot = self.bots[seat]
        with self.console.status(f"seat {seat} ({bot.name}) is thinking..."):
            action = bot.choose(self.state)
        self.state.apply(action)
        self.console.print(f"seat {seat} ({bot.name}): [bold]{action}[/]")

    def command(self, line: str) -> bool:
        """Handle one line; False ends the game loop."""
        c = self.console
        word = line.lower()
        if word in ("quit", "exit", "q"):
            return False
        if word in ("?", "moves", "legal"):
            c.print("legal: " + ", ".join(str(a) for a in self.state.legal_actions()))
        elif word in ("help", "h"):
            c.print(HELP.format(example=self.game.actions.example or str(self.game.decode(0))))
        elif word == "board":
            c.print(self.game.render(self.state, self.seat))
        elif word == "undo":
            self.undo()
        elif word.startswith("save "):
            self.save(Path(line[5:].strip()))
        elif line:
            try:
                action = self.state.parse(line)
                before = self.state.clone()
                self.state.apply(action)
                self.checkpoints.append(before)
            except MeepleError as err:
                c.print(f"[red]{err}[/]")
        return True

    def undo(self) -> None:
        if not self.checkpoints:
            self.console.print("[red]nothing to undo[/]")
            return
        last = self.checkpoints[-1]
        if last.reveals != self.state.reveals:
            self.console.print(
                "[red]cannot undo: hidden information was revealed since your last move "
                "(a card or tile was drawn)[/]"
            )
            return
        self.checkpoints.pop()
        self.state = last
        self.console.print(f"undone; back before your move at ply {last.ply + 1}")

    def save(self, path: Path) -> None:
        try:
            self.state.record().save(path)
            self.console.print(f"record saved to {path}")
        except OSError as err:
            self.console.print(f"[red]cannot save to {path}: {err}[/]")
