"""The Lewis & Clark action table: every decision the game can ever offer.

A turn is cut into small decisions (docs/games/lewis-clark.md has the table):
``play hunter`` then ``with leader`` or ``indians 2``; then one decision per
repetition (``go``, ``take wood``, ``river``, ``pay food``, ...) with ``stop``
ending the action early; a gain of several goods is kept with ``take all`` or good
by good (``take food``), ``skip`` declining the rest.
"""

from __future__ import annotations

from meeple.core.actions import ActionTable
from meeple.games.lewis_clark.components import (
    ALL_RES,
    N_KINDS,
    N_LOCS,
    RES_WORDS,
    SLUG,
    VILLAGE_LOCS,
)

_TABLE = ActionTable()
_block = _TABLE.block


PLAY = _block([f"play {s}" for s in SLUG])
WITH = _block([f"with {s}" for s in SLUG])
COPY = _block([f"copy {s}" for s in SLUG])
DISCARD = _block([f"discard {s}" for s in SLUG])
INDIANS = _block([f"indians {n}" for n in (1, 2, 3)]) - 1  # INDIANS + n
VILLAGE = _block([f"village {v.slug}" for v in VILLAGE_LOCS])
RECRUIT = _block([f"recruit {n}" for n in range(1, 6)])
JOURNAL = _block([f"journal {n}" for n in range(1, 6)])
DROP = _block([f"drop {w}" for w in RES_WORDS])
PAY = _block([f"pay {w}" for w in RES_WORDS])
TAKE = _block([f"take {RES_WORDS[r]}" for r in ALL_RES])  # TAKE + good
TAKE_ALL = _block(["take all"])
RIVER = _block(["river"])
MOUNTAIN = _block(["mountain"])
BOAT_GOODS = _block(["boat goods"])
BOAT_INDIAN = _block(["boat indian"])
GO = _block(["go"])
STOP = _block(["stop"])
SKIP = _block(["skip"])
CAMP = _block(["camp"])
END = _block(["end"])

ACTIONS = _TABLE.build(
    example="play hunter, with leader, indians 2, take food, take all, village hunting, camp, end"
)
assert N_KINDS == 60 and N_LOCS == 8


def code(text: str) -> int:
    """The action index of a notation (for option words in the data tables)."""
    return int(ACTIONS.parse(text))
