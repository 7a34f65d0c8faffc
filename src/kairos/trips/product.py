"""Trip itineraries (seed 003) on the runtime: retrieval over the one catalog, meal breaks at
places the shared safety step passes for the traveller (each meal carries its check, and prefers
places with no known risk: `trips/allergy.py`), the deterministic planner, and the verifier,
whose result is part of every answer.

A trip is its request and its ordered edits (locks, swaps, day refinements): the itinerary is
rebuilt from them, so an edit to day 2 re-applies to the same plan and changes only that day. A
stored trip read after the traveller's allergies changed (or stored before its slots carried
their checks) is rebuilt the same way, and says so.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from kairos.core.allergy_profile import AllergyProfile
from kairos.errors import Forbidden, InvalidInput, NotFound
from kairos.llm.chain import ModelChain
from kairos.profiles.schemas import UserPublic
from kairos.runtime import Runtime
from kairos.signals.geocoding.cities import CityCentre, find_city
from kairos.store.trips import StoredTrip, TripStore
from kairos.trips.about import about_place, poi_description
from kairos.trips.allergy import checked_meals, severities
from kairos.trips.cache import (
    TripCaches,
    TripDraft,
    intent_key,
    is_sensitive,
    key_filters,
)
from kairos.trips.diet_words import said_diets
from kairos.trips.edits import checked_edit, locked_in_place, refuse_unkept_lock, replay
from kairos.trips.enrichment import Enricher
from kairos.trips.enrichment_models import EnrichmentTarget
from kairos.trips.enrichment_providers import build_enricher
from kairos.trips.hours import asks_for_appointments
from kairos.trips.intent_hours import said_hours
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import PACES, Itinerary, TripRequest
from kairos.trips.named_places import named_in
from kairos.trips.phrasing import AI_DISCLAIMER, TripPhrasing
from kairos.trips.preferences import resolve_request, trip_months
from kairos.trips.retrieval import Retrieved, TripRetrieval
from kairos.trips.said_allergy import said_note, trip_allergies
from kairos.trips.schemas import TripCreate, TripView
from kairos.trips.stored import (
    REPLANNED_ALLERGIES,
    candidate_pool,
    from_set,
    locks_after,
    replanned_why,
    stored_view,
    to_set,
)
from kairos.trips.verify import verify
from kairos.trips.view import Built, trip_view
from kairos.trips.weather_words import indoors_pool, weather_said

__all__ = ["TripsProduct"]

RADIUS_KM = 30.0
RETRIEVAL_TIMEOUT_SECONDS = 2.0


class TripsProduct:
    name = "trips"

    def __init__(self, runtime: Runtime, chain: ModelChain | None = None) -> None:
        self.runtime = runtime
        self.store = TripStore(runtime.db)
        self.retrieval = TripRetrieval(runtime.db, runtime.embedder)
        self.caches = TripCaches(runtime.caches)
        self.enricher: Enricher = build_enricher(runtime.settings, self.caches)
        self.today: Callable[[], date] = lambda: runtime.clock.today()
        self.latencies_ms: list[float] = []
        self.phrasing = TripPhrasing(chain or runtime.chain)
        self.generations = 0
        self.invalid_outputs = 0
        self.retrieval_timeouts = 0
        self.served_last_good = 0

    async def warm(self) -> None:
        return None

    async def on_profile_changed(self, uid: uuid.UUID, deleted: bool) -> None:
        return None  # every build reads the current profile

    async def close(self) -> None:
        return None

    # --- building ---------------------------------------------------------------------------

    async def _city(self, name: str) -> CityCentre:
        city = find_city(name) or await self.retrieval.catalogue_centre(name)
        if city is None:
            known = await self.retrieval.plannable_cities()
            raise InvalidInput(
                f"{name!r} is not a city Kairos can plan in; the catalog has places to visit "
                f"with coordinates in: {', '.join(known) or 'none yet'}"
            )
        return city

    async def _build(
        self, user: UserPublic, request: dict[str, Any], edits: list[dict[str, Any]]
    ) -> Built:
        timings: dict[str, float] = {}
        started = time.perf_counter()
        city = await self._city(str(request["city"]))
        centre = (city.lat, city.lng)
        retrieved, cached = await self._retrieve(user, request, city)
        timings["retrieval"] = (time.perf_counter() - started) * 1000
        timings["retrieval_cached"] = float(cached)
        if not retrieved.candidates:
            raise InvalidInput(
                await self.retrieval.nothing_to_visit(
                    city.name,
                    RADIUS_KM * 2,
                    bool(request.get("tags")),
                    bool(request.get("accessibility")),
                )
            )
        step = time.perf_counter()
        allergies = trip_allergies(user.allergies, request)  # the profile's and the words'
        meals = await checked_meals(
            self.runtime.places,
            await self.retrieval.meals(centre, RADIUS_KM, city.name),
            allergies,
        )
        timings["meals"] = (time.perf_counter() - step) * 1000
        step = time.perf_counter()
        locks = tuple(locks_after(edits).values())
        words = str(request.get("interests") or "")  # the request's words: hours, names, bookings
        pool = candidate_pool(retrieved, edits)
        if weather_said(words):  # rain, cold, a heatwave: places indoors when enough are known
            pool = indoors_pool(pool, int(request["days"]), {lk.place_id for lk in locks})[0]
        trip = TripRequest(
            city=city.name,
            start_date=date.fromisoformat(str(request["start_date"])),
            days=int(request["days"]),
            pace=request["pace"],
            mode=request["mode"],
            candidates=tuple(pool),
            meals=meals.meals,
            hotel=tuple(request["hotel"]) if request.get("hotel") else None,
            locks=locks,
            centre=centre,
            radius_km=RADIUS_KM,
            free_days=frozenset(int(d) - 1 for d in request.get("free_days") or ()),
            step_free=bool(request.get("accessibility")),
            children=request.get("companions") == "family_with_kids",
            diets=said_diets(words),
        )
        trip = replace(trip, named=named_in(words, trip.candidates, city.name), hours=said_hours(
            words, trip.days), by_appointment=asks_for_appointments(words))  # fmt: skip
        itinerary = plan_itinerary(trip)
        for edit in edits:
            if edit["kind"] == "refine":
                itinerary = replay(itinerary, edit)
        timings["plan"] = (time.perf_counter() - step) * 1000
        step = time.perf_counter()
        verification = verify(itinerary)
        timings["verify"] = (time.perf_counter() - step) * 1000
        step = time.perf_counter()
        enrichment = await self._enrichment(itinerary)
        timings["enrichment"] = (time.perf_counter() - step) * 1000
        timings["total"] = (time.perf_counter() - started) * 1000
        self.latencies_ms.append(timings["total"])
        return Built(itinerary, verification, retrieved, city, meals, allergies, timings,
                     enrichment, said_note(user.allergies, request))  # fmt: skip

    async def _retrieve(
        self, user: UserPublic, request: dict[str, Any], city: CityCentre
    ) -> tuple[Retrieved, bool]:
        """The retrieval set from the cache (seed 003 §3), else searched and cached; a search
        slower than `RETRIEVAL_TIMEOUT_SECONDS` serves the last good set under an hour old."""
        start = date.fromisoformat(str(request["start_date"]))
        interests = str(request.get("interests") or "")
        tags: list[str] = sorted(request.get("tags") or [])
        accessibility = bool(request.get("accessibility"))
        favourites: list[str] = sorted(request.get("favourite_tags") or [])
        companions = request.get("companions")
        filters = {"city": city.name, "interests": interests, "tags": tags,
                   "accessibility": accessibility, "favourites": favourites,
                   "companions": companions}  # fmt: skip
        keyed = key_filters(filters, lat=city.lat, start=start,
                            end=start + timedelta(days=int(request["days"]) - 1),
                            today=self.today())  # fmt: skip
        key = intent_key("discovery", {"allergies": user.allergies.model_dump(mode="json")},
                         None, keyed)  # fmt: skip
        hit = await self.caches.get_retrieval(key)
        if hit is not None and (found := from_set(hit)) is not None:
            return found, True
        try:
            async with asyncio.timeout(RETRIEVAL_TIMEOUT_SECONDS):
                retrieved = await self.retrieval.retrieve(
                    city=city.name,
                    centre=(city.lat, city.lng),
                    radius_km=RADIUS_KM,
                    interests=interests,
                    tags=tags,
                    accessibility=accessibility,
                    months=trip_months(start, int(request["days"])),
                    favourites=favourites,
                    companions=companions,
                    room=PACES[str(request["pace"])].max_stops * int(request["days"]),
                )
        except TimeoutError:
            self.retrieval_timeouts += 1
            last = await self.caches.last_good_retrieval(key)
            found = from_set(last[0]) if last is not None else None
            if found is None:
                raise InvalidInput(
                    "searching the points of interest took too long and no recent answer is "
                    "cached; try again in a moment"
                ) from None
            self.served_last_good += 1
            return found, True
        await self.caches.put_retrieval(key, to_set(retrieved), sensitive=is_sensitive(keyed))
        return retrieved, False

    async def _enrichment(self, itinerary: Itinerary) -> dict[str, Any]:
        """What the configured enrichment provider filled for the stops, and what stays
        unknown (offline: nothing is fetched, and the unknown fields are named)."""
        stops = {s.place_id: s for d in itinerary.days for s in d.stops}
        stored = await self.retrieval.attributes_of([int(pid) for pid in stops])
        targets = [
            EnrichmentTarget(id=pid, name=s.name, kind=s.place_kind, city=itinerary.request.city,
                             lat=s.lat, lng=s.lng, price_tier=stored.get(int(pid), ({}, None))[1],
                             attributes=stored.get(int(pid), ({}, None))[0])
            for pid, s in stops.items()
        ]  # fmt: skip
        results = await self.enricher.enrich(targets)
        unknown = {r.place_id: list(r.unknown) for r in results if r.unknown}
        return {
            "provider": self.enricher.provider.name,
            "statuses": dict(sorted(Counter(r.status for r in results).items())),
            "unknown_fields": unknown,
        }

    async def _phrase(self, view: TripView, request: dict[str, Any]) -> TripView:
        """The overview and the days' words: the rules', or a configured model's (checked)."""
        plan = view.model_dump(mode="json")
        about: dict[str, str] = {}
        if not self.phrasing.chain.is_offline:
            stops = [int(s.place_id) for d in view.days for s in d.slots]
            for pid, (attributes, _tier) in (await self.retrieval.attributes_of(stops)).items():
                about[str(pid)] = poi_description(attributes)
        phrased = await self.phrasing.phrase(plan, request, about)
        if phrased.by_model or phrased.fallbacks:
            self.generations += 1
            self.invalid_outputs += phrased.invalid_output
        words = {d.day: d for d in phrased.words.days}
        days = [
            d.model_copy(update={"title": words[d.index].title, "summary": words[d.index].summary})
            for d in view.days
        ]
        return view.model_copy(update={
            "days": days, "overview": phrased.words.overview, "ai_phrased": phrased.by_model,
            "phrased_by": phrased.phrased_by,
            "disclaimer": AI_DISCLAIMER if phrased.by_model else None,
        })  # fmt: skip

    # --- the product's operations -------------------------------------------------------------

    async def create(self, user: UserPublic, body: TripCreate) -> TripView:
        """A new trip; the same request again within the answer cache's life reuses the
        generated draft (seed 003 §3, "generated answer") under a new trip id."""
        started = time.perf_counter()
        request = resolve_request(body, user.travel, self.today() + timedelta(days=1))
        key = self._answer_key(user, request)
        draft = await self.caches.get_answer(key)
        trip_id = uuid.uuid4()
        cached = stored_view(draft.draft) if draft is not None else None
        if cached is not None:
            timings = {"answer_cached": 1.0, "total": (time.perf_counter() - started) * 1000}
            view = cached.model_copy(
                update={"trip_id": trip_id, "intent_id": uuid.uuid4().hex, "timings_ms": timings}
            )
        else:
            built = await self._build(user, request, [])
            view = await self._phrase(trip_view(trip_id, 1, built, request, []), request)
            await self.caches.put_answer(key, TripDraft(draft=view.model_dump(mode="json")))
        await self.store.create(
            trip_id=trip_id, owner=user.uid, request=request, itinerary=view.model_dump(mode="json")
        )
        return view

    def _answer_key(self, user: UserPublic, request: dict[str, Any]) -> str:
        city = find_city(str(request["city"]))
        start = date.fromisoformat(str(request["start_date"]))
        keyed = key_filters(
            {k: v for k, v in request.items() if k != "start_date"} | {"start": str(start)},
            lat=city.lat if city else None, start=start,
            end=start + timedelta(days=int(request["days"]) - 1), today=self.today(),
        )  # fmt: skip
        allergies = trip_allergies(user.allergies, request)
        return intent_key("trip_draft", {"allergies": allergies.model_dump(mode="json")},
                          None, keyed)  # fmt: skip

    async def _owned(self, user: UserPublic, trip_id: uuid.UUID) -> StoredTrip:
        trip = await self.store.get(trip_id)
        if trip is None:
            raise NotFound(f"no trip {trip_id}; create one with POST /trips")
        if trip.owner != user.uid:
            raise Forbidden("this trip belongs to another user")
        return trip

    async def read(self, user: UserPublic, trip_id: uuid.UUID) -> TripView:
        """The stored trip, planned again first when the traveller's allergies changed since it
        was planned, or when it was stored before its slots carried their allergy checks."""
        for _ in range(2):
            trip = await self._owned(user, trip_id)
            view = stored_view(trip.itinerary)
            checked = severities(trip_allergies(user.allergies, trip.request))
            if view is not None and view.allergies_checked == checked:
                return view
            why = REPLANNED_ALLERGIES if view is not None else replanned_why(trip.itinerary)
            saved = await self._save(user, trip, trip.edits, [why])
            if saved is not None:
                return saved
        raise InvalidInput("the trip changed while it was read; read it again")

    async def edit(self, user: UserPublic, trip_id: uuid.UUID, edit: dict[str, Any]) -> TripView:
        """Appends `edit` and rebuilds (one retry when another edit landed first)."""
        for _ in range(2):
            trip = await self._owned(user, trip_id)
            edit = checked_edit(trip, edit)
            edits = [*trip.edits, edit]
            if (kept := locked_in_place(trip, edit, edits)) is not None:
                # a lock where the stop stands changes nothing else: the day is not planned again
                stored = await self.store.update(trip.id, request=trip.request, edits=edits,
                                                 itinerary=kept.model_dump(mode="json"),
                                                 expected_version=trip.version)  # fmt: skip
                if stored is not None:
                    return kept
                continue
            saved = await self._save(user, trip, edits, refuse=edit)
            if saved is not None:
                return saved
        raise InvalidInput("the trip changed while this edit was applied; send it again")

    async def say_allergies(
        self, user: UserPublic, trip_id: uuid.UUID, said: tuple[str, ...]
    ) -> TripView:
        """A follow-up on a trip saying allergies ("I am allergic to sesame"): kept in its
        request, and the trip planned again with every place to eat checked for them too."""
        for _ in range(2):
            trip = await self._owned(user, trip_id)
            kept = [str(a) for a in trip.request.get("said_allergies") or ()]
            request = {**trip.request, "said_allergies": list(dict.fromkeys([*kept, *said]))}
            saved = await self._save(user, replace(trip, request=request), trip.edits)
            if saved is not None:
                return saved
        raise InvalidInput("the trip changed while it was read; send it again")

    async def _save(
        self, user: UserPublic, trip: StoredTrip, edits: list[dict[str, Any]],
        notes: list[str] | None = None, refuse: dict[str, Any] | None = None,
    ) -> TripView | None:  # fmt: skip
        """The trip rebuilt from its request and `edits`, stored as the next version; None when
        another write landed first. `refuse`: the edit just made, refused (409) when it is a
        lock the rebuilt trip does not keep."""
        built = await self._build(user, trip.request, edits)
        if refuse is not None:
            refuse_unkept_lock(trip, refuse, built.itinerary)
        view = await self._phrase(
            trip_view(trip.id, trip.version + 1, built, trip.request, edits, notes), trip.request
        )
        saved = await self.store.update(
            trip.id,
            request=trip.request,
            edits=edits,
            itinerary=view.model_dump(mode="json"),
            expected_version=trip.version,
        )
        return view if saved is not None else None

    async def about(
        self, name: str, trip: TripView | None, allergies: AllergyProfile
    ) -> dict[str, Any]:
        """One place by name (`trips/about.py`)."""
        return await about_place(self.runtime, self.retrieval, self.enricher, name, trip, allergies)

    def day_of(self, view: TripView, place_id: str) -> int:
        for day in view.days:
            if any(s.place_id == place_id and s.kind == "stop" for s in day.slots):
                return day.index
        stops = ", ".join(f"{s.place_id} ({s.name})" for d in view.days for s in d.slots
                          if s.kind == "stop")  # fmt: skip
        raise InvalidInput(f"{place_id} is not a stop of this trip; its stops: {stops}")
