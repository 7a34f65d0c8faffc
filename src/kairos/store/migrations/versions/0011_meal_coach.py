"""meal coach: the cook's profile on users, meal sessions (state only, no transcript), meals,
their feedback, preference facts, memory items with embeddings, and stored images

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import pgvector.sqlalchemy
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB, UUID

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _uid() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(
        "uid", UUID(as_uuid=True), sa.ForeignKey("users.uid", ondelete="CASCADE"), nullable=False
    )


def _created() -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(
        "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
    )


def upgrade() -> None:
    op.add_column("users", sa.Column("cook", JSONB, server_default="{}", nullable=False))
    op.create_table(
        "meal_sessions",
        sa.Column("id", UUID(as_uuid=True), primary_key=True),
        _uid(),
        sa.Column("step", sa.String(24), nullable=False),
        sa.Column("state", JSONB, nullable=False, server_default="{}"),
        _created(),
        sa.Column(
            "updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.CheckConstraint(
            "step IN ('awaiting_followup', 'awaiting_selection', 'done')",
            name="ck_meal_sessions_step",
        ),
    )
    op.create_index("ix_meal_sessions_updated_at", "meal_sessions", ["updated_at"])
    op.create_table(
        "meals",
        sa.Column("id", UUID(as_uuid=True), primary_key=True),
        _uid(),
        sa.Column("session_id", UUID(as_uuid=True), nullable=True),
        sa.Column(
            "recipe_id",
            sa.BigInteger,
            sa.ForeignKey("recipes.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("tags", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column("suggestion", JSONB, nullable=False),
        sa.Column("recipe", JSONB, nullable=False),
        _created(),
    )
    op.create_index("ix_meals_uid_created", "meals", ["uid", "created_at"])
    op.create_table(
        "meal_outcomes",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        sa.Column(
            "meal_id",
            UUID(as_uuid=True),
            sa.ForeignKey("meals.id", ondelete="CASCADE"),
            nullable=False,
        ),
        _uid(),
        sa.Column("liked", sa.Boolean, nullable=True),
        sa.Column("cooked_again", sa.Boolean, server_default="false", nullable=False),
        sa.Column("tags", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column("notes", sa.Text, nullable=True),
        _created(),
    )
    op.create_index("ix_meal_outcomes_meal", "meal_outcomes", ["meal_id"])
    op.create_table(
        "preference_facts",
        _uid(),
        sa.Column("fact_key", sa.String(120), nullable=False),
        sa.Column("strength", sa.Float, nullable=False),
        sa.Column(
            "updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.PrimaryKeyConstraint("uid", "fact_key"),
    )
    op.create_table(
        "memory_items",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        _uid(),
        sa.Column(
            "meal_id",
            UUID(as_uuid=True),
            sa.ForeignKey("meals.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("embedding", pgvector.sqlalchemy.vector.VECTOR(dim=384), nullable=False),
        _created(),
    )
    op.create_index("ix_memory_items_uid", "memory_items", ["uid"])
    op.create_table(
        "meal_images",
        _uid(),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("media_type", sa.String(16), nullable=False),
        sa.Column("size_bytes", sa.Integer, nullable=False),
        sa.Column("session_id", UUID(as_uuid=True), nullable=True),
        _created(),
        sa.PrimaryKeyConstraint("uid", "content_hash"),
    )


def downgrade() -> None:
    op.drop_table("meal_images")
    op.drop_index("ix_memory_items_uid", table_name="memory_items")
    op.drop_table("memory_items")
    op.drop_table("preference_facts")
    op.drop_index("ix_meal_outcomes_meal", table_name="meal_outcomes")
    op.drop_table("meal_outcomes")
    op.drop_index("ix_meals_uid_created", table_name="meals")
    op.drop_table("meals")
    op.drop_index("ix_meal_sessions_updated_at", table_name="meal_sessions")
    op.drop_table("meal_sessions")
    op.drop_column("users", "cook")
