"""Lowlands observations: each farm (fences, tiles, pastures, sheep, workers), the dike
and the flood, the market, the display and the turn in progress.

Farm cells (a1..f5) and fence edges are in the farm module's order; tiles are one-hot
over the game's 46-tile table. Seat blocks start with the observing seat and go
clockwise.
"""

from __future__ import annotations

from meeple.games.lowlands.components import (
    ACTION_SPACES,
    PROGRESS_TOKENS,
    RESOURCES,
    TILE_KINDS,
    TILES,
    TOKEN_SPACES,
)
from meeple.games.lowlands.farm import CELL_NAMES, EDGE_NAMES
from meeple.games.lowlands.rules import FMODE_NAMES, PHASE_NAMES
from meeple.games.lowlands.steps import STEPS
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

_TILES = index([t.key for t in TILES])
_CELLS = index(CELL_NAMES)
_EDGES = index(EDGE_NAMES)
_ACTS = index(ACTION_SPACES)
_PHASES = index(PHASE_NAMES)
_FMODES = index(FMODE_NAMES)
_TOKENS = index([t.name for t in PROGRESS_TOKENS])
_KINDS = index(TILE_KINDS)
_SEGMENTS = index(("brown", "green", "grey"))
#: the steps the agenda may hold (``steps.STEPS``)
_STEPS = index(sorted(STEPS))
_NT, _NC, _NE, _NA = len(_TILES), len(_CELLS), len(_EDGES), len(_ACTS)
_FARM = (  # (key, divisor): a farm's numbers in the view
    ("coins", 20), ("sheep", 10), ("capacity", 10), ("hand_size", 10), ("fences_on_income", 10),
    ("buildings", 5), ("sheep_on_tiles", 5), ("workers_free", 3), ("boost", 2), ("breach", 10),
    ("dike_space", 12), ("dike_points", 12), ("stack_order", 12), ("bang_vp", 10),
    ("penalty", 10), ("storm_sheep", 5),
)
_TURN = (  # (key, divisor): numbers of the turn in progress
    ("ap", 8), ("units", 8), ("waivers", 2), ("help_limit", 5), ("helped", 5),
    ("workshops_used", 4), ("arg", 5), ("cards_paid", 8), ("helper_cards", 8),
)
_AGENDA = 3  # how many upcoming agenda steps are encoded


def _res(d: dict, scale: float) -> list[float]:
    return [d[r] / scale for r in RESOURCES]


def _opt(table: dict[str, int], key, what: str) -> list[float]:
    """One-hot of ``key`` in ``table``; all zeros for ``None``."""
    return onehot(None if key is None else lookup(table, key, what), len(table))


