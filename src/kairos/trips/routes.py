"""HTTP routes of the trips product (seed 003). Thin: parse, authorise, call the product; the
exports (iCalendar, GeoJSON, a printable page: `trips/exports.py`) are renderings of the stored
trip."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

from kairos.api.deps import CurrentUser
from kairos.profiles.travel import TravelPreferences, TravelUpdate
from kairos.trips.answer import IntentAnswer, IntentBody, answer_intent
from kairos.trips.exports import calendar_bytes, geojson_of, printable_html
from kairos.trips.metrics import prometheus_text
from kairos.trips.product import TripsProduct
from kairos.trips.schemas import (
    LockRequest,
    RefineRequest,
    SwapRequest,
    SwapStopRequest,
    TripCreate,
    TripView,
)

router = APIRouter(tags=["trips"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "X-User-ID is not a UUID, or missing beside X-Service-Token"},
    401: {"description": "no credential: a user token, or X-Service-Token with X-User-ID"},
    403: {"description": "the trip belongs to another user"},
    404: {"description": "no such trip (create one with POST /trips)"},
    409: {"description": "unlocking a stop that is not locked"},
    422: {
        "description": "an unknown city, a day outside the trip, a stop not on it; the detail "
        "says what to send"
    },
}


async def product_of(request: Request) -> TripsProduct:
    product: TripsProduct = request.app.state.runtime.products["trips"]
    return product


# The printable page carries its own <style>: the app's policy (style-src 'self') would drop it.
# Everything else stays refused: the page has no scripts, images, fonts or forms.
PRINT_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)

ProductDep = Annotated[TripsProduct, Depends(product_of)]
TripId = Annotated[uuid.UUID, Path(description="the trip_id a trip returned")]
PlaceId = Annotated[str, Path(max_length=40, pattern=r"^\d{1,19}$", description="a stop's id")]


@router.post("/trips", response_model=TripView, status_code=201, responses=_ERRORS)
async def create(body: TripCreate, user: CurrentUser, product: ProductDep) -> TripView:
    """Plans, verifies and stores a trip; the verification is part of the answer."""
    return await product.create(user, body)


@router.post("/trips/{trip_id:uuid}/days/{day}/refine", response_model=TripView, responses=_ERRORS)
async def refine(
    trip_id: TripId,
    day: Annotated[int, Path(ge=1, le=14, description="1-based")],
    body: RefineRequest,
    user: CurrentUser,
    product: ProductDep,
) -> TripView:
    """Changes only that day: `more_relaxed` (one stop fewer, more time between), or `swap` a
    stop (`place_id`) for a place of `want` (outdoors, indoors, culture, sights, spiritual)."""
    edit: dict[str, Any] = {"kind": "refine", "day": day, "change": body.change}
    if isinstance(body, SwapStopRequest):
        edit |= {"place_id": body.place_id, "want": body.want}
    return await product.edit(user, trip_id, edit)


@router.post(
    "/trips/{trip_id:uuid}/stops/{place_id}/swap", response_model=TripView, responses=_ERRORS
)
async def swap(
    trip_id: TripId, place_id: PlaceId, body: SwapRequest, user: CurrentUser, product: ProductDep
) -> TripView:
    view = await product.read(user, trip_id)
    day = product.day_of(view, place_id)
    edit = {"kind": "refine", "day": day, "change": "swap", "place_id": place_id,
            "want": body.want}  # fmt: skip
    return await product.edit(user, trip_id, edit)


@router.post(
    "/trips/{trip_id:uuid}/stops/{place_id}/lock", response_model=TripView, responses=_ERRORS
)
async def lock(
    trip_id: TripId, place_id: PlaceId, body: LockRequest, user: CurrentUser, product: ProductDep
) -> TripView:
    """Fixes a place to a day (and a start time): the trip is planned again around it."""
    edit = {"kind": "lock", "place_id": place_id, "day": body.day, "start": body.start}
    return await product.edit(user, trip_id, edit)


@router.delete(
    "/trips/{trip_id:uuid}/stops/{place_id}/lock", response_model=TripView, responses=_ERRORS
)
async def unlock(
    trip_id: TripId, place_id: PlaceId, user: CurrentUser, product: ProductDep
) -> TripView:
    """Frees a locked place: the trip is planned again without the lock."""
    return await product.edit(user, trip_id, {"kind": "unlock", "place_id": place_id})


@router.get("/trips/preferences", response_model=TravelPreferences, responses=_ERRORS)
async def preferences(user: CurrentUser) -> TravelPreferences:
    """The traveller's preferences on the shared profile (favourite tags, companions, travel
    modes, pace, accessibility): a new trip takes what its request leaves out from here."""
    return user.travel


@router.patch("/trips/preferences", response_model=TravelPreferences, responses=_ERRORS)
async def update_preferences(
    body: TravelUpdate, user: CurrentUser, request: Request
) -> TravelPreferences:
    """Merges the values sent into the stored preferences; fields not sent are kept. Trips
    already planned keep the values they were planned with."""
    updated = await request.app.state.runtime.profiles.update_travel(user.uid, body)
    travel: TravelPreferences = updated.travel
    return travel


@router.post("/trips/intent", response_model=IntentAnswer, responses=_ERRORS)
async def intent(
    body: IntentBody, request: Request, user: CurrentUser, product: ProductDep
) -> IntentAnswer:
    """Words → the seed's pipeline: discovery plans a trip, refine_trip_day changes one day of
    `trip_id`, enrich_petal answers about one place. An empty message is a 422."""
    await request.app.state.rate_limits.check_chat(request.scope, user.uid)
    return await answer_intent(product, user, body, request.app.state.runtime.embedder)


@router.get("/metrics", response_class=PlainTextResponse, tags=["operations"])
async def metrics(product: ProductDep) -> PlainTextResponse:
    """Prometheus text: the seed's table (seed 003 §9) for this process."""
    return PlainTextResponse(
        prometheus_text(product), media_type="text/plain; version=0.0.4; charset=utf-8"
    )


