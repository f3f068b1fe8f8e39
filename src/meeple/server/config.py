"""What a server is started with (``meeple serve`` options)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServerConfig:
    #: the database URL (None: ``meeple.store.default_url()``)
    db: str | None = None
    #: a bot never thinks longer than this per move (search bots get ``seconds=`` capped to it)
    bot_seconds: float = 2.0
    #: a hint (GET /api/tables/{id}/hint) searches at most this long (and never past bot_seconds)
    hint_seconds: float = 1.0
    #: worker processes for bots
    bot_workers: int = 1
    #: request bodies larger than this are refused with 413
    max_body: int = 64 * 1024
    #: messages queued for one WebSocket before it is dropped as too slow
    ws_backlog: int = 256
