"""Lewis & Clark in words, around a move: why it is refused (``why_illegal``), what it
does (``describe``) and why it would gain nothing (``futile``).

``describe`` and ``futile`` read a view only (through ``viewtable``), so they never use
what the seat may not know; ``why_illegal`` reads the state (the seat's own refusal).
Kept apart from the hot rules code; everything returns messages (``words.M``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark import effects
from meeple.games.lewis_clark.components import (
    BADGE,
    BOAT,
    COPY,
    DISTINCT,
    EFFECTS,
    FAREWELL,
    GAIN,
    INDIAN,
    JOURNAL,
    LOC_EFFECT0,
    MOVE,
    N_KINDS,
    N_LOCS,
    PICK,
    RIVER,
    ROUTE,
    STRENGTH,
    VILLAGE,
    VILLAGE_LOCS,
    Way,
)
from meeple.games.lewis_clark.expedition import Played
from meeple.games.lewis_clark.glossary import count, describe_effect, describe_way, price, ways
from meeple.games.lewis_clark.journal import SLOTS, recruit_cost, recruitable
from meeple.games.lewis_clark.route import move_scout
from meeple.games.lewis_clark.viewtable import ViewTable, running
from meeple.games.lewis_clark.words import (
    GOOD,
    KIND,
    LOC,
    M,
    card,
    good,
    goods,
    goods_list,
    goods_of,
    indians,
    location,
    the_card,
    tokens,
)
from meeple.i18n import Msg, Text, items

if TYPE_CHECKING:
    from meeple.core.actions import Action
    from meeple.games.lewis_clark.rules import LewisClarkState

#: what each phase asks, for refusals
_ASKS = {phase: f"ask.{phase}" for phase in ("source", "extra", "arc", "recruit", "main")}
#: what each step of a running action asks
_STEP_ASKS = {effects.PAY: "ask.pay", effects.CHOOSE: "ask.pick", effects.KEEP: "ask.keep",
              effects.DISCARD: "ask.discard", effects.START: "ask.start"}


def _effect_of(index: int) -> Msg:
    return card(index) if index < N_KINDS else location(index - LOC_EFFECT0)


def effect_ask(state: LewisClarkState) -> Msg:
    frame = state.effects[-1]
    return M(_STEP_ASKS[frame.step], effect=_effect_of(frame.effect))


# ---- refusals ------------------------------------------------------------------------


def why_illegal(state: LewisClarkState, a: int) -> Text:
    seat = state.to_move
    phase = state.phase
    if phase == "effect":
        return M("refuse.not_now", ask=effect_ask(state))
    if phase != "main":
        return M("refuse.not_now", ask=M(_ASKS[phase]))
    e = state.expeditions[seat]
    if not state.acted and not e.can_act() and not state.camped and a != A.CAMP:
        return M("refuse.must_camp")
    if A.PLAY <= a < A.PLAY + N_KINDS:
        k = a - A.PLAY
        if state.acted:
            return M("refuse.acted")
        if k not in e.hand:
            return M("refuse.not_in_hand", card=the_card(k))
        return M("refuse.needs_strength")
    if A.VILLAGE <= a < A.VILLAGE + N_LOCS:
        loc = a - A.VILLAGE
        if state.acted:
            return M("refuse.acted")
        if not e.indians:
            return M("refuse.no_indian")
        if VILLAGE_LOCS[loc].slug == "upgrade" and not state.boat_tiles:
            return M("refuse.no_tiles", location=location(loc))
        return M("refuse.occupied", location=location(loc))
    if A.RECRUIT <= a < A.RECRUIT + SLOTS:
        slot = a - A.RECRUIT
        if state.recruited:
            return M("refuse.one_recruit")
        if slot >= len(state.journal):
            return M("refuse.slot_empty", slot=slot + 1)
        fur, equip = recruit_cost(state, seat, slot)
        return M("refuse.recruit_cost", card=card(state.journal[slot]), slot=slot + 1,
                 cost=_fur_and_equipment(fur, equip))
    if a == A.CAMP:
        return M("refuse.camped")
    if a == A.END:
        return M("refuse.end_first")
    if A.DROP <= a < A.DROP + 6:
        if not state.options["drop_goods"]:
            return M("refuse.no_drop")
        return M("refuse.none_held", good=good(a - A.DROP))
    return M("refuse.not_now", ask=M(_ASKS["main"]))


def _fur_and_equipment(fur: int, equip: int) -> Text:
    return goods_list([0, fur, 0, equip, 0, 0])


# ---- what a move would gain: futility ------------------------------------------------------


def _room_after(t: ViewTable, seat: int, way: Way) -> int:
    """Room in the boats once the way's cost is paid."""
    return t.expeditions[seat].room + sum(way.pay) + way.any_n


