"""places.verified_allergens: the allergens the SQL hard filter excludes, each on its own evidence

The hard filter excluded a place for every allergen it listed when the place's knowledge as a
whole was `high`, and for its high "contains" allergens only otherwise. The place's confidence is
its least verified allergen's, so a guess about one allergen (a deli's likely fish) lowered it and
lifted the filter for another allergen a review had verified. `verified_allergens` holds each
allergen whose own strongest evidence is high; existing rows are filled from their evidence.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TEXT_COLUMNS = "name, search_facets"
FILTER_COLUMNS = (
    "is_active, price_tier, categories, city, area, rating, lat, lng, kind, traits, "
    "review_count, contains_allergens, known_allergens, allergen_confidence"
)


def _trigger(columns: str) -> None:
    op.execute("DROP TRIGGER IF EXISTS places_text_changed ON places")
    op.execute(
        "CREATE TRIGGER places_text_changed "
        f"AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF {columns} ON places "
        "FOR EACH STATEMENT EXECUTE FUNCTION bump_text_index_version()"
    )


def upgrade() -> None:
    op.add_column(
        "places",
        sa.Column(
            "verified_allergens",
            sa.ARRAY(sa.Text()),
            server_default="{}",
            nullable=False,
        ),
    )
    op.execute(
        """
        UPDATE places p SET verified_allergens = ARRAY(
            SELECT DISTINCT a FROM (
                SELECT e->>'allergen' AS a
                FROM jsonb_array_elements(p.allergen_evidence) e
                WHERE e->>'confidence' = 'high'
                UNION SELECT unnest(p.contains_allergens)
                UNION SELECT unnest(p.known_allergens) WHERE p.allergen_confidence = 'high'
            ) held ORDER BY a
        )
        """
    )
    op.create_index(
        "ix_places_verified_allergens", "places", ["verified_allergens"], postgresql_using="gin"
    )
    _trigger(f"{TEXT_COLUMNS}, {FILTER_COLUMNS}, verified_allergens")


def downgrade() -> None:
    _trigger(f"{TEXT_COLUMNS}, {FILTER_COLUMNS}")
    op.drop_index("ix_places_verified_allergens", table_name="places", postgresql_using="gin")
    op.drop_column("places", "verified_allergens")
