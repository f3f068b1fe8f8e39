"""The Lost Cities action table: every decision the game can ever offer.

A turn is two decisions (the rule text, line 22): ``play R7`` or ``discard R7``,
then ``draw deck`` or ``draw R`` (the top of a discard pile). The table is built for
six colours, so the codes are the same in the five-colour game: ``play`` 0-59,
``discard`` 60-119, ``draw deck`` 120, ``draw Y..P`` 121-126.
"""

from __future__ import annotations

from meeple.core.actions import ActionSpace
from meeple.games.lost_cities.components import CARD_TEXT, COLORS, N_KINDS

#: first code of each block: play card k is PLAY + k, discard it DISCARD + k,
#: draw the top of colour c's pile DRAW_PILE + c
PLAY = 0
DISCARD = N_KINDS
DRAW_DECK = 2 * N_KINDS
DRAW_PILE = DRAW_DECK + 1

ACTIONS = ActionSpace(
    [f"play {t}" for t in CARD_TEXT]
    + [f"discard {t}" for t in CARD_TEXT]
    + ["draw deck"]
    + [f"draw {c.letter}" for c in COLORS],
    example="play R7, discard GH, draw deck, draw R",
)
PLAY_OF = ACTIONS[PLAY:DISCARD]
DISCARD_OF = ACTIONS[DISCARD:DRAW_DECK]
DRAW_DECK_ACTION = ACTIONS[DRAW_DECK]
DRAW_PILE_OF = ACTIONS[DRAW_PILE:]

#: the two questions of a turn, as the state's ``phase`` names them
PLAY_PHASE = "play"
DRAW_PHASE = "draw"
