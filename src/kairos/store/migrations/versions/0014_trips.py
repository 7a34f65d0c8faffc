"""trips: a trip is its request and its ordered edits (locks, swaps, day refinements); the
itinerary is rebuilt from them deterministically and stored with its verification

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB, UUID

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "trips",
        sa.Column("id", UUID(as_uuid=True), primary_key=True),
        sa.Column(
            "owner",
            UUID(as_uuid=True),
            sa.ForeignKey("users.uid", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("request", JSONB, nullable=False),
        sa.Column("edits", JSONB, nullable=False, server_default="[]"),
        sa.Column("itinerary", JSONB, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
    )
    op.create_index("ix_trips_owner", "trips", ["owner", "updated_at"])


def downgrade() -> None:
    op.drop_table("trips")
