"""A day is topped up where the sources give no positions (issue 35, panel trips half A: t09
Vancouver day 2 ended 13:05 with 74 places unplaced, t15 Washington day 1 at 13:10, t23 New
York day 2 at 12:30; those cities' places carry no position, and a day was topped up only from
places measured within a leg of its stops)."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from tests.trips.candidates import place_maker

CENTRE = (49.2827, -123.1207)
FULL_END = 17 * 60


_c = place_maker(CENTRE, "Vancouver", label="Museum", duration=45, positioned=False)


def test_days_without_positions_are_topped_up_from_places_without_one() -> None:
    measured = [_c(i, positioned=True, lat=CENTRE[0] + 0.01 * i) for i in range(3, 6)]
    candidates = [*(_c(i) for i in range(3)), *measured, *(_c(i) for i in range(6, 20))]
    request = TripRequest(city="Vancouver", start_date=date(2026, 11, 26), days=2,
                          pace="moderate", mode="transit", candidates=tuple(candidates),
                          centre=CENTRE)  # fmt: skip
    itinerary = plan_itinerary(request)
    for day in itinerary.days:
        assert max(s.end for s in day.stops) >= FULL_END, [(s.name, s.end) for s in day.stops]
