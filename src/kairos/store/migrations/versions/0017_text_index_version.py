"""text_index_version: a counter bumped by every statement that changes searchable text

The search ranks the full-text arm in process (`search/text_index.py`): every review's and
every place's lexemes, read from `reviews.text_tsv` and `places.search_tsv`. It reads this
counter in the same statement as a search's filter and uses its index only while the counter is
the one it loaded with, so a review or place written, edited or deleted by any process is never
missed: until the index is reloaded, PostgreSQL ranks that search.

Statement-level triggers bump it in the writing transaction, so readers see the new value exactly
when they can see the rows it counts. `text_tsv` is generated from `text`, `search_tsv` from
`name` and `search_facets`: an UPDATE that changes them names those columns.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-24
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "CREATE TABLE text_index_version ("
        "id smallint PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)"
    )
    op.execute("INSERT INTO text_index_version (id, version) VALUES (1, 1)")
    op.execute(
        """
        CREATE FUNCTION bump_text_index_version() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE text_index_version SET version = version + 1 WHERE id = 1;
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        "CREATE TRIGGER reviews_text_changed "
        "AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF text, place_id ON reviews "
        "FOR EACH STATEMENT EXECUTE FUNCTION bump_text_index_version()"
    )
    op.execute(
        "CREATE TRIGGER places_text_changed "
        "AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, search_facets ON places "
        "FOR EACH STATEMENT EXECUTE FUNCTION bump_text_index_version()"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS places_text_changed ON places")
    op.execute("DROP TRIGGER IF EXISTS reviews_text_changed ON reviews")
    op.execute("DROP FUNCTION IF EXISTS bump_text_index_version()")
    op.execute("DROP TABLE IF EXISTS text_index_version")
