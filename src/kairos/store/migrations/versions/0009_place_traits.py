"""places.traits (diets, vibes and occasions a place holds, GIN-indexed for filters) and
places.trait_evidence (the category, attribute, review or aspect behind each, for the cards)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import ARRAY, JSONB

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "places", sa.Column("traits", ARRAY(sa.Text), nullable=False, server_default="{}")
    )
    op.add_column("places", sa.Column("trait_evidence", JSONB, nullable=False, server_default="[]"))
    op.create_index("ix_places_traits", "places", ["traits"], postgresql_using="gin")


def downgrade() -> None:
    op.drop_index("ix_places_traits", table_name="places")
    op.drop_column("places", "trait_evidence")
    op.drop_column("places", "traits")
