"""The text arm in process: every place's and every review's lexemes in posting lists, ranked
exactly as the SQL text arm ranks them, filtered by the ids PostgreSQL says pass the filters.

Why: PostgreSQL spends the SQL text arm scoring every matching row — `ts_rank_cd` over every
place whose name or facets hold any query word (2,323 places for "coffee and pastries to work
from" at full size), `ts_rank` over every review holding a rare one — 10–30 ms a search, and
no index skips that work. With the lexemes in memory the same scores are a few array operations.

Faithful, not approximate: the lexemes are PostgreSQL's own (read from `places.search_tsv` and
`reviews.text_tsv`, never re-tokenised here), and the scores reproduce PostgreSQL 16's
arithmetic for the queries the arm builds (an OR of single lexemes):

- `ts_rank_cd` (places): for an OR query every matched position is a cover of its own, so the
  rank is the sum of the matched positions' weights (A 1.0, B 0.4, C 0.2, D 0.1 as float4),
  accumulated in double — exactly, since those weights are float4 values — then cast to float4.
- `ts_rank` (reviews, `calc_rank_or`): per query lexeme, in the order of their bytes, a float4
  accumulation of weight / (j+1)² over its positions, divided by π²/6 in double and added to a
  float4 total; the total divided by the number of distinct query lexemes. Review text carries
  weight D only (`to_tsvector(text)`), so a review's term depends on its number of positions.
- the arm's score: `2 * place rank + best review rank + 0.05 * ln(1 + matched reviews)` in
  double, ordered by score descending, then id.

`tests/search/test_text_index.py` checks the same ids and order as the SQL arm.

Freshness: a snapshot remembers the `text_index_version` counter it was loaded at (statement
triggers on reviews and places bump it in the writing transaction; migration 0017). A search
reads the counter in the same statement as its filter; a snapshot of another version is not
used — PostgreSQL ranks that search — and a reload starts in the background.

Filters: the load also reads every place's filter columns (`place_columns.py`) at the same
version (migration 0020 makes the counter move with them), and a search filters its candidates
with them in process; its rows statement applies the SQL filter (allergen exclusions included)
to every row again and reads the counter, and at another version the search is redone with the
filter statement above, whose ids are the only ones it returns.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from cachetools import LRUCache
from sqlalchemy import text

from kairos.search.place_columns import COLUMNS_SQL, PlaceColumns
from kairos.search.snapshots import ReloadingSnapshot, Spawn
from kairos.store.database import Database

__all__ = ["TextIndex", "TextRanking", "TextSnapshot"]

VERSION_SQL = "(SELECT version FROM text_index_version WHERE id = 1)"

# Per review: its lexemes and, per lexeme, its number of positions (weight D everywhere, as
# `to_tsvector(text)` writes them; -1 flags any other weight, which this index does not rank).
REVIEWS_SQL = """
SELECT r.id, r.place_id, t.lexemes, t.counts
FROM reviews r CROSS JOIN LATERAL (
    SELECT array_agg(u.lexeme) AS lexemes,
           array_agg(CASE WHEN u.positions IS NULL THEN 1
                          WHEN 'D' = ALL(u.weights) THEN cardinality(u.positions)
                          ELSE -1 END) AS counts
    FROM unnest(r.text_tsv) u
) t
WHERE t.lexemes IS NOT NULL
ORDER BY r.place_id, r.id
"""

# Per place: its lexemes and, per lexeme, the sum of its positions' weights as ts_rank_cd adds
# them (float4 weights summed in double: exact). A lexeme without positions matches and adds 0.
PLACES_SQL = """
SELECT p.id, t.lexemes, t.weights
FROM places p CROSS JOIN LATERAL (
    SELECT array_agg(u.lexeme) AS lexemes,
           array_agg(coalesce((
               SELECT sum(CASE w WHEN 'A' THEN CAST(1.0 AS float4) WHEN 'B' THEN CAST(0.4 AS float4)
                                 WHEN 'C' THEN CAST(0.2 AS float4) ELSE CAST(0.1 AS float4)
                          END::float8)
               FROM unnest(u.weights) w), 0)) AS weights
    FROM unnest(p.search_tsv) u
) t
WHERE t.lexemes IS NOT NULL
ORDER BY p.id
"""
COUNT_SQL = "SELECT (SELECT count(*) FROM reviews) + (SELECT count(*) FROM places)"

MAX_ROWS = 1_000_000
"""Above this many reviews + places no index is loaded and PostgreSQL ranks every search (the
10× replica curve has 385k; 1.4M review postings take ≈ 20 MB at full size)."""
QUERIES_KEPT = 256
"""Rankings kept per snapshot, by query lexemes (a few hundred candidates each)."""

REVIEW_KEY = np.int64(1 << 40)
"""A review's key is place index × this + review id (ids stay far below 2⁴⁰)."""
PI2_6 = 1.64493406685  # the constant calc_rank_or divides by (a C double)
WEIGHT_D = np.float32(0.1)


