"""review_vectors_version: a counter bumped by every statement that changes review vectors

The search keeps every review vector in one in-process matrix (`search/vector_index.py`). It
reads this counter in the same statement as a search's filters and uses its matrix only while
the counter is the one it loaded with, so a review ingested, re-embedded, moved or deleted by any
process is never missed: until the matrix is reloaded, the search asks PostgreSQL.

A statement-level trigger bumps it, in the writing transaction: readers see the new value
exactly when they can see the rows it counts.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-24
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "CREATE TABLE review_vectors_version ("
        "id smallint PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)"
    )
    op.execute("INSERT INTO review_vectors_version (id, version) VALUES (1, 1)")
    op.execute(
        """
        CREATE FUNCTION bump_review_vectors_version() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE review_vectors_version SET version = version + 1 WHERE id = 1;
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        "CREATE TRIGGER reviews_vectors_changed "
        "AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF embedding, place_id ON reviews "
        "FOR EACH STATEMENT EXECUTE FUNCTION bump_review_vectors_version()"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS reviews_vectors_changed ON reviews")
    op.execute("DROP FUNCTION IF EXISTS bump_review_vectors_version()")
    op.execute("DROP TABLE IF EXISTS review_vectors_version")
