"""Shared pieces of the Lowlands rules: phase numbers, payment arithmetic, capacity."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import (
    TILE_KINDS,
)

A = X.A
NR = 3
NS = 5

# ---- phases: which question is being asked ---------------------------------
(NONE, PLACE, PICK, AT, PAY, CONTRIB, ASK, HELP, FENCING, FPLACE, TRADE, DRAWING,
 TOKEN, WORKER, INCOME, DISCARD, UPKEEP_OPT) = range(17)
PHASE_NAMES = (
    "none", "place", "build", "at", "pay", "dike", "ask", "help", "fence", "fence at",
    "market", "draw", "token", "worker", "income", "discard", "upkeep",
)
FMODE_NAMES = ("bought", "moved", "free")
TERRAIN_CODE = {"tree": "T", "bush": "B", "pond": "P", "": ""}
KIND_OF = {k: i for i, k in enumerate(TILE_KINDS)}
STORM = KIND_OF["storm"]



def payable(hand: Sequence[int], need: Sequence[int], waivers: int) -> bool:
    """Whether ``need`` can be paid from ``hand`` (the rule text (FR), line 21).

    A missing card is replaced by two cards of one other type; ``waivers`` cards
    of the cost are forgiven (workers on the build action). Waivers go to missing
    cards first, so the cost can be paid iff the missing cards left after waivers
    are at most the pairs in the surplus.
    """
    # unrolled over the three types: this runs for every tile of every build decision
    d0, d1, d2 = need[0] - hand[0], need[1] - hand[1], need[2] - hand[2]
    missing = (d0 if d0 > 0 else 0) + (d1 if d1 > 0 else 0) + (d2 if d2 > 0 else 0)
    if missing <= waivers:
        return True
    pairs = (-d0 // 2 if d0 < 0 else 0) + (-d1 // 2 if d1 < 0 else 0) + (-d2 // 2 if d2 < 0 else 0)
    return missing - waivers <= pairs


def farm_capacity_with_tile(farm, sq: int, t) -> int:
    """Capacity if tile ``t`` stood on square ``sq`` (its own housing included)."""
    from meeple.games.lowlands.farm import capacity

    bit = 1 << sq
    return capacity(
        farm.fences,
        farm.buildings | (bit if t.building else 0),
        farm.covered | bit,
        farm.feeders | (bit if t.effect == "feed" else 0),
        farm.troughs | (bit if t.effect == "trough" else 0),
        farm.on_tiles + (t.n if t.effect == "house" else 0),
    )