@router.get("/trips/{trip_id:uuid}.ics", responses=_ERRORS)
async def calendar(trip_id: TripId, user: CurrentUser, product: ProductDep) -> Response:
    """Every slot as an event (RFC 5545: UID, DTSTAMP, times with the city's TZID and its
    VTIMEZONE, LOCATION, GEO); the description opens with what to check (opening hours nobody
    could check) and, for a meal, its allergy check in words."""
    view = await product.read(user, trip_id)
    return Response(
        calendar_bytes(view),
        media_type="text/calendar",
        headers={"Content-Disposition": f'attachment; filename="trip-{view.trip_id}.ics"'},
    )


@router.get("/trips/{trip_id:uuid}.geojson", responses=_ERRORS)
async def geojson(trip_id: TripId, user: CurrentUser, product: ProductDep) -> dict[str, Any]:
    """A point per slot and a line per day, in visiting order (RFC 7946, [lng, lat])."""
    return geojson_of(await product.read(user, trip_id))


@router.get("/trips/{trip_id:uuid}/print", response_class=HTMLResponse, responses=_ERRORS)
async def printable(trip_id: TripId, user: CurrentUser, product: ProductDep) -> HTMLResponse:
    """The trip as a page to print: the verdict and what to check before going, days, times,
    places (each meal with its allergy check, in words), the checks, sources and licences."""
    view = await product.read(user, trip_id)
    return HTMLResponse(printable_html(view), headers={"Content-Security-Policy": PRINT_POLICY})


@router.get("/trips/{trip_id:uuid}", response_model=TripView, responses=_ERRORS)
async def read(trip_id: TripId, user: CurrentUser, product: ProductDep) -> TripView:
    """The stored trip (after the exports, whose paths share this prefix)."""
    return await product.read(user, trip_id)
