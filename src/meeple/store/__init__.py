"""Where meeple keeps games: one SQLAlchemy database for the server and the tournaments.

SQLite (a file in the user's data directory) is the embedded default; a
``postgresql+psycopg://`` URL runs the same schema on PostgreSQL. The schema is one set
of Alembic migrations (``meeple/store/migrations``), applied when a store is opened.
"""

from meeple.store.base import Base
from meeple.store.engine import default_url, normalize_url, open_engine, upgrade

__all__ = ["Base", "default_url", "normalize_url", "open_engine", "upgrade"]