def _moves(t: ViewTable, seat: int, n: int, terrain: str) -> bool:
    """Would a move of n spaces on ``terrain`` take the scout anywhere? (the engine's
    own move, tried and undone)"""
    e = t.expeditions[seat]
    if n <= 0:
        return False
    scout, used = e.scout, t.passives_used
    move_scout(t, seat, n, terrain)
    moved = e.scout != scout
    e.scout, t.passives_used = scout, used
    return moved


def _blocked(t: ViewTable, seat: int, way: Way) -> Msg:
    """Why a move goes nowhere: nothing counted, or the next space is the other terrain."""
    if way.count and effects.amount(t, seat, way) <= 0:
        return M("futile.counts_none", count=count(way, brief=True))
    nxt = min(t.expeditions[seat].scout + 1, len(ROUTE) - 1)
    return M("futile.blocked_river" if way.terrain == RIVER else "futile.blocked_mountain",
             space=nxt, terrain=M(f"terrain.{ROUTE[nxt]}"))


def _option_gain(t: ViewTable, seat: int, effect: int, code: int, depth: int) -> Msg | None:
    """None when this way (its action code) gains something; else why not."""
    eff = EFFECTS[effect]
    target = -1
    if A.VILLAGE <= code < A.VILLAGE + N_LOCS:
        way, target = eff.ways[0], code - A.VILLAGE
    elif A.COPY <= code < A.COPY + N_KINDS:
        way, target = eff.ways[0], code - A.COPY
    elif A.JOURNAL <= code < A.JOURNAL + SLOTS:
        return None
    else:
        way = eff.ways[effects.WAY_CODE[effect].index(code)]
    b = way.benefit
    if b == GAIN:
        offer = sum(way.gain) + (effects.amount(t, seat, way) if way.count else 0)
        if offer <= 0:
            return M("futile.counts_none", count=count(way, brief=True))
        return None if _room_after(t, seat, way) > 0 else M("futile.full")
    if b in (PICK, DISTINCT):
        if b == DISTINCT and effects.amount(t, seat, way) <= 0:
            return M("futile.counts_none", count=count(way, brief=True))
        return None if _room_after(t, seat, way) > 0 else M("futile.full")
    if b == MOVE:
        return None if _moves(t, seat, effects.amount(t, seat, way), way.terrain) else _blocked(t, seat, way)
    if b in (VILLAGE, COPY) and depth < 2:
        inner = LOC_EFFECT0 + target if b == VILLAGE else target
        return _effect_futility(t, seat, inner, depth + 1)
    return None  # Indians, a Journal card, Farewell, a boat tile: something changes


def _unpayable(t: ViewTable, seat: int, effect: int) -> Msg:
    """Why no way of an effect can even begin: a target is missing, or the cost."""
    eff = EFFECTS[effect]
    b = eff.ways[0].benefit
    if b == INDIAN:
        return M("futile.no_indian_to_take")
    if b == COPY and not any(effects.COPYABLE[p.card] for x in t.expeditions for p in x.play_area):
        return M("futile.nothing_to_copy")
    if b == VILLAGE and eff.ways[0].types[0] == "occupied" and not any(t.village):
        return M("futile.no_location")
    if b == BOAT and not t.boat_tiles:
        return M("futile.no_tiles")
    if b == JOURNAL and not t.journal:
        return M("futile.journal_empty")
    costs = list(dict.fromkeys(price(w) for w in eff.ways))
    return M("futile.cannot_pay", price=costs[0] if len(costs) == 1 else items(costs, "or"))


