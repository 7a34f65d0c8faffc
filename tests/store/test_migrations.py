"""Migrations run up from an empty database, down to nothing, and up again."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from kairos.settings import Settings
from kairos.store.database import Database
from kairos.store.migrate import downgrade, upgrade
from tests.conftest import embedded_only

EXPECTED_TABLES = {
    "places", "place_sources", "reviews", "embedding_cache", "users", "interactions", "kairos_meta",
    "conversations", "recipes", "recipe_ingredients", "meal_sessions", "meals", "meal_outcomes",
    "preference_facts", "memory_items", "meal_images", "venue_checkins", "venue_inspections",
    "venue_risk_events", "venue_vibes", "plans", "plan_votes", "plan_actions",
    "operator_sessions", "operator_turns", "operator_events", "trips", "review_vectors_version",
    "text_index_version", "reviews_version",
}  # fmt: skip


async def _tables(db: Database) -> set[str]:
    async with db.session() as session:
        rows = await session.execute(
            text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        )
        return {r[0] for r in rows} - {"alembic_version"}


async def _indexes(db: Database) -> dict[str, str]:
    async with db.session() as session:
        rows = await session.execute(
            text("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'")
        )
        return {r[0]: r[1] for r in rows}


@embedded_only  # creates a database; on an external server the session itself migrated from empty
async def test_migrations_up_down_up(runtime: object, settings: Settings) -> None:
    # a separate database on the same embedded server, so the session's data is untouched
    db = await Database.from_settings(settings)
    async with db.engine.connect() as conn:
        await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(text("DROP DATABASE IF EXISTS kairos_migrations"))
        await conn.execute(text("CREATE DATABASE kairos_migrations"))
    await db.dispose()
    scratch = Database(db.url.replace("/kairos?", "/kairos_migrations?"))
    try:
        assert await _tables(scratch) == set()
        await upgrade(scratch)
        assert await _tables(scratch) == EXPECTED_TABLES
        indexes = await _indexes(scratch)
        assert "USING hnsw (embedding vector_cosine_ops)" in indexes["ix_reviews_embedding_hnsw"]
        assert "USING gin" in indexes["ix_places_categories"]
        assert "USING hnsw (embedding vector_cosine_ops)" in indexes["ix_recipes_embedding_hnsw"]
        assert "USING gin" in indexes["ix_recipes_contains_allergens"]
        assert "USING gin" in indexes["ix_places_search_tsv"]
        assert "USING gin" in indexes["ix_reviews_text_tsv"]
        assert "USING gin" in indexes["ix_users_allergy_flags"]
        assert "USING btree (rating)" in indexes["ix_places_rating"]
        assert "(lat, lng) WHERE is_active" in indexes["ix_places_lat_lng"]
        assert (
            "INCLUDE (review_count) WHERE (is_active AND (review_count > 0))"
            in (indexes["ix_places_reviewed"])
        )
        await downgrade(scratch, "base")
        assert await _tables(scratch) == set()
        await upgrade(scratch)
        assert await _tables(scratch) == EXPECTED_TABLES
    finally:
        await scratch.dispose()


def test_embedded_server_is_reused(tmp_path: Path) -> None:
    from kairos.store.embedded import EmbeddedServer

    first = EmbeddedServer.acquire(tmp_path, "192MB")
    second = EmbeddedServer.acquire(tmp_path, "192MB")
    try:
        assert first is second and first.handles == 2
        assert (tmp_path / "pg" / "PG_VERSION").exists()
        # Written for the server's next start (shared_buffers cannot change while it runs).
        auto = (tmp_path / "pg" / "postgresql.auto.conf").read_text()
        assert "shared_buffers = '192MB'" in auto
    finally:
        second.release()
        assert first.is_running()  # one handle is still open
        first.release()
    assert not first.is_running()
