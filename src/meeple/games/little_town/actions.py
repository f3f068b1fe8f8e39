"""The Little Town action table and the phases of a turn.

Every decision the game can offer is one entry here (221 in all); the notation is
described in the game's rules summary (``meeple rules little-town``).
"""

from __future__ import annotations

from meeple.core.actions import ActionTable
from meeple.games.little_town.components import (
    BUILDINGS,
    CELL_NAMES,
    N_BUILDINGS,
    N_CELLS,
    N_OBJECTIVES,
    OBJECTIVES,
    RESOURCES,
)

# ---- the action table ----------------------------------------------------------
_TABLE = ActionTable()
_block = _TABLE.block

PLACE = _block([f"place {c}" for c in CELL_NAMES])
BUILD = _block([f"build {b.key}" for b in BUILDINGS])
PUT = _block([f"put {c}" for c in CELL_NAMES])
ACTIVATE = _block([f"activate {c}" for c in CELL_NAMES])
DONE = _block(["done"])
GIVE = _block([f"give {r}" for r in RESOURCES])
TAKE = _block([f"take {r}" for r in RESOURCES])
BUY = _block([f"buy {r}" for r in RESOURCES])
CLAIM = _block([f"claim {o.key}" for o in OBJECTIVES])
FEED = _block(["feed fish", "feed wheat"])
END = _block(["end"])

ACTIONS = _TABLE.build(example="place d3, build bakery, put e4, activate c2, done, claim o12, end")
PLACE_OF = ACTIONS[PLACE : PLACE + N_CELLS]
BUILD_OF = ACTIONS[BUILD : BUILD + N_BUILDINGS]
PUT_OF = ACTIONS[PUT : PUT + N_CELLS]
ACTIVATE_OF = ACTIONS[ACTIVATE : ACTIVATE + N_CELLS]
DONE_ACTION = ACTIONS[DONE]
GIVE_OF = ACTIONS[GIVE : GIVE + 4]
TAKE_OF = ACTIONS[TAKE : TAKE + 4]
BUY_OF = ACTIONS[BUY : BUY + 4]
CLAIM_OF = ACTIONS[CLAIM : CLAIM + N_OBJECTIVES]
FEED_FISH, FEED_WHEAT = ACTIONS[FEED], ACTIONS[FEED + 1]
END_ACTION = ACTIONS[END]


# ---- phases: the question being asked (the state's ``phase`` and the view's) ------
MAIN = "main"  # place a worker or build (claims and purchases allowed before)
ACTIVATING = "activate"  # activate the buildings around the placed worker, or done
PAWN_GIVE = "pawn-give"  # the Pawnshop: give two cubes, one decision each
PAWN_TAKE = "pawn-take"  # the Pawnshop: take two cubes, one decision each
PUTTING = "put"  # put the building just bought on empty grass
AFTER = "after"  # after the main action: claims (and purchases), then end
RESIDENCE = "residence"  # round end: the Residence's owner activates around it
FEEDING = "feed"  # round end: a meal choice between fish and wheat
OVER = "over"

#: every phase, in the order the view's encoders number them
PHASE_NAMES = (MAIN, ACTIVATING, PAWN_GIVE, PAWN_TAKE, PUTTING, AFTER, RESIDENCE, FEEDING, OVER)
#: phases in which the active seat may validate an objective (rule text line 31)
CLAIM_PHASES = frozenset((MAIN, ACTIVATING, AFTER))
