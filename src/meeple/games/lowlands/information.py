"""What each seat may see (``view``) and the worlds it cannot tell apart (``resample``).

Hidden: other players' hands (only their sizes and the cards everyone saw them take
face up), the resource deck order, the tile stacks, the flood deck, and the faces of
flood cards still face down (only their back, "1-3" or "4-6", shows).
"""

from __future__ import annotations

import random
from math import comb
from typing import TYPE_CHECKING, Any

from meeple.games.lowlands.components import (
    ACTION_SPACES,
    BUILD,
    PROGRESS_TOKENS,
    RESOURCES,
    SEGMENTS,
    TILE_KINDS,
    TILES,
    TOKEN_SPACES,
    VALUE_DP,
    VALUE_SHEEP,
    WORKER_EFFECTS,
    flood_back,
)
from meeple.games.lowlands.farm import CELL_NAMES, EDGE_NAMES, NEDGES
from meeple.games.lowlands.phases import AT, FMODE_NAMES, NR, PAY, PHASE_NAMES, payable

if TYPE_CHECKING:
    from meeple.games.lowlands.rules import LowlandsState


def _cards(counts) -> dict[str, int]:
    return {r: counts[i] for i, r in enumerate(RESOURCES)}


def _player(state: LowlandsState, s: int) -> dict[str, Any]:
    p = state.seats[s]
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
        "tile_sheep": _tile_sheep(p, on_tiles),
        "workers_free": p.workers_free,
        "workers": {a: p.workers[i] for i, a in enumerate(ACTION_SPACES) if p.workers[i]},
        "farmers": {str(f): (ACTION_SPACES[a] if a >= 0 else None) for f, a in zip((2, 3, 4), p.farmers, strict=True)},
        "boost": p.boost,
        "breach": p.breach,
        "dike_space": p.dike_space,
        "dike_points": p.dike_points,
        "stack_order": p.stack_order,
        "tokens_claimed": [i for i in range(len(TOKEN_SPACES)) if p.tokens_claimed >> i & 1],
        "bang_vp": p.bang_vp,
        "penalty": p.penalty,
        "storm_sheep": p.storm_sheep,
    }


def _tile_sheep(p, left: int) -> dict[str, int]:
    """Where the sheep beyond the pastures are: on the tiles that house some (External
    Stable, Pet Shop, Sheep Fold), then the Breeding Farm's Storm Tide lambs on it;
    the rest wait for a pasture (a fence being moved), under the key ``""``."""
    out: dict[str, int] = {}
    where = {k: sq for sq, k in p.farm.tiles.items()}
    for k in p.tiles:
        t = TILES[k]
        room = t.n if t.effect == "house" else p.storm_sheep if t.effect == "breeding" else 0
        put = min(room, left)
        if put > 0:
            out[CELL_NAMES[where[k]]] = put
            left -= put
    if left > 0:
        out[""] = left
    return out


def _tile_facts(k: int) -> dict[str, Any]:
    t = TILES[k]
    return {"ap": t.ap, "cost": _cards(t.cost), "vp": "!" if t.bang else t.vp, "terrain": t.terrain}


