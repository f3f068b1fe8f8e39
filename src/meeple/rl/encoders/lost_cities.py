"""Lost Cities observations: card sets over the six-colour card table, plus the tracks.

Card sets (a hand, an expedition, the discards) are 60 numbers: one per colour
(Y W B G R P) and rank (wager, 2..10), the copies present divided by the copies in the
game (three wagers per colour, one of each number). The six-colour layout is used for
five-colour games too (purple stays zero), so the shape depends on nothing but the
player count.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from meeple.games.lost_cities.actions import DISCARD, DRAW_PILE, PLAY
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
        "expedition_scores": "each column's score this round; the cards are in `expeditions`",
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

    def symmetries(self) -> tuple[np.ndarray, np.ndarray]:
        """The 120 orders of the five base colours: every card set, per-colour feature
        and per-colour action relabelled alike. Purple (the six-colour variant) keeps its
        place, so the maps hold for five- and six-colour games alike."""
        colour_blocks = [f for f in self.features if f.name in ("colors", "blocked")]
        card_blocks = [f for f in self.features if f.size == N_KINDS and f not in colour_blocks]
        scores = next(f for f in self.features if f.name == "expedition_scores")
        obs_maps, action_maps = [], []
        for order in itertools.permutations(range(5)):
            new = list(order) + [5]  # colour c is relabelled new[c]
            old = [0] * 6
            for c, n in enumerate(new):
                old[n] = c
            kind = [old[k // N_RANKS] * N_RANKS + k % N_RANKS for k in range(N_KINDS)]
            src = np.arange(self._size)
            for f in card_blocks:
                src[f.start:f.stop] = f.start + np.array(kind)
            for f in colour_blocks:
                src[f.start:f.stop] = f.start + np.array(old)
            for s in range(self.players):
                start = scores.start + 6 * s
                src[start:start + 6] = start + np.array(old)
            act = np.arange(DRAW_PILE + 6)
            act[PLAY:PLAY + N_KINDS] = PLAY + np.array(kind)
            act[DISCARD:DISCARD + N_KINDS] = DISCARD + np.array(kind)
            act[DRAW_PILE:DRAW_PILE + 6] = DRAW_PILE + np.array(old)
            obs_maps.append(src)
            action_maps.append(act)
        return np.array(obs_maps), np.array(action_maps)

    # ---- the same observation straight from a state (search's hot path) -------------
    def encode_state(self, state: Any, seat: int) -> np.ndarray:
        """``encode(state.view(seat))`` without building the view: about eight times
        faster, for a network asked at every node of a search. It reads exactly the
        fields the view publishes (``tests/rl/test_encoders.py`` compares the two on
        states of many random games), never the other hand or the deck order."""
        P = self.players
        order = [(seat + i) % P for i in range(P)]
        inv = _INVERSE_COPIES
        out = np.zeros(self._size, dtype=np.float32)
        at = self._offsets
        seen = np.bincount(np.asarray(state.hands[seat], dtype=np.intp), minlength=N_KINDS)
        out[at["hand"]:at["hand"] + N_KINDS] = seen * inv
        for i, s in enumerate(order):
            cards = [k for col in state.expeditions[s] for k in col]
            if cards:
                counted = np.bincount(cards, minlength=N_KINDS)
                seen += counted
                start = at[f"expedition_{i}"]
                out[start:start + N_KINDS] = counted * inv
        piles = state.discard_piles
        pile_cards = [k for pile in piles for k in pile]
        if pile_cards:
            counted = np.bincount(pile_cards, minlength=N_KINDS)
            seen += counted
            start = at["discards"]
            out[start:start + N_KINDS] = counted * inv
            start = at["pile_tops"]
            for pile in piles:
                if pile:
                    out[start + pile[-1]] += inv[pile[-1]]
        for i, s in enumerate(order):
            known = state.taken_from_piles[s]
            if known:
                counted = np.bincount(known, minlength=N_KINDS)
                start = at[f"known_{i}"]
                out[start:start + N_KINDS] = counted * inv
                if s != seat:
                    seen += counted
        start = at["unseen"]
        out[start:start + N_KINDS] = np.maximum(_all_cards_n(state.colors) - seen * inv, 0.0)
        start = at["expedition_scores"]
        for s in order:
            for c, col in enumerate(state.expeditions[s]):
                if col:
                    out[start + c] = score_kinds(col) / 100
            start += 6
        start = at["colors"]
        out[start:start + state.colors] = 1.0
        out[at["deck"]] = len(state.deck) / 72
        start = at["hand_sizes"]
        for i, s in enumerate(order):
            out[start + i] = len(state.hands[s]) / 8
        out[at["phase"] + _PHASES[state.phase]] = 1.0
        if state.blocked_pile is not None:
            out[at["blocked"] + state.blocked_pile] = 1.0
        to_move = P if state.to_move is None else (state.to_move - seat) % P
        out[at["to_move"] + to_move] = 1.0
        out[at["starter"] + (state.starter - seat) % P] = 1.0
        start = at["round"]
        out[start:start + 3] = (state.round / state.rounds, state.rounds / 5, (state.rounds - state.round) / 5)
        scores = state.scores()
        start = at["scores"]
        for i, s in enumerate(order):
            out[start + i] = scores[s] / 200
        np.clip(out, self.low, self.high, out=out)
        return out

    @property
    def _offsets(self) -> dict[str, int]:
        offsets = self.__dict__.get("_offset_table")
        if offsets is None:
            offsets = self.__dict__["_offset_table"] = {f.name: f.start for f in self.features}
        return offsets


def _all_cards_n(colors: int) -> np.ndarray:
    """Every card of a game of ``colors`` colours, as a card set (ones)."""
    return _ALL_CARDS[colors]


_ALL_CARDS = {n: _all_cards([c.letter for c in COLORS[:n]]) for n in (5, 6)}
