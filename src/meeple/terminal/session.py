"""A person at the terminal against bots, through the contract and the game's hooks.

The seat at the keyboard sees only its own view: boards from ``GAME.render(state,
seat)``, the status line from ``GAME.status(view)``, what happened from
``GAME.narrate`` over its views, ``hint`` from a search over its determinizations.
The seed stays sealed until the game ends (see ``sealed``). Everything is said in the
session's language (an ``Audience``: the language and the seats' names), set for the
whole session so the game's own renderers speak it too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from meeple.bots.base import Bot
from meeple.core.errors import MeepleError, clip
from meeple.core.game import Game
from meeple.core.notation import group_lines
from meeple.core.state import State
from meeple.i18n import COMMON as M
from meeple.i18n import Audience, Msg, Text, current, items, use
from meeple.terminal import glossary
from meeple.terminal.hint import HintBudget, hint_lines
from meeple.terminal.journal import Move, play, what_it_revealed
from meeple.terminal.screen import ROUND_KEY, breakdown_table, print_board, print_whole, verdict
from meeple.terminal.sealed import SealedSeed

Reader = Callable[[str], str]


@dataclass(frozen=True)
class Command:
    words: tuple[str, ...]
    usage: str  # a message id: "show WHAT" in the reader's words
    help: str  # a message id
    handler: str  # the TerminalGame method: takes the rest of the line, returns "go on?"


#: the command words are notation (typed the same in every language); what they do is
#: explained in the reader's language
COMMANDS: tuple[Command, ...] = (
    Command(("?", "moves", "legal"), "usage.moves", "help.moves", "cmd_moves"),
    Command(("board",), "usage.board", "help.board", "cmd_board"),
    Command(("show",), "usage.show", "help.show", "cmd_show"),
    Command(("info",), "usage.info", "help.info", "cmd_info"),
    Command(("hint",), "usage.hint", "help.hint", "cmd_hint"),
    Command(("undo",), "usage.undo", "help.undo", "cmd_undo"),
    Command(("save",), "usage.save", "help.save", "cmd_save"),
    Command(("help", "h"), "usage.help", "help.help", "cmd_help"),
    Command(("quit", "exit", "q"), "usage.quit", "help.quit", "cmd_quit"),
)
BY_WORD = {word: command for command in COMMANDS for word in command.words}
#: a line this long is not a move: refuse it without echoing it
LONGEST_LINE = 200
#: the summary above the prompt lists each move on its lines while it takes at most this
#: many; a longer one (a game of many small decisions, several bots) says each run of one
#: seat's moves in two wrapped lines, so it stays on a 45-line screen with the board
SUMMARY_LINES = 8


def runs(moves: Sequence[Move]) -> list[list[Move]]:
    """Consecutive moves of one seat, together."""
    out: list[list[Move]] = []
    for move in moves:
        if out and out[-1][0].seat == move.seat:
            out[-1].append(move)
        else:
            out.append([move])
    return out


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
        names: Sequence[Text] | None = None,
        hint: HintBudget | None = None,
        sealed: SealedSeed | None = None,
        audience: Audience | None = None,
        resumed: Path | None = None,
        specs: Sequence[str] | None = None,
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
        self.names: list[Text] = list(names) if names else [
            M("term.you") if s == seat else bots[s].name if s in bots else "" for s in range(state.players)
        ]
        self.audience = (audience or current()).named(self.names)
        self.hint_budget = hint or HintBudget()
        self.sealed = sealed or SealedSeed(state.seed)
        self.resumed = resumed
        #: what the record calls each seat ("human", or the bot's spec such as "ismcts:seconds=2")
        self.specs = list(specs) if specs else [
            "human" if s == seat else bots[s].name if s in bots else "" for s in range(state.players)
        ]
        #: (state before each of your decisions, how many moves the journal held then)
        self.checkpoints: list[tuple[State, int]] = []
        self.journal: list[Move] = []
        #: the other seats' moves since your last decision: the summary above the prompt
        self.since: list[Move] = []
        self.saved_at: int | None = None  # the ply of the last save
        self.round = state.view(seat).get(ROUND_KEY)  # the round your view shows

    # ---- saying things -------------------------------------------------------
    def say(self, text: Text, style: str = "") -> None:
        """Print a text in the session's language (escaped: a name may hold brackets)."""
        line = escape(self.audience(text))
        self.console.print(f"[{style}]{line}[/]" if style else line)

    def who(self, seat: int) -> str:
        return self.audience.seat(seat)

    # ---- the loop ----------------------------------------------------------
    def run(self) -> State:
        with use(self.audience):
            c = self.console
            others = items(self.who(s) for s in range(self.state.players) if s != self.seat)
            self.say(M("term.welcome", game=self.game.title, others=others))
            if self.resumed is not None:
                self.say(M("term.resumed", file=str(self.resumed), n=self.state.ply))
            else:
                c.print(self.sealed.announce(), soft_wrap=True)
            try:
                self.loop()
            except KeyboardInterrupt:
                c.print()
                self.say(M("term.interrupted"))
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
                self.print_since()
            status = self.audience(self.game.status(self.state.view(self.seat)))
            if " ".join(status.split()) not in " ".join(board.split()):
                self.console.print(f"[bold]{escape(status)}[/]")  # unless the board just said it
            legal = self.state.legal_actions()
            prompt = self.audience(M("term.prompt"))
            if len(legal) == 1:
                self.say(M("term.only_move", move=str(legal[0])))
                prompt = self.audience(M("term.prompt_only", move=str(legal[0])))
            try:
                line = self.read(prompt).strip()
            except EOFError:
                self.console.print()
                self.say(M("term.end_of_input"))
                return
            if not line and len(legal) == 1:
                line = str(legal[0])
            if line and not self.command(line):
                return

    def command(self, line: str) -> bool:
        """Handle one line (a command or a move); False ends the game loop."""
        if len(line) > LONGEST_LINE:
            self.say(M("term.line_too_long", n=len(line), most=LONGEST_LINE, start=clip(line, 20)), "red")
            return True
        word, _, rest = line.partition(" ")
        command = BY_WORD.get(word.lower())
        if command is not None:
            return getattr(self, command.handler)(rest.strip())
        try:
            action = self.state.parse(line)
            before = self.state.clone()
            move = play(self.state, action, self.seat)
        except MeepleError as err:
            self.say(err.text, "red")
            return True
        self.checkpoints.append((before, len(self.journal)))
        self.since.clear()
        self.record_move(move)
        return True

    def bot_turn(self) -> None:
        seat = self.state.to_move
        assert seat is not None
        bot = self.bots[seat]
        before = self.state.ply
        with self.console.status(escape(self.audience(M("term.thinking", player=self.who(seat))))):
            action = bot.choose(self.state)
        if self.state.ply != before:  # a bot must not play on the real state
            raise MeepleError(f"bot {bot.name} changed the game while choosing")
        move = play(self.state, action, self.seat)
        self.since.append(move)
        self.record_move(move)

    def move_lines(self, move: Move) -> list[str]:
        """``Ada: play R7`` and what it did, in rich markup."""
        lines = [f"{escape(self.who(move.seat))}: [bold]{escape(move.action)}[/]"]
        lines += [f"  {escape(self.audience(line))}" for line in move.lines]
        return lines

    def record_move(self, move: Move) -> None:
        """Say what your move did at once (the other seats' moves wait for the summary
        above your next prompt); at a round's end, the score breakdown so far."""
        self.journal.append(move)
        if move.seat == self.seat:
            for line in self.move_lines(move):
                self.console.print(line)
        ended, self.round = self.round, self.state.view(self.seat).get(ROUND_KEY)
        if ended is not None and self.round != ended and not self.state.is_over:
            title = M("term.after_round", round=ended)
            self.console.print(breakdown_table(self.game, self.state, self.names, title))

    def print_since(self) -> None:
        """What the other seats did since your last decision, again, right above the
        prompt: the board printed in between pushes the moves themselves off screen."""
        if not self.since:
            return
        self.say(M("term.since", n=len(self.since)), "bold")
        if sum(1 + len(move.lines) for move in self.since) <= SUMMARY_LINES:
            for move in self.since:
                for line in self.move_lines(move):
                    self.console.print(f"  {line}")
        else:
            for run in runs(self.since):
                moves = ", ".join(escape(move.action) for move in run)
                self.console.print(f"  {escape(self.who(run[0].seat))}: [bold]{moves}[/]")
                said = [self.audience(line) for move in run for line in move.lines]
                if said:
                    self.console.print(f"    {escape(self.audience(items(said, 'parts')))}")
        self.since.clear()

    # ---- the end -----------------------------------------------------------
    def leave(self) -> None:
        """The end screen (or where the game was left), the record, the seed."""
        c = self.console
        if self.state.is_over:
            print_board(c, self.game.render(self.state, self.seat))
            self.print_since()
            c.print(breakdown_table(self.game, self.state, self.names, M("term.final_scores")))
            c.print(f"[bold]{escape(verdict(self.state.winners(), self.seat, self.names))}[/]")
        else:
            to_move = self.state.to_move
            if to_move == self.seat:  # "you to move": the verb agrees with "you"
                self.say(M("term.left_unfinished_you", n=self.state.ply))
            else:
                self.say(M("term.left_unfinished", n=self.state.ply, player=self.who(to_move)))
        if self.save_path is not None:
            self.save(self.save_path)
        if self.reader is not None:
            self.reader.close()
        for line in self.sealed.reveal():
            c.print(line, soft_wrap=True)

    # ---- commands ----------------------------------------------------------
    def cmd_moves(self, rest: str) -> bool:
        self.say(M("term.your_moves"))
        legal = self.state.legal_actions()
        view = self.state.view(self.seat)
        described = [(str(a), self.game.describe(a, view)) for a in legal]
        if all(words is not None for _, words in described):
            width = max(len(text) for text, _ in described)
            for text, words in described:
                self.console.print(f"  [bold]{escape(text):<{width}}[/]  {escape(self.audience(words))}")
            return True
        for line in group_lines(legal):
            self.console.print(f"  {escape(line)}")
        return True

    def cmd_board(self, rest: str) -> bool:
        print_board(self.console, self.game.render(self.state, self.seat))
        return True

    def cmd_show(self, rest: str) -> bool:
        topics = list(self.game.detail_topics(self.state, self.seat))
        detail = self.game.render_detail(self.state, self.seat, rest) if rest else None
        if detail is not None:
            print_whole(self.console, detail)
            return True
        if rest:
            self.say(M("term.show_nothing", what=clip(rest)), "red")
        self.say(M("term.show_topics"))
        self.console.print(f"  [bold]board[/]  {escape(self.audience(M('help.board')))}")
        width = max((len(what) for what, _ in topics), default=0)
        for what, words in topics:
            self.console.print(f"  [bold]{escape(what):<{width}}[/]  {escape(self.audience(words))}")
        if not topics and type(self.game).render_detail is Game.render_detail:
            self.say(M("term.show_none", game=self.game.title))
        elif not topics:  # a game that shows details but does not list them (yet)
            self.say(M("term.show_unlisted", game=self.game.title, command=f"meeple rules {self.game.name}"))
        return True

    def cmd_info(self, rest: str) -> bool:
        if rest and rest.lower() != "all":
            print_whole(self.console, glossary.info(self.game, rest))
            return True
        entries = list(self.game.glossary())
        if not entries:
            self.console.print(glossary.info(self.game, rest))
            return True
        if not rest:
            entries = glossary.on_the_table(self.game, self.state.view(self.seat))
            self.say(M("term.on_the_table"))
        for line in glossary.listing(entries):
            print_whole(self.console, f"  {line}")
        return True

    def cmd_hint(self, rest: str) -> bool:
        with self.console.status(escape(self.audience(M("term.hint_thinking")))):
            lines = hint_lines(self.state, self.hint_budget)
        for line in lines:
            self.console.print(escape(line))
        return True

    def cmd_undo(self, rest: str) -> bool:
        if not self.checkpoints:
            self.say(M("term.undo_nothing"), "red")
            return True
        before, mark = self.checkpoints[-1]
        blocker = next((m for m in self.journal[mark:] if m.revealed), None)
        if blocker is not None:
            mine = self.journal[mark]
            if blocker is mine:
                why: Msg = M("term.undo_revealed")
            elif blocker.seat == self.seat:
                why = M("term.undo_your_later", move=blocker.action, ply=blocker.ply)
            else:
                why = M("term.undo_their_later", player=self.who(blocker.seat), move=blocker.action, ply=blocker.ply)
            self.say(M("term.undo_refused", move=mine.action, ply=mine.ply, why=why,
                       what=what_it_revealed(blocker)), "red")
            return True
        self.checkpoints.pop()
        del self.journal[mark:]
        self.since.clear()
        self.state = before
        self.round = before.view(self.seat).get(ROUND_KEY)
        self.say(M("term.undone", n=before.ply + 1))
        return True

    def cmd_save(self, rest: str) -> bool:
        name = rest
        if not name:
            asked = M("term.save_ask_default", file=str(self.save_path)) if self.save_path else M("term.save_ask")
            try:
                name = self.read(self.audience(asked)).strip()
            except EOFError:
                name = ""
            if not name and self.save_path is not None:
                name = str(self.save_path)
        if not name:
            self.say(M("term.not_saved"))
            return True
        self.save(Path(name))
        return True

    def cmd_help(self, rest: str) -> bool:
        example = self.game.actions.example or str(self.game.decode(0))
        self.say(M("term.help_intro", example=example))
        rows = [(self.audience(M(c.usage)), self.audience(M(c.help))) for c in COMMANDS]
        rows.append((self.audience(M("usage.enter")), self.audience(M("help.enter"))))
        width = max(len(usage) for usage, _ in rows)
        for usage, text in rows:
            self.console.print(f"  {escape(usage):<{width}}  {escape(text)}")
        return True

    def cmd_quit(self, rest: str) -> bool:
        if self.unsaved():
            try:
                answer = self.read(self.audience(M("term.quit_ask")))
            except EOFError:
                answer = "y"
            if answer.strip().lower() not in ("y", "yes", self.audience(M("term.yes_letter")).lower()):
                self.say(M("term.going_on"))
                return True
        return False

    # ---- saving ------------------------------------------------------------
    def unsaved(self) -> bool:
        """True when leaving now would lose moves: no --save file and no save since."""
        return self.save_path is None and self.saved_at != self.state.ply and self.state.ply > 0

    def save(self, path: Path) -> None:
        record = self.state.record()
        record.seats = list(self.specs)
        try:
            record.save(path)
        except OSError as err:
            self.say(M("term.save_failed", file=str(path), error=str(err)), "red")
            return
        self.saved_at = self.state.ply
        if self.state.is_over:
            self.say(M("term.saved", file=str(path)))
        else:
            self.say(M("term.saved_running", file=str(path)))

    # ---- completion --------------------------------------------------------
    def completions(self) -> list[str]:
        """What Tab may complete to now: commands, legal moves, names to look up."""
        words = [w for c in COMMANDS for w in c.words if len(w) > 1]
        words += [str(a) for a in self.state.legal_actions()]
        words += [f"info {self.audience(e.name)}" for e in self.game.glossary()]
        words += [f"show {what}" for what, _ in self.game.detail_topics(self.state, self.seat)]
        return words
