"""Lewis & Clark observations: each expedition's track, goods and cards, the village,
the Journal and the action in progress.

Characters are one-hot over the 60 card kinds of the game's table (54 Journal
characters and 6 starting roles), in ``components.SLUG`` order. Seat blocks start with
the observing seat and go clockwise; a solo game has one seat.
"""

from __future__ import annotations

from meeple.games.lewis_clark.components import RES_NAMES, SLUG, VILLAGE_LOCS
from meeple.games.lewis_clark.information import PHASE_NAMES
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

_CARDS = index(SLUG)
_LOCS = index([loc.slug for loc in VILLAGE_LOCS])
_PHASES = index(PHASE_NAMES)
_RES = index(RES_NAMES)
_NC, _NL = len(_CARDS), len(_LOCS)
_TRACK = (  # (key, divisor): an expedition's numbers in the view
    ("indians", 5), ("goods_tiles", 3), ("indian_tiles", 3), ("capacity", 15),
    ("boat_time", 10), ("hand_size", 10), ("scout", 49), ("camp", 49), ("time_tokens", 30),
)


def _back(support: dict) -> list[float]:
    """A face-down card's back: one-hot strength 1-3, one-hot badge over the resources."""
    return onehot(support["strength"] - 1, 3) + onehot(lookup(_RES, support["badge"], "badge"), len(_RES))


def _card_or_back(shown) -> tuple[list[float], list[float]]:
    """(card one-hot, back) of a supporting card: the seat sees its own, others the back."""
    if shown is None:
        return [0.0] * _NC, [0.0] * (3 + len(_RES))
    if isinstance(shown, str):
        return onehot(lookup(_CARDS, shown, "card"), _NC), [0.0] * (3 + len(_RES))
    return [0.0] * _NC, _back(shown)


