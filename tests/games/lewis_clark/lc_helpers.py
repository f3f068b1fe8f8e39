"""Shared helpers for the Lewis & Clark tests: positions built through ``edited`` (the
position format), and the invariants every state keeps."""

from __future__ import annotations

from collections import Counter

from meeple.core.position import edited
from meeple.games.lewis_clark import GAME
from meeple.games.lewis_clark.components import (
    CARDS,
    FORT,
    LAST,
    N_ENCOUNTERED,
    RES_WORDS,
    STARTING_KINDS,
    TILES,
)
from meeple.games.lewis_clark.expedition import Played
from meeple.games.lewis_clark.rules import LewisClarkState

KIND = {c.slug: k for k, c in enumerate(CARDS)}
WORDS = RES_WORDS  # wood fur food equip canoe horse


def new(players: int = 2, seed: int = 1, **options) -> LewisClarkState:
    return GAME.new(players, seed, **options)


def play(state: LewisClarkState, *texts: str) -> LewisClarkState:
    for t in texts:
        state.apply(t)
    return state


def legal(state: LewisClarkState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def goods(**amounts: int) -> list[int]:
    return [amounts.get(w, 0) for w in WORDS]


def table(players: int = 2, seed: int = 7, **options) -> LewisClarkState:
    """A fresh game with seat 0 to move, an empty hand and no Indian (tests add what they need)."""
    s = GAME.new(players, seed, **options)
    exps = [e.copy() for e in s.expeditions]
    stock = s.indian_stock + exps[0].indians
    exps[0].hand = []
    exps[0].indians = 0
    return edited(s, to_move=0, expeditions=exps, indian_stock=stock)


def change(s: LewisClarkState, seat: int = 0, *, give: tuple[str, ...] = (),
           goods_: list[int] | None = None, indians: int | None = None,
           area: list[tuple[str, str | None, int]] | None = None, **fields) -> LewisClarkState:
    """A new position with seat's expedition changed: ``give`` cards (taken from wherever
    they are), set its goods, its Indians (taken from or returned to the stock, so the
    total stays), its play area (card, support or None, Indians) and any other field
    (``scout``, ``camp``, ``time_tokens``, ``goods_tiles``, ...)."""
    exps = [e.copy() for e in s.expeditions]
    e = exps[seat]
    deck, journal, discard = list(s.deck), list(s.journal), list(s.discard)
    for slug in give:
        k = KIND[slug]
        for pile in (deck, journal, discard):
            if k in pile:
                pile.remove(k)
        e.hand = sorted(e.hand + [k])
    stock = s.indian_stock
    if goods_ is not None:
        e.goods = list(goods_)
    if indians is not None:
        stock -= indians - e.indians
        e.indians = indians
    if area is not None:
        played = []
        for card, support, on in area:
            for k in (KIND[card], KIND[support] if support else None):
                if k is not None:
                    for pile in (deck, journal, discard):
                        if k in pile:
                            pile.remove(k)
            stock -= on
            played.append(Played(KIND[card], KIND[support] if support else -1, on))
        e.play_area = played
    for name, value in fields.items():
        setattr(e, name, value)
    return edited(s, expeditions=exps, deck=deck, journal=journal, discard=discard,
                  indian_stock=stock)


def village(s: LewisClarkState, **on: int) -> LewisClarkState:
    """Put Indians from the stock on village locations (by slug) or in the Pow-wow."""
    from meeple.games.lewis_clark.components import VILLAGE_LOCS

    slugs = [v.slug for v in VILLAGE_LOCS]
    where = list(s.village)
    powwow = s.powwow + on.pop("powwow", 0)
    moved = powwow - s.powwow
    for slug, n in on.items():
        where[slugs.index(slug)] += n
        moved += n
    return edited(s, village=where, powwow=powwow, indian_stock=s.indian_stock - moved)


def activate(s: LewisClarkState, slug: str, strength: int, seat: int = 0) -> LewisClarkState:
    """Play ``slug`` from hand with ``strength`` Indians (added to the boats first)."""
    e = s.expeditions[seat]
    s = change(s, seat, give=(slug,), indians=e.indians + strength)
    return play(s, f"play {slug}", f"indians {strength}")


def res_of(s: LewisClarkState, seat: int = 0) -> dict[str, int]:
    return {w: n for w, n in zip(WORDS, s.expeditions[seat].goods, strict=True) if n}


def check_invariants(s: LewisClarkState) -> None:
    n = s.players
    # Indians conserved: 3 + 3N (rule text lines 31-37)
    on_cards = sum(p.indians for e in s.expeditions for p in e.play_area)
    assert (sum(e.indians for e in s.expeditions) + on_cards + sum(s.village) + s.powwow
            + s.indian_stock) == 3 + 3 * n
    assert min(e.indians for e in s.expeditions) >= 0 and s.powwow >= 0
    assert s.indian_stock >= 0 and min(s.village) >= 0
    for e in s.expeditions:
        assert min(e.goods) >= 0, "goods never negative"
        assert sum(e.goods) <= e.capacity, "boat capacity respected"
        assert 0 <= e.camp <= e.scout <= LAST
        assert e.time_tokens >= 0
        assert e.hand == sorted(e.hand), "hands are kept in canonical order"
    assert s.boat_tiles + sum(e.goods_tiles + e.indian_tiles for e in s.expeditions) == TILES
    assert s.boat_tiles >= 0
    # journal cards: each exactly once somewhere
    where = Counter(k for k in s.deck + s.journal + s.discard if k < N_ENCOUNTERED)
    for e in s.expeditions:
        where.update(k for k in e.hand if k < N_ENCOUNTERED)
        for p in e.play_area:
            where.update(k for k in (p.card, p.support) if 0 <= k < N_ENCOUNTERED)
    if s.phase in ("source", "extra"):  # a card is being played
        where.update(k for k in (s.playing, s.support) if 0 <= k < N_ENCOUNTERED)
    assert sorted(where) == list(range(N_ENCOUNTERED)) and max(where.values()) == 1
    assert all(k < N_ENCOUNTERED for k in s.deck + s.journal)
    assert s.deck == sorted(s.deck), "the deck is kept sorted: draws are random"
    assert len(s.journal) <= 5
    # starting cards: each seat's six, in its hand, play area, or on the discard pile
    starting = Counter(k for k in s.discard if k >= N_ENCOUNTERED)
    for e in s.expeditions:
        mine = [k for k in e.hand if k >= N_ENCOUNTERED]
        mine += [k for p in e.play_area for k in (p.card, p.support) if k >= N_ENCOUNTERED]
        assert len(mine) == len(set(mine)) and set(mine) <= set(STARTING_KINDS)
        starting.update(mine)
    if s.phase in ("source", "extra"):
        starting.update(k for k in (s.playing, s.support) if k >= N_ENCOUNTERED)
    assert all(starting[k] <= n for k in STARTING_KINDS)
    # scouts never share a space (St. Louis and the last space excepted)
    scouts = [p for p in s.scouts() if 0 < p < LAST]
    assert len(scouts) == len(set(scouts))
    if s.to_move is not None:
        assert s.legal_actions()
    else:
        for w in s.winners():
            if s.end_reason == "reached the Pacific":
                e = s.expeditions[w]
                assert e.camp >= FORT and e.time_tokens <= e.camp - FORT
