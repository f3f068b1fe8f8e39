"""Lowlands in words: who is asked what, what just happened, each part of the score.

Everything here returns messages (``words.M``), rendered in the reader's language by
the client. ``status`` and ``narrate`` read views only, so they can never tell a seat
more than it may know; what the automatic steps did between two decisions (a tile's
immediate effect, breeding, income, a High Tide, the Storm Tide, the market's help)
comes from the view's ``told`` list, which the engine fills as the steps run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.lowlands import describe as moves
from meeple.games.lowlands.components import HAND_LIMIT, TILES, TOKEN_SPACES
from meeple.games.lowlands.words import M, cost, res, the_tile, token
from meeple.i18n import COMMON, Msg, Seat, Text, items

if TYPE_CHECKING:
    from meeple.games.lowlands.rules import LowlandsState

TILE = {t.key: t for t in TILES}


def you(view: dict[str, Any], seat: int) -> str:
    """The id prefix of the message whose subject is ``seat``: ``you_`` when the reader
    sits there (the verb agrees with "you": "vous construisez"), else nothing."""
    return "you_" if view.get("seat") == seat else ""


def points(n: int) -> Msg:
    return COMMON("points", n=n)


# ---- who is asked what -------------------------------------------------------------------


def _token_at(view: dict[str, Any], slot: int) -> str:
    return view["tokens"][str(TOKEN_SPACES[slot])]


def asked(view: dict[str, Any]) -> Msg:
    """What the seat to move is asked, in words ("Ada pays for the Bank: still owed 1
    wood")."""
    seat = view["to_move"]
    turn = view["turn"]
    ph = view["phase"]
    pre = f"status.{you(view, seat)}"
    player = Seat(seat)
    ap = turn["ap"]
    if ph == "build":
        return M(pre + ("bonus_build" if turn["bonus_build"] else "build"), player=player, n=ap)
    if ph == "at":
        return M(pre + "at", player=player, tile=the_tile(turn["tile"]))
    if ph == "pay":
        return M(pre + "pay", player=player, tile=the_tile(turn["tile"]), owed=cost(turn["owed"]))
    if ph == "help":
        return M(pre + "help", player=player, active=Seat(turn["active"]), n=turn["help_limit"],
                 given=turn["helped"])
    if ph == "fence at":
        return M(pre + f"fence_at_{turn['fence_mode']}", player=player)
    if ph == "draw":
        return M(pre + ("leftover" if turn["leftover"] else "draw"), player=player, n=ap)
    if ph == "token":
        return M(pre + "token", player=player, token=token(_token_at(view, turn["arg"])))
    if ph == "income":
        return M(pre + "income", player=player, n=turn["arg"])
    if ph == "discard":
        return M(pre + "discard", player=player, n=view["farms"][seat]["hand_size"], limit=HAND_LIMIT)
    if ph in ("dike", "fence", "market"):
        return M(pre + ph, player=player, n=ap)
    return M(pre + ph, player=player)  # place, ask, worker, upkeep


def game_over(view: dict[str, Any], prefix: str = "status") -> Msg:
    """Who won (one winner always: ties go furthest on the dike track, then the marker
    on top, ruling LL-25) and with how many points."""
    w = view["winners"][0]
    return M(f"{prefix}.{you(view, w)}win", player=Seat(w), points=points(view["scores"][w]))


def status(view: dict[str, Any]) -> Text:
    """One line: who is asked what right now, the stage and the flood against the dike."""
    if view["to_move"] is None:
        return game_over(view)
    holds = "holds" if view["dike"] >= view["flood"] else "breaks"
    return items([
        asked(view),
        M("status.stage", stage=view["stage"]),
        M(f"status.{holds}", flood=view["flood"], dike=view["dike"]),
    ], "parts")


# ---- what happened -------------------------------------------------------------------------


def _square_of(view: dict[str, Any], seat: int, key: str) -> str:
    return next((sq for sq, k in view["farms"][seat]["tiles"].items() if k == key), "?")


def _told_tile(view: dict[str, Any], seat: int, key: str, got: int) -> list[Text]:
    """A tile paid for: where it went and what its immediate effect brought."""
    t = TILE[key]
    pre = f"narrate.{you(view, seat)}"
    where = {"player": Seat(seat), "tile": the_tile(key), "square": _square_of(view, seat, key)}
    if t.effect in ("bank", "coins"):
        return [M(pre + "built_coins", n=got, **where)]
    if t.effect == "cards":
        return [M(pre + "built_cards", n=got, **where)]
    if t.effect in ("sheep", "breeding", "trough"):
        wanted = t.n if t.effect == "sheep" else 1
        if not got:
            return [M(pre + "built_no_room", n=wanted, **where)]
        lines: list[Text] = [M(pre + "built_sheep", n=got, **where)]
        if got < wanted:
            lines.append(M("narrate.sheep_lost", n=wanted - got))
        return lines
    return [M(pre + "built", **where)]


def _counts(ids: tuple[str, ...], numbers: tuple[int, ...]) -> Text:
    """The non-zero counts as a list ("2 cards and 1 coin"), or "nothing"."""
    parts = [M(ident, n=n) for ident, n in zip(ids, numbers, strict=True) if n]
    return items(parts) if parts else M("narrate.nothing")


#: per kind of ``told`` event: the sentence that lists the seats, and the counted words
#: of each seat's numbers (breeding is worded apart: lambs born, and those without room)
PER_SEAT = {
    "income": ("narrate.income", ("narrate.cards", "narrate.coins", "narrate.either")),
    "storm": ("narrate.breach_paid", ("narrate.lost_sheep", "narrate.paid_coins", "narrate.lost_points")),
}


def _told_seats(kind: str, events: list[list]) -> list[Text]:
    """One line for the events of one kind: each seat and what it got or paid."""
    parts = []
    for _, seat, *numbers in events:
        if kind == "breed":
            lambs, got = numbers
            what: Text = M("narrate.lambs", n=got)
            if got < lambs:
                what = M("narrate.lambs_lost", lambs=what, lost=M("narrate.without_room", n=lambs - got))
        else:
            what = _counts(PER_SEAT[kind][1], tuple(numbers))
        parts.append(M("narrate.seat_gets", player=Seat(seat), what=what))
    head = "narrate.breeding" if kind == "breed" else PER_SEAT[kind][0]
    return [M(head, list=items(parts, "parts"))] if parts else []


def _amounts(amounts: list[int]) -> Text:
    return items((M("narrate.plus", player=Seat(s), n=n) for s, n in enumerate(amounts)), "comma")


def _told_high(view: dict[str, Any], event: list) -> list[Text]:
    _, held, amounts = event
    value = view["value"]
    verdict = "high_holds" if held else "high_breaks"
    return [
        M(f"narrate.{verdict}", flood=view["flood"], dike=view["dike"], dp=value["dike_point"],
          sheep=value["sheep"]),
        M("narrate.high_coins" if held else "narrate.high_breach", list=_amounts(amounts)),
    ]


def _told_market(event: list) -> list[Text]:
    _, shown, moved = event
    if not shown:
        return [M("narrate.market_none")]
    return [M("narrate.market", cards=items(res(r) for r in shown), n=moved)]


def _markers(before: dict[str, Any], after: dict[str, Any]) -> list[Text]:
    lines: list[Text] = []
    for seat, (old, new) in enumerate(zip(before["farms"], after["farms"], strict=True)):
        moved = new["dike_space"] - old["dike_space"]
        if moved > 0:
            lines.append(M(f"narrate.{you(after, seat)}marker", player=Seat(seat), n=moved,
                           space=new["dike_space"], dp=new["dike_points"]))
    return lines


def _flood(before: dict[str, Any], after: dict[str, Any]) -> list[Text]:
    turned = [c["face"] for c in after["sea"] if c["face"] is not None]
    was = [c["face"] for c in before["sea"] if c["face"] is not None]
    if len(after["sea"]) == len(before["sea"]) and len(turned) > len(was):
        return [M("narrate.flood_card", face=turned[-1], flood=after["flood"])]
    if after["sea"] and after["sea"] != before["sea"] and turned:
        return [M("narrate.new_flood", face=turned[0], flood=after["flood"])]
    return []


def _farmers_home(before: dict[str, Any], after: dict[str, Any]) -> bool:
    placed = any(a for f in before["farms"] for a in f["farmers"].values())
    return placed and after["to_move"] is not None and not any(
        a for f in after["farms"] for a in f["farmers"].values())


def narrate(before: dict[str, Any], action: str, after: dict[str, Any]) -> list[Text]:
    """What ``action`` and the automatic steps after it did, in the order they happened:
    a move that brought nothing, a tile's effect, the market's help, dike segments and
    markers, breeding and income, farmers home, a new first player, flood cards, the
    High Tides, a new stage, the Storm Tide and the end. Views only."""
    lines: list[Text] = list(moves.result(before, action))
    told = after.get("told", [])
    for event in told:
        if event[0] == "tile":
            lines += _told_tile(after, event[1], event[2], event[3])
        elif event[0] == "market":
            lines += _told_market(event)
    if after["segments"] > before["segments"]:
        lines.append(M("narrate.segments", n=after["segments"] - before["segments"], dike=after["dike"]))
    lines += _markers(before, after)
    lines += _told_seats("breed", [e for e in told if e[0] == "breed"])
    lines += _told_seats("income", [e for e in told if e[0] == "income"])
    if _farmers_home(before, after):
        lines.append(M("narrate.home"))
    if after["first"] != before["first"] and after["to_move"] is not None:
        lines.append(M(f"narrate.{you(after, after['first'])}first", player=Seat(after["first"])))
    flood = _flood(before, after)
    stage_first = after["stage"] != before["stage"]
    if not stage_first:
        lines += flood
    for event in told:
        if event[0] == "high":
            lines += _told_high(after, event)
    if stage_first:
        lines.append(M("narrate.stage", stage=after["stage"]))
        lines += flood
    if after["storm_held"] is not None and before["storm_held"] is None:
        lines.append(M("narrate.storm_holds" if after["storm_held"] else "narrate.storm_breaks",
                       flood=after["flood"], dike=after["dike"]))
        bang = [(s, f["bang_vp"]) for s, f in enumerate(after["farms"]) if f["bang_vp"]]
        if bang:
            lines.append(M("narrate.bang", list=items(
                (M("narrate.plus", player=Seat(s), n=n) for s, n in bang), "comma")))
        lines += _told_seats("storm", [e for e in told if e[0] == "storm"])
    if after["to_move"] is None and before["to_move"] is not None:
        lines.append(game_over(after, "narrate"))
    return lines


# ---- the score -----------------------------------------------------------------------------


def score_breakdown(state: LowlandsState) -> list[dict[Text, int]]:
    """Per seat, each part of the score at the current values, with its numbers ("sheep:
    4 x 3"); the parts add up to ``scores()``."""
    from meeple.games.lowlands.components import VALUE_DP, VALUE_SHEEP

    out: list[dict[Text, int]] = []
    dp_value, sheep_value = VALUE_DP[state.value_space], VALUE_SHEEP[state.value_space]
    for s in range(state.players):
        p = state.seats[s]
        parts = state.score_parts(s)
        out.append({
            M("score.dike", n=p.dike_points, value=dp_value): parts["dike"],
            M("score.sheep", n=p.sheep, value=sheep_value): parts["sheep"],
            M("score.tiles", n=len(p.tiles)): parts["tiles"],
            M("score.bang"): parts["bang"],
            M("score.coins" if not p.penalty else "score.coins_penalty", n=p.coins, penalty=p.penalty):
                parts["coins"],
            M("score.cards", n=p.cards): parts["cards"],
        })
    return out
