"""The vector arm in process: every review vector in one float32 matrix, ranked by one
matrix-vector product, filtered by the ids PostgreSQL says pass the search's filters.

Why: in PostgreSQL a filtered vector search either widens an HNSW pass (pgvector 0.6 has no
iterative scans) or scans the filtered reviews exactly, detoasting a 1.5 KB vector per review;
at full size (37k reviews) that was 30–100 ms a search. The same exact ranking in numpy is
≈ 4 ms (37k × 384 float32, 57 MB), and it is exact: the nearest review of every place, as the
SQL exact scan gives, never an approximation.

Freshness: a snapshot remembers the `review_vectors_version` counter it was loaded at (a trigger
bumps it on every statement that changes review vectors, in the writing transaction; migration
0016). A search reads the counter in the same statement as its filter's ids; a snapshot of
another version is not used — that search asks PostgreSQL — and a reload starts in the
background. So a newly ingested, re-embedded, moved or deleted review is never missed, whichever
process wrote it.

Filters: a candidate is a place the SQL filter passed, or the filter columns in process
(`place_columns.py`) when the search's rows statement confirms both indexes' versions and
applies the SQL filter to every row it returns.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from cachetools import LRUCache
from sqlalchemy import text

from kairos.search.snapshots import ReloadingSnapshot, Spawn
from kairos.store.database import Database
from kairos.text.blas_threads import single_threaded_blas

__all__ = ["PlaceBest", "ReviewVectorIndex", "VectorSnapshot"]

VERSION_SQL = "(SELECT version FROM review_vectors_version WHERE id = 1)"
LOAD_SQL = (
    "SELECT r.id, r.place_id, vector_send(r.embedding) AS vector FROM reviews r "
    "WHERE r.embedding IS NOT NULL ORDER BY r.place_id, r.id"
)
COUNT_SQL = "SELECT count(*) FROM reviews WHERE embedding IS NOT NULL"
QUERIES_KEPT = 256
"""Per-place best similarities kept per snapshot, by query text (10 KB each at full size): a
turn searches up to four times with one query and different filters."""
MAX_REVIEWS = 250_000
"""Above this many review vectors (≈ 370 MB as float32) no matrix is loaded and PostgreSQL
answers every search (HNSW or exact); the 10× replica curve has 372k."""


@dataclass(frozen=True)
class PlaceBest:
    """For one query: every place's best similarity and the review that has it."""

    places: np.ndarray  # int64, ascending
    similarity: np.ndarray  # float32
    review: np.ndarray  # int64


SPLIT_ROWS = 8192
"""Above this many review vectors the product is computed in two halves on two threads: it is
bound by memory bandwidth, which one core does not saturate (37k × 384: 2.1 → 1.3 ms)."""
_HALF = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vector-half")


def similarities(matrix: np.ndarray, unit_query: np.ndarray) -> np.ndarray:
    """matrix @ unit_query, the first half of the rows on a second thread when it is large."""
    if len(matrix) <= SPLIT_ROWS:
        result: np.ndarray = matrix @ unit_query
        return result
    out = np.empty(len(matrix), dtype=np.float32)
    half = len(matrix) // 2
    first = _HALF.submit(np.matmul, matrix[:half], unit_query, out[:half])
    np.matmul(matrix[half:], unit_query, out[half:])
    first.result()
    return out


