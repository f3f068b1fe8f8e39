"""What players read about a game outside a match: ``meeple rules GAME`` and the option
lines of ``meeple games``.

The rules are the game package's own ``rules.md`` (shipped inside the installed
package, so they work without the repository), translated as ``rules.fr.md``,
``rules.es.md``, ``rules.nl.md`` beside it; a game without one gets a summary generated
from what it declares: players, goal, options, the moves it knows, in the reader's
language.
"""

from __future__ import annotations

import importlib.resources
from typing import Any

from meeple.core.game import Game, Option
from meeple.core.notation import group_lines
from meeple.i18n import COMMON as M
from meeple.i18n import DEFAULT, current


def value_text(option: Option, value: Any) -> str:
    """A value as a player types it after ``-o key=`` (``true``, ``random``, ``3``)."""
    if value is None:
        return option.none
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def choices_text(option: Option) -> str:
    """``1..5`` for a run of whole numbers, else the values joined by ``|``."""
    values = [c for c in option.choices if c is not None]
    numbers = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    if numbers and len(values) >= 4 and values == list(range(values[0], values[-1] + 1)):
        texts = [f"{values[0]}..{values[-1]}"]
    else:
        texts = [value_text(option, v) for v in values]
    if None in option.choices:
        texts.append(option.none)
    return "|".join(texts)


def option_lines(game: Game) -> list[str]:
    """One line per option: ``-o rounds=1..5  (default 3) rounds in a match``, in the
    reader's language."""
    say = current()
    return [
        f"-o {key}={choices_text(opt)}  "
        + say(M("rules.option_default", value=value_text(opt, opt.default), doc=opt.doc))
        for key, opt in game.options.items()
    ]


def player_count(game: Game) -> str:
    lo, hi = game.players.start, game.players.stop - 1
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def rules_file(lang: str) -> str:
    """``rules.md`` for English, ``rules.fr.md`` for French..."""
    return "rules.md" if lang == DEFAULT else f"rules.{lang}.md"


def packaged_rules(game: Game, lang: str = DEFAULT) -> str | None:
    """The rules inside the game's package in ``lang`` (``rules.md``, ``rules.fr.md``...),
    or ``None``."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        resource = importlib.resources.files(package).joinpath(rules_file(lang))
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        pass
    return None


def generated_rules(game: Game) -> str:
    """A summary from what the game declares, for a game without a ``rules.md``."""
    say = current()
    lines = [f"# {game.title}", "", say(M("rules.players_goal", players=player_count(game), summary=game.summary)), ""]
    if game.options:
        lines += [f"## {say(M('rules.options'))}", ""]
        lines += [f"- `{line}`" for line in option_lines(game)]
        lines.append("")
    lines += [f"## {say(M('rules.moves'))}", "", say(M("rules.moves_grouped")), ""]
    lines += [f"- {line}" for line in group_lines(game.actions)]
    if game.actions.example:
        lines += ["", say(M("rules.example", example=game.actions.example))]
    return "\n".join(lines)


def rules_text(game: Game, lang: str | None = None) -> str:
    """The game's packaged rules in ``lang`` (default: the reader's language), else in
    English, else a generated summary."""
    lang = lang or current().lang
    return packaged_rules(game, lang) or packaged_rules(game) or generated_rules(game)
