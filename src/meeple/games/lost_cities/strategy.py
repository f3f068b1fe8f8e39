"""Lost Cities heuristics: the greedy bot, its styles, the search's rollout policy and
``evaluate``.

Every policy reads only what the seat to move may know: its own hand, the table, the
deck size and the stall rules' public counts (the bots-do-not-peek test checks it).
They all know how a round ends: a draw that ends it (the last deck card, a third
repetition, the idle limit) gains nothing from the card drawn, and a seat that leads
takes it to bank the lead; none of them discards and draws back just to stall.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from meeple.core.actions import Action
from meeple.core.errors import ConfigError
from meeple.games.lost_cities.actions import (
    DISCARD,
    DISCARD_OF,
    DRAW_DECK,
    DRAW_PHASE,
    DRAW_PILE,
    PLAY_OF,
)
from meeple.games.lost_cities.components import (
    COLOR_OF,
    EXPEDITION_COST,
    LONG_BONUS,
    LONG_EXPEDITION,
    N_RANKS,
    RANK_OF,
    VALUE_OF,
    WAGER,
)
from meeple.games.lost_cities.rules import LostCitiesState


@dataclass(frozen=True)
class Style:
    """The weights of one variant of the greedy heuristic."""

    doc: str
    #: hand points (numbers that can still go on the colour) needed to start a colour;
    #: 4 fewer once wagers are down
    start_need: int = 22
    #: no new expedition once the deck is smaller than this
    late_deck: int = 12
    #: hand points needed to add a wager; a wager that starts a colour gets this bonus
    wager_need: int = 30
    wager_bonus: float = 1.0
    #: plays wagers at all
    wagers: bool = True
    #: at most this many expeditions
    max_expeditions: int = 6
    #: penalties per skipped rank and per hand card of the colour a play would kill
    skip_penalty: float = 1.5
    gap_penalty: float = 4.0
    #: the committer: always extends a started expedition, with the card that closes
    #: the smallest gap, before anything else; starts a colour only when it cannot
    commit: bool = False
    #: value of a pile card that would add to a colour not yet started (0: never taken)
    scavenge: float = 0.0


GREEDY = Style("the default: starts a colour when the hand pays its 20, extends closely")

STYLES: dict[str, Style] = {
    "cautious": Style(
        "starts at most 2 expeditions, only with 26+ points in hand and early in the round; "
        "wagers only on very strong holdings; avoids skipping ranks",
        start_need=26, late_deck=18, wager_need=40, max_expeditions=2, skip_penalty=3.0,
    ),
    "aggressive": Style(
        "starts any colour with 14+ points in hand until late in the round, "
        "wagers early and often",
        start_need=14, late_deck=5, wager_need=10, wager_bonus=6.0, skip_penalty=0.75,
    ),
    "committer": Style(
        "plays only what extends its lowest gap: whenever a started expedition can grow it "
        "plays the card that skips least, whatever it skips; never wagers",
        commit=True, wagers=False,
    ),
    "scavenger": Style(
        "lives off the discard piles: takes any pile card that adds to a colour it holds, "
        "so its rounds run longer; otherwise the default",
        scavenge=1.0, start_need=20,
    ),
}

#: the styles as ``Game.styles`` lists them: name -> what it does
STYLE_DOCS: Mapping[str, str] = {name: style.doc for name, style in STYLES.items()}


# ---- the greedy heuristic, parametrised by a style ---------------------------------------


def _potential(state: LostCitiesState, seat: int, color: int) -> int:
    """Sum of the numbers in ``seat``'s hand that can still go on ``color``."""
    top = state.top_ranks[seat][color]
    return sum(VALUE_OF[k] for k in state.hands[seat] if COLOR_OF[k] == color and RANK_OF[k] > top)


def _gap(state: LostCitiesState, seat: int, k: int) -> int:
    """How many higher-than-top cards of this colour in hand playing ``k`` would kill."""
    c, r = COLOR_OF[k], RANK_OF[k]
    top = state.top_ranks[seat][c]
    return sum(
        1
        for h in state.hands[seat]
        if COLOR_OF[h] == c and top < RANK_OF[h] < r and RANK_OF[h] != WAGER
    )


def _smallest_skip(state: LostCitiesState, seat: int) -> int:
    """The smallest rank jump any hand card makes onto a started expedition (99: none)."""
    tops = state.top_ranks[seat]
    best = 99
    for k in state.hands[seat]:
        top = tops[COLOR_OF[k]]
        r = RANK_OF[k]
        if top >= 0 and r != WAGER and r > top:
            best = min(best, r - top - 1)
    return best


