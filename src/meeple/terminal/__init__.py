"""The terminal: a person playing against bots (``TerminalGame``) and replays."""

from meeple.terminal.session import TerminalGame

__all__ = ["TerminalGame"]
