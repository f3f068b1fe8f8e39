"""The contract every game keeps, and what all games share (errors, actions, records)."""

from meeple.core.actions import Action, ActionSpace, ActionTable
from meeple.core.errors import (
    ConfigError,
    IllegalAction,
    MeepleError,
    NotYourTurn,
    ParseError,
)
from meeple.core.game import Game, GlossaryEntry, Option
from meeple.core.record import Record
from meeple.core.state import State

__all__ = [
    "Action",
    "ActionSpace",
    "ActionTable",
    "ConfigError",
    "Game",
    "GlossaryEntry",
    "IllegalAction",
    "MeepleError",
    "NotYourTurn",
    "Option",
    "ParseError",
    "Record",
    "State",
]
