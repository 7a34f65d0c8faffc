"""Trip itineraries (seed 003) on the runtime: retrieval over the one catalog, meal breaks at
places the shared safety step passes for the traveller, the deterministic planner, and the
verifier, whose result is part of every answer.

A trip is its request and its ordered edits (locks, swaps, day refinements): the itinerary is
rebuilt from them, so an edit to day 2 re-applies to the same plan and changes only that day.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from kairos.errors import Forbidden, InvalidInput, NotFound
from kairos.pipeline.safety import guard_places
from kairos.profiles.schemas import UserPublic
from kairos.runtime import Runtime
from kairos.signals.geocoding.cities import CityCentre, find_city
from kairos.store.trips import StoredTrip, TripStore
from kairos.trips.itinerary import MoreRelaxed, SwapStop, plan_itinerary, refine_day
from kairos.trips.models import PACES, Candidate, Itinerary, Lock, TripRequest
from kairos.trips.retrieval import Retrieved, TripRetrieval
from kairos.trips.schemas import (
    CheckView,
    DayView,
    Quality,
    SlotView,
    TripCreate,
    TripView,
)
from kairos.trips.verify import Verification, verify

__all__ = ["TripsProduct"]

RADIUS_KM = 30.0
POOL = 240
"""Candidates handed to the planner, best first: room for every day's stops and for swaps."""
NO_LICENCE = "display only (the source states no licence)"


def _hhmm(minute: int) -> str:
    return f"{(minute // 60) % 24:02d}:{minute % 60:02d}"


@dataclass
class Built:
    itinerary: Itinerary
    verification: Verification
    retrieved: Retrieved
    city: CityCentre
    meals_excluded: int
    timings: dict[str, float]


