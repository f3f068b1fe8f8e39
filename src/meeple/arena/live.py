"""The Rich live display of a running tournament or SPRT: progress, speed, ETA, standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from meeple.arena.match import Outcome
from meeple.arena.ratings import Ratings, mean_places
from meeple.arena.tables import add_columns


class GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("-- games/s" if speed is None else f"{speed:.2f} games/s", style="cyan")


class LiveBoard:
    """A progress line over a body the caller renders (standings, LLR) on each refresh."""

    def __init__(
        self,
        console: Console,
        title: str,
        total: int,
        done: int,
        body: Callable[[], RenderableType],
        enabled: bool = True,
    ) -> None:
        self.console = console
        self.body = body
        self.enabled = enabled
        self.progress = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            GamesPerSecond(), TextColumn("elapsed"), TimeElapsedColumn(),
            TextColumn("ETA"), TimeRemainingColumn(), console=console,
        )
        self.task = self.progress.add_task(title, total=total, completed=done)
        self.live: Live | None = None

    def __rich__(self) -> RenderableType:
        return Group(self.progress, self.body())

    def __enter__(self) -> LiveBoard:
        if self.enabled:
            self.live = Live(self, console=self.console, refresh_per_second=4)
            self.live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live is not None:
            self.live.__exit__(*exc)  # type: ignore[arg-type]
            if not self.console.is_terminal:
                self.console.print()  # Live leaves its last frame without a line end

    def advance(self, games: int) -> None:
        self.progress.advance(self.task, games)


class LiveStandings:
    """Standings as games arrive: ratings in arrival order (the final table uses schedule order)."""

    def __init__(self, bots: Sequence[str], players: int) -> None:
        self.ratings = Ratings(bots, players)
        self.bots = list(bots)
        self.wins = dict.fromkeys(bots, 0.0)
        self.seats = dict.fromkeys(bots, 0)
        self.score = dict.fromkeys(bots, 0.0)
        self.place = dict.fromkeys(bots, 0.0)

    def add(self, outcomes: Sequence[Outcome]) -> None:
        for o in outcomes:
            self.ratings.update(o)
            placed = mean_places(o)
            for s, spec in enumerate(o.seats):
                self.seats[spec] += 1
                self.score[spec] += o.scores[s]
                self.place[spec] += placed[s]
                if s in o.winners:
                    self.wins[spec] += 1 / len(o.winners)

    def __rich__(self) -> Table:
        table = Table(title="standings so far", title_justify="left")
        add_columns(table, ("bot", "seats", "win %", "mean score", "mean place", "Elo-like", "+-"))
        for row in self.ratings.table():
            b, n = row["bot"], max(1, self.seats[row["bot"]])
            table.add_row(
                b, str(self.seats[b]), f"{100 * self.wins[b] / n:.1f}", f"{self.score[b] / n:.1f}",
                f"{self.place[b] / n:.2f}", f"{row['elo']:.0f}", f"{row['elo_high'] - row['elo']:.0f}",
            )
        return table
