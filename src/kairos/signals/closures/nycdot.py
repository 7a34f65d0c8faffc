"""New York City DOT street closures from NYC Open Data's Socrata API ("Street Closures due to
construction activities by Block", dataset i6b5-j7bu): a SoQL `$where` with `within_circle` on
the closure's line geometry and the work window's overlap with the days asked."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar

from kairos.core.geo import haversine_km
from kairos.signals.closures.models import Closure, ClosureList, ClosuresQuery
from kairos.signals.http import HttpService

ROW_LIMIT = 500
"""Rows per request: a 500 m circle holds tens of closures at most, even in Midtown."""

BOROUGHS = {"M": "Manhattan", "B": "Brooklyn", "Q": "Queens", "X": "Bronx", "S": "Staten Island"}


class NycDotClosures:
    needs_key: ClassVar[bool] = False  # an app token only raises the rate limit
    offline: ClassVar[bool] = False
    name = "nycdot"

    def __init__(self, *, base_url: str, app_token: str | None, timeout_seconds: float) -> None:
        self._http = HttpService(
            service="NYC Open Data (DOT street closures)",
            base_url=base_url,
            timeout_seconds=timeout_seconds,
            url_setting="KAIROS_CLOSURES_BASE_URL",
            key_setting="KAIROS_CLOSURES_API_KEY",
            headers={"X-App-Token": app_token} if app_token else None,
        )

    async def fetch(self, query: ClosuresQuery) -> ClosureList:
        metres = round(query.radius_km * 1000)
        where = (
            f"within_circle(the_geom, {query.lat:.6f}, {query.lng:.6f}, {metres}) "
            f"AND work_start_date <= '{query.end}T23:59:59' "
            f"AND work_end_date >= '{query.start}T00:00:00'"
        )
        rows = await self._http.get_json(
            "", params={"$where": where, "$order": "work_start_date", "$limit": ROW_LIMIT}
        )
        if not isinstance(rows, list):
            raise self._http.bad_response("a body that is not a list of rows")
        try:
            closures = [_closure(row, query) for row in rows]
        except (KeyError, TypeError, ValueError) as exc:
            raise self._http.bad_response(f"a row it could not read ({exc!r})") from None
        closures.sort(key=lambda c: (c.distance_km is None, c.distance_km or 0.0, c.start, c.id))
        note = f"only the first {ROW_LIMIT} closures were read" if len(rows) >= ROW_LIMIT else None
        return ClosureList(closures=closures, note=note)

    async def aclose(self) -> None:
        await self._http.aclose()


def _day(value: str) -> date:
    return datetime.fromisoformat(value.replace("Z", "")).date()


def _closure(row: dict[str, Any], query: ClosuresQuery) -> Closure:
    return Closure(
        id=str(row.get("uniqueid") or row["segmentid"]),
        street=str(row["onstreetname"]).strip(),
        from_street=row.get("fromstreetname"),
        to_street=row.get("tostreetname"),
        borough=BOROUGHS.get(str(row.get("borough_code", "")).upper()),
        start=_day(row["work_start_date"]),
        end=_day(row["work_end_date"]),
        purpose=row.get("purpose"),
        distance_km=_nearest_km(row.get("the_geom"), query.lat, query.lng),
    )


def _nearest_km(geometry: Any, lat: float, lng: float) -> float | None:
    """Distance to the closest vertex of a GeoJSON (Multi)LineString or Point; None without one."""
    if not isinstance(geometry, dict):
        return None
    points: list[Any] = []
    coordinates = geometry.get("coordinates")
    kind = geometry.get("type")
    if kind == "Point":
        points = [coordinates]
    elif kind == "LineString":
        points = list(coordinates or [])
    elif kind == "MultiLineString":
        points = [p for line in coordinates or [] for p in line]
    distances = [haversine_km(lat, lng, float(p[1]), float(p[0])) for p in points]
    return round(min(distances), 3) if distances else None
