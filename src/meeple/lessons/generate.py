"""Write a lesson's script from its deal: ``python -m meeple.lessons.generate GAME``.

A tool for whoever writes a lesson, not part of a game: it plays the lesson's deal (the
learner's seat by the game's own heuristic, the opponent by the lesson's gentle bot,
both seeded by the lesson's seed) for as many of the learner's decisions as the lesson
lasts, and writes the script into ``data/GAME.toml``: each decision's move, the
explanation of the first move of each kind (a *topic*: a pattern on the notation, the
message that explains it, the rule text line it teaches) and a short prompt for the
others. The file it writes is the lesson: data that the terminal and the server follow,
which ``tests/lessons`` checks move by move. Edit ``TOPICS`` or the deal, run it again.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from meeple import bots, games


@dataclass(frozen=True)
class Topic:
    key: str  # the message id's last part: lost_cities.play
    pattern: str  # a regular expression on the move's notation
    teaches: str  # the rule text line(s), as the rules cite them
    refuse: bool = False  # its first step has its own refusal (message id ``<game>.refuse_<key>``)


@dataclass(frozen=True)
class Deal:
    game: str
    players: int
    seed: int
    bot: str  # the gentle bot once the script ends
    steps: int  # the learner's decisions the script lasts
    options: dict[str, object]
    turn: str  # the rule text line(s) of a turn, taught at the first step
    end: str  # the rule text line(s) of the end, taught at the last step
    scoring: str  # the rule text line(s) of the final scoring, shown when the game is over
    topics: tuple[Topic, ...]
    #: the learner's moves chosen by hand, by step (the heuristic's otherwise)
    forced: tuple[tuple[int, str], ...] = ()


DEALS = {
    "lost-cities": Deal(
        "lost-cities", 2, 5, "random", 12, {"rounds": 1}, "lines 22-26", "line 30", "lines 32-36",
        (
            Topic("wager", r"^play .H$", "lines 32-36", refuse=True),
            Topic("play", r"^play ", "lines 22-26", refuse=True),
            Topic("discard", r"^discard ", "lines 22-26"),
            Topic("draw_deck", r"^draw deck$", "lines 22-26"),
            Topic("draw_pile", r"^draw [A-Z]$", "lines 22-26"),
        ),
        forced=((0, "play YH"), (2, "play Y8")),
    ),
    "little-town": Deal(
        "little-town", 2, 34, "random", 16, {}, "lines 19-21", "line 38", "line 39",
        (
            Topic("place", r"^place ", "lines 23-27", refuse=True),
            Topic("build", r"^build ", "lines 29-30"),
            Topic("put", r"^put ", "lines 29-30"),
            Topic("activate", r"^activate ", "lines 23-27"),
            Topic("claim", r"^claim ", "line 31"),
            Topic("done", r"^done$", "lines 23-27"),
            Topic("end_turn", r"^end$", "line 31"),
        ),
    ),
    "lewis-clark": Deal(
        "lewis-clark", 2, 5, "greedy", 16, {}, "lines 76-82", "lines 175-181", "lines 175-181",
        (
            Topic("play", r"^play ", "lines 76-82", refuse=True),
            Topic("with", r"^with ", "lines 103-105"),
            Topic("indians", r"^indians ", "lines 103-105"),
            Topic("take", r"^take ", "line 107"),
            Topic("stop", r"^stop$", "lines 122-124"),
            Topic("recruit", r"^recruit ", "lines 130-138"),
            Topic("village", r"^village ", "lines 113-116"),
            Topic("camp", r"^camp$", "lines 152-169"),
        ),
    ),
    "lowlands": Deal(
        "lowlands", 2, 5, "greedy", 16, {}, "(FR), lines 18-19", "(ES), lines 182-190", "(ES), lines 215-220",
        (
            Topic("place", r"^place ", "(FR), lines 18-19", refuse=True),
            Topic("build", r"^build ", "(FR), line 21"),
            Topic("pay", r"^pay ", "(FR), line 26"),
            Topic("ask", r"^ask ", "(FR), line 29"),
            Topic("draw", r"^draw ", "(FR), line 35"),
        ),
    ),
}


def prefix(game: str) -> str:
    return game.replace("-", "_")


def toml_list(moves: list[str]) -> str:
    return "[" + ", ".join(f'"{m}"' for m in moves) + "]"


def pick(state, greedy: str, untaught: list[Topic]) -> str:
    """The learner's move: the heuristic's, unless it teaches nothing new while a move
    of a topic not yet taught is legal (the first such topic's first move)."""
    if not untaught or any(re.search(t.pattern, greedy) for t in untaught):
        return greedy
    legal = [str(a) for a in state.legal_actions()]
    for topic in untaught:
        found = [m for m in legal if re.search(topic.pattern, m)
                 and not any(re.search(t.pattern, m) for t in untaught[: untaught.index(topic)])]
        if found:
            return found[len(found) // 2]
    return greedy


def generate(deal: Deal) -> str:
    """The lesson file's text for ``deal``."""
    game = games.get(deal.game)
    state = game.new(deal.players, deal.seed, **deal.options)
    learner = bots.get("greedy", game, seed=deal.seed)
    gentle = bots.get(deal.bot, game, seed=deal.seed)
    p = prefix(deal.game)
    opening: list[str] = []
    steps: list[dict[str, object]] = []
    taught: set[str] = set()
    while state.to_move is not None:
        if state.to_move != 0 and steps and (len(taught) == len(deal.topics) or len(steps) >= deal.steps):
            break  # every topic taught (or the lesson long enough) and the learner's run over
        if state.to_move != 0:
            move = str(gentle.choose(state))
            (steps[-1]["replies"] if steps else opening).append(move)  # type: ignore[union-attr]
            state.apply(move)
            continue
        move = dict(deal.forced).get(len(steps)) or pick(
            state, str(learner.choose(state)), [t for t in deal.topics if t.key not in taught])
        say = [f"{p}.turn"] if not steps else []
        teaches: list[str] = [deal.turn] if not steps else []
        topic = next((t for t in deal.topics if re.search(t.pattern, move)), None)
        refuse = None
        if topic is not None and topic.key not in taught:
            taught.add(topic.key)
            refuse = f"{p}.refuse_{topic.key}" if topic.refuse else None
            say.append(f"{p}.{topic.key}")
            teaches = list(dict.fromkeys([*teaches, topic.teaches]))
        elif steps:
            say.append("next")
        steps.append({"ply": state.ply, "move": move, "say": say, "teaches": teaches, "replies": [],
                      "refuse": refuse})
        state.apply(move)
    # the last step also says how the game ends and that the learner is on their own now
    steps[-1]["say"] = [*(k for k in steps[-1]["say"] if k != "next"), f"{p}.end"]  # type: ignore[union-attr]
    steps[-1]["teaches"] = list(dict.fromkeys([*steps[-1]["teaches"], deal.end]))  # type: ignore[misc]
    lines = [
        f"# The guided first game of {game.title}: written by `python -m meeple.lessons.generate {deal.game}`,",
        "# checked by tests/lessons (see docs/lessons.md). Message ids are in the lessons domain.",
        f'game = "{deal.game}"',
        f"players = {deal.players}",
        "seat = 0",
        f"seed = {deal.seed}",
        f'bot = "{deal.bot}"',
        "options = {" + ", ".join(f"{k} = {v!r}" for k, v in deal.options.items()) + "}",
        f'finale = "{p}.finale"',
        f'finale_teaches = "{deal.scoring}"',
        f"opening = {toml_list(opening)}",
        f"topics = {toml_list(sorted(taught))}",
    ]
    for step in steps:
        lines += ["", "[[steps]]", f"ply = {step['ply']}", f'move = "{step["move"]}"', f"say = {toml_list(step['say'])}"]  # type: ignore[arg-type]
        if step["teaches"]:
            lines.append(f"teaches = {toml_list(step['teaches'])}")  # type: ignore[arg-type]
        if step["refuse"]:
            lines.append(f'refuse = "{step["refuse"]}"')
        if step["replies"]:
            lines.append(f"replies = {toml_list(step['replies'])}")  # type: ignore[arg-type]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    names = argv or sorted(DEALS)
    for name in names:
        path = Path(__file__).parent / "data" / f"{name}.toml"
        path.write_text(generate(DEALS[name]), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
