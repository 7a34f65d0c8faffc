"""Ingest recipes (`recipes.jsonl.gz` format: one source recipe per line) into the store.

Idempotent and incremental: a recipe is keyed by (source, source_id) and rewritten only when
its content hash changed; embeddings go through the shared embedding cache (by content hash of
the embedded text), so a re-ingest or the shipped sample computes none twice.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.ingest.adapters.jsonl import find_file, open_text
from kairos.ingest.runner import NoProgress, ProgressSink
from kairos.recipes.derive import content_hash, derive_recipe, embedding_text, normalise_title
from kairos.recipes.models import Recipe
from kairos.store.database import Database
from kairos.store.tables import EmbeddingCache, RecipeIngredient
from kairos.store.tables import Recipe as RecipeRow
from kairos.text.embeddings import EmbeddingProvider
from kairos.text.embeddings import content_hash as embedding_hash

__all__ = ["RecipeIngestReport", "ingest_recipes", "read_recipe_rows"]


@dataclass
class RecipeIngestReport:
    read: int = 0
    written: int = 0
    unchanged: int = 0
    embedded: int = 0
    from_cache: int = 0
    bad_rows: list[str] = field(default_factory=list)
    seconds: float = 0.0


def read_recipe_rows(path: Path) -> Iterator[dict[str, Any]]:
    """Rows of a recipes file (or of the `recipes.jsonl[.gz]` or `recipes_wikibooks.jsonl[.gz]`
    inside a folder)."""
    if path.is_dir():
        path = find_file(path, "recipes.jsonl", "recipes_wikibooks.jsonl")
    with open_text(path) as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _row_values(recipe: Recipe, digest: str) -> dict[str, Any]:
    values = recipe.model_dump(
        exclude={"id", "ingredients", "nutrition", "health", "steps"}, mode="json"
    )
    values.update(
        normalized_title=normalise_title(recipe.title),
        steps=list(recipe.steps),
        nutrients=recipe.nutrition.model_dump() if recipe.nutrition else None,
        health_score=recipe.health.score,
        health_method=recipe.health.method,
        health_estimated=recipe.health.estimated,
        rating_count=None,
        content_hash=digest,
    )
    for key in ("diets", "methods", "equipment", "contains_allergens", "may_contain_allergens",
                "foods"):  # fmt: skip
        values[key] = list(values[key])
    return values


async def _write(session: AsyncSession, recipe: Recipe, digest: str, vector: Any) -> None:
    values = _row_values(recipe, digest) | {"embedding": vector}
    insert = pg_insert(RecipeRow).values(**values)
    upsert = insert.on_conflict_do_update(
        constraint="uq_recipes_source",
        set_={k: insert.excluded[k] for k in values if k not in ("source", "source_id")},
    ).returning(RecipeRow.id)
    recipe_id = (await session.execute(upsert)).scalar_one()
    await session.execute(delete(RecipeIngredient).where(RecipeIngredient.recipe_id == recipe_id))
    if recipe.ingredients:
        await session.execute(
            pg_insert(RecipeIngredient),
            [
                line.model_dump()
                | {
                    "recipe_id": recipe_id,
                    "contains": list(line.contains),
                    "may_contain": list(line.may_contain),
                }
                for line in recipe.ingredients
            ],
        )


async def _vectors(
    session: AsyncSession, embedder: EmbeddingProvider | None, texts: list[str],
    report: RecipeIngestReport,
) -> list[Any]:  # fmt: skip
    if embedder is None:
        return [None] * len(texts)
    hashes = [embedding_hash(t, embedder.name) for t in texts]
    rows = await session.execute(
        select(EmbeddingCache.content_hash, EmbeddingCache.embedding).where(
            EmbeddingCache.content_hash.in_(hashes)
        )
    )
    known = {h: v for h, v in rows.all()}
    todo = [(h, t) for h, t in zip(hashes, texts, strict=True) if h not in known]
    if todo:
        vectors = embedder.embed([t for _, t in todo])
        fresh = dict(zip((h for h, _ in todo), vectors, strict=True))
        await session.execute(
            pg_insert(EmbeddingCache).on_conflict_do_nothing(),
            [{"content_hash": h, "embedding": v} for h, v in fresh.items()],
        )
        known.update(fresh)
    report.embedded += len({h for h, _ in todo})
    report.from_cache += len(texts) - len(todo)
    return [known[h] for h in hashes]


async def ingest_recipes(
    db: Database,
    path: Path,
    embedder: EmbeddingProvider | None,
    *,
    batch_size: int = 100,
    progress: ProgressSink | None = None,
) -> RecipeIngestReport:
    started = time.perf_counter()
    progress = progress or NoProgress()
    report = RecipeIngestReport()
    rows = list(read_recipe_rows(path))
    progress.start("recipes", len(rows))
    async with db.session() as session:
        known = dict(
            (await session.execute(select(RecipeRow.source_id, RecipeRow.content_hash))).all()
        )
    for start in range(0, len(rows), batch_size):
        batch = rows[start : start + batch_size]
        derived: list[tuple[Recipe, str]] = []
        for row in batch:
            report.read += 1
            try:
                digest = content_hash(row)
                if known.get(str(row["recipe_id"])) == digest:
                    report.unchanged += 1
                    continue
                derived.append((derive_recipe(row), digest))
            except (KeyError, TypeError, ValueError) as exc:
                report.bad_rows.append(f"{row.get('recipe_id', '?')}: {exc}")
        if derived:
            async with db.session() as session, session.begin():
                texts = [embedding_text(recipe) for recipe, _ in derived]
                vectors = await _vectors(session, embedder, texts, report)
                for (recipe, digest), vector in zip(derived, vectors, strict=True):
                    await _write(session, recipe, digest, vector)
                report.written += len(derived)
        progress.advance("recipes", len(batch))
    report.seconds = time.perf_counter() - started
    return report
