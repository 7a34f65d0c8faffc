"""Hosted discovery (seed 002's Scout tools): Google Places Text Search (New) and Yelp Fusion's
business search, up to 8 results each.

Each provider asks its service, then finds every venue it got in the catalog
(`store/catalog_match.py`: the same normalised name within 100 m, the ingest writer's rule). A
venue found becomes a `SearchHit` of that catalog place, so the group's safety step reads its
allergen knowledge like any other, and the service's price level goes to the cost analyst as one
more signal, under the provider's name. A venue not found is not shown: its allergen knowledge is
unknown, and the scout's status says how many were left out.

Failures raise `SignalUnavailable` (the shared `signals/http.py` mapping: `timeout`,
`unauthorized`, `upstream_error`, …); the scout reports it for this provider and carries on with
the others. The call has one budget, `KAIROS_DISCOVERY_TIMEOUT_SECONDS`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from kairos.search.models import MatchExplanation, SearchHit
from kairos.signals.envelope import TIMEOUT
from kairos.signals.http import HttpService
from kairos.signals.source import SignalUnavailable
from kairos.store.catalog_match import VenueRef, find_in_catalog
from kairos.store.places import PlacesRepository
from kairos.venues.discovery import Discovered, DiscoveryQuery

__all__ = [
    "GOOGLE_FIELD_MASK",
    "GooglePlacesDiscovery",
    "HostedVenue",
    "YelpFusionDiscovery",
    "not_in_catalog_note",
    "resolve_hosted",
]

RESULTS: Final = 8
"""Per service and query: the seed's "up to 8 results each"."""
GOOGLE_MAX_RADIUS_M: Final = 50_000.0
"""Places' `locationBias.circle.radius` is at most 50 km."""
YELP_MAX_RADIUS_M: Final = 40_000
"""Yelp's `radius` is at most 40 km."""
GOOGLE_FIELD_MASK: Final = ",".join(
    f"places.{f}"
    for f in (
        "id",
        "displayName",
        "formattedAddress",
        "location",
        "rating",
        "userRatingCount",
        "priceLevel",
        "types",
    )
)
"""Only what the scout reads (Text Search bills by the fields asked for, and refuses none)."""
GOOGLE_PRICE_LEVELS: Final = {
    "PRICE_LEVEL_INEXPENSIVE": 1,
    "PRICE_LEVEL_MODERATE": 2,
    "PRICE_LEVEL_EXPENSIVE": 3,
    "PRICE_LEVEL_VERY_EXPENSIVE": 4,
}
"""`PRICE_LEVEL_FREE` and `PRICE_LEVEL_UNSPECIFIED` are no tier."""


@dataclass(frozen=True, slots=True)
class HostedVenue:
    """A venue as a hosted service describes it."""

    source_id: str
    name: str
    lat: float | None = None
    lng: float | None = None
    address: str | None = None
    rating: float | None = None
    votes: int | None = None
    price_level: int | None = None
    categories: list[str] = field(default_factory=list)


def not_in_catalog_note(count: int) -> str:
    return (
        f"{count} hosted result{'s' if count != 1 else ''} not in the catalog: not shown, "
        "their allergen knowledge is unknown"
    )


async def resolve_hosted(
    source: str, venues: Sequence[HostedVenue], places: PlacesRepository
) -> Discovered:
    """The catalog places of `venues`, in the service's order, with its price levels; the
    venues not in the catalog are counted in a note, never shown."""
    matches = await find_in_catalog(
        places.db, [VenueRef(v.name, v.lat, v.lng, v.address) for v in venues]
    )
    records = await places.records_at([(m.place_id, m.version) for m in matches if m is not None])
    hits: list[SearchHit] = []
    prices: dict[int, dict[str, int]] = {}
    missing = 0
    for venue, match in zip(venues, matches, strict=True):
        record = records.get(match.place_id) if match is not None else None
        if match is None or record is None:
            missing += 1
            continue
        if any(h.place.id == match.place_id for h in hits):
            continue  # two of the service's results for one catalog place
        hits.append(
            SearchHit(
                place=record.place,
                version=match.version,
                score=round(1.0 / (len(hits) + 1), 4),
                rank=len(hits) + 1,
                why=MatchExplanation(arms=[]),
            )
        )
        if venue.price_level is not None and 1 <= venue.price_level <= 4:
            prices[match.place_id] = {source: venue.price_level}
    notes = [not_in_catalog_note(missing)] if missing else []
    return Discovered(hits=hits, price_signals=prices, notes=notes)


def _where(query: DiscoveryQuery) -> str | None:
    f = query.filters
    if f.area and f.city:
        return f"{f.area}, {f.city}"
    return f.area or f.city


class _Hosted:
    name: str
    needs_key: ClassVar[bool] = True

    def __init__(self, http: HttpService, places: PlacesRepository) -> None:
        self._http = http
        self._places = places

    async def discover(self, query: DiscoveryQuery) -> Discovered:
        try:
            async with asyncio.timeout(self._http.timeout_seconds):
                found = await self._search(query)
        except TimeoutError:
            raise SignalUnavailable(
                TIMEOUT,
                f"{self._http.service} did not answer within {self._http.timeout_seconds:g}s",
            ) from None
        if isinstance(found, str):
            return Discovered(hits=[], notes=[found])
        return await resolve_hosted(self.name, found, self._places)

    async def _search(self, query: DiscoveryQuery) -> list[HostedVenue] | str:
        """The service's venues, or why it could not be asked (a note)."""
        raise NotImplementedError

    async def aclose(self) -> None:
        await self._http.aclose()


