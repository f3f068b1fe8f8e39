"""The Lost Cities playout policy: the move ISMCTS plays out with and favourites.

A card-holding heuristic that weighs each move by what it loses. It plans with the
turns left in the round (from the deck size) and with the cards of each colour still
obtainable, reading only what the seat to move may know (its hand, the table, the
deck size, the pile cards the rival took). Play phase:

- playing the lowest card of a started expedition loses the skipped ranks I might
  still have drawn; with no such gap it loses nothing;
- starting a colour gains what hand plus likely draws pay above its 20, and only
  when the turns left allow playing them;
- discarding loses the card's use to me plus its use to the rival;
- when the cards I mean to play outnumber the turns left, every turn plays, highest
  cards first (the low ones would not be reached anyway).

Draw phase: a pile card that extends an expedition of mine with a small jump, else
the deck; a seat that has more to play than turns left keeps the round going with a
pile card, a seat that leads ends it when it can.
"""

from __future__ import annotations

import random

from meeple.core.actions import Action
from meeple.games.lost_cities.actions import (
    DISCARD_OF,
    DRAW_DECK_ACTION,
    DRAW_PHASE,
    DRAW_PILE_OF,
    PLAY_OF,
)
from meeple.games.lost_cities.components import COLOR_OF, N_RANKS, RANK_OF, WAGER
from meeple.games.lost_cities.rules import LostCitiesState

#: tuning knobs (tuned against greedy in one-round games, see benchmarks/README.md)
DRAW_SHARE = 0.35  # chance-like weight of an unseen card: I draw it in time and play it
START_MARGIN = 4.0  # expected points above the 20 a colour must promise to be started
WAGER_MARGIN = 3.0  # ... before a wager goes down first
WAGER2_MARGIN = 8.0  # ... before another wager follows one
OPP_TAKE = 0.8  # share of a card's points the rival gains when I discard it onto his colour
OPP_EARLY = 0.5  # ... onto a colour he has not started, early in the round
HOLD_STARTED = 1.0  # share of its points a playable card of a started colour is worth kept
STRETCH = 3.0  # a pile draw's worth when I hold more to play than turns left
SCAVENGE = 16.0  # points a pile card and my higher ones of its colour must pass to be taken
LEAD_TAKES = 0.5  # leading at the last deck card: a pile card must beat this (0: never)


def _obtainable(state: LostCitiesState, seat: int, c: int) -> int:
    """Bit mask of the number ranks of colour ``c`` that ``seat`` may still get: not in
    either expedition, not under a discard pile's top, not known in the rival's hand."""
    gone = 0
    for k in state.expeditions[1 - seat][c]:
        gone |= 1 << RANK_OF[k]
    for k in state.discard_piles[c][:-1]:
        gone |= 1 << RANK_OF[k]
    for k in state.taken_from_piles[1 - seat]:
        if COLOR_OF[k] == c:
            gone |= 1 << RANK_OF[k]
    return 0b1111111110 & ~gone


#: points of the number ranks set in a mask of ranks (bit r: rank r, worth r + 1)
_MASK_POINTS = tuple(sum(r + 1 for r in range(1, N_RANKS) if m >> r & 1) for m in range(1 << N_RANKS))


def _points(mask: int, above: int, below: int = N_RANKS) -> int:
    """Points of the number ranks in ``mask`` strictly between ``above`` and ``below``."""
    if above < 0:
        above = 0
    if below <= above + 1:
        return 0
    return _MASK_POINTS[mask & ((1 << below) - (1 << (above + 1)))]


def playout_action(state: LostCitiesState, rng: random.Random) -> Action:
    """The playout move for the seat to move (see the module docstring)."""
    if state.phase == DRAW_PHASE:
        return _draw(state)
    return _play(state)


