"""HTTP routes of the trips product (seed 003). Thin: parse, authorise, call the product; the
exports (iCalendar, GeoJSON, a printable page) are renderings of the stored trip."""

from __future__ import annotations

import html
import uuid
from datetime import datetime, time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from kairos.api.deps import CurrentUser
from kairos.profiles.travel import TravelPreferences, TravelUpdate
from kairos.trips.answer import IntentAnswer, IntentBody, answer_intent
from kairos.trips.metrics import prometheus_text
from kairos.trips.phrasing import MODE_WORDS
from kairos.trips.product import TripsProduct
from kairos.trips.schemas import (
    LockRequest,
    RefineRequest,
    SlotView,
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


LEVEL_WORDS = {"danger": "DANGER", "warning": "WARNING", "caution": "CAUTION", "info": "NOTE"}


def allergy_lines(slot: SlotView) -> list[str]:
    """A meal's allergy check in words, for the calendar and the printed page: the summary, why
    a place with a known risk was kept, each risk (its level, for whom, its message), and how far
    the knowledge goes. A stop (not a place to eat) has none: nothing to eat is planned there."""
    check = slot.allergy
    if slot.kind == "stop" or check.verdict == "not_food":
        return []
    lines = [f"Allergies ({', '.join(check.checked_for)}): {check.summary}"]
    if slot.risk_reason:
        lines.append(f"Why this place: {slot.risk_reason}")
    lines += [
        f"{LEVEL_WORDS.get(r.level, r.level.upper())}: {r.name}, for {', '.join(r.who)}: "
        f"{r.message}"
        for r in check.risks
    ]
    if check.note and check.verdict != "no_allergies":
        lines.append(check.note)
    return lines


def _when(day: Any, hhmm: str) -> datetime:
    hours, minutes = map(int, hhmm.split(":"))
    return datetime.combine(day, time(hours % 24, minutes))


@router.get("/trips/{trip_id:uuid}.ics", responses=_ERRORS)
async def calendar(trip_id: TripId, user: CurrentUser, product: ProductDep) -> Response:
    """Every slot as an event (floating local times: the trip's own time zone); a meal's
    description opens with its allergy check in words."""
    view = await product.read(user, trip_id)
    cal = Calendar()
    cal.add("prodid", "-//Kairos//trips//EN")
    cal.add("version", "2.0")
    for d in view.days:
        for i, s in enumerate(d.slots):
            event = CalendarEvent()
            event.add("uid", f"{view.trip_id}-{d.index}-{i}@kairos")
            event.add("summary", s.name if s.kind == "stop" else f"{s.kind.title()}: {s.name}")
            event.add("dtstart", _when(d.date, s.start))
            event.add("dtend", _when(d.date, s.end))
            event.add("geo", (s.lat, s.lng))
            event.add(
                "description", "\n".join([*allergy_lines(s), f"Source: {s.source} ({s.licence})"])
            )
            cal.add_component(event)
    return Response(
        cal.to_ical(),
        media_type="text/calendar",
        headers={"Content-Disposition": f'attachment; filename="trip-{view.trip_id}.ics"'},
    )


@router.get("/trips/{trip_id:uuid}.geojson", responses=_ERRORS)
async def geojson(trip_id: TripId, user: CurrentUser, product: ProductDep) -> dict[str, Any]:
    """A point per slot and a line per day, in visiting order."""
    view = await product.read(user, trip_id)
    features: list[dict[str, Any]] = []
    for d in view.days:
        for order, s in enumerate(d.slots, start=1):
            features.append({
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [s.lng, s.lat]},
                "properties": {"day": d.index, "order": order, "name": s.name, "kind": s.kind,
                               "start": s.start, "end": s.end, "licence": s.licence,
                               "allergy_verdict": s.allergy.verdict,
                               "allergy_summary": s.allergy.summary},
            })  # fmt: skip
        if len(d.slots) > 1:
            features.append({
                "type": "Feature",
                "geometry": {"type": "LineString",
                             "coordinates": [[s.lng, s.lat] for s in d.slots]},
                "properties": {"day": d.index},
            })  # fmt: skip
    return {"type": "FeatureCollection", "features": features}


@router.get("/trips/{trip_id:uuid}/print", response_class=HTMLResponse, responses=_ERRORS)
async def printable(trip_id: TripId, user: CurrentUser, product: ProductDep) -> HTMLResponse:
    """The trip as a page to print: days, times, places (each meal with its allergy check, in
    words), sources and licences, the checks."""
    view = await product.read(user, trip_id)
    e = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Trip to {e(view.city)}</title><style>body{{font:14px/1.4 system-ui;"
        "max-width:48rem;margin:2rem auto}td{padding:.2rem .6rem;vertical-align:top}"
        ".allergy ul{margin:0 0 .4rem;padding-left:1.2rem}"
        "</style></head><body>",
        f"<h1>{e(view.city)}, {len(view.days)} days from {view.start_date:%a %d %b %Y}</h1>",
        f"<p>{e(view.pace.capitalize())} pace, {MODE_WORDS.get(view.mode, e(view.mode))}. "
        f"{'Every check passed.' if view.verified else 'Not every check passed (below).'}</p>",
        f"<p>{e(view.overview)}</p>" if view.overview else "",
        f"<p><small>{e(view.disclaimer)}</small></p>" if view.disclaimer else "",
    ]
    for d in view.days:
        parts.append(f"<h2>Day {d.index}: {d.date:%A %d %B}</h2>")
        if d.summary:
            parts.append(f"<p>{e(d.summary)}</p>")
        parts.append("<table>")
        for s in d.slots:
            label = e(s.name) if s.kind == "stop" else f"{s.kind.title()}: {e(s.name)}"
            parts.append(
                f"<tr><td>{s.start}–{s.end}</td><td>{label}</td>"
                f"<td>{s.travel_minutes} min travel</td><td><small>{e(s.licence)}</small></td></tr>"
            )
            if lines := allergy_lines(s):
                parts.append("<tr><td></td><td colspan='3' class='allergy'><ul>"
                             + "".join(f"<li>{e(line)}</li>" for line in lines)
                             + "</ul></td></tr>")  # fmt: skip
        parts.append("</table>")
        parts += [f"<p><em>{e(n)}</em></p>" for n in d.notes]
    parts.append("<h2>Checks</h2><ul>")
    parts += [f"<li>{'✓' if c.passed else '✗'} {e(c.constraint)}: {e(c.detail)}</li>"
              for c in view.verification]  # fmt: skip
    parts.append("</ul><h2>Sources</h2><ul>")
    parts += [f"<li>{e(a)}</li>" for a in view.attribution]
    parts.append("</ul></body></html>")
    return HTMLResponse("".join(parts), headers={"Content-Security-Policy": PRINT_POLICY})


@router.get("/trips/{trip_id:uuid}", response_model=TripView, responses=_ERRORS)
async def read(trip_id: TripId, user: CurrentUser, product: ProductDep) -> TripView:
    """The stored trip (after the exports, whose paths share this prefix)."""
    return await product.read(user, trip_id)
