"""Every stored table, imported in one place so the migrations see the whole schema.

Each feature keeps its tables in its own module and imports it here.
"""

from meeple.store import (
    arena,  # noqa: F401  (tournaments: arena_tournaments, arena_games)
    tables,  # noqa: F401  (the game server)
)
