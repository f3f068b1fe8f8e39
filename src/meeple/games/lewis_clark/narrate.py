"""The game in words, from views only (so nothing hidden can leak): the status line and
what each move changed, automatic steps included (the Interpreter's sweep, Journal
refills, Mackenzie's moves and leaps, camps, turn and round ends, the end of the game),
and a word when a move gained nothing (``explain.futile``).

A sentence whose subject is the reader has its own message (``status.you_choose``:
French "vous choisissez", not "vous choisit"): ``said`` picks it.
"""

from __future__ import annotations

from typing import Any

from meeple.games.lewis_clark import ending
from meeple.games.lewis_clark.components import CARDS, FORT, STRENGTH
from meeple.games.lewis_clark.explain import futile, recruit_possible
from meeple.games.lewis_clark.words import (
    GOOD,
    KIND,
    LOC,
    M,
    card,
    cards,
    effect_name,
    good,
    goods_of,
    indians,
    location,
    the_card,
    tokens,
)
from meeple.i18n import Msg, Seat, Text, items

#: why a game ended (``state.end_reason``) -> the message that says it
END_TEXT = {
    ending.PACIFIC: "end.pacific",
    ending.NO_WINNER_POSSIBLE: "end.no_winner",
    ending.STUCK: "end.stuck",
    ending.MACKENZIE: "end.mackenzie",
    ending.TURN_LIMIT: "end.turn_limit",
}


def _yours(v: dict[str, Any], seat: int) -> bool:
    return v.get("seat") == seat


def said(v: dict[str, Any], seat: int, key: str, **params: Any) -> Msg:
    """``key`` with ``player=Seat(seat)``, or its ``you_`` form when the reader is that seat."""
    prefix, _, name = key.rpartition(".")
    return M(f"{prefix}.you_{name}" if _yours(v, seat) else key, player=Seat(seat), **params)


def game_over(v: dict[str, Any], prefix: str) -> Msg:
    """Why the game ended and who won ("status" line or "narrate" sentence)."""
    reason = M(END_TEXT.get(v.get("end", ""), "end.other"))
    winners = v.get("winners", [])
    if not winners:
        return M(f"{prefix}.over_nobody", reason=reason)
    if len(winners) == 1 and _yours(v, winners[0]):
        return M(f"{prefix}.over_you_won", reason=reason)
    return M(f"{prefix}.over_won", reason=reason, winners=items(Seat(s) for s in winners))


def mackenzie_turns(v: dict[str, Any]) -> int:
    """Your turns until Mackenzie reaches the fort, this one included, if the scouts stay
    where they are: one space a turn, leaping over every occupied space (he never stops
    on a scout)."""
    scouts = {e["scout"] for e in v["expeditions"]}
    pos, turns = v["mackenzie"], 0
    while pos < FORT:
        pos += 1
        while pos in scouts:
            pos += 1
        turns += 1
    return turns


def mackenzie_clock(v: dict[str, Any]) -> Msg:
    return M("status.mackenzie", space=v["mackenzie"], n=mackenzie_turns(v))


# ---- the status line ---------------------------------------------------------------


def _also(v: dict[str, Any], seat: int) -> Msg | None:
    """What else the reader may do this turn: a camp, a recruitment (only when one is
    affordable). Said to the reader only: another seat's hand is not known."""
    if not _yours(v, seat):
        return None
    turn = v["turn"]
    extra: list[Msg] = [] if turn["camped"] else [M("also.camp")]
    if not turn["recruited"] and recruit_possible(v, seat):
        extra.append(M("also.recruit"))
    return M("status.also", options=items(extra)) if extra else None


