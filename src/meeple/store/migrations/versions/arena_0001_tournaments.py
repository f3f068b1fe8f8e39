"""arena: tournaments and their finished games.

Revision ID: arena_0001
Revises: 0001_start
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "arena_0001"
down_revision = "0001_start"
branch_labels = ("arena",)
depends_on = None


def upgrade() -> None:
    op.create_table(
        "arena_tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("bots", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("games_per_lineup", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("seating", sa.String(length=16), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_arena_tournaments")),
        sa.UniqueConstraint("name", name=op.f("uq_arena_tournaments_name")),
    )
    op.create_table(
        "arena_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("lineup", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("seating", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("bot_seeds", sa.JSON(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("plies", sa.Integer(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"], ["arena_tournaments.id"],
            name=op.f("fk_arena_games_tournament_id_arena_tournaments"), ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_arena_games")),
        sa.UniqueConstraint("tournament_id", "idx", name=op.f("uq_arena_games_tournament_id")),
    )


def downgrade() -> None:
    op.drop_table("arena_games")
    op.drop_table("arena_tournaments")
