"""Tables shared by every product: places (restaurants, cafés, bars, venues, attractions), their
reviews, users with their allergy profile, and interactions."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any

from pgvector.sqlalchemy import Vector
from sqlalchemy import (
    ARRAY,
    BigInteger,
    Boolean,
    CheckConstraint,
    Computed,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB, TSVECTOR, UUID
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kairos.core.place_kinds import KINDS

EMBEDDING_DIM = 384
PLACE_KINDS = KINDS


class Base(DeclarativeBase):
    pass


def _text_array() -> Mapped[list[str]]:
    return mapped_column(ARRAY(Text), nullable=False, server_default="{}")


class Place(Base):
    __tablename__ = "places"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    source: Mapped[str] = mapped_column(Text)
    source_id: Mapped[str] = mapped_column(Text)
    name: Mapped[str] = mapped_column(Text)
    normalized_name: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(16), server_default="restaurant")
    categories: Mapped[list[str]] = _text_array()
    price_tier: Mapped[str | None] = mapped_column(String(4))
    price_level: Mapped[int | None] = mapped_column(SmallInteger)
    price_raw: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    rating: Mapped[float | None] = mapped_column(Float)
    votes: Mapped[int] = mapped_column(Integer, server_default="0")
    city: Mapped[str | None] = mapped_column(Text)
    area: Mapped[str | None] = mapped_column(Text)
    country: Mapped[str | None] = mapped_column(String(2))
    address: Mapped[str | None] = mapped_column(Text)
    lat: Mapped[float | None] = mapped_column(Float)
    lng: Mapped[float | None] = mapped_column(Float)
    url: Mapped[str | None] = mapped_column(Text)
    known_allergens: Mapped[list[str]] = _text_array()
    contains_allergens: Mapped[list[str]] = _text_array()
    allergen_confidence: Mapped[str] = mapped_column(String(6), server_default="low")
    allergen_evidence: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, server_default="[]")
    attributes: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    aspect_scores: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    traits: Mapped[list[str]] = _text_array()
    trait_evidence: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, server_default="[]")
    review_count: Mapped[int] = mapped_column(Integer, server_default="0")
    is_active: Mapped[bool] = mapped_column(Boolean, server_default="true")
    search_facets: Mapped[str] = mapped_column(Text, server_default="")
    search_tsv: Mapped[str] = mapped_column(
        TSVECTOR,
        Computed(
            "setweight(to_tsvector('english'::regconfig, name), 'A') || "
            "setweight(to_tsvector('english'::regconfig, search_facets), 'B')",
            persisted=True,
        ),
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )

    __table_args__ = (
        UniqueConstraint("source", "source_id", name="uq_places_source"),
        CheckConstraint(f"kind IN {PLACE_KINDS!r}", name="ck_places_kind"),
        CheckConstraint("price_tier IN ('$', '$$', '$$$', '$$$$')", name="ck_places_price_tier"),
        CheckConstraint("allergen_confidence IN ('high', 'medium', 'low')", name="ck_places_conf"),
        Index("ix_places_categories", "categories", postgresql_using="gin"),
        Index("ix_places_known_allergens", "known_allergens", postgresql_using="gin"),
        Index("ix_places_contains_allergens", "contains_allergens", postgresql_using="gin"),
        Index("ix_places_search_tsv", "search_tsv", postgresql_using="gin"),
        Index("ix_places_traits", "traits", postgresql_using="gin"),
        Index("ix_places_rating", "rating"),
        Index(
            "ix_places_weighted_rating",
            text("((votes * coalesce(rating, 0) + 25 * 3.7) / (votes + 25)) DESC"),
            "id",
            postgresql_where=text("is_active"),
        ),
        Index("ix_places_price_level", "price_level"),
        Index("ix_places_lat_lng", "lat", "lng", postgresql_where=text("is_active")),
        Index("ix_places_price_tier", "price_tier", postgresql_where=text("is_active")),
        Index("ix_places_kind", "kind", postgresql_where=text("is_active")),
        Index(
            "ix_places_reviewed",
            "id",
            postgresql_include=["review_count"],
            postgresql_where=text("is_active AND review_count > 0"),
        ),
        Index("ix_places_normalized_name", "normalized_name"),
        Index("ix_places_city_lower", text("lower(city)")),
    )


class PlaceSource(Base):
    """Every (source, id) a place was seen under, so a merged place stays one row on re-ingest."""

    __tablename__ = "place_sources"

    source: Mapped[str] = mapped_column(Text, primary_key=True)
    source_id: Mapped[str] = mapped_column(Text, primary_key=True)
    place_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("places.id", ondelete="CASCADE"), index=True
    )


class Review(Base):
    __tablename__ = "reviews"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    place_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("places.id", ondelete="CASCADE"))
    source: Mapped[str] = mapped_column(Text)
    source_review_id: Mapped[str] = mapped_column(Text)
    title: Mapped[str | None] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)
    rating: Mapped[float | None] = mapped_column(Float)
    review_date: Mapped[date | None] = mapped_column(Date)
    content_hash: Mapped[str] = mapped_column(String(64))
    embedding: Mapped[Any] = mapped_column(Vector(EMBEDDING_DIM), nullable=True)
    text_tsv: Mapped[str] = mapped_column(
        TSVECTOR, Computed("to_tsvector('english'::regconfig, text)", persisted=True)
    )

    __table_args__ = (
        UniqueConstraint("source", "source_review_id", name="uq_reviews_source"),
        Index("ix_reviews_place_id", "place_id"),
        Index("ix_reviews_text_tsv", "text_tsv", postgresql_using="gin"),
        Index(
            "ix_reviews_embedding_hnsw",
            "embedding",
            postgresql_using="hnsw",
            postgresql_with={"m": 16, "ef_construction": 64},
            postgresql_ops={"embedding": "vector_cosine_ops"},
        ),
    )


class EmbeddingCache(Base):
    """Embeddings by content hash (model + text), so re-ingesting unchanged text costs nothing."""

    __tablename__ = "embedding_cache"

    content_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    embedding: Mapped[Any] = mapped_column(Vector(EMBEDDING_DIM))


class User(Base):
    __tablename__ = "users"

    uid: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True)
    preferences: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    allergies: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    cook: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    planner: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    travel: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    allergy_flags: Mapped[list[str]] = _text_array()
    dietary_flags: Mapped[list[str]] = _text_array()
    vibe_tags: Mapped[list[str]] = _text_array()
    preferred_price_tiers: Mapped[list[str]] = _text_array()
    interaction_count: Mapped[int] = mapped_column(Integer, server_default="0")
    version: Mapped[int] = mapped_column(BigInteger, server_default="1")
    demo_session: Mapped[str | None] = mapped_column(String(64))
    tokens_not_before: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_active_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )

    __table_args__ = (
        Index("ix_users_allergy_flags", "allergy_flags", postgresql_using="gin"),
        Index("ix_users_dietary_flags", "dietary_flags", postgresql_using="gin"),
        Index("ix_users_vibe_tags", "vibe_tags", postgresql_using="gin"),
        Index(
            "ix_users_demo_session",
            "demo_session",
            "created_at",
            postgresql_where=text("demo_session IS NOT NULL"),
        ),
    )


class Interaction(Base):
    __tablename__ = "interactions"

    id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True, default=uuid.uuid4)
    uid: Mapped[uuid.UUID] = mapped_column(
        UUID(as_uuid=True), ForeignKey("users.uid", ondelete="CASCADE"), index=True
    )
    product: Mapped[str] = mapped_column(String(32), server_default="restaurants")
    user_query: Mapped[str] = mapped_column(Text)
    agent_response: Mapped[dict[str, Any]] = mapped_column(JSONB)
    ui_type: Mapped[str] = mapped_column(String(32))
    place_ids: Mapped[list[int]] = mapped_column(
        ARRAY(BigInteger), nullable=False, server_default="{}"
    )
    allergy_warnings_shown: Mapped[bool] = mapped_column(Boolean, server_default="false")
    allergens_flagged: Mapped[list[str]] = _text_array()
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class StoreMeta(Base):
    """Facts about the store itself, e.g. which version of the derivation code built the
    per-place data (allergens, aspect scores), so an upgrade re-derives instead of serving stale
    safety knowledge."""

    __tablename__ = "kairos_meta"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class Conversation(Base):
    """A conversation's state, per user, product and session: what the next turn builds on."""

    __tablename__ = "conversations"

    uid: Mapped[uuid.UUID] = mapped_column(
        UUID(as_uuid=True), ForeignKey("users.uid", ondelete="CASCADE"), primary_key=True
    )
    product: Mapped[str] = mapped_column(String(32), primary_key=True)
    session_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSONB, server_default="{}")
    turns: Mapped[int] = mapped_column(Integer, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), index=True
    )


