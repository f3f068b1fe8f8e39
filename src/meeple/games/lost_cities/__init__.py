"""Lost Cities (2 players, 3 rounds): rising expeditions, wagers, the -20 cost."""

from meeple.games.lost_cities.game import GAME
from meeple.games.lost_cities.scoring import expedition_score

__all__ = ["GAME", "expedition_score"]
