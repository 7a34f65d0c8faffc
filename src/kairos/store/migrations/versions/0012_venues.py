"""venue planning: check-ins by weekday and hour, health inspections, risk events the critic
writes and the scout reads, 52-d vibe vectors per place, plans with their members, votes and
pending actions, and the planner's preferences on users

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import pgvector.sqlalchemy
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB, UUID

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

VIBE_DIMENSIONS = 52


def _place_id(*, primary_key: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(
        "place_id",
        sa.BigInteger,
        sa.ForeignKey("places.id", ondelete="CASCADE"),
        nullable=False,
        primary_key=primary_key,
    )


def _at(name: str) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False)


def upgrade() -> None:
    op.add_column("users", sa.Column("planner", JSONB, server_default="{}", nullable=False))
    op.create_table(
        "venue_checkins",
        _place_id(primary_key=True),
        sa.Column("weekday", sa.SmallInteger, primary_key=True),  # 0 = Monday … 6 = Sunday
        sa.Column("hour", sa.SmallInteger, primary_key=True),
        sa.Column("checkins", sa.Integer, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.CheckConstraint("weekday BETWEEN 0 AND 6", name="ck_venue_checkins_weekday"),
        sa.CheckConstraint("hour BETWEEN 0 AND 23", name="ck_venue_checkins_hour"),
        sa.CheckConstraint("checkins >= 0", name="ck_venue_checkins_count"),
    )
    op.create_table(
        "venue_inspections",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        _place_id(),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("source_inspection_id", sa.Text, nullable=False),
        sa.Column("inspected_on", sa.Date, nullable=False),
        sa.Column("minor", sa.Integer, nullable=False, server_default="0"),
        sa.Column("major", sa.Integer, nullable=False, server_default="0"),
        sa.Column("severe", sa.Integer, nullable=False, server_default="0"),
        sa.UniqueConstraint(
            "source", "source_inspection_id", "place_id", name="uq_venue_inspections_source"
        ),
    )
    op.create_index("ix_venue_inspections_place", "venue_inspections", ["place_id", "inspected_on"])
    op.create_table(
        "venue_risk_events",
        sa.Column("id", sa.BigInteger, sa.Identity(), primary_key=True),
        _place_id(),
        sa.Column("venue_name", sa.Text, nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("severity", sa.String(6), nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("weather_context", sa.Text, nullable=True),
        sa.Column("times_seen", sa.Integer, nullable=False, server_default="1"),
        _at("first_seen"),
        _at("last_seen"),
        sa.CheckConstraint("severity IN ('high', 'medium', 'low')", name="ck_venue_risk_severity"),
        sa.UniqueConstraint("place_id", "kind", "description", name="uq_venue_risk_events"),
    )
    op.create_table(
        "venue_vibes",
        _place_id(primary_key=True),
        sa.Column("vibe", pgvector.sqlalchemy.Vector(VIBE_DIMENSIONS), nullable=False),
        sa.Column("primary_vibe", sa.Text, nullable=True),
        sa.Column("confidence", sa.Float, nullable=False),
        sa.Column("texts", sa.Integer, nullable=False),
        sa.Column("evidence", JSONB, nullable=False, server_default="{}"),
        sa.Column("content_hash", sa.Text, nullable=False),
        _at("updated_at"),
    )
    op.create_table(
        "plans",
        sa.Column("id", UUID(as_uuid=True), primary_key=True),
        sa.Column(
            "owner",
            UUID(as_uuid=True),
            sa.ForeignKey("users.uid", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("prompt", sa.Text, nullable=False),
        sa.Column("request", JSONB, nullable=False),
        sa.Column("members", JSONB, nullable=False, server_default="[]"),
        sa.Column("result", JSONB, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        _at("created_at"),
        _at("updated_at"),
    )
    op.create_index("ix_plans_owner_created", "plans", ["owner", "created_at"])
    op.create_table(
        "plan_votes",
        sa.Column(
            "plan_id",
            UUID(as_uuid=True),
            sa.ForeignKey("plans.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("member", sa.Text, primary_key=True),
        sa.Column("venue_id", sa.Text, primary_key=True),
        sa.Column("vote", sa.String(5), nullable=False),
        _at("updated_at"),
        sa.CheckConstraint("vote IN ('yes', 'maybe', 'no', 'veto')", name="ck_plan_votes_vote"),
    )
    op.create_table(
        "plan_actions",
        sa.Column("id", UUID(as_uuid=True), primary_key=True),
        sa.Column(
            "plan_id",
            UUID(as_uuid=True),
            sa.ForeignKey("plans.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("payload", JSONB, nullable=False),
        sa.Column("outcome", JSONB, nullable=False, server_default="{}"),
        _at("created_at"),
        _at("updated_at"),
        sa.CheckConstraint("kind IN ('email', 'calendar')", name="ck_plan_actions_kind"),
        sa.CheckConstraint(
            "status IN ('proposed', 'confirmed', 'sent', 'failed', 'cancelled')",
            name="ck_plan_actions_status",
        ),
    )
    op.create_index("ix_plan_actions_plan", "plan_actions", ["plan_id"])


def downgrade() -> None:
    for table in (
        "plan_actions", "plan_votes", "plans", "venue_vibes", "venue_risk_events",
        "venue_inspections", "venue_checkins",
    ):  # fmt: skip
        op.drop_table(table)
    op.drop_column("users", "planner")
