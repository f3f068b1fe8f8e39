"""A position read back from one seat's view, for the words only.

The status line, ``describe`` and ``futile`` must say what a move would do from a view
(so they can never use what the seat may not know), yet what a move does is the
engine's business: the counts (``effects.amount``), what can be paid
(``effects.start_options``), how far a scout goes (``route.move_scout``) and which
recruits are affordable (``journal.recruitable``). ``ViewTable`` gives those functions
the attributes they read, filled from the view, so the words use the engine's own
rules rather than a copy of them.

What a view does not show is taken at the value that makes a move look useful, so a
move is never called futile by mistake: the options ``support_badges`` and
``interpreter_sweep`` at their default (on), another seat's hand unknown (empty), a
face-down card as any card with its back (strength and badge: all a count reads).
"""

from __future__ import annotations

from typing import Any

from meeple.games.lewis_clark.components import CARDS, LOC_EFFECT0, RES_NAMES
from meeple.games.lewis_clark.effects import Frame
from meeple.games.lewis_clark.expedition import Expedition, Played
from meeple.games.lewis_clark.words import GOOD, KIND, LOC

#: a card kind for each back (strength, badge name) a face-down card may show
_BY_BACK = {(c.strength, RES_NAMES[c.badge]): k for k, c in reversed(list(enumerate(CARDS)))}
#: options a view does not carry, at the values that count the most
OPTIONS = {"support_badges": True, "interpreter_sweep": True, "interpreter_take": "strength",
           "drop_goods": False}


def _kind(shown: Any) -> int:
    """A card as a view shows it: its word, a back ({strength, badge}) or nothing."""
    if shown is None:
        return -1
    if isinstance(shown, str):
        return KIND[shown]
    return _BY_BACK[(shown["strength"], shown["badge"])]


def _expedition(e: dict[str, Any], hand: list[str] | None) -> Expedition:
    x = Expedition()
    x.hand = sorted(KIND[k] for k in hand) if hand is not None else []
    x.play_area = [Played(KIND[p["card"]], _kind(p["support"]), p["indians"]) for p in e["play_area"]]
    x.goods = [e["resources"][name] for name in RES_NAMES]
    x.indians = e["indians"]
    x.goods_tiles = e["goods_tiles"]
    x.indian_tiles = e["indian_tiles"]
    x.scout = e["scout"]
    x.camp = e["camp"]
    x.time_tokens = e["time_tokens"]
    return x


class ViewTable:
    """The table of a view, shaped like the state for the engine's read-only helpers."""

    def __init__(self, view: dict[str, Any]) -> None:
        seat = view.get("seat")
        self.players = view["players"]
        self.options = OPTIONS
        self.expeditions = [
            _expedition(e, view.get("hand") if s == seat else None)
            for s, e in enumerate(view["expeditions"])
        ]
        self.village = list(view["village"].values())
        self.powwow = view["powwow"]
        self.indian_stock = view["indian_stock"]
        self.boat_tiles = view["boat_tiles"]
        self.journal = [KIND[k] for k in view["journal"]]
        self.mackenzie = view["mackenzie"]
        turn = view["turn"]
        self.gained = [turn["fresh"][name] for name in RES_NAMES]
        self.passives_used = tuple(turn["passives_used"])

    def scouts(self) -> list[int]:
        out = [e.scout for e in self.expeditions]
        if self.mackenzie is not None:
            out.append(self.mackenzie)
        return out


def effect_index(name: str) -> int:
    """The effect a view's running action names (``hunter``, ``village hunting``)."""
    if name.startswith("village "):
        return LOC_EFFECT0 + LOC[name.split(" ", 1)[1]]
    return KIND[name]


def running(view: dict[str, Any]) -> Frame | None:
    """The running action's top frame, as far as the words need it."""
    stack = view["turn"]["stack"]
    if not stack:
        return None
    top = stack[-1]
    frame = Frame(effect_index(top["effect"]), top["repetitions_left"])
    frame.step = top["step_name"]
    frame.way = top["option"]
    frame.target = top["target"]
    frame.offer = [top["offer"].get(name, 0) for name in RES_NAMES]
    return frame


def good_index(word: str) -> int:
    """A good by its view name or notation word."""
    return GOOD[word]

