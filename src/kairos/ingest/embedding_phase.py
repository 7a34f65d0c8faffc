"""Fill in review embeddings: from the content-hash cache when possible, else from the model."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sqlalchemy import func, select, text
from sqlalchemy.dialects.postgresql import insert as pg_insert

from kairos.store.database import Database
from kairos.store.tables import EmbeddingCache, Review
from kairos.text.embeddings import EmbeddingProvider

_APPLY_CACHE = text(
    "UPDATE reviews r SET embedding = c.embedding FROM embedding_cache c "
    "WHERE r.content_hash = c.content_hash AND r.embedding IS NULL AND r.id = ANY(:ids)"
)


@dataclass
class EmbedOutcome:
    computed: int = 0
    from_cache: int = 0


async def count_missing(db: Database) -> int:
    async with db.session() as session:
        stmt = select(func.count()).select_from(Review).where(Review.embedding.is_(None))
        return int((await session.execute(stmt)).scalar_one())


async def embed_missing(
    db: Database,
    embedder: EmbeddingProvider,
    *,
    chunk: int = 256,
    on_progress: Callable[[int], None] = lambda n: None,
) -> EmbedOutcome:
    """Resumable: every chunk is committed, and a re-run only sees what is still missing."""
    outcome = EmbedOutcome()
    last_id = 0
    while True:
        async with db.session() as session, session.begin():
            rows = (
                await session.execute(
                    select(Review.id, Review.text, Review.content_hash)
                    .where(Review.embedding.is_(None), Review.id > last_id)
                    .order_by(Review.id)
                    .limit(chunk)
                )
            ).all()
            if not rows:
                return outcome
            last_id = rows[-1].id
            hashes = {r.content_hash for r in rows}
            cached = set(
                (
                    await session.execute(
                        select(EmbeddingCache.content_hash).where(
                            EmbeddingCache.content_hash.in_(hashes)
                        )
                    )
                ).scalars()
            )
            todo = {r.content_hash: r.text for r in rows if r.content_hash not in cached}
            if todo:
                vectors = embedder.embed(list(todo.values()))
                await session.execute(
                    pg_insert(EmbeddingCache).on_conflict_do_nothing(),
                    [
                        {"content_hash": h, "embedding": v}
                        for h, v in zip(todo, vectors, strict=True)
                    ],
                )
            await session.execute(_APPLY_CACHE, {"ids": [r.id for r in rows]})
            outcome.computed += len(todo)
            outcome.from_cache += len(rows) - len(todo)
            on_progress(len(rows))


async def load_embedding_file(db: Database, path: Path) -> int:
    """Seed the cache from a file written by `save_embedding_file` (the sample ships one)."""
    with np.load(path) as data:
        hashes, vectors = data["hashes"], data["vectors"].astype(np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors = vectors / np.maximum(norms, np.float32(1e-12))
    async with db.session() as session, session.begin():
        for start in range(0, len(hashes), 1000):
            await session.execute(
                pg_insert(EmbeddingCache).on_conflict_do_nothing(),
                [
                    {"content_hash": str(h), "embedding": v}
                    for h, v in zip(
                        hashes[start : start + 1000], vectors[start : start + 1000], strict=True
                    )
                ],
            )
    return len(hashes)


async def save_embedding_file(db: Database, path: Path, hashes: list[str]) -> int:
    """float16 halves the file; the cosine error it adds (~1e-3) is far below ranking noise."""
    async with db.session() as session:
        rows = list(
            (
                await session.execute(
                    select(EmbeddingCache.content_hash, EmbeddingCache.embedding).where(
                        EmbeddingCache.content_hash.in_(hashes)
                    )
                )
            ).all()
        )
    rows.sort(key=lambda r: r.content_hash)
    np.savez_compressed(
        path,
        hashes=np.array([r.content_hash for r in rows]),
        vectors=np.array([r.embedding for r in rows], dtype=np.float16),
    )
    return len(rows)


def keep_if_unchanged(path: Path, before: bytes | None) -> bool:
    """Put the earlier file back when the new one holds the same reviews with vectors no
    further apart than float16 rounding: a recomputation differs in the last bit from run to
    run, and a committed sample should not change for that. True when it was put back."""
    if before is None:
        return False
    with np.load(io.BytesIO(before)) as old, np.load(path) as new:
        same = np.array_equal(old["hashes"], new["hashes"]) and np.allclose(
            old["vectors"].astype(np.float32), new["vectors"].astype(np.float32), atol=2e-3
        )
    if same:
        path.write_bytes(before)
    return bool(same)