def _effect_futility(t: ViewTable, seat: int, effect: int, depth: int = 0) -> Msg | None:
    """None when some way of ``effect`` gains something now; else why none does."""
    eff = EFFECTS[effect]
    if eff.passive or not eff.ways or eff.ways[0].benefit == FAREWELL:
        return None
    options = effects.start_options(t, seat, effects.Frame(effect, 1))
    if not options:
        return _unpayable(t, seat, effect)
    reasons = [_option_gain(t, seat, effect, code, depth) for code in options]
    if any(r is None for r in reasons):
        return None
    return reasons[0]


class Move(NamedTuple):
    """A move as the words read it: who makes it, its verb and argument, the table."""

    seat: int
    text: str
    verb: str
    arg: str
    phase: str
    table: ViewTable


def _move(action: Action | str, view: dict[str, Any]) -> Move | None:
    seat = view.get("to_move")
    if seat is None:
        return None
    text = str(action)
    verb, _, arg = text.partition(" ")
    return Move(seat, text, verb, arg, view["phase"], ViewTable(view))


def futile(action: Action | str, view: dict[str, Any]) -> Msg | None:
    """Why ``action`` would gain nothing for the seat to move, from a view; None when it
    gains something (or when it is no action, repetition or target that can)."""
    move = _move(action, view)
    if move is None:
        return None
    seat, text, verb, arg, phase, t = move
    e = t.expeditions[seat]
    if phase == "main" and verb == "play" and arg in KIND:
        k = KIND[arg]
        e.play_area.append(Played(k, -1, 0))  # in play, strength from a card (Indians kept)
        if EFFECTS[k].ways and EFFECTS[k].ways[0].benefit == INDIAN:
            t.powwow += sum(t.village)  # the Interpreter's sweep comes first
        return _effect_futility(t, seat, k)
    if phase == "main" and verb == "village" and arg in LOC:
        loc = LOC[arg]
        e.indians -= 1
        t.village[loc] += 1
        return _effect_futility(t, seat, LOC_EFFECT0 + loc)
    frame = running(view)
    if phase != "effect" or frame is None or frame.step != effects.START or verb == "stop":
        return None
    code = int(A.ACTIONS.parse(text))
    if code not in effects.start_options(t, seat, frame):
        return None
    return _option_gain(t, seat, frame.effect, code, 0)


# ---- what a move does ----------------------------------------------------------------------


def _strength(k: int) -> Msg:
    return M("describe.card_facts", strength=STRENGTH[k], badge=good(BADGE[k]))


def _way_of(frame_effect: int, code: int) -> Way:
    return EFFECTS[frame_effect].ways[effects.WAY_CODE[frame_effect].index(code)]


def _way_now(t: ViewTable, seat: int, way: Way) -> Msg:
    """A way as it would play now: its text, and what a counted amount comes to."""
    text = describe_way(way, brief=True)
    if not way.count:
        return text
    n = effects.amount(t, seat, way)
    now = goods(way.types[0], n) if way.benefit == GAIN else M("spaces", n=n)
    return M("describe.now", text=text, now=now)


def _start_step(view: dict[str, Any], t: ViewTable, seat: int, verb: str, arg: str, text: str) -> Text | None:
    frame = running(view)
    if frame is None:
        return None
    code = int(A.ACTIONS.parse(text))
    if verb == "village":
        return M("describe.perform_location", location=location(LOC[arg]),
                 effect=ways(VILLAGE_LOCS[LOC[arg]].effect, brief=True))
    if verb == "copy":
        return M("describe.copy", card=card(KIND[arg]), effect=ways(EFFECTS[KIND[arg]], brief=True))
    if verb == "journal":
        slot = int(arg)
        return M("describe.journal", card=card(t.journal[slot - 1]), slot=slot)
    if verb == "stop":
        return M("describe.stop", n=frame.repetitions, effect=_effect_of(frame.effect))
    way = _way_of(frame.effect, code)
    if verb == "take":  # a collecting character's choice of good: not the keep step's "take"
        return M("describe.collect", good=good(GOOD[arg]), way=_way_now(t, seat, way))
    return _way_now(t, seat, way)


