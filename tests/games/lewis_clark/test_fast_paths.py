"""The fast legal-move code gives exactly what the plain rules give.

Search speed (issue 24) comes from tables and shortcuts in the legal-move code; each is
checked here against a plain statement of the same rule on every state of many games
(random and greedy, 1 to 5 players, options drop_goods and support_badges on and off), so an optimisation that
drops or reorders a move fails here. Rules: rule text lines 74-82 (a turn: one action,
an optional recruitment and camp), 101-116 (strength from a card or Indians, village
locations and their circles), 128-138 (recruiting: fur by slot, equipment by strength,
one card discarded to cover it), 148 (an action needs strength), LEW-2 (a way is
offered only when it can be paid), DC-6 (goods gained by an action cannot pay it).
"""

from __future__ import annotations

import random

import pytest

from meeple.games.lewis_clark import GAME
from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark.components import (
    ALL_RES,
    BADGE,
    BOAT,
    COPY,
    EFFECTS,
    EQUIP,
    INDIAN,
    JOURNAL,
    N_LOCS,
    STRENGTH,
    VILLAGE,
    VILLAGE_LOCS,
)
from meeple.games.lewis_clark.effects import (
    COPYABLE,
    PAY,
    START,
    UPGRADE,
    WAY_CODE,
    Frame,
    badges,
    start_options,
)
from meeple.games.lewis_clark.journal import can_recruit, recruitable
from meeple.games.lewis_clark.rules import ARC, EXTRA, MAIN, MAX_STRENGTH, RECRUIT, SOURCE


def plain_start_options(s, seat: int, frame) -> list[int]:
    if frame.repetitions <= 0:
        return []
    e, out = s.expeditions[seat], []
    for i, way in enumerate(EFFECTS[frame.effect].ways):
        left = [e.goods[r] - s.gained[r] - way.pay[r] for r in ALL_RES]
        if min(left) < 0 or way.indians > e.indians:
            continue
        if way.any_n and (sum(1 for x in left if x > 0) if way.distinct else sum(left)) < way.any_n:
            continue
        b = way.benefit
        if b == JOURNAL:
            out += [A.JOURNAL + slot for slot in range(len(s.journal))]
        elif b == VILLAGE:
            out += [A.VILLAGE + loc for loc in range(N_LOCS)
                    if (way.types[0] != "occupied" or s.village[loc]) and (loc != UPGRADE or s.boat_tiles)]
        elif b == COPY:
            faces = sorted({p.card for x in s.expeditions for p in x.play_area})
            out += [A.COPY + k for k in faces if COPYABLE[k]]
        elif (b != INDIAN or s.powwow) and (b != BOAT or s.boat_tiles):
            out.append(WAY_CODE[frame.effect][i])
    return out


def plain_badges(s, seat: int, good: int) -> int:
    """DC-7: badges in your and your neighbours' play areas (supports too with the
    option); DC-18, solo: plus the occupied village locations' tokens."""
    n = s.players
    cards = [c for k in {seat, (seat - 1) % n, (seat + 1) % n} for p in s.expeditions[k].play_area
             for c in (p.card, p.support if s.options["support_badges"] else -1) if c >= 0]
    tokens = [v.solo_badge for loc, v in enumerate(VILLAGE_LOCS) if s.village[loc]] if n == 1 else []
    return sum(BADGE[c] == good for c in cards) + sum(b == good for b in tokens)


