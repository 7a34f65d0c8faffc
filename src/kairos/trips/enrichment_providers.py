"""Enrichment providers by name (`KAIROS_TRIPS_ENRICHMENT_PROVIDER`): `offline`, which asks no
one and says what stays unknown, and `google_places`, Google's Places API (New):

1. the place's Google id: `attributes["google_place_id"]` when stored, else Text Search
   (`POST /v1/places:searchText`, field mask `places.id,places.displayName,places.location`)
   for its name and address or city, biased to a 2 km circle round it; with coordinates the
   nearest result within 500 m is taken, without them the first;
2. Place Details (`GET /v1/places/{id}`, field mask `id,displayName,regularOpeningHours,
   priceLevel,businessStatus,googleMapsUri`): `regularOpeningHours.periods` (days from Sunday = 0;
   a period without `close` is open around the clock) become the catalog's opening-hours record,
   `priceLevel` a tier (`PRICE_LEVEL_FREE` "free", `INEXPENSIVE` "$" … `VERY_EXPENSIVE` "$$$$").

Both payloads are kept raw. Google's terms ask that its data be shown with its attribution.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, ClassVar, Final

import httpx

from kairos.core.opening_hours import DAY_MINUTES, merge_intervals, split_days, weekly_to_json
from kairos.errors import ConfigurationError
from kairos.settings import Settings
from kairos.signals.http import HttpService
from kairos.trips.cache import TripCaches
from kairos.trips.enrichment import Enricher, missing_fields
from kairos.trips.enrichment_models import (
    ENRICHABLE_FIELDS,
    EnrichmentProvider,
    EnrichmentTarget,
    ProviderPlace,
    ProviderRateLimited,
)
from kairos.trips.rate_control import TokenBucket

__all__ = [
    "DETAILS_FIELD_MASK",
    "GOOGLE_PRICE_TIERS",
    "GooglePlacesEnrichment",
    "OfflineEnrichment",
    "available_enrichment_providers",
    "build_enricher",
    "create_enrichment_provider",
    "google_opening_hours",
    "register_enrichment_provider",
]

SEARCH_FIELD_MASK: Final = "places.id,places.displayName,places.location"
DETAILS_FIELD_MASK: Final = (
    "id,displayName,regularOpeningHours,priceLevel,businessStatus,googleMapsUri"
)
GOOGLE_PRICE_TIERS: Final = {
    "PRICE_LEVEL_FREE": "free",
    "PRICE_LEVEL_INEXPENSIVE": "$",
    "PRICE_LEVEL_MODERATE": "$$",
    "PRICE_LEVEL_EXPENSIVE": "$$$",
    "PRICE_LEVEL_VERY_EXPENSIVE": "$$$$",
}
MATCH_RADIUS_M: Final = 500.0
BIAS_RADIUS_M: Final = 2000.0
GOOGLE_ATTRIBUTION: Final = "Google Maps (Places API); shown with Google's attribution"
_WEEK: Final = 7 * DAY_MINUTES


class OfflineEnrichment:
    """No provider: every field the place lacks stays unknown, and the note says so."""

    name = "offline"
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock

    async def fetch(self, place: EnrichmentTarget) -> ProviderPlace:
        unknown = missing_fields(place.attributes, price_tier=place.price_tier)
        said = ", ".join(f.replace("_", " ") for f in unknown) or "nothing missing"
        return ProviderPlace(
            provider=self.name,
            place_id=place.id,
            unknown=unknown,
            fetched_at=datetime.fromtimestamp(self._clock(), tz=UTC),
            note=f"no enrichment provider is configured (KAIROS_TRIPS_ENRICHMENT_PROVIDER="
            f"offline); unknown: {said}",
        )

    async def aclose(self) -> None:
        return None


def _distance_m(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    )
    return 2 * 6_371_008.8 * math.asin(math.sqrt(a))


def _minute(point: Mapping[str, Any]) -> int:
    """Minutes from Monday 00:00 of a Places `{day, hour, minute}` (day 0 is Sunday)."""
    day = (int(point["day"]) + 6) % 7
    return day * DAY_MINUTES + int(point.get("hour", 0)) * 60 + int(point.get("minute", 0))


def google_opening_hours(hours: Mapping[str, Any]) -> dict[str, Any] | None:
    """`regularOpeningHours` → the catalog's record (`core/opening_hours.py`); None when it has
    no periods. Google lists open periods only, so a day without one is closed."""
    periods = hours.get("periods")
    if not isinstance(periods, list) or not periods:
        return None
    spans: list[tuple[int, int]] = []
    for period in periods:
        start = _minute(period["open"])
        if "close" not in period:
            spans = [(0, _WEEK)]  # open around the clock
            break
        end = _minute(period["close"])
        if end <= start:
            end += _WEEK
        spans.append((start, end))
    days = [merge_intervals(day) for day in split_days(spans)]
    text = "; ".join(str(d) for d in hours.get("weekdayDescriptions") or [])
    return {
        "status": "known",
        "weekly": weekly_to_json(tuple(days)),
        "parser": "google_places",
        "text": text,
        "source": "google_places",
    }


class GooglePlacesEnrichment:
    name = "google_places"
    needs_key: ClassVar[bool] = True
    offline: ClassVar[bool] = False

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str,
        timeout_seconds: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._clock = clock
        self._http = HttpService(
            service="Google Places",
            base_url=base_url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_GOOGLE_PLACES_BASE_URL",
            key_setting="KAIROS_GOOGLE_PLACES_API_KEY",
            headers={"X-Goog-Api-Key": api_key},
        )

    async def _json(self, method: str, path: str, mask: str, **kw: Any) -> Any:
        response = await self._http.request(
            method, path, headers={"X-Goog-FieldMask": mask}, ok=(200, 429), **kw
        )
        if response.status_code == 429:
            raise ProviderRateLimited(
                f"Google Places answered 429: {_error_message(response)}; over the rate limit "
                "or quota, retry later",
                retry_after=_retry_after(response),
            )
        body = self._http.json_of(response)
        if not isinstance(body, dict):
            raise self._http.bad_response("a body that is not an object")
        return body

    async def _find(self, place: EnrichmentTarget) -> tuple[str | None, dict[str, Any]]:
        where = place.address or place.city
        body: dict[str, Any] = {
            "textQuery": f"{place.name}, {where}" if where else place.name,
            "maxResultCount": 5,
        }
        if place.lat is not None and place.lng is not None:
            centre = {"latitude": place.lat, "longitude": place.lng}
            body["locationBias"] = {"circle": {"center": centre, "radius": BIAS_RADIUS_M}}
        found = await self._json("POST", "/v1/places:searchText", SEARCH_FIELD_MASK, json=body)
        candidates = found.get("places") or []  # absent when nothing matched
        if not isinstance(candidates, list):
            raise self._http.bad_response("`places` that is not a list")
        if place.lat is None or place.lng is None:
            return (str(candidates[0]["id"]) if candidates else None), found
        near: list[tuple[float, str]] = []
        for item in candidates:
            loc = item.get("location") or {}
            if "latitude" in loc and "longitude" in loc:
                metres = _distance_m(place.lat, place.lng, loc["latitude"], loc["longitude"])
                if metres <= MATCH_RADIUS_M:
                    near.append((metres, str(item["id"])))
        return (min(near)[1] if near else None), found

    async def fetch(self, place: EnrichmentTarget) -> ProviderPlace:
        raw: dict[str, Any] = {}
        google_id = place.attributes.get("google_place_id")
        if not isinstance(google_id, str) or not google_id:
            try:
                google_id, raw["search"] = await self._find(place)
            except (KeyError, TypeError, ValueError) as exc:
                unread = f"a search result it could not read ({exc!r})"
                raise self._http.bad_response(unread) from None
        fetched_at = datetime.fromtimestamp(self._clock(), tz=UTC)
        if google_id is None:
            return ProviderPlace(
                provider=self.name, place_id=place.id, unknown=list(ENRICHABLE_FIELDS), raw=raw,
                fetched_at=fetched_at, note=f"Google Places has no match for {place.name!r}",
            )  # fmt: skip
        details = await self._json("GET", f"/v1/places/{google_id}", DETAILS_FIELD_MASK,
                                   params={"languageCode": "en"})  # fmt: skip
        raw["details"] = details
        fields: dict[str, Any] = {}
        try:
            if details.get("businessStatus") == "CLOSED_PERMANENTLY":
                fields["opening_hours"] = {"status": "closed", "weekly": [[]] * 7,
                                           "parser": "google_places", "text": "closed permanently",
                                           "source": "google_places"}  # fmt: skip
            elif record := google_opening_hours(details.get("regularOpeningHours") or {}):
                fields["opening_hours"] = record
        except (KeyError, TypeError, ValueError) as exc:
            raise self._http.bad_response(f"opening hours it could not read ({exc!r})") from None
        if tier := GOOGLE_PRICE_TIERS.get(str(details.get("priceLevel", ""))):
            fields["price_tier"] = tier
        return ProviderPlace(
            provider=self.name, place_id=place.id, provider_id=google_id, fields=fields,
            unknown=[f for f in ENRICHABLE_FIELDS if f not in fields], raw=raw,
            fetched_at=fetched_at, attribution=GOOGLE_ATTRIBUTION,
        )  # fmt: skip

    async def aclose(self) -> None:
        await self._http.aclose()


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return max(0.0, float(response.headers.get("retry-after", "")))
    except ValueError:
        return None


def _error_message(response: httpx.Response) -> str:
    try:
        error = response.json().get("error") or {}
        return str(error.get("message") or error.get("status") or "no message")[:200]
    except (AttributeError, ValueError):
        return repr(response.text[:200])


# --- by name -------------------------------------------------------------------------------------

ProviderFactory = Callable[[Settings], EnrichmentProvider]
_REGISTRY: dict[str, tuple[type[Any], ProviderFactory]] = {}


def register_enrichment_provider(name: str, cls: type[Any], factory: ProviderFactory) -> None:
    """Add or replace the provider `KAIROS_TRIPS_ENRICHMENT_PROVIDER=name` selects."""
    _REGISTRY[name] = (cls, factory)


def available_enrichment_providers() -> list[str]:
    return sorted(_REGISTRY)


def create_enrichment_provider(settings: Settings) -> EnrichmentProvider:
    name = settings.trips_enrichment_provider
    if name not in _REGISTRY:
        raise ConfigurationError(
            f"unknown trips enrichment provider {name!r}; set KAIROS_TRIPS_ENRICHMENT_PROVIDER "
            f"to one of {', '.join(available_enrichment_providers())}"
        )
    cls, factory = _REGISTRY[name]
    if cls.needs_key and name == "google_places" and settings.google_places_api_key is None:
        raise ConfigurationError(
            "KAIROS_TRIPS_ENRICHMENT_PROVIDER=google_places needs an API key: set "
            "KAIROS_GOOGLE_PLACES_API_KEY, or set KAIROS_TRIPS_ENRICHMENT_PROVIDER=offline"
        )
    return factory(settings)


def build_enricher(settings: Settings, caches: TripCaches | None) -> Enricher:
    """The configured provider behind its token bucket and breaker, caching in `caches`."""
    bucket = TokenBucket(
        rate=settings.trips_enrichment_rate_per_second, burst=settings.trips_enrichment_burst
    )
    return Enricher(
        create_enrichment_provider(settings),
        caches=caches,
        bucket=bucket,
        timeout_seconds=settings.trips_enrichment_timeout_seconds,
    )


def _google(settings: Settings) -> EnrichmentProvider:
    key = settings.google_places_api_key
    return GooglePlacesEnrichment(
        base_url=settings.google_places_base_url,
        api_key=key.get_secret_value() if key else "",
        timeout_seconds=settings.trips_enrichment_timeout_seconds,
    )


register_enrichment_provider("offline", OfflineEnrichment, lambda _: OfflineEnrichment())
register_enrichment_provider("google_places", GooglePlacesEnrichment, _google)
