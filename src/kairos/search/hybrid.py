"""Hybrid search: structured filters, full-text rank and vector similarity, fused by RRF.

One row per place, ranked by fused relevance (never by id); ties by rating, votes, then id.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from cachetools import LRUCache
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.errors import InvalidInput
from kairos.search.catalog import Catalog, CatalogService
from kairos.search.filters import SearchFilters
from kairos.search.fusion import reciprocal_rank_fusion
from kairos.search.models import Arm, MatchExplanation, PlaceSummary, SearchHit, SearchResult
from kairos.search.place_columns import PlaceColumns
from kairos.search.sql_filters import HAVERSINE_KM, CompiledFilters, compile_filters
from kairos.search.text_index import VERSION_SQL as TEXT_VERSION_SQL
from kairos.search.text_index import TextIndex, TextRanking, TextSnapshot
from kairos.search.text_query import any_word_tsquery, query_words, quote_lexeme
from kairos.search.vector_index import VERSION_SQL, PlaceBest, ReviewVectorIndex, VectorSnapshot
from kairos.store.database import Database
from kairos.store.places import PLACE_COLUMNS, WEIGHTED_RATING_SQL
from kairos.text.embeddings import EmbeddingProvider

Mode = Literal["hybrid", "text", "vector", "rating"]

ARM_DEPTH = 200  # places each arm hands to fusion
HEADLINE_OPTIONS = 'StartSel="", StopSel="", MaxWords=30, MinWords=12, ShortWord=2'
# Below this many candidate reviews an exact scan is cheap; above it HNSW answers in a few ms.
# (Measured: an exact scan of 37k reviews with DISTINCT ON costs ~180 ms; HNSW ~5 ms.)
EXACT_SCAN_MAX_REVIEWS = 8_000
HNSW_EF_STEPS = (200, 1000)  # reviews HNSW returns per pass; too few places after both → exact
CATALOG_TTL_SECONDS = 300.0
# A word in more than this share of reviews ranks reviews no better than chance and makes the
# text arm read most of them ("food" is in half): the review part of the text arm leaves it out,
# keeping at least the query's rarest word. Shares come from PostgreSQL's own statistics.
COMMON_REVIEW_SHARE = 0.05


def tsquery_for(query: str) -> str:
    """Any-word query ('quiet' | 'romantic' | …): a place need not mention every word."""
    return any_word_tsquery(query_words(query))


def review_words(lexemes: dict[str, str | None], shares: dict[str, float]) -> list[str]:
    """The query words worth ranking reviews by: those whose lexeme is in at most
    `COMMON_REVIEW_SHARE` of reviews, or else the rarest one. Stop words (no lexeme) never."""
    stemmed = {word: lexeme for word, lexeme in lexemes.items() if lexeme}
    if not stemmed:
        return []
    share = {word: shares.get(lexeme, 0.0) for word, lexeme in stemmed.items()}
    kept = sorted(word for word, value in share.items() if value <= COMMON_REVIEW_SHARE)
    return kept or [min(share, key=lambda word: (share[word], word))]


CANDIDATE_TIERS = (300, 900, 2700)
"""Where the in-process text arm's candidates are cut into tiers for the filter statement."""


