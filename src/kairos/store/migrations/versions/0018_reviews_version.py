"""reviews_version: a counter bumped by every statement that changes any review

A chat turn reads the reviews behind its cards' quotes (up to 40 of each place: 4 ms of the
database's time per turn at full size). `PlacesRepository.reviews` keeps them per place in
process and reads this counter first: a place's reviews are reused only at the counter they
were read at, so a review written, edited (its text or its rating) or deleted by any process is
never missed.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-25
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "CREATE TABLE reviews_version ("
        "id smallint PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)"
    )
    op.execute("INSERT INTO reviews_version (id, version) VALUES (1, 1)")
    op.execute(
        """
        CREATE FUNCTION bump_reviews_version() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE reviews_version SET version = version + 1 WHERE id = 1;
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        "CREATE TRIGGER reviews_changed "
        "AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON reviews "
        "FOR EACH STATEMENT EXECUTE FUNCTION bump_reviews_version()"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS reviews_changed ON reviews")
    op.execute("DROP FUNCTION IF EXISTS bump_reviews_version()")
    op.execute("DROP TABLE IF EXISTS reviews_version")
