"""Little Town in words, from views only (so nothing hidden can leak): the status line
(who is asked what, right now) and what a move and the automatic steps after it did
(harvest, fees paid to other players, objectives validated, round ends, feeding, the
final scoring)."""

from __future__ import annotations

from typing import Any

from meeple.games.little_town.components import (
    BUILDING_INDEX,
    BUILDINGS,
    CELL_NAMES,
    EXCHANGE_COINS,
    NEIGHBOURS,
    OBJECTIVES,
    RESOURCES,
    VISIT_FEE,
)
from meeple.games.little_town.glossary import amounts

_OBJECTIVE = {o.key: o for o in OBJECTIVES}
_HARVESTED = {"forest": 0, "mountain": 1, "lake": 3}


def _who(v: dict[str, Any], seat: int) -> str:
    return f"seat {seat}" + (" (you)" if v.get("seat") == seat else "")


def status(v: dict[str, Any]) -> str:
    """One line: who is being asked what, right now."""
    seat = v["to_move"]
    if seat is None:
        winners = " and ".join(f"seat {w}" for w in v.get("winners", []))
        scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(v["scores"]))
        return f"the game is over: {winners} won ({scores})"
    who = _who(v, seat)
    p = v["players"][seat]
    phase = v["phase"]
    step = (v.get("pawnshop_step") or 0) + 1
    asks = {
        "main": (
            f"place a worker on empty grass or build (round {v['round']}/{v['rounds']}, "
            f"{p['workers_left']} worker{'s' if p['workers_left'] != 1 else ''} to place)"
        ),
        "activate": (
            f"activate a building around the worker on {v['worker_cell']}, validate an "
            "objective, or done"
        ),
        "pawn-give": f"give the Pawnshop a cube ({step} of 2)",
        "pawn-take": f"take a cube from the Pawnshop ({step} of 2)",
        "put": f"put the {v['building_chosen']} on an empty grass cell",
        "after": "validate an objective, or end the turn",
        "residence": f"activate the buildings around the Residence on {v['worker_cell']}, or done",
        "feed": f"feed a worker with fish or wheat ({v.get('meals_left')} meals left)",
    }
    return f"{who}: {asks[phase]}"


def meal_text(meal: list[int]) -> str:
    """``seat 1: 2 fish, 1 wheat, 1 meal bought with 3 coins, 1 hungry (-3 points)``."""
    _round, seat, fish, wheat, coins, hungry = meal
    parts = []
    if fish:
        parts.append(f"{fish} fish")
    if wheat:
        parts.append(f"{wheat} wheat")
    if coins:
        parts.append(f"{coins} meal{'s' if coins > 1 else ''} bought with {EXCHANGE_COINS * coins} coins")
    if hungry:
        parts.append(f"{hungry} hungry ({-3 * hungry} points)")
    return f"seat {seat}: " + (", ".join(parts) or "no worker to feed")