def _tiered_filter_sql(where: str, with_vector: bool = False) -> str:
    """The text index's version and the allowed ids of each tier of candidates (:tier0,
    :tier1, …), a tier read only while the tiers before it allowed fewer than :depth; with
    `with_vector`, also the vector arm's version and allowed reviewed places (one statement
    for both arms)."""
    probe = "ARRAY(SELECT p.id FROM places p WHERE p.id = ANY(CAST(:{} AS bigint[])) AND {})"
    ctes = [f"t0 AS (SELECT {probe.format('tier0', where)} AS ids)"]
    for i in range(1, len(CANDIDATE_TIERS) + 1):
        before = " + ".join(f"cardinality(t{j}.ids)" for j in range(i))
        frm = ", ".join(f"t{j}" for j in range(i))
        ctes.append(
            f"t{i} AS (SELECT CASE WHEN {before} < :depth THEN {probe.format(f'tier{i}', where)}"
            f" ELSE CAST('{{}}' AS bigint[]) END AS ids FROM {frm})"
        )
    every = ", ".join(f"t{i}" for i in range(len(CANDIDATE_TIERS) + 1))
    ids = " || ".join(f"t{i}.ids" for i in range(len(CANDIDATE_TIERS) + 1))
    vector = _vector_columns(where, all_ids=False) if with_vector else ""
    return (
        f"WITH {', '.join(ctes)} SELECT {TEXT_VERSION_SQL} AS version, {ids} AS ids{vector} "
        f"FROM {every}"
    )


def _vector_columns(where: str, *, all_ids: bool) -> str:
    """The vector arm's version, and its allowed places unless the statement's `ids` are all
    the filter's places already (places without reviews have no vectors: the arm skips them)."""
    version = f", {VERSION_SQL} AS vector_version"
    if all_ids:
        return version
    reviewed = f"ARRAY(SELECT p.id FROM places p WHERE p.review_count > 0 AND {where})"
    return f"{version}, {reviewed} AS vector_ids"


NARROW_FILL = 3_000
"""A filter the catalog's counts bound to at most this many places is filled by reading them
and sorting; a broader one along `ix_places_weighted_rating`, which stops at the first rows that
pass. Walking the index for a narrow filter that almost nothing passes ("sushi" without fish)
read every entry: 33–45 ms at full size, against 1 ms for the narrow form."""


def _row_columns(distance: str) -> str:
    return (
        f"p.id, p.xmin::text AS version, {distance} AS distance_km, "
        f"{TEXT_VERSION_SQL} AS text_version, {VERSION_SQL} AS vector_version"
    )


def _fused_rows_sql(f: CompiledFilters, columns: str) -> str:
    return (
        f"(SELECT {columns} FROM unnest(CAST(:ids AS bigint[]), CAST(:scores AS float8[])) "
        f"AS top(id, score) JOIN places p ON p.id = top.id WHERE {f.where} "
        f"ORDER BY top.score DESC, {WEIGHTED_RATING_SQL} DESC, p.id LIMIT :limit)"
    )


def listed_rows_sql(f: CompiledFilters, distance: str = "NULL") -> str:
    """`ordered_rows_sql` with the rating fill's places named (`:fill`, best first) by the
    in-process columns instead of found by PostgreSQL: each row is read by its key and passes
    the same filter again (the caller checks the versions the statement returns)."""
    columns = _row_columns(distance)
    listed = (
        f"(SELECT {columns} FROM unnest(CAST(:fill AS bigint[])) WITH ORDINALITY AS fill(id, n) "
        f"JOIN places p ON p.id = fill.id WHERE {f.where} ORDER BY fill.n LIMIT :limit)"
    )
    return f"{_fused_rows_sql(f, columns)} UNION ALL {listed} LIMIT :limit"


def ordered_rows_sql(f: CompiledFilters, distance: str = "NULL") -> str:
    """The hits' rows in one statement: the fused places (`:ids`, `:scores`) that pass the
    filters first, then, only when they leave `:limit` unmet, the best places by the
    Bayesian-average rating that pass them (PostgreSQL's Append never starts the second part
    otherwise, and a CTE is computed only when first read). Columns: id, the row's version, the
    `distance` expression as distance_km, and both in-process indexes' versions."""
    columns = _row_columns(distance)
    fused = _fused_rows_sql(f, columns)
    passing = f"FROM places p WHERE {f.where} AND NOT (p.id = ANY(CAST(:ids AS bigint[])))"
    if f.at_most is not None and f.at_most <= NARROW_FILL:
        return (
            f"WITH fill AS MATERIALIZED (SELECT {columns}, {WEIGHTED_RATING_SQL} AS weighted "
            f"{passing}) {fused} UNION ALL (SELECT id, version, distance_km, text_version, "
            "vector_version FROM fill "
            "ORDER BY weighted DESC, id LIMIT :limit) LIMIT :limit"
        )
    return (
        f"{fused} UNION ALL (SELECT {columns} {passing} "
        f"ORDER BY {WEIGHTED_RATING_SQL} DESC, p.id LIMIT :limit) LIMIT :limit"
    )


