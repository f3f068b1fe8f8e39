"""Little Town observations: the 9x6 meadow cell by cell, the market, each stock.

Cells are in the view's order (row 1 a..i, then row 2, ...). Seat blocks start with the
observing seat and go clockwise; "seat +k" is k seats after me.
"""

from __future__ import annotations

from meeple.games.little_town.actions import PHASE_NAMES
from meeple.games.little_town.components import BUILDINGS, CELL_NAMES, N_CELLS, OBJECTIVES
from meeple.rl.encoders.base import (
    Encoder,
    View,
    counts,
    index,
    lookup,
    onehot,
    relative,
    seats,
)

_TERRAINS = index(("grass", "forest", "mountain", "wheat", "lake"))
_BUILDINGS = index([b.key for b in BUILDINGS])
_OBJECTIVES = index([o.key for o in OBJECTIVES])
_CELLS = index(CELL_NAMES)
_PHASES = index(PHASE_NAMES)
_STOCK = (  # (key, divisor): a player's numbers in the view
    ("coins", 10), ("wood", 10), ("stone", 10), ("wheat", 10), ("fish", 10), ("vp", 50),
    ("houses", 10), ("workers_left", 5), ("construction_site", 3), ("objectives_hidden", 4),
)
_NB, _NO = len(_BUILDINGS), len(_OBJECTIVES)


def _cells(v: View) -> list[dict]:
    cells = [cell for row in v["meadow"] for cell in row]
    if len(cells) != N_CELLS:
        raise ValueError(f"the meadow has {len(cells)} cells, expected {N_CELLS}")
    return cells


def _bits(mask: int, n: int) -> list[float]:
    return [float(mask >> i & 1) for i in range(n)]


