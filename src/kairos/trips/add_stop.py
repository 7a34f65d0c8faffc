"""One more stop of a kind on a day ("add another memorial", "one more museum"): the unused
candidate of that kind nearest the day's stops (then the best ranked) that the day can still
hold with everything it has; none fitting, the day is unchanged and a note says so by kind."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.trips.day_plan import meals_near, schedule, spec_of, stops_of
from kairos.trips.itinerary import _excluded_reason, _needs_booking, _usable_meals
from kairos.trips.kind_groups import fits
from kairos.trips.models import Candidate, Itinerary
from kairos.trips.sites import site_note

__all__ = ["TRIES", "add_stop"]

TRIES: Final = 20
"""Candidates tried, nearest first, before the day is said to hold no more of the kind."""


def add_stop(itinerary: Itinerary, day_index: int, want: str) -> Itinerary:
    """The itinerary with one stop of `want` (a `kind_groups` name, a kind or a category)
    added to day `day_index` (0-based), the other days as they were."""
    request = itinerary.request
    day = itinerary.days[day_index]
    by_id = {**{c.id: c for c in request.candidates}, **itinerary.site_stops}  # as planned
    stops = stops_of(day, by_id)
    used = set(itinerary.place_ids())
    centre = itinerary.centre
    options = [c for c in request.candidates if c.id not in used
               and fits(want, c.kind, c.category, c.name)
               and _excluded_reason(c, request, centre) is None
               and _needs_booking(c, request) is None]  # fmt: skip

    def nearest(c: Candidate) -> tuple[float, float, str]:
        km = min((haversine_km(c.lat, c.lng, s.lat, s.lng) for s in stops), default=0.0)
        return (round(km), c.rank, c.id)  # within a km the better ranked first

    options.sort(key=nearest)
    other_meals = {s.place_id for d in itinerary.days if d.index != day_index
                   for s in d.slots if s.kind != "stop"}  # fmt: skip
    meals = _usable_meals(request, centre)
    spec = spec_of(request, day, len(stops) + 1)
    label = f"day {day_index + 1}"
    for option in options[:TRIES]:
        trial = [*stops, option]
        new, skipped = schedule(request, spec, trial, meals_near(meals, trial), set(other_meals))
        if not skipped:
            new = site_note(new, itinerary.site_notes)
            days = tuple(new if d.index == day_index else d for d in itinerary.days)
            note = f"{label}: {option.name} added ({want})"
            return replace(itinerary, days=days, notes=(*itinerary.notes, note))
    why = f"{label}: no other {want} place Kairos knows fits the day"
    if not options:
        why = f"{label}: Kairos knows no other {want} place within this trip's reach"
    return replace(itinerary, notes=(*itinerary.notes, f"{why}; the day is unchanged"))
