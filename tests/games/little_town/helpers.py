"""Setting up Little Town positions for tests: a real setup, then fields replaced
through ``meeple.core.position.edited`` (the position format), never by hand."""

from __future__ import annotations

from typing import Any

from meeple.core.position import edited
from meeple.games.little_town import GAME
from meeple.games.little_town.components import BUILDING_INDEX, CELL_NAMES, OBJECTIVES

CARD = {o.key: i for i, o in enumerate(OBJECTIVES)}


def cell(name: str) -> int:
    return CELL_NAMES.index(name)


def fresh(players: int = 2, seed: int = 7, **opts):
    opts.setdefault("board", 1)
    opts.setdefault("robin", True)
    return GAME.new(players, seed, **opts)


def per_seat(values: list, seat: int, value: Any) -> list:
    """``values`` with seat ``seat``'s entry replaced."""
    out = list(values)
    out[seat] = value
    return out


def arrange(st, buildings: dict[str, tuple[str, int]] | None = None,
            workers: dict[str, int] | None = None, **fields):
    """A new position: ``st`` with buildings (cell -> (id, owner)), workers (cell ->
    seat) and any other fields replaced."""
    changes = dict(fields)
    if buildings:
        building_at, owner_at = list(st.building_at), list(st.owner_at)
        for name, (key, owner) in buildings.items():
            building_at[cell(name)] = BUILDING_INDEX[key]
            owner_at[cell(name)] = owner
        changes.update(building_at=tuple(building_at), owner_at=tuple(owner_at))
    if workers:
        worker_at = list(changes.get("worker_at", st.worker_at))
        for name, seat in workers.items():
            worker_at[cell(name)] = seat
        changes["worker_at"] = worker_at
    return edited(st, **changes)


def hand(st, seat: int, *keys: str):
    """``st`` with ``seat`` holding exactly these objectives (the others go unused)."""
    cards = tuple(sorted(CARD[k] for k in keys))
    hands = [tuple(c for c in h if c not in cards) for h in st.objectives_in_hand]
    freed = [c for h, old in zip(hands, st.objectives_in_hand, strict=True) for c in old if c not in h]
    hands[seat] = cards
    unused = tuple(sorted({*st.objectives_unused, *freed} - set(cards)))
    return edited(st, objectives_in_hand=hands, objectives_unused=unused)


def last_turn_of_round(st, **fields):
    """The seat to move takes the last turn of the round; the next seat starts the next."""
    me = st.to_move
    left = [0] * st.players
    left[me] = 1
    return arrange(st, workers_left=left, first_player=(me + 1) % st.players, **fields), me


def legal(st) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def play_out(st, rng=None):
    """Finish the game by always taking the last legal action (or random ones)."""
    while st.to_move is not None:
        acts = st.legal_actions()
        st.apply(acts[-1] if rng is None else rng.choice(acts))
    return st