class Recipe(Base):
    """A real recipe (meals product) with what Kairos derived from it: allergens read from its
    ingredient lines, diet / method / equipment tags, difficulty, health score, embedding."""

    __tablename__ = "recipes"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    source: Mapped[str] = mapped_column(Text)
    source_id: Mapped[str] = mapped_column(Text)
    title: Mapped[str] = mapped_column(Text)
    normalized_title: Mapped[str] = mapped_column(Text)
    language: Mapped[str | None] = mapped_column(String(16))
    cuisine: Mapped[str | None] = mapped_column(Text)
    category: Mapped[str | None] = mapped_column(Text)
    url: Mapped[str | None] = mapped_column(Text)
    licence: Mapped[str | None] = mapped_column(Text, nullable=True)
    host: Mapped[str | None] = mapped_column(Text)
    author: Mapped[str | None] = mapped_column(Text)
    description: Mapped[str | None] = mapped_column(Text)
    servings: Mapped[float | None] = mapped_column(Float)
    yields: Mapped[str | None] = mapped_column(Text)
    prep_minutes: Mapped[int | None] = mapped_column(Integer)
    cook_minutes: Mapped[int | None] = mapped_column(Integer)
    total_minutes: Mapped[int | None] = mapped_column(Integer)
    total_minutes_estimated: Mapped[bool] = mapped_column(Boolean, server_default="false")
    steps: Mapped[list[str]] = mapped_column(JSONB, server_default="[]")
    nutrients: Mapped[dict[str, Any] | None] = mapped_column(JSONB, nullable=True)
    health_score: Mapped[float | None] = mapped_column(Float)
    health_method: Mapped[str | None] = mapped_column(Text)
    health_estimated: Mapped[bool] = mapped_column(Boolean, server_default="true")
    diets: Mapped[list[str]] = _text_array()
    methods: Mapped[list[str]] = _text_array()
    equipment: Mapped[list[str]] = _text_array()
    difficulty: Mapped[str] = mapped_column(String(8), server_default="medium")
    contains_allergens: Mapped[list[str]] = _text_array()
    may_contain_allergens: Mapped[list[str]] = _text_array()
    foods: Mapped[list[str]] = _text_array()
    rating: Mapped[float | None] = mapped_column(Float)
    rating_count: Mapped[int | None] = mapped_column(Integer)
    content_hash: Mapped[str] = mapped_column(String(64))
    embedding: Mapped[Any] = mapped_column(Vector(EMBEDDING_DIM), nullable=True)
    title_tsv: Mapped[str] = mapped_column(
        TSVECTOR, Computed("to_tsvector('english'::regconfig, title)", persisted=True)
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )

    __table_args__ = (
        UniqueConstraint("source", "source_id", name="uq_recipes_source"),
        CheckConstraint("difficulty IN ('easy', 'medium', 'hard')", name="ck_recipes_difficulty"),
        Index("ix_recipes_title_tsv", "title_tsv", postgresql_using="gin"),
        Index("ix_recipes_normalized_title", "normalized_title"),
        Index("ix_recipes_diets", "diets", postgresql_using="gin"),
        Index("ix_recipes_methods", "methods", postgresql_using="gin"),
        Index("ix_recipes_foods", "foods", postgresql_using="gin"),
        Index("ix_recipes_contains_allergens", "contains_allergens", postgresql_using="gin"),
        Index(
            "ix_recipes_embedding_hnsw",
            "embedding",
            postgresql_using="hnsw",
            postgresql_with={"m": 16, "ef_construction": 64},
            postgresql_ops={"embedding": "vector_cosine_ops"},
        ),
    )


class RecipeIngredient(Base):
    """One ingredient line of a recipe as written, parsed, converted to metric and read by the
    allergen core (`contains` / `may_contain` cite this line)."""

    __tablename__ = "recipe_ingredients"

    recipe_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("recipes.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    original: Mapped[str] = mapped_column(Text)
    quantity: Mapped[float | None] = mapped_column(Float)
    quantity_max: Mapped[float | None] = mapped_column(Float)
    unit: Mapped[str | None] = mapped_column(Text)
    size: Mapped[str | None] = mapped_column(Text)
    item: Mapped[str] = mapped_column(Text)
    food: Mapped[str | None] = mapped_column(Text)
    preparation: Mapped[str | None] = mapped_column(Text)
    optional: Mapped[bool] = mapped_column(Boolean, server_default="false")
    metric_quantity: Mapped[float | None] = mapped_column(Float)
    metric_unit: Mapped[str | None] = mapped_column(Text)
    contains: Mapped[list[str]] = _text_array()
    may_contain: Mapped[list[str]] = _text_array()

    __table_args__ = (Index("ix_recipe_ingredients_food", "food"),)
