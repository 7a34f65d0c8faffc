"""operator assistant: sessions (state memory), turns (episodic summaries and the redacted
transcript), the event chain of every turn, and the operator's light cross-session memory on users

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB, UUID

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _at(name: str) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False)


def _session_id(*, primary_key: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(
        "session_id",
        UUID(as_uuid=True),
        sa.ForeignKey("operator_sessions.id", ondelete="CASCADE"),
        nullable=False,
        primary_key=primary_key,
    )


def upgrade() -> None:
    op.add_column("users", sa.Column("operator", JSONB, server_default="{}", nullable=False))
    op.create_table(
        "operator_sessions",
        sa.Column("id", UUID(as_uuid=True), primary_key=True),
        sa.Column(
            "owner",
            UUID(as_uuid=True),
            sa.ForeignKey("users.uid", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("state", JSONB, nullable=False, server_default="{}"),
        sa.Column("turns", sa.Integer, nullable=False, server_default="0"),
        _at("created_at"),
        _at("updated_at"),
    )
    op.create_index("ix_operator_sessions_owner", "operator_sessions", ["owner", "updated_at"])
    op.create_table(
        "operator_turns",
        _session_id(primary_key=True),
        sa.Column("turn_index", sa.Integer, primary_key=True),
        sa.Column("message", sa.Text, nullable=False),  # redacted: no address, e-mail, phone
        sa.Column("summary", JSONB, nullable=False),
        _at("created_at"),
    )
    op.create_table(
        "operator_events",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        _session_id(),
        sa.Column("turn_index", sa.Integer, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("trace_id", sa.Text, nullable=False),
        sa.Column("request_id", sa.Text, nullable=True),
        sa.Column("payload", JSONB, nullable=False, server_default="{}"),
        _at("created_at"),
    )
    op.create_index("ix_operator_events_session", "operator_events", ["session_id", "turn_index"])


def downgrade() -> None:
    op.drop_table("operator_events")
    op.drop_table("operator_turns")
    op.drop_table("operator_sessions")
    op.drop_column("users", "operator")
