"""How close a short search comes to a long one, on held-out distillation positions.

A match of two searches at 0.1 s a move takes half an hour to tell a few points apart;
this proxy takes minutes. The distillation records (``meeple.rl.distill``) hold, for
each position, the long search's root visits and the mean reward of every move. The
positions themselves are rebuilt from the game seeds (``distill.positions`` replays the
same playout-policy game), searched by the bot under test, and its move is scored:

- agreement: how often it is the long search's most visited move;
- regret: the long search's mean reward of its most visited move minus that of the
  move chosen (rewards in [0, 1]).

    python benchmarks/distill_proxy.py runs/lc/distill/distill-0000000.npz \
        "ismcts:iterations=400" "ismcts:iterations=400;net=runs/lc/latest.npz" --games 100 -o rounds=1

Bot specs use ';' between parameters here, as in ``meeple tournament``.
"""

from __future__ import annotations

import argparse

import numpy as np

from meeple import bots, games
from meeple.cli import parse_options
from meeple.rl import distill


def score(path: str, spec: str, game_name: str, options: dict, games_: int) -> dict[str, float]:
    with np.load(path) as data:
        records = {k: data[k] for k in distill.KEYS}
    game = games.get(game_name)
    bot = bots.get(spec.replace(";", ","), game, seed=0)  # once: a network file loads once
    seeds = list(dict.fromkeys(int(s) for s in records["game"]))[:games_]
    agree, regret, n = 0, 0.0, 0
    for seed in seeds:
        rows = np.flatnonzero(records["game"] == seed)
        states = distill.positions(game_name, 2, options, seed)
        for row, state in zip(rows, states, strict=True):
            move = int(bot.choose(state))
            visits, q = records["visits"][row], records["q"][row]
            best = int(np.argmax(visits))
            agree += move == best
            # a move the long search never tried counts as its worst tried move
            taken = q[move] if visits[move] > 0 else q[visits > 0].min()
            regret += float(q[best] - taken)
            n += 1
    return {"positions": n, "agreement": agree / n, "regret": regret / n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("chunk", help="a distillation chunk (distill-SSSSSSS.npz)")
    parser.add_argument("specs", nargs="+", help="bot specs to score")
    parser.add_argument("--game", default="lost-cities")
    parser.add_argument("--games", type=int, default=100, help="games of the chunk to use (the first ones)")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option key=value")
    args = parser.parse_args()
    options = games.get(args.game).resolve_options(parse_options(args.option))
    for spec in args.specs:
        result = score(args.chunk, spec, args.game, options, args.games)
        print(f"{spec}: {result['positions']} positions, agreement {result['agreement']:.1%}, "
              f"regret {result['regret']:.4f}")


if __name__ == "__main__":
    main()
