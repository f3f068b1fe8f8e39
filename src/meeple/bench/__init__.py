"""``meeple bench``: throughput through the contract and bot strength, per game.

Figures are measured here, never asserted in tests: the targets are printed beside
them (decisions per second through ``legal_actions``/``apply``, ISMCTS iterations per
second from a fresh deal, strength win rates).
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.table import Table

from meeple.bench.envsteps import env_steps
from meeple.bench.strength import run_strength
from meeple.bench.throughput import measure

#: decisions per second through the contract, on one core (the issues' targets)
DECISION_TARGETS = {"lost-cities": 100_000}
DEFAULT_DECISION_TARGET = 10_000
ISMCTS_TARGETS = {"lost-cities": 300}


def run_bench(
    names: list[str],
    seconds: float,
    strength: bool,
    rounds: int,
    as_json: bool,
    console: Console,
    ismcts: str = "ismcts:iterations=300",
) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name in names:
        if not as_json:
            console.print(f"measuring {name} ...")
        results[name] = measure(name, seconds)
        results[name]["env_steps_per_s"] = env_steps(name, min(seconds, 3.0))
    if strength:
        for name in names:
            results[name]["strength"] = run_strength(
                name, rounds, console=None if as_json else console, ismcts=ismcts
            )
    if as_json:
        print(json.dumps(results, indent=1))
        return results
    table = Table(title="throughput through the contract (one core)")
    table.add_column("measure")
    for name in results:
        table.add_column(name, justify="right")
    rows = [
        ("decisions/s", "decisions_per_s", "{:,.0f}"),
        ("random playouts/s", "playouts_per_s", "{:,.1f}"),
        ("decisions per game", "plies_per_game", "{:,.0f}"),
        ("legal_actions µs", "legal_us", "{:.2f}"),
        ("apply µs", "apply_us", "{:.2f}"),
        ("clone µs", "clone_us", "{:.2f}"),
        ("clone µs at ply ~10", "clone_early_us", "{:.2f}"),
        ("clone µs at the latest ply (≤1000)", "clone_late_us", "{:.2f}"),
        ("  that ply", "clone_late_ply", "{:,.0f}"),
        ("determinize µs", "determinize_us", "{:.2f}"),
        ("state size KiB", "state_kib", "{:.1f}"),
        ("ISMCTS iterations/s", "ismcts_iterations_per_s", "{:,.0f}"),
    ]
    rows.append(("RL env steps/s (meeple.rl.env)", "env_steps_per_s", "{:,.0f}"))
    for label, key, fmt in rows:
        table.add_row(label, *("-" if r[key] is None else fmt.format(r[key]) for r in results.values()))
    table.add_row("decisions/s target", *(
        _verdict(r["decisions_per_s"], DECISION_TARGETS.get(n, DEFAULT_DECISION_TARGET))
        for n, r in results.items()
    ))
    table.add_row("ISMCTS it/s target", *(
        _verdict(r["ismcts_iterations_per_s"], ISMCTS_TARGETS[n]) if n in ISMCTS_TARGETS else "-"
        for n, r in results.items()
    ))
    console.print(table)
    if strength:
        st = Table(title="strength (every deal played from both seats)")
        for col in ("game", "match", "games", "win rate of first", "95% interval", "target"):
            st.add_column(col)
        for name, r in results.items():
            for m in r["strength"]:
                st.add_row(
                    name, m["match"], str(m["games"]), f"{100 * m['win_rate']:.1f}%",
                    f"{100 * m['low']:.1f}-{100 * m['high']:.1f}%", m["target"],
                )
        console.print(st)
    return results


def _verdict(value: float, target: float) -> str:
    return f"{target:,.0f} " + ("[green]met[/]" if value >= target else "[red]missed[/]")