class LowlandsEncoder(Encoder):
    game = "lowlands"
    reads = frozenset({
        "game", "seat", "to_move", "phase", "turn", "stage", "agenda", "first", "value",
        "flood", "sea", "flood_deck", "dike", "segments", "next_segment", "cubes", "track",
        "last_completed", "tokens", "market", "display", "deck", "discard", "tiles", "stacks",
        "tides", "storm_held", "farms", "scores", "hand",
    })
    ignores = {
        "players": "the player count is fixed per encoder",
        "winners": "only present once the game is over",
        "options": "the rule variants are fixed for a game",
        "tile_facts": "the face-up tiles' component facts: their keys are encoded",
        "told": "what the automatic steps after the last decision did, for the narration: the state after them is encoded",
    }

    def declare(self) -> None:
        P = self.players
        f = self.feature

        def farms(fn):
            return lambda v: [x for s in seats(v, P) for x in fn(v["farms"][s])]

        f("hand", 3, "my hand: " + ", ".join(RESOURCES) + " cards / 10",
          lambda v: _res(v["hand"], 10), high=3.0)
        f("farm", len(_FARM) * P, "per seat (me first): " + ", ".join(f"{k} / {d}" for k, d in _FARM),
          farms(lambda p: [p[k] / d for k, d in _FARM]), low=-1.0, high=5.0)
        f("known", 3 * P, "per seat (me first): cards everyone saw it take, by resource / 5",
          farms(lambda p: _res(p["known"], 5)), high=3.0)
        f("fences", _NE * P, "per seat (me first): fences standing, by edge",
          farms(lambda p: counts(p["fences"], _EDGES, "fence edge")))
        f("farm_tiles", _NC * P, "per seat (me first): farm cells holding a tile",
          farms(lambda p: counts(p["tiles"], _CELLS, "farm cell")))
        f("built", _NT * P, "per seat (me first): tiles built, by kind",
          farms(lambda p: counts(p["built"], _TILES, "tile")), high=3.0)
        f("pastures", _NC * P, "per seat (me first): cells inside a pasture",
          farms(lambda p: counts([c for pa in p["pastures"] for c in pa], _CELLS, "farm cell")))
        f("housing", _NC * P, "per seat (me first): sheep housed per cell / 2",
          farms(self._housing), high=3.0)
        f("workers", _NA * P, "per seat (me first): workers per action space (" + ", ".join(_ACTS) + ") / 2",
          farms(lambda p: [p["workers"].get(a, 0) / 2 for a in _ACTS]), high=3.0)
        f("farmers", 3 * (_NA + 1) * P,
          "per seat (me first): farmers 2, 3, 4: one-hot action space (last: not placed)",
          farms(self._farmers))
        f("tokens_claimed", len(TOKEN_SPACES) * P, "per seat (me first): progress tokens claimed, by space",
          farms(lambda p: [1.0 if i in p["tokens_claimed"] else 0.0 for i in range(len(TOKEN_SPACES))]))
        f("stage", 3, "one-hot stage 1-3", lambda v: onehot(v["stage"] - 1, 3))
        f("value", 7, "one-hot value track position (0-5); sheep value / 4",
          lambda v: onehot(v["value"]["index"], 6) + [v["value"]["sheep"] / 4])
        f("flood", 2, "flood level / 35; flood cards left in the deck / 10",
          lambda v: [v["flood"] / 35, v["flood_deck"] / 10], high=3.0)
        f("sea", 3 * 8, "per sea space: back (1-3, 4-6) one-hot, face 1-6 one-hot if revealed",
          self._sea)
        f("dike", 6, "dike height / 30, segments built / 13, next segment colour one-hot "
          "(brown, green, grey), construction track length / 5",
          lambda v: [v["dike"] / 30, v["segments"] / 13] + _opt(_SEGMENTS, v["next_segment"], "segment")
          + [v["track"] / 5], high=3.0)
        f("cubes", 6, "cubes on the construction site by resource / 4; one-hot last completed resource",
          lambda v: _res(v["cubes"], 4) + _opt(index(RESOURCES), v["last_completed"], "resource"),
          high=3.0)
        f("progress_tokens", len(TOKEN_SPACES) * len(_TOKENS),
          "per token space: one-hot token lying there (" + ", ".join(_TOKENS) + ")",
          lambda v: [x for sp in TOKEN_SPACES for x in _opt(_TOKENS, v["tokens"].get(str(sp)), "token")])
        f("market", 8, "per market row (up to 4): filled / 4, spaces / 4",
          lambda v: [x / 4 for row in (v["market"] + [[0, 0]] * 4)[:4] for x in row])
        f("cards", 7, "display by resource / 4; deck / 60; discard by resource / 20",
          lambda v: _res(v["display"], 4) + [v["deck"] / 60] + _res(v["discard"], 20), high=3.0)
        f("tiles_up", _NT, "tiles face up to build", lambda v: counts(
            [t for kind in _KINDS for t in v["tiles"][kind]], _TILES, "tile"))
        f("stacks", len(_KINDS), "tiles left per stack (" + ", ".join(_KINDS) + ") / 15",
          lambda v: [v["stacks"][k] / 15 for k in _KINDS], high=3.0)
        f("tides", 6, "per tide so far (up to 3): happened, held (1/0)",
          lambda v: [x for t in (v["tides"] + [None] * 3)[:3]
                     for x in ([0.0, 0.0] if t is None else [1.0, float(t)])])
        f("storm_held", 3, "one-hot storm outcome: none yet, breached, held",
          lambda v: onehot(0 if v["storm_held"] is None else 1 + int(v["storm_held"]), 3))
        f("turn_active", P, "one-hot seat whose turn it is (me first)",
          lambda v: onehot(relative(v["turn"]["active"], v, P), P))
        f("turn_action", _NA, "one-hot action space being resolved",
          lambda v: _opt(_ACTS, v["turn"]["action"], "action space"))
        f("turn_numbers", len(_TURN), "turn in progress: " + ", ".join(f"{k} / {d}" for k, d in _TURN),
          lambda v: [v["turn"][k] / d for k, d in _TURN], high=3.0)
        f("turn_tile", _NT, "one-hot tile being built", lambda v: _opt(_TILES, v["turn"]["tile"], "tile"))
        f("turn_owed", 3, "resources still owed, by resource / 3",
          lambda v: _res(v["turn"]["owed"], 3), high=3.0)
        f("turn_row", 4, "one-hot market row chosen", lambda v: onehot(
            None if v["turn"]["row"] is None else v["turn"]["row"] - 1, 4))
        f("turn_trade", 3, "one-hot market direction: none, buy, sell",
          lambda v: onehot(("", "buy", "sell").index(v["turn"]["trade"]), 3))
        f("turn_lifted", _NE, "one-hot fence lifted to be moved",
          lambda v: _opt(_EDGES, v["turn"]["lifted"], "fence edge"))
        f("turn_lifted_from", _NE, "fence edges lifted from in this action (a fence may not go back)",
          lambda v: counts(v["turn"]["lifted_from"], _EDGES, "fence edge"))
        f("turn_fence_mode", len(_FMODES), "one-hot fence mode: " + ", ".join(_FMODES),
          lambda v: _opt(_FMODES, v["turn"]["fence_mode"], "fence mode"))
        f("turn_helper", P + 1, "one-hot seat asked to help (me first; last: none)",
          lambda v: onehot(relative(v["turn"]["helper"], v, P), P + 1))
        f("turn_flags", 2, "bonus build, leftover (1/0)",
          lambda v: [float(v["turn"]["bonus_build"]), float(v["turn"]["leftover"])])
        f("phase", len(_PHASES), "one-hot decision being asked: " + ", ".join(_PHASES),
          lambda v: _opt(_PHASES, v["phase"], "phase"))
        f("agenda", _AGENDA * len(_STEPS),
          f"the next {_AGENDA} steps of the round, each one-hot: " + ", ".join(_STEPS),
          lambda v: [x for step in (v["agenda"] + [None] * _AGENDA)[:_AGENDA]
                     for x in _opt(_STEPS, step, "agenda step")])
        f("to_move", P + 1, "one-hot seat deciding now (me first; last: nobody)",
          lambda v: onehot(relative(v["to_move"], v, P), P + 1))
        f("first", P, "one-hot first player (me first)",
          lambda v: onehot(relative(v["first"], v, P), P))
        f("scores", P, "score per seat (me first) / 50",
          lambda v: [v["scores"][s] / 50 for s in seats(v, P)], low=-3.0, high=5.0)

    def _housing(self, p: dict) -> list[float]:
        out = [0.0] * _NC
        for cell, n in p["housing"].items():
            out[lookup(_CELLS, cell, "farm cell")] = n / 2
        return out

    def _farmers(self, p: dict) -> list[float]:
        out: list[float] = []
        for f in ("2", "3", "4"):
            a = p["farmers"][f]
            out += onehot(_NA if a is None else lookup(_ACTS, a, "action space"), _NA + 1)
        return out

    def _sea(self, v: View) -> list[float]:
        out: list[float] = []
        for card in (v["sea"] + [None] * 3)[:3]:
            if card is None:
                out += [0.0] * 8
                continue
            out += onehot(("1-3", "4-6").index(card["back"]), 2)
            out += onehot(None if card["face"] is None else card["face"] - 1, 6)
        return out
