"""Why an action is refused, in words (kept apart from the hot rules code)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark.components import N_KINDS, N_LOCS, SLUG, VILLAGE_LOCS

if TYPE_CHECKING:
    from meeple.games.lewis_clark.rules import LewisClarkState

_ASKS = {
    "source": "choose the strength for the card just played: 'with <card>' or 'indians N'",
    "extra": "add 1 or 2 Indians to the supporting card ('indians N') or 'stop' (total at most 3)",
    "arc": "choose how many Indians (1-3) go to the arc: 'indians N'",
    "recruit": "pay the recruit's equipment: 'discard <card>' to cover part of it, or 'skip'",
    "main": "play a character, use the village, recruit, camp, drop goods or end the turn",
}


def _effect_ask(state: LewisClarkState) -> str:
    from meeple.games.lewis_clark.rules import (
        F_EFF,
        F_STEP,
        ST_DISCARD,
        ST_PAY,
        ST_PICK,
    )

    frame = state.stack[-1]
    eff = frame[F_EFF]
    name = SLUG[eff] if eff < N_KINDS else VILLAGE_LOCS[eff - N_KINDS].name
    step = frame[F_STEP]
    if step == ST_PAY:
        return f"{name} is being paid: choose the next resource with 'pay <resource>'"
    if step == ST_PICK:
        return f"{name} gives resources one at a time: 'take <primary>' or 'skip'"
    if step == ST_DISCARD:
        return "Farewell: 'discard <card>' (up to 3) or 'skip'"
    return f"{name} is running: choose how to perform the next repetition, or 'stop'"


def why_illegal(state: LewisClarkState, a: int) -> str:
    from meeple.games.lewis_clark.rules import PHASE_NAMES

    seat = state.to_move
    phase = PHASE_NAMES[state.phase]
    if phase == "effect":
        return "that is not one of the choices now: " + _effect_ask(state)
    if phase != "main":
        return "that is not one of the choices now: " + _ASKS[phase]
    hand = state.hands[seat]
    if A.PLAY <= a < A.PLAY + N_KINDS:
        k = a - A.PLAY
        if state.acted:
            return "you have already taken this turn's action"
        if k not in hand:
            return f"{SLUG[k]} is not in your hand"
        return "a character needs strength: another hand card or an Indian on your boats"
    if A.VILLAGE <= a < A.VILLAGE + N_LOCS:
        loc = VILLAGE_LOCS[a - A.VILLAGE]
        if state.acted:
            return "you have already taken this turn's action"
        if not state.ind[seat]:
            return "the village needs an Indian from your boats and you have none"
        if loc.slug == "upgrade" and not state.tiles:
            return "no boat tiles are left, so Expedition Upgrade cannot be taken (DC-14)"
        return f"the {loc.name} circle is occupied until an Interpreter frees it (DC-19)"
    if A.RECRUIT <= a < A.RECRUIT + 5:
        slot = a - A.RECRUIT
        if state.recruited:
            return "you may recruit only one character per turn"
        if slot >= len(state.journal):
            return f"Journal slot {slot + 1} is empty"
        fur, equip = state.recruit_cost(seat, slot)
        return f"recruiting slot {slot + 1} costs {fur} fur and {equip} equipment (a hand card may cover equipment up to its strength); you cannot pay"
    if a == A.CAMP:
        if state.camped:
            return "you have already camped this turn (DC-21)"
        return "you cannot camp now"
    if a == A.END:
        return "the action is mandatory: play a character or a village location first"
    if A.DROP <= a < A.DROP + 6:
        return "you hold none of that resource"
    if not state.can_act(seat) and not state.camped:
        return "no action is possible, so you must camp first (rule text: forced camp)"
    return "that is not one of the choices now: " + _ASKS["main"]