class TripsProduct:
    name = "trips"

    def __init__(self, runtime: Runtime) -> None:
        from kairos.trips.routes import router  # the routes import this module

        self.router = router
        self.runtime = runtime
        self.store = TripStore(runtime.db)
        self.retrieval = TripRetrieval(runtime.db, runtime.embedder)
        self.today = date.today
        self.latencies_ms: list[float] = []

    async def warm(self) -> None:
        return None

    async def on_profile_changed(self, uid: uuid.UUID, deleted: bool) -> None:
        return None  # every build reads the current profile

    async def close(self) -> None:
        return None

    # --- building ---------------------------------------------------------------------------

    def _city(self, name: str) -> CityCentre:
        city = find_city(name)
        if city is None:
            raise InvalidInput(
                f"{name!r} is not a city Kairos knows; try one with points of interest in the "
                "catalog, such as Delhi, Kathmandu, Singapore, New York or Toronto"
            )
        return city

    async def _build(
        self, user: UserPublic, request: dict[str, Any], edits: list[dict[str, Any]]
    ) -> Built:
        timings: dict[str, float] = {}
        started = time.perf_counter()
        city = self._city(str(request["city"]))
        centre = (city.lat, city.lng)
        retrieved = await self.retrieval.retrieve(
            city=city.name,
            centre=centre,
            radius_km=RADIUS_KM,
            interests=str(request.get("interests") or ""),
            tags=list(request.get("tags") or []),
            accessibility=bool(request.get("accessibility")),
        )
        timings["retrieval"] = (time.perf_counter() - started) * 1000
        if not retrieved.candidates:
            raise InvalidInput(
                f"the catalog has no places to visit within {RADIUS_KM * 2:.0f} km of "
                f"{city.name}{' that match the tags' if request.get('tags') else ''}; try "
                "another city or fewer tags"
            )
        step = time.perf_counter()
        meals = await self.retrieval.meals(centre, RADIUS_KM, city.name)
        records = await self.runtime.places.records([pid for pid, _ in meals])
        guarded = await guard_places(
            self.runtime.places,
            [records[pid] for pid, _ in meals if pid in records],
            user.allergies,
        )
        safe = {g.item.place.id for g in guarded.safe}
        safe_meals = tuple(c for pid, c in meals if pid in safe)
        timings["meals"] = (time.perf_counter() - step) * 1000
        step = time.perf_counter()
        locks = tuple(
            Lock(
                str(e["place_id"]),
                int(e["day"]) - 1,
                _minutes(e["start"]) if e.get("start") else None,
            )
            for e in edits
            if e["kind"] == "lock"
        )
        trip = TripRequest(
            city=city.name,
            start_date=date.fromisoformat(str(request["start_date"])),
            days=int(request["days"]),
            pace=request["pace"],
            mode=request["mode"],
            candidates=tuple(_pool(retrieved, edits)),
            meals=safe_meals,
            hotel=tuple(request["hotel"]) if request.get("hotel") else None,
            locks=locks,
            centre=centre,
            radius_km=RADIUS_KM,
        )
        itinerary = plan_itinerary(trip)
        for edit in edits:
            if edit["kind"] == "refine":
                change = (
                    MoreRelaxed()
                    if edit["change"] == "more_relaxed"
                    else SwapStop(str(edit["place_id"]), str(edit["want"]))
                )
                itinerary = refine_day(itinerary, int(edit["day"]) - 1, change)
        timings["plan"] = (time.perf_counter() - step) * 1000
        step = time.perf_counter()
        verification = verify(itinerary)
        timings["verify"] = (time.perf_counter() - step) * 1000
        timings["total"] = (time.perf_counter() - started) * 1000
        self.latencies_ms.append(timings["total"])
        return Built(itinerary, verification, retrieved, city,
                     len(meals) - len(safe_meals), timings)  # fmt: skip

    def _view(self, trip_id: uuid.UUID, version: int, built: Built,
              request: dict[str, Any], edits: list[dict[str, Any]]) -> TripView:  # fmt: skip
        it = built.itinerary
        days = [
            DayView(
                index=d.index + 1,
                date=d.date,
                slots=[
                    SlotView(
                        kind=s.kind, place_id=s.place_id, name=s.name, place_kind=s.place_kind,
                        lat=s.lat, lng=s.lng, arrive=_hhmm(s.arrive), start=_hhmm(s.start),
                        end=_hhmm(s.end), travel_minutes=s.travel_minutes,
                        distance_km=round(s.distance_km, 2), source=s.source or "catalog",
                        licence=s.licence or NO_LICENCE, locked=s.locked,
                        hours_known=s.hours_known,
                    )
                    for s in d.slots
                ],
                return_minutes=d.return_minutes,
                notes=list(d.notes),
            )
            for d in it.days
        ]  # fmt: skip
        stops = [s for d in it.days for s in d.stops]
        capacity = PACES[it.request.pace].max_stops * it.request.days
        scores = built.retrieved.scores
        quality = Quality(
            coverage=round(len(stops) / capacity, 3) if capacity else 0.0,
            diversity=round(len({s.place_kind for s in stops}) / len(stops), 3) if stops else 0.0,
            personalisation=round(
                sum(scores.get(s.place_id, (0.0,))[0] for s in stops) / len(stops), 3
            )
            if stops
            else 0.0,
        )
        attribution = sorted(
            {
                f"{s.source or 'catalog'}: {s.licence or NO_LICENCE}"
                for d in it.days
                for s in d.slots
            }
        )
        notes = list(it.notes)
        if built.meals_excluded:
            notes.append(
                f"{built.meals_excluded} places to eat were left out for this traveller's "
                "allergies (the shared safety step)"
            )
        if it.excluded:
            notes.append(f"{len(it.excluded)} candidates were left out before planning "
                         f"(e.g. {it.excluded[0].name}: {it.excluded[0].reason})")  # fmt: skip
        return TripView(
            trip_id=trip_id,
            intent_id=uuid.uuid4().hex,
            version=version,
            city=built.city.name,
            start_date=it.request.start_date,
            days=days,
            pace=it.request.pace,
            mode=it.request.mode,
            unplaced=[
                {"place_id": u.place_id, "name": u.name, "reason": u.reason} for u in it.unplaced
            ],
            excluded=len(it.excluded),
            verified=built.verification.passed,
            verification=[
                CheckView(constraint=r.constraint, passed=r.passed, detail=r.detail)
                for r in built.verification.results
            ],
            quality=quality,
            diversified=built.retrieved.diversified,
            broadened=built.retrieved.broadened,
            edits=[dict(e) for e in edits],
            notes=notes,
            attribution=attribution,
            ai_phrased=False,
            timings_ms={k: round(v, 2) for k, v in built.timings.items()},
        )

    # --- the product's operations -------------------------------------------------------------

    async def create(self, user: UserPublic, body: TripCreate) -> TripView:
        request = body.model_dump(mode="json")
        request["start_date"] = (body.start_date or self.today() + timedelta(days=1)).isoformat()
        built = await self._build(user, request, [])
        trip_id = uuid.uuid4()
        view = self._view(trip_id, 1, built, request, [])
        await self.store.create(
            trip_id=trip_id, owner=user.uid, request=request, itinerary=view.model_dump(mode="json")
        )
        return view

    async def _owned(self, user: UserPublic, trip_id: uuid.UUID) -> StoredTrip:
        trip = await self.store.get(trip_id)
        if trip is None:
            raise NotFound(f"no trip {trip_id}; create one with POST /trips")
        if trip.owner != user.uid:
            raise Forbidden("this trip belongs to another user")
        return trip

    async def read(self, user: UserPublic, trip_id: uuid.UUID) -> TripView:
        trip = await self._owned(user, trip_id)
        return TripView.model_validate(trip.itinerary)

    async def edit(self, user: UserPublic, trip_id: uuid.UUID, edit: dict[str, Any]) -> TripView:
        """Appends `edit` and rebuilds (one retry when another edit landed first)."""
        for _ in range(2):
            trip = await self._owned(user, trip_id)
            days = int(trip.request["days"])
            if "day" in edit and not 1 <= int(edit["day"]) <= days:
                raise InvalidInput(f"day {edit['day']} is outside this {days}-day trip")
            edits = [*trip.edits, edit]
            built = await self._build(user, trip.request, edits)
            view = self._view(trip.id, trip.version + 1, built, trip.request, edits)
            saved = await self.store.update(
                trip.id,
                request=trip.request,
                edits=edits,
                itinerary=view.model_dump(mode="json"),
                expected_version=trip.version,
            )
            if saved is not None:
                return view
        raise InvalidInput("the trip changed while this edit was applied; send it again")

    def day_of(self, view: TripView, place_id: str) -> int:
        for day in view.days:
            if any(s.place_id == place_id and s.kind == "stop" for s in day.slots):
                return day.index
        stops = ", ".join(f"{s.place_id} ({s.name})" for d in view.days for s in d.slots
                          if s.kind == "stop")  # fmt: skip
        raise InvalidInput(f"{place_id} is not a stop of this trip; its stops: {stops}")


def _pool(retrieved: Retrieved, edits: list[dict[str, Any]]) -> list[Candidate]:
    """The best `POOL` candidates, and every locked place wherever it ranks."""
    locked = {str(e["place_id"]) for e in edits if e["kind"] == "lock"}
    best = retrieved.candidates[:POOL]
    return best + [c for c in retrieved.candidates[POOL:] if c.id in locked]


def _minutes(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)