def _play_value(state: LostCitiesState, seat: int, k: int, style: Style) -> float:
    c, r = COLOR_OF[k], RANK_OF[k]
    tops = state.top_ranks[seat]
    top = tops[c]
    late = len(state.deck) < style.late_deck
    if r == WAGER and not style.wagers:
        return -50.0
    if style.commit:
        smallest = _smallest_skip(state, seat)
        if smallest < 99:  # something extends: only the card that skips least
            if top >= 0 and r != WAGER and r - top - 1 == smallest:
                return 100.0 - r
            return -50.0
    if top == -1 or top == WAGER and r != WAGER:
        # starting (or first number after wagers): only with enough in hand to pay 20
        if top == -1 and (late or sum(1 for t in tops if t >= 0) >= style.max_expeditions):
            return -50.0
        pot = _potential(state, seat, c) + sum(VALUE_OF[x] for x in state.expeditions[seat][c])
        need = style.start_need if top == -1 else style.start_need - 4
        if pot < need:
            return -30.0
        return (pot - need) / 2 - 2 * _gap(state, seat, k) + (style.wager_bonus if r == WAGER else 0)
    if r == WAGER:
        pot = _potential(state, seat, c)
        return (pot - style.wager_need) / 3 if not late else -40.0
    skipped = r - top - 1
    return 8 - style.gap_penalty * _gap(state, seat, k) - style.skip_penalty * skipped


def _usable(r: int, top: int) -> bool:
    """Whether a card of rank ``r`` can still go on an expedition whose last rank is ``top``."""
    return (r > top) if r != WAGER else (top <= 0)


def _discard_cost(state: LostCitiesState, seat: int, k: int, style: Style) -> float:
    """How much discarding ``k`` hurts me (I could use it) plus helps the opponent."""
    c, r = COLOR_OF[k], RANK_OF[k]
    mine = state.top_ranks[seat][c]
    cost = 0.0
    if _usable(r, mine):
        cost += (VALUE_OF[k] if r != WAGER else 6) * (1.0 if mine >= 0 else 0.4)
    theirs = state.top_ranks[1 - seat][c]
    if theirs >= 0 and _usable(r, theirs):
        cost += 6 + VALUE_OF[k] / 2
    return cost


def _draw_value(state: LostCitiesState, seat: int, color: int, style: Style) -> float:
    k = state.discard_piles[color][-1]
    r = RANK_OF[k]
    top = state.top_ranks[seat][color]
    if top >= 0 and r > top:
        return 6.0 - 1.5 * (r - top - 1)
    if style.scavenge and top < 0 and r != WAGER and _potential(state, seat, color) >= 8:
        return style.scavenge + VALUE_OF[k] / 10
    return -1.0


def _leads(state: LostCitiesState, seat: int) -> bool:
    scores = state.scores()
    return scores[seat] > scores[1 - seat]


def _ending_value(state: LostCitiesState, seat: int) -> float:
    """A draw that ends the round: its card can no longer be played. A seat that leads
    ends the round gladly; one that trails would rather draw from the deck and play on."""
    return 10.0 if _leads(state, seat) else -0.5


def _might_end(state: LostCitiesState) -> bool:
    """Whether some draw can end the round now (cheap test before asking each draw)."""
    return len(state.deck) == 1 or (state.stall_rules and state.blocked_pile is not None)


def style_choice(state: LostCitiesState, rng: random.Random, style: Style) -> Action:
    """The legal action with the best value under ``style`` (ties: first, jittered)."""
    seat = state.to_move
    legal = state.legal_actions()
    best, best_value = legal[0], float("-inf")
    if state.phase == DRAW_PHASE:
        ending = _might_end(state)
        for a in legal:
            i = int(a)
            if ending and state.ends_round(a):
                value = _ending_value(state, seat)
            elif i == DRAW_DECK:
                value = 0.0
            else:
                value = _draw_value(state, seat, i - DRAW_PILE, style)
            value += rng.random() * 1e-3
            if value > best_value:
                best, best_value = a, value
        return best
    for a in legal:
        i = int(a)
        if i < DISCARD:
            value = _play_value(state, seat, i, style)
        else:
            value = -_discard_cost(state, seat, i - DISCARD, style) / 2
        value += rng.random() * 1e-3
        if value > best_value:
            best, best_value = a, value
    return best


def greedy_action(state: LostCitiesState, rng: random.Random) -> Action:
    """The ``greedy`` bot: the default style."""
    return style_choice(state, rng, GREEDY)


def style_action(style: str, state: LostCitiesState, rng: random.Random) -> Action:
    """The move of the named style (``greedy:style=NAME``)."""
    chosen = STYLES.get(style)
    if chosen is None:
        raise ConfigError(f"lost-cities has no greedy style {style!r}; styles: {', '.join(STYLES)}")
    return style_choice(state, rng, chosen)


# ---- the rollout policy ---------------------------------------------------------------------


