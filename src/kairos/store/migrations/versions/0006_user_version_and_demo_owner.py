"""users.version (bumped by every profile write), users.demo_session (who created a demo user),
users.tokens_not_before (user tokens issued earlier are refused)

`version` lets every process key what it caches for a user by the stored profile, so a cache in
one replica never outlives a change made through another. `demo_session` holds a hash of the
development demo session that created the user: a demo session sees and changes only its own.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "users", sa.Column("version", sa.BigInteger(), nullable=False, server_default="1")
    )
    op.add_column("users", sa.Column("demo_session", sa.String(64), nullable=True))
    op.add_column("users", sa.Column("tokens_not_before", sa.DateTime(timezone=True)))
    op.create_index(
        "ix_users_demo_session",
        "users",
        ["demo_session", "created_at"],
        postgresql_where=sa.text("demo_session IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_users_demo_session", table_name="users")
    op.drop_column("users", "tokens_not_before")
    op.drop_column("users", "demo_session")
    op.drop_column("users", "version")
