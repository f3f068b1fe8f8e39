"""A tournament's report as Rich tables for the terminal (the HTML report has its own)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table


def pct(x: float) -> str:
    return f"{100 * x:.1f}"


def interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}-{100 * high:.1f}"


def add_columns(table: Table, names: tuple[str, ...]) -> None:
    """Bot specs left, figures right, every cell folded rather than cut: on a narrow
    terminal a long spec (``greedy:style=scavenger``) wraps whole instead of ending in
    an ellipsis, and so does a figure."""
    for col in names:
        bot = col in ("bot", "vs")
        table.add_column(col, justify="left" if bot else "right", overflow="fold")


def ratings_table(report: dict[str, Any]) -> Table:
    table = Table(title="ratings: OpenSkill Plackett-Luce over all games, averaged over 16 fixed orders", title_justify="left")
    add_columns(table, ("bot", "mu", "sigma", "Elo-like", "95% CI", "mu-3sigma"))
    for r in report["ratings"]:
        table.add_row(
            r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['elo']:.0f}",
            f"{r['elo_low']:.0f}-{r['elo_high']:.0f}", f"{r['ordinal']:.2f}",
        )
    return table


def pairwise_table(report: dict[str, Any]) -> Table:
    """Each pair once, the better-rated bot first (the JSON has both directions)."""
    order = {r["bot"]: k for k, r in enumerate(report["ratings"])}
    table = Table(
        title="pairwise: score % = (wins + draws/2) / games with its 95% Wilson interval; "
        "mean score margin and game length in plies", title_justify="left"
    )
    add_columns(table, ("bot", "vs", "games", "W-D-L", "score %", "95% CI", "margin", "plies"))
    for r in report["pairwise"]:
        if order[r["bot"]] > order[r["vs"]]:
            continue
        table.add_row(
            r["bot"], r["vs"], str(r["games"]), f"{r['wins']}-{r['draws']}-{r['losses']}",
            pct(r["score"]), interval(r["low"], r["high"]), f"{r['margin']:+.1f}", f"{r['plies']:.0f}",
        )
    return table


def summary_table(report: dict[str, Any]) -> Table:
    table = Table(
        title="per bot, without ratings: seats played, wins (a shared win counts 1/winners), "
        "mean score and place", title_justify="left",
    )
    add_columns(table, ("bot", "seats", "wins", "win %", "95% CI", "score", "place"))
    for r in report["summary"]:
        table.add_row(
            r["bot"], str(r["games"]), f"{r['wins']:g}", pct(r["win_rate"]), interval(r["low"], r["high"]),
            f"{r['mean_score']:.1f}", f"{r['mean_place']:.2f}",
        )
    return table


def report_tables(report: dict[str, Any]) -> RenderableType:
    t = report["tournament"]
    run = report["run"]
    head = (
        f"[bold]{report['name']}[/]: {t['game']}, {t['players']} players, {len(t['lineups'])} lineup{'s' * (len(t['lineups']) != 1)} "
        + (f"({escape(t['one'])} against the field) " if t.get("one") else "") +
        f"x {t['deals']} deals ({t['seating']}), {report['games']} of {t['scheduled']} games, "
        f"mean {report['mean_plies']:.1f} plies"
    )
    speed = f", {run['games_per_s']:.2f} games/s" if run["games_per_s"] else ""
    tail = f"played now {run['played']} on {run['backend']} in {run['seconds']:.1f} s{speed}; stored in {run['db']}"
    if not report["complete"]:
        tail += "\n[yellow]incomplete: continue it with --resume --name " + report["name"] + "[/]"
    return Group(head, ratings_table(report), pairwise_table(report), summary_table(report), tail)


def _elo(x: float | None) -> str:
    return "unbounded" if x is None else f"{x:+.1f}"


def sprt_text(report: dict[str, Any]) -> str:
    verdict = {
        "H1": f"H1 accepted: {report['bot']} is stronger than {report['vs']} (by about {report['elo1']:g} Elo or more)",
        "H0": f"H0 accepted: {report['bot']} is not {report['elo1']:g} Elo stronger than {report['vs']} "
              f"(the games favour a difference of {report['elo0']:g} Elo or less)",
        "inconclusive": f"inconclusive after {report['games']} games (--max-games): neither bound was reached",
        None: f"undecided so far, after {report['games']} games (resume it with --resume)",
    }[report["verdict"]]
    run = report["run"]
    return (
        f"[bold]{verdict}[/]\n"
        f"LLR {report['llr']:+.3f} (bounds {report['lower']:+.2f}, {report['upper']:+.2f}); "
        f"{report['games']} games: W {report['wins']} D {report['draws']} L {report['losses']}; "
        f"pairs LL LD DD/WL WD WW {' '.join(map(str, report['pentanomial']))}; "
        f"Elo {_elo(report['elo'])} [{_elo(report['elo_low'])}, {_elo(report['elo_high'])}]\n"
        f"played now {run['played']} on {run['backend']} in {run['seconds']:.1f} s; stored in {run['db']}"
    )
