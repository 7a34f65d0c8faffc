"""Geocoding through a Nominatim server (`GET /search?format=jsonv2`): OpenStreetMap's public
instance, a self-hosted one, or a compatible commercial host (their key goes in `key`). The
public instance's usage policy requires an identifying User-Agent, which `llm/http.py` sets."""

from __future__ import annotations

from typing import Any, ClassVar

from kairos.signals.geocoding.models import GeocodeQuery, GeocodeResult, GeoMatch, MatchKind
from kairos.signals.http import HttpService

_CITY_TYPES = {
    "city",
    "town",
    "village",
    "suburb",
    "borough",
    "municipality",
    "county",
    "state",
    "country",
    "neighbourhood",
    "quarter",
    "hamlet",
}


class NominatimGeocoder:
    needs_key: ClassVar[bool] = False  # the public instance takes none
    offline: ClassVar[bool] = False
    name = "nominatim"

    def __init__(self, *, base_url: str, api_key: str | None, timeout_seconds: float) -> None:
        self._api_key = api_key
        self._http = HttpService(
            service="Nominatim",
            base_url=base_url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_GEOCODING_BASE_URL",
            key_setting="KAIROS_GEOCODING_API_KEY",
        )

    async def fetch(self, query: GeocodeQuery) -> GeocodeResult:
        params: dict[str, str | int | float] = {
            "q": query.text,
            "format": "jsonv2",
            "limit": query.limit,
            "addressdetails": 1,
        }
        if self._api_key:
            params["key"] = self._api_key
        body = await self._http.get_json("/search", params=params)
        if not isinstance(body, list):
            raise self._http.bad_response("a body that is not a list of places")
        try:
            matches = [_match(item) for item in body]
        except (KeyError, TypeError, ValueError) as exc:
            raise self._http.bad_response(f"a place it could not read ({exc!r})") from None
        matches.sort(key=lambda m: -m.score)  # stable: Nominatim's own order breaks ties
        note = None if matches else f"Nominatim found nothing for {query.text!r}"
        return GeocodeResult(matches=matches[: query.limit], note=note)

    async def aclose(self) -> None:
        await self._http.aclose()


def _kind(item: dict[str, Any]) -> MatchKind:
    kind = str(item.get("addresstype") or item.get("type") or "")
    if kind == "postcode":
        return "postcode"
    if kind in _CITY_TYPES:
        return "city"
    if kind in ("road", "street"):
        return "street"
    if kind in ("house", "building") or item.get("address", {}).get("house_number"):
        return "address"
    return "place"


def _match(item: dict[str, Any]) -> GeoMatch:
    address = item.get("address") or {}
    importance = item.get("importance")
    return GeoMatch(
        label=str(item["display_name"]),
        lat=float(item["lat"]),  # Nominatim sends coordinates as strings
        lng=float(item["lon"]),
        kind=_kind(item),
        score=min(1.0, max(0.0, float(importance))) if importance is not None else 0.5,
        city=address.get("city") or address.get("town") or address.get("village"),
    )