def _review_terms(max_positions: int) -> np.ndarray:
    """calc_rank_or's term for a lexeme with n positions, all weight D, for n = 0…max: float4
    arithmetic as the C code does it (wjm is the first position's weight, jm = 0), then the
    division by π²/6 in double."""
    out = np.zeros(max_positions + 1, dtype=np.float64)
    resj = np.float32(0.0)
    for n in range(1, max_positions + 1):
        resj = np.float32(resj + np.float32(WEIGHT_D / np.float32(n * n)))
        term = np.float32(np.float32(WEIGHT_D + resj) - np.float32(WEIGHT_D / np.float32(1)))
        out[n] = float(term) / PI2_6
    return out


@dataclass(frozen=True)
class TextRanking:
    """A query's candidates, best first: place ids, their best review (-1: matched by name or
    facets only) and score."""

    places: np.ndarray  # int64
    reviews: np.ndarray  # int64, -1 for none
    scores: np.ndarray  # float64

    def __len__(self) -> int:
        return len(self.places)


class TextSnapshot:
    """Lexeme postings of places and reviews at one version of the catalog; read-only once built."""

    def __init__(
        self,
        version: int,
        places: Sequence[tuple[int, Sequence[str], Sequence[float]]],
        reviews: Sequence[tuple[int, int, Sequence[str], Sequence[int]]],
        columns: PlaceColumns | None = None,
    ) -> None:
        """`places`: (id, lexemes, weight sums); `reviews`: (id, place id, lexemes, position
        counts), in any order. A review with weights other than D is refused (ValueError).
        `columns`: every place's filter columns at the same version, when read with them."""
        self.version = version
        self.columns = columns
        vocab: dict[str, int] = {}
        term = vocab.setdefault

        place_ids = np.array([p[0] for p in places], dtype=np.int64)
        review_place = np.array([r[1] for r in reviews], dtype=np.int64)
        self.place_ids = np.unique(np.concatenate([place_ids, review_place]))

        p_terms = np.fromiter((term(lx, len(vocab)) for p in places for lx in p[1]), dtype=np.int64)
        p_docs = np.repeat(np.searchsorted(self.place_ids, place_ids), [len(p[1]) for p in places])
        p_weights = np.fromiter((w for p in places for w in p[2]), dtype=np.float64)

        order = np.lexsort((np.array([r[0] for r in reviews], dtype=np.int64), review_place))
        reviews = [reviews[i] for i in order]
        self.review_ids = np.array([r[0] for r in reviews], dtype=np.int64)
        self.review_place = np.searchsorted(self.place_ids, review_place[order])
        # (place index, review id) as one ascending key: a pair's row in one search
        self.review_keys = self.review_place * REVIEW_KEY + self.review_ids
        r_terms = np.fromiter(
            (term(lx, len(vocab)) for r in reviews for lx in r[2]), dtype=np.int64
        )
        r_docs = np.repeat(np.arange(len(reviews)), [len(r[2]) for r in reviews])
        r_counts = np.fromiter((c for r in reviews for c in r[3]), dtype=np.int64)
        if len(r_counts) and int(r_counts.min()) < 1:
            raise ValueError("a review's text carries weights other than D")

        self.vocab = vocab
        self.p_ptr, self.p_docs, self.p_weights = _postings(len(vocab), p_terms, p_docs, p_weights)
        self.r_ptr, self.r_docs, r_counts = _postings(len(vocab), r_terms, r_docs, r_counts)
        self.r_terms = _review_terms(int(r_counts.max()) if len(r_counts) else 0)[r_counts]
        most = int(np.bincount(self.review_place).max()) if len(self.review_place) else 0
        self.ln1p = np.array([math.log(1 + n) for n in range(most + 1)], dtype=np.float64)
        self._ranked: LRUCache[tuple[frozenset[str], frozenset[str]], TextRanking] = LRUCache(
            maxsize=QUERIES_KEPT
        )

    def __len__(self) -> int:
        return len(self.p_docs) + len(self.r_docs)

    @property
    def nbytes(self) -> int:
        arrays = (self.p_ptr, self.p_docs, self.p_weights, self.r_ptr, self.r_docs, self.r_terms)
        return int(sum(a.nbytes for a in arrays) + self.review_ids.nbytes * 3)  # ids, places, keys

    def holding(
        self, lexemes: Sequence[str], place_ids: Sequence[int], review_ids: Sequence[int | None]
    ) -> np.ndarray:
        """For each lexeme (rows) and each (place, review) pair (columns): whether the lexeme is
        in the place's own text (name, facets) or in the review, which counts only as one of
        that place's (as `search_tsv || text_tsv` of the pair holds it). Two array searches
        per lexeme whatever the number of pairs (one per pair cost a turn 1–2 ms of numpy
        calls)."""
        out = np.zeros((len(lexemes), len(place_ids)), dtype=bool)
        if not len(place_ids) or not len(self.place_ids):
            return out
        wanted = np.asarray(place_ids, dtype=np.int64)
        at = np.minimum(np.searchsorted(self.place_ids, wanted), len(self.place_ids) - 1)
        known = self.place_ids[at] == wanted
        reviewed = np.asarray([-1 if r is None else r for r in review_ids], dtype=np.int64)
        keys = at * REVIEW_KEY + reviewed
        has_review = known & (reviewed >= 0)
        rows = np.zeros(len(keys), dtype=np.int64)
        if len(self.review_keys):
            rows = np.minimum(np.searchsorted(self.review_keys, keys), len(self.review_keys) - 1)
            has_review &= self.review_keys[rows] == keys
        for i, lexeme in enumerate(lexemes):
            t = self.vocab.get(lexeme)
            if t is None:
                continue
            out[i] = known & _posted(self.p_docs[self.p_ptr[t] : self.p_ptr[t + 1]], at)
            out[i] |= has_review & _posted(self.r_docs[self.r_ptr[t] : self.r_ptr[t + 1]], rows)
        return out

    def rank(self, place_lexemes: Iterable[str], review_lexemes: Iterable[str]) -> TextRanking:
        """Every place the SQL arm would score for `'a' | 'b' | …` over places (`place_lexemes`)
        and over reviews (`review_lexemes`), with its score and best review, best first;
        remembered per query (a turn searches up to four times with one query)."""
        key = (frozenset(place_lexemes), frozenset(review_lexemes))
        if (kept := self._ranked.get(key)) is not None:
            return kept
        found = self._rank(*key)
        self._ranked[key] = found
        return found

    def _rank(self, place_lexemes: frozenset[str], review_lexemes: frozenset[str]) -> TextRanking:
        place_rank = self._place_ranks(place_lexemes)
        review_best = self._review_ranks(review_lexemes)
        p_idx, p_rank = place_rank
        r_idx, r_best, r_count, r_review = review_best
        idx = np.union1d(p_idx, r_idx)
        pr = np.zeros(len(idx), dtype=np.float64)
        pr[np.searchsorted(idx, p_idx)] = p_rank
        best = np.zeros(len(idx), dtype=np.float64)
        count = np.zeros(len(idx), dtype=np.int64)
        review = np.full(len(idx), -1, dtype=np.int64)
        at = np.searchsorted(idx, r_idx)
        best[at], count[at], review[at] = r_best, r_count, r_review
        # 2 * coalesce(pr.r, 0) + coalesce(rf.best, 0) + 0.05 * ln(1 + coalesce(rf.n, 0))
        scores = (2.0 * pr + best) + 0.05 * self.ln1p[count]
        places = self.place_ids[idx]
        order = np.lexsort((places, -scores))
        return TextRanking(places[order], review[order], scores[order])

    def _place_ranks(self, lexemes: frozenset[str]) -> tuple[np.ndarray, np.ndarray]:
        """(place indices, ts_rank_cd as float4 widened to double)."""
        docs, weights = [], []
        for lexeme in lexemes:
            t = self.vocab.get(lexeme)
            if t is not None and self.p_ptr[t] < self.p_ptr[t + 1]:
                docs.append(self.p_docs[self.p_ptr[t] : self.p_ptr[t + 1]])
                weights.append(self.p_weights[self.p_ptr[t] : self.p_ptr[t + 1]])
        if not docs:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)
        idx, inverse = np.unique(np.concatenate(docs), return_inverse=True)
        # exact in any order: sums of float4 weights (multiples of 2^-27) in double
        sums = np.bincount(inverse, weights=np.concatenate(weights), minlength=len(idx))
        return idx, sums.astype(np.float32).astype(np.float64)

    def _review_ranks(
        self, lexemes: frozenset[str]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(place indices, best ts_rank as double, matched reviews, the best one's id; ties to
        the lower id)."""
        size = len(lexemes)
        total = np.zeros(len(self.review_ids), dtype=np.float32)
        matched = []
        for lexeme in sorted(lexemes, key=lambda lx: lx.encode()):  # SortAndUniqItems' order
            t = self.vocab.get(lexeme)
            if t is None or self.r_ptr[t] == self.r_ptr[t + 1]:
                continue
            rows = self.r_docs[self.r_ptr[t] : self.r_ptr[t + 1]]
            terms = self.r_terms[self.r_ptr[t] : self.r_ptr[t + 1]]
            total[rows] = (total[rows].astype(np.float64) + terms).astype(np.float32)
            matched.append(rows)
        if not matched:
            empty = np.zeros(0, dtype=np.int64)
            return empty, np.zeros(0, dtype=np.float64), empty, empty
        rows = np.unique(np.concatenate(matched))  # ascending: by place, then review id
        ranks = total[rows] / np.float32(size)
        place = self.review_place[rows]
        starts = np.flatnonzero(np.r_[True, place[1:] != place[:-1]])
        best = np.maximum.reduceat(ranks, starts)
        segment = np.cumsum(np.r_[True, place[1:] != place[:-1]]) - 1
        top = np.flatnonzero(ranks >= best[segment])
        first = top[np.r_[True, segment[top][1:] != segment[top][:-1]]]
        counts = np.diff(np.r_[starts, len(rows)])
        return place[starts], best.astype(np.float64), counts, self.review_ids[rows[first]]


def _posted(docs: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Which of `wanted` an ascending posting list holds."""
    if not len(docs):
        return np.zeros(len(wanted), dtype=bool)
    at = np.minimum(np.searchsorted(docs, wanted), len(docs) - 1)
    return np.asarray(docs[at] == wanted)


def _postings(
    terms: int, term_of: np.ndarray, docs: np.ndarray, values: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Posting lists by term (CSR): pointers, documents ascending within a term, values."""
    order = np.lexsort((docs, term_of))
    ptr = np.zeros(terms + 1, dtype=np.int64)
    np.cumsum(np.bincount(term_of, minlength=terms), out=ptr[1:])
    return ptr, np.ascontiguousarray(docs[order], dtype=np.int64), values[order]


def _build(
    version: int,
    places: Sequence[tuple[int, Sequence[str], Sequence[float]]],
    reviews: Sequence[tuple[int, int, Sequence[str], Sequence[int]]],
    columns: Sequence[Mapping[str, Any]],
) -> TextSnapshot:
    return TextSnapshot(version, places, reviews, PlaceColumns(version, columns))


class TextIndex(ReloadingSnapshot[TextSnapshot]):
    """The current snapshot, reloaded in the background when the catalog's text moves."""

    task_name = "reload-text-index"

    def __init__(self, db: Database, spawn: Spawn | None = None, *, max_rows: int = MAX_ROWS):
        super().__init__(db, spawn)
        self.max_rows = max_rows

    async def load(self) -> TextSnapshot | None:
        """Read every place's and review's lexemes and the version they belong to, in one
        snapshot; None (and no index) when there are more than `max_rows`."""
        async with self._lock:
            async with self.db.engine.connect() as conn:
                conn = await conn.execution_options(isolation_level="REPEATABLE READ")
                async with conn.begin():
                    version = int((await conn.execute(text(f"SELECT {VERSION_SQL}"))).scalar_one())
                    if (await conn.execute(text(COUNT_SQL))).scalar_one() > self.max_rows:
                        self.snapshot, self._too_large = None, version
                        return None
                    places = [tuple(r) for r in await conn.execute(text(PLACES_SQL))]
                    reviews = [tuple(r) for r in await conn.execute(text(REVIEWS_SQL))]
                    columns = [dict(r) for r in (await conn.execute(text(COLUMNS_SQL))).mappings()]
            try:
                snapshot = await asyncio.to_thread(_build, version, places, reviews, columns)
            except ValueError:  # text this index cannot rank: PostgreSQL ranks every search
                self.snapshot, self._too_large = None, version
                return None
            self.snapshot = snapshot
            return snapshot
