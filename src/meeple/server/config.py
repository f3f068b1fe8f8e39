"""What a server is started with (``meeple serve`` options): its budgets and its limits.

Every limit is the server's: no request can raise one. Each refusal names the limit
(429 for rates and counts, 413 for a body, 422 for a text or a nesting).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from meeple.core.errors import ConfigError


def default_workers() -> int:
    """Bot worker processes: the machine's cores but one (kept for the event loop), at least 1."""
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass(frozen=True)
class ServerConfig:
    #: the database URL (None: ``meeple.store.default_url()``)
    db: str | None = None
    # ---- budgets -------------------------------------------------------------------
    #: a bot never thinks longer than this per move: a ceiling no spec can raise
    bot_seconds: float = 2.0
    #: a hint searches this long (never past bot_seconds)
    hint_seconds: float = 1.0
    #: worker processes for search bots and hints (default: cores - 1); random and greedy
    #: bots have one more worker of their own, so they answer while searches run
    bot_workers: int = default_workers()
    #: networks a bot spec may name (net=NAME); "default" is the one meeple ships for the game
    networks: tuple[str, ...] = ("default",)
    # ---- limits ----------------------------------------------------------------------
    #: tables one client (IP address) may create per minute
    tables_per_minute: int = 30
    #: tables waiting or playing at once, over the whole database
    max_open_tables: int = 1000
    #: WebSockets on one table (per process)
    sockets_per_table: int = 64
    #: request bodies larger than this are refused with 413
    max_body: int = 64 * 1024
    #: JSON nested deeper than this is refused with 422
    max_depth: int = 16
    #: messages queued for one WebSocket before it is dropped as too slow
    ws_backlog: int = 256
    #: seconds a new WebSocket has to send its first message (the token, or none)
    ws_auth_seconds: float = 10.0
    #: browser origins allowed to open a WebSocket besides the server's own host
    allowed_origins: tuple[str, ...] = ()
    #: tables kept in memory per process (least recently used dropped first)
    cache_tables: int = 1000
    #: how often (seconds) a process on PostgreSQL looks for tables whose runner died
    lease_seconds: float = 2.0

    def __post_init__(self) -> None:
        positive = {"bot_seconds": self.bot_seconds, "hint_seconds": self.hint_seconds,
                    "ws_auth_seconds": self.ws_auth_seconds, "lease_seconds": self.lease_seconds}
        for name, value in positive.items():
            if not value > 0:
                raise ConfigError(f"{name} must be above 0, got {value:g}")
        counts = {"bot_workers": self.bot_workers, "tables_per_minute": self.tables_per_minute,
                  "max_open_tables": self.max_open_tables, "sockets_per_table": self.sockets_per_table,
                  "max_body": self.max_body, "max_depth": self.max_depth, "ws_backlog": self.ws_backlog,
                  "cache_tables": self.cache_tables}
        for name, count in counts.items():
            if count < 1:
                raise ConfigError(f"{name} must be at least 1, got {count}")
        cores = os.cpu_count() or 1
        if self.bot_workers > cores:
            raise ConfigError(f"bot_workers={self.bot_workers} is more than this machine's {cores} cores; "
                              "more processes than cores only slow every search down")

    @property
    def hint_budget(self) -> float:
        return min(self.hint_seconds, self.bot_seconds)
