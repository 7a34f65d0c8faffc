"""recipes (one row per real recipe, with derived tags, nutrients, health score and an embedding)
and recipe_ingredients (one row per parsed ingredient line, with its allergen reading)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import pgvector.sqlalchemy
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _array(name: str) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, sa.ARRAY(sa.Text()), server_default="{}", nullable=False)


def upgrade() -> None:
    op.create_table(
        "recipes",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("source_id", sa.Text(), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("normalized_title", sa.Text(), nullable=False),
        sa.Column("language", sa.String(length=16), nullable=True),
        sa.Column("cuisine", sa.Text(), nullable=True),
        sa.Column("category", sa.Text(), nullable=True),
        sa.Column("url", sa.Text(), nullable=True),
        sa.Column("host", sa.Text(), nullable=True),
        sa.Column("author", sa.Text(), nullable=True),
        sa.Column("description", sa.Text(), nullable=True),
        sa.Column("servings", sa.Float(), nullable=True),
        sa.Column("yields", sa.Text(), nullable=True),
        sa.Column("prep_minutes", sa.Integer(), nullable=True),
        sa.Column("cook_minutes", sa.Integer(), nullable=True),
        sa.Column("total_minutes", sa.Integer(), nullable=True),
        sa.Column("total_minutes_estimated", sa.Boolean(), server_default="false", nullable=False),
        sa.Column(
            "steps", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False
        ),
        sa.Column("nutrients", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("health_score", sa.Float(), nullable=True),
        sa.Column("health_method", sa.Text(), nullable=True),
        sa.Column("health_estimated", sa.Boolean(), server_default="true", nullable=False),
        _array("diets"),
        _array("methods"),
        _array("equipment"),
        sa.Column("difficulty", sa.String(length=8), server_default="medium", nullable=False),
        _array("contains_allergens"),
        _array("may_contain_allergens"),
        _array("foods"),
        sa.Column("rating", sa.Float(), nullable=True),
        sa.Column("rating_count", sa.Integer(), nullable=True),
        sa.Column("content_hash", sa.String(length=64), nullable=False),
        sa.Column("embedding", pgvector.sqlalchemy.vector.VECTOR(dim=384), nullable=True),
        sa.Column(
            "title_tsv",
            postgresql.TSVECTOR(),
            sa.Computed("to_tsvector('english'::regconfig, title)", persisted=True),
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
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("source", "source_id", name="uq_recipes_source"),
        sa.CheckConstraint(
            "difficulty IN ('easy', 'medium', 'hard')", name="ck_recipes_difficulty"
        ),
    )
    op.create_index("ix_recipes_title_tsv", "recipes", ["title_tsv"], postgresql_using="gin")
    op.create_index("ix_recipes_normalized_title", "recipes", ["normalized_title"])
    op.create_index("ix_recipes_diets", "recipes", ["diets"], postgresql_using="gin")
    op.create_index("ix_recipes_methods", "recipes", ["methods"], postgresql_using="gin")
    op.create_index("ix_recipes_foods", "recipes", ["foods"], postgresql_using="gin")
    op.create_index(
        "ix_recipes_contains_allergens", "recipes", ["contains_allergens"], postgresql_using="gin"
    )
    op.create_index(
        "ix_recipes_embedding_hnsw",
        "recipes",
        ["embedding"],
        postgresql_using="hnsw",
        postgresql_with={"m": 16, "ef_construction": 64},
        postgresql_ops={"embedding": "vector_cosine_ops"},
    )
    op.create_table(
        "recipe_ingredients",
        sa.Column("recipe_id", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.SmallInteger(), nullable=False),
        sa.Column("original", sa.Text(), nullable=False),
        sa.Column("quantity", sa.Float(), nullable=True),
        sa.Column("quantity_max", sa.Float(), nullable=True),
        sa.Column("unit", sa.Text(), nullable=True),
        sa.Column("item", sa.Text(), nullable=False),
        sa.Column("food", sa.Text(), nullable=True),
        sa.Column("preparation", sa.Text(), nullable=True),
        sa.Column("optional", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("metric_quantity", sa.Float(), nullable=True),
        sa.Column("metric_unit", sa.Text(), nullable=True),
        _array("contains"),
        _array("may_contain"),
        sa.ForeignKeyConstraint(["recipe_id"], ["recipes.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("recipe_id", "position"),
    )
    op.create_index("ix_recipe_ingredients_food", "recipe_ingredients", ["food"])


def downgrade() -> None:
    op.drop_index("ix_recipe_ingredients_food", table_name="recipe_ingredients")
    op.drop_table("recipe_ingredients")
    for name in (
        "ix_recipes_embedding_hnsw", "ix_recipes_contains_allergens", "ix_recipes_foods",
        "ix_recipes_methods", "ix_recipes_diets", "ix_recipes_normalized_title",
        "ix_recipes_title_tsv",
    ):  # fmt: skip
        op.drop_index(name, table_name="recipes")
    op.drop_table("recipes")
