"""The catalog lookups trips make beside retrieval: the cities that can be planned and why one
cannot, a place's stored attributes (enrichment, phrasing) and a place by name (`about`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from sqlalchemy import text

from kairos.signals.geocoding.cities import CityCentre
from kairos.store.database import Database

__all__ = ["VISIT_KINDS", "CatalogLookups"]

VISIT_KINDS: Final = ("museum", "park", "viewpoint", "religious_site", "attraction", "venue")


class CatalogLookups:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def nothing_to_visit(self, city: str, km: float, tags: bool, step_free: bool) -> str:
        """Why a city has nothing to plan: no places, none that may be step-free, none routable."""
        unroutable, reason = await self.unroutable_in(city)
        known = ", ".join(await self.plannable_cities()) or "none yet"
        if step_free:
            return (
                f"every place to visit within {km:.0f} km of {city} is marked not wheelchair "
                "accessible by its source (OSM wheelchair=no); plan without 'step-free only' to "
                "see every place, or try another city"
            )
        if unroutable and not tags:
            return (
                f"the catalog has {unroutable} places to visit in {city}, but none can be placed "
                f"on a route ({reason}); they are left out of planning. Cities that can be "
                f"planned: {known}"
            )
        return (
            f"the catalog has no places to visit within {km:.0f} km of {city}"
            f"{' that match the tags' if tags else ''}; try another city or fewer tags "
            f"(cities that can be planned: {known})"
        )

    async def unroutable_in(self, city: str) -> tuple[int, str | None]:
        """Places to visit in `city` left out of routing (no coordinates), and one reason."""
        async with self.db.reading() as session:
            row = (
                await session.execute(
                    text(
                        "SELECT count(*) AS n, min(attributes -> 'location' ->> 'reason') AS why "
                        "FROM places WHERE is_active AND kind = ANY(CAST(:k AS text[])) "
                        "AND attributes -> 'location' ->> 'routable' = 'false' "
                        "AND city ILIKE CAST(:city AS text) || '%'"
                    ),
                    {"k": list(VISIT_KINDS), "city": city},
                )
            ).one()
            return int(row.n), row.why

    async def plannable_cities(self) -> list[str]:
        """Every city with at least 5 places to visit, largest first (for messages), as the
        catalog spells it ("New York City", "Washington, D.C."). A place the source gives no
        position is planned too (its travel an allowance, the trip never verified), so a city
        whose places all lack one is still a city Kairos plans; none is cut off by a count."""
        async with self.db.reading() as session:
            rows = await session.execute(
                text(
                    "SELECT city FROM places WHERE is_active AND kind = ANY(CAST(:k AS text[])) "
                    "AND city IS NOT NULL GROUP BY city HAVING count(*) >= 5 "
                    "ORDER BY count(*) DESC, city"
                ),
                {"k": list(VISIT_KINDS)},
            )
            return [r.city for r in rows]

    async def catalogue_centre(self, city: str) -> CityCentre | None:
        """A city the gazetteer does not know but the catalog holds at least 5 positioned
        places to visit in (notable sights of a city no centre is written for): its centre is
        the median of those places; None otherwise."""
        async with self.db.reading() as session:
            row = (
                await session.execute(
                    text(
                        "SELECT min(city) AS city, count(*) AS n, "
                        "percentile_cont(0.5) WITHIN GROUP (ORDER BY lat) AS lat, "
                        "percentile_cont(0.5) WITHIN GROUP (ORDER BY lng) AS lng FROM places "
                        "WHERE is_active AND kind = ANY(CAST(:k AS text[])) AND lat IS NOT NULL "
                        "AND lower(city) = lower(CAST(:city AS text))"
                    ),
                    {"k": list(VISIT_KINDS), "city": city.strip()},
                )
            ).one()
        if row.n < 5 or row.lat is None:
            return None
        return CityCentre(str(row.city), (str(row.city).lower(),), "", "", float(row.lat),
                          float(row.lng))  # fmt: skip

    async def attributes_of(
        self, ids: Sequence[int]
    ) -> dict[int, tuple[dict[str, Any], str | None]]:
        """Stored attributes and price tier of some places (for enrichment's decision)."""
        if not ids:
            return {}
        async with self.db.reading() as session:
            rows = await session.execute(
                text("SELECT id, attributes, price_tier FROM places "
                     "WHERE id = ANY(CAST(:ids AS bigint[]))"),
                {"ids": list(ids)},
            )  # fmt: skip
            return {r.id: (dict(r.attributes or {}), r.price_tier) for r in rows}

    async def named(
        self, name: str, lat: float, lng: float
    ) -> tuple[int, str, str, str | None, dict[str, Any], str | None] | None:
        """The place of that name nearest a point (a geocoder's match)."""
        async with self.db.reading() as session:
            row = (
                await session.execute(
                    text(
                        "SELECT id, name, kind, city, attributes, price_tier FROM places WHERE "
                        "is_active AND lower(name) = lower(:name) ORDER BY (lat - "
                        "CAST(:lat AS float8)) ^ 2 + (lng - CAST(:lng AS float8)) ^ 2 LIMIT 1"
                    ),
                    {"name": name, "lat": lat, "lng": lng},
                )
            ).first()
        if row is None:
            return None
        return row.id, row.name, row.kind, row.city, dict(row.attributes or {}), row.price_tier
