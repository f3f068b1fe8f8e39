"""Moving a scout along the route (DC-20 layout, LEW-5 crowding, the passive movers).

A move goes space by space onto its terrain or a mixed space and stops before the
other terrain (the rest is lost). A scout never ends on a space holding another scout
(St. Louis and the last space excepted): it goes on to the next free space. The route
ends at its last printed space (DC-23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.lewis_clark.components import (
    CUTNOSE,
    JARROT,
    LAROCQUE,
    LAST,
    MIXED,
    MOUNTAIN,
    RIVER,
    ROUTE,
)

if TYPE_CHECKING:
    from meeple.games.lewis_clark.rules import LewisClarkState

#: Nicholas Jarrot adds 2 river spaces, Cut Nose 1 mountain space, to one move per action
JARROT_BONUS, CUTNOSE_BONUS = 2, 1


def move_scout(s: LewisClarkState, seat: int, n: int, terrain: str) -> None:
    e = s.expeditions[seat]
    in_play = {p.card for p in e.play_area}
    used = s.passives_used
    bonus = ""
    if terrain == RIVER and JARROT in in_play and "jarrot" not in used:
        n += JARROT_BONUS
        bonus = "jarrot"
    elif terrain == MOUNTAIN and CUTNOSE in in_play and "cutnose" not in used:
        n += CUTNOSE_BONUS
        bonus = "cutnose"
    leap = LAROCQUE in in_play and "larocque" not in used
    others = {x.scout for k, x in enumerate(s.expeditions) if k != seat}
    if s.mackenzie is not None:
        others.add(s.mackenzie)
    p = e.scout
    moved = 0
    while n > 0 and p < LAST:
        q = p + 1
        if leap:  # Larocque: occupied spaces are not counted
            while q < LAST and q in others:
                q += 1
        t = ROUTE[q]
        if t != terrain and t != MIXED:
            break
        p = q
        n -= 1
        moved += 1
    if not moved:
        return
    while p < LAST and p in others:
        p += 1
    e.scout = p
    if bonus:
        used += (bonus,)
    if leap:
        used += ("larocque",)
    s.passives_used = used
