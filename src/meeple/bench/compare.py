"""``meeple bench --compare REV``: this code's search speed against a git revision's.

Speed is only comparable when measured side by side: the machine's load changes from
minute to minute. So the revision's ``src`` is exported (``git archive``) to a
temporary directory and two worker processes are started, one importing that tree and
one this one; every search runs in both, one after the other, alternating which goes
first, on the same position with the same bot seed and iterations budget.

Each measured search reports its CPU time (``time.process_time``: what other jobs on
the machine take is not counted, though they still share the caches) and a
fingerprint of the search's result: every root action with its visits and summed
reward. Same fingerprints mean the two versions searched identically: same worlds,
same playouts, same tree. A faster engine that changed the rules, a playout or the
random numbers the search draws shows up there, not only in the speed.

The positions: per game, the fresh deal ``meeple bench`` measures (its fewest
players, a ``turn_limit`` where the game has one) and a position after
``MIDGAME_PLIES`` greedy decisions at ``MIDGAME_PLAYERS`` players (or the nearest
allowed count).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

from meeple import games
from meeple.bench.throughput import finite_options
from meeple.core.errors import ConfigError

#: greedy decisions played before the mid-game position is searched
MIDGAME_PLIES = 30
#: players at the mid-game position (the nearest count a game allows)
MIDGAME_PLAYERS = 3

#: the worker: reads one JSON job a line, answers one JSON line. It uses only the
#: contract (``games.get``, ``new``, ``greedy_action``, ``ISMCTSBot``), so any
#: revision since the contract runs it.
WORKER = r"""
import hashlib, json, random, sys, time
from meeple import games
from meeple.bots.ismcts import ISMCTSBot

for line in sys.stdin:
    job = json.loads(line)
    game = games.get(job["game"])
    state = game.new(job["players"], job["seed"], **job["options"])
    rng = random.Random(job["seed"])
    for _ in range(job["plies"]):
        if state.to_move is None:
            break
        state.apply(game.greedy_action(state, rng))
    bot = ISMCTSBot(game, seed=job["bot_seed"], iterations=job["iterations"])
    start = time.process_time()
    root = bot.search(state)
    cpu = time.process_time() - start
    stats = sorted((int(a), n.visits, round(n.total, 6)) for a, n in root.children.items())
    print(json.dumps({
        "iterations": bot.last_iterations, "cpu": cpu, "ply": state.ply,
        "fingerprint": hashlib.sha256(repr(stats).encode()).hexdigest()[:16],
    }), flush=True)