def _ask(v: dict[str, Any], seat: int) -> list[Text]:
    e = v["expeditions"][seat]
    turn = v["turn"]
    phase = v["phase"]
    pending = turn["pending"]
    if phase == "main":
        if not turn["acted"]:
            if e["indians"] == 0 and e["hand_size"] < 2:
                if not turn["camped"]:
                    return [said(v, seat, "status.must_camp", tokens=tokens(e["camp_time"]))]
                return [said(v, seat, "status.passes")]
            first = said(v, seat, "status.choose")
        else:
            first = said(v, seat, "status.acted")
        also = _also(v, seat)
        return [first] + ([also] if also else [])
    if phase == "source":
        return [said(v, seat, "status.source", card=card(KIND[pending]))]
    if phase == "extra":
        return [said(v, seat, "status.extra", card=card(KIND[pending]))]
    if phase == "arc":
        return [said(v, seat, "status.arc", location=location(LOC[pending]))]
    if phase == "recruit":
        return [said(v, seat, "status.recruit", card=card(KIND[v["journal"][pending - 1]]), slot=pending)]
    top = turn["stack"][-1]
    effect = effect_name(top["effect"])
    step = top["step_name"]
    if step == "pay":
        return [said(v, seat, "status.pay", effect=effect, n=top["due"])]
    if step == "pick":
        return [said(v, seat, "status.pick", effect=effect, n=top["left"])]
    if step == "keep":
        room = e["capacity"] - sum(e["resources"].values())
        return [said(v, seat, "status.keep", effect=effect, offer=goods_of(top["offer"]), room=room)]
    if step == "discard":
        return [said(v, seat, "status.discard", n=top["left"])]
    return [said(v, seat, "status.start", effect=effect, n=top["repetitions_left"])]


def status(v: dict[str, Any]) -> Text:
    """One line: who is being asked what, right now; solo, when Mackenzie arrives."""
    if v["to_move"] is None:
        return game_over(v, "status")
    parts = _ask(v, v["to_move"])
    if v["mackenzie"] is not None:
        parts.append(mackenzie_clock(v))
    return items(parts, "parts") if len(parts) > 1 else parts[0]


# ---- what happened -----------------------------------------------------------------


def _support(p: dict[str, Any]) -> list[Text]:
    """How a played card got its strength: its supporting card (or that card's back)
    and its Indians."""
    out: list[Text] = []
    sup = p["support"]
    if isinstance(sup, str):
        out.append(the_card(KIND[sup]))
    elif sup is not None:
        out.append(M("narrate.face_down", strength=sup["strength"], badge=good(GOOD[sup["badge"]])))
    if p["indians"]:
        out.append(indians(p["indians"]))
    return out


def _strength_of(p: dict[str, Any]) -> int:
    sup = p["support"]
    base = STRENGTH[KIND[sup]] if isinstance(sup, str) else sup["strength"] if sup else 0
    return base + p["indians"]


def _action_began(before: dict[str, Any], action: str, after: dict[str, Any], actor: int) -> list[Msg]:
    """The character played with its strength, or the Indians placed in the village."""
    phase = before["phase"]
    if phase in ("source", "extra") and after["phase"] not in ("source", "extra"):
        played = after["expeditions"][actor]["play_area"][-1]
        k = KIND[played["card"]]
        if CARDS[k].effect.passive:
            return [said(after, actor, "narrate.plays_passive", card=the_card(k))]
        return [said(after, actor, "narrate.plays", card=the_card(k), strength=_strength_of(played),
                     how=items(_support(played)))]
    if phase == "main" and action.startswith("village "):
        slug = action.split(" ", 1)[1]
        if before["village"][slug] < after["village"][slug]:  # a circle (an arc asks how many)
            return [said(after, actor, "narrate.village", indians=indians(1), location=location(LOC[slug]))]
    if phase == "arc":
        n = int(action.split()[1])
        return [said(after, actor, "narrate.village", indians=indians(n),
                     location=location(LOC[before["turn"]["pending"]]))]
    if phase == "main" and action.startswith("recruit "):
        slot = int(action.split()[1])
        return [said(after, actor, "narrate.recruit", card=card(KIND[before["journal"][slot - 1]]), slot=slot)]
    return []


def _camp(before: dict[str, Any], after: dict[str, Any], actor: int) -> Msg:
    b, a = before["expeditions"][actor], after["expeditions"][actor]
    return said(after, actor, "narrate.camp", space=a["camp"],
                tokens=tokens(a["time_tokens"] - b["time_tokens"]), total=a["time_tokens"],
                cards=cards(a["hand_size"] - b["hand_size"]), indians=indians(a["indians"] - b["indians"]))