class LittleTownEncoder(Encoder):
    game = "little-town"
    reads = frozenset({
        "game", "seat", "board", "round", "rounds", "first", "active", "to_move", "phase",
        "meadow", "market", "wheat_fields", "players", "objective_deck", "worker_cell",
        "activated", "building_chosen", "pawnshop_step", "turn", "feeding", "supply",
        "scores", "meals_left",
    })
    ignores = {
        "winners": "only present once the game is over",
        "tiles": "each market building's fixed cost and points, a function of `market`",
        "objective_points": "the fixed points of objectives already encoded by key",
    }

    def declare(self) -> None:
        P = self.players
        f = self.feature
        f("terrain", N_CELLS * 5, "per cell: one-hot terrain (grass, forest, mountain, wheat, lake)",
          lambda v: [x for c in _cells(v) for x in onehot(lookup(_TERRAINS, c["terrain"], "terrain"), 5)])
        f("cell_building", N_CELLS * _NB, "per cell: one-hot building standing there (none: zeros)",
          lambda v: [x for c in _cells(v) for x in onehot(
              lookup(_BUILDINGS, c["building"], "building") if "building" in c else None, _NB)])
        f("cell_owner", N_CELLS * P, "per cell: one-hot owner of its building (me first)",
          lambda v: [x for c in _cells(v) for x in onehot(
              relative(c["owner"], v, P) if "building" in c else None, P)])
        f("cell_worker", N_CELLS * P, "per cell: one-hot owner of the worker on it (me first)",
          lambda v: [x for c in _cells(v) for x in onehot(
              relative(c["worker"], v, P) if "worker" in c else None, P)])
        f("activated", N_CELLS, "cells activated by the worker placed this turn",
          lambda v: counts(v["activated"], _CELLS, "cell"))
        f("worker_cell", N_CELLS, "one-hot cell of the worker placed this turn",
          lambda v: onehot(None if v["worker_cell"] is None else lookup(_CELLS, v["worker_cell"], "cell"), N_CELLS))
        f("market", _NB, "buildings in the market (wheat: fields left / 5)", self._market)
        f("building_chosen", _NB, "one-hot building being built this turn",
          lambda v: onehot(None if v["building_chosen"] is None
                           else lookup(_BUILDINGS, v["building_chosen"], "building"), _NB))
        f("owned", _NB * P, "per seat (me first): buildings owned, by kind (wheat fields / 5)", self._owned)
        f("stock", len(_STOCK) * P,
          "per seat (me first): " + ", ".join(f"{k} / {d}" for k, d in _STOCK),
          lambda v: [v["players"][s][k] / d for s in seats(v, P) for k, d in _STOCK],
          low=-3.0, high=3.0)
        f("objectives_claimed", _NO * P, "per seat (me first): objectives validated",
          lambda v: [x for s in seats(v, P) for x in counts(
              v["players"][s]["objectives_claimed"], _OBJECTIVES, "objective")])
        f("my_objectives", _NO, "my secret objectives still in hand",
          lambda v: counts(v["players"][v["seat"]]["objectives"], _OBJECTIVES, "objective"))
        f("objective_deck", 1, "objective cards left in the deck / 18",
          lambda v: [v["objective_deck"] / 18])
        f("round", 2, "round / rounds; rounds left after this one / 4",
          lambda v: [v["round"] / v["rounds"], (v["rounds"] - v["round"]) / 4])
        f("board", 2, "one-hot board side (1, 2)", lambda v: onehot(v["board"] - 1, 2))
        f("first", P, "one-hot first player of the round (me first)",
          lambda v: onehot(relative(v["first"], v, P), P))
        f("active", P + 1, "one-hot seat whose turn it is (me first; last: none)",
          lambda v: onehot(relative(v["active"], v, P), P + 1))
        f("to_move", P + 1, "one-hot seat deciding now (me first; last: nobody)",
          lambda v: onehot(relative(v["to_move"], v, P), P + 1))
        f("phase", len(_PHASES), "one-hot decision being asked: " + ", ".join(_PHASES),
          lambda v: onehot(lookup(_PHASES, v["phase"], "phase"), len(_PHASES)))
        f("pawnshop_step", 3, "one-hot Pawnshop step (none, 0, 1)",
          lambda v: onehot(0 if v["pawnshop_step"] is None else 1 + v["pawnshop_step"], 3))
        f("turn", 12,
          "this turn so far: resources harvested (4 bits), count / 10, resources spent (4 bits), "
          "activations / 5, VP-giving activations / 5, mixed / 5",
          lambda v: _bits(v["turn"][0], 4) + [v["turn"][1] / 10] + _bits(v["turn"][2], 4)
          + [v["turn"][3] / 5, v["turn"][4] / 5, v["turn"][5] / 5], low=0.0, high=3.0)
        f("starved", P, "per seat (me first): workers left unfed so far / 5",
          lambda v: [sum(e[5] for e in v["feeding"] if e[1] == s) / 5 for s in seats(v, P)],
          high=5.0)
        f("supply", 6, "limited supply: present (1/0), the 4 cube kinds / 15, coins / 40",
          lambda v: [0.0] * 6 if v["supply"] is None else
          [1.0] + [n / 15 for n in v["supply"]["cubes"]] + [v["supply"]["coins"] / 40])
        f("meals_left", 1, "feeding: meals the seat still owes / 6 (0 outside feeding)",
          lambda v: [max(0, v.get("meals_left", 0)) / 6])
        f("scores", P, "score per seat (me first) / 50",
          lambda v: [v["scores"][s] / 50 for s in seats(v, P)], low=-3.0, high=3.0)

    def _market(self, v: View) -> list[float]:
        out = counts(v["market"], _BUILDINGS, "building")
        out[_BUILDINGS["wheat"]] = v["wheat_fields"] / 5
        return out

    def _owned(self, v: View) -> list[float]:
        P = self.players
        out = [0.0] * (_NB * P)
        for c in _cells(v):
            if "building" in c:
                k = lookup(_BUILDINGS, c["building"], "building")
                out[relative(c["owner"], v, P) * _NB + k] += 1.0 if k != _BUILDINGS["wheat"] else 0.2
        return out