"""


def positions(name: str) -> list[dict[str, Any]]:
    """The positions searched for ``name``: the fresh deal and a mid-game."""
    game = games.get(name)
    options = finite_options(game)
    mid = min(max(MIDGAME_PLAYERS, game.players.start), game.players.stop - 1)
    return [
        {"label": f"deal {game.players.start}p", "game": name, "players": game.players.start,
         "seed": 7, "options": options, "plies": 0},
        {"label": f"move {MIDGAME_PLIES} {mid}p", "game": name, "players": mid,
         "seed": 11, "options": options, "plies": MIDGAME_PLIES},
    ]


def _repo_root() -> Path:
    """The git checkout revisions are read from: the current directory's, else the one
    this module lives in."""
    here = Path(__file__).resolve().parents[3]  # src/meeple/bench/compare.py -> the checkout
    for place in (Path.cwd(), here):
        done = subprocess.run(["git", "-C", str(place), "rev-parse", "--show-toplevel"],
                              capture_output=True, text=True)
        if done.returncode == 0:
            return Path(done.stdout.strip())
    raise ConfigError(f"--compare reads revisions from a git checkout: run it inside one ({here} is not one)")


@contextmanager
def exported(rev: str) -> Iterator[Path]:
    """The ``src`` directory of revision ``rev``, exported to a temporary directory."""
    root = _repo_root()
    done = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", rev, "src"],
                          capture_output=True)
    if done.returncode != 0:
        raise ConfigError(f"cannot export revision {rev!r}: {done.stderr.decode().strip()}")
    with tempfile.TemporaryDirectory(prefix="meeple-compare-") as tmp:
        with tarfile.open(fileobj=BytesIO(done.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp) / "src"


class Worker:
    """A Python process importing meeple from ``src``, searching the jobs it is sent."""

    def __init__(self, src: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def run(self, job: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the benchmark worker died on {job['game']} (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def compare(rev: str, names: list[str], rounds: int, iterations: int | None = None,
            progress=None) -> list[dict[str, Any]]:
    """Per game and position: iterations per CPU second of ``rev`` and of this code
    (medians over ``rounds`` interleaved searches), their ratio, and whether the two
    searched identically in every round."""
    if rounds < 1:
        raise ConfigError(f"rounds must be at least 1, got {rounds}")
    here = Path(__file__).resolve().parents[2]  # the src directory this module lives in
    rows = []
    with exported(rev) as old_src:
        old, new = Worker(old_src), Worker(here)
        try:
            for name in names:
                budget = iterations or games.get(name).search_iterations
                for pos in positions(name):
                    old_rates, new_rates, ratios, same = [], [], [], True
                    for r in range(rounds):
                        job = {**pos, "bot_seed": 1000 + r, "iterations": budget}
                        pair = (old, new) if r % 2 == 0 else (new, old)
                        first, second = (w.run(job) for w in pair)
                        a, b = (first, second) if r % 2 == 0 else (second, first)
                        old_rates.append(a["iterations"] / a["cpu"])
                        new_rates.append(b["iterations"] / b["cpu"])
                        ratios.append(new_rates[-1] / old_rates[-1])
                        same = same and a["fingerprint"] == b["fingerprint"]
                        if progress is not None:
                            progress(f"{name}, {pos['label']}, round {r + 1}: {old_rates[-1]:,.0f} -> "
                                     f"{new_rates[-1]:,.0f} iterations/s")
                    rows.append({
                        "game": name, "position": pos["label"], "iterations": budget, "rounds": rounds,
                        "old_per_s": statistics.median(old_rates), "new_per_s": statistics.median(new_rates),
                        "old_best_per_s": max(old_rates), "new_best_per_s": max(new_rates),
                        "ratio": statistics.median(ratios), "ratio_min": min(ratios), "ratio_max": max(ratios),
                        "identical": same,
                    })
        finally:
            old.close()
            new.close()
    return rows


def _instructions(src: Path, job: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Instructions one worker process executes for ``job`` (valgrind's callgrind count)."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", WORKER], input=json.dumps(job) + "\n",
                          capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None or not done.stdout.strip():
        raise RuntimeError(f"valgrind could not run the search of {job['game']}: {done.stderr[-500:]}")
    return int(found.group(1)), json.loads(done.stdout.splitlines()[-1])


def compare_instructions(rev: str, names: list[str], iterations: int | None = None,
                         progress=None) -> list[dict[str, Any]]:
    """Per game and position: instructions per search iteration of ``rev`` and of this
    code, counted by valgrind: exact and the same on a busy machine as on an idle one
    (but about 50 times slower than the search). The count of a one-iteration search
    (interpreter start, imports, the position) is subtracted from the full one."""
    if shutil.which("valgrind") is None:
        raise ConfigError("--instructions counts with valgrind, which is not installed here "
                          "(apt-get install valgrind), or drop --instructions to time the searches")
    here = Path(__file__).resolve().parents[2]
    rows = []
    with exported(rev) as old_src:
        for name in names:
            budget = iterations or max(20, games.get(name).search_iterations // 4)
            for pos in positions(name):
                per, prints = {}, {}
                for label, src in (("old", old_src), ("new", here)):
                    full, result = _instructions(src, {**pos, "bot_seed": 1000, "iterations": budget})
                    base, _ = _instructions(src, {**pos, "bot_seed": 1000, "iterations": 1})
                    per[label], prints[label] = (full - base) / (budget - 1), result["fingerprint"]
                    if progress is not None:
                        progress(f"{name}, {pos['label']}, {label}: {per[label] / 1e6:,.2f} M instructions an iteration")
                rows.append({
                    "game": name, "position": pos["label"], "iterations": budget,
                    "old_instructions": per["old"], "new_instructions": per["new"],
                    "ratio": per["old"] / per["new"], "identical": prints["old"] == prints["new"],
                })
    return rows


def print_comparison(rev: str, names: list[str], rounds: int, as_json: bool, console,
                     instructions: bool = False) -> list[dict[str, Any]]:
    """Run ``compare`` (or ``compare_instructions``) and print its table (or JSON)."""
    from rich.table import Table

    progress = None if as_json else console.print
    rows = compare_instructions(rev, names, progress=progress) if instructions else \
        compare(rev, names, rounds, progress=progress)
    if as_json:
        print(json.dumps(rows, indent=1))
        return rows
    if instructions:
        table = Table(title=f"million instructions per ISMCTS iteration: before = {rev}, after = this code")
        columns = ("game", "position", "before", "after", "speed-up", "same")
    else:
        table = Table(title=f"ISMCTS iterations per CPU second: before = {rev}, after = this code "
                            f"(medians of {rounds} interleaved searches of the default budget)")
        columns = ("game", "position", "before", "after", "speed-up", "range", "same")
    for col in columns:
        table.add_column(col, justify="left" if col in ("game", "position") else "right", no_wrap=True)
    for r in rows:
        if instructions:
            cells = [f"{r['old_instructions'] / 1e6:,.2f}", f"{r['new_instructions'] / 1e6:,.2f}", f"{r['ratio']:.2f}x"]
        else:
            cells = [f"{r['old_per_s']:,.0f}", f"{r['new_per_s']:,.0f}", f"{r['ratio']:.2f}x",
                     f"{r['ratio_min']:.2f}-{r['ratio_max']:.2f}"]
        table.add_row(r["game"], r["position"], *cells, "yes" if r["identical"] else "NO")
    console.print(table)
    console.print("position: deal = a fresh deal at the fewest players; move N = after N greedy "
                  "decisions. same: both versions visited the same moves equally often with the "
                  "same rewards (every round).")
    return rows
