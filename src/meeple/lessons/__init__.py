"""Learn to play: a guided first game of each game, written as data.

A lesson is a TOML file in ``data/`` (one per game): the deal (game, players, options,
seed), the learner's seat, the gentle bot that takes over once the script ends, and the
script itself: the bot's moves before the learner's first decision (``opening``), then
one step per decision of the learner, each with the move it asks for, the message ids
that explain it, the rule text line it teaches, and the bot's replies up to the
learner's next decision. Nothing in it is code: the terminal (``meeple learn``) and the
server (``/api/lessons``) read the same file and follow the same script, and
``tests/lessons`` plays every lesson to its end. See docs/lessons.md.
"""

from __future__ import annotations

import importlib.resources
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from meeple import games
from meeple.core.errors import ConfigError
from meeple.i18n import Domain, Msg

M = Domain("lessons", __package__)

#: a rule reference as the rules cite it: "lines 22-26", "line 30", "(FR), line 146"
TEACHES = re.compile(r"^(?:\((FR|ES)\), )?lines? (\d+)(?:-(\d+))?$")


@dataclass(frozen=True)
class Step:
    """One decision of the learner: the move asked for and what is said about it."""

    index: int
    ply: int  # the position: how many moves were played before it
    move: str  # the move the step asks for, in the game's notation
    say: tuple[str, ...]  # message ids shown before the move, in order
    teaches: tuple[str, ...] = ()  # the rule text lines this step introduces ("lines 22-26")
    refuse: str = "refused"  # the message id shown when another move is tried
    replies: tuple[str, ...] = ()  # the bot's moves after this one
    #: the moves whose board elements the browser marks (default: the step's move); e.g. a
    #: step about a choice marks every option
    highlight: tuple[str, ...] = ()

    @property
    def marked(self) -> tuple[str, ...]:
        return self.highlight or (self.move,)

    def texts(self, **params: Any) -> list[Msg]:
        return [M(key, move=self.move, **params) for key in self.say]

    def refusal(self, tried: str) -> Msg:
        return M(self.refuse, move=self.move, tried=tried)


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    seat: int
    seed: int
    bot: str  # the gentle bot's spec, once the script ends or the learner leaves it
    options: dict[str, Any]
    opening: tuple[str, ...]
    steps: tuple[Step, ...]
    finale: str  # the message id shown when the game is over
    finale_teaches: tuple[str, ...] = ()
    script: tuple[str, ...] = field(default=())  # every move of the script, in order

    def new_state(self):
        return games.get(self.game).new(self.players, self.seed, **self.options)

    def step_at(self, log: list[str]) -> Step | None:
        """The step the position after ``log`` asks for: ``None`` when the game left the
        script (another move was played) or the script is over."""
        if len(log) > len(self.script) or list(self.script[: len(log)]) != list(log):
            return None
        return self._by_ply().get(len(log))

    def on_script(self, log: list[str]) -> bool:
        return len(log) <= len(self.script) and list(self.script[: len(log)]) == list(log)

    def finished(self, log: list[str]) -> bool:
        """The whole script was played (the game may have gone on since)."""
        return len(log) >= len(self.script) and list(log[: len(self.script)]) == list(self.script)

    def scripted_reply(self, log: list[str]) -> str | None:
        """The bot's scripted move after ``log``, while the game follows the script."""
        if not self.on_script(log) or len(log) >= len(self.script) or len(log) in self._by_ply():
            return None
        return self.script[len(log)]

    def _by_ply(self) -> dict[int, Step]:
        return {step.ply: step for step in self.steps}


def parse_teaches(text: str) -> tuple[str, list[int]]:
    """``"(FR), lines 22-26"`` -> ``("FR", [22, 26])``; ``ConfigError`` for another form."""
    found = TEACHES.match(text.strip())
    if not found:
        raise ConfigError(f"teaches {text!r} is not a rule reference such as 'line 30' or 'lines 22-26'")
    which, first, last = found.groups()
    return which or "", [int(first)] + ([int(last)] if last else [])


def references(value: str | list[str] | None) -> tuple[str, ...]:
    """A ``teaches`` value (one reference or a list), each checked by ``parse_teaches``."""
    refs = tuple([value] if isinstance(value, str) else value or ())
    for ref in refs:
        parse_teaches(ref)
    return refs


#: the keys a lesson file may have (a misspelt key is an error, not a silent default)
KEYS = frozenset(("game", "players", "seat", "seed", "bot", "options", "finale", "finale_teaches", "opening",
                  "topics", "steps"))
STEP_KEYS = frozenset(("ply", "move", "say", "teaches", "refuse", "replies", "highlight"))


def names() -> list[str]:
    """The games that have a lesson."""
    folder = importlib.resources.files(__package__).joinpath("data")
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))


def read(data: dict[str, Any]) -> Lesson:
    """A lesson from its parsed TOML, with the script's plies worked out."""
    unknown = sorted(set(data) - KEYS) + sorted({k for raw in data.get("steps", []) for k in raw} - STEP_KEYS)
    if unknown:
        raise ConfigError(f"a lesson has no key {unknown[0]!r}; keys: {', '.join(sorted(KEYS | STEP_KEYS))}")
    ply = len(data.get("opening", []))
    script = list(data.get("opening", []))
    steps = []
    for i, raw in enumerate(data["steps"]):
        say = raw["say"]
        step = Step(
            index=i, ply=ply, move=raw["move"], say=tuple([say] if isinstance(say, str) else say),
            teaches=references(raw.get("teaches")), refuse=raw.get("refuse", "refused"),
            replies=tuple(raw.get("replies", [])), highlight=tuple(raw.get("highlight", [])),
        )
        if raw.get("ply", ply) != ply:
            raise ConfigError(f"step {i + 1} says ply {raw['ply']}, but the script reaches it at ply {ply}")
        steps.append(step)
        script += [step.move, *step.replies]
        ply += 1 + len(step.replies)
    return Lesson(
        game=data["game"], players=data["players"], seat=data["seat"], seed=data["seed"], bot=data["bot"],
        options=dict(data.get("options", {})), opening=tuple(data.get("opening", [])), steps=tuple(steps),
        finale=data["finale"], finale_teaches=references(data.get("finale_teaches")), script=tuple(script),
    )


@cache
def load(game: str) -> Lesson:
    """The lesson of ``game`` (its name, ``lost-cities``); ``ConfigError`` when it has none."""
    if game not in names():
        raise ConfigError(M("error.no_lesson", game=repr(game)[:60], known=", ".join(names())))
    text = importlib.resources.files(__package__).joinpath("data", f"{game}.toml").read_text(encoding="utf-8")
    return read(tomllib.loads(text))