def _cell(v: dict[str, Any], name: str) -> dict[str, Any]:
    c = CELL_NAMES.index(name)
    return v["meadow"][c // 9][c % 9]


def _harvest(before: dict[str, Any], name: str) -> str:
    got = [0, 0, 0, 0]
    c = CELL_NAMES.index(name)
    for n in NEIGHBOURS[c]:
        kind = _HARVESTED.get(before["meadow"][n // 9][n % 9]["terrain"])
        if kind is not None:
            got[kind] += 1
    if before["supply"] is not None:
        got = [min(g, s) for g, s in zip(got, before["supply"]["cubes"], strict=True)]
    return amounts(tuple(got))


def _payment(before: dict[str, Any], seat: int, cubes: tuple[int, ...], coins: int) -> str:
    """What paying ``cubes`` and ``coins`` cost, cubes first, 3 coins per missing cube."""
    p = before["players"][seat]
    held = tuple(min(n, p[r]) for r, n in zip(RESOURCES, cubes, strict=True))
    missing = sum(cubes) - sum(held)
    text = amounts(held, coins + EXCHANGE_COINS * missing)
    if missing:
        text += f" ({missing} cube{'s' if missing > 1 else ''} bought with coins)"
    return text


def _activation(before: dict[str, Any], seat: int, name: str) -> str:
    cell = _cell(before, name)
    key, owner = cell["building"], cell["owner"]
    b = BUILDINGS[BUILDING_INDEX[key]]
    whose = "its own" if owner == seat else f"seat {owner}'s"
    fee = f", paying {VISIT_FEE} coin to seat {owner}" if owner != seat else ""
    if b.effect == "pawn":
        return f"{_who(before, seat)} activated {whose} pawnshop on {name}{fee}: 2 cubes for 2"
    paid = _payment(before, seat, b.pay, b.pay_coins)
    gain = amounts(b.gain, b.gain_coins, b.gain_vp)
    return f"{_who(before, seat)} activated {whose} {key} on {name}{fee}: paid {paid}, gained {gain}"


def _move(before: dict[str, Any], action: str, after: dict[str, Any]) -> str | None:
    seat = before["to_move"]
    who = _who(before, seat)
    verb, _, arg = action.partition(" ")
    if verb == "place":
        return f"{who} placed a worker on {arg} and harvested {_harvest(before, arg)}"
    if verb == "build":
        b = BUILDINGS[BUILDING_INDEX[arg]]
        return f"{who} builds the {arg}, paying {_payment(before, seat, b.cost, b.cost_coins)}"
    if verb == "put":
        b = BUILDINGS[BUILDING_INDEX[before["building_chosen"]]]
        return f"{who} put the {b.key} on {arg} (+{b.vp} points)"
    if verb == "activate":
        return _activation(before, seat, arg)
    if verb == "give":
        if before["players"][seat][arg]:
            return f"{who} gave 1 {arg} to the Pawnshop"
        return f"{who} paid {EXCHANGE_COINS} coins for 1 {arg} and gave it to the Pawnshop"
    if verb == "take":
        return f"{who} took 1 {arg} from the Pawnshop"
    if verb == "buy":
        return f"{who} bought 1 {arg} for {EXCHANGE_COINS} coins"
    if verb == "claim":
        o = _OBJECTIVE[arg]
        return f"{who} validated objective {arg} (+{o.vp} points): {o.text}"
    if verb == "feed":
        return f"{who} fed a worker with {arg}"
    return None  # done, end: the automatic steps below say what followed


def _claims(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[str]:
    out = []
    for s, (p, q) in enumerate(zip(before["players"], after["players"], strict=True)):
        for key in q["objectives_claimed"][len(p["objectives_claimed"]):]:
            if action == f"claim {key}" and before["to_move"] == s:
                continue
            o = _OBJECTIVE[key]
            how = " by feeding every worker with fish" if o.kind == "fish_feed" else ""
            out.append(f"{_who(after, s)} validated objective {key} (+{o.vp} points){how}")
    return out


def _gains(before: dict[str, Any], after: dict[str, Any], part: str, what: str) -> list[str]:
    out = []
    for s, (p, q) in enumerate(zip(before["players"], after["players"], strict=True)):
        gained = q["points_from"][part] - p["points_from"][part]
        if gained:
            out.append(f"{what} gives {_who(after, s)} {gained} point{'s' if gained != 1 else ''}")
    return out


def narrate(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[str]:
    """What ``action`` and the automatic steps after it did, in words."""
    lines = []
    move = _move(before, action, after)
    if move:
        lines.append(move)
    lines += _claims(before, action, after)
    round_over = after["round"] != before["round"] or (after["to_move"] is None)
    residence = after["phase"] == "residence" and before["phase"] != "residence"
    if residence or (round_over and before["phase"] not in ("residence", "feed")):
        lines.append(f"round {before['round']} is over: every worker is out")
        lines += _gains(before, after, "cathedral", "the Cathedral (1 point per worker around it)")
    if residence:
        lines.append(
            f"seat {after['to_move']} activates the buildings around its Residence on "
            f"{after['worker_cell']}"
        )
    fed = after["feeding"][len(before["feeding"]):]
    if fed:
        lines.append(f"feeding of round {fed[0][0]}: " + "; ".join(meal_text(m) for m in fed))
    if after["to_move"] is None and before["to_move"] is not None:
        lines += _gains(before, after, "castle", "the Castle")
        lines += _gains(before, after, "watchtower", "the Watchtower")
        lines.append("coins convert: 1 point per 3 coins")
        lines.append(status(after))
    elif after["round"] != before["round"]:
        lines.append(f"round {after['round']} begins; seat {after['first']} is first player")
    elif (
        after["active"] is not None
        and after["active"] != before["active"]
        and before["active"] is not None
        and action != "end"
    ):
        lines.append(f"nothing more to do: the turn passes to {_who(after, after['active'])}")
    return lines
