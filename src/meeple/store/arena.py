"""The tournaments' tables: each tournament's settings and every game it finished.

A game row holds all it takes to check or replay it: the record (the JSON of
``state.record()``), the bots by seat with their seeds, the result and the time taken.
``(tournament_id, idx)`` is unique: ``idx`` is the game's place in the schedule, which is
how a resumed tournament knows what is left to play.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from meeple.store.base import Base


class ArenaTournament(Base):
    __tablename__ = "arena_tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(16))  # "tournament" or "sprt"
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    bots: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    games_per_lineup: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int] = mapped_column(Integer)
    seating: Mapped[str] = mapped_column(String(16))
    total: Mapped[int] = mapped_column(Integer)  # games in the schedule
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)  # the rest (SPRT bounds, ...)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ArenaGame(Base):
    __tablename__ = "arena_games"
    __table_args__ = (UniqueConstraint("tournament_id", "idx"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("arena_tournaments.id", ondelete="CASCADE")
    )
    idx: Mapped[int] = mapped_column(Integer)
    lineup: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int] = mapped_column(Integer)
    seating: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[str]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    bot_seeds: Mapped[list[int]] = mapped_column(JSON)
    scores: Mapped[list[int]] = mapped_column(JSON)
    winners: Mapped[list[int]] = mapped_column(JSON)
    plies: Mapped[int] = mapped_column(Integer)
    seconds: Mapped[float] = mapped_column(Float)
    record: Mapped[str] = mapped_column(Text)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
