"""places.kind: every kind of place the catalog holds (core/place_kinds.py), not only five

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KINDS = (
    "restaurant", "cafe", "bar", "bakery", "dessert", "market", "tour", "caterer",
    "event_service", "venue", "attraction", "museum", "park", "viewpoint", "religious_site",
    "lodging", "shop", "other",
)  # fmt: skip
OLD = ("restaurant", "cafe", "bar", "venue", "attraction")


def upgrade() -> None:
    op.drop_constraint("ck_places_kind", "places", type_="check")
    op.create_check_constraint("ck_places_kind", "places", f"kind IN {KINDS!r}")
    op.execute("CREATE INDEX ix_places_kind ON places (kind) WHERE is_active")


def downgrade() -> None:
    op.execute("DROP INDEX ix_places_kind")
    op.execute(f"UPDATE places SET kind = 'restaurant' WHERE kind NOT IN {OLD!r}")
    op.drop_constraint("ck_places_kind", "places", type_="check")
    op.create_check_constraint("ck_places_kind", "places", f"kind IN {OLD!r}")
