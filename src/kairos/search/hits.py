"""Hybrid search's hits: each place at the row version the ordering read (kept per version),
and why it matched (arms, matched words, similarity, best review and its snippet)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from cachetools import LRUCache

from kairos.search.arms import Arms
from kairos.search.models import Arm, MatchExplanation, PlaceSummary, SearchHit
from kairos.search.text_index import TextSnapshot
from kairos.search.text_query import query_words, tsquery_for
from kairos.store.database import Database
from kairos.store.places import PLACE_COLUMNS

HEADLINE_OPTIONS = 'StartSel="", StopSel="", MaxWords=30, MinWords=12, ShortWord=2'


class HitEvidence:
    """`HybridSearch`'s hits and their evidence (its state is set by `HybridSearch.__init__`)."""

    db: Database
    _lexemes: dict[str, str | None]
    _places: LRUCache[tuple[int, str], PlaceSummary]

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
