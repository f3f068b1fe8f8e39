"""One seat's expedition: hand, play area, boats (goods and Indians), scout, camp, Time.

Boat Time follows the expedition board (DC-13 for the tiles): goods boat A holds 3
for no Time, B holds 3 for 1 Time if used, C holds 5 for 1 Time per good; tiles hold
2 goods (or 1 Indian) for no Time. Indian boat 1 holds 1 for no Time, boat 2 any
number for 1 Time each. Goods and Indians may be re-arranged at any time (rule text
line 156), so the engine always packs them best.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.games.lewis_clark.components import (
    BASE_GOODS,
    STARTING_KINDS,
    TILE_GOODS,
    cost,
)

#: goods a fresh expedition carries: 1 fur, 1 food, 1 equipment (setup, DC-5 notes)
STARTING_GOODS = cost(fur=1, food=1, equip=1)


class Played(NamedTuple):
    """A character in a play area: the card, its face-down support (-1: none) and the
    Indians lying on it (they come back to the boats at camp)."""

    card: int
    support: int
    indians: int


def goods_time(n: int, tiles: int) -> int:
    """Camp Time of n goods packed best: A and tiles free, B 1 if used, C 1 each."""
    free = 3 + TILE_GOODS * tiles
    if n <= free:
        return 0
    if n <= free + 3:
        return 1
    return 1 + n - free - 3


def indian_time(n: int, tiles: int) -> int:
    """Camp Time of n Indians packed best: boat 1 and Indian tiles free, boat 2 one each."""
    return max(0, n - 1 - tiles)


class Expedition:
    """Everything one seat owns; all of it public but the hand and face-down supports."""

    __slots__ = ("hand", "play_area", "goods", "indians", "goods_tiles", "indian_tiles",
                 "scout", "camp", "time_tokens")

    def __init__(self) -> None:
        self.hand: list[int] = list(STARTING_KINDS)
        self.play_area: list[Played] = []
        self.goods: list[int] = list(STARTING_GOODS)
        self.indians = 1          # on the boats (not those on played cards)
        self.goods_tiles = 0
        self.indian_tiles = 0
        self.scout = 0
        self.camp = 0
        self.time_tokens = 0

    def copy(self) -> Expedition:
        new = Expedition.__new__(Expedition)
        new.hand = self.hand.copy()
        new.play_area = self.play_area.copy()  # entries are immutable tuples
        new.goods = self.goods.copy()
        new.indians = self.indians
        new.goods_tiles = self.goods_tiles
        new.indian_tiles = self.indian_tiles
        new.scout = self.scout
        new.camp = self.camp
        new.time_tokens = self.time_tokens
        return new

    # ---- boats -----------------------------------------------------------------
    @property
    def capacity(self) -> int:
        return BASE_GOODS + TILE_GOODS * self.goods_tiles

    @property
    def room(self) -> int:
        """Goods the boats can still take."""
        return BASE_GOODS + TILE_GOODS * self.goods_tiles - sum(self.goods)

    @property
    def indians_on_cards(self) -> int:
        return sum(p.indians for p in self.play_area)

    def boat_time(self) -> int:
        """Time the boats cost now, as loaded (Indians on cards not counted)."""
        return goods_time(sum(self.goods), self.goods_tiles) + indian_time(
            self.indians, self.indian_tiles)

    def camp_time(self, boley: bool) -> int:
        """Time tokens a camp costs now (rule text lines 158-161): one per card in hand,
        plus the boats once the Indians on cards are back; John Boley takes one off."""
        t = (len(self.hand) + goods_time(sum(self.goods), self.goods_tiles)
             + indian_time(self.indians + self.indians_on_cards, self.indian_tiles))
        return max(0, t - 1) if boley else t

    def has_in_play(self, card: int) -> bool:
        return card in [played.card for played in self.play_area]

    def can_act(self) -> bool:
        """Rule text line 148: an action needs strength, from a second hand card or an Indian."""
        return self.indians > 0 or len(self.hand) >= 2
