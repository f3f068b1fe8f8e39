"""The issue 16 matches (``benchmarks/data/issue16-panel.jsonl``, one JSON line per match
from ``python -m meeple.bots.panel --json``) as a Markdown table for the README."""

from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).parent / "data" / "issue16-panel.jsonl"


def main(path: Path = DATA) -> None:
    print("| game | players | options | hero | opponent | games | hero's wins | rate [95% interval] | equal share "
          "| mean margin | plies | ms CPU / decision (max) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for line in path.read_text().splitlines():
        m = json.loads(line)
        opts = ", ".join(f"{k}={v}" for k, v in m["options"].items() if k != "rounds") or "-"
        plies = f"{m['mean_plies']:.0f}" if "mean_plies" in m else ""
        print(f"| {m['game']} | {m['players']} | {opts} | `{m['hero']}` | `{m['villain']}` | {m['games']} "
              f"| {m['wins']:g} | {100 * m['rate']:.1f}% [{100 * m['low']:.1f}, {100 * m['high']:.1f}] "
              f"| {100 * m['share']:.0f}% | {m['mean_margin']:+.1f} | {plies} "
              f"| {m['ms_per_decision']:.0f} ({m['ms_slowest']:.0f}) |")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DATA)
