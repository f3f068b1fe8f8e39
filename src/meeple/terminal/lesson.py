"""``meeple learn GAME``: a lesson at the terminal (see ``meeple.lessons``).

A ``TerminalGame`` whose prompt first says what the current step teaches and asks for,
which refuses another move in the lesson's words, and which the command ``free`` turns
into a normal game against the lesson's bot. The bot follows the script by itself
(``LessonBot``): the position decides, so ``undo`` steps back through the lesson too.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from meeple import games
from meeple.core.errors import MeepleError
from meeple.i18n import COMMON, Audience
from meeple.lessons import Lesson
from meeple.lessons import M as L
from meeple.lessons.bot import LessonBot
from meeple.lessons.words import cites, heading, step_texts
from meeple.terminal.session import BY_WORD, Reader, TerminalGame

FREE = ("free",)


class LessonGame(TerminalGame):
    def __init__(self, lesson: Lesson, console: Console, read: Reader | None = None,
                 audience: Audience | None = None) -> None:
        game = games.get(lesson.game)
        state = lesson.new_state()
        bot = LessonBot(game, seed=lesson.seed)
        seats = {s: bot for s in range(lesson.players) if s != lesson.seat}
        super().__init__(game, state, lesson.seat, seats, console, read=read, audience=audience,
                         names=[COMMON("term.you") if s == lesson.seat else lesson.bot for s in range(lesson.players)])
        self.lesson = lesson
        self.free = False
        self.shown: int | None = None  # the ply whose step was last shown
        self.said_done = False
        ask = self.read
        self.read = lambda prompt: self.before_prompt() or ask(prompt)

    def loop(self) -> None:
        self.say(L("title", game=self.game.title, n=len(self.lesson.steps)), "bold")
        self.say(L("howto"))
        super().loop()

    def before_prompt(self) -> None:
        """The current step's words, once per position, right above the prompt."""
        if self.free or self.state.to_move != self.seat or self.shown == self.state.ply:
            return
        self.shown = self.state.ply
        log = self.state.log
        step = self.lesson.step_at(log)
        if step is None:
            if not self.said_done:
                self.said_done = True
                self.say(L("done") if self.lesson.finished(log) else L("left"), "bold cyan")
            return
        self.console.print(f"[bold cyan]{escape(self.audience(heading(self.lesson, step)))}[/]")
        for text in step_texts(self.lesson, step, self.state):
            self.say(text, "cyan")
        if step.teaches:
            self.console.print(f"[dim]({escape(cites(step.teaches, self.audience))})[/]")

    def command(self, line: str) -> bool:
        word = line.split(" ", 1)[0].lower()
        if word in FREE:
            self.say(L("already_free") if self.free else L("left"), "bold cyan")
            self.free = True
            return True
        step = None if self.free else self.lesson.step_at(self.state.log)
        if step is not None and word not in BY_WORD and len(line) <= 200:
            try:
                action = self.state.parse(line)
            except MeepleError:
                return super().command(line)  # the game's own words for a mistyped move
            if str(action) != step.move:
                self.say(step.refusal(str(action)), "yellow")
                return True
        return super().command(line)

    def cmd_help(self, rest: str) -> bool:
        super().cmd_help(rest)
        self.console.print(f"  [bold]free[/]  {escape(self.audience(L('help.free')))}")
        return True

    def leave(self) -> None:
        super().leave()
        if self.state.is_over:
            self.say(L(self.lesson.finale), "bold cyan")
            if self.lesson.finale_teaches:
                self.console.print(f"[dim]({escape(cites(self.lesson.finale_teaches, self.audience))})[/]")