def rollout_action(state: LostCitiesState, rng: random.Random) -> Action:
    """A cheap policy for search playouts, close to ``greedy_action`` in strength.

    Play phase: extend a started expedition with its lowest playable card when the
    jump is small; start a colour only when the hand holds enough to pay its 20 and
    there are turns left to play it; otherwise discard the card worth least to me
    plus most to the opponent. Draw phase: take a pile card that extends one of my
    expeditions with a small jump, else the deck; a pile draw that would end the
    round is worth no more than the deck. One pass over the hand.
    """
    seat = state.to_move
    tops = state.top_ranks[seat]
    if state.phase == DRAW_PHASE:
        legal = state.legal_actions()
        best, best_skip = legal[0], 3
        piles = state.discard_piles
        for a in legal[1:]:
            c = int(a) - DRAW_PILE
            r = RANK_OF[piles[c][-1]]
            top = tops[c]
            if top >= 0 and r > top:
                skip = r - top - 1
                if skip < best_skip:
                    best, best_skip = a, skip
        if best is not legal[0] and state.blocked_pile is not None and state.stall_rules \
                and state.ends_round(best):
            return legal[0]  # the card could not be played: take the deck like anyone
        return best
    hand = state.hands[seat]
    ncol = state.colors
    low = [99] * ncol  # lowest playable number rank per colour
    pot = [0] * ncol  # sum of playable numbers per colour
    cnt = [0] * ncol
    wag = [0] * ncol
    for k in hand:
        c = COLOR_OF[k]
        r = RANK_OF[k]
        if r == WAGER:
            wag[c] += 1
        elif r > tops[c]:
            pot[c] += VALUE_OF[k]
            cnt[c] += 1
            if r < low[c]:
                low[c] = r
    turns = (len(state.deck) + 1) // 2
    best_k, best_v = -1, 0.0
    exps = state.expeditions[seat]
    for c in range(ncol):
        top = tops[c]
        if top > 0:  # numbers already down
            if cnt[c]:
                v = 10.0 - 2.0 * (low[c] - top - 1)
                if v > best_v:
                    best_k, best_v = c * N_RANKS + low[c], v
            continue
        have = pot[c] + sum(VALUE_OF[x] for x in exps[c]) if top == 0 else pot[c]
        if cnt[c] == 0 or cnt[c] > turns + 1:
            continue
        need = 18 if top == 0 else 22
        if have < need:
            continue
        v = 2.0 + (have - need) / 3.0
        if wag[c] and (have - need) >= 6 and turns > cnt[c] + 2:
            k = c * N_RANKS  # wager first
        else:
            k = c * N_RANKS + low[c]
        if v > best_v:
            best_k, best_v = k, v
    if best_k >= 0:
        return PLAY_OF[best_k]
    # discard: least use to me plus most use to the opponent
    theirs = state.top_ranks[1 - seat]
    best_k, best_v = hand[0], 1e9
    for k in hand:
        c = COLOR_OF[k]
        r = RANK_OF[k]
        top = tops[c]
        if r == WAGER:
            mine = 0.0 if top > 0 or turns < 8 else 4.0 + pot[c] / 4
        elif r <= top:
            mine = 0.0
        elif top >= 0:
            mine = 8.0 + VALUE_OF[k]
        else:
            mine = (pot[c] / 3.0 + VALUE_OF[k] / 2.0) if turns > cnt[c] else 0.0
        t = theirs[c]
        if t >= 0 and ((r > t) if r != WAGER else t == 0):
            mine += 6.0 + VALUE_OF[k] / 2.0
        if mine < best_v:
            best_k, best_v = k, mine
    return DISCARD_OF[best_k]


# ---- evaluate: expected final scores where a playout stops early -------------------------


def evaluate(state: LostCitiesState) -> list[float]:
    """Expected final scores: completed rounds plus, per started expedition, the cards
    down and the numbers in hand that can still go on it, as far as the remaining turns
    allow (a seat plays one card a turn and gets about half of the deck's draws).
    Colours not started count 0: late in a round they almost always stay so.
    """
    if state.to_move is None:
        return [float(s) for s in state.scores()]
    totals = state.totals()
    turns = (len(state.deck) + 1) // 2
    out = []
    for seat in range(2):
        tops = state.top_ranks[seat]
        waiting_sum = [0] * state.colors
        waiting_count = [0] * state.colors
        for k in state.hands[seat]:
            c = COLOR_OF[k]
            if tops[c] >= 0 and RANK_OF[k] > tops[c]:
                waiting_sum[c] += VALUE_OF[k]
                waiting_count[c] += 1
        waiting = sum(waiting_count)
        share = 1.0 if waiting <= turns else turns / waiting
        value = float(totals[seat])
        for c, cards in enumerate(state.expeditions[seat]):
            if not cards:
                continue
            wagers = sum(1 for k in cards if RANK_OF[k] == WAGER)
            total = sum(VALUE_OF[k] for k in cards) + share * waiting_sum[c]
            value += (total - EXPEDITION_COST) * (1 + wagers)
            if len(cards) + share * waiting_count[c] >= LONG_EXPEDITION:
                value += LONG_BONUS
        out.append(value)
    return out
