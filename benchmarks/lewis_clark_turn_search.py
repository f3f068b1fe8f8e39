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
from meeple.bots.planner import TurnPlanner
from meeple.games.lewis_clark import strategy
from meeple.games.lewis_clark.rules import LewisClarkState

GAME = games.get("lewis-clark")


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
    planner = TurnPlanner(GAME, seed=seed, explore=4000)  # its enumeration, on the true deal
    best, best_line = float("-inf"), []
    while s.to_move is not None:
        turn = s.turns
        for child, path in planner._ways_to_end_the_turn(s, 0, None):
            score, line = greedy_to_the_end(child, rng)
            if score > best:
                best, best_line = score, [action for _, action in path] + line
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
