"""Issue 16, root-parallel search: what ``ismcts:workers=2`` buys on Lost Cities.

Positions come from greedy-vs-greedy rounds (every 7th decision with at least three
legal moves). Each configuration searches each position with several seeds; a
decision "agrees" when it picks the move a 10x longer single search (the reference)
picks. Reported per configuration: agreement with the reference, and wall and CPU
seconds per decision (CPU of this process only: a worker's CPU shows in wall time).

    python benchmarks/workers_lc.py --positions 20 --seeds 3
"""

from __future__ import annotations

import argparse
import time

from meeple import bots, games
from meeple.arena.stats import wilson


def positions(count: int, colors: int) -> list:
    game = games.get("lost-cities")
    out = []
    deal = 500
    while len(out) < count:
        state = game.new(2, deal, rounds=1, colors=colors)
        players = [bots.get("greedy", game, seed=deal + s) for s in range(2)]
        decisions = 0
        while state.to_move is not None and len(out) < count:
            if len(state.legal_actions()) >= 3:
                decisions += 1
                if decisions % 7 == 0:
                    out.append(state.clone())
            state.apply(players[state.to_move].choose(state))
        deal += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--colors", type=int, default=5)
    args = parser.parse_args()
    game = games.get("lost-cities")
    states = positions(args.positions, args.colors)
    reference = [bots.get("ismcts:iterations=10000", game, seed=1).choose(s) for s in states]
    for spec in ("ismcts", "ismcts:workers=2", "ismcts:iterations=2000"):
        agree, n, wall, cpu = 0, 0, 0.0, 0.0
        for seed in range(args.seeds):
            bot = bots.get(spec, game, seed=100 + seed)
            for state, best in zip(states, reference, strict=True):
                w, c = time.perf_counter(), time.process_time()
                move = bot.choose(state)
                wall += time.perf_counter() - w
                cpu += time.process_time() - c
                agree += move == best
                n += 1
            getattr(bot, "close", lambda: None)()
        low, high = wilson(agree, n)
        print(f"{spec}: agrees with the 10,000-iteration reference on {agree}/{n} = {100 * agree / n:.0f}% "
              f"[{100 * low:.0f}-{100 * high:.0f}], {1000 * wall / n:.0f} ms wall and "
              f"{1000 * cpu / n:.0f} ms CPU (this process) per decision", flush=True)


if __name__ == "__main__":
    main()
