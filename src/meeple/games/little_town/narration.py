"""Little Town in words, from views only (so nothing hidden can leak): the status line
(who is asked what, right now, and a warning when the round's feeding will cost points)
and what a move and the automatic steps after it did (harvest, fees paid to other
players, objectives validated, round ends, feeding, the final scoring)."""

from __future__ import annotations

from typing import Any

from meeple.games.little_town.components import (
    EXCHANGE_COINS,
    HUNGER_VP,
    RESOURCES,
    VISIT_FEE,
)
from meeple.games.little_town.explain import cell_of, harvest
from meeple.games.little_town.words import (
    OBJECTIVE_BY_KEY,
    M,
    amount,
    amounts,
    building,
    building_of,
    food_forecast,
    objective,
    points,
    the_building,
)
from meeple.i18n import Seat, Text, items

#: a warning of hunger is given when the seat to move has this many workers left or fewer
WARN_WORKERS_LEFT = 2


def game_over(v: dict[str, Any]) -> Text:
    winners = v.get("winners", [])
    scores = items((M("status.score", player=Seat(s), points=p) for s, p in enumerate(v["scores"])), "comma")
    return M("status.over", n=len(winners), winners=items(Seat(w) for w in winners), scores=scores)


def hunger_warning(v: dict[str, Any], seat: int) -> Text | None:
    """"this round's feeding: 2 workers would go hungry (-6 points)", when ``seat`` is
    about to place its last workers of the round and its food and coins fall short."""
    p = v["players"][seat]
    if v["phase"] != "main" or p["workers_left"] > WARN_WORKERS_LEFT:
        return None
    needed, bought, hungry = food_forecast(p, len(v["players"]))
    if not hungry:
        return None
    return M("status.hunger", n=hungry, points=points(-HUNGER_VP * hungry), needed=needed)


def status(v: dict[str, Any]) -> Text:
    """One line: who is being asked what, right now."""
    seat = v["to_move"]
    if seat is None:
        return game_over(v)
    p = v["players"][seat]
    phase = v["phase"]
    who = Seat(seat)
    step = (v.get("pawnshop_step") or 0) + 1
    if phase == "main":
        ask = M("status.main", player=who, round=v["round"], rounds=v["rounds"],
                workers=M("status.workers_left", n=p["workers_left"]))
    elif phase in ("activate", "residence"):
        ask = M(f"status.{phase}", player=who, cell=v["worker_cell"])
    elif phase in ("pawn-give", "pawn-take"):
        ask = M(f"status.{phase}", player=who, step=step)
    elif phase == "put":
        ask = M("status.put", player=who, building=the_building(v["building_chosen"]))
    elif phase == "feed":
        ask = M("status.feed", player=who, meals=M("status.meals_left", n=v.get("meals_left") or 0))
    else:
        ask = M("status.after", player=who)
    warning = hunger_warning(v, seat)
    return items((ask, warning), "parts") if warning is not None else ask


def meal_text(meal: list[int]) -> Text:
    """``Ada: 2 fish, 1 wheat, 1 meal bought with 3 coins, 1 hungry (-3 points)``."""
    _round, seat, fish, wheat, coins, hungry = meal
    parts: list[Text] = []
    if fish:
        parts.append(amount("fish", fish))
    if wheat:
        parts.append(amount("wheat", wheat))
    if coins:
        parts.append(M("meal.bought", n=coins, coins=amount("coins", EXCHANGE_COINS * coins)))
    if hungry:
        parts.append(M("meal.hungry", n=hungry, points=points(-HUNGER_VP * hungry)))
    return M("meal.line", player=Seat(seat), meals=items(parts, "comma") if parts else M("meal.none"))


def _payment(before: dict[str, Any], seat: int, cubes: tuple[int, ...], coins: int) -> Text:
    """What paying ``cubes`` and ``coins`` cost, cubes first, 3 coins per missing cube."""
    p = before["players"][seat]
    held = tuple(min(n, p[r]) for r, n in zip(RESOURCES, cubes, strict=True))
    missing = sum(cubes) - sum(held)
    text = amounts(held, coins + EXCHANGE_COINS * missing)
    return M("narrate.bought", paid=text, n=missing) if missing else text


