"""A built trip as the API shows it (`TripView`): the timed slots, each with its allergy check
(`trips/allergy.py`), the quality figures, the attribution and the notes."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any, Final

from kairos.core.allergy_profile import AllergyProfile
from kairos.signals.geocoding.cities import CityCentre
from kairos.trips.allergy import CheckedMeals, meals_note, severities, slot_check
from kairos.trips.hours import allowed_spans
from kairos.trips.interest_gaps import interest_gaps
from kairos.trips.interest_words import said_gaps
from kairos.trips.models import PACES, Day, Itinerary, Slot
from kairos.trips.phrasing import COMPANION_WORDS, MODE_WORDS
from kairos.trips.place_rows import FOOD_KIND
from kairos.trips.retrieval import Retrieved
from kairos.trips.route_quality import route_quality
from kairos.trips.schemas import (
    CheckView,
    DayQuality,
    DayView,
    Quality,
    SlotView,
    ToCheck,
    TripView,
)  # fmt: skip
from kairos.trips.stairs import access_notes
from kairos.trips.travel import UNKNOWN_LEG
from kairos.trips.verify import UnknownHours, Verification

__all__ = ["NO_LICENCE", "Built", "trip_view"]

NO_LICENCE = "display only (the source states no licence)"


@dataclass
class Built:
    itinerary: Itinerary
    verification: Verification
    retrieved: Retrieved
    city: CityCentre
    meals: CheckedMeals
    allergies: AllergyProfile
    timings: dict[str, float]
    enrichment: dict[str, Any]
    said_allergy: str | None = None
    """Allergies said in the request's words and not in the profile, checked too: said first."""


def _hhmm(minute: int) -> str:
    return f"{(minute // 60) % 24:02d}:{minute % 60:02d}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def advice(u: UnknownHours) -> str:
    """What a traveller should check for a slot whose opening hours are unknown."""
    when = f"day {u.day + 1}, {u.date:%a %d %b}, {_hhmm(u.start)}–{_hhmm(u.end)}"
    meal = f"{u.kind} on " if u.kind != "stop" else ""
    return f"Check the opening hours of {u.name} before you go ({meal}{when}): {u.why}."


def _to_check(v: Verification) -> list[ToCheck]:
    return [
        ToCheck(place_id=u.place_id, name=u.name, kind=u.kind, day=u.day + 1,
                date=u.date, start=_hhmm(u.start), end=_hhmm(u.end), hours_text=u.text,
                why=u.why, advice=advice(u))
        for u in v.unknown_hours
    ]  # fmt: skip


UNCHECKED_WORDS: Final = {
    "days_filled": "whether every day has a stop", "in_city": "whether every place is in the city",
    "no_overlap": "whether the visits overlap", "day_length": "whether each day keeps its hours",
    "travel_feasible": "the time of some legs", "no_duplicate": "whether a place comes twice",
    "locked_kept": "whether the locked stops are where they were locked",
    "meal_allergy": "the allergy check of every meal", "step_free": "step-free access",
}  # fmt: skip
"""What a check that could not run leaves unknown, said to the traveller (no check's name)."""


def verdict(v: Verification) -> str:
    """The verification in one sentence: verified only when every check ran and passed."""
    if v.passed:
        return "Verified: every check ran on known inputs and passed."
    parts = [r.detail for r in v.failed()]  # what is wrong, in words: never a check's name
    if v.unknown_hours:
        names = sorted({u.name for u in v.unknown_hours})
        shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        parts.append(f"the opening hours of {_count(len(names), 'place', 'places')} could not "
                     f"be checked ({shown}): check them before you go")  # fmt: skip
    for r in v.not_checked():
        if r.constraint == "step_free":
            names = [u.split(" (day ")[0] for u in r.unchecked]
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            parts.append(f"step-free access of {_count(len(names), 'place', 'places')} is not "
                         f"known ({shown}): check it before you go")  # fmt: skip
        elif r.constraint == "in_city":
            names = sorted({u.split(" (day ")[0] for u in r.unchecked})
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            places = _count(len(names), "place", "places")
            parts.append(f"the sources give no position for {places} ({shown}): the travel to "
                         f"and from them is an allowance of {UNKNOWN_LEG} min, not a measure; "
                         "find them by their address")  # fmt: skip
        elif r.constraint == "travel_feasible" and v.unchecked_positions():
            continue  # said with the places that have no position
        elif r.constraint != "open_at_slot":
            what = UNCHECKED_WORDS.get(r.constraint, "a part of the plan")
            parts.append(f"{what} could not be checked")
    return "Not verified: " + "; ".join(parts) + "."


def _measured(prev: Slot, slot: Slot) -> bool:
    """Whether a leg's time is measured: both ends at their own points (a place with no
    position, or at a postal code's centroid, makes it an allowance to check)."""
    return prev.positioned and slot.positioned and prev.pinpointed and slot.pinpointed


