"""A bot's parameters, declared once: read from a spec's text, checked by the constructor.

Each bot class lists its ``params`` (name, type, default, what it means, the rule a
value must follow). The same declaration parses ``ismcts:iterations=500`` in
``meeple.bots.parse_spec``, validates the keyword arguments of the constructor (a
Python caller and a spec get the same errors), and documents the bot (``meeple bots``,
the server's ``/api/bots``). There is no second list of a bot's parameters to keep in
step with its signature.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.core.errors import ConfigError

#: what a parameter's text is read as; ``str`` values are lowercased (names of
#: rewards or styles), ``Path`` values are kept as written
KINDS = (int, float, str, Path)


@dataclass(frozen=True)
class Param:
    """One bot parameter. ``ok`` says whether a (non-``None``) value is allowed and
    ``rule`` says so in words ("at least 1"); ``choices`` lists the allowed texts."""

    name: str
    kind: type
    default: Any
    doc: str
    rule: str = ""
    ok: Callable[[Any], bool] | None = None
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise TypeError(f"parameter {self.name}: kinds are {', '.join(k.__name__ for k in KINDS)}")

    @property
    def type_name(self) -> str:
        return "path" if self.kind is Path else self.kind.__name__

    def read(self, text: str) -> Any:
        """The value a spec's text stands for (``iterations=500`` -> 500)."""
        text = text.strip()
        if self.kind is str:
            return text.lower()
        if self.kind is Path:
            return text
        try:
            number = self.kind(text)
        except ValueError:
            what = "a whole number" if self.kind is int else "a number"
            raise ConfigError(f"bot parameter {self.name}={text!r} must be {what}") from None
        if isinstance(number, float) and not math.isfinite(number):
            raise ConfigError(f"bot parameter {self.name}={text!r} must be a finite number")
        return number

    def check(self, bot: str, value: Any) -> Any:
        """``value`` if it is allowed (ints widened to float where a float is meant)."""
        if value is None:
            return None
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        kind = str if self.kind is Path else self.kind
        if isinstance(value, Path):
            value = str(value)
        if isinstance(value, bool) or not isinstance(value, kind):
            raise ConfigError(f"{self.name} must be {self.describe()}, got {value!r}")
        if self.choices and value not in self.choices:
            raise ConfigError(f"{bot} has no {self.name} {value!r}; {self.name}s: {', '.join(self.choices)}")
        if self.ok is not None and not self.ok(value):
            raise ConfigError(f"{self.name} must be {self.rule}, got {value}")
        return value

    def describe(self) -> str:
        """The allowed values in words, for messages and the bot list."""
        if self.choices:
            return "one of " + ", ".join(self.choices)
        what = {"int": "a whole number", "float": "a number", "str": "a name", "path": "a file"}[self.type_name]
        return f"{what} ({self.rule})" if self.rule else what


def at_least(low: float) -> Callable[[Any], bool]:
    return lambda v: v >= low


def more_than(low: float) -> Callable[[Any], bool]:
    return lambda v: v > low


def between(low: float, high: float, high_open: bool = False) -> Callable[[Any], bool]:
    return (lambda v: low <= v < high) if high_open else (lambda v: low <= v <= high)


#: the parameter every bot takes
SEED = Param("seed", int, None, "the bot's own random seed (default: drawn by the caller)")


def settle(bot: str, params: Sequence[Param], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared parameter's value: ``given`` ones checked, the rest defaulted.

    An unknown name is refused with the list of parameters.
    """
    declared = {p.name: p for p in params}
    unknown = [k for k in given if k not in declared]
    if unknown:
        raise ConfigError(
            f"bot {bot} has no parameter {unknown[0]!r}; parameters (key=value): "
            + ", ".join([SEED.name, *declared])
        )
    return {name: p.check(bot, given[name]) if name in given else p.default for name, p in declared.items()}


def spec_params(bot: str, params: Sequence[Param], text: str, spec: str) -> dict[str, Any]:
    """The parameters written after ``name:`` in a spec (``,``-separated, or ``;`` when
    a value itself holds commas), read by their declared types; not yet checked."""
    allowed = {SEED.name: SEED, **{p.name: p for p in params}}
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(";" if ";" in text else ","))):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or key not in allowed:
            raise ConfigError(
                f"bot {bot} has no parameter {part!r}; parameters (key=value): {', '.join(allowed)}"
            )
        if key in out:
            raise ConfigError(f"bot parameter {key} is given twice in {spec!r}")
        out[key] = allowed[key].read(value)
    return out
