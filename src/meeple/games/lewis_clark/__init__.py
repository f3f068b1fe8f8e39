"""Lewis & Clark, second edition (1-5 players, solo against Mackenzie)."""

from meeple.games.lewis_clark.game import GAME

__all__ = ["GAME"]
