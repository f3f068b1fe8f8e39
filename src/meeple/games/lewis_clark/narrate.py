"""The game in words, from views only (so nothing hidden can leak): the status line and
what each move changed, automatic steps included (the Interpreter's sweep, Journal
refills, Mackenzie's moves, camps, turn and round ends, the end of the game)."""

from __future__ import annotations

from typing import Any

from meeple.games.lewis_clark.components import FORT


def _who(v: dict[str, Any], seat: int) -> str:
    return f"seat {seat} (you)" if v.get("seat") == seat else f"seat {seat}"


def _goods(d: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in d.items() if n) or "nothing"


def status(v: dict[str, Any]) -> str:
    """One line: who is being asked what, right now."""
    if v["to_move"] is None:
        winners = ", ".join(f"seat {s}" for s in v.get("winners", [])) or "nobody"
        return f"the game is over ({v.get('end', '')}): {winners} won"
    seat = v["to_move"]
    who = _who(v, seat)
    e = v["expeditions"][seat]
    turn = v["turn"]
    phase = v["phase"]
    if phase == "main":
        if not turn["acted"]:
            if e["indians"] == 0 and e["hand_size"] < 2:
                if not turn["camped"]:
                    return f"{who} cannot act and must camp first (camp costs {e['camp_time']})"
                return f"{who} still cannot act: the turn passes"
            extra = [] if turn["camped"] else ["camp"]
            extra += [] if turn["recruited"] else ["recruit"]
            more = f" (may also {' and '.join(extra)})" if extra else ""
            return f"{who} chooses the action: a character or the village{more}"
        extra = ([] if turn["recruited"] else ["recruit"]) + ([] if turn["camped"] else ["camp"])
        return f"{who} may {' or '.join(extra + ['end the turn'])}"
    if phase == "source":
        return f"{who} gives strength to {turn['pending']}: a hand card or 1-3 Indians"
    if phase == "extra":
        return f"{who} may add Indians to {turn['pending']} (total strength at most 3) or stop"
    if phase == "arc":
        return f"{who} chooses how many Indians (1-3) go to {turn['pending']}"
    if phase == "recruit":
        return (f"{who} pays the equipment for Journal slot {turn['pending']}: "
                "discard a hand card to cover it, or skip")
    top = turn["stack"][-1]
    name = top["effect"]
    step = top["step_name"]
    if step == "pay":
        return f"{who} pays {name}: {top['due']} more good(s) to choose"
    if step == "pick":
        return f"{who} takes goods of their choice from {name}: {top['left']} left"
    if step == "keep":
        room = e["capacity"] - sum(e["resources"].values())
        return (f"{who} keeps goods from {name}: {_goods(top['offer'])} on offer, room for "
                f"{room}")
    if step == "discard":
        return f"{who} may discard up to {top['left']} card(s) at Farewell"
    return f"{who} performs {name}: {top['repetitions_left']} repetition(s) left, or stop"


def narrate(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[str]:
    """What ``action`` changed, in words."""
    out: list[str] = []
    actor = before["to_move"]
    if actor is None:
        return out
    who = _who(after, actor)
    b, a = before["expeditions"][actor], after["expeditions"][actor]
    if action == "camp":
        out.append(
            f"{who} camps on space {a['camp']}: {a['time_tokens'] - b['time_tokens']} Time "
            f"token(s) (cards in hand and loaded boats; now {a['time_tokens']}); "
            f"{a['hand_size'] - b['hand_size']} card(s) back to hand, "
            f"{a['indians'] - b['indians']} Indian(s) back to the boats")
    out += _expedition_changes(before, after, action)
    out += _table_changes(before, after)
    if after["turns"] > before["turns"]:
        out += _turn_end(before, after, actor)
    if after["to_move"] is None:
        winners = ", ".join(_who(after, s) for s in after.get("winners", [])) or "nobody"
        out.append(f"the game ends: {after.get('end', '')}; {winners} won")
    return out


def _expedition_changes(before, after, action) -> list[str]:
    out = []
    for seat, (b, a) in enumerate(zip(before["expeditions"], after["expeditions"], strict=True)):
        who = _who(after, seat)
        if a["scout"] != b["scout"]:
            out.append(f"{who}'s scout moves from space {b['scout']} to {a['scout']}"
                       + (" (past Fort Clatsop)" if a["scout"] >= FORT > b["scout"] else ""))
        gained = {r: a["resources"][r] - b["resources"][r] for r in a["resources"]}
        plus = {r: n for r, n in gained.items() if n > 0}
        minus = {r: -n for r, n in gained.items() if n < 0}
        if plus:
            out.append(f"{who} gains {_goods(plus)}")
        if minus:
            out.append(f"{who} spends {_goods(minus)}")
        if a["goods_tiles"] + a["indian_tiles"] > b["goods_tiles"] + b["indian_tiles"]:
            out.append(f"{who} takes a boat tile")
        if action != "camp" and a["indians"] > b["indians"]:
            out.append(f"{who} takes {a['indians'] - b['indians']} Indian(s) onto the boats")
        if b["can_still_win"] and not a["can_still_win"]:
            out.append(f"{who} holds more Time tokens than any space allows: "
                       "that expedition can no longer win")
    return out


def _table_changes(before, after) -> list[str]:
    out = []
    swept = sum(before["village"].values()) > 0 and sum(after["village"].values()) == 0 \
        and after["powwow"] > before["powwow"]
    if swept:
        out.append("the Interpreter brings every village Indian back to the Pow-wow area")
    new = [k for k in after["journal"] if k not in before["journal"]]
    gone = [k for k in before["journal"] if k not in after["journal"]]
    discarded = after["discard"][len(before["discard"]):] if len(after["discard"]) >= len(
        before["discard"]) else []
    if len(after["discard"]) < len(before["discard"]):
        out.append("the deck ran out: the discard pile's Journal cards are shuffled into a "
                   "new deck")
    if discarded:
        out.append("discarded face up: " + ", ".join(discarded))
    if gone and not new:
        out.append("left the Journal: " + ", ".join(gone))
    if new:
        out.append("new in the Journal: " + ", ".join(new))
    return out


def _turn_end(before, after, actor) -> list[str]:
    out = []
    if before["mackenzie"] is not None and after["mackenzie"] is not None \
            and after["mackenzie"] != before["mackenzie"]:
        out.append(f"Mackenzie advances from space {before['mackenzie']} to {after['mackenzie']}")
    players = after["players"]
    if after["turns"] % players == 0 and players > 1:
        out.append(f"round {after['turns'] // players} ends")
    if after["to_move"] is None:
        return out
    check = before["progress_check"]
    if check is not None and check["turns_left"] == 1:
        out.append(f"progress check: the scouts advanced {check['advanced']} space(s) "
                   f"together (at least {check['needed']} needed): the expedition goes on")
    out.append(f"{_who(after, actor)} ends the turn; {_who(after, after['to_move'])} to move")
    return out
