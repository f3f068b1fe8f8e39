"""Lost Cities observations: card sets over the six-colour card table, plus the tracks.

Card sets (a hand, an expedition, the discards) are 60 numbers: one per colour
(Y W B G R P) and rank (wager, 2..10), the copies present divided by the copies in the
game (three wagers per colour, one of each number). The six-colour layout is used for
five-colour games too (purple stays zero), so the shape depends on nothing but the
player count.
"""

from __future__ import annotations

import numpy as np

from meeple.games.lost_cities.components import CARD_BY_TEXT, COLORS, COPIES, N_KINDS, N_RANKS
from meeple.games.lost_cities.scoring import score_kinds
from meeple.rl.encoders.base import Encoder, View, lookup, onehot, relative, seats

_CARD = dict(CARD_BY_TEXT)
_COLOR = {c.letter: i for i, c in enumerate(COLORS)}
_PHASES = {"play": 0, "draw": 1}
_INVERSE_COPIES = np.array([1 / COPIES[k % N_RANKS] for k in range(N_KINDS)], dtype=np.float32)


def _kinds(cards: list[str]) -> list[int]:
    try:
        return [_CARD[c] for c in cards]
    except (KeyError, TypeError):
        for c in cards:
            lookup(_CARD, c, "Lost Cities card")
        raise


def _cards(cards: list[str]) -> np.ndarray:
    return np.bincount(_kinds(cards), minlength=N_KINDS)[:N_KINDS] * _INVERSE_COPIES


def _all_cards(colors: list[str]) -> np.ndarray:
    """Every card of a game played with these colours, as a card set (ones)."""
    out = np.zeros(N_KINDS, dtype=np.float32)
    for letter in colors:
        c = _COLOR[letter]
        out[c * N_RANKS : (c + 1) * N_RANKS] = 1.0
    return out


class LostCitiesEncoder(Encoder):
    game = "lost-cities"
    reads = frozenset({
        "game", "seat", "colors", "round", "rounds", "starter", "to_move", "phase", "blocked",
        "expeditions", "discards", "deck", "hand_sizes", "known", "scores", "hand",
    })
    ignores = {
        "round_scores": "earlier rounds' scores; their sum is in `scores`",
        "winners": "only present once the game is over",
        "stall_limits": "the stall rules' limits (rules version 2); constant within a game",
        "repetitions": "how often this position has come up (stall rule); rare in play, and "
                       "the shipped network was trained before it existed",
        "idle_turns": "turns in a row without progress (stall rule); as `repetitions`",
        "round_ends": "how earlier rounds ended; their scores are in `scores`",
        "ending_draws": "the draws that would end the round; the deck size is in `deck`",
    }

    def declare(self) -> None:
        P = self.players
        f = self.feature
        f("hand", 60, "my hand, as a card set", lambda v: _cards(v["hand"]))
        for i in range(P):
            who = "my" if i == 0 else f"seat +{i}'s"
            f(f"expedition_{i}", 60, f"{who} expeditions, as a card set",
              lambda v, i=i: _cards(self._expedition_cards(v, i)))
        f("discards", 60, "every card in the discard piles, as a card set",
          lambda v: _cards([c for pile in v["discards"].values() for c in pile]))
        f("pile_tops", 60, "the top card of each discard pile (what may be drawn)",
          lambda v: _cards([pile[-1] for pile in v["discards"].values() if pile]))
        for i in range(P):
            who = "I hold" if i == 0 else f"seat +{i} holds"
            f(f"known_{i}", 60,
              f"cards everyone knows {who} (taken from a discard pile, still in hand)",
              lambda v, i=i: _cards(v["known"][seats(v, P)[i]]))
        f("unseen", 60,
          "cards of this game I cannot see: in the deck or in rivals' unknown hand cards",
          self._unseen)
        f("expedition_scores", 6 * P,
          "per seat (me first) and colour: that expedition's score now / 100 (0 if unstarted)",
          self._scores, low=-1.0, high=2.0)
        f("colors", 6, "1 for each colour in this game (purple: the six-colour variant)",
          lambda v: [1.0 if c.letter in v["colors"] else 0.0 for c in COLORS])
        f("deck", 1, "cards left in the draw deck / 72", lambda v: [v["deck"] / 72])
        f("hand_sizes", P, "cards in hand per seat (me first) / 8",
          lambda v: [v["hand_sizes"][s] / 8 for s in seats(v, P)])
        f("phase", 2, "one-hot: play a card, or draw one",
          lambda v: onehot(_PHASES[v["phase"]], 2))
        f("blocked", 6, "one-hot colour of the pile I just discarded to (may not draw it back)",
          lambda v: onehot(None if v["blocked"] is None else _COLOR[v["blocked"]], 6))
        f("to_move", P + 1, "one-hot seat to move (me first; last: nobody, game over)",
          lambda v: onehot(relative(v["to_move"], v, P), P + 1))
        f("starter", P, "one-hot seat that started this round (me first)",
          lambda v: onehot(relative(v["starter"], v, P), P))
        f("round", 3, "round / rounds, rounds / 5, rounds left after this one / 5",
          lambda v: [v["round"] / v["rounds"], v["rounds"] / 5, (v["rounds"] - v["round"]) / 5])
        f("scores", P, "match score per seat (me first; earlier rounds + this round so far) / 200",
          lambda v: [v["scores"][s] / 200 for s in seats(v, P)], low=-3.0, high=3.0)

    def _expedition_cards(self, v: View, i: int) -> list[str]:
        return [c for col in v["expeditions"][seats(v, self.players)[i]].values() for c in col]

    def _unseen(self, v: View) -> list[float]:
        out = _all_cards(v["colors"])
        seen = _cards(
            v["hand"]
            + [c for exp in v["expeditions"] for col in exp.values() for c in col]
            + [c for pile in v["discards"].values() for c in pile]
            + [c for s, known in enumerate(v["known"]) if s != v["seat"] for c in known]
        )
        return np.maximum(out - seen, 0.0)

    def _scores(self, v: View) -> list[float]:
        out = []
        for s in seats(v, self.players):
            exp = v["expeditions"][s]
            for c in COLORS:
                col = exp.get(c.letter, [])
                out.append(score_kinds(_kinds(col)) / 100 if col else 0.0)
        return out
