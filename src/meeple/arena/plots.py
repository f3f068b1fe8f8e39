"""Tournament plots with matplotlib (no display needed): ratings, scores, win rates, game lengths.

matplotlib is an optional extra (``pip install 'meeple[plots]'``); figures are built on
``matplotlib.figure.Figure`` directly (Agg canvas), never through pyplot's global state.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meeple.core.errors import ConfigError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from meeple.arena.match import Outcome

MISSING = "plots need matplotlib: pip install 'meeple[plots]' (or pip install matplotlib)"


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ConfigError(MISSING) from None


def _figure(width: float, height: float) -> Figure:
    require_matplotlib()
    import matplotlib

    matplotlib.rcParams["svg.hashsalt"] = "meeple"  # the same SVG for the same data
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def ratings_figure(report: dict[str, Any], outcomes: Sequence[Outcome]) -> Figure:
    """Elo-like ratings with their 95% intervals, best on top."""
    rows = list(reversed(report["ratings"]))
    fig = _figure(7, 1.2 + 0.45 * len(rows))
    ax = fig.subplots()
    y = range(len(rows))
    elo = [r["elo"] for r in rows]
    err = [[r["elo"] - r["elo_low"] for r in rows], [r["elo_high"] - r["elo"] for r in rows]]
    ax.errorbar(elo, y, xerr=err, fmt="o", capsize=4, color="tab:blue")
    ax.set_yticks(list(y), [r["bot"] for r in rows])
    ax.set_xlabel("Elo-like rating (OpenSkill mu, 1500 = prior), 95% interval")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(f"{report['tournament']['game']}: ratings over {report['games']} games")
    return fig


def scores_figure(report: dict[str, Any], outcomes: Sequence[Outcome]) -> Figure:
    """The distribution of each bot's final scores (one value per seat played)."""
    bots = [r["bot"] for r in report["ratings"]]
    scores: dict[str, list[int]] = {b: [] for b in bots}
    for o in outcomes:
        for spec, score in zip(o.seats, o.scores, strict=True):
            scores[spec].append(score)
    fig = _figure(7, 1.2 + 0.5 * len(bots))
    ax = fig.subplots()
    data = [scores[b] or [0] for b in reversed(bots)]
    ax.boxplot(data, orientation="horizontal", tick_labels=list(reversed(bots)), showmeans=True)
    ax.set_xlabel("final score")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title("score distribution per bot (box: quartiles, triangle: mean)")
    return fig


def winrate_figure(report: dict[str, Any], outcomes: Sequence[Outcome]) -> Figure:
    """Row bot's score against column bot ((wins + draws/2) / games), in percent."""
    bots = [r["bot"] for r in report["ratings"]]
    cell = {(r["bot"], r["vs"]): r for r in report["pairwise"]}
    n = len(bots)
    grid = [[cell[(a, b)]["score"] if (a, b) in cell else float("nan") for b in bots] for a in bots]
    fig = _figure(2.5 + 1.1 * n, 1.8 + 0.9 * n)
    ax = fig.subplots()
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            if (a, b) in cell:
                c = cell[(a, b)]
                ax.text(j, i, f"{100 * c['score']:.0f}%\n±{50 * (c['high'] - c['low']):.0f}",
                        ha="center", va="center", fontsize=8)
    ax.set_xticks(range(n), bots, rotation=30, ha="right")
    ax.set_yticks(range(n), bots)
    ax.set_xlabel("against")
    fig.colorbar(image, ax=ax, label="score (draws count half)")
    ax.set_title("pairwise score of the row bot")
    return fig


def lengths_figure(report: dict[str, Any], outcomes: Sequence[Outcome]) -> Figure:
    """How long the games were, in plies (decisions)."""
    fig = _figure(7, 3.5)
    ax = fig.subplots()
    plies = [o.plies for o in outcomes] or [0]
    ax.hist(plies, bins=min(40, max(5, len(set(plies)))), color="tab:gray", edgecolor="white")
    ax.axvline(sum(plies) / len(plies), color="tab:red", label=f"mean {sum(plies) / len(plies):.1f}")
    ax.set_xlabel("plies per game")
    ax.set_ylabel("games")
    ax.legend()
    ax.set_title(f"game length over {len(outcomes)} games")
    return fig


FIGURES: dict[str, Callable[[dict[str, Any], Sequence[Outcome]], Figure]] = {
    "ratings": ratings_figure,
    "scores": scores_figure,
    "winrate": winrate_figure,
    "lengths": lengths_figure,
}


def figures(report: dict[str, Any], outcomes: Sequence[Outcome]) -> dict[str, Figure]:
    return {name: build(report, outcomes) for name, build in FIGURES.items()}


def write_plots(figs: dict[str, Figure], folder: Path) -> tuple[list[Path], dict[str, str]]:
    """Every figure as NAME.png and NAME.svg in ``folder``: the paths, and each SVG's text
    (for the HTML report)."""
    folder.mkdir(parents=True, exist_ok=True)
    written, svgs = [], {}
    for name, fig in figs.items():
        png = folder / f"{name}.png"
        fig.savefig(png, dpi=120)
        svgs[name] = svg_text(fig)
        svg = folder / f"{name}.svg"
        svg.write_text(svgs[name], encoding="utf-8")
        written += [png, svg]
    return written, svgs


def svg_text(fig: Figure) -> str:
    """The figure as an ``<svg>`` element to inline in HTML (no XML prologue)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]
