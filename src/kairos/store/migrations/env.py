"""Alembic environment: Kairos always passes a live connection (see kairos.store.migrate)."""

from __future__ import annotations

from alembic import context

from kairos.store.tables import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through `kairos migrate`, which provides the connection")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
