"""One self-contained HTML file for a tournament: settings, tables and the plots inline (SVG)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from meeple.arena.match import Outcome
from meeple.arena.plots import FIGURES, svg_text

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: right; white-space: nowrap; }
table.settings td { text-align: left; white-space: normal; }
th:first-child, td:first-child, td.name { text-align: left; }
th { background: #f3f3f3; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
.note { color: #555; font-size: 0.9em; }
"""


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], css: str = "") -> str:
    out = [f'<table class="{css}"><tr>' if css else "<table><tr>", *(f"<th>{escape(h)}</th>" for h in head), "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def render(report: dict[str, Any], outcomes: Sequence[Outcome], svgs: dict[str, str] | None = None) -> str:
    """The page; ``svgs`` are the figures already drawn (else drawn here)."""
    t = report["tournament"]
    settings = [
        ("game", t["game"]), ("players", t["players"]), ("bots", ", ".join(t["bots"])),
        ("options", ", ".join(f"{k}={v}" for k, v in t["options"].items()) or "defaults"),
        ("seed", t["seed"]), ("seating per deal", t["seating"]),
        ("lineups", "; ".join(" / ".join(lu) for lu in t["lineups"])
         + (f" (only those where {t['one']} holds one seat)" if t.get("one") else "")),
        ("deals per lineup", t["deals"]), ("games", f"{report['games']} of {t['scheduled']}"),
        ("mean game length", f"{report['mean_plies']:.1f} plies"),
    ]
    ratings = [
        (r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['elo']:.0f}",
         f"[{r['elo_low']:.0f}, {r['elo_high']:.0f}]", f"{r['ordinal']:.2f}")
        for r in report["ratings"]
    ]
    pairs = [
        (r["bot"], r["vs"], r["games"], f"{r['wins']}-{r['draws']}-{r['losses']}", _pct(r["score"]),
         f"[{_pct(r['low'])}, {_pct(r['high'])}]", f"{r['margin']:+.1f}", f"{r['plies']:.0f}")
        for r in report["pairwise"]
    ]
    summary = [
        (r["bot"], r["games"], f"{r['wins']:g}", _pct(r["win_rate"]),
         f"[{_pct(r['low'])}, {_pct(r['high'])}]", f"{r['mean_score']:.1f}", f"{r['mean_place']:.2f}")
        for r in report["summary"]
    ]
    games = [
        (o.idx, o.deal, " / ".join(o.seats), " ".join(map(str, o.scores)),
         ", ".join(str(w) for w in o.winners), o.plies, f"{o.seconds:.2f}")
        for o in outcomes
    ]
    if svgs is None:
        svgs = {name: svg_text(build(report, outcomes)) for name, build in FIGURES.items()}
    figures = "".join(f"<figure>{svg}</figure>" for svg in svgs.values())
    title = f"Tournament {report['name']}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>{STYLE}</style></head><body>
<h1>{escape(title)}</h1>
{_table(("setting", "value"), settings, "settings")}
<h2>Ratings</h2>
<p class="note">OpenSkill Plackett-Luce (tau = 0) over every game, mu averaged over fixed
pseudo-random orders of the games (one pass depends on the order) and sigma widened by
the spread between orders. The
Elo-like scale is 1500 + {report['elo_per_mu']:.2f} x (mu - 25) at {t['players']} players: a difference of D points predicts
the usual logistic-Elo expected score 1 / (1 + 10^(-D/400)) between two bots. The interval
is mu +- 1.96 sigma; the ordinal is mu - 3 sigma.</p>
{_table(("bot", "mu", "sigma", "Elo-like", "95% interval", "ordinal"), ratings)}
<h2>Pairwise</h2>
<p class="note">Score = (wins + draws/2) / games of the first bot against the second, with
its 95% Wilson interval; at 3 or more players every pair of seats held by the two bots is
one observation. Margin: mean score difference.</p>
{_table(("bot", "vs", "games", "W-D-L", "score %", "95% interval", "mean margin", "mean plies"), pairs)}
<h2>Per bot</h2>
<p class="note">Without ratings: seats played, wins (a shared win counts 1/winners), mean
final score, mean place (1 = first).</p>
{_table(("bot", "seats", "wins", "win %", "95% interval", "mean score", "mean place"), summary)}
<h2>Plots</h2>
{figures}
<h2>Games</h2>
<details><summary>{len(outcomes)} games (records are in the database)</summary>
{_table(("#", "deal", "seats", "scores", "winners", "plies", "seconds"), games)}
</details>
</body></html>
"""


def write_report(
    report: dict[str, Any], outcomes: Sequence[Outcome], path: Path, svgs: dict[str, str] | None = None
) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(report, outcomes, svgs), encoding="utf-8")
    return path
