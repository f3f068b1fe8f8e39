"""The empty root of the migration chain.

Each feature (the server's tables, the tournaments) starts its own branch from here;
``meeple.store.upgrade`` applies every head.

Revision ID: 0001_start
Revises:
Create Date: 2026-12-01
"""

revision = "0001_start"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
