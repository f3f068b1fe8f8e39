"""What each seat may see (``view``) and a resampled world it cannot tell apart
(``determinize``). Kept apart from the rules engine; the state delegates here."""

from __future__ import annotations

import random
from typing import Any

from meeple.games.lewis_clark.components import N_KINDS, RES_NAMES, SLUG, VILLAGE_LOCS
from meeple.games.lewis_clark.rules import (
    ARC,
    BACK,
    EXTRA,
    F_EFF,
    F_LEFT,
    F_MASK,
    F_OPT,
    F_REPS,
    F_STEP,
    FORT,
    LAST,
    PHASE_NAMES,
    RECRUIT,
    SOURCE,
    LewisClarkState,
)


def view(state: LewisClarkState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: spectators): hands private, backs of face-down cards."""
    def card(k: int) -> str:
        return SLUG[k]

    def back(k: int) -> dict[str, Any]:
        s, b = BACK[k]
        return {"face_down": True, "strength": s, "badge": RES_NAMES[b]}

    expeditions = []
    for s in range(state.players):
        area = []
        for kind, sup, ind in state.areas[s]:
            shown: Any = None
            if sup >= 0:
                shown = card(sup) if s == seat else back(sup)
            area.append({"card": card(kind), "support": shown, "indians": ind})
        expeditions.append({
            "resources": dict(zip(RES_NAMES, state.res[s], strict=True)),
            "indians": state.ind[s],
            "goods_tiles": state.gt[s],
            "indian_tiles": state.it[s],
            "capacity": state.capacity(s),
            "boat_time": state.boat_time(s),
            "hand_size": len(state.hands[s]),
            "play_area": area,
            "scout": state.pos[s],
            "camp": state.camp[s],
            "time_tokens": state.time[s],
        })
    stack = []
    for f in state.stack:
        eff_i = f[F_EFF]
        name = SLUG[eff_i] if eff_i < N_KINDS else "village " + VILLAGE_LOCS[eff_i - N_KINDS].slug
        stack.append({"effect": name, "repetitions_left": f[F_REPS], "step": f[F_STEP],
                      "option": f[F_OPT], "left": f[F_LEFT], "mask": f[F_MASK],
                      "due": f[6] if len(f) > 6 else 0})
    pending: Any = None
    if state.phase in (SOURCE, EXTRA):
        pending = card(state.pending)
    elif state.phase == ARC:
        pending = VILLAGE_LOCS[state.pending].slug
    elif state.phase == RECRUIT:
        pending = state.pending + 1
    support: Any = None
    if state.phase == EXTRA:
        support = card(state.support) if seat == state.to_move else back(state.support)
    v: dict[str, Any] = {
        "game": "lewis-clark",
        "seat": seat,
        "players": state.players,
        "to_move": state.to_move,
        "phase": PHASE_NAMES[state.phase],
        "turns": state.turns,
        "first": state.first,
        "fort": FORT,
        "last_space": LAST,
        "mackenzie": state.mack if state.mack >= 0 else None,
        "expeditions": expeditions,
        "village": {loc.slug: n for loc, n in zip(VILLAGE_LOCS, state.village, strict=True)},
        "powwow": state.powwow,
        "indian_stock": state.stock,
        "boat_tiles": state.tiles,
        "journal": [card(k) for k in state.journal],
        "deck": len(state.deck),
        "discard": [card(k) for k in state.discard],
        "turn": {"acted": state.acted, "camped": state.camped, "recruited": state.recruited,
                 "pending": pending, "support": support, "stack": stack,
                 "fresh": dict(zip(RES_NAMES, state.fresh, strict=True))},
        "scores": state.scores(),
    }
    if seat is not None:
        v["hand"] = sorted(card(k) for k in state.hands[seat])
    if state.to_move is None:
        v["winners"] = state.winners()
        v["end"] = state.end_reason
    return v

def resample(new: LewisClarkState, seat: int, rng: random.Random) -> None:
    """Reshuffle the deck; re-choose which of another seat's cards lie face down.

    Every card's way into a hand is public (starting hand, recruitment, camp), so
    the multiset hand + face-down supports of each seat is known; only which of
    them are face down is hidden, up to the backs (strength, badge) shown.
    """
    rng.shuffle(new.deck)
    for s in range(new.players):
        if s == seat:
            continue
        slots: list[list[int]] = [e for e in new.areas[s] if e[1] >= 0]
        extra = new.support if new.phase == EXTRA and new.to_move == s else -1
        if not slots and extra < 0:
            continue
        pool = new.hands[s] + [e[1] for e in slots] + ([extra] if extra >= 0 else [])
        rng.shuffle(pool)
        for e in slots:
            want = BACK[e[1]]
            i = next(j for j, k in enumerate(pool) if BACK[k] == want)
            e[1] = pool.pop(i)
        if extra >= 0:
            want = BACK[extra]
            i = next(j for j, k in enumerate(pool) if BACK[k] == want)
            new.support = pool.pop(i)
        new.hands[s] = pool


