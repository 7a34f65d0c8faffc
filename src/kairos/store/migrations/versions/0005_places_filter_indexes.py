"""indexes for the search filters that read every place row: a near box, a price tier, and the
reviewed places the vector arm ranges over

A place row is wide (Yelp attributes, allergen evidence, aspect scores, a tsvector: about 4 KB,
126 MB for the 29k places of the full catalog), so a filter with no index reads all of it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("CREATE INDEX ix_places_lat_lng ON places (lat, lng) WHERE is_active")
    op.execute("CREATE INDEX ix_places_price_tier ON places (price_tier) WHERE is_active")
    op.execute(
        "CREATE INDEX ix_places_reviewed ON places (id) INCLUDE (review_count) "
        "WHERE is_active AND review_count > 0"
    )


def downgrade() -> None:
    op.drop_index("ix_places_reviewed", table_name="places")
    op.drop_index("ix_places_price_tier", table_name="places")
    op.drop_index("ix_places_lat_lng", table_name="places")