def view(state: LowlandsState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: spectators), JSON-ready; keys in
    docs/games/lowlands.md, "What a seat sees"."""
    ctx = {
        "active": state.active_seat,
        "action": ACTION_SPACES[state.action_space] if state.action_space >= 0 else None,
        "ap": state.points_left,
        "units": state.units_done,
        "tile": TILES[state.chosen_tile].key if state.chosen_tile >= 0 else None,
        "owed": _cards(state.owed),
        "waivers": state.waivers,
        "row": state.market_row + 1 if state.market_row >= 0 else None,
        "trade": ("", "buy", "sell")[state.trade_direction],
        "lifted": EDGE_NAMES[state.lifted] if state.lifted >= 0 else None,
        "lifted_from": [EDGE_NAMES[e] for e in range(NEDGES) if state.lifted_edges >> e & 1],
        "cards_paid": state.cards_paid,
        "helper_cards": state.helper_cards,
        "fence_mode": FMODE_NAMES[state.fence_mode],
        "helper": state.helper if state.helper >= 0 else None,
        "help_limit": state.help_limit,
        "helped": state.help_given,
        "workshops_used": state.workshops_used,
        "bonus_build": state.bonus_build,
        "leftover": state.drawing_leftover,
        "arg": state.step_argument,
    }
    v: dict[str, Any] = {
        "game": "lowlands",
        "options": dict(state.options),
        "seat": seat,
        "players": state.players,
        "to_move": state.to_move,
        "phase": PHASE_NAMES[state.phase],
        "turn": ctx,
        "stage": state.stage + 1,
        "agenda": [step[0] for step in reversed(state.agenda)][:6],
        "first": state.first_player,
        "value": {"index": state.value_space, "dike_point": VALUE_DP[state.value_space], "sheep": VALUE_SHEEP[state.value_space]},
        "flood": state.flood,
        "sea": [
            {"back": flood_back(face), "face": face if up else None} for face, up in state.sea
        ],
        "flood_deck": len(state.flood_deck),
        "dike": state.dike,
        "segments": state.segments_placed,
        "next_segment": SEGMENTS[state.segments_placed].color if state.segments_placed < len(SEGMENTS) else None,
        "cubes": _cards(state.cubes),
        "track": state.track_length,
        "last_completed": RESOURCES[state.last_completed] if state.last_completed >= 0 else None,
        "tokens": {str(sp): PROGRESS_TOKENS[t].name for sp, t in zip(TOKEN_SPACES, state.token_on_space, strict=True)},
        "market": [[n, r.spaces] for n, r in zip(state.market, state.market_rows, strict=True)],
        "display": _cards(state.display),
        "deck": len(state.deck),
        "discard": _cards(state.discard),
        "tiles": {k: [TILES[i].key for i in up] for k, up in zip(TILE_KINDS, state.face_up, strict=True)},
        "tile_facts": {TILES[i].key: _tile_facts(i) for up in state.face_up for i in up},
        "stacks": {k: len(st) for k, st in zip(TILE_KINDS, state.stacks, strict=True)},
        "tides": list(state.tides),
        "storm_held": state.storm_held,
        "told": [[list(x) if isinstance(x, tuple) else x for x in event] for event in state.told],
        "farms": [_player(state, s) for s in range(state.players)],
        "scores": state.scores(),
    }
    if seat is not None:
        v["hand"] = _cards(state.seats[seat].hand)
    if state.to_move is None:
        v["winners"] = state.winners()
    return v


def resample(state: LowlandsState, seat: int, rng: random.Random) -> None:
    """Resample what ``seat`` cannot see: other hands' unseen cards, the deck order,
    the tile stacks, and the face-down flood cards (kept to their visible backs).

    Every pool is built in a canonical (sorted) order before it is shuffled, so
    nothing outside ``view(seat)`` steers a world. A seat that is placing or paying
    a tile is publicly known to be able to pay it: its hand is redrawn subject to
    that alone (LL-12).
    """
    unknown: dict[int, int] = {}
    counts = [state.deck.count(t) for t in range(NR)]
    for s, p in enumerate(state.seats):
        if s == seat:
            continue
        for t in range(NR):
            u = p.hand[t] - p.known[t]
            counts[t] += u
            unknown[s] = unknown.get(s, 0) + u
            p.hand[t] = p.known[t]
    payer = state.to_move if state.phase in (AT, PAY) and state.to_move != seat else -1
    if payer >= 0:
        need, waivers = _owed(state, payer)
        got = _draw_payable(counts, state.seats[payer].hand, unknown.pop(payer), need, waivers, rng)
        for t in range(NR):
            state.seats[payer].hand[t] += got[t]
            counts[t] -= got[t]
    pool = [t for t in range(NR) for _ in range(counts[t])]
    rng.shuffle(pool)
    for s, n in unknown.items():
        hand = state.seats[s].hand
        for t in pool[:n]:
            hand[t] += 1
        del pool[:n]
    state.deck = pool
    for stack in state.stacks:
        stack.sort()
        rng.shuffle(stack)
    # flood: unrevealed sea cards are redrawn from the unseen ones with the same back
    unseen = sorted(list(state.flood_deck) + [c[0] for c in state.sea if not c[1]])
    rng.shuffle(unseen)
    for c in state.sea:
        if not c[1]:
            back = flood_back(c[0])
            i = next(i for i, f in enumerate(unseen) if flood_back(f) == back)
            c[0] = unseen.pop(i)
    state.flood_deck = unseen

def _owed(state: LowlandsState, s: int) -> tuple[list[int], int]:
    """What seat ``s`` must still pay for the tile it chose, and its discounts."""
    if state.phase == PAY:
        return list(state.owed), state.waivers
    p = state.seats[s]
    waivers = 0 if state.bonus_build else p.workers[BUILD] * WORKER_EFFECTS[BUILD].discount
    return list(TILES[state.chosen_tile].cost), waivers


def _draw_payable(
    pool: list[int], known: list[int], n: int, need: list[int], waivers: int, rng: random.Random
) -> list[int]:
    """``n`` cards drawn from ``pool`` (counts per type) without replacement, conditioned
    on ``known`` plus them paying ``need``: exact, by weighing every composition by its
    hypergeometric count (at most a few hundred of them)."""
    options: list[tuple[int, int, int]] = []
    weights: list[int] = []
    for a in range(min(n, pool[0]) + 1):
        for b in range(min(n - a, pool[1]) + 1):
            c = n - a - b
            if c > pool[2]:
                continue
            hand = (known[0] + a, known[1] + b, known[2] + c)
            if payable(hand, need, waivers):
                options.append((a, b, c))
                weights.append(comb(pool[0], a) * comb(pool[1], b) * comb(pool[2], c))
    if not options:  # cannot happen: the true hand is one of them
        raise AssertionError("no hand can pay what the seat is paying")
    return list(rng.choices(options, weights)[0])
