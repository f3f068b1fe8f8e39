"""What a step says, as messages: one place for the terminal and the server, so the
lesson reads the same in both."""

from __future__ import annotations

from collections.abc import Callable

from meeple.core.state import State
from meeple.i18n import Msg, Text
from meeple.lessons import Lesson, M, Step, parse_teaches


def cite(teaches: str) -> Msg:
    """``"(FR), lines 18-19"`` as each language cites the rule text."""
    which, lines = parse_teaches(teaches)
    where = f" ({which})" if which else ""
    if len(lines) == 1:
        return M("cite.line", which=where, n=lines[0])
    return M("cite.lines", which=where, first=lines[0], last=lines[1])


def cites(teaches: tuple[str, ...], say: Callable[[Text], str]) -> str:
    """Every reference of a step, cited and rendered: "the rule text, line 30; ..."."""
    return "; ".join(say(cite(ref)) for ref in teaches)


def move_words(state: State, seat: int, move: str) -> Text:
    """The game's own words for ``move`` in ``state`` (its notation when it has none)."""
    words = state.game.describe(state.parse(move), state.view(seat))
    return move if words is None else words


def step_texts(lesson: Lesson, step: Step, state: State) -> list[Text]:
    """The step's explanation, then the move it asks for in the game's words."""
    return [*(M(key) for key in step.say), M("ask", words=move_words(state, lesson.seat, step.move), move=step.move)]


def heading(lesson: Lesson, step: Step) -> Msg:
    return M("step", n=step.index + 1, total=len(lesson.steps))
