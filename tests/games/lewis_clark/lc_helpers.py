"""Shared helpers for the Lewis & Clark tests: set up positions, check invariants."""

from __future__ import annotations

from collections import Counter

from meeple.games.lewis_clark import GAME
from meeple.games.lewis_clark.components import (
    CARDS,
    FORT,
    LAST,
    N_ENCOUNTERED,
    STARTING_KINDS,
    TILES,
)
from meeple.games.lewis_clark.rules import LewisClarkState

KIND = {c.slug: k for k, c in enumerate(CARDS)}


def new(players: int = 2, seed: int = 1, **options) -> LewisClarkState:
    return GAME.new(players, seed, **options)


def play(state: LewisClarkState, *texts: str) -> None:
    for t in texts:
        state.apply(t)


def legal(state: LewisClarkState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def give(state: LewisClarkState, seat: int, *slugs: str) -> None:
    """Put cards into a hand (taken from wherever they are)."""
    for slug in slugs:
        k = KIND[slug]
        for pile in (state.deck, state.journal, state.discard):
            if k in pile:
                pile.remove(k)
        state.hands[seat].append(k)
    state._legal = None


def set_res(state: LewisClarkState, seat: int, **amounts: int) -> None:
    words = ("wood", "fur", "food", "equip", "canoe", "horse")
    state.res[seat] = [amounts.get(w, 0) for w in words]
    state._legal = None


def check_invariants(s: LewisClarkState) -> None:
    n = s.players
    # Indians conserved: 3 + 3N (rule text 002 line 31)
    on_cards = sum(e[2] for area in s.areas for e in area)
    assert sum(s.ind) + on_cards + sum(s.village) + s.powwow + s.stock == 3 + 3 * n
    assert min(s.ind) >= 0 and s.powwow >= 0 and s.stock >= 0 and min(s.village) >= 0
    for seat in range(n):
        res = s.res[seat]
        assert min(res) >= 0, "resources never negative"
        assert sum(res) <= s.capacity(seat), "boat capacity respected"
        assert 0 <= s.camp[seat] <= s.pos[seat] <= LAST
        assert s.time[seat] >= 0
    assert s.tiles + sum(s.gt) + sum(s.it) == TILES and s.tiles >= 0
    # encountered cards: each exactly once somewhere
    where = Counter(s.deck + s.journal + s.discard)
    for seat in range(n):
        where.update(k for k in s.hands[seat] if k < N_ENCOUNTERED)
        for kind, sup, _ in s.areas[seat]:
            where.update(k for k in (kind, sup) if 0 <= k < N_ENCOUNTERED)
    if s.phase in (1, 2):  # a card is being played
        where.update(k for k in (s.pending, s.support) if 0 <= k < N_ENCOUNTERED)
    assert sorted(where) == list(range(N_ENCOUNTERED)) and max(where.values()) == 1
    assert len(s.journal) <= 5
    for seat in range(n):
        mine = [k for k in s.hands[seat] if k >= N_ENCOUNTERED]
        mine += [k for e in s.areas[seat] for k in e[:2] if k >= N_ENCOUNTERED]
        assert len(mine) == len(set(mine)) and set(mine) <= set(STARTING_KINDS)
    # scouts never share a space (St. Louis and the last space excepted)
    scouts = [p for p in s.scouts() if 0 < p < LAST]
    assert len(scouts) == len(set(scouts))
    if s.to_move is not None:
        assert s.legal_actions()
    else:
        for w in s.winners():
            if s.end_reason == "reached the Pacific":
                assert s.camp[w] >= FORT and s.time[w] <= s.camp[w] - FORT


def table(players: int = 2, seed: int = 7, **options) -> LewisClarkState:
    """A fresh game with seat 0 to move and an empty hand (tests add what they need)."""
    s = GAME.new(players, seed, **options)
    s.to_move = 0
    s._new_turn()
    s.hands[0] = []
    s.stock += s.ind[0]
    s.ind[0] = 0
    s._legal = None
    return s


def indians(s: LewisClarkState, seat: int, n: int) -> None:
    """Move n Indians from the stock to a seat's boats (Indians stay conserved)."""
    s.stock -= n
    s.ind[seat] += n
    s._legal = None


def activate(s: LewisClarkState, slug: str, strength: int) -> None:
    """Play ``slug`` from hand with ``strength`` Indians (added to the boats first)."""
    give(s, s.to_move, slug)
    indians(s, s.to_move, strength)
    play(s, f"play {slug}", f"indians {strength}")


def res_of(s: LewisClarkState, seat: int = 0) -> dict[str, int]:
    words = ("wood", "fur", "food", "equip", "canoe", "horse")
    return {w: n for w, n in zip(words, s.res[seat], strict=True) if n}
