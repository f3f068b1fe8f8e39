"""Issue 24, "a Lewis & Clark bot that plans": the upper bound of planning whole turns.

The ``planner`` bot (src/meeple/bots/planner.py) plans each turn in determinized worlds.
This tool runs the same method knowing the true deal: each turn, every distinct
end-of-turn position (every decision of the turn tried) is scored by the greedy plan
playing on to the end of the real game, and the best line found so far is followed
(level-1 nested Monte Carlo search over turns, with memory). What it cannot win, the
bot cannot either. A measuring tool that reads the Journal deck, never a bot.

    python benchmarks/lewis_clark_turn_search.py --difficulty 0 --seed 50000 --deals 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from meeple import games
from meeple.arena.stats import wilson
from meeple.games.lewis_clark import strategy
from meeple.games.lewis_clark.rules import LewisClarkState

GAME = games.get("lewis-clark")


def _key(s: LewisClarkState) -> tuple:
    """What makes two positions of the solo seat the same (the rest is fixed by them)."""
    e = s.expeditions[0]
    frames = tuple((f.effect, f.repetitions, f.step, tuple(f.offer or ()), getattr(f, "remaining", 0))
                   for f in s.effects)
    return (e.scout, tuple(e.goods), e.indians, tuple(e.hand), tuple(e.play_area), e.time_tokens,
            tuple(s.village), s.powwow, tuple(s.journal), e.goods_tiles, e.indian_tiles, e.camp,
            s.phase, s.acted, s.camped, s.recruited, s.playing, s.support, s.arc, s.recruit_slot,
            frames, tuple(s.gained), s.passives_used, s.to_move, s.turns)


def turns_of(s: LewisClarkState, limit: int = 4000) -> list[tuple[LewisClarkState, list]]:
    """Every distinct position at the end of the current turn, with the decisions to it."""
    ends: dict[tuple, tuple[LewisClarkState, list]] = {}
    seen: set[tuple] = set()
    stack = [(s, [])]
    turn, tried = s.turns, 0
    while stack and tried <= limit:
        state, path = stack.pop()
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            tried += 1
            key = _key(child)
            if child.to_move is None or child.turns != turn:
                ends.setdefault(key, (child, path + [action]))
            elif key not in seen:
                seen.add(key)
                stack.append((child, path + [action]))
    return list(ends.values())


def greedy_to_the_end(s: LewisClarkState, rng: random.Random) -> tuple[float, list]:
    """The score the greedy plan reaches from ``s`` (a won game: earlier is better)."""
    s = s.clone()
    line = []
    while s.to_move is not None:
        action = strategy.greedy_action(s, rng)
        s.apply(action)
        line.append(action)
    bonus = 0.01 * (40 - (s.mackenzie or 0)) if s.winning_seats else 0.0
    return s.scores()[0] + bonus, line


def play(seed: int, difficulty: int) -> LewisClarkState:
    s = GAME.new(1, seed, difficulty=difficulty)
    rng = random.Random(seed)
    best, best_line = float("-inf"), []
    while s.to_move is not None:
        turn = s.turns
        for child, path in turns_of(s):
            score, line = greedy_to_the_end(child, rng)
            if score > best:
                best, best_line = score, path + line
        while s.to_move is not None and s.turns == turn:
            s.apply(best_line.pop(0))
    return s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--difficulty", type=int, default=0)
    ap.add_argument("--seed", type=int, default=50000)
    ap.add_argument("--deals", type=int, default=10)
    args = ap.parse_args()
    wins, scouts, tokens = 0, [], []
    for seed in range(args.seed, args.seed + args.deals):
        start = time.process_time()
        s = play(seed, args.difficulty)
        e = s.expeditions[0]
        wins += bool(s.winning_seats)
        scouts.append(e.scout)
        tokens.append(e.time_tokens)
        print(f"deal {seed}: {'won' if s.winning_seats else 'lost'} after {s.turns} turns, scout {e.scout}, "
              f"{e.time_tokens} Time tokens, {time.process_time() - start:.1f} s CPU", flush=True)
    low, high = wilson(wins, args.deals)
    print(f"{wins}/{args.deals} won [{100 * low:.1f}, {100 * high:.1f}]; mean scout "
          f"{statistics.mean(scouts):.1f}, Time tokens {statistics.mean(tokens):.1f}")


if __name__ == "__main__":
    main()
