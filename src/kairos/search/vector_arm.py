"""The vector arm of hybrid search: the query's embedding (kept per query), the in-process
index's nearest places with their filter statement, or PostgreSQL's HNSW or exact scan."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from cachetools import LRUCache
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.search.arms import ARM_DEPTH, SharedFilter
from kairos.search.catalog import Catalog
from kairos.search.sql_filters import CompiledFilters
from kairos.search.vector_index import VERSION_SQL, PlaceBest, ReviewVectorIndex, VectorSnapshot
from kairos.store.database import Database
from kairos.text.embeddings import EmbeddingProvider

# Below this many candidate reviews an exact scan is cheap; above it HNSW answers in a few ms.
# (Measured: an exact scan of 37k reviews with DISTINCT ON costs ~180 ms; HNSW ~5 ms.)
EXACT_SCAN_MAX_REVIEWS = 8_000
HNSW_EF_STEPS = (200, 1000)  # reviews HNSW returns per pass; too few places after both → exact


class VectorArm:
    """`HybridSearch`'s vector arm (its state is set by `HybridSearch.__init__`)."""

    db: Database
    embedder: EmbeddingProvider | None
    vectors: ReviewVectorIndex
    _vectors: LRUCache[str, np.ndarray]  # query vectors by query

    async def _embed(self, query: str) -> np.ndarray:
        return await self._start_embedding(query)

    def _start_embedding(self, query: str) -> asyncio.Future[np.ndarray]:
        """The query's vector: the kept one, or handed to the embedding thread at this call
        (awaited from a task gather schedules, the thread started only once the text arm's
        ranking had run: 3 ms later)."""
        assert self.embedder is not None
        loop = asyncio.get_running_loop()
        if (kept := self._vectors.get(query)) is not None:
            done: asyncio.Future[np.ndarray] = loop.create_future()
            done.set_result(kept)
            return done
        future = loop.run_in_executor(None, self.embedder.embed_one, query)
        future.add_done_callback(lambda done: self._keep_vector(query, done, lambda v: v))
        return future

    def _keep_vector(
        self, query: str, finished: asyncio.Future[Any], vector_of: Callable[[Any], np.ndarray]
    ) -> None:
        """Keep a finished embedding's vector for the query's next searches, read-only."""
        if not finished.cancelled() and finished.exception() is None:
            vector = vector_of(finished.result())
            vector.flags.writeable = False  # shared by every search of this query
            self._vectors[query] = vector

    def _start_ranking(
        self, query: str, snapshot: VectorSnapshot
    ) -> asyncio.Future[tuple[np.ndarray, PlaceBest]]:
        """The query's vector and every place's nearest review, as one job of the embedding
        thread: handed back to the event loop between the two, the ranking waited for whatever
        the loop was running (the text arm's ranking, a statement's rows): 0.2–2.4 ms a search."""
        assert self.embedder is not None
        embedder = self.embedder
        kept = self._vectors.get(query)

        def embed_and_rank() -> tuple[np.ndarray, PlaceBest]:
            vector = kept if kept is not None else embedder.embed_one(query)
            return vector, snapshot.best(query, vector)

        future = asyncio.get_running_loop().run_in_executor(None, embed_and_rank)
        if kept is None:
            future.add_done_callback(lambda done: self._keep_vector(query, done, lambda r: r[0]))
        return future

    async def _vector_in_memory(
        self, query: str, f: CompiledFilters, share: SharedFilter | None = None
    ) -> tuple[np.ndarray, list[tuple[int, int, float]] | None]:
        """The query's vector, and the nearest allowed places from the in-process index, or None
        when the index is not at the catalog's version (then PostgreSQL answers). The filter's
        ids and the version come from one statement; the ranking runs meanwhile."""
        snapshot = self.vectors.snapshot
        if snapshot is None and self.vectors.spawn is None:  # nothing would ever load one
            return await self._embed(query), None

        if snapshot is None:
            embedding = self._start_embedding(query)

            async def ranked() -> tuple[np.ndarray, Any]:
                return await embedding, None
        else:
            both = self._start_ranking(query, snapshot)

            async def ranked() -> tuple[np.ndarray, Any]:
                return await both

        async def allowed() -> tuple[int, list[int]]:
            if share is not None and (shared := await share) is not None:
                return shared
            sql = (
                f"SELECT {VERSION_SQL} AS version, ARRAY(SELECT p.id FROM places p "
                f"WHERE p.review_count > 0 AND {f.where}) AS ids"
            )
            row = (await self.db.fetch(sql, f.params))[0]
            return row["version"], row["ids"]

        (vector, best), (version, allowed_ids) = await asyncio.gather(ranked(), allowed())
        current = self.vectors.usable(version)
        if current is None or current is not snapshot or best is None:
            return vector, None
        ids = np.asarray(allowed_ids, dtype=np.int64)
        return vector, current.nearest(best, ids, ARM_DEPTH)

    async def _vector_arm(
        self,
        session: AsyncSession,
        vector: np.ndarray,
        f: CompiledFilters,
        limit: int,
        catalog: Catalog,
    ) -> tuple[Sequence[Any], str]:
        params = {**f.params, "qv": str(vector.tolist()), "depth": ARM_DEPTH}
        if await self._filtered_reviews(session, f, catalog) > EXACT_SCAN_MAX_REVIEWS:
            # A filter can leave too few of the nearest reviews' places ("thai" without
            # peanuts): a wider HNSW pass (~40 ms) still beats the exact scan of every review.
            for ef_search in HNSW_EF_STEPS:
                await session.execute(text(f"SET LOCAL hnsw.ef_search = {ef_search}"))
                sql = f"""
                WITH nn AS (
                    SELECT r.place_id, r.id, r.embedding <=> CAST(:qv AS vector) AS d
                    FROM reviews r ORDER BY r.embedding <=> CAST(:qv AS vector) LIMIT {ef_search}
                ),
                best AS (
                    SELECT DISTINCT ON (nn.place_id) nn.place_id, nn.id, nn.d
                    FROM nn JOIN places p ON p.id = nn.place_id WHERE {f.where}
                    ORDER BY nn.place_id, nn.d, nn.id
                )
                SELECT place_id, id, d FROM best ORDER BY d, place_id LIMIT :depth
                """
                rows = (await session.execute(text(sql), params)).all()
                if len(rows) >= min(limit, ARM_DEPTH):
                    return rows, "hnsw"
        return await self._exact_scan(session, vector, f), "exact"

    async def _exact_scan(
        self, session: AsyncSession, vector: np.ndarray, f: CompiledFilters
    ) -> Sequence[Any]:
        """Each allowed place's nearest review, the nearest `ARM_DEPTH` places: the ranking the
        in-process index reproduces."""
        sql = f"""
        WITH d AS MATERIALIZED (
            SELECT r.place_id, r.id, r.embedding <=> CAST(:qv AS vector) AS d
            FROM reviews r JOIN places p ON p.id = r.place_id
            WHERE r.embedding IS NOT NULL AND p.review_count > 0 AND {f.where}
        ),
        best AS (SELECT DISTINCT ON (place_id) place_id, id, d FROM d ORDER BY place_id, d, id)
        SELECT place_id, id, d FROM best ORDER BY d, place_id LIMIT :depth
        """
        params = {**f.params, "qv": str(vector.tolist()), "depth": ARM_DEPTH}
        return (await session.execute(text(sql), params)).all()

    async def _filtered_reviews(
        self, session: AsyncSession, f: CompiledFilters, catalog: Catalog
    ) -> int:
        if not f.selective:
            return catalog.total_reviews
        sql = (
            "SELECT coalesce(sum(p.review_count), 0) FROM places p "
            f"WHERE p.review_count > 0 AND {f.where}"
        )
        return int((await session.execute(text(sql), f.params)).scalar_one())
