"""Tournaments in the database: create or find one by name, save finished games, read them back."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from meeple.arena.match import Outcome
from meeple.core.errors import ConfigError
from meeple.store import open_engine
from meeple.store.arena import ArenaGame, ArenaTournament

_MISSING = object()  # an option a stored row does not hold


@dataclass
class Settings:
    """What identifies a tournament's schedule: resuming demands the same settings."""

    kind: str  # "tournament" or "sprt"
    game: str
    players: int
    bots: list[str]
    options: dict[str, Any]
    seed: int
    games_per_lineup: int
    seating: str
    extra: dict[str, Any] = field(default_factory=dict)

    #: the command-line flag that sets each field, to name it in error messages
    FLAGS: ClassVar[dict[str, str]] = {
        "kind": "the command", "game": "GAME", "players": "--players", "bots": "--bots",
        "options": "-o", "seed": "--seed", "games_per_lineup": "--games", "seating": "--seating",
    }

    def differences(self, stored: Settings) -> list[str]:
        """What these settings change against ``stored``. An option not given now is no
        change: the stored value stands (it is what the stored games were played with)."""
        mine, theirs = asdict(self), asdict(stored)
        out = [
            f"{self.FLAGS.get(k, k)} was {theirs[k]!r}, now {mine[k]!r}"
            for k in mine if k not in ("extra", "options") and mine[k] != theirs[k]
        ]
        out += [
            f"-o {k} was {stored.options[k]!r}, now {v!r}" if k in stored.options
            else f"-o {k} was not stored, now {v!r}"
            for k, v in self.options.items() if stored.options.get(k, _MISSING) != v
        ]
        out += [
            f"--{k.replace('_', '-')} was {stored.extra.get(k)!r}, now {self.extra.get(k)!r}"
            for k in dict.fromkeys([*self.extra, *stored.extra]) if stored.extra.get(k) != self.extra.get(k)
        ]
        return out


def default_name(game: str) -> str:
    return f"{game}-{datetime.now():%Y%m%d-%H%M%S}-{secrets.token_hex(2)}"


class Store:
    """The tournaments of one database (``url`` as for ``meeple.store.open_engine``)."""

    def __init__(self, url: str | None = None, engine: Engine | None = None) -> None:
        self.engine = engine or open_engine(url)
        self.url = self.engine.url.render_as_string(hide_password=True)

    def open(
        self, name: str, settings: Settings, total: int, deals: int, resume: bool,
        defaults: Mapping[str, Any] | None = None,
    ) -> tuple[int, dict[str, Any]]:
        """The id of tournament ``name`` and the game options its games are played with.

        Created, it stores every option: ``defaults`` (the game's resolved options) under
        the ones given. Resumed (``resume``), the given settings must match the stored
        ones, and options not given come from the store: a default changed since the
        start cannot split one tournament between two rule sets.
        """
        with Session(self.engine) as session:
            row = session.scalars(select(ArenaTournament).where(ArenaTournament.name == name)).first()
            if row is None:
                if resume:
                    known = self.names()
                    hint = f"; stored: {', '.join(known[-8:])}" if known else "; none is stored"
                    raise ConfigError(f"there is no tournament named {name!r} in {self.url} to resume{hint}")
                row = ArenaTournament(
                    name=name, kind=settings.kind, game=settings.game, players=settings.players,
                    bots=settings.bots, options={**(defaults or {}), **settings.options}, seed=settings.seed,
                    games_per_lineup=settings.games_per_lineup, deals=deals,
                    seating=settings.seating, total=total, settings=settings.extra,
                )
                session.add(row)
                try:
                    session.commit()
                except IntegrityError:
                    raise ConfigError(f"a tournament named {name!r} was created meanwhile") from None
                return row.id, dict(row.options)
            if not resume:
                done = self.count(row.id)
                raise ConfigError(
                    f"a tournament named {name!r} already exists ({done} of {row.total} games "
                    "played); add --resume to continue it, or choose another --name"
                )
            diff = settings.differences(self.settings_of(row))
            if diff:
                raise ConfigError(
                    f"tournament {name!r} was started with other settings ({'; '.join(diff)}); "
                    "resume it with the same command it was started with"
                )
            return row.id, dict(row.options)

    def find(self, name: str) -> int:
        """The id of the stored tournament ``name`` (for ``outcomes``)."""
        with Session(self.engine) as session:
            tid = session.scalar(select(ArenaTournament.id).where(ArenaTournament.name == name))
        if tid is None:
            raise ConfigError(f"there is no tournament named {name!r} in {self.url}")
        return tid

    def settings(self, name: str, kind: str) -> Settings:
        """The stored settings of ``name``, which must be a ``kind`` ("tournament" or "sprt")."""
        self.find(name)
        with Session(self.engine) as session:
            row = session.scalars(select(ArenaTournament).where(ArenaTournament.name == name)).one()
            if row.kind != kind:
                command = "meeple sprt" if row.kind == "sprt" else "meeple tournament"
                raise ConfigError(f"{name!r} is a stored {row.kind}, not a {kind}: use {command}")
            return self.settings_of(row)

    @staticmethod
    def settings_of(row: ArenaTournament) -> Settings:
        return Settings(
            kind=row.kind, game=row.game, players=row.players, bots=list(row.bots),
            options=dict(row.options), seed=row.seed, games_per_lineup=row.games_per_lineup,
            seating=row.seating, extra=dict(row.settings),
        )

    def names(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(ArenaTournament.name).order_by(ArenaTournament.id)))

    def count(self, tournament: int) -> int:
        from sqlalchemy import func

        with Session(self.engine) as session:
            stmt = select(func.count()).select_from(ArenaGame).where(ArenaGame.tournament_id == tournament)
            return int(session.scalar(stmt) or 0)

    def save(self, tournament: int, outcomes: list[Outcome]) -> None:
        """Store finished games in one transaction (a killed run keeps every committed batch)."""
        with Session(self.engine) as session, session.begin():
            for o in outcomes:
                session.add(ArenaGame(
                    tournament_id=tournament, idx=o.idx, lineup=o.lineup, deal=o.deal,
                    seating=o.seating, seats=o.seats, seed=o.seed, bot_seeds=o.bot_seeds,
                    scores=o.scores, winners=o.winners, plies=o.plies, seconds=o.seconds,
                    record=o.record,
                ))

    def outcomes(self, tournament: int) -> list[Outcome]:
        """Every stored game of the tournament, in schedule order."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ArenaGame).where(ArenaGame.tournament_id == tournament).order_by(ArenaGame.idx)
            )
            return [
                Outcome(
                    idx=r.idx, lineup=r.lineup, deal=r.deal, seating=r.seating, seats=list(r.seats),
                    seed=r.seed, bot_seeds=list(r.bot_seeds), scores=list(r.scores),
                    winners=list(r.winners), plies=r.plies, seconds=r.seconds, record=r.record,
                )
                for r in rows
            ]

    def close(self) -> None:
        self.engine.dispose()
