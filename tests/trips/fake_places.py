"""An in-process server speaking Google's Places API (New) as enrichment uses it: Text Search
(`POST /v1/places:searchText`) and Place Details (`GET /v1/places/{id}`), with the key header,
the required field mask (answers hold only the fields asked for) and Google's error bodies.

`PlacesState` scripts it per test: the places, statuses to answer next (a queue), a
`Retry-After`, and a log of requests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

PLACES_KEY = "gp-key"
_STATUS_NAMES = {400: "INVALID_ARGUMENT", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE"}  # fmt: skip


@dataclass
class PlacesState:
    places: dict[str, dict[str, Any]] = field(default_factory=dict)  # id → a full Place
    statuses: list[int] = field(default_factory=list)  # answered next, one per request
    retry_after: str | None = None
    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)  # (path, headers)

    def calls(self, kind: str) -> int:
        return sum(1 for path, _ in self.requests if kind in path)


def google_error(status: int, message: str) -> JSONResponse:
    body = {"error": {"code": status, "message": message, "status": _STATUS_NAMES[status]}}
    return JSONResponse(body, status)


def _masked(place: dict[str, Any], mask: set[str], prefix: str = "") -> dict[str, Any]:
    if "*" in mask:
        return place
    return {k: v for k, v in place.items() if f"{prefix}{k}" in mask}


def period(day: int, open_: str, close: str | None, close_day: int | None = None) -> dict[str, Any]:
    """A `regularOpeningHours.periods` item; days from Sunday = 0, times "HH:MM"."""
    oh, om = (int(x) for x in open_.split(":"))
    item: dict[str, Any] = {"open": {"day": day, "hour": oh, "minute": om}}
    if close is not None:
        ch, cm = (int(x) for x in close.split(":"))
        item["close"] = {"day": day if close_day is None else close_day, "hour": ch, "minute": cm}
    return item


def make_places_app(state: PlacesState) -> Starlette:
    async def common(request: Request) -> tuple[set[str], Response | None]:
        state.requests.append((request.url.path, dict(request.headers)))
        if state.statuses:
            status = state.statuses.pop(0)
            if status != 200:
                headers = {"Retry-After": state.retry_after} if state.retry_after else {}
                response = google_error(status, f"scripted {status}")
                response.headers.update(headers)
                return set(), response
        if request.headers.get("x-goog-api-key") != PLACES_KEY:
            return set(), google_error(
                403, "The request is missing a valid API key."
            )  # as Places answers a bad or missing key
        mask = request.headers.get("x-goog-fieldmask")
        if not mask:
            return set(), google_error(
                400, "FieldMask is a required parameter. See how to provide it at "
                "https://cloud.google.com/apis/docs/system-parameters#definitions",
            )  # fmt: skip
        return {m.strip() for m in mask.split(",")}, None

    async def search_text(request: Request) -> Response:
        mask, early = await common(request)
        if early:
            return early
        body = await request.json()
        query = str(body.get("textQuery") or "").lower()
        if not query:
            return google_error(400, "Empty text_query.")
        found = [p for p in state.places.values() if p["displayName"]["text"].lower() in query]
        found = found[: int(body.get("maxResultCount", 20))]
        if not found:
            return JSONResponse({})  # Places leaves `places` out when nothing matched
        return JSONResponse({"places": [_masked(p, mask, "places.") for p in found]})

    async def details(request: Request) -> Response:
        mask, early = await common(request)
        if early:
            return early
        place = state.places.get(request.path_params["place_id"])
        if place is None:
            return google_error(404, "Requested entity was not found.")
        return JSONResponse(_masked(place, mask))

    return Starlette(
        routes=[
            Route("/v1/places:searchText", search_text, methods=["POST"]),
            Route("/v1/places/{place_id}", details),
        ]
    )