def _days(built: Built) -> list[DayView]:
    hours = built.verification.slot_hours
    checks = {(u.day, u.kind, u.place_id): advice(u) for u in built.verification.unknown_hours}
    addresses = {c.id: c.address for c in built.itinerary.request.candidates if c.address}
    return [
        DayView(
            index=d.index + 1,
            date=d.date,
            slots=[
                SlotView(
                    kind=s.kind, place_id=s.place_id, name=s.name, place_kind=s.place_kind,
                    lat=s.lat, lng=s.lng, arrive=_hhmm(s.arrive), start=_hhmm(s.start),
                    end=_hhmm(s.end), travel_minutes=s.travel_minutes,
                    travel_known=s.positioned and (i == 0 or _measured(d.slots[i - 1], s)),
                    distance_km=round(s.distance_km, 2), source=s.source or "catalog",
                    licence=s.licence or NO_LICENCE, locked=s.locked,
                    hours_known=hours.get((d.index, s.kind, s.place_id)) == "open",
                    hours=hours.get((d.index, s.kind, s.place_id), "unknown"),
                    hours_check=checks.get((d.index, s.kind, s.place_id)),
                    allergy=slot_check(s, built.allergies), risk_reason=s.risk_reason,
                    position_known=s.positioned, step_free=s.step_free,
                    address=None if s.positioned else addresses.get(s.place_id),
                )
                for i, s in enumerate(d.slots)
            ],
            return_minutes=d.return_minutes,
            notes=[*late_start(d, built.itinerary), *access_notes(d, built.itinerary), *d.notes],
            quality=day_quality(d, built.itinerary),
        )
        for d in built.itinerary.days
    ]  # fmt: skip


def day_quality(day: Day, itinerary: Itinerary) -> DayQuality:
    q = route_quality(day, itinerary.request.hotel)
    return DayQuality(travel_minutes=q.travel_minutes, route_km=q.route_km,
                      shortest_km=q.shortest_km, backtrack_km=q.backtrack_km,
                      backtracks=q.backtracks)  # fmt: skip


LATE_START: Final = 120
"""A day whose first stop starts this many minutes or more after the pace's day start says why."""
OPENS_NEAR: Final = 30


def late_start(day: Day, itinerary: Itinerary) -> list[str]:
    """Why a day starts late ("day 1 starts at 13:00" said nothing): its first stop locked
    there, or not open earlier that day; otherwise that nothing is planned before it."""
    stops = day.stops
    pace = PACES[itinerary.request.pace]
    if not stops or stops[0].start - max(pace.day_start, day.window[0]) < LATE_START:
        return []
    first, at = stops[0], _hhmm(stops[0].start)
    said = f"Day {day.index + 1} starts at {at}"
    if first.locked:
        return [f"{said}: {first.name} is locked there; the morning before it is free."]
    found = next((c for c in itinerary.request.candidates if c.id == first.place_id), None)
    spans = allowed_spans(found, day.weekday) if found is not None else []
    opens = min((a for a, b in spans if b > first.start), default=None)
    if opens is not None and pace.day_start < opens <= first.start <= opens + OPENS_NEAR:
        return [f"{said}, when {first.name} opens that day ({_hhmm(opens)}); the morning "
                "before it is free."]  # fmt: skip
    return [f"{said} with {first.name}: nothing is planned before it, so the morning is "
            "free."]  # fmt: skip


def _catalogue_notes(built: Built) -> list[str]:
    """How many notable sights the catalogue knows here, when it knows fewer than the trip could
    hold, and how many places tagged as sights were left out as businesses or homes."""
    it, found = built.itinerary, built.retrieved
    notes = []
    room = PACES[it.request.pace].max_stops * it.request.days
    if found.notable < room:
        notes.append(
            f"{built.city.name}: {_count(found.notable, 'notable sight', 'notable sights')} "
            f"known to Kairos (of {room} stops this trip could hold); the days hold those and "
            "lesser places, and are lighter rather than filled with noise"
        )
    if found.not_sights:
        notes.append(
            f"{_count(found.not_sights, 'place', 'places')} tagged as sights in the source "
            "left out: their names or details say they are businesses, offices or homes"
        )
    return notes


