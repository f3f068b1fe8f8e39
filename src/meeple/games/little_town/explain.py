"""Little Town in words, apart from the hot rules code: why an action is refused, what a
legal move would do (``describe``, for move lists) and which moves would gain nothing
(``futile``). Everything returns messages (``words.M``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action
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
    BUILDING_INDEX,
    BUILDINGS,
    CELL_NAMES,
    EXCHANGE_COINS,
    N_BUILDINGS,
    N_CELLS,
    N_OBJECTIVES,
    NEIGHBOURS,
    OBJECTIVES,
    RESOURCES,
    VISIT_FEE,
    WHEAT_FIELD,
)
from meeple.games.little_town.glossary import END_SCORERS
from meeple.games.little_town.objectives import FISH_FEED_CARD
from meeple.games.little_town.words import (
    OBJECTIVE_BY_KEY,
    M,
    amount,
    amounts,
    building,
    building_of,
    cost,
    objective,
    points,
    resource,
    the_building,
)
from meeple.i18n import Seat, Text, items

if TYPE_CHECKING:
    from meeple.games.little_town.rules import LittleTownState

#: what the seat to move is being asked, per phase (a refusal says it)
ASKED = {phase: M(f"ask.{phase}") for phase in (MAIN, ACTIVATING, PAWN_GIVE, PAWN_TAKE, PUTTING, AFTER,
                                               RESIDENCE, FEEDING)}
#: terrain (as views name it) -> the cube a worker next to it harvests
HARVESTED = {"forest": 0, "mountain": 1, "lake": 3}


# ---- refusals ---------------------------------------------------------------------------
def _main_action(state: LittleTownState, seat: int, code: int) -> Text:
    if state.phase != MAIN:
        return M("refuse.main_taken", asked=ASKED[state.phase])
    if code < BUILD:
        cell = code - PLACE
        if state.cell_yields[cell] >= 0:
            return M("refuse.not_grass", cell=CELL_NAMES[cell])
        return M("refuse.taken", cell=CELL_NAMES[cell])
    key = BUILDINGS[code - BUILD].key
    if not state.houses_left[seat]:
        return M("refuse.no_house")
    kind = code - BUILD
    if (kind == WHEAT_FIELD and not state.wheat_fields_left) or (kind != WHEAT_FIELD and kind not in state.market):
        return M("refuse.not_for_sale", building=building(key))
    return M("refuse.cannot_pay", building=the_building(key))


def _activation(state: LittleTownState, code: int) -> Text:
    cell = code - ACTIVATE
    if state.phase not in (ACTIVATING, RESIDENCE):
        return M("refuse.activate_when")
    if cell not in NEIGHBOURS[state.worker_cell]:
        return M("refuse.not_next", cell=CELL_NAMES[cell], worker=CELL_NAMES[state.worker_cell])
    kind = state.building_at[cell]
    if kind < 0:
        return M("refuse.no_building", cell=CELL_NAMES[cell])
    key = BUILDINGS[kind].key
    if not ACTIVATABLE[kind]:
        return M("refuse.not_activatable", building=the_building(key))
    if state.activated_cells >> cell & 1:
        return M("refuse.once")
    return M("refuse.cannot_pay_activation", building=the_building(key))


def _purchase(state: LittleTownState) -> Text:
    if not state.separate_purchases:
        return M("refuse.buy_use")
    if state.phase not in (MAIN, ACTIVATING, AFTER, RESIDENCE):
        return M("refuse.buy_when")
    return M("refuse.buy_need", coins=amount("coins", EXCHANGE_COINS))


def _claim(state: LittleTownState, seat: int, card: int) -> Text:
    key = OBJECTIVES[card].key
    if state.phase not in CLAIM_PHASES:
        return M("refuse.claim_when")
    if card not in state.objectives_in_hand[seat]:
        return M("refuse.not_held", key=key)
    if card == FISH_FEED_CARD:
        return M("refuse.fish_feed")
    return M("refuse.not_met", key=key, text=objective(key))


def _end(state: LittleTownState) -> Text:
    if state.phase == MAIN:
        return M("refuse.end_main")
    if state.phase == ACTIVATING:
        return M("refuse.end_activating")
    return M("refuse.end_now", asked=ASKED[state.phase]) if state.phase in ASKED else M("refuse.end_none")


def why_illegal(state: LittleTownState, code: int) -> Text:
    """Why the (well-formed) action ``code`` is not legal now, in words."""
    seat = state.to_move
    if PLACE <= code < PLACE + N_CELLS or BUILD <= code < BUILD + N_BUILDINGS:
        return _main_action(state, seat, code)
    if PUT <= code < PUT + N_CELLS:
        if state.phase != PUTTING:
            return M("refuse.put_when")
        return M("refuse.put_cell", cell=CELL_NAMES[code - PUT])
    if ACTIVATE <= code < ACTIVATE + N_CELLS:
        return _activation(state, code)
    if code == DONE:
        return M("refuse.done_after") if state.phase == AFTER else M("refuse.done_none")
    if GIVE <= code < GIVE + 4:
        cube = resource(RESOURCES[code - GIVE])
        if state.phase != PAWN_GIVE:
            return M("refuse.give_when")
        return M("refuse.give_keep" if state.separate_purchases else "refuse.give_use", cube=cube,
                 coins=amount("coins", EXCHANGE_COINS))
    if TAKE <= code < TAKE + 4:
        if state.phase != PAWN_TAKE:
            return M("refuse.take_when")
        return M("refuse.take_empty", cube=resource(RESOURCES[code - TAKE]))
    if BUY <= code < BUY + 4:
        return _purchase(state)
    if CLAIM <= code < CLAIM + N_OBJECTIVES:
        return _claim(state, seat, code - CLAIM)
    if code in (FEED, FEED + 1):
        return M("refuse.feed_when")
    if code == END:
        return _end(state)
    return M("refuse.other")


# ---- what a move would do ---------------------------------------------------------------------
def cell_of(view: dict[str, Any], name: str) -> dict[str, Any]:
    c = CELL_NAMES.index(name)
    return view["meadow"][c // 9][c % 9]


def harvest(view: dict[str, Any], name: str) -> tuple[int, ...]:
    """The cubes a worker placed on ``name`` harvests (the supply permitting)."""
    got = [0, 0, 0, 0]
    for n in NEIGHBOURS[CELL_NAMES.index(name)]:
        kind = HARVESTED.get(view["meadow"][n // 9][n % 9]["terrain"])
        if kind is not None:
            got[kind] += 1
    if view["supply"] is not None:
        got = [min(g, s) for g, s in zip(got, view["supply"]["cubes"], strict=True)]
    return tuple(got)


def usable_around(view: dict[str, Any], name: str) -> list[str]:
    """The buildings a worker on ``name`` could activate (whatever it can pay)."""
    out = []
    for n in NEIGHBOURS[CELL_NAMES.index(name)]:
        key = view["meadow"][n // 9][n % 9].get("building")
        if key is not None and ACTIVATABLE[BUILDING_INDEX[key]]:
            out.append(key)
    return out


def activation_words(view: dict[str, Any], seat: int, cell: str) -> Text:
    """What activating the building on ``cell`` costs and gives ``seat``."""
    c = cell_of(view, cell)
    b = building_of(c["building"])
    if b.effect == "pawn":
        what: Text = M("move.pawn")
    elif not any(b.pay) and not b.pay_coins:
        what = M("move.gain", gain=amounts(b.gain, b.gain_coins, b.gain_vp))
    else:
        what = M("move.trade", pay=amounts(b.pay, b.pay_coins), gain=amounts(b.gain, b.gain_coins, b.gain_vp))
    if c["owner"] != seat:
        what = M("move.fee", what=what, fee=amount("coins", VISIT_FEE), owner=Seat(c["owner"]))
    return what


def _place(view: dict[str, Any], cell: str) -> Text:
    got = harvest(view, cell)
    crop = M("move.harvest", goods=amounts(got)) if any(got) else M("move.harvest_none")
    usable = usable_around(view, cell)
    if usable:
        return M("move.place_use", cell=cell, harvest=crop, buildings=items(building(k) for k in usable))
    return M("move.place", cell=cell, harvest=crop)


def _build(key: str) -> Text:
    b = building_of(key)
    if b.effect in END_SCORERS:
        return M("move.build_end", building=the_building(key), cost=cost(b))
    return M("move.build", building=the_building(key), cost=cost(b), points=points(b.vp))


def describe(action: Action, view: dict[str, Any]) -> Text | None:
    """``place e5``: "worker on e5: harvest 2 fish", for move lists (``?`` and the browser)."""
    verb, _, arg = action.text.partition(" ")
    seat = view["to_move"]
    if verb == "place":
        return _place(view, arg)
    if verb == "build":
        return _build(arg)
    if verb == "put":
        return M("move.put", building=the_building(view["building_chosen"]), cell=arg)
    if verb == "activate":
        return M("move.activate", building=the_building(cell_of(view, arg)["building"]), cell=arg,
                 what=activation_words(view, seat, arg))
    if verb in ("give", "take", "feed"):
        return M(f"move.{verb}", cube=amount(arg, 1))
    if verb == "buy":
        return M("move.buy", cube=amount(arg, 1), coins=amount("coins", EXCHANGE_COINS))
    if verb == "claim":
        o = OBJECTIVE_BY_KEY[arg]
        return M("move.claim", key=arg, points=points(o.vp), text=objective(arg))
    if verb == "done":
        return M("move.done_residence") if view["phase"] == RESIDENCE else M("move.done")
    if verb == "end":
        return M("move.end")
    return None


def futile(action: Action, view: dict[str, Any]) -> Text | None:
    """A worker placed where it harvests nothing and no building can be used gains
    nothing (the rules allow it: a turn must place a worker or build)."""
    verb, _, arg = action.text.partition(" ")
    if verb == "place" and not any(harvest(view, arg)) and not usable_around(view, arg):
        return M("futile.place")
    return None
