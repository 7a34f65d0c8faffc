"""conversations: the state of each conversation (per user, product and session), so a
follow-up refines the previous request in any process and after a restart

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB, UUID

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "conversations",
        sa.Column(
            "uid",
            UUID(as_uuid=True),
            sa.ForeignKey("users.uid", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("product", sa.String(32), primary_key=True),
        sa.Column("session_id", sa.String(128), primary_key=True),
        sa.Column("state", JSONB, nullable=False, server_default="{}"),
        sa.Column("turns", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
    )
    op.create_index("ix_conversations_updated_at", "conversations", ["updated_at"])


def downgrade() -> None:
    op.drop_index("ix_conversations_updated_at", table_name="conversations")
    op.drop_table("conversations")