class VectorSnapshot:
    """Review vectors at one version of the catalog; read-only once built."""

    def __init__(
        self, version: int, review_ids: np.ndarray, place_ids: np.ndarray, vectors: np.ndarray
    ) -> None:
        """Rows in any order; vectors are normalised here, and zero vectors (no direction,
        which PostgreSQL's cosine distance cannot rank either) left out."""
        vectors = np.asarray(vectors, dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1) if len(vectors) else np.zeros(0, np.float32)
        keep = norms > 0
        order = np.lexsort((review_ids[keep], place_ids[keep]))
        self.version = version
        self.review_ids = np.ascontiguousarray(review_ids[keep][order], dtype=np.int64)
        self.place_ids = np.ascontiguousarray(place_ids[keep][order], dtype=np.int64)
        self.matrix = np.ascontiguousarray(vectors[keep][order] / norms[keep][order, None])
        new_place = np.r_[True, self.place_ids[1:] != self.place_ids[:-1]] if len(order) else []
        self.starts = np.flatnonzero(new_place)
        self.places = self.place_ids[self.starts]
        self.segment = np.cumsum(new_place) - 1  # row → index into `places`
        self._best: LRUCache[str, PlaceBest] = LRUCache(maxsize=QUERIES_KEPT)

    def __len__(self) -> int:
        return len(self.review_ids)

    @property
    def nbytes(self) -> int:
        return int(self.matrix.nbytes + self.review_ids.nbytes * 3)

    def best(self, key: str, query: np.ndarray) -> PlaceBest:
        """Each place's nearest review to `query` (ties: the lower review id), remembered by
        `key` (the query's text: its vector depends on nothing else)."""
        if (kept := self._best.get(key)) is not None:
            return kept
        found = self._compute(query)
        self._best[key] = found
        return found

    def _compute(self, query: np.ndarray) -> PlaceBest:
        q = np.asarray(query, dtype=np.float32).reshape(-1)
        norm = float(np.linalg.norm(q))
        if not len(self.review_ids) or norm == 0.0:
            empty = np.zeros(0, dtype=np.int64)
            return PlaceBest(empty, np.zeros(0, dtype=np.float32), empty)
        with single_threaded_blas():  # OpenBLAS's second thread spins and starves the rest
            sims = similarities(self.matrix, q / norm)
        best = np.maximum.reduceat(sims, self.starts)
        rows = np.flatnonzero(sims >= best[self.segment])
        first = np.r_[True, self.segment[rows][1:] != self.segment[rows][:-1]]
        return PlaceBest(self.places, best, self.review_ids[rows[first]])

    @staticmethod
    def nearest(best: PlaceBest, allowed: np.ndarray, depth: int) -> list[tuple[int, int, float]]:
        """(place id, review id, cosine distance) of the `depth` nearest allowed places, by
        distance then place id: what the SQL exact scan returns."""
        return VectorSnapshot.nearest_passing(best, np.isin(best.places, allowed), depth)

    @staticmethod
    def nearest_passing(
        best: PlaceBest, passes: np.ndarray, depth: int
    ) -> list[tuple[int, int, float]]:
        """`nearest`, with `passes` saying for each of `best.places` whether it is allowed."""
        places = best.places[passes]
        distance = 1.0 - best.similarity[passes].astype(np.float64)
        order = np.lexsort((places, distance))[:depth]
        reviews = best.review[passes]
        return [(int(places[i]), int(reviews[i]), float(distance[i])) for i in order]


class ReviewVectorIndex(ReloadingSnapshot[VectorSnapshot]):
    """The current snapshot, reloaded in the background when the catalog's vectors move."""

    task_name = "reload-review-vectors"

    def __init__(
        self, db: Database, spawn: Spawn | None = None, *, max_reviews: int = MAX_REVIEWS
    ) -> None:
        super().__init__(db, spawn)
        self.max_reviews = max_reviews

    async def load(self) -> VectorSnapshot | None:
        """Read every review vector and the version they belong to, in one snapshot; None (and
        no matrix) when there are more than `max_reviews`."""
        async with self._lock:
            async with self.db.engine.connect() as conn:
                conn = await conn.execution_options(isolation_level="REPEATABLE READ")
                async with conn.begin():
                    version = int((await conn.execute(text(f"SELECT {VERSION_SQL}"))).scalar_one())
                    count = (await conn.execute(text(COUNT_SQL))).scalar_one()
                    if count > self.max_reviews:
                        self.snapshot, self._too_large = None, version
                        return None
                    rows = (await conn.execute(text(LOAD_SQL))).all()
            snapshot = await asyncio.to_thread(_decode, version, rows)
            self.snapshot = snapshot
            return snapshot


def _decode(version: int, rows: Sequence[Any]) -> VectorSnapshot:
    """pgvector's binary form: int16 dimensions, int16 unused, then big-endian float32s."""
    if not rows:
        empty = np.zeros(0, dtype=np.int64)
        return VectorSnapshot(version, empty, empty, np.zeros((0, 0), dtype=np.float32))
    blob = b"".join(r.vector for r in rows)
    width = len(rows[0].vector) // 4  # the 4-byte header takes one float's place
    if len(blob) != width * 4 * len(rows):
        raise ValueError("review vectors of different dimensions")
    vectors = np.frombuffer(blob, dtype=">f4").reshape(len(rows), width)[:, 1:]
    return VectorSnapshot(
        version,
        np.fromiter((r.id for r in rows), dtype=np.int64, count=len(rows)),
        np.fromiter((r.place_id for r in rows), dtype=np.int64, count=len(rows)),
        vectors.astype(np.float32),
    )