def _text_rows(ranking: TextRanking, allowed: np.ndarray) -> list[tuple[int, int | None, float]]:
    """The text arm's rows (place, best review or None, score): the first `ARM_DEPTH` allowed
    candidates."""
    return [
        (int(ranking.places[i]), int(ranking.reviews[i]) if ranking.reviews[i] >= 0 else None,
         float(ranking.scores[i]))
        for i in np.flatnonzero(allowed)[:ARM_DEPTH]
    ]  # fmt: skip


@dataclass(frozen=True)
class Arms:
    """The arms' rankings fused, with each place's best review and vector similarity."""

    rankings: dict[str, list[int]]
    best_review: dict[int, int]
    similarity: dict[int, float]
    fused: dict[int, float]

    @staticmethod
    def of(
        text_rows: Sequence[Any] | None, vector_rows: Sequence[tuple[int, int, float]] | None
    ) -> Arms:
        """From the text arm's (place, review or None, score) and the vector arm's (place,
        review, distance) rows; None for an arm that did not run."""
        rankings: dict[str, list[int]] = {}
        best_review: dict[int, int] = {}
        similarity: dict[int, float] = {}
        if text_rows is not None:
            rankings["text"] = [r[0] for r in text_rows]
            best_review.update({r[0]: r[1] for r in text_rows if r[1] is not None})
        if vector_rows is not None:
            rankings["vector"] = [r[0] for r in vector_rows]
            for place_id, review_id, distance in vector_rows:
                best_review[place_id] = review_id
                similarity[place_id] = 1.0 - float(distance)
        return Arms(rankings, best_review, similarity, reciprocal_rank_fusion(rankings))


# The vector arm's version and allowed ids, when the text arm's statement read them.
SharedFilter = asyncio.Future[tuple[int, list[int]] | None]


QUERY_VECTORS_KEPT = 2048
PLACES_KEPT = 2048
"""Query vectors kept per process (384 floats each: 3 MB in all)."""


async def _nothing() -> Sequence[Any]:
    return ()


async def _no_vectors() -> tuple[Sequence[Any], str]:
    return (), "none"


