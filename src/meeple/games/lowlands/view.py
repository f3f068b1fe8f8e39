"""What one seat may know of a Lowlands table, as a JSON-ready dict.

Hidden: other players' hands (only their sizes and the cards everyone saw them take
face up), the resource deck order, the tile stacks, the flood deck, and the faces of
flood cards still face down (only their back, "1-3" or "4-6", shows).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.lowlands.components import (
    ACTION_SPACES,
    PROGRESS_TOKENS,
    RESOURCES,
    SEGMENTS,
    TILE_KINDS,
    TILES,
    TOKEN_SPACES,
    VALUE_DP,
    VALUE_SHEEP,
    flood_back,
)
from meeple.games.lowlands.farm import CELL_NAMES, EDGE_NAMES, NEDGES

if TYPE_CHECKING:
    from meeple.games.lowlands.rules import LowlandsState


def _cards(counts) -> dict[str, int]:
    return {r: counts[i] for i, r in enumerate(RESOURCES)}


def _player(state: LowlandsState, s: int) -> dict[str, Any]:
    p = state.ps[s]
    farm = p.farm
    housing, on_tiles = farm.housing(p.sheep)
    return {
        "coins": p.coins,
        "sheep": p.sheep,
        "capacity": farm.capacity(),
        "hand_size": p.cards,
        "known": _cards(p.known),
        "fences": [EDGE_NAMES[e] for e in range(NEDGES) if farm.fences >> e & 1],
        "fences_on_income": p.fences_left,
        "buildings": p.buildings,
        "tiles": {CELL_NAMES[sq]: TILES[k].key for sq, k in sorted(farm.tiles.items())},
        "built": [TILES[k].key for k in p.tiles],
        "pastures": [[CELL_NAMES[i] for i in pa] for pa in farm.pastures()],
        "housing": {CELL_NAMES[i]: n for i, n in sorted(housing.items())},
        "sheep_on_tiles": on_tiles,
        "workers_free": p.workers_free,
        "workers": {a: p.workers[i] for i, a in enumerate(ACTION_SPACES) if p.workers[i]},
        "farmers": {str(f): (ACTION_SPACES[a] if a >= 0 else None) for f, a in zip((2, 3, 4), p.farmers, strict=True)},
        "boost": p.boost,
        "breach": p.breach,
        "dike_space": p.pos,
        "dike_points": p.dike_points,
        "stack_order": p.key,
        "tokens_claimed": [i for i in range(len(TOKEN_SPACES)) if p.tokens >> i & 1],
        "bang_vp": p.bang_vp,
        "penalty": p.penalty,
        "storm_sheep": p.storm_sheep,
    }


def build_view(state: LowlandsState, seat: int | None) -> dict[str, Any]:
    from meeple.games.lowlands.rules import FMODE_NAMES, PHASE_NAMES

    ctx = {
        "active": state.seat,
        "action": ACTION_SPACES[state.act] if state.act >= 0 else None,
        "ap": state.ap,
        "units": state.units,
        "tile": TILES[state.tile].key if state.tile >= 0 else None,
        "owed": _cards(state.need),
        "waivers": state.waivers,
        "row": state.row + 1 if state.row >= 0 else None,
        "trade": ("", "buy", "sell")[state.rdir],
        "lifted": EDGE_NAMES[state.lifted] if state.lifted >= 0 else None,
        "lifted_from": [EDGE_NAMES[e] for e in range(NEDGES) if state.lifted_edges >> e & 1],
        "cards_paid": state.cards_paid,
        "helper_cards": state.helper_cards,
        "fence_mode": FMODE_NAMES[state.fmode],
        "helper": state.helper if state.helper >= 0 else None,
        "help_limit": state.limit,
        "helped": state.hunits,
        "workshops_used": state.ws,
        "bonus_build": state.bonus,
        "leftover": state.leftover,
        "arg": state.arg,
    }
    v: dict[str, Any] = {
        "game": "lowlands",
        "seat": seat,
        "players": state.players,
        "to_move": state.to_move,
        "phase": PHASE_NAMES[state.phase],
        "turn": ctx,
        "stage": state.stage + 1,
        "agenda": [step[0] for step in reversed(state.agenda)][:6],
        "first": state.first,
        "value": {"index": state.value, "dike_point": VALUE_DP[state.value], "sheep": VALUE_SHEEP[state.value]},
        "flood": state.flood,
        "sea": [
            {"back": flood_back(face), "face": face if up else None} for face, up in state.sea
        ],
        "flood_deck": len(state.flood_deck),
        "dike": state.dike,
        "segments": state.segs,
        "next_segment": SEGMENTS[state.segs].color if state.segs < len(SEGMENTS) else None,
        "cubes": _cards(state.cubes),
        "track": state.track,
        "last_completed": RESOURCES[state.last_done] if state.last_done >= 0 else None,
        "tokens": {str(sp): PROGRESS_TOKENS[t].name for sp, t in zip(TOKEN_SPACES, state.token_at, strict=True)},
        "market": [[n, r.spaces] for n, r in zip(state.market, state.rows, strict=True)],
        "display": _cards(state.display),
        "deck": len(state.deck),
        "discard": _cards(state.discard),
        "tiles": {k: [TILES[i].key for i in up] for k, up in zip(TILE_KINDS, state.faceup, strict=True)},
        "stacks": {k: len(st) for k, st in zip(TILE_KINDS, state.stacks, strict=True)},
        "tides": list(state.tides),
        "storm_held": state.storm_held,
        "farms": [_player(state, s) for s in range(state.players)],
        "scores": state.scores(),
    }
    if seat is not None:
        v["hand"] = _cards(state.ps[seat].hand)
    if state.to_move is None:
        v["winners"] = state.winners()
    return v
