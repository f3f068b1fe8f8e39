"""Typed errors. Every message says what was wrong and what is allowed instead."""


class MeepleError(Exception):
    """Base class of every error meeple raises on purpose."""


class ConfigError(MeepleError, ValueError):
    """A game was asked for with a bad player count or option."""


class ParseError(MeepleError, ValueError):
    """A text is not an action in the game's notation."""


class IllegalAction(MeepleError):
    """A well-formed action that the rules forbid right now.

    ``reason`` holds the explanation in words; the state is left unchanged.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotYourTurn(IllegalAction):
    """A seat tried to act while another seat must decide."""
