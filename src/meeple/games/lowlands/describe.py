"""What a Lowlands move does, in words, for the move lists (``describe``); which moves
would bring nothing (``futile``); and what such a move brought once played (``result``).

All three read one seat's view only. The rules allow a move that brings nothing (a
progress-token sheep with every pasture full: the rule text (ES), line 176, "if you
gain a sheep and cannot house it, you do not gain it"); a player is told before (the
move list marks it) and after (the narration says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.games.lowlands import actions as X
from meeple.games.lowlands.components import (
    ACTION_SPACES,
    BOOST_AP,
    FARMERS,
    REUSE_COST,
    REWARDS,
    TILES,
    WORKER_EFFECTS,
    WORKER_MAX,
)
from meeple.games.lowlands.farm import CELL_NAMES, EDGE_CELLS, EDGE_INDEX
from meeple.games.lowlands.phases import ASK, TOKEN
from meeple.games.lowlands.words import M, action, cards_of, cost, reward, the_action, the_tile
from meeple.i18n import Msg, Seat, Text

TILE = {t.key: t for t in TILES}
SPACE = {a: i for i, a in enumerate(ACTION_SPACES)}


# ---- numbers a seat can work out from its view ------------------------------------------


def _farm(view: dict[str, Any]) -> dict[str, Any]:
    """The farm of the seat deciding (whoever reads the view)."""
    return view["farms"][view["to_move"]]


def _has(farm: dict[str, Any], effect: str, n: int | None = None) -> int:
    return sum(TILE[k].n if n is None else 1 for k in farm["built"]
               if TILE[k].effect == effect and (n is None or TILE[k].n == n))


def points_on(farm: dict[str, Any], space: str, farmer: int, boost: bool) -> int:
    """Action points a farmer brings to ``space``: its value, the workers there, the
    Farmer +2 token, "+1 point" tiles (``legal._space_ap`` from the view)."""
    i = SPACE[space]
    return (farmer + farm["workers"].get(space, 0) * WORKER_EFFECTS[i].ap + (BOOST_AP if boost else 0)
            + _has(farm, "ap", i))


def reuse_cost(farm: dict[str, Any], space: str) -> int:
    here = sum(1 for a in farm["farmers"].values() if a == space)
    return max(0, REUSE_COST[here] - _has(farm, "reuse"))


def prices(view: dict[str, Any], farm: dict[str, Any]) -> tuple[int, int]:
    """(buy, sell) price of a sheep for this farm (``legal._prices`` from the view)."""
    value = view["value"]["sheep"]
    w = farm["workers"].get("market", 0) * WORKER_EFFECTS[SPACE["market"]].price
    return max(0, value - w), value + w + _has(farm, "shearer")


def room(farm: dict[str, Any]) -> int:
    return farm["capacity"] - farm["sheep"]


def _cards_left(view: dict[str, Any]) -> int:
    return view["deck"] + sum(view["discard"].values())


def _worker_can_move(farm: dict[str, Any]) -> bool:
    spaces_with_room = [a for i, a in enumerate(ACTION_SPACES) if farm["workers"].get(a, 0) < WORKER_MAX[i]]
    if farm["workers_free"]:
        return bool(spaces_with_room)
    return any(farm["workers"].get(a, 0) and any(b != a for b in spaces_with_room) for a in ACTION_SPACES)


def edge_words(name: str) -> Msg:
    """Where an edge lies: "between d2 and e2", "on the top edge of a1"."""
    a, b = EDGE_CELLS[EDGE_INDEX[name]]
    if a >= 0 and b >= 0:
        return M("edge.between", a=CELL_NAMES[a], b=CELL_NAMES[b])
    return M(f"edge.outer_{name[-1]}", square=CELL_NAMES[max(a, b)])


# ---- would a move bring nothing? -----------------------------------------------------------


def futile_id(kind: tuple, room_left: int, fences: int, cards: int, worker_moves: bool,
              reveals: int) -> str | None:
    """The reason (a message id) a decision of ``kind`` (``actions.KIND``) would bring
    nothing, from the facts that decide it: room for sheep, fences left on the income
    board, cards left to draw, whether a worker can be placed or moved, and the cards
    the market would reveal; ``None`` when it brings something."""
    if kind[0] == "take":
        r = REWARDS[kind[1]]
        if r.coins or r.boost:
            return None  # coins always come; a Farmer +2 is offered only to a seat without one
        if r.sheep and room_left <= 0:
            return "futile.no_room"
        if r.fences and not fences:
            return "futile.no_fence"
        if r.cards and not cards:
            return "futile.no_cards"
        if r.worker and not worker_moves:
            return "futile.no_worker"
    elif kind == ("ask", -1) and not reveals:  # 2 players: as many cards as were paid (LL-9)
        return "futile.market_reveals_none"
    return None


def futile(action_: Action, view: dict[str, Any]) -> Msg | None:
    """Why ``action_`` would bring nothing to the seat whose view this is, or ``None``."""
    kind = X.KIND[int(action_)]
    if kind[0] != "take" and kind[0] != "ask":
        return None
    farm = _farm(view)
    turn = view["turn"]
    ident = futile_id(kind, room(farm), farm["fences_on_income"], _cards_left(view), _worker_can_move(farm),
                      turn["cards_paid"] if _per_card(view) else turn["units"])
    if ident is None:
        return None
    return M(ident, sheep=farm["sheep"], n=farm["capacity"])


def skip_futile(state, legal: Sequence[Action]) -> Sequence[Action]:
    """``legal`` without the moves that would bring nothing, unless nothing else is left:
    the bots' filter (``strategy.greedy_action``, ``rollout_action``). Reads the state
    directly (no view: playouts call it), and only where a move can be futile."""
    phase = state.phase
    if phase != TOKEN and phase != ASK or len(legal) < 2:
        return legal
    s = state.to_move
    p = state.seats[s]
    per_card = state.options.get("market_reveals", "cards") == "cards"
    room_left = p.farm.capacity() - p.sheep
    cards = len(state.deck) + sum(state.discard)
    workers = bool(state._worker_moves(s)) if phase == TOKEN else True
    reveals = state.cards_paid if per_card else state.units_done
    useful = [a for a in legal
              if futile_id(X.KIND[int(a)], room_left, p.fences_left, cards, workers, reveals) is None]
    return useful or legal


def _per_card(view: dict[str, Any]) -> bool:
    return view.get("options", {}).get("market_reveals", "cards") == "cards"


def result(before: dict[str, Any], action_text: str) -> list[Text]:
    """What the move just played brought, when that was nothing or less than it says:
    the narration's first line (from the view before the move)."""
    a = X.A.get(action_text)
    if a is None or before.get("to_move") is None:
        return []
    seat = before["to_move"]
    said = futile(a, before)
    if said is not None:
        return [M("narrate.futile", player=Seat(seat), move=describe(a, before), reason=said)]
    kind = X.KIND[int(a)]
    if kind[0] == "take" and REWARDS[kind[1]].sheep and room(before["farms"][seat]) <= 0:
        return [M("narrate.sheep_lost", n=REWARDS[kind[1]].sheep)]
    return []


