"""The catalog rows a trip's retrieval reads (`trips/retrieval.py` scores them): the places of
given kinds within a radius of the city's centre, read once per `ROWS_TTL_SECONDS` (the text arm,
bm25, is asked each time); the city's places to visit whose source gives no position, placed at
the centre; and the places to eat near the trip (`meals`)."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from sqlalchemy import text

from kairos.core.geo import haversine_km
from kairos.core.notability import two_places
from kairos.store.database import Database
from kairos.trips.diet_words import diet_evidence
from kairos.trips.lookups import VISIT_KINDS, CatalogLookups
from kairos.trips.models import Candidate
from kairos.trips.query_text import query_words
from kairos.trips.retrieval_rules import Row, is_food_place, plain_name

__all__ = ["BM25_RANKS", "FOOD_KIND", "MEAL_KINDS", "ROWS_TTL_SECONDS", "PlaceRows"]

MEAL_KINDS: Final = ("restaurant", "cafe")
FOOD_KIND: Final = "food market"
"""A meal at a place listed as a sight that is a hawker centre, food court or market."""
_KM_PER_DEGREE: Final = 111.0

_PLACES = text(
    "SELECT id, name, kind, city, lat, lng, attributes, categories, votes, address "
    "FROM places WHERE is_active AND kind = ANY(CAST(:kinds AS text[])) "
    "AND lat BETWEEN CAST(:lat AS float8) - CAST(:dlat AS float8) "
    "AND CAST(:lat AS float8) + CAST(:dlat AS float8) "
    "AND lng BETWEEN CAST(:lng AS float8) - CAST(:dlng AS float8) "
    "AND CAST(:lng AS float8) + CAST(:dlng AS float8) "
    "AND coalesce(attributes -> 'location' ->> 'routable', 'true') <> 'false'"
)
BM25_RANKS = text(
    "SELECT id, ts_rank_cd(search_tsv, to_tsquery('english', CAST(:q AS text))) AS bm25 "
    "FROM places WHERE id = ANY(CAST(:ids AS bigint[])) "
    "AND search_tsv @@ to_tsquery('english', CAST(:q AS text))"
)
_UNPOSITIONED = text(
    "SELECT id, name, kind, city, address, attributes, votes FROM places WHERE is_active "
    "AND kind = ANY(CAST(:kinds AS text[])) AND lat IS NULL "
    "AND attributes -> 'location' ->> 'routable' = 'false' "
    "AND city ILIKE CAST(:city AS text) || '%'"
)
ROWS_TTL_SECONDS: Final = 600.0
"""A city's places to visit are read once per this long (the retrieval set's base; the text
arm is asked each time)."""


class PlaceRows(CatalogLookups):
    """The rows `TripRetrieval` scores and the meals it offers, with their caches."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._rows_cache: dict[tuple[Any, ...], tuple[float, list[Row]]] = {}
        self._food: dict[int, bool] = {}
        """Place id → a place to eat listed as a sight (`is_food_place`: ~15 µs a row, asked
        for every row of a city twice a trip)."""
        self._diets: dict[int, tuple[str, ...]] = {}
        """Place id → the diets a place to eat's source says it serves (`diet_evidence`)."""

    def _is_food(self, row: Row) -> bool:
        found = self._food.get(row.id)
        if found is None:
            if len(self._food) > 200_000:
                self._food.clear()
            found = self._food[row.id] = is_food_place(row.name, row.attributes)
        return found

    def _diets_of(self, row: Row) -> tuple[str, ...]:
        found = self._diets.get(row.id)
        if found is None:
            if len(self._diets) > 200_000:
                self._diets.clear()
            found = self._diets[row.id] = tuple(sorted(diet_evidence(row.name, row.attributes)))
        return found

    async def _rows(
        self, centre: tuple[float, float], radius_km: float, interests: str, kinds: Sequence[str],
        city: str = "",
    ) -> list[Row]:  # fmt: skip
        key = (round(centre[0], 4), round(centre[1], 4), radius_km, tuple(kinds))
        cached = self._rows_cache.get(key)
        if cached is None or time.monotonic() - cached[0] > ROWS_TTL_SECONDS:
            cached = (time.monotonic(), await self._read_rows(centre, radius_km, kinds))
            self._rows_cache[key] = cached
        rows = cached[1]
        query = query_words(interests, city)
        if not query or not rows:
            return list(rows)
        async with self.db.reading() as session:
            found = await session.execute(BM25_RANKS, {"q": query, "ids": [r.id for r in rows]})
            ranks = {r.id: float(r.bm25) for r in found}
        return [replace(r, bm25=ranks.get(r.id, 0.0)) for r in rows]

    async def _read_rows(
        self, centre: tuple[float, float], radius_km: float, kinds: Sequence[str]
    ) -> list[Row]:
        dlat = radius_km / _KM_PER_DEGREE
        dlng = radius_km / (_KM_PER_DEGREE * max(0.2, math.cos(math.radians(centre[0]))))
        async with self.db.reading() as session:
            rows = await session.execute(
                _PLACES,
                {"kinds": list(kinds), "lat": centre[0], "lng": centre[1], "dlat": dlat,
                 "dlng": dlng},
            )  # fmt: skip
            return [
                Row(r.id, plain_name(r.name), r.kind, r.city, r.lat, r.lng,
                    dict(r.attributes or {}), int(r.votes or 0), address=r.address)
                for r in rows
                if haversine_km(centre[0], centre[1], r.lat, r.lng) <= radius_km
            ]  # fmt: skip

    async def _unpositioned(self, city: str, centre: tuple[float, float]) -> list[Row]:
        """The city's places to visit whose source gives no position (TripAdvisor rows no
        geocoder placed), at the centre: planned when the positioned ones cannot fill a trip."""
        key = ("unpositioned", city.lower(), round(centre[0], 4), round(centre[1], 4))
        cached = self._rows_cache.get(key)
        if cached is None or time.monotonic() - cached[0] > ROWS_TTL_SECONDS:
            async with self.db.reading() as session:
                found = await session.execute(
                    _UNPOSITIONED, {"kinds": list(VISIT_KINDS), "city": city}
                )
                rows = [Row(r.id, plain_name(r.name), r.kind, r.city, centre[0], centre[1],
                            dict(r.attributes or {}), int(r.votes or 0), positioned=False,
                            address=r.address)
                        for r in found]  # fmt: skip
            cached = (time.monotonic(), rows)
            self._rows_cache[key] = cached
        return list(cached[1])

    async def meals(
        self, centre: tuple[float, float], radius_km: float, city: str
    ) -> list[tuple[int, Candidate]]:
        """Restaurants and cafés of the catalog near the trip, and the places listed as sights
        that are places to eat (hawker centres, food courts and markets: `is_food_place`), those
        first (the caller runs the safety step). A name holding two places ("Dhobhi Mart;Rico's",
        `two_places`) is no one place to eat at."""
        rows = [r for r in await self._rows(centre, radius_km, "", MEAL_KINDS)
                if not two_places(r.name)]  # fmt: skip
        rows.sort(key=lambda r: (-(r.votes or 0), r.id))
        food = [r for r in await self._rows(centre, radius_km, "", VISIT_KINDS)
                if self._is_food(r)]  # fmt: skip
        rows = [*sorted(food, key=lambda r: r.id), *rows]
        eat = {r.id for r in food}
        return [
            (
                r.id,
                replace(Candidate.from_place(
                    id=str(r.id), name=r.name, kind=FOOD_KIND if r.id in eat else r.kind,
                    lat=r.lat, lng=r.lng, city=city,
                    attributes=r.attributes, default_minutes=60,
                ), diets=self._diets_of(r)),
            )
            for r in rows[:400]
        ]  # fmt: skip
