"""Hybrid search: structured filters, full-text rank and vector similarity, fused by RRF.

One row per place, ranked by fused relevance (never by id); ties by rating, votes, then id.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from cachetools import LRUCache

from kairos.errors import InvalidInput
from kairos.search.arms import ARM_DEPTH, Arms, SharedFilter, text_arm_rows
from kairos.search.catalog import Catalog, CatalogService
from kairos.search.filters import SearchFilters
from kairos.search.hits import HEADLINE_OPTIONS, HitEvidence
from kairos.search.hybrid_sql import CANDIDATE_TIERS, NARROW_FILL, listed_rows_sql, ordered_rows_sql
from kairos.search.models import PlaceSummary, SearchResult
from kairos.search.place_columns import PlaceColumns
from kairos.search.sql_filters import HAVERSINE_KM, CompiledFilters, compile_filters
from kairos.search.text_arm import TextArm
from kairos.search.text_index import VERSION_SQL as TEXT_VERSION_SQL
from kairos.search.text_index import TextIndex, TextSnapshot
from kairos.search.text_query import COMMON_REVIEW_SHARE, review_words, tsquery_for
from kairos.search.vector_arm import EXACT_SCAN_MAX_REVIEWS, HNSW_EF_STEPS, VectorArm
from kairos.search.vector_index import ReviewVectorIndex, VectorSnapshot
from kairos.store.database import Database
from kairos.text.embeddings import EmbeddingProvider

__all__ = [
    "ARM_DEPTH",
    "CANDIDATE_TIERS",
    "CATALOG_TTL_SECONDS",
    "COMMON_REVIEW_SHARE",
    "EXACT_SCAN_MAX_REVIEWS",
    "HEADLINE_OPTIONS",
    "HNSW_EF_STEPS",
    "NARROW_FILL",
    "PLACES_KEPT",
    "QUERY_VECTORS_KEPT",
    "Arms",
    "HybridSearch",
    "Mode",
    "SharedFilter",
    "listed_rows_sql",
    "ordered_rows_sql",
    "review_words",
    "tsquery_for",
]

Mode = Literal["hybrid", "text", "vector", "rating"]

CATALOG_TTL_SECONDS = 300.0


QUERY_VECTORS_KEPT = 2048
PLACES_KEPT = 2048
"""Query vectors kept per process (384 floats each: 3 MB in all)."""


async def _nothing() -> Sequence[Any]:
    return ()


async def _no_vectors() -> tuple[Sequence[Any], str]:
    return (), "none"


class HybridSearch(TextArm, VectorArm, HitEvidence):
    """Filters, both arms, fusion and the hits (the arms and the hits are the mixins'
    methods: `TextArm`, `VectorArm`, `HitEvidence`)."""

    def __init__(
        self, db: Database, embedder: EmbeddingProvider | None, catalog: CatalogService
    ) -> None:
        self.db = db
        self.embedder = embedder
        self.catalogs = catalog
        self.vectors = ReviewVectorIndex(db)
        self.texts = TextIndex(db)
        self._lexemes: dict[str, str | None] = {}
        self._compound: set[str] = set()  # words whose tsquery is more than one lexeme
        # A query's vector depends on its text alone, and embedding it is most of a search's
        # CPU (8-9 ms): a turn searches up to four times with one query (trait stages, the
        # relaxation), and people ask the same things.
        self._vectors: LRUCache[str, np.ndarray] = LRUCache(maxsize=QUERY_VECTORS_KEPT)
        # Validated places by (id, row version): a version is the row as it was, so a kept
        # one is never stale; shared like the repository's records, never changed in place.
        self._places: LRUCache[tuple[int, str], PlaceSummary] = LRUCache(maxsize=PLACES_KEPT)

    async def catalog(self) -> Catalog:
        return await self.catalogs.current()

    async def search(
        self,
        query: str = "",
        filters: SearchFilters | None = None,
        *,
        limit: int = 15,
        mode: Mode = "hybrid",
        text_query: str | None = None,
        snippets: bool = True,
    ) -> SearchResult:
        """`text_query` is what the full-text arm matches (names, categories, review words) when
        it should differ from the semantic `query`: occasion words ("group", "rooftop") belong to
        the vector arm and to trait filters, never to a place's name. Without `snippets`, the
        hits carry their matched words but no snippet: a caller that shows a few of them asks
        `snippets` for those (PostgreSQL's headline of each best review was a statement per
        search, and most of its cost, for cards nobody saw)."""
        if not 1 <= limit <= 200:
            raise InvalidInput(f"limit must be between 1 and 200, got {limit}")
        filters = filters or SearchFilters()
        catalog = await self.catalog()
        compiled = compile_filters(filters, catalog)
        query = query.strip()
        words = query if text_query is None else text_query.strip()
        use_text = bool(words) and mode in ("hybrid", "text") and bool(tsquery_for(words))
        use_vector = bool(query) and mode in ("hybrid", "vector") and self.embedder is not None
        if (
            found := await self._search_in_process(
                query, words, filters, compiled, catalog, limit, use_text, use_vector, snippets
            )
        ) is not None:
            return found

        # With both arms in process, the text arm's filter statement also reads the vector
        # arm's: one round trip and one statement less per search.
        both = self.texts.snapshot is not None and self.vectors.snapshot is not None
        share: SharedFilter | None = (
            asyncio.get_running_loop().create_future() if use_text and use_vector and both else None
        )

        indexed: list[TextSnapshot] = []  # the in-process index, when it ranked this search

        async def text_arm() -> Sequence[Any]:
            found = await self._text_in_memory(words, compiled, catalog, share, indexed)
            if found is not None:
                return found
            async with self.db.reading() as session:
                return await self._text_arm(session, words, compiled, catalog)

        async def vector_arm() -> tuple[Sequence[Any], str]:
            vector, found = await self._vector_in_memory(query, compiled, share)
            if found is not None:
                return found, "memory"
            async with self.db.session() as session, session.begin():
                return await self._vector_arm(session, vector, compiled, limit, catalog)

        # The arms are independent: each runs on its own connection, so a search waits for the
        # slower arm, not for their sum. The vector arm starts first: its first step hands the
        # query to the embedding thread, which then runs while the text arm ranks on this one
        # (started second, the embedding waited for the text arm's ranking: 4–7 ms a search).
        (vector_rows, strategy), text_rows = await asyncio.gather(
            vector_arm() if use_vector else _no_vectors(),
            text_arm() if use_text else _nothing(),
        )
        arms = Arms.of(text_rows if use_text else None, vector_rows if use_vector else None)
        rows = await self._ordered_rows(arms.fused, compiled, limit, filters)
        terms_from = indexed[0] if indexed and not snippets else None
        hits = await self._hits(rows, arms, words, snippets, terms_from)
        return SearchResult(hits=hits, strategy=strategy, resolved=compiled.resolved)

    async def _search_in_process(
        self,
        query: str,
        words: str,
        filters: SearchFilters,
        f: CompiledFilters,
        catalog: Catalog,
        limit: int,
        use_text: bool,
        use_vector: bool,
        snippets: bool,
    ) -> SearchResult | None:
        """The search with the filters, both arms and the fusion in process and one statement
        for the rows, which also reads both indexes' versions and applies the SQL filter again
        to each row; None — and the caller's path, a filter statement first — when an index is
        missing, a clause is PostgreSQL's alone, or the catalog moved since the indexes' load."""
        texts, vectors = self.texts.snapshot, self.vectors.snapshot
        if texts is None or texts.columns is None or (use_vector and vectors is None):
            return None
        keep = texts.columns.mask(f.params)
        if keep is None:
            return None
        strategy = "memory" if use_vector else "none"
        if not keep.any():  # no place passes, whatever the arms find: a third of the searches
            if await self._columns_current(texts):
                return SearchResult(hits=[], strategy=strategy, resolved=f.resolved)
            return None
        ranked = self._start_ranking(query, vectors) if use_vector and vectors else None
        ranking = await self._text_ranking(words, catalog, texts) if use_text else None
        if use_text and ranking is None:
            if ranked is not None:
                await ranked  # its vector is kept for the caller's path
            return None
        text_rows = None
        if ranking is not None:
            text_rows = text_arm_rows(ranking, texts.columns.allowed(keep, ranking.places))
        vector_rows = None
        if ranked is not None:
            _, best = await ranked
            passes = texts.columns.allowed(keep, best.places, reviewed=True)
            vector_rows = VectorSnapshot.nearest_passing(best, passes, ARM_DEPTH)
        arms = Arms.of(text_rows, vector_rows)
        rows = await self._ordered_rows(arms.fused, f, limit, filters, (texts.columns, keep))
        if (
            not rows
            or rows[0]["text_version"] != texts.version
            or (ranked is not None and vectors and rows[0]["vector_version"] != vectors.version)
        ):
            return None  # nothing passed (said by the current catalog only) or it moved
        hits = await self._hits(rows, arms, words, snippets, None if snippets else texts)
        return SearchResult(hits=hits, strategy=strategy, resolved=f.resolved)

    async def warm(self) -> None:
        """One search at start-up, so the first person's does not pay for the first of
        everything: the encoder's first run, the arms' first ranking, and the catalog's
        relations and plans loaded into a database connection (the first search of a process
        took 190 ms at full size, the next ones 13–16 ms)."""
        await self.search("dinner with friends", SearchFilters(kinds=["restaurant"]), limit=5)

    async def nothing_matches(self, filters: SearchFilters) -> SearchResult | None:
        """An empty result when no place at all passes `filters`, else None: one cheap
        statement that spares the searches a caller would run only to find them all empty
        (every narrower variant of an empty filter is empty too)."""
        compiled = compile_filters(filters, await self.catalog())
        texts = self.texts.snapshot
        columns = None if texts is None else texts.columns
        keep = None if columns is None else columns.mask(compiled.params)
        if keep is not None and texts is not None:
            # A place found in process needs no check: if the catalog moved since, the
            # searches still answer from PostgreSQL's filter. "Nothing" needs current columns.
            if keep.any():
                return None
            if await self._columns_current(texts):
                return SearchResult(hits=[], strategy="none", resolved=compiled.resolved)
        rows = await self.db.fetch(
            f"SELECT EXISTS (SELECT 1 FROM places p WHERE {compiled.where}) AS found",
            compiled.params,
        )
        if rows[0]["found"]:
            return None
        return SearchResult(hits=[], strategy="none", resolved=compiled.resolved)

    async def _columns_current(self, texts: TextSnapshot) -> bool:
        """Whether the catalog is still at the version `texts` and its filter columns were
        loaded at: one tiny statement."""
        rows = await self.db.fetch(f"SELECT {TEXT_VERSION_SQL} AS version")
        return bool(rows[0]["version"] == texts.version)

    async def _ordered_rows(
        self,
        fused: dict[int, float],
        f: CompiledFilters,
        limit: int,
        filters: SearchFilters,
        passing: tuple[PlaceColumns, np.ndarray] | None = None,
    ) -> list[Any]:
        """(id, row version, distance) of the hits in order, in one statement: fused places
        first (ties by the Bayesian-average rating, then id); then, only when fewer than `limit`
        matched, the best places by that rating that pass the filters, so k rows come back when
        k exist (a 5.0 from 5 votes never beats a 4.6 from 900). With `passing` (the columns
        and the rows they pass), those best places are named by the columns: PostgreSQL read
        and sorted up to 3,000 places for them, 2–7 ms of its CPU a search at full size."""
        distance = HAVERSINE_KM if filters.near else "NULL"
        near = {"near_lat": filters.near.lat, "near_lng": filters.near.lng} if filters.near else {}
        top = sorted(fused, key=lambda pid: -fused[pid])[: limit * 3]
        params = {
            **f.params,
            **near,
            "ids": top,
            "scores": [round(fused[pid], 9) for pid in top],
            "limit": limit,
        }
        if passing is None:
            rows = await self.db.fetch(ordered_rows_sql(f, distance), params)
        else:
            columns, keep = passing
            fill = columns.best_rated(keep, top, limit)
            rows = await self.db.fetch(listed_rows_sql(f, distance), {**params, "fill": fill})
        chosen = set(top)  # the fused rows first, whatever order the parts came back in
        rows = [r for r in rows if r["id"] in chosen] + [r for r in rows if r["id"] not in chosen]
        return rows