def _notes(built: Built, request: dict[str, Any]) -> list[str]:
    it = built.itinerary
    notes = list(it.notes)
    if (said := meals_note(built.meals)) is not None:
        notes.append(said)
    if built.retrieved.out_of_season:
        name, evidence = built.retrieved.out_of_season[0]
        closed = _count(len(built.retrieved.out_of_season), "place is", "places are")
        notes.append(
            f"{closed} closed in the trip's months and left out (e.g. {name}: “{evidence}”)"
        )
    notes += _catalogue_notes(built)
    eat = [m for m in built.meals.meals if m.kind == FOOD_KIND]  # markets are meals, not stops
    notes += interest_gaps(str(request.get("interests") or ""), built.city.name,
                           [*built.retrieved.candidates, *eat])  # fmt: skip
    notes += said_gaps(str(request.get("interests") or ""), built.city.name,
                       built.retrieved.candidates)  # fmt: skip
    taken = [str(f) for f in request.get("from_profile") or ()]
    if taken:
        companions = str(request["companions"])
        said_by = {"pace": f"pace {request['pace']}",
                   "mode": f"travel {MODE_WORDS.get(request['mode'], request['mode'])}",
                   "companions": f"travelling {COMPANION_WORDS.get(companions, companions)}",
                   "accessibility": "step-free places only",
                   "favourite_tags": "favourite tags "
                   + ", ".join(str(t) for t in request.get("favourite_tags") or ())}  # fmt: skip
        notes.append(
            "From your travel preferences: "
            + "; ".join(said_by[f] for f in taken if f in said_by)
            + "."
        )
    too_far = [u for u in it.unplaced if "a leg may take" in u.reason]
    if too_far:
        longest = it.request.travel_mode.longest_leg
        other = "; by public transport the days can hold more" if it.request.mode == "walk" else ""
        notes.append(
            f"{_count(len(too_far), 'place was', 'places were')} more than {longest} min "
            f"{MODE_WORDS.get(it.request.mode, it.request.mode)} from the day's other stops "
            f"and left out{other}"
        )
    if it.excluded:
        notes.append(f"{_count(len(it.excluded), 'candidate was', 'candidates were')} left "
                     "out before planning "
                     f"(e.g. {it.excluded[0].name}: {it.excluded[0].reason})")  # fmt: skip
    return notes


def unplaced_shown(it: Itinerary) -> list[dict[str, str]]:
    """The places not placed, less those the days show (a swap brought one back): the notes
    agree with the days."""
    shown = {s.place_id for d in it.days for s in d.stops}
    return [{"place_id": u.place_id, "name": u.name, "reason": u.reason}
            for u in it.unplaced if u.place_id not in shown]  # fmt: skip


def trip_view(
    trip_id: uuid.UUID, version: int, built: Built, request: dict[str, Any],
    edits: list[dict[str, Any]], notes: list[str] | None = None,
) -> TripView:  # fmt: skip
    """The answer for a built trip; `notes` are said first (why it was planned again)."""
    it = built.itinerary
    stops = [s for d in it.days for s in d.stops]
    capacity = PACES[it.request.pace].max_stops * it.request.days
    scores = built.retrieved.scores
    days = _days(built)
    quality = Quality(
        travel_minutes=sum(d.quality.travel_minutes for d in days if d.quality),
        backtracking_days=sum(d.quality.backtracks for d in days if d.quality),
        coverage=round(len(stops) / capacity, 3) if capacity else 0.0,
        diversity=round(len({s.place_kind for s in stops}) / len(stops), 3) if stops else 0.0,
        personalisation=round(sum(scores.get(s.place_id, (0.0,))[0] for s in stops) / len(stops), 3)
        if stops
        else 0.0,
    )
    attribution = sorted(
        {f"{s.source or 'catalog'}: {s.licence or NO_LICENCE}" for d in it.days for s in d.slots}
    )
    return TripView(
        trip_id=trip_id,
        intent_id=uuid.uuid4().hex,
        version=version,
        city=built.city.name,
        start_date=it.request.start_date,
        days=days,
        pace=it.request.pace,
        mode=it.request.mode,
        companions=request.get("companions"),
        accessibility=bool(request.get("accessibility")),
        hotel=it.request.hotel,
        from_profile=[str(f) for f in request.get("from_profile") or ()],
        free_days=sorted(int(d) for d in request.get("free_days") or ()),
        allergies_checked=severities(built.allergies),
        unplaced=unplaced_shown(it),
        excluded=len(it.excluded),
        verified=built.verification.passed,
        verdict=verdict(built.verification),
        verification=[
            CheckView(
                constraint=r.constraint,
                passed=r.passed,
                status=r.status,
                detail=r.detail,
                unchecked=list(r.unchecked),
            )
            for r in built.verification.results
        ],
        to_check=_to_check(built.verification),
        quality=quality,
        diversified=built.retrieved.diversified,
        broadened=built.retrieved.broadened,
        edits=[dict(e) for e in edits],
        notes=[
            *([built.said_allergy] if built.said_allergy else []),
            *(notes or []),
            *_notes(built, request),
        ],
        attribution=attribution,
        ai_phrased=False,
        enrichment=built.enrichment,
        timings_ms={k: round(v, 2) for k, v in built.timings.items()},
    )
