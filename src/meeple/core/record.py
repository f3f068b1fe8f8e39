"""The record: (game, players, options, seed, actions) rebuilds a game exactly.

It is the save file, the replay and the database row. Replaying one needs the game
registry, so that lives in ``meeple.games.replay``; core only reads and writes.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from meeple.core.errors import MeepleError

#: format 2 added ``rules``; a format 1 record was played under rules version "1"
FORMAT = 2


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    #: the game's ``rules_version`` when the record was written
    rules: str = "1"
    #: who sat where, when the writer knew ("you", "greedy", "ismcts"); optional,
    #: written only when known, so replays can name the seats
    seats: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        data = asdict(self)
        if not data["seats"]:
            del data["seats"]
        return json.dumps({"format": FORMAT, **data}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise MeepleError(f"a record is JSON; this text is not: {err}") from None
        if not isinstance(data, dict):
            raise MeepleError("a record is a JSON object with game, players, seed, actions")
        fmt = data.pop("format", 1)
        if fmt not in (1, FORMAT):
            raise MeepleError(f"record format {fmt!r} is not one this meeple reads (1 or {FORMAT})")
        missing = [k for k in ("game", "players", "seed") if k not in data]
        if missing:
            raise MeepleError(f"the record lacks {', '.join(missing)}")
        unknown = set(data) - {"game", "players", "seed", "options", "actions", "rules", "seats"}
        if unknown:
            raise MeepleError(f"the record has unknown fields: {', '.join(sorted(unknown))}")
        seats = data.get("seats", [])
        if seats and (
            not isinstance(seats, list)
            or len(seats) != data["players"]
            or not all(isinstance(name, str) for name in seats)
        ):
            raise MeepleError("the record's seats must be one name (text) per player")
        return cls(**data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))