def plain_legal(s) -> list[int]:
    """The decisions of the main, strength and recruit phases, as the rules list them."""
    seat, e = s.to_move, s.expeditions[s.to_move]
    drops = [A.DROP + r for r in ALL_RES if e.goods[r]] if s.options["drop_goods"] else []
    if s.phase == SOURCE:
        return [A.WITH + k for k in e.hand] + [A.INDIANS + n for n in range(1, min(MAX_STRENGTH, e.indians) + 1)]
    if s.phase == EXTRA:
        room = MAX_STRENGTH - STRENGTH[s.support]
        return [A.INDIANS + n for n in range(1, min(room, e.indians) + 1)] + [A.STOP]
    if s.phase == ARC:
        return [A.INDIANS + n for n in range(1, min(MAX_STRENGTH, e.indians) + 1)]
    if s.phase == RECRUIT:
        short = STRENGTH[s.journal[s.recruit_slot]] - e.goods[EQUIP]
        return [A.DISCARD + k for k in e.hand if STRENGTH[k] >= short] + ([A.SKIP] if short <= 0 else [])
    out = []
    if not s.acted:
        if not (e.indians > 0 or len(e.hand) >= 2):
            if not s.camped:
                return [A.CAMP] + drops
            out.append(A.END)
        else:
            out += [A.PLAY + k for k in e.hand]
            if e.indians:
                out += [A.VILLAGE + loc for loc, v in enumerate(VILLAGE_LOCS) if v.circles == 0 or (
                    s.village[loc] < v.circles and (loc != UPGRADE or s.boat_tiles))]
    if not s.recruited:
        out += [A.RECRUIT + slot for slot in range(len(s.journal)) if can_recruit(s, seat, slot)]
    out += ([] if s.camped else [A.CAMP]) + drops + ([A.END] if s.acted else [])
    return out


def states(players: int, seed: int, greedy: bool, **options):
    rng = random.Random(seed)
    state = GAME.new(players, seed, **options)
    while state.to_move is not None:
        yield state
        state.apply(GAME.greedy_action(state, rng) if greedy else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_legal_moves_match_the_plain_rules_in_played_games(players):
    seen = {MAIN: 0, SOURCE: 0, START: 0, PAY: 0}
    for seed in range(4):
        for state in states(players, 100 * players + seed, greedy=seed % 2 == 0, drop_goods=seed == 3,
                            support_badges=seed != 1):
            seat = state.to_move
            codes = list(map(int, state.legal_actions()))
            assert [badges(state, seat, r) for r in ALL_RES] == [plain_badges(state, seat, r) for r in ALL_RES]
            assert recruitable(state, seat) == [
                slot for slot in range(len(state.journal)) if can_recruit(state, seat, slot)]
            if state.phase != "effect":
                assert codes == plain_legal(state), (seed, state.ply)
                seen[state.phase] = seen.get(state.phase, 0) + 1
                continue
            frame = state.effects[-1]
            if frame.step == START:
                full = plain_start_options(state, seat, frame)
                assert codes == full + [A.STOP]
                first = start_options(state, seat, frame, any_one=True)
                assert bool(first) == bool(full) and full[:len(first)] == first
            elif frame.step == PAY:
                distinct = EFFECTS[frame.effect].ways[frame.way].distinct
                assert codes == [A.PAY + r for r in ALL_RES if state.expeditions[seat].goods[r] - state.gained[r] > 0
                                 and not (distinct and frame.types_used >> r & 1)]
            seen[frame.step] = seen.get(frame.step, 0) + 1
    assert seen[MAIN] > 100 and seen[SOURCE] > 20 and seen[START] > 50


def test_every_effect_is_offered_as_the_plain_rules_offer_it():
    """``settle`` closes a frame when ``start_options(any_one=True)`` is empty: for every
    effect in every state of some games, it is empty exactly when no way can be paid,
    and its moves begin the full list."""
    checked = 0
    for players in (1, 3):
        for state in states(players, 7 + players, greedy=True, drop_goods=False):
            if state.ply % 5:
                continue
            for effect in range(len(EFFECTS)):
                frame = Frame(effect, 1)
                full = plain_start_options(state, state.to_move, frame)
                assert start_options(state, state.to_move, frame) == full
                first = start_options(state, state.to_move, frame, any_one=True)
                assert bool(first) == bool(full) and full[:len(first)] == first
                checked += 1
    assert checked > 2000