def _in_step(view: dict[str, Any], seat: int, verb: str, arg: str) -> Text | None:
    """``pay``, ``take``, ``take all``, ``skip``, ``discard`` inside a running action."""
    frame = running(view)
    if frame is None:
        return None
    step = frame.step
    if step == effects.PAY and verb == "pay":
        return M("describe.pay_any", good=goods(GOOD[arg], 1), effect=_effect_of(frame.effect))
    if step == effects.KEEP:
        offer = view["turn"]["stack"][-1]["offer"]
        if arg == "all":
            return M("describe.keep_all", goods=goods_of(offer))
        if verb == "take":
            return M("describe.keep_one", good=goods(GOOD[arg], 1), offer=goods_of(offer))
        return M("describe.decline", offer=goods_of(offer))
    if step == effects.CHOOSE:
        left = view["turn"]["stack"][-1]["left"]
        if verb == "take":
            return M("describe.choose_one", good=goods(GOOD[arg], 1), n=left)
        return M("describe.choose_none", n=left)
    if step == effects.DISCARD:
        if verb == "discard":
            return M("describe.farewell_discard", card=the_card(KIND[arg]))
        return M("describe.farewell_done")
    return None


def describe(action: Action | str, view: dict[str, Any]) -> Text | None:
    """What ``action`` does, in words, for the seat to move (``?`` and the browser)."""
    move = _move(action, view)
    if move is None:
        return None
    seat, text, verb, arg, phase, t = move
    e = view["expeditions"][seat]
    pending = view["turn"]["pending"]
    if phase == "effect":
        if running(view).step == effects.START:
            return _start_step(view, t, seat, verb, arg, text)
        return _in_step(view, seat, verb, arg)
    if verb == "play":
        k = KIND[arg]
        return M("describe.play", card=the_card(k), facts=_strength(k), effect=describe_effect(EFFECTS[k], brief=True))
    if verb == "with":
        k = KIND[arg]
        return M("describe.with", card=the_card(k), strength=STRENGTH[k], target=card(KIND[pending]))
    if verb == "indians":
        n = int(arg)
        if phase == "arc":
            return M("describe.arc", indians=indians(n), location=location(LOC[pending]),
                     effect=ways(VILLAGE_LOCS[LOC[pending]].effect, brief=True))
        return M("describe.indians", indians=indians(n), target=card(KIND[pending]))
    if verb == "stop" and phase == "extra":
        support = view["turn"]["support"]
        return M("describe.no_more_indians", strength=STRENGTH[KIND[support]] if isinstance(support, str) else 0)
    if verb == "village":
        loc = LOC[arg]
        return M("describe.village", location=location(loc), effect=ways(VILLAGE_LOCS[loc].effect, brief=True))
    if verb == "recruit":
        slot = int(arg)
        k = t.journal[slot - 1]
        fur, equip = recruit_cost(t, seat, slot - 1)
        return M("describe.recruit", card=card(k), slot=slot, facts=_strength(k),
                 cost=_fur_and_equipment(fur, equip))
    if verb == "discard":  # the recruit's equipment
        k = KIND[arg]
        return M("describe.discard_equipment", card=the_card(k), strength=STRENGTH[k])
    if verb == "skip":
        slot = int(pending)
        return M("describe.pay_equipment", equipment=goods(3, STRENGTH[t.journal[slot - 1]]))
    if verb == "camp":
        return M("describe.camp", tokens=tokens(e["camp_time"]), space=e["scout"])
    if verb == "end":
        return M("describe.end")
    if verb == "drop":
        return M("describe.drop", good=goods(GOOD[arg], 1))
    return None


def recruit_possible(view: dict[str, Any], seat: int) -> bool:
    """Whether the seat whose view this is could recruit now (status line)."""
    return bool(recruitable(ViewTable(view), seat))

