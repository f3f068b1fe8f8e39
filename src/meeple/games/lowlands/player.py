"""One player's pieces: hand, coins, sheep, farm, income board, farmers, workers."""

from __future__ import annotations

from meeple.games.lowlands.components import (
    BUILDING_ICONS,
    FENCE_ICONS,
    FENCES_ON_INCOME,
    TILES,
)
from meeple.games.lowlands.farm import Farm


class Player:
    """Mutable per-seat state; ``copy`` is what ``State.clone`` calls."""

    __slots__ = (
        "hand", "known", "coins", "sheep", "farm", "fences_left", "buildings",
        "workers_free", "workers", "farmers", "boost", "breach", "dike_space", "stack_order",
        "tiles", "tokens_claimed", "bang_vp", "penalty", "storm_sheep", "effects",
    )

    def __init__(self) -> None:
        self.hand = [0, 0, 0]  # cards per resource type
        self.known = [0, 0, 0]  # cards of the hand everyone has seen taken face up
        self.coins = 0
        self.sheep = 0
        self.farm = Farm()
        self.fences_left = FENCES_ON_INCOME  # fences still on the income board
        self.buildings = 0  # building markers taken off the income board
        self.workers_free = 1
        self.workers = [0, 0, 0, 0, 0]  # workers assigned per action space
        self.farmers = [-1, -1, -1]  # action space of farmer 2, 3, 4 (-1: not placed)
        self.boost = 0  # "Farmer +2" tokens held
        self.breach = 0  # dike breach tokens
        self.dike_space = 0  # dike track space (unbounded; dike points = pos // 2)
        self.stack_order = 0  # stacking order: higher is on top among markers on one space
        self.tiles: list[int] = []  # tile indices in build order
        self.tokens_claimed = 0  # bitmask of progress-token slots already claimed
        self.bang_vp = 0  # points from "!" tiles at the Storm Tide
        self.penalty = 0  # points lost for breach tokens that could not be paid
        self.storm_sheep = 0  # sheep the Breeding Farm added at the Storm Tide
        self.effects: dict[str, int] = {}  # effect id -> summed parameter of owned tiles

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.hand = self.hand.copy()
        new.known = self.known.copy()
        new.coins = self.coins
        new.sheep = self.sheep
        new.farm = self.farm.copy()
        new.fences_left = self.fences_left
        new.buildings = self.buildings
        new.workers_free = self.workers_free
        new.workers = self.workers.copy()
        new.farmers = self.farmers.copy()
        new.boost = self.boost
        new.breach = self.breach
        new.dike_space = self.dike_space
        new.stack_order = self.stack_order
        new.tiles = self.tiles.copy()
        new.tokens_claimed = self.tokens_claimed
        new.bang_vp = self.bang_vp
        new.penalty = self.penalty
        new.storm_sheep = self.storm_sheep
        new.effects = self.effects.copy()
        return new

    # ---- derived facts ------------------------------------------------------
    @property
    def cards(self) -> int:
        return self.hand[0] + self.hand[1] + self.hand[2]

    @property
    def dike_points(self) -> int:
        """One point per two spaces; past the end adds 20 (pos // 2 keeps counting)."""
        return self.dike_space // 2

    def has(self, effect: str) -> int:
        return self.effects.get(effect, 0)

    def fence_icons(self) -> list[str]:
        """Icons uncovered on the income board's fence row (left to right)."""
        return list(FENCE_ICONS[: FENCES_ON_INCOME - self.fences_left])

    def building_icons(self) -> list[str]:
        return list(BUILDING_ICONS[: self.buildings])

    def printed_vp(self) -> int:
        return sum(TILES[t].vp for t in self.tiles)

    def features(self) -> int:
        return sum(1 for t in self.tiles if not TILES[t].building)
