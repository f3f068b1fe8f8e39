"""Little Town (2-4 players, 4 rounds): workers harvest the meadow, buildings are
activated by anyone for a coin, secret objectives, feeding every round."""

from meeple.games.little_town.game import GAME

__all__ = ["GAME"]