class GooglePlacesDiscovery(_Hosted):
    """`POST /v1/places:searchText` (Places API (New)), biased to a circle round the group's
    meeting point when there is one, else the place named in the text."""

    name = "google_places"

    def __init__(
        self, *, base_url: str, api_key: str, timeout_seconds: float, places: PlacesRepository
    ) -> None:
        http = HttpService(
            service="Google Places",
            base_url=base_url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_GOOGLE_PLACES_BASE_URL",
            key_setting="KAIROS_GOOGLE_PLACES_API_KEY",
            headers={"X-Goog-Api-Key": api_key, "X-Goog-FieldMask": GOOGLE_FIELD_MASK},
        )
        super().__init__(http, places)

    async def _search(self, query: DiscoveryQuery) -> list[HostedVenue] | str:
        f = query.filters
        where = _where(query)
        words = query.words or query.text
        body: dict[str, Any] = {
            "textQuery": f"{words} in {where}" if where and not f.near else words,
            "maxResultCount": RESULTS,
        }
        if f.near is not None:
            radius = min(GOOGLE_MAX_RADIUS_M, (f.radius_km or 5.0) * 1000)
            body["locationBias"] = {
                "circle": {
                    "center": {"latitude": f.near.lat, "longitude": f.near.lng},
                    "radius": radius,
                }
            }
        answer = await self._http.post_json("/v1/places:searchText", json=body)
        if not isinstance(answer, dict):
            raise self._http.bad_response("a body that is not an object")
        raw = answer.get("places", [])  # absent when nothing matched
        if not isinstance(raw, list):
            raise self._http.bad_response("`places` that is not a list")
        try:
            return [_google_place(item) for item in raw[:RESULTS]]
        except (KeyError, TypeError, ValueError) as exc:
            raise self._http.bad_response(f"a place it could not read ({exc!r})") from None


def _google_place(item: dict[str, Any]) -> HostedVenue:
    location = item.get("location") or {}
    display = item.get("displayName") or {}
    return HostedVenue(
        source_id=str(item["id"]),
        name=str(display["text"]),
        lat=float(location["latitude"]) if "latitude" in location else None,
        lng=float(location["longitude"]) if "longitude" in location else None,
        address=item.get("formattedAddress"),
        rating=float(item["rating"]) if item.get("rating") is not None else None,
        votes=int(item["userRatingCount"]) if item.get("userRatingCount") is not None else None,
        price_level=GOOGLE_PRICE_LEVELS.get(str(item.get("priceLevel", ""))),
        categories=[str(t) for t in item.get("types") or []],
    )


class YelpFusionDiscovery(_Hosted):
    """`GET /v3/businesses/search`: round the group's meeting point (`latitude`, `longitude`,
    `radius`) when there is one, else the place the request names (`location`)."""

    name = "yelp_fusion"

    def __init__(
        self, *, base_url: str, api_key: str, timeout_seconds: float, places: PlacesRepository
    ) -> None:
        http = HttpService(
            service="Yelp Fusion",
            base_url=base_url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_YELP_BASE_URL",
            key_setting="KAIROS_YELP_API_KEY",
            headers={"Authorization": f"Bearer {api_key}"},
        )
        super().__init__(http, places)

    async def _search(self, query: DiscoveryQuery) -> list[HostedVenue] | str:
        f = query.filters
        params: dict[str, str | int | float] = {
            "term": query.words or query.text,
            "limit": RESULTS,
        }
        if f.near is not None:
            params["latitude"] = round(f.near.lat, 6)
            params["longitude"] = round(f.near.lng, 6)
            if f.radius_km:
                params["radius"] = min(YELP_MAX_RADIUS_M, round(f.radius_km * 1000))
        elif where := _where(query):
            params["location"] = where
        else:
            return "not asked: Yelp needs a place (a city in the request or members' locations)"
        answer = await self._http.get_json("/v3/businesses/search", params=params)
        if not isinstance(answer, dict) or not isinstance(answer.get("businesses"), list):
            raise self._http.bad_response("no `businesses` list")
        try:
            return [_yelp_business(item) for item in answer["businesses"][:RESULTS]]
        except (KeyError, TypeError, ValueError) as exc:
            raise self._http.bad_response(f"a business it could not read ({exc!r})") from None


def _yelp_business(item: dict[str, Any]) -> HostedVenue:
    coordinates = item.get("coordinates") or {}
    lat, lng = coordinates.get("latitude"), coordinates.get("longitude")
    address = (item.get("location") or {}).get("display_address") or []
    price = item.get("price")
    return HostedVenue(
        source_id=str(item["id"]),
        name=str(item["name"]),
        lat=float(lat) if lat is not None else None,
        lng=float(lng) if lng is not None else None,
        address=", ".join(str(line) for line in address) or None,
        rating=float(item["rating"]) if item.get("rating") is not None else None,
        votes=int(item["review_count"]) if item.get("review_count") is not None else None,
        price_level=len(price) if isinstance(price, str) and set(price) == {"$"} else None,
        categories=[str(c.get("title") or c.get("alias")) for c in item.get("categories") or []],
    )
