"""In-process servers speaking the hosted signal services' protocols, served on loopback:
OpenWeather One Call 3.0, Ticketmaster Discovery v2, NYC Open Data (Socrata SoQL), Nominatim,
and an iCalendar feed. Each validates what the real service validates (keys, parameters, the
User-Agent Nominatim requires) and answers in its documented shape, including its error bodies.

`FakeState` scripts them per test: data, a delay, a forced status, and a log of requests.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

WEATHER_KEY = "ow-key"
EVENTS_KEY = "tm-key"
SOCRATA_TOKEN = "app-token"
NYC_OFFSET = -4 * 3600  # EDT, One Call's `timezone_offset` for New York in summer


@dataclass
class FakeState:
    events: list[dict[str, Any]] = field(default_factory=list)  # Discovery event objects
    closures: list[dict[str, Any]] = field(default_factory=list)  # Socrata rows
    places: list[dict[str, Any]] = field(default_factory=list)  # Nominatim jsonv2 objects
    ical: str = ""
    tz_offset: int = NYC_OFFSET  # One Call's `timezone_offset` for the place asked about
    # One Call's first daily entry, read once per test: a test that runs across midnight UTC
    # counts its days from the same date as the fake (CI failed at 00:00 on the module's date)
    today: date = field(default_factory=lambda: datetime.now(UTC).date())
    delay: dict[str, float] = field(default_factory=dict)  # service → seconds
    status: dict[str, int] = field(default_factory=dict)  # service → forced status
    garbage: set[str] = field(default_factory=set)  # services answering a non-protocol body
    requests: list[tuple[str, dict[str, str], dict[str, str]]] = field(default_factory=list)

    def calls(self, service: str) -> list[dict[str, str]]:
        return [params for name, params, _ in self.requests if name == service]


def _distance_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    )
    return 2 * 6371.0088 * math.asin(math.sqrt(a))


async def _common(request: Request, service: str, state: FakeState) -> Response | None:
    state.requests.append((service, dict(request.query_params), dict(request.headers)))
    if delay := state.delay.get(service):
        await asyncio.sleep(delay)
    if status := state.status.get(service):
        return JSONResponse({"message": f"scripted {status}"}, status)
    if service in state.garbage:
        return Response("<html>maintenance</html>", 200, media_type="text/html")
    return None


def make_app(state: FakeState) -> Starlette:
    async def onecall(request: Request) -> Response:
        if early := await _common(request, "openweather", state):
            return early
        q = request.query_params
        if q.get("appid") != WEATHER_KEY:
            message = "Invalid API key. Please see https://openweathermap.org/faq#error401"
            return JSONResponse({"cod": 401, "message": message}, 401)
        if "lat" not in q or "lon" not in q:
            return JSONResponse({"cod": "400", "message": "Nothing to geocode"}, 400)
        lat = float(q["lat"])
        today = state.today
        daily = []
        for offset in range(8):
            day = today + timedelta(days=offset)
            noon_local = datetime.combine(day, time(12), tzinfo=UTC) - timedelta(
                seconds=state.tz_offset
            )
            warm = 30 - abs(lat) / 3 + offset  # metric units, as asked
            item: dict[str, Any] = {
                "dt": int(noon_local.timestamp()),
                "summary": "Expect a day of partly cloudy with rain",
                "temp": {"day": warm - 2, "min": warm - 8, "max": warm, "night": warm - 7},
                "weather": [{"id": 500, "main": "Rain", "description": "light rain"}],
                "pop": 0.2 + offset / 10,
            }
            if offset % 2:
                item["rain"] = 1.5 + offset
            daily.append(item)
        return JSONResponse(
            {
                "lat": lat,
                "lon": float(q["lon"]),
                "timezone": "America/New_York",
                "timezone_offset": state.tz_offset,
                "daily": daily,
            }
        )

    async def discovery(request: Request) -> Response:
        if early := await _common(request, "ticketmaster", state):
            return early
        q = request.query_params
        if q.get("apikey") != EVENTS_KEY:
            fault = {
                "faultstring": "Invalid ApiKey",
                "detail": {"errorcode": "oauth.v2.InvalidApiKey"},
            }
            return JSONResponse({"fault": fault}, 401)
        lat, lng = (float(v) for v in q["latlong"].split(","))
        radius = float(q.get("radius", "25")) * (1 if q.get("unit") == "km" else 1.609344)
        start, end = (datetime.fromisoformat(v) for v in q["localStartEndDateTime"].split(","))
        found = []
        for event in state.events:
            venue = event["_embedded"]["venues"][0]["location"]
            distance = _distance_km(lat, lng, float(venue["latitude"]), float(venue["longitude"]))
            local = datetime.fromisoformat(
                f"{event['dates']['start']['localDate']}T"
                f"{event['dates']['start'].get('localTime', '00:00:00')}"
            )
            if distance <= radius and start <= local <= end:
                found.append({**event, "distance": round(distance, 2), "units": "KILOMETERS"})
        size = int(q.get("size", "20"))
        body: dict[str, Any] = {
            "page": {"size": size, "totalElements": len(found), "totalPages": 1, "number": 0}
        }
        if found:  # Discovery leaves `_embedded` out when nothing matched
            body["_embedded"] = {"events": found[:size]}
        return JSONResponse(body)

    async def socrata(request: Request) -> Response:
        if early := await _common(request, "socrata", state):
            return early
        token = request.headers.get("x-app-token")
        if token is not None and token != SOCRATA_TOKEN:
            return JSONResponse(
                {
                    "code": "invalid_app_token",
                    "error": True,
                    "message": "Invalid app_token specified",
                },
                403,
            )
        where = request.query_params.get("$where", "")
        m = re.fullmatch(
            r"within_circle\(the_geom, (-?[\d.]+), (-?[\d.]+), (\d+)\) "
            r"AND work_start_date <= '([\dT:-]+)' AND work_end_date >= '([\dT:-]+)'",
            where,
        )
        if m is None:
            return JSONResponse(
                {
                    "code": "query.compiler.malformed",
                    "error": True,
                    "message": f"Could not parse SoQL query {where!r}",
                },
                400,
            )
        lat, lng, metres = float(m[1]), float(m[2]), float(m[3])
        rows = []
        for row in state.closures:
            points = [p for line in row["the_geom"]["coordinates"] for p in line]
            near = any(_distance_km(lat, lng, p[1], p[0]) * 1000 <= metres for p in points)
            if near and row["work_start_date"] <= m[4] and row["work_end_date"] >= m[5]:
                rows.append(row)
        rows.sort(key=lambda r: r["work_start_date"])
        return JSONResponse(rows[: int(request.query_params.get("$limit", "1000"))])

    async def nominatim(request: Request) -> Response:
        if not request.headers.get("user-agent", "").startswith("kairos/"):
            return Response("Access blocked: see the usage policy", 403)
        if early := await _common(request, "nominatim", state):
            return early
        q = request.query_params.get("q", "").lower()
        if request.query_params.get("format") != "jsonv2" or not q:
            return JSONResponse({"error": {"code": 400, "message": "Parameter 'q' missing"}}, 400)
        words = q.replace(",", " ").split()
        found = [p for p in state.places if all(w in p["display_name"].lower() for w in words)]
        return JSONResponse(found[: int(request.query_params.get("limit", "10"))])

    async def calendar(request: Request) -> Response:
        if early := await _common(request, "ical", state):
            return early
        etag = '"' + hashlib.sha256(state.ical.encode()).hexdigest()[:16] + '"'
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers={"ETag": etag})
        return Response(state.ical, media_type="text/calendar", headers={"ETag": etag})

    return Starlette(
        routes=[
            Route("/openweather/data/3.0/onecall", onecall),
            Route("/ticketmaster/discovery/v2/events.json", discovery),
            Route("/socrata/resource/i6b5-j7bu.json", socrata),
            Route("/nominatim/search", nominatim),
            Route("/calendar/schools.ics", calendar),
        ]
    )


def tm_event(
    event_id: str,
    name: str,
    day: date,
    at: str | None,
    lat: float,
    lng: float,
    *,
    venue: str = "Barclays Center",
    segment: str = "Music",
    status: str = "onsale",
) -> dict[str, Any]:
    """An event object as Discovery v2 sends it (coordinates as strings)."""
    start: dict[str, Any] = {"localDate": day.isoformat(), "dateTBD": False, "timeTBA": at is None}
    if at:
        start["localTime"] = at
    return {
        "name": name,
        "type": "event",
        "id": event_id,
        "url": f"https://www.ticketmaster.com/event/{event_id}",
        "dates": {"start": start, "timezone": "America/New_York", "status": {"code": status}},
        "classifications": [{"primary": True, "segment": {"id": "x", "name": segment}}],
        "_embedded": {
            "venues": [
                {
                    "name": venue,
                    "id": "KovZ",
                    "location": {"longitude": str(lng), "latitude": str(lat)},
                }
            ]
        },
    }


def dot_row(
    unique: str,
    street: str,
    start: date,
    end: date,
    line: list[tuple[float, float]],
    borough: str = "B",
) -> dict[str, Any]:
    """A row of dataset i6b5-j7bu as SODA's JSON sends it (line as [lng, lat] pairs)."""
    return {
        "the_geom": {"type": "MultiLineString", "coordinates": [[[lng, lat] for lat, lng in line]]},
        "segmentid": unique[:6],
        "onstreetname": street,
        "fromstreetname": "FLATBUSH AVENUE",
        "tostreetname": "4 AVENUE",
        "borough_code": borough,
        "work_start_date": f"{start}T00:00:00.000",
        "work_end_date": f"{end}T00:00:00.000",
        "uniqueid": unique,
        "purpose": "DOT IN-HOUSE MILLING",
    }


def nominatim_place(
    name: str,
    address: str,
    lat: float,
    lng: float,
    *,
    kind: str = "amenity",
    addresstype: str = "amenity",
    importance: float = 0.4,
) -> dict[str, Any]:
    return {
        "place_id": abs(hash(name)) % 10**8,
        "licence": "Data © OpenStreetMap contributors",
        "osm_type": "way",
        "osm_id": 1,
        "lat": f"{lat:.7f}",
        "lon": f"{lng:.7f}",
        "category": kind,
        "type": addresstype,
        "place_rank": 30,
        "importance": importance,
        "addresstype": addresstype,
        "name": name,
        "display_name": f"{name}, {address}",
        "address": {"city": address.split(", ")[-2] if ", " in address else None},
    }
