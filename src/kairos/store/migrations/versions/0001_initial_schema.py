"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-22 22:12:59.629311
"""

from collections.abc import Sequence

import pgvector.sqlalchemy
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("CREATE EXTENSION IF NOT EXISTS vector")
    op.create_table(
        "embedding_cache",
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("embedding", pgvector.sqlalchemy.vector.VECTOR(dim=384), nullable=False),
        sa.PrimaryKeyConstraint("content_hash"),
    )
    op.create_table(
        "places",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("source_id", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("normalized_name", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(length=16), server_default="restaurant", nullable=False),
        sa.Column("categories", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column("price_tier", sa.String(length=4), nullable=True),
        sa.Column("price_level", sa.SmallInteger(), nullable=True),
        sa.Column(
            "price_raw",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default="{}",
            nullable=False,
        ),
        sa.Column("rating", sa.Float(), nullable=True),
        sa.Column("votes", sa.Integer(), server_default="0", nullable=False),
        sa.Column("city", sa.Text(), nullable=True),
        sa.Column("area", sa.Text(), nullable=True),
        sa.Column("country", sa.String(length=2), nullable=True),
        sa.Column("address", sa.Text(), nullable=True),
        sa.Column("lat", sa.Float(), nullable=True),
        sa.Column("lng", sa.Float(), nullable=True),
        sa.Column("url", sa.Text(), nullable=True),
        sa.Column("known_allergens", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column("contains_allergens", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column("allergen_confidence", sa.String(length=6), server_default="low", nullable=False),
        sa.Column(
            "allergen_evidence",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default="[]",
            nullable=False,
        ),
        sa.Column(
            "attributes",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default="{}",
            nullable=False,
        ),
        sa.Column("review_count", sa.Integer(), server_default="0", nullable=False),
        sa.Column("is_active", sa.Boolean(), server_default="true", nullable=False),
        sa.Column("search_facets", sa.Text(), server_default="", nullable=False),
        sa.Column(
            "search_tsv",
            postgresql.TSVECTOR(),
            sa.Computed(
                "setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, search_facets), 'B')",
                persisted=True,
            ),
            nullable=False,
        ),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.CheckConstraint(
            "allergen_confidence IN ('high', 'medium', 'low')", name="ck_places_conf"
        ),
        sa.CheckConstraint(
            "kind IN ('restaurant', 'cafe', 'bar', 'venue', 'attraction')", name="ck_places_kind"
        ),
        sa.CheckConstraint("price_tier IN ('$', '$$', '$$$', '$$$$')", name="ck_places_price_tier"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("source", "source_id", name="uq_places_source"),
    )
    op.create_index(
        "ix_places_categories", "places", ["categories"], unique=False, postgresql_using="gin"
    )
    op.create_index(
        "ix_places_city_lower", "places", [sa.literal_column("lower(city)")], unique=False
    )
    op.create_index(
        "ix_places_contains_allergens",
        "places",
        ["contains_allergens"],
        unique=False,
        postgresql_using="gin",
    )
    op.create_index(
        "ix_places_known_allergens",
        "places",
        ["known_allergens"],
        unique=False,
        postgresql_using="gin",
    )
    op.create_index("ix_places_normalized_name", "places", ["normalized_name"], unique=False)
    op.create_index("ix_places_price_level", "places", ["price_level"], unique=False)
    op.create_index("ix_places_rating", "places", ["rating"], unique=False)
    op.create_index(
        "ix_places_search_tsv", "places", ["search_tsv"], unique=False, postgresql_using="gin"
    )
    op.create_table(
        "users",
        sa.Column("uid", sa.UUID(), nullable=False),
        sa.Column(
            "preferences",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default="{}",
            nullable=False,
        ),
        sa.Column(
            "allergies",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default="{}",
            nullable=False,
        ),
        sa.Column("allergy_flags", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column("dietary_flags", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column("vibe_tags", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column(
            "preferred_price_tiers", sa.ARRAY(sa.Text()), server_default="{}", nullable=False
        ),
        sa.Column("interaction_count", sa.Integer(), server_default="0", nullable=False),
        sa.Column("last_active_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("uid"),
    )
    op.create_index(
        "ix_users_allergy_flags", "users", ["allergy_flags"], unique=False, postgresql_using="gin"
    )
    op.create_index(
        "ix_users_dietary_flags", "users", ["dietary_flags"], unique=False, postgresql_using="gin"
    )
    op.create_index(
        "ix_users_vibe_tags", "users", ["vibe_tags"], unique=False, postgresql_using="gin"
    )
    op.create_table(
        "interactions",
        sa.Column("id", sa.UUID(), nullable=False),
        sa.Column("uid", sa.UUID(), nullable=False),
        sa.Column("product", sa.String(length=32), server_default="restaurants", nullable=False),
        sa.Column("user_query", sa.Text(), nullable=False),
        sa.Column("agent_response", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("ui_type", sa.String(length=32), nullable=False),
        sa.Column("place_ids", sa.ARRAY(sa.BigInteger()), server_default="{}", nullable=False),
        sa.Column("allergy_warnings_shown", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("allergens_flagged", sa.ARRAY(sa.Text()), server_default="{}", nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("now()"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(["uid"], ["users.uid"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_interactions_uid"), "interactions", ["uid"], unique=False)
    op.create_table(
        "place_sources",
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("source_id", sa.Text(), nullable=False),
        sa.Column("place_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["place_id"], ["places.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("source", "source_id"),
    )
    op.create_index(op.f("ix_place_sources_place_id"), "place_sources", ["place_id"], unique=False)
    op.create_table(
        "reviews",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("place_id", sa.BigInteger(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("source_review_id", sa.Text(), nullable=False),
        sa.Column("title", sa.Text(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=True),
        sa.Column("review_date", sa.Date(), nullable=True),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("embedding", pgvector.sqlalchemy.vector.VECTOR(dim=384), nullable=True),
        sa.Column(
            "text_tsv",
            postgresql.TSVECTOR(),
            sa.Computed("to_tsvector('english'::regconfig, text)", persisted=True),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(["place_id"], ["places.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("source", "source_review_id", name="uq_reviews_source"),
    )
    op.create_index(
        "ix_reviews_embedding_hnsw",
        "reviews",
        ["embedding"],
        unique=False,
        postgresql_using="hnsw",
        postgresql_with={"m": 16, "ef_construction": 64},
        postgresql_ops={"embedding": "vector_cosine_ops"},
    )
    op.create_index("ix_reviews_place_id", "reviews", ["place_id"], unique=False)
    op.create_index(
        "ix_reviews_text_tsv", "reviews", ["text_tsv"], unique=False, postgresql_using="gin"
    )


def downgrade() -> None:
    op.drop_index("ix_reviews_text_tsv", table_name="reviews", postgresql_using="gin")
    op.drop_index("ix_reviews_place_id", table_name="reviews")
    op.drop_index(
        "ix_reviews_embedding_hnsw",
        table_name="reviews",
        postgresql_using="hnsw",
        postgresql_with={"m": 16, "ef_construction": 64},
        postgresql_ops={"embedding": "vector_cosine_ops"},
    )
    op.drop_table("reviews")
    op.drop_index(op.f("ix_place_sources_place_id"), table_name="place_sources")
    op.drop_table("place_sources")
    op.drop_index(op.f("ix_interactions_uid"), table_name="interactions")
    op.drop_table("interactions")
    op.drop_index("ix_users_vibe_tags", table_name="users", postgresql_using="gin")
    op.drop_index("ix_users_dietary_flags", table_name="users", postgresql_using="gin")
    op.drop_index("ix_users_allergy_flags", table_name="users", postgresql_using="gin")
    op.drop_table("users")
    op.drop_index("ix_places_search_tsv", table_name="places", postgresql_using="gin")
    op.drop_index("ix_places_rating", table_name="places")
    op.drop_index("ix_places_price_level", table_name="places")
    op.drop_index("ix_places_normalized_name", table_name="places")
    op.drop_index("ix_places_known_allergens", table_name="places", postgresql_using="gin")
    op.drop_index("ix_places_contains_allergens", table_name="places", postgresql_using="gin")
    op.drop_index("ix_places_city_lower", table_name="places")
    op.drop_index("ix_places_categories", table_name="places", postgresql_using="gin")
    op.drop_table("places")
    op.drop_table("embedding_cache")