def _activation(before: dict[str, Any], seat: int, cell: str) -> list[Text]:
    c = cell_of(before, cell)
    b = building_of(c["building"])
    if b.effect == "pawn":
        line: Text = M("narrate.pawnshop", building=building(b.key), cell=cell)
    else:
        line = M("narrate.activate", building=building(b.key), cell=cell,
                 paid=_payment(before, seat, b.pay, b.pay_coins), gained=amounts(b.gain, b.gain_coins, b.gain_vp))
    if c["owner"] == seat:
        return [line]
    return [line, M("narrate.fee", owner=Seat(c["owner"]), coins=amount("coins", VISIT_FEE))]


def _move(before: dict[str, Any], action: str) -> list[Text]:
    seat = before["to_move"]
    verb, _, arg = action.partition(" ")
    if verb == "place":
        got = harvest(before, arg)
        return [M("narrate.place", cell=arg, goods=amounts(got) if any(got) else M("nothing"))]
    if verb == "build":
        b = building_of(arg)
        return [M("narrate.build", building=building(arg), paid=_payment(before, seat, b.cost, b.cost_coins))]
    if verb == "put":
        b = building_of(before["building_chosen"])
        return [M("narrate.put", building=building(b.key), cell=arg, points=points(b.vp))]
    if verb == "activate":
        return _activation(before, seat, arg)
    if verb == "give":
        if before["players"][seat][arg]:
            return [M("narrate.give", cube=amount(arg, 1))]
        return [M("narrate.give_bought", cube=amount(arg, 1), coins=amount("coins", EXCHANGE_COINS))]
    if verb == "take":
        return [M("narrate.take", cube=amount(arg, 1))]
    if verb == "buy":
        return [M("narrate.buy", cube=amount(arg, 1), coins=amount("coins", EXCHANGE_COINS))]
    if verb == "claim":
        o = OBJECTIVE_BY_KEY[arg]
        return [M("narrate.claim", key=arg, points=points(o.vp), text=objective(arg))]
    if verb == "feed":
        return [M("narrate.feed", cube=amount(arg, 1))]
    return []  # done, end: the automatic steps below say what followed


def _claims(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[Text]:
    out: list[Text] = []
    for s, (p, q) in enumerate(zip(before["players"], after["players"], strict=True)):
        for key in q["objectives_claimed"][len(p["objectives_claimed"]):]:
            if action == f"claim {key}" and before["to_move"] == s:
                continue
            o = OBJECTIVE_BY_KEY[key]
            how = "narrate.claimed_fish" if o.kind == "fish_feed" else "narrate.claimed"
            out.append(M(how, player=Seat(s), key=key, points=points(o.vp), text=objective(key)))
    return out


def _gains(before: dict[str, Any], after: dict[str, Any], part: str) -> list[Text]:
    out: list[Text] = []
    for s, (p, q) in enumerate(zip(before["players"], after["players"], strict=True)):
        gained = q["points_from"][part] - p["points_from"][part]
        if gained:
            out.append(M(f"narrate.{part}", player=Seat(s), points=points(gained)))
    return out


def narrate(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[Text]:
    """What ``action`` and the automatic steps after it did, in words."""
    lines = _move(before, action)
    lines += _claims(before, action, after)
    round_over = after["round"] != before["round"] or (after["to_move"] is None)
    residence = after["phase"] == "residence" and before["phase"] != "residence"
    if residence or (round_over and before["phase"] not in ("residence", "feed")):
        lines.append(M("narrate.round_over", round=before["round"]))
        lines += _gains(before, after, "cathedral")
    if residence:
        lines.append(M("narrate.residence", player=Seat(after["to_move"]), cell=after["worker_cell"]))
    fed = after["feeding"][len(before["feeding"]):]
    if fed:
        lines.append(M("narrate.feeding", round=fed[0][0], meals=items((meal_text(m) for m in fed), "parts")))
    if after["to_move"] is None and before["to_move"] is not None:
        lines += _gains(before, after, "castle")
        lines += _gains(before, after, "watchtower")
        lines.append(M("narrate.coins", coins=amount("coins", EXCHANGE_COINS)))
        lines.append(game_over(after))
    elif after["round"] != before["round"]:
        lines.append(M("narrate.next_round", round=after["round"], player=Seat(after["first"])))
    elif (
        after["active"] is not None
        and after["active"] != before["active"]
        and before["active"] is not None
        and action != "end"
    ):
        lines.append(M("narrate.next", player=Seat(after["active"])))
    return lines

