"""Where a point of interest is, for routing: `attributes["location"]`.

A POI with coordinates from its source is routable (`basis: source`). One without (TripAdvisor
rows have none) is looked up offline in the catalog's own places (`CatalogGeocoder`: a place's
name, an address, a street, a ZIP) with its name and address; a match is kept only when it is a
place, an address, a street or a ZIP centroid (never a city's centre) and lies within
`CITY_RADIUS_KM` of the POI's city centre, so a namesake in another city is never taken. Failing
those (the catalog rarely reaches the POI's city), the centroid of the address's own postal code
(`signals.geocoding.postal`: a Canadian code, about a block; a US ZIP), under the same radius.
Otherwise the POI is `routable: false` with the reason, and trips leave it out of routing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import text

from kairos.core.geo import haversine_km
from kairos.errors import InvalidInput
from kairos.signals.geocoding.catalog import CatalogGeocoder, PlaceRow
from kairos.signals.geocoding.cities import find_city
from kairos.signals.geocoding.models import MAX_CHARS, GeocodeQuery
from kairos.signals.geocoding.postal import postal_point
from kairos.store.database import Database

__all__ = ["CITY_RADIUS_KM", "LOCATION_KEY", "LocateOutcome", "locate_one", "locate_pois"]

LOCATION_KEY: Final = "location"
CITY_RADIUS_KM: Final = 30.0
"""A geocoded match farther than this from the POI's city centre is another city's namesake."""
ACCEPTED: Final = ("place", "address", "street", "postcode")
PRECISION: Final = {"place": "place", "address": "address", "street": "street centroid",
                    "postcode": "ZIP centroid"}  # fmt: skip


@dataclass
class LocateOutcome:
    from_source: int = 0
    geocoded: int = 0
    unroutable: int = 0


def locate_one(
    geocoder: CatalogGeocoder, name: str, address: str | None, city: str | None
) -> tuple[tuple[float, float] | None, dict[str, Any]]:
    """Coordinates found for a POI without any, and its `location` record."""
    centre = find_city(city)

    def near(lat: float, lng: float) -> bool:
        return centre is not None and haversine_km(centre.lat, centre.lng, lat, lng) <= (
            CITY_RADIUS_KM
        )

    texts = [t for t in (f"{name}, {address}" if address else None, address, name) if t]
    district: tuple[tuple[float, float], dict[str, Any]] | None = None
    for query_text in texts:
        try:
            query = GeocodeQuery(text=query_text[:MAX_CHARS], limit=3)
        except InvalidInput:
            continue
        for match in geocoder.lookup(query).matches:
            if match.kind not in ACCEPTED or not near(match.lat, match.lng):
                continue
            record = {"routable": True, "basis": "geocoded", "precision": PRECISION[match.kind],
                      "matched": match.label, "score": match.score}  # fmt: skip
            if match.kind == "postcode":  # a district: the address's own postal code may be finer
                district = district or ((match.lat, match.lng), record)
                continue
            return (match.lat, match.lng), record
    # the catalog rarely reaches the POI's city (TripAdvisor's New York or Toronto rows): the
    # centroid of the address's own postal code, read offline
    if (point := postal_point(address)) is not None and near(point.lat, point.lng):
        record = {"routable": True, "basis": "geocoded", "precision": point.precision,
                  "matched": point.code, "score": 1.0}  # fmt: skip
        return (point.lat, point.lng), record
    if district is not None:
        return district
    reason = (
        "no coordinates in the source, its postal code is unknown, and neither its name nor "
        f"its address matched a place of the catalog within {CITY_RADIUS_KM:g} km of "
        f"{city or 'its city'}"
    )
    return None, {"routable": False, "basis": "none", "reason": reason}


_POIS = text(
    "SELECT id, name, address, city, lat, lng, attributes -> 'location' AS location "
    "FROM places WHERE is_active AND attributes ? 'poi'"
)
_CATALOG = text(
    "SELECT name, address, city, lat, lng FROM places "
    "WHERE is_active AND lat IS NOT NULL AND lng IS NOT NULL"
)
_UPDATE = text(
    "UPDATE places SET lat = COALESCE(CAST(:lat AS double precision), lat), "
    "lng = COALESCE(CAST(:lng AS double precision), lng), "
    "attributes = attributes || jsonb_build_object('location', CAST(:location AS jsonb)) "
    "WHERE id = :id"
)


def _plan(
    pois: Iterable[Any], catalog: Iterable[PlaceRow]
) -> tuple[list[dict[str, Any]], LocateOutcome]:
    import json

    outcome = LocateOutcome()
    geocoder: CatalogGeocoder | None = None
    updates: list[dict[str, Any]] = []
    for row in pois:
        kept: Mapping[str, Any] | None = row.location
        if row.lat is not None and row.lng is not None:
            if kept and kept.get("basis") == "geocoded":
                outcome.geocoded += 1
                continue
            outcome.from_source += 1
            if not kept or kept.get("basis") != "source":
                record = {"routable": True, "basis": "source"}
                updates.append({"id": row.id, "lat": None, "lng": None,
                                "location": json.dumps(record)})  # fmt: skip
            continue
        geocoder = geocoder or CatalogGeocoder(catalog)
        coords, record = locate_one(geocoder, row.name, row.address, row.city)
        if coords is None:
            outcome.unroutable += 1
        else:
            outcome.geocoded += 1
        lat, lng = coords if coords else (None, None)
        updates.append({"id": row.id, "lat": lat, "lng": lng, "location": json.dumps(record)})
    return updates, outcome


async def locate_pois(db: Database) -> LocateOutcome:
    """Give every POI in the store its `location` record, geocoding those without coordinates."""
    async with db.session() as session:
        pois = (await session.execute(_POIS)).all()
        catalog = [tuple(r) for r in (await session.execute(_CATALOG)).all()]
    updates, outcome = _plan(pois, catalog)
    if updates:
        async with db.session() as session, session.begin():
            await session.execute(_UPDATE, updates)
    return outcome