# ---- what a move does --------------------------------------------------------------------


def _place(view: dict[str, Any], fi: int, space: int, boost: bool) -> Msg:
    farm = _farm(view)
    a = ACTION_SPACES[space]
    ap = points_on(farm, a, FARMERS[fi], boost)
    coins = reuse_cost(farm, a)
    what = "move.boost" if boost else "move.place"
    if coins:
        return M(what + "_paid", farmer=FARMERS[fi], action=the_action(a), n=ap, coins=coins)
    return M(what, farmer=FARMERS[fi], action=the_action(a), n=ap)


def _pay(view: dict[str, Any], t: int) -> Msg:
    ph = view["phase"]
    if ph == "fence":
        return M("move.buy_fence", card=cards_of(t))
    if ph in ("dike", "help"):
        return M("move.give", card=cards_of(t))
    return M("move.pay", card=cards_of(t), tile=the_tile(view["turn"]["tile"] or "bank"))


def _stop(view: dict[str, Any]) -> Msg:
    ph = view["phase"]
    if ph == "build":
        return M("move.stop_bonus" if view["turn"]["bonus_build"] else "move.stop_build")
    if ph in ("dike", "help", "draw"):
        return M(f"move.stop_{ph}")
    return M("move.stop_points", n=view["turn"]["ap"])


def describe(action_: Action, view: dict[str, Any]) -> Msg:
    """``place 3 dike``: "put your farmer 3 on the dike action: 4 action points"."""
    kind = X.KIND[int(action_)]
    name = kind[0]
    farm = _farm(view)
    if name == "place":
        return _place(view, kind[1], kind[2], kind[3])
    if name == "build":
        t = TILES[kind[1]]
        return M("move.build", tile=the_tile(t.key), n=t.ap, cost=cost(t.cost))
    if name == "at":
        return M("move.at", tile=the_tile(view["turn"]["tile"] or "bank"), square=CELL_NAMES[kind[1]])
    if name == "pay":
        return _pay(view, kind[1])
    if name == "sub":
        return M("move.sub", cards=cards_of(kind[1], 2), card=cards_of(kind[2]))
    if name == "waive":
        return M("move.waive", card=cards_of(kind[1]))
    if name == "free":
        return M("move.free", card=cards_of(kind[1]))
    if name == "stop":
        return _stop(view)
    if name == "ask":
        if kind[1] < 0:
            turn = view["turn"]
            return M("move.ask_market", n=turn["cards_paid"] if _per_card(view) else turn["units"])
        return M("move.ask", player=Seat(kind[1]))
    if name in ("fence", "lift"):
        mode = view["turn"]["fence_mode"] if name == "fence" else ""
        return M(f"move.{name}{'_free' if mode == 'free' else ''}", where=edge_words(str(action_).split()[1]))
    if name in ("buy", "sell"):
        buy, sell = prices(view, farm)
        return M(f"move.{name}", row=kind[1] + 1, n=buy if name == "buy" else sell)
    if name == "draw":
        return M("move.draw_deck") if kind[1] < 0 else M("move.draw", card=cards_of(kind[1]))
    if name == "take":
        return _take(kind[1], farm)
    if name == "worker":
        a, b = kind[1], kind[2]
        if a < 0:
            return M("move.worker", action=the_action(b), effect=worker_effect(b))
        return M("move.shift", a=action(a), b=action(b), effect=worker_effect(b))
    if name == "skip":
        return M("move.skip_worker" if view["phase"] == "worker" else "move.skip_upkeep")
    if name == "income":
        return M("move.income_coin" if kind[1] else "move.income_card")
    if name == "discard":
        return M("move.discard", card=cards_of(kind[1]))
    if name == "auction":
        return M("move.auction", n=view["value"]["sheep"] + 1 + _has(farm, "shearer"))
    return M("move.silo")


def _take(key: str, farm: dict[str, Any]) -> Msg:
    r = REWARDS[key]
    if r.sheep and r.coins and room(farm) <= 0:
        return M("move.take_coin_only", reward=reward(key))
    return M("move.take", reward=reward(key))


def worker_effect(space: int) -> Msg:
    """What a worker does on an action (ruling LL-1)."""
    e = WORKER_EFFECTS[space]
    if e.discount:
        return M("worker.discount")
    if e.price:
        return M("worker.price")
    return M("worker.point")
