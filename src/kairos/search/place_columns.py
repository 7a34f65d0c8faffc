"""The search filters in process: every place's filter columns as arrays, evaluated against a
compiled filter's own parameters (the values PostgreSQL would get), to the same set of ids.

Why: a first-seen search asked PostgreSQL which of its candidates pass the filters — one
statement, the largest share of PostgreSQL's time per chat turn (the tiered probes, or every id
of a city). The same test over 29k places is a handful of array operations here.

Faithful, not approximate: each clause of `sql_filters.compile_filters` has its twin below, on
the values PostgreSQL holds (`lower(city)` and `lower(area)` are read lowercased by PostgreSQL
itself), with SQL's NULL reading (a NULL city, price, rating or position passes no clause that
names it). `tests/search/test_place_columns.py` checks the same ids as the SQL filter on random
filters.

Freshness and safety: the columns are read in the text index's load, in the same transaction
and at the same `text_index_version` (a statement trigger on places bumps it), and a search that
used them checks both indexes' versions in its final statement, which also applies the SQL
filter to every row it returns; at another version the search is redone through PostgreSQL.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

import numpy as np

from kairos.store.places import PRIOR_RATING, PRIOR_VOTES

__all__ = ["COLUMNS_SQL", "PlaceColumns"]

COLUMNS_SQL = """
SELECT p.id, p.is_active, p.price_tier, p.categories, lower(p.city) AS city, p.country,
       lower(p.area) AS area, p.rating, p.votes, p.lat, p.lng, p.kind, p.traits, p.review_count,
       p.contains_allergens AS hard_allergens
