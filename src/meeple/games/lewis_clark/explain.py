"""Why an action is refused, in words (kept apart from the hot rules code)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark import effects
from meeple.games.lewis_clark.components import N_KINDS, N_LOCS, SLUG, VILLAGE_LOCS
from meeple.games.lewis_clark.journal import SLOTS, recruit_cost

if TYPE_CHECKING:
    from meeple.games.lewis_clark.rules import LewisClarkState

_ASKS = {
    "source": "choose the strength for the card just played: 'with <card>' or 'indians N'",
    "extra": "add 1 or 2 Indians to the supporting card ('indians N') or 'stop' (total at most 3)",
    "arc": "choose how many Indians (1-3) go to the arc: 'indians N'",
    "recruit": "pay the recruit's equipment: 'discard <card>' to cover part of it, or 'skip'",
    "main": "play a character, use the village, recruit, camp or end the turn",
}

_STEP_ASKS = {
    effects.PAY: "{name} is being paid: choose the next good with 'pay <good>'",
    effects.CHOOSE: "{name} gives goods of your choice one at a time: 'take <good>' or 'skip'",
    effects.KEEP: "{name} gives several goods: keep them all ('take all'), one at a time "
                  "('take <good>'), or decline the rest ('skip')",
    effects.DISCARD: "Farewell: 'discard <card>' (up to 3) or 'skip'",
}


def effect_ask(state: LewisClarkState) -> str:
    frame = state.effects[-1]
    e = frame.effect
    name = SLUG[e] if e < N_KINDS else VILLAGE_LOCS[e - N_KINDS].name
    ask = _STEP_ASKS.get(frame.step)
    if ask:
        return ask.format(name=name)
    return f"{name} is running: choose how to perform the next repetition, or 'stop'"


def why_illegal(state: LewisClarkState, a: int) -> str:
    seat = state.to_move
    phase = state.phase
    if phase == "effect":
        return "that is not one of the choices now: " + effect_ask(state)
    if phase != "main":
        return "that is not one of the choices now: " + _ASKS[phase]
    e = state.expeditions[seat]
    if not state.acted and not e.can_act() and not state.camped and a != A.CAMP:
        return ("no action is possible (fewer than 2 cards in hand and no Indian on the "
                "boats), so you must camp first (rule text line 148)")
    if A.PLAY <= a < A.PLAY + N_KINDS:
        k = a - A.PLAY
        if state.acted:
            return "you have already taken this turn's action"
        if k not in e.hand:
            return f"{SLUG[k]} is not in your hand"
        return "a character needs strength: another hand card or an Indian on your boats"
    if A.VILLAGE <= a < A.VILLAGE + N_LOCS:
        loc = VILLAGE_LOCS[a - A.VILLAGE]
        if state.acted:
            return "you have already taken this turn's action"
        if not e.indians:
            return "the village needs an Indian from your boats and you have none"
        if loc.slug == "upgrade" and not state.boat_tiles:
            return "no boat tiles are left, so Expedition Upgrade cannot be taken"
        return f"the {loc.name} circle is occupied until an Interpreter frees it"
    if A.RECRUIT <= a < A.RECRUIT + SLOTS:
        slot = a - A.RECRUIT
        if state.recruited:
            return "you may recruit only one character per turn"
        if slot >= len(state.journal):
            return f"Journal slot {slot + 1} is empty"
        fur, equip = recruit_cost(state, seat, slot)
        return (f"recruiting slot {slot + 1} costs {fur} fur and {equip} equipment (a hand "
                "card may cover equipment up to its strength); you cannot pay")
    if a == A.CAMP:
        return "you have already camped this turn (one camp per turn)"
    if a == A.END:
        return "the action is mandatory: play a character or a village location first"
    if A.DROP <= a < A.DROP + 6:
        if not state.options["drop_goods"]:
            return ("goods cannot be thrown away: decline them when you gain them "
                    "(option drop_goods allows it)")
        return "you hold none of that good"
    return "that is not one of the choices now: " + _ASKS["main"]
