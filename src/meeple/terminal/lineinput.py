"""Reading a line at the prompt: line editing, history and Tab completion through the
standard ``readline`` module where the platform has one (plain ``input`` elsewhere)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path

from meeple.core.errors import clip

try:
    import readline
except ImportError:  # Windows without pyreadline: plain input still works
    readline = None  # type: ignore[assignment]


def history_file() -> Path:
    from platformdirs import user_state_dir

    return Path(user_state_dir("meeple")) / "prompt-history"


#: the most characters of a scripted line echoed back
ECHOED = 80


def read_echoed(prompt: str) -> str:
    """``input`` for a script on stdin: the line read is echoed after the prompt (its
    first ``ECHOED`` characters), so the transcript reads like a session (a terminal
    echoes it by itself)."""
    if sys.stdin.isatty():
        return input(prompt)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    print(prompt + clip(line.rstrip("\n"), ECHOED), flush=True)
    return line


class LineReader:
    """``read(prompt)`` with editing and history when stdin is a terminal.

    ``words()`` gives what Tab may complete to right now (commands, legal moves, names);
    the history persists between sessions in the user's state directory.
    """

    def __init__(self, words: Callable[[], list[str]], history: Path | None = None) -> None:
        self.words = words
        self.history = history
        self.active = readline is not None and sys.stdin.isatty()
        if self.active:
            self._setup()

    def _setup(self) -> None:
        assert readline is not None
        readline.set_completer(self._complete)
        readline.set_completer_delims("")  # complete whole lines: "play R7", "info tuttle"
        binding = "bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else "tab: complete"
        readline.parse_and_bind(binding)
        readline.set_history_length(1000)
        if self.history is not None:
            with contextlib.suppress(OSError):  # no history yet
                readline.read_history_file(self.history)

    def _complete(self, text: str, index: int) -> str | None:
        key = text.lower()
        matches = [w for w in self.words() if w.lower().startswith(key)]
        return matches[index] if index < len(matches) else None

    def read(self, prompt: str) -> str:
        return input(prompt) if self.active else read_echoed(prompt)

    def close(self) -> None:
        """Write the history back (only when editing was active)."""
        if self.active and self.history is not None:
            assert readline is not None
            try:
                self.history.parent.mkdir(parents=True, exist_ok=True)
                readline.write_history_file(self.history)
            except OSError:
                pass  # a read-only home must not end the game with an error
