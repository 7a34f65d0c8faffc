"""text_index_version also counts changes to the places' filter columns

The text index's load also reads every place's filter columns (`search/place_columns.py`), and
a search filters its candidates with them in process when the counter is the one they were read
at. So the counter must move with every statement that changes a column the filter reads, not
only the searchable text: a place's allergens, traits, kind, categories, price, rating, city,
area, position, review count or activity changed by any process ends the columns' use at once.

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-25
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
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
    _trigger(f"{TEXT_COLUMNS}, {FILTER_COLUMNS}")


def downgrade() -> None:
    _trigger(TEXT_COLUMNS)
