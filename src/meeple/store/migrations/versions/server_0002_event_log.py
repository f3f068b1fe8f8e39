"""The event log owns a table: creation is event 0, joins are events, events carry data.

Adds ``server_events.data`` (seats at creation, a joiner's name and token hash, the
clocks after a change, the result), ``server_tables.creator`` (the tables-per-minute
limit) and ``server_tables.runner`` (bots or a clock: one process runs them). Every
existing table gets its event 0 from its current seats and clocks, so it rebuilds from
the log alone exactly as it stands. ``server_tables.version``, ``clocks`` and
``updated_at`` go: a table's version, clocks and last change are its last event's.

Revision ID: server_0002
Revises: server_0001
Create Date: 2026-12-10
"""

import sqlalchemy as sa
from alembic import op

revision = "server_0002"
down_revision = "server_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("server_events", sa.Column("data", sa.JSON(), nullable=True))
    op.add_column("server_tables", sa.Column("creator", sa.String(length=64), nullable=True))
    op.add_column("server_tables", sa.Column("runner", sa.Boolean(), nullable=False,
                                             server_default=sa.false()))
    op.create_index("ix_server_tables_creator_created_at", "server_tables", ["creator", "created_at"])
    _backfill(op.get_bind())
    with op.batch_alter_table("server_tables") as batch:
        batch.drop_column("version")
        batch.drop_column("clocks")
        batch.drop_column("updated_at")


def _backfill(bind: sa.Connection) -> None:
    meta = sa.MetaData()
    tables = sa.Table("server_tables", meta, sa.Column("id", sa.Integer), sa.Column("clock", sa.JSON),
                      sa.Column("clocks", sa.JSON), sa.Column("created_at", sa.DateTime(timezone=True)),
                      sa.Column("runner", sa.Boolean))
    seats = sa.Table("server_seats", meta, sa.Column("table_id", sa.Integer), sa.Column("seat", sa.Integer),
                     sa.Column("kind", sa.String), sa.Column("bot", sa.String), sa.Column("name", sa.String),
                     sa.Column("token_hash", sa.String))
    events = sa.Table("server_events", meta, sa.Column("table_id", sa.Integer), sa.Column("version", sa.Integer),
                      sa.Column("kind", sa.String), sa.Column("seat", sa.Integer),
                      sa.Column("action", sa.String), sa.Column("data", sa.JSON),
                      sa.Column("at", sa.DateTime(timezone=True)))
    by_table: dict[int, list[dict]] = {}
    for s in bind.execute(sa.select(seats).order_by(seats.c.table_id, seats.c.seat)).mappings():
        by_table.setdefault(s["table_id"], []).append(
            {"kind": s["kind"], "bot": s["bot"], "name": s["name"], "token_hash": s["token_hash"]})
    for row in bind.execute(sa.select(tables)).mappings().all():
        seat_list = by_table.get(row["id"], [])
        bind.execute(events.insert().values(
            table_id=row["id"], version=0, kind="create", seat=None, action=None,
            data={"seats": seat_list, "clocks": row["clocks"]}, at=row["created_at"]))
        runner = row["clock"] is not None or any(s["kind"] == "bot" for s in seat_list)
        bind.execute(tables.update().where(tables.c.id == row["id"]).values(runner=runner))


def downgrade() -> None:
    with op.batch_alter_table("server_tables") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("clocks", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE server_tables SET version = (SELECT max(version) FROM server_events e "
               "WHERE e.table_id = server_tables.id), updated_at = created_at")
    op.execute("DELETE FROM server_events WHERE version = 0")
    op.drop_index("ix_server_tables_creator_created_at", "server_tables")
    with op.batch_alter_table("server_tables") as batch:
        batch.drop_column("runner")
        batch.drop_column("creator")
    with op.batch_alter_table("server_events") as batch:
        batch.drop_column("data")
