"""Fewer, bigger stops (issue 35, panel trips half A t01 Delhi: "7 minor stops a day"): a day
of short visits is topped up past its pace's number of stops only with places of note; a minor
filler (a pillar, a gate, a samadhi) never takes it there."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import PACES, TripRequest
from tests.trips.candidates import place_maker

DELHI = (28.6139, 77.2090)
_c = place_maker(DELHI, "Delhi", label="Gate", kind="attraction", duration=30)


def _stops(minor: bool) -> list[int]:
    candidates = [_c(i, lat=DELHI[0] + 0.002 * i, minor=minor) for i in range(12)]
    request = TripRequest(city="Delhi", start_date=date(2027, 1, 15), days=1, pace="moderate",
                          mode="transit", candidates=tuple(candidates), centre=DELHI)  # fmt: skip
    return [len(day.stops) for day in plan_itinerary(request).days]


def test_minor_fillers_never_take_a_day_past_its_pace() -> None:
    usual = PACES["moderate"].max_stops
    assert all(n <= usual for n in _stops(minor=True)), _stops(minor=True)


def test_short_visits_of_note_may_still_fill_the_day() -> None:
    assert max(_stops(minor=False)) > PACES["moderate"].max_stops