class LewisClarkEncoder(Encoder):
    game = "lewis-clark"
    reads = frozenset({
        "game", "seat", "to_move", "phase", "turns", "first", "mackenzie", "expeditions",
        "village", "powwow", "indian_stock", "boat_tiles", "journal", "deck", "discard",
        "turn", "scores", "hand",
    })
    ignores = {
        "players": "the player count is fixed per encoder",
        "fort": "a constant of the route (space 39)",
        "last_space": "a constant of the route (space 49)",
        "winners": "only present once the game is over",
        "end": "only present once the game is over (why it ended)",
        "max_allowance": "a constant of the route (10 Time tokens on the last space)",
        "progress_check": "not encoded yet: the keep-moving check (rules version 2)",
    }

    def declare(self) -> None:
        P = self.players
        f = self.feature
        nb = 3 + len(_RES)
        f("hand", _NC, "my hand, by character", lambda v: counts(v["hand"], _CARDS, "card"))
        f("play_area", _NC * P, "per seat (me first): characters in the play area",
          lambda v: [x for s in seats(v, P) for x in counts(
              [e["card"] for e in v["expeditions"][s]["play_area"]], _CARDS, "card")])
        f("my_supports", _NC, "my face-down supporting characters (I know them)",
          lambda v: [sum(col) for col in zip(*(
              [_card_or_back(e["support"])[0] for e in v["expeditions"][v["seat"]]["play_area"]]
              or [[0.0] * _NC]), strict=True)])
        f("support_backs", nb * P,
          "per seat (me first): backs of face-down supports seen, summed: strength 1-3, badge "
          "(" + ", ".join(_RES) + ")",
          lambda v: [x for s in seats(v, P) for x in self._backs(v["expeditions"][s])], high=10.0)
        f("area_indians", P, "per seat (me first): Indians on play-area cards / 5",
          lambda v: [sum(e["indians"] for e in v["expeditions"][s]["play_area"]) / 5
                     for s in seats(v, P)], high=3.0)
        f("resources", len(_RES) * P, "per seat (me first): " + ", ".join(_RES) + " / 10",
          lambda v: [v["expeditions"][s]["resources"][r] / 10 for s in seats(v, P) for r in _RES],
          high=3.0)
        f("expedition", len(_TRACK) * P,
          "per seat (me first): " + ", ".join(f"{k} / {d}" for k, d in _TRACK),
          lambda v: [v["expeditions"][s][k] / d for s in seats(v, P) for k, d in _TRACK],
          high=5.0)
        f("village", _NL, "Indians on each village location (" + ", ".join(_LOCS) + ") / 3",
          lambda v: [v["village"][loc] / 3 for loc in _LOCS], high=5.0)
        f("pool", 3, "Indians in the Pow-wow area / 6, in the stock / 12; boat tiles left / 10",
          lambda v: [v["powwow"] / 6, v["indian_stock"] / 12, v["boat_tiles"] / 10], high=3.0)
        f("journal", _NC, "characters face up in the Journal",
          lambda v: counts(v["journal"], _CARDS, "card"))
        f("discard", _NC, "characters in the discard pile (a starting role once per seat "
          "that gave it up)", lambda v: counts(v["discard"], _CARDS, "card"), high=5.0)
        f("deck", 1, "cards left in the deck / 54", lambda v: [v["deck"] / 54])
        f("phase", len(_PHASES), "one-hot decision being asked: " + ", ".join(_PHASES),
          lambda v: onehot(lookup(_PHASES, v["phase"], "phase"), len(_PHASES)))
        f("turn_flags", 3, "this turn: acted, camped, recruited (1/0)",
          lambda v: [float(v["turn"]["acted"]), float(v["turn"]["camped"]),
                     float(v["turn"]["recruited"])])
        f("pending_card", _NC, "one-hot character whose action is being chosen", self._pending_card)
        f("pending_location", _NL, "one-hot village location being used", self._pending_loc)
        f("pending_recruit", 1, "recruiting: the Journal position being paid for / 5",
          lambda v: [v["turn"]["pending"] / 5 if isinstance(v["turn"]["pending"], int) else 0.0])
        f("extra_support", _NC + nb,
          "the card offered as support this step: my card one-hot, or its back if another seat's",
          lambda v: [x for part in _card_or_back(v["turn"]["support"]) for x in part])
        f("effect", _NC + _NL + 6,
          "the effect being resolved (top of the stack): one-hot character or village location; "
          "repetitions left / 3, step / 5, option / 3, due / 3, stack depth / 5, mask bits set / 6",
          self._effect, high=5.0)
        f("fresh", len(_RES), "goods gained this turn, by resource / 10",
          lambda v: [v["turn"]["fresh"][r] / 10 for r in _RES], high=3.0)
        f("to_move", P + 1, "one-hot seat deciding now (me first; last: nobody)",
          lambda v: onehot(relative(v["to_move"], v, P), P + 1))
        f("first", P, "one-hot first player (me first)",
          lambda v: onehot(relative(v["first"], v, P), P))
        f("turns", 1, "turns played / 100", lambda v: [v["turns"] / 100], high=10.0)
        f("mackenzie", 2, "solo: Mackenzie in play (1/0), his space / 49",
          lambda v: [0.0, 0.0] if v["mackenzie"] is None else [1.0, v["mackenzie"] / 49])
        f("scores", P, "score per seat (me first: progress minus Time tokens; +-100 at the end) / 50",
          lambda v: [v["scores"][s] / 50 for s in seats(v, P)], low=-5.0, high=5.0)

    def _backs(self, expedition: dict) -> list[float]:
        out = [0.0] * (3 + len(_RES))
        for e in expedition["play_area"]:
            back = _card_or_back(e["support"])[1]
            out = [a + b for a, b in zip(out, back, strict=True)]
        return out

    def _pending_card(self, v: View) -> list[float]:
        p = v["turn"]["pending"]
        return onehot(_CARDS[p] if isinstance(p, str) and p in _CARDS else None, _NC)

    def _pending_loc(self, v: View) -> list[float]:
        p = v["turn"]["pending"]
        if isinstance(p, str) and p not in _CARDS:
            return onehot(lookup(_LOCS, p, "card or village location"), _NL)
        return [0.0] * _NL

    def _effect(self, v: View) -> list[float]:
        stack = v["turn"]["stack"]
        if not stack:
            return [0.0] * (_NC + _NL + 6)
        top = stack[-1]
        name = top["effect"]
        if name.startswith("village "):
            head = [0.0] * _NC + onehot(lookup(_LOCS, name[len("village "):], "village location"), _NL)
        else:
            head = onehot(lookup(_CARDS, name, "card"), _NC) + [0.0] * _NL
        return head + [
            top["repetitions_left"] / 3, top["step"] / 5, max(0, top["option"]) / 3,
            top["due"] / 3, len(stack) / 5, bin(max(0, top["mask"])).count("1") / 6,
        ]
