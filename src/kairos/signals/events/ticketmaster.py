"""Events from Ticketmaster's Discovery API v2 (`GET /discovery/v2/events.json`), the seed's
choice (ADR-008). Venue coordinates and the distance come from the response itself."""

from __future__ import annotations

from datetime import date, time
from typing import Any, ClassVar

from kairos.signals.events.models import Event, EventList, EventsQuery
from kairos.signals.http import HttpService

PAGE_SIZE = 100
"""Events per request; Discovery caps `size` at 200 and a neighbourhood's weekend is far fewer."""


class TicketmasterEvents:
    needs_key: ClassVar[bool] = True
    offline: ClassVar[bool] = False
    name = "ticketmaster"

    def __init__(self, *, base_url: str, api_key: str, timeout_seconds: float) -> None:
        self._api_key = api_key
        self._http = HttpService(
            service="Ticketmaster Discovery",
            base_url=base_url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_EVENTS_BASE_URL",
            key_setting="KAIROS_EVENTS_API_KEY",
        )

    async def fetch(self, query: EventsQuery) -> EventList:
        body = await self._http.get_json(
            "/events.json",
            params={
                "apikey": self._api_key,
                "latlong": f"{query.lat:.6f},{query.lng:.6f}",
                "radius": f"{query.radius_km:g}",
                "unit": "km",
                "localStartEndDateTime": f"{query.start}T00:00:00,{query.end}T23:59:59",
                "size": PAGE_SIZE,
                "sort": "date,asc",
            },
        )
        if not isinstance(body, dict) or not isinstance(body.get("page"), dict):
            raise self._http.bad_response("no `page` object")
        raw = body.get("_embedded", {}).get("events", [])  # absent when nothing matched
        if not isinstance(raw, list):
            raise self._http.bad_response("`_embedded.events` that is not a list")
        try:
            events = [_event(item) for item in raw if _status(item) != "cancelled"]
        except (KeyError, TypeError, ValueError) as exc:
            raise self._http.bad_response(f"an event it could not read ({exc!r})") from None
        events.sort(key=lambda e: (e.day, e.start_time or time.min, e.id))
        total = body["page"].get("totalElements", len(raw))
        note = (
            f"showing the first {len(raw)} of {total} events"
            if isinstance(total, int) and total > len(raw)
            else None
        )
        return EventList(events=events, note=note)

    async def aclose(self) -> None:
        await self._http.aclose()


def _status(item: dict[str, Any]) -> str:
    return str(item.get("dates", {}).get("status", {}).get("code", "")).lower()


def _event(item: dict[str, Any]) -> Event:
    start = item["dates"]["start"]
    venues = item.get("_embedded", {}).get("venues") or [{}]
    venue = venues[0]
    location = venue.get("location") or {}
    segment = (item.get("classifications") or [{}])[0].get("segment") or {}
    distance = item.get("distance")
    return Event(
        id=str(item["id"]),
        name=str(item["name"]),
        day=date.fromisoformat(start["localDate"]),
        start_time=time.fromisoformat(start["localTime"]) if start.get("localTime") else None,
        venue=venue.get("name"),
        lat=float(location["latitude"]) if "latitude" in location else None,
        lng=float(location["longitude"]) if "longitude" in location else None,
        distance_km=_km(distance, item.get("units")) if distance is not None else None,
        category=segment.get("name"),
        url=item.get("url"),
    )


def _km(distance: Any, units: Any) -> float:
    value = float(distance)
    return round(value * 1.609344 if str(units).upper() == "MILES" else value, 2)
