"""Alembic environment: runs on the connection ``meeple.store.upgrade`` hands it."""

from alembic import context

# every module that defines tables must be imported so autogenerate sees them
from meeple.store import models  # noqa: F401
from meeple.store.base import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