def narrate(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[Text]:
    """What ``action`` changed, in words."""
    out: list[Text] = []
    actor = before["to_move"]
    if actor is None:
        return out
    reason = futile(action, before)
    if reason is not None:
        out.append(M("narrate.futile", move=action, reason=reason))
    if action == "camp":
        out.append(_camp(before, after, actor))
    out += _action_began(before, action, after, actor)
    out += _expedition_changes(before, after, action)
    out += _table_changes(before, after)
    if after["turns"] > before["turns"]:
        out += _turn_end(before, after, actor)
    if after["to_move"] is None:
        out.append(game_over(after, "narrate"))
    return out


def _expedition_changes(before: dict[str, Any], after: dict[str, Any], action: str) -> list[Msg]:
    out = []
    for seat, (b, a) in enumerate(zip(before["expeditions"], after["expeditions"], strict=True)):
        if a["scout"] != b["scout"]:
            key = "narrate.scout_fort" if a["scout"] >= FORT > b["scout"] else "narrate.scout"
            out.append(said(after, seat, key, start=b["scout"], end=a["scout"]))
        delta = {r: a["resources"][r] - b["resources"][r] for r in a["resources"]}
        plus = {r: n for r, n in delta.items() if n > 0}
        minus = {r: -n for r, n in delta.items() if n < 0}
        if plus:
            out.append(said(after, seat, "narrate.gains", goods=goods_of(plus)))
        if minus:
            out.append(said(after, seat, "narrate.pays", goods=goods_of(minus)))
        if a["goods_tiles"] > b["goods_tiles"]:
            out.append(said(after, seat, "narrate.tile_goods"))
        if a["indian_tiles"] > b["indian_tiles"]:
            out.append(said(after, seat, "narrate.tile_indian"))
        if action != "camp" and a["indians"] > b["indians"]:
            out.append(said(after, seat, "narrate.indians", indians=indians(a["indians"] - b["indians"])))
        if b["can_still_win"] and not a["can_still_win"]:
            out.append(said(after, seat, "narrate.out"))
    return out


def _names(slugs: list[str]) -> Text:
    return items((card(KIND[k]) for k in slugs), "comma")


def _table_changes(before: dict[str, Any], after: dict[str, Any]) -> list[Msg]:
    out = []
    swept = sum(before["village"].values()) > 0 and sum(after["village"].values()) == 0 \
        and after["powwow"] > before["powwow"]
    if swept:
        out.append(M("narrate.sweep", indians=indians(sum(before["village"].values()))))
    new = [k for k in after["journal"] if k not in before["journal"]]
    gone = [k for k in before["journal"] if k not in after["journal"]]
    grew = len(after["discard"]) >= len(before["discard"])
    discarded = after["discard"][len(before["discard"]):] if grew else []
    if not grew:
        out.append(M("narrate.reshuffle"))
    if discarded:
        out.append(M("narrate.discarded", cards=_names(discarded)))
    if gone and not new:
        out.append(M("narrate.left_journal", cards=_names(gone)))
    if new:
        out.append(M("narrate.new_journal", cards=_names(new)))
    return out


def _mackenzie(before: dict[str, Any], after: dict[str, Any]) -> list[Msg]:
    start, end = before["mackenzie"], after["mackenzie"]
    if start is None or end is None or start == end:
        return []
    leapt = [s for s in range(start + 1, end) if any(e["scout"] == s for e in before["expeditions"])]
    clock = M("narrate.clock", n=mackenzie_turns(after)) if end < FORT else M("narrate.at_fort")
    if leapt:
        return [M("narrate.mackenzie_leaps", start=start, end=end, spaces=items(leapt), clock=clock)]
    return [M("narrate.mackenzie", start=start, end=end, clock=clock)]


def _turn_end(before: dict[str, Any], after: dict[str, Any], actor: int) -> list[Msg]:
    """What ends with a turn, in the order it happens: Mackenzie's move (solo), the turn
    (and who moves next), then the round it closes and the round's progress check."""
    out = _mackenzie(before, after)
    players = after["players"]
    if after["to_move"] is not None:
        nxt = after["to_move"]
        if nxt == actor:
            out.append(said(after, actor, "narrate.turn_over"))
        elif _yours(after, nxt):
            out.append(M("narrate.turn_to_you", player=Seat(actor)))
        else:
            out.append(said(after, actor, "narrate.turn_end", next=Seat(nxt)))
    if after["turns"] % players == 0 and players > 1:
        out.append(M("narrate.round_ends", round=after["turns"] // players))
    check = before["progress_check"]
    if after["to_move"] is not None and check is not None and check["turns_left"] == 1:
        out.append(M("narrate.progress_passed", advanced=M("spaces", n=check["advanced"]),
                     needed=check["needed"]))
    return out

