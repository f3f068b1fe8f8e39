"""Full positions as JSON: every field of a state, hidden ones included.

``state.to_json()`` walks the state's own fields (their names are the documentation:
games give them names that explain themselves) and writes plain JSON where it can.
Types JSON lacks are tagged with a one-key object whose key starts with ``~``:
``{"~tuple": [...]}``, ``{"~set": [...]}``, ``{"~dict": [[key, value], ...]}`` (dicts
whose keys are not all text), ``{"~action": code}``, and the game's own objects:
``{"~object": "module:Class", "fields": {...}}``, ``{"~namedtuple": ..., "values":
[...]}``, ``{"~enum": ..., "value": ...}``. Only classes defined inside
``meeple.games`` are ever rebuilt, so reading a position cannot run arbitrary code.
"""

from __future__ import annotations

import importlib
import json
from enum import Enum
from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action
from meeple.core.errors import MeepleError

if TYPE_CHECKING:
    from meeple.core.game import Game
    from meeple.core.state import State

FORMAT = 1
#: core fields written under their own names (see ``State._init_core``)
CORE = ("players", "seed", "options", "to_move", "reveals")
_SKIP = {"_history", "_recent", "_ply", "_legal", "_memo", "_chance", *CORE}


def _home(game: Game) -> str:
    """The package the game is defined in: only its classes are written and read back."""
    module = type(game).__module__
    return module.rpartition(".")[0] or module


def _trusted(game: Game, module_name: str) -> bool:
    home = _home(game)
    return module_name == home or module_name.startswith(home + ".")


def dump_position(state: State) -> str:
    game = state.game
    data = {
        "position": FORMAT,
        "game": game.name,
        "rules": game.rules_version,
        **{key: _encode(getattr(state, key), game) for key in CORE},
        "chance": state._chance,
        "history": state.log,
        "fields": _fields(state, game),
    }
    return json.dumps(data, separators=(",", ":"))


def load_position(game: Game, text: str) -> State:
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as err:
        raise MeepleError(f"a position is JSON text written by state.to_json(): {err}") from None
    if not isinstance(data, dict) or data.get("position") != FORMAT:
        raise MeepleError(f"not a meeple position (format {FORMAT}): expected the output of state.to_json()")
    if data.get("game") != game.name:
        raise MeepleError(f"this position is of {data.get('game')!r}, not of {game.name!r}")
    if data.get("rules") != game.rules_version:
        raise MeepleError(
            f"this position was written under {game.name} rules version {data.get('rules')!r}; "
            f"this meeple plays rules version {game.rules_version!r}"
        )
    cls = game.state_class
    state = cls.__new__(cls)
    try:
        state._init_core(data["players"], data["seed"], _decode(data["options"], game))
        state.to_move = data["to_move"]
        state.reveals = data["reveals"]
        state._chance = data["chance"]
        for name, value in data["fields"].items():
            setattr(state, name, _decode(value, game))
        codes = [int(game.parse(text)) for text in data["history"]]
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise MeepleError(f"the position is incomplete or malformed: {err!r}") from None
    _restore_history(state, codes)
    return state


def _restore_history(state: State, codes: list[int]) -> None:
    from meeple.core.state import HISTORY_CHUNK

    full = len(codes) - len(codes) % HISTORY_CHUNK
    state._history = tuple(
        tuple(codes[i : i + HISTORY_CHUNK]) for i in range(0, full, HISTORY_CHUNK)
    )
    state._recent = codes[full:]
    state._ply = len(codes)


def _fields(obj: Any, game: Game) -> dict[str, Any]:
    names = list(vars(obj)) if hasattr(obj, "__dict__") else []
    for klass in type(obj).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name not in names and hasattr(obj, name):
                names.append(name)
    return {name: _encode(getattr(obj, name), game) for name in names if name not in _SKIP}


def _encode(value: Any, game: Game) -> Any:
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, Action):
        return {"~action": int(value)}
    if isinstance(value, Enum):
        return {"~enum": _path(type(value)), "value": _encode(value.value, game)}
    if isinstance(value, int):
        return int(value)
    if isinstance(value, list):
        return [_encode(v, game) for v in value]
    if isinstance(value, tuple):
        if hasattr(value, "_fields") and _trusted(game, type(value).__module__):
            return {"~namedtuple": _path(type(value)), "values": [_encode(v, game) for v in value]}
        return {"~tuple": [_encode(v, game) for v in value]}
    if isinstance(value, (set, frozenset)):
        tag = "~set" if isinstance(value, set) else "~frozenset"
        return {tag: sorted((_encode(v, game) for v in value), key=json.dumps)}
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("~") for k in value):
            return {k: _encode(v, game) for k, v in value.items()}
        return {"~dict": [[_encode(k, game), _encode(v, game)] for k, v in value.items()]}
    klass = type(value)
    if _trusted(game, klass.__module__):
        return {"~object": _path(klass), "fields": _fields(value, game)}
    raise MeepleError(f"cannot write a {klass.__name__} into a position")


def _path(klass: type) -> str:
    return f"{klass.__module__}:{klass.__qualname__}"


def _decode(value: Any, game: Game) -> Any:
    if isinstance(value, list):
        return [_decode(v, game) for v in value]
    if not isinstance(value, dict):
        return value
    if len(value) == 1:
        (tag, inner), = value.items()
        if tag == "~tuple":
            return tuple(_decode(v, game) for v in inner)
        if tag == "~set":
            return {_decode(v, game) for v in inner}
        if tag == "~frozenset":
            return frozenset(_decode(v, game) for v in inner)
        if tag == "~dict":
            return {_decode(k, game): _decode(v, game) for k, v in inner}
        if tag == "~action":
            return game.decode(inner)
    if set(value) == {"~object", "fields"}:
        klass = _trusted_class(value["~object"], game)
        obj = klass.__new__(klass)
        for name, field_value in value["fields"].items():
            object.__setattr__(obj, name, _decode(field_value, game))  # frozen ones too
        return obj
    if set(value) == {"~namedtuple", "values"}:
        return _trusted_class(value["~namedtuple"], game)(*_decode(value["values"], game))
    if set(value) == {"~enum", "value"}:
        return _trusted_class(value["~enum"], game)(_decode(value["value"], game))
    return {k: _decode(v, game) for k, v in value.items()}


def _trusted_class(path: str, game: Game) -> type:
    module_name, _, qualname = path.partition(":")
    if not _trusted(game, module_name):
        raise MeepleError(f"a position may only hold meeple's own game objects ({_home(game)}), not {path!r}")
    target: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        target = getattr(target, part)
    return target


def edited(state: State, **changes: Any) -> State:
    """A new position: ``state`` with some fields (or ``to_move``) replaced.

    Goes through the position format, so a test sets up a position the way a bug report
    or a server snapshot would, and every cache is rebuilt rather than patched.
    """
    data = json.loads(dump_position(state))
    for name, value in changes.items():
        if name in CORE:
            data[name] = _encode(value, state.game)
        elif name in data["fields"]:
            data["fields"][name] = _encode(value, state.game)
        else:
            known = ", ".join(sorted([*data["fields"], *CORE]))
            raise MeepleError(f"{state.game.name} positions have no field {name!r}; fields: {known}")
    return load_position(state.game, json.dumps(data))
