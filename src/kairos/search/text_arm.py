"""The full-text arm of hybrid search: the in-process index's ranking with its filter
statement, or PostgreSQL's ranking, and the query words' lexemes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.search.arms import ARM_DEPTH, SharedFilter, text_arm_rows
from kairos.search.catalog import Catalog
from kairos.search.hybrid_sql import CANDIDATE_TIERS, tiered_filter_sql, vector_columns
from kairos.search.sql_filters import CompiledFilters
from kairos.search.text_index import VERSION_SQL as TEXT_VERSION_SQL
from kairos.search.text_index import TextIndex, TextRanking, TextSnapshot
from kairos.search.text_query import (
    any_word_tsquery,
    query_words,
    quote_lexeme,
    review_words,
    tsquery_for,
)
from kairos.store.database import Database


class TextArm:
    """`HybridSearch`'s text arm (its state is set by `HybridSearch.__init__`)."""

    db: Database
    texts: TextIndex
    _lexemes: dict[str, str | None]
    _compound: set[str]  # words whose tsquery is more than one lexeme

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
            vector = vector_columns(f.where, all_ids=True) if share is not None else ""
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
            sql = tiered_filter_sql(f.where, with_vector=share is not None)
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
        return text_arm_rows(ranking, allowed), snapshot

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