class HybridSearch:
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
            text_rows = _text_rows(ranking, texts.columns.allowed(keep, ranking.places))
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

    async def _text_in_memory(
        self,
        query: str,
        f: CompiledFilters,
        catalog: Catalog,
        share: SharedFilter | None = None,
        used: list[TextSnapshot] | None = None,
    ) -> list[tuple[int, int | None, float]] | None:
        """The text arm's rows from the in-process index, or None when it is not at the
        catalog's version (then PostgreSQL ranks); `used` receives the index that ranked. The
        filter's ids and the version come from one statement, asked only about the places the
        index found; with `share`, that statement reads the vector arm's filter too, and `share`
        always gets an answer (None: the vector arm reads its own)."""
        try:
            found = await self._text_ranked(query, f, catalog, share)
        finally:
            if share is not None and not share.done():
                share.set_result(None)
        if found is None:
            return None
        if used is not None:
            used.append(found[1])
        return found[0]

    async def _text_ranked(
        self, query: str, f: CompiledFilters, catalog: Catalog, share: SharedFilter | None
    ) -> tuple[list[tuple[int, int | None, float]], TextSnapshot] | None:
        snapshot = self.texts.snapshot
        if snapshot is None:
            self.texts.missing()
            return None
        ranking = await self._text_ranking(query, catalog, snapshot)
        if ranking is None:
            return None
        if f.at_most is not None and f.at_most <= len(ranking):
            # A narrow filter (a city, a category) with an index: its own ids cost less than
            # reading every candidate's row.
            vector = _vector_columns(f.where, all_ids=True) if share is not None else ""
            sql = (
                f"SELECT {TEXT_VERSION_SQL} AS version, "
                f"ARRAY(SELECT p.id FROM places p WHERE {f.where}) AS ids{vector}"
            )
            params = dict(f.params)
        else:
            # The candidates are asked about best first, in tiers: a tier is read only when the
            # ones before it left fewer than ARM_DEPTH places (PostgreSQL evaluates a CASE's
            # subquery only when its branch is taken), so an unfiltered search reads a few
            # hundred place rows, not every match.
            tiers = np.split(ranking.places, [t for t in CANDIDATE_TIERS if t < len(ranking)])
            tiers += [ranking.places[:0]] * (len(CANDIDATE_TIERS) + 1 - len(tiers))
            sql = _tiered_filter_sql(f.where, with_vector=share is not None)
            params = {
                **f.params,
                **{f"tier{i}": tier.tolist() for i, tier in enumerate(tiers)},
                "depth": ARM_DEPTH,
            }
        row = (await self.db.fetch(sql, params))[0]
        if share is not None:
            share.set_result((row["vector_version"], row.get("vector_ids", row["ids"])))
        if self.texts.usable(row["version"]) is not snapshot:
            return None
        allowed = np.isin(ranking.places, np.asarray(row["ids"], dtype=np.int64))
        return _text_rows(ranking, allowed), snapshot

    async def _text_ranking(
        self, query: str, catalog: Catalog, snapshot: TextSnapshot
    ) -> TextRanking | None:
        """The in-process index's candidates for `query`, best first; None when a word is one
        PostgreSQL reads as a phrase (then it ranks)."""
        words = query_words(query)
        if not self._lexemes.keys() >= set(words):
            await self._stems(words)
        if self._compound.intersection(words):
            return None
        lexemes = {w: self._lexemes.get(w) for w in words}
        for_reviews = review_words(lexemes, catalog.review_shares)
        return snapshot.rank(
            (lx for lx in lexemes.values() if lx), (lexemes[w] or "" for w in for_reviews)
        )

    async def _text_arm(
        self, session: AsyncSession, query: str, f: CompiledFilters, catalog: Catalog
    ) -> Sequence[Any]:
        words = query_words(query)
        lexemes = await self._stems(words)
        for_reviews = review_words(lexemes, catalog.review_shares)
        # Reviews are ranked on their own and only then joined to the filtered places: joining
        # first read every place row (wide: JSONB, tsvectors) and sorted each matched review with
        # its tsvector, spilling to disk (114 ms -> 31 ms on "kid friendly family dinner", full).
        sql = f"""
        WITH q AS (SELECT to_tsquery('english', :tsq) AS q),
        rq AS (SELECT to_tsquery('english', :review_tsq) AS q),
        pr AS (
            SELECT p.id, ts_rank_cd(p.search_tsv, q.q) AS r FROM places p, q
            WHERE p.search_tsv @@ q.q AND {f.where}
        ),
        ranked AS MATERIALIZED (
            SELECT r.place_id, r.id, ts_rank(r.text_tsv, rq.q) AS rk
            FROM reviews r, rq WHERE r.text_tsv @@ rq.q
        ),
        rr AS (
            SELECT place_id AS id, max(rk) AS best, count(*) AS n,
                   (array_agg(id ORDER BY rk DESC, id))[1] AS review
            FROM ranked GROUP BY place_id
        ),
        rf AS (SELECT rr.* FROM rr JOIN places p ON p.id = rr.id WHERE {f.where})
        SELECT coalesce(pr.id, rf.id) AS id, rf.review,
               2 * coalesce(pr.r, 0) + coalesce(rf.best, 0) + 0.05 * ln(1 + coalesce(rf.n, 0)) AS s
        FROM pr FULL JOIN rf ON pr.id = rf.id
        ORDER BY s DESC, id LIMIT :depth
        """
        params = {
            **f.params,
            "tsq": tsquery_for(query),
            "review_tsq": any_word_tsquery(for_reviews),
            "depth": ARM_DEPTH,
        }
        return (await session.execute(text(sql), params)).all()

    async def _stems(self, words: list[str]) -> dict[str, str | None]:
        """Each word's English lexeme (None for a stop word), remembered across queries."""
        missing = [w for w in words if w not in self._lexemes]
        if missing:
            rows = await self.db.fetch(
                "SELECT word, (tsvector_to_array(to_tsvector('english', word)))[1] AS lexeme, "
                "numnode(to_tsquery('english', quoted)) AS nodes "
                "FROM unnest(CAST(:words AS text[]), CAST(:quoted AS text[])) AS w(word, quoted)",
                {"words": missing, "quoted": [quote_lexeme(w) for w in missing]},
            )
            if len(self._lexemes) > 50_000:
                self._lexemes.clear()
                self._compound.clear()
            self._lexemes.update({r["word"]: r["lexeme"] for r in rows})
            self._compound.update(r["word"] for r in rows if r["nodes"] > 1)
        return {w: self._lexemes.get(w) for w in words}

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

    async def _hits(
        self,
        rows: list[Any],
        arms: Arms,
        query: str,
        snippets: bool,
        terms_from: TextSnapshot | None,
    ) -> list[SearchHit]:
        """With `terms_from` (an index at the catalog's version), the matched words come from it;
        otherwise from PostgreSQL, with the snippets when asked for."""
        if not rows:
            return []
        fused, best_review, similarity = arms.fused, arms.best_review, arms.similarity
        ordered = [r["id"] for r in rows]
        evidence: dict[int, tuple[list[str], str | None]]
        if terms_from is not None:
            summaries = await self._summaries(rows)
            matched = self._matched_in_memory(terms_from, ordered, best_review, query)
            evidence = {pid: (terms, None) for pid, terms in matched.items()}
        else:
            summaries, evidence = await asyncio.gather(
                self._summaries(rows), self._evidence(ordered, best_review, query, snippets)
            )
        in_arm = {arm: set(ids) for arm, ids in arms.rankings.items()}
        hits = []
        for rank, row in enumerate(rows, start=1):
            pid = row["id"]
            if pid not in summaries:
                continue  # deleted since the ordering read it
            version, place = summaries[pid]
            found_by: list[Arm] = [a for a in ("text", "vector") if pid in in_arm.get(a, set())]
            terms, snippet = evidence.get(pid, ([], None))
            hits.append(
                SearchHit(
                    place=place,
                    version=version,
                    score=round(fused.get(pid, 0.0), 6),
                    rank=rank,
                    why=MatchExplanation(
                        arms=found_by or ["rating"],
                        matched_terms=terms,
                        similarity=round(similarity[pid], 4) if pid in similarity else None,
                        best_review_id=best_review.get(pid),
                        snippet=snippet,
                        distance_km=round(row["distance_km"], 3)
                        if row["distance_km"] is not None
                        else None,
                    ),
                )
            )
        return hits

    async def _summaries(self, rows: list[Any]) -> dict[int, tuple[str, PlaceSummary]]:
        """Each hit's place at the row version the ordering read: kept ones as they are (the
        evidence columns are most of a row: 1.2 ms to read and decode 15 rows against 0.3 ms
        without them, and their validation), the rest read, validated and kept. A row changed
        since the ordering read is read as it is now."""
        found: dict[int, tuple[str, PlaceSummary]] = {}
        missing = []
        for row in rows:
            kept = self._places.get((row["id"], row["version"]))
            if kept is None:
                missing.append(row["id"])
            else:
                found[row["id"]] = (row["version"], kept)
        if missing:
            for row in await self.db.fetch(
                f"SELECT {PLACE_COLUMNS}, p.xmin::text AS version FROM places p "
                "WHERE p.id = ANY(CAST(:ids AS bigint[]))",
                {"ids": missing},
            ):
                place = PlaceSummary.model_validate(dict(row))
                self._places[(place.id, row["version"])] = place
                found[place.id] = (row["version"], place)
        return found

    def _matched_in_memory(
        self, snapshot: TextSnapshot, ordered: list[int], best_review: dict[int, int], query: str
    ) -> dict[int, list[str]]:
        """`_evidence`'s matched words, from the index's postings: a query word whose lexeme is
        in the place's name and facets or in its best review (the text arm already stemmed
        every word)."""
        words = [w for w in query_words(query) if self._lexemes.get(w) is not None]
        held = snapshot.holding(
            [self._lexemes[w] or "" for w in words], ordered, [best_review.get(p) for p in ordered]
        )
        return {
            pid: sorted(w for i, w in enumerate(words) if held[i, column])
            for column, pid in enumerate(ordered)
        }

    async def snippets(
        self, hits: Sequence[tuple[int, int | None]], query: str
    ) -> dict[int, str | None]:
        """The snippet `search` makes for a hit, for (place id, best review id) pairs: the best
        review's passage around the query's words, as PostgreSQL's headline picks it."""
        pairs = {pid: review for pid, review in hits if review is not None}
        if not pairs or not query_words(query):
            return {}
        rows = await self.db.fetch(
            "SELECT r.place_id AS id, "
            "ts_headline('english', r.text, to_tsquery('english', :tsq), :headline) AS snippet "
            "FROM reviews r "
            "JOIN unnest(CAST(:places AS bigint[]), CAST(:reviews AS bigint[])) AS h(place, review)"
            " ON r.id = h.review AND r.place_id = h.place",
            {
                "tsq": tsquery_for(query),
                "headline": HEADLINE_OPTIONS,
                "places": list(pairs),
                "reviews": list(pairs.values()),
            },
        )
        return {r["id"]: r["snippet"] for r in rows}

    async def _evidence(
        self, ordered: list[int], best_review: dict[int, int], query: str, snippets: bool = True
    ) -> dict[int, tuple[list[str], str | None]]:
        """Query words present in each place (name, categories or best review), and a snippet."""
        words = query_words(query)
        if not words:
            return {}
        sql = """
        WITH w AS (
            SELECT word, (tsvector_to_array(to_tsvector('english', word)))[1] AS lexeme
            FROM unnest(CAST(:words AS text[])) AS word
        ),
        t AS (
            SELECT p.id, r.id AS review_id, r.text,
                   tsvector_to_array(p.search_tsv || coalesce(r.text_tsv, '')) AS lexemes
            FROM places p
            LEFT JOIN reviews r ON r.id = (CAST(:best AS jsonb) ->> p.id::text)::bigint
            WHERE p.id = ANY(CAST(:ids AS bigint[]))
        )
        SELECT t.id,
               array(SELECT w.word FROM w WHERE w.lexeme = ANY(t.lexemes) ORDER BY w.word) AS terms,
               CASE WHEN NOT :snippets OR t.text IS NULL THEN NULL
                    ELSE ts_headline('english', t.text, to_tsquery('english', :tsq), :headline)
               END AS snippet
        FROM t
        """
        rows = await self.db.fetch(
            sql,
            {
                "words": words,
                "ids": ordered,
                "best": json.dumps({str(k): best_review[k] for k in ordered if k in best_review}),
                "tsq": tsquery_for(query),
                "headline": HEADLINE_OPTIONS,
                "snippets": snippets,
            },
        )
        return {r["id"]: (list(r["terms"]), r["snippet"]) for r in rows}