FROM places p ORDER BY p.id
"""
"""`hard_allergens`: the allergens `places.hard_exclusion_sql` excludes a place for."""

EARTH_KM = 6371.0088
SUPPORTED = frozenset(
    {
        "price_tiers", "categories", "exclude_categories", "cities", "city_country", "areas",
        "min_rating",
        "near_lat", "near_lng", "radius_km", "lat_min", "lat_max", "lng_min", "lng_max",
        "exclude_allergens", "kinds", "traits",
    }
)  # fmt: skip
"""The parameters a compiled filter may carry for the columns to answer it (`area_like`, a
substring of the area or address, is PostgreSQL's alone)."""


def _codes(values: Sequence[str | None]) -> tuple[dict[str, int], np.ndarray]:
    """Each distinct value's code and every row's code (-1 for NULL)."""
    vocab: dict[str, int] = {}
    codes = np.fromiter(
        (-1 if v is None else vocab.setdefault(v, len(vocab)) for v in values),
        dtype=np.int32,
        count=len(values),
    )
    return vocab, codes


def _postings(values: Sequence[Sequence[str]]) -> dict[str, np.ndarray]:
    """Each element's rows, ascending."""
    rows: dict[str, list[int]] = {}
    for row, elements in enumerate(values):
        for element in set(elements):
            rows.setdefault(element, []).append(row)
    return {k: np.asarray(v, dtype=np.int64) for k, v in rows.items()}


class PlaceColumns:
    """The filter columns of every place at one version of the catalog; read-only once built."""

    def __init__(self, version: int, rows: Sequence[Mapping[str, Any]]) -> None:
        """`rows`: COLUMNS_SQL's rows, ascending by id."""
        self.version = version
        self.ids = np.fromiter((r["id"] for r in rows), dtype=np.int64, count=len(rows))
        if len(self.ids) > 1 and not bool(np.all(self.ids[1:] > self.ids[:-1])):
            raise ValueError("rows must be ascending by id")
        self.active = np.fromiter((bool(r["is_active"]) for r in rows), dtype=bool, count=len(rows))
        self.reviewed = np.fromiter((r["review_count"] > 0 for r in rows), bool, len(rows))
        self.price_codes, self.price = _codes([r["price_tier"] for r in rows])
        self.city_codes, self.city = _codes([r["city"] for r in rows])
        self.country_codes, self.country = _codes([r["country"] for r in rows])
        self.area_codes, self.area = _codes([r["area"] for r in rows])
        self.kind_codes, self.kind = _codes([r["kind"] for r in rows])
        nan = float("nan")
        self.rating = np.array([nan if r["rating"] is None else r["rating"] for r in rows], float)
        votes = np.fromiter((r["votes"] for r in rows), dtype=np.float64, count=len(rows))
        # WEIGHTED_RATING_SQL's operations in its order; its `25 * 3.7` is folded as numeric
        prior = float(Decimal(PRIOR_VOTES) * Decimal(str(PRIOR_RATING)))
        weighted = (votes * np.nan_to_num(self.rating, nan=0.0) + prior) / (votes + PRIOR_VOTES)
        order = np.lexsort((self.ids, -weighted))  # best first, ties by id, as the SQL orders
        self.rating_rank = np.empty(len(rows), dtype=np.int64)
        self.rating_rank[order] = np.arange(len(rows))
        self.lat = np.array([nan if r["lat"] is None else r["lat"] for r in rows], float)
        self.lng = np.array([nan if r["lng"] is None else r["lng"] for r in rows], float)
        self.categories = _postings([r["categories"] for r in rows])
        self.traits = _postings([r["traits"] for r in rows])
        self.hard_allergens = _postings([r["hard_allergens"] for r in rows])

    def __len__(self) -> int:
        return len(self.ids)

    def mask(self, params: Mapping[str, Any]) -> np.ndarray | None:
        """Which rows pass the filter compiled with `params`, or None when a clause is
        PostgreSQL's alone (then the caller asks PostgreSQL)."""
        if not SUPPORTED.issuperset(params):
            return None
        keep = self.active.copy()
        if tiers := params.get("price_tiers"):
            keep &= self._coded(self.price, self.price_codes, tiers)
        if "categories" in params:
            keep &= self._any(self.categories, params["categories"])
        if "exclude_categories" in params:
            keep &= ~self._any(self.categories, params["exclude_categories"])
        if "cities" in params:
            keep &= self._coded(self.city, self.city_codes, params["cities"])
        if "city_country" in params:
            keep &= self._coded(self.country, self.country_codes, [params["city_country"]])
        if "areas" in params:
            keep &= self._coded(self.area, self.area_codes, params["areas"])
        if (least := params.get("min_rating")) is not None:
            with np.errstate(invalid="ignore"):
                keep &= self.rating >= least
        if "near_lat" in params:
            keep &= self._near(params)
        if "exclude_allergens" in params:
            keep &= ~self._any(self.hard_allergens, params["exclude_allergens"])
        if kinds := params.get("kinds"):
            keep &= self._coded(self.kind, self.kind_codes, kinds)
        for trait in params.get("traits", ()):
            keep &= self._any(self.traits, [trait])
        return keep

    def allowed(
        self, keep: np.ndarray, place_ids: np.ndarray, *, reviewed: bool = False
    ) -> np.ndarray:
        """For each of `place_ids`: whether it is a row that `keep` passes (and, with
        `reviewed`, one with reviews). An id this snapshot does not hold never passes."""
        wanted = np.asarray(place_ids, dtype=np.int64)
        if not len(self.ids) or not len(wanted):
            return np.zeros(len(wanted), dtype=bool)
        at = np.minimum(np.searchsorted(self.ids, wanted), len(self.ids) - 1)
        passes: np.ndarray = (self.ids[at] == wanted) & keep[at]
        return passes & self.reviewed[at] if reviewed else passes

    def best_rated(self, keep: np.ndarray, excluded: Sequence[int], count: int) -> list[int]:
        """The ids of the first `count` rows that `keep` passes, `excluded` ids left out, by
        the Bayesian-average rating (`WEIGHTED_RATING_SQL` descending, then id): the rating
        fill's places without PostgreSQL reading and sorting every place that passes."""
        passing = keep.copy()
        if len(excluded) and len(self.ids):
            wanted = np.asarray(excluded, dtype=np.int64)
            at = np.minimum(np.searchsorted(self.ids, wanted), len(self.ids) - 1)
            passing[at[self.ids[at] == wanted]] = False
        rows = np.flatnonzero(passing)
        ranks = self.rating_rank[rows]
        if len(rows) > count > 0:
            chosen = np.argpartition(ranks, count - 1)[:count]
            rows, ranks = rows[chosen], ranks[chosen]
        return [int(i) for i in self.ids[rows[np.argsort(ranks)][:count]]]

    def _coded(self, codes: np.ndarray, vocab: dict[str, int], values: Iterable[str]) -> np.ndarray:
        """Rows whose code is one of `values`' (one comparison per value: a filter names a
        few, and np.isin sorted all 29k codes each time, 0.1 ms)."""
        out = np.zeros(len(codes), dtype=bool)
        for code in {vocab[v] for v in values if v in vocab}:
            out |= codes == code
        return out

    def _any(self, postings: dict[str, np.ndarray], values: Iterable[str]) -> np.ndarray:
        """Rows whose array shares an element with `values` (SQL's `&&`)."""
        out = np.zeros(len(self.ids), dtype=bool)
        for value in values:
            if (rows := postings.get(value)) is not None:
                out[rows] = True
        return out

    def _near(self, p: Mapping[str, Any]) -> np.ndarray:
        """The bounding box, then `sql_filters.HAVERSINE_KM` <= radius, in the same order of
        operations (NaN positions fail every comparison, as NULL does)."""
        lat, lng = self.lat, self.lng
        with np.errstate(invalid="ignore"):
            box = (lat >= p["lat_min"]) & (lat <= p["lat_max"])
            box &= (lng >= p["lng_min"]) & (lng <= p["lng_max"])
            rows = np.flatnonzero(box)
            a, b = lat[rows], lng[rows]
            near_lat = p["near_lat"]
            h = np.power(np.sin(np.radians(a - near_lat) / 2), 2) + math.cos(
                math.radians(near_lat)
            ) * np.cos(np.radians(a)) * np.power(np.sin(np.radians(b - p["near_lng"]) / 2), 2)
            distance = 2 * EARTH_KM * np.arcsin(np.sqrt(h))
        out = np.zeros(len(self.ids), dtype=bool)
        out[rows[distance <= p["radius_km"]]] = True
        return out
