"""Why an action is refused, in words (kept apart from the hot rules code)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.little_town.actions import (
    ACTIVATE,
    ACTIVATING,
    AFTER,
    BUILD,
    BUY,
    CLAIM,
    CLAIM_PHASES,
    DONE,
    END,
    FEED,
    FEEDING,
    GIVE,
    MAIN,
    PAWN_GIVE,
    PAWN_TAKE,
    PLACE,
    PUT,
    PUTTING,
    RESIDENCE,
    TAKE,
)
from meeple.games.little_town.components import (
    ACTIVATABLE,
    BUILDINGS,
    CELL_NAMES,
    N_BUILDINGS,
    N_CELLS,
    N_OBJECTIVES,
    NEIGHBOURS,
    OBJECTIVES,
    RESOURCES,
    WHEAT_FIELD,
)
from meeple.games.little_town.objectives import FISH_FEED_CARD

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState

#: what the seat to move is being asked, per phase
ASKED = {
    MAIN: "place a worker on grass or build",
    ACTIVATING: "activate the buildings around your worker, or done",
    PAWN_GIVE: "give the Pawnshop a cube",
    PAWN_TAKE: "take a cube from the Pawnshop",
    PUTTING: "put the building you chose on empty grass",
    AFTER: "validate an objective, or end your turn",
    RESIDENCE: "activate the buildings around your Residence, or done",
    FEEDING: "choose a meal: feed fish or feed wheat",
}


def _main_action(state: LittleTownState, seat: int, code: int) -> str:
    if state.phase != MAIN:
        return f"the main action was already taken this turn (now: {ASKED[state.phase]})"
    if code < BUILD:
        cell = code - PLACE
        if state.cell_yields[cell] >= 0:
            return f"{CELL_NAMES[cell]} is not grass; workers go on grass only"
        return f"{CELL_NAMES[cell]} is taken by a building or a worker"
    kind = code - BUILD
    name = BUILDINGS[kind].key
    if not state.houses_left[seat]:
        return "you have no house token left to mark a new building"
    if (kind == WHEAT_FIELD and not state.wheat_fields_left) or (
        kind != WHEAT_FIELD and kind not in state.market
    ):
        return f"no {name} is available on the market"
    return f"you cannot pay for the {name}"


def _activation(state: LittleTownState, code: int) -> str:
    cell = code - ACTIVATE
    if state.phase not in (ACTIVATING, RESIDENCE):
        return "buildings are activated right after placing a worker"
    if cell not in NEIGHBOURS[state.worker_cell]:
        return f"{CELL_NAMES[cell]} is not next to {CELL_NAMES[state.worker_cell]}"
    kind = state.building_at[cell]
    if kind < 0:
        return f"there is no building on {CELL_NAMES[cell]}"
    name = BUILDINGS[kind].key
    if not ACTIVATABLE[kind]:
        return f"the {name} cannot be activated"
    if state.activated_cells >> cell & 1:
        return "each building is activated at most once per turn"
    return f"you cannot pay to activate the {name}"


def _purchase(state: LittleTownState) -> str:
    if not state.separate_purchases:
        return (
            "with exchange=use, 3 coins cover a missing cube automatically when you pay; "
            "there is no separate purchase"
        )
    if state.phase not in (MAIN, ACTIVATING, AFTER, RESIDENCE):
        return "you can exchange coins for a cube only between the steps of your turn"
    return "you need 3 coins (and a cube in the supply) to exchange"


def _claim(state: LittleTownState, seat: int, card: int) -> str:
    if state.phase not in CLAIM_PHASES:
        return "objectives are validated during your own turn, between its steps"
    if card not in state.objectives_in_hand[seat]:
        return f"you do not hold objective {OBJECTIVES[card].key}"
    if card == FISH_FEED_CARD:
        return "this objective is checked when you feed your workers"
    return f"you do not meet {OBJECTIVES[card].key}: {OBJECTIVES[card].text}"


def why_illegal(state: LittleTownState, code: int) -> str:
    """Explain in words why the (well-formed) action ``code`` is not legal now."""
    seat = state.to_move
    if PLACE <= code < PLACE + N_CELLS or BUILD <= code < BUILD + N_BUILDINGS:
        return _main_action(state, seat, code)
    if PUT <= code < PUT + N_CELLS:
        if state.phase != PUTTING:
            return "put places a building you have just chosen with build"
        return f"{CELL_NAMES[code - PUT]} is not an empty grass cell"
    if ACTIVATE <= code < ACTIVATE + N_CELLS:
        return _activation(state, code)
    if code == DONE:
        if state.phase == AFTER:
            return "after building, 'end' ends your turn"
        return "done ends activations; there are none in progress"
    if GIVE <= code < GIVE + 4:
        if state.phase != PAWN_GIVE:
            return "give is only used by the Pawnshop"
        if state.separate_purchases:
            return f"you have no {RESOURCES[code - GIVE]} (buy one first: exchange=keep)"
        return f"you have no {RESOURCES[code - GIVE]} and not 3 coins to exchange for one"
    if TAKE <= code < TAKE + 4:
        if state.phase != PAWN_TAKE:
            return "take is only used by the Pawnshop, after giving 2 cubes"
        return f"the supply has no {RESOURCES[code - TAKE]} left"
    if BUY <= code < BUY + 4:
        return _purchase(state)
    if CLAIM <= code < CLAIM + N_OBJECTIVES:
        return _claim(state, seat, code - CLAIM)
    if code in (FEED, FEED + 1):
        return "feeding happens at the end of the round"
    if code == END:
        if state.phase == MAIN:
            return "finish the main action of your turn first"
        if state.phase == ACTIVATING:
            return "after placing a worker, 'done' ends your turn"
        return f"now you {ASKED.get(state.phase, 'cannot end a turn')}"
    return f"seat {seat} cannot do that now"
