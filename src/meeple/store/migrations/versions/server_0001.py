"""The game server: tables, seats and the numbered events that rebuild each game.

Revision ID: server_0001
Revises: 0001_start
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "server_0001"
down_revision = "0001_start"
branch_labels = ("server",)
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_tables",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("salt", sa.String(length=64), nullable=False),
        sa.Column("commitment", sa.String(length=64), nullable=False),
        sa.Column("rules_version", sa.String(length=40), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.Column("clocks", sa.JSON(), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_server_tables")),
    )
    with op.batch_alter_table("server_tables") as batch:
        batch.create_index(batch.f("ix_server_tables_status"), ["status"], unique=False)
    op.create_table(
        "server_seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("bot", sa.String(length=200), nullable=True),
        sa.Column("name", sa.String(length=60), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"], ["server_tables.id"],
            name=op.f("fk_server_seats_table_id_server_tables"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_server_seats")),
    )
    op.create_table(
        "server_events",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=200), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["server_tables.id"],
            name=op.f("fk_server_events_table_id_server_tables"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "version", name=op.f("pk_server_events")),
    )


def downgrade() -> None:
    op.drop_table("server_events")
    op.drop_table("server_seats")
    with op.batch_alter_table("server_tables") as batch:
        batch.drop_index(batch.f("ix_server_tables_status"))
    op.drop_table("server_tables")
