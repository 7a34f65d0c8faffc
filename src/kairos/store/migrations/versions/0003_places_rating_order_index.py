"""index for the no-text ranking: rating, then votes, then id

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "CREATE INDEX ix_places_rating_order ON places "
        "(rating DESC NULLS LAST, votes DESC, id) WHERE is_active"
    )


def downgrade() -> None:
    op.drop_index("ix_places_rating_order", table_name="places")
