"""Lowlands (2-4 players): sheep farms behind a shared dike against the rising flood."""

from meeple.games.lowlands.game import GAME

__all__ = ["GAME"]
