"""Why a (well-formed) Lowlands move is refused, in words: the exact reason for the
commonest refusals, else what the move's kind needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import BUILDING_MARKERS, FARMERS, TILES
from meeple.games.lowlands.describe import edge_words
from meeple.games.lowlands.farm import EDGE_NAMES
from meeple.games.lowlands.phases import PHASE_NAMES
from meeple.games.lowlands.words import M, phase, res, the_action, the_tile
from meeple.i18n import Msg, Text

if TYPE_CHECKING:
    from meeple.games.lowlands.rules import LowlandsState

#: the question (phase name) a kind of move answers (kinds valid in several are absent)
ANSWERS = {
    "place": "place", "build": "build", "at": "at", "ask": "ask", "fence": "fence at", "lift": "fence",
    "buy": "market", "sell": "market", "draw": "draw", "take": "token", "worker": "worker",
    "income": "income", "discard": "discard", "auction": "upkeep", "silo": "upkeep",
}
#: what each kind of move needs, when no exact reason is worked out (``refuse.<kind>``)
KINDS = ("place", "build", "at", "pay", "sub", "waive", "free", "stop", "ask", "fence", "lift",
         "buy", "sell", "draw", "take", "worker", "skip", "income", "discard")


def why_illegal(state: LowlandsState, action: Action) -> Text:
    kind = X.KIND[int(action)]
    name = kind[0]
    now = PHASE_NAMES[state.phase]
    wanted = ANSWERS.get(name)
    if wanted is not None and wanted != now:
        return M("refuse.other_question", move=phase(wanted), now=phase(now))
    exact = _exact(state, kind)
    if exact is not None:
        return exact
    if name in KINDS:
        return M(f"refuse.{name}")
    return M("refuse.now", now=phase(now))


def _exact(state: LowlandsState, kind: tuple) -> Msg | None:
    """The exact reason for the commonest refusals (``None`` when not worked out)."""
    p = state.seats[state.to_move]
    name = kind[0]
    if name == "place":
        _, fi, space, boost = kind
        if p.farmers[fi] >= 0:
            return M("refuse.farmer_placed", farmer=FARMERS[fi], action=the_action(p.farmers[fi]))
        if boost and not p.boost:
            return M("refuse.no_boost")
        cost = state._reuse_cost(p, space)
        if cost > p.coins:
            return M("refuse.reuse_coins", n=cost, coins=p.coins)
        return M("refuse.cannot_do", action=the_action(space))
    if name == "build":
        k = kind[1]
        t = TILES[k]
        if not any(k in up for up in state.face_up):
            return M("refuse.not_face_up", tile=the_tile(t.key))
        if t.ap > state.points_left:
            return M("refuse.tile_points", tile=the_tile(t.key), n=t.ap, left=state.points_left)
        if t.building and p.buildings >= BUILDING_MARKERS:
            return M("refuse.four_buildings", n=BUILDING_MARKERS)
        return M("refuse.tile_unpayable", tile=the_tile(t.key))
    if name in ("pay", "discard") and not p.hand[kind[1]]:
        return M("refuse.no_card", res=res(kind[1]))
    if name == "fence" and p.farm.has_fence(kind[1]):
        return M("refuse.fence_there", where=edge_words(EDGE_NAMES[kind[1]]))
    if name == "fence" and state.fence_mode == 1 and state.lifted_edges >> kind[1] & 1:
        return M("refuse.fence_back", where=edge_words(EDGE_NAMES[kind[1]]))
    return None
