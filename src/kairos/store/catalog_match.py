"""Find a venue that some other service named in the catalog: the same rule the ingest writer
merges sources by (`ingest.normalise`): the same normalised name ("The Friendly Toast" ==
"friendly toast") within 100 m, or, without coordinates, at the same normalised address.

Provider-neutral: hosted discovery (Google Places, Yelp Fusion, a plug-in's) hands in what it
read and gets back the catalog place of each, or None. Only a catalog place carries allergen
knowledge, so only a found venue can go through the group's safety step. One query however many
venues are asked about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import text

from kairos.ingest.normalise import haversine_km, normalise_name, same_location
from kairos.store.database import Database

__all__ = ["CatalogMatch", "VenueRef", "find_in_catalog"]

_BY_NAME = text(
    "SELECT id, xmin::text AS version, normalized_name, lat, lng, address FROM places "
    "WHERE is_active AND normalized_name = ANY(CAST(:names AS text[]))"
)


@dataclass(frozen=True, slots=True)
class VenueRef:
    """What another service says about a venue: enough to recognise it."""

    name: str
    lat: float | None = None
    lng: float | None = None
    address: str | None = None


@dataclass(frozen=True, slots=True)
class CatalogMatch:
    place_id: int
    version: str
    """The row's version as read (what `PlacesRepository.records_at` takes)."""
    distance_km: float | None


async def find_in_catalog(db: Database, venues: Sequence[VenueRef]) -> list[CatalogMatch | None]:
    """The catalog place of each venue, in order; None where there is none. With several
    same-named places close enough, the nearest."""
    keys = [normalise_name(v.name) for v in venues]
    names = sorted({k for k in keys if k})
    if not names:
        return [None] * len(venues)
    async with db.reading() as session:
        rows = (await session.execute(_BY_NAME, {"names": names})).all()
    by_name: dict[str, list[tuple[int, str, float | None, float | None, str | None]]] = {}
    for r in rows:
        by_name.setdefault(r.normalized_name, []).append((r.id, r.version, r.lat, r.lng, r.address))
    found: list[CatalogMatch | None] = []
    for venue, key in zip(venues, keys, strict=True):
        best: CatalogMatch | None = None
        for place_id, version, lat, lng, address in by_name.get(key, []):
            if not same_location(venue.lat, venue.lng, venue.address, lat, lng, address):
                continue
            distance = None
            if (
                venue.lat is not None
                and venue.lng is not None
                and lat is not None
                and lng is not None
            ):
                distance = haversine_km(venue.lat, venue.lng, lat, lng)
            if best is None or (distance or 0.0) < (best.distance_km or 0.0):
                best = CatalogMatch(place_id, version, distance)
        found.append(best)
    return found
