"""What each seat may see (``view``) and the worlds it cannot tell apart (``_resample``).

Public: every scout, camp, Time tokens, goods, Indians, boat tiles, hand size and play
area, the village, the Pow-wow and the stock, the Journal, the deck size, the face-up
discard pile, the running action and the game's clocks. Private: a seat's hand; a
face-down supporting card shows the others only its back (strength and badge). Hidden
from all: the deck order.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.games.lewis_clark.components import (
    BADGE,
    CARDS,
    FORT,
    LAST,
    MAX_ALLOWANCE,
    RES_NAMES,
    SLUG,
    STRENGTH,
    VILLAGE_LOCS,
)
from meeple.games.lewis_clark.effects import STEP_CODES
from meeple.games.lewis_clark.ending import (
    can_still_win,
    check_every,
    progress_needed,
    scouts_total,
)
from meeple.games.lewis_clark.rules import (  # noqa: F401 (PHASE_NAMES: for the view's readers)
    ARC,
    EXTRA,
    PHASE_NAMES,
    RECRUIT,
    SOURCE,
    LewisClarkState,
)

#: what a face-down card shows: its back (strength and badge)
BACK = tuple((c.strength, c.badge) for c in CARDS)


def _back(k: int) -> dict[str, Any]:
    return {"face_down": True, "strength": STRENGTH[k], "badge": RES_NAMES[BADGE[k]]}


def _progress_check(state: LewisClarkState) -> dict[str, int] | None:
    """Where the keep-moving check stands (LEW-15): spaces advanced since the last check,
    spaces needed, and turns until the next check."""
    every = check_every(state)
    if every is None:
        return None
    return {"advanced": scouts_total(state) - state.progress_mark,
            "needed": progress_needed(state),
            "turns_left": every - state.turns % every}


def view(state: LewisClarkState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: spectators)."""
    expeditions = []
    for s, e in enumerate(state.expeditions):
        area = []
        for p in e.play_area:
            shown: Any = None
            if p.support >= 0:
                shown = SLUG[p.support] if s == seat else _back(p.support)
            area.append({"card": SLUG[p.card], "support": shown, "indians": p.indians})
        expeditions.append({
            "resources": dict(zip(RES_NAMES, e.goods, strict=True)),
            "indians": e.indians,
            "goods_tiles": e.goods_tiles,
            "indian_tiles": e.indian_tiles,
            "capacity": e.capacity,
            "boat_time": e.boat_time(),
            "camp_time": state.camp_time(s),
            "hand_size": len(e.hand),
            "play_area": area,
            "scout": e.scout,
            "camp": e.camp,
            "time_tokens": e.time_tokens,
            "can_still_win": can_still_win(e),
        })
    stack = [{
        "effect": f.name, "repetitions_left": f.repetitions, "step": STEP_CODES[f.step],
        "step_name": f.step,
        "option": f.way, "target": f.target, "left": f.remaining, "mask": f.types_used,
        "due": f.due, "offer": {RES_NAMES[r]: n for r, n in enumerate(f.offer) if n},
    } for f in state.effects]
    pending: Any = None
    if state.phase in (SOURCE, EXTRA):
        pending = SLUG[state.playing]
    elif state.phase == ARC:
        pending = VILLAGE_LOCS[state.arc].slug
    elif state.phase == RECRUIT:
        pending = state.recruit_slot + 1
    support: Any = None
    if state.phase == EXTRA:
        support = SLUG[state.support] if seat == state.to_move else _back(state.support)
    v: dict[str, Any] = {
        "game": "lewis-clark",
        "seat": seat,
        "players": state.players,
        "to_move": state.to_move,
        "phase": state.phase,
        "turns": state.turns,
        "first": state.first_player,
        "fort": FORT,
        "last_space": LAST,
        "max_allowance": MAX_ALLOWANCE,
        "mackenzie": state.mackenzie,
        "progress_check": _progress_check(state),
        "expeditions": expeditions,
        "village": {loc.slug: n for loc, n in zip(VILLAGE_LOCS, state.village, strict=True)},
        "powwow": state.powwow,
        "indian_stock": state.indian_stock,
        "boat_tiles": state.boat_tiles,
        "journal": [SLUG[k] for k in state.journal],
        "deck": len(state.deck),
        "discard": [SLUG[k] for k in state.discard],
        "turn": {"acted": state.acted, "camped": state.camped, "recruited": state.recruited,
                 "pending": pending, "support": support, "stack": stack,
                 "fresh": dict(zip(RES_NAMES, state.gained, strict=True)),
                 "passives_used": list(state.passives_used)},
        "scores": state.scores(),
    }
    if seat is not None:
        v["hand"] = [SLUG[k] for k in sorted(state.expeditions[seat].hand, key=SLUG.__getitem__)]
    if state.to_move is None:
        v["winners"] = state.winners()
        v["end"] = state.end_reason
    return v


def resample(world: LewisClarkState, seat: int, rng: random.Random) -> None:
    """Re-choose which of another seat's cards lie face down (the deck needs nothing).

    Every card's way into a hand is public (starting hand, recruitment, Cuscalar, camp),
    so the multiset hand + face-down supports of each seat is known; only which of them
    lie face down is hidden, up to the backs (strength, badge) shown. Every pool is
    sorted before it is shuffled, so only what the view shows steers the world.
    """
    # the deck is kept sorted and drawn at random with the world's new seed, so it needs
    # no shuffle; hands are kept sorted too
    for s, e in enumerate(world.expeditions):
        if s == seat:
            continue
        slots = [i for i, p in enumerate(e.play_area) if p.support >= 0]
        extra = world.support if world.phase == EXTRA and world.to_move == s else -1
        if not slots and extra < 0:
            continue
        pool = sorted(e.hand + [e.play_area[i].support for i in slots]
                      + ([extra] if extra >= 0 else []))
        rng.shuffle(pool)
        for i in slots:
            played = e.play_area[i]
            want = BACK[played.support]
            j = next(j for j, k in enumerate(pool) if BACK[k] == want)
            e.play_area[i] = played._replace(support=pool.pop(j))
        if extra >= 0:
            want = BACK[extra]
            j = next(j for j, k in enumerate(pool) if BACK[k] == want)
            world.support = pool.pop(j)
        e.hand = sorted(pool)
