"""A place to eat may come back on another day (issue 35, panel trips half A, t27: Singapore day 2
said "no place to eat open for lunch" with Lau Pa Sat, a hawker centre eaten at on day 1,
1.2 km away): rather that than no lunch; never twice in one day, and the trip still verifies."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from kairos.trips.verify import verify
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (1.2903, 103.8520)


_place = place_maker(CENTRE, "Singapore", label="Museum", duration=90)


def test_the_one_hawker_centre_near_is_lunch_on_both_days() -> None:
    stops = [_place(i, 0.002 * i) for i in range(6)]
    hawker = _place(50, 0.004, name="Hawker Centre", kind="restaurant", rank=0.0)
    request = TripRequest(city="Singapore", start_date=MONDAY, days=2, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=(hawker,),
                          centre=CENTRE)  # fmt: skip
    itinerary = plan_itinerary(request)
    lunches = [[s.place_id for s in d.slots if s.kind == "lunch"] for d in itinerary.days]
    assert lunches == [["p50"], ["p50"]]
    for day in itinerary.days:
        meals = [s.place_id for s in day.slots if s.kind != "stop"]
        assert len(meals) == len(set(meals))
    checks = {c.constraint: c for c in verify(itinerary).results}
    assert checks["no_duplicate"].passed, checks["no_duplicate"].detail
