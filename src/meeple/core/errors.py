"""Typed errors. Every message says what was wrong and what is allowed instead.

An error's message may be a ``meeple.i18n.Msg``: ``str(err)`` is its English text, and
clients render ``err.text`` in the reader's language.
"""

from __future__ import annotations

from meeple.i18n.message import Text


class MeepleError(Exception):
    """Base class of every error meeple raises on purpose."""

    def __init__(self, text: Text = "") -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return str(self.text)


class ConfigError(MeepleError, ValueError):
    """A game was asked for with a bad player count or option."""


class ParseError(MeepleError, ValueError):
    """A text is not an action in the game's notation."""


class IllegalAction(MeepleError):
    """A well-formed action that the rules forbid right now.

    ``reason`` holds the explanation in English words (``text``: the message, for other
    languages); the state is left unchanged.
    """

    def __init__(self, reason: Text) -> None:
        super().__init__(reason)
        self.reason = str(reason)


class NotYourTurn(IllegalAction):
    """A seat tried to act while another seat must decide."""


def clip(text: str, most: int = 40) -> str:
    """A text a player typed, cut to ``most`` characters for an error message: a line
    of 5,000 characters is not echoed back in full."""
    return text if len(text) <= most else f"{text[:most]}…"