def _play(state: LostCitiesState) -> Action:
    seat = state.to_move
    tops = state.top_ranks[seat]
    theirs = state.top_ranks[1 - seat]
    hand = state.hands[seat]
    ncol = state.colors
    deck = len(state.deck)
    turns = (deck + 1) // 2  # my plays left, this one included
    share = DRAW_SHARE * deck / (deck + 8)
    low = [99] * ncol  # lowest playable number per colour
    pot = [0] * ncol  # points of the playable numbers in hand
    cnt = [0] * ncol
    wag = [0] * ncol
    held = 0  # hand numbers of each colour, as a mask per colour (bit r of colour c)
    for k in hand:
        c = COLOR_OF[k]
        r = RANK_OF[k]
        if r == WAGER:
            if tops[c] <= 0:
                wag[c] += 1
        elif r > tops[c]:
            pot[c] += r + 1
            cnt[c] += 1
            held |= 1 << (c * N_RANKS + r)
            if r < low[c]:
                low[c] = r
    planned = 0
    for c in range(ncol):
        if tops[c] >= 0:
            planned += cnt[c]
    spare = turns - planned
    # ---- turns are short: play every turn, the cards that count most ----
    if spare <= 0 and planned:
        return _rush(state, tops, turns, held, ncol)
    best_k, best_loss = -1, 1e9
    start_value = [0.0] * ncol
    for c in range(ncol):
        top = tops[c]
        if not cnt[c]:
            continue
        r = low[c]
        obtain = _obtainable(state, seat, c) & ~(held >> (c * N_RANKS))
        gap = _points(obtain, top, r) * share
        if top >= 0:
            loss = gap - 0.5  # a play with nothing skipped beats a free discard
            if top == 0 and wag[c] and spare > cnt[c] + 2:  # another wager on a strong colour
                gain = pot[c] + _points(obtain, r) * share - 20.0 - gap
                if gain >= WAGER2_MARGIN:
                    loss, r = -1.0, WAGER
        else:
            if spare <= cnt[c]:
                continue
            gain = pot[c] + _points(obtain, r) * share - 20.0 - gap
            start_value[c] = gain
            if gain < START_MARGIN:
                continue
            loss = -gain
            if wag[c] and gain >= WAGER_MARGIN and spare > cnt[c] + 2:
                r = WAGER
        if loss < best_loss:
            best_k, best_loss = c * N_RANKS + r, loss
    # discard: what costs me least and helps the rival least
    for k in hand:
        c = COLOR_OF[k]
        r = RANK_OF[k]
        top = tops[c]
        if r == WAGER:
            mine = 0.0 if top > 0 else max(0.0, start_value[c]) / 2.0
        elif r <= top:
            mine = 0.0
        elif top >= 0:
            mine = HOLD_STARTED * (r + 1)
        else:
            v = start_value[c]
            mine = (r + 1) * 0.5 if v > -6.0 and spare > cnt[c] else 0.0
        t = theirs[c]
        if r == WAGER:
            if t == 0 or (t < 0 and turns > 8):
                mine += 1.0
        elif t >= 0:
            if r > t:
                mine += OPP_TAKE * (r + 1) + 2.0
        elif turns > 6:
            mine += OPP_EARLY * (r + 1)
        if mine < best_loss:
            best_k, best_loss = k + 1000, mine
    if best_k >= 1000:
        return DISCARD_OF[best_k - 1000]
    return PLAY_OF[best_k]


def _rush(state: LostCitiesState, tops: list[int], turns: int, held: int, ncol: int) -> Action:
    """More to play than turns: keep the ``turns`` highest playable cards and play the
    lowest of them in the colour that holds most of them."""
    ranked = []
    for c in range(ncol):
        if tops[c] < 0:
            continue
        bits = held >> (c * N_RANKS)
        for r in range(N_RANKS):
            if bits >> r & 1:
                ranked.append((r, c))
    ranked.sort(reverse=True)
    keep = ranked[:turns]
    lowest: dict[int, int] = {}
    count: dict[int, int] = {}
    for r, c in keep:
        lowest[c] = r
        count[c] = count.get(c, 0) + 1
    c = max(count, key=lambda x: (count[x], -lowest[x]))
    return PLAY_OF[c * N_RANKS + lowest[c]]


def _draw(state: LostCitiesState) -> Action:
    seat = state.to_move
    tops = state.top_ranks[seat]
    hand = state.hands[seat]
    piles = state.discard_piles
    blocked = state.blocked_pile
    deck = len(state.deck)
    best, best_v = DRAW_DECK_ACTION, 0.0
    if deck == 1:
        scores = state.scores()
        if scores[seat] > scores[1 - seat]:
            if not LEAD_TAKES:
                return DRAW_DECK_ACTION  # bank the lead
            best_v = LEAD_TAKES  # bank the lead unless a pile card is worth a turn more
        else:
            best_v = -5.0  # trailing: any pile card keeps the round going
    else:
        planned = 0
        for k in hand:
            t = tops[COLOR_OF[k]]
            if t >= 0 and RANK_OF[k] > t:
                planned += 1
        if planned >= deck // 2:
            best_v = -STRETCH  # more to play than turns: a harmless pile card helps
    for c in range(state.colors):
        pile = piles[c]
        if not pile or c == blocked:
            continue
        r = RANK_OF[pile[-1]]
        top = tops[c]
        if top >= 0 and r > top:
            v = 6.0 - 2.0 * (r - max(top, 0) - 1)
        elif top < 0 and r != WAGER and SCAVENGE > 0.0:
            mine = 0
            for k in hand:
                if COLOR_OF[k] == c and RANK_OF[k] > r:
                    mine += RANK_OF[k] + 1
            v = (mine + r + 1 - SCAVENGE) / 4.0
        else:
            v = -1.0
        if v > best_v:
            best, best_v = DRAW_PILE_OF[c], v
    if best is not DRAW_DECK_ACTION and state.stall_rules and blocked is not None \
            and state.ends_round(best):
        return DRAW_DECK_ACTION  # a third repetition or the idle limit: not for a pile card
    return best
