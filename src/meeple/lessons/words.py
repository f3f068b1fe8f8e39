"""What a step says, as messages: one place for the terminal and the server, so the
lesson reads the same in both."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from meeple.core.state import State
from meeple.i18n import Msg, Text, items
from meeple.lessons import Lesson, M, Step, parse_teaches


def cite(refs: Sequence[str]) -> list[Msg]:
    """``["lines 22-26", "line 30"]`` as each language cites the rule text: one citation
    per rule text ("the rule text, lines 22-26 and line 30"; Lowlands: "(FR)", "(ES")."""
    groups: dict[str, list[Msg]] = {}
    for ref in refs:
        which, lines = parse_teaches(ref)
        one = M("ref.line", n=lines[0]) if len(lines) == 1 else M("ref.lines", first=lines[0], last=lines[1])
        groups.setdefault(which, []).append(one)
    return [M("cite", which=f" ({which})" if which else "", refs=items(parts)) for which, parts in groups.items()]


def cites(refs: Sequence[str], say: Callable[[Text], str]) -> str:
    """Every reference of a step, cited and rendered."""
    return "; ".join(say(c) for c in cite(refs))


def move_words(state: State, seat: int, move: str) -> Text:
    """The game's own words for ``move`` in ``state`` (its notation when it has none)."""
    words = state.game.describe(state.parse(move), state.view(seat))
    return move if words is None else words


def step_texts(lesson: Lesson, step: Step, state: State) -> list[Text]:
    """The step's explanation, then the move it asks for in the game's words."""
    return [*(M(key) for key in step.say), M("ask", words=move_words(state, lesson.seat, step.move), move=step.move)]


def heading(lesson: Lesson, step: Step) -> Msg:
    return M("step", n=step.index + 1, total=len(lesson.steps))
