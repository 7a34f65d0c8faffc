"""users.travel: the traveller's preferences (favourite tags, companions, modes, pace,
accessibility) on the shared profile

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("travel", JSONB, server_default="{}", nullable=False))


def downgrade() -> None:
    op.drop_column("users", "travel")
