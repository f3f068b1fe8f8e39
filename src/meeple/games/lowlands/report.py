"""The balance report of ``meeple simulate lowlands --report``.

It reads only public fields the final states keep: the outcome of each High Tide
(``tides``) and of the Storm Tide (``storm_held``), the scores, and the tiles in
each farm. The designed data (spec DESIGN CHOICES) is tuned against its figures:
the dike should hold in 30-70% of storm tides, every designed tile should get
built, and no tile should sit in more than 60% of winning farms.
"""

from __future__ import annotations

from collections import Counter
from statistics import mean, pstdev

from meeple.games.lowlands.components import TILES


def balance_figures(states: list) -> dict:
    """The report's numbers as a dict (tests and the docs use them)."""
    done = [s for s in states if s.is_over]
    n = len(done)
    if not n:
        return {"games": 0}
    tides = [sum(s.tides[i] for s in done) / n for i in range(3)]
    storm = sum(bool(s.storm_held) for s in done) / n
    scores = [sc for s in done for sc in s.scores()]
    margins = []
    built = Counter()
    by_winner = Counter()
    seat_wins = Counter()
    for s in done:
        sc = sorted(s.scores(), reverse=True)
        margins.append(sc[0] - sc[1])
        w = s.winners()[0]
        seat_wins[w] += 1
        for p in s.seats:
            for k in set(p.tiles):
                built[k] += 1
        for k in set(s.seats[w].tiles):
            by_winner[k] += 1
    farms = sum(s.players for s in done)
    return {
        "games": n,
        "tides": tides,
        "storm": storm,
        "score_mean": mean(scores),
        "score_sd": pstdev(scores),
        "score_min": min(scores),
        "score_max": max(scores),
        "margin_mean": mean(margins),
        "seat_wins": {seat: seat_wins[seat] / n for seat in sorted(seat_wins)},
        "built": {TILES[k].key: built[k] / farms for k in range(len(TILES))},
        "in_winners": {TILES[k].key: by_winner[k] / n for k in range(len(TILES))},
        "never_built_design": [t.key for k, t in enumerate(TILES) if not built[k] and t.provenance == "design"],
        "never_built": [t.key for k, t in enumerate(TILES) if not built[k]],
    }


def simulation_report(states: list) -> str:
    """Dike outcomes per tide, score spread, and how often each tile is built and wins."""
    f = balance_figures(states)
    if not f["games"]:
        return "no finished Lowlands games"
    lines = [f"Lowlands balance over {f['games']} games"]
    lines.append(
        "dike holds: "
        + ", ".join(f"high tide {i + 1} {p:.0%}" for i, p in enumerate(f["tides"]))
        + f", storm tide {f['storm']:.0%}  (target 30-70%)"
    )
    lines.append(
        f"scores: mean {f['score_mean']:.1f}, sd {f['score_sd']:.1f}, range {f['score_min']}..{f['score_max']}, "
        f"winner's margin {f['margin_mean']:.1f}"
    )
    lines.append("wins by seat: " + ", ".join(f"{s}: {p:.0%}" for s, p in f["seat_wins"].items()))
    lines.append("tile                 kind     provenance built/farm  in winners")
    order = sorted(range(len(TILES)), key=lambda k: -f["in_winners"][TILES[k].key])
    for k in order:
        t = TILES[k]
        lines.append(
            f"{t.key:<20} {t.kind:<8} {t.provenance:<10} {f['built'][t.key]:>9.0%}  {f['in_winners'][t.key]:>9.0%}"
        )
    top = max(f["in_winners"].values())
    lines.append(
        f"never built (design): {', '.join(f['never_built_design']) or 'none'};  "
        f"most frequent tile in winning farms: {top:.0%} (target <= 60%)"
    )
    return "\n".join(lines)
