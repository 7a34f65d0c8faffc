"""Every day with stops says its lunch and its dinner (issue 35, panel trips half A at e08ebe2:
t27 "day 2 has no lunch at all" (Jurong Bird Park 11:42–15:42), t39 "no lunch at all on day 2"
(Stanley Park 11:40–14:10), t11 "no dinner on day 1" and t05 "no dinner day 1" (days ending
about 16:00 in a city with no place to eat known)): a visit that runs through lunch time says
so and where the nearest place to eat is; a day ending before dinner time in a city with no
place to eat known still says when and near where to plan dinner."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (1.2903, 103.8520)

_place = place_maker(CENTRE, "Singapore", label="Park", kind="park")


def _lunch_said(notes: tuple[str, ...]) -> list[str]:
    return [n for n in notes if "lunch" in n.lower()]


def test_a_visit_through_lunch_time_says_the_lunch() -> None:
    """One long visit 10:00–15:00 and the one place to eat 15 km away: no lunch break fits, and
    the day says so, naming the visit and the nearest place to eat."""
    long = _place(1, duration=300, name="Bird Park")
    far = _place(50, 0.135, name="Far Hawker", kind="restaurant", rank=0.0)
    request = TripRequest(city="Singapore", start_date=MONDAY, days=1, pace="relaxed",
                          mode="transit", candidates=(long,), meals=(far,),
                          centre=CENTRE)  # fmt: skip
    day = plan_itinerary(request).days[0]
    assert [s.name for s in day.stops] == ["Bird Park"], day
    if not any(s.kind == "lunch" for s in day.slots):
        said = _lunch_said(day.notes)
        assert any("Bird Park" in n for n in said), day.notes
        assert any("Far Hawker" in n for n in day.notes), day.notes


def test_a_day_ending_before_dinner_in_a_city_with_no_food_still_says_dinner() -> None:
    stops = [_place(i, 0.002 * i, kind="museum", duration=90, name=f"Museum {i}")
             for i in range(1, 4)]  # fmt: skip
    request = TripRequest(city="Singapore", start_date=MONDAY, days=1, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=(),
                          centre=CENTRE)  # fmt: skip
    day = plan_itinerary(request).days[0]
    assert day.stops and day.stops[-1].end < 17 * 60, day
    assert any(n.startswith("Dinner around") for n in day.notes), day.notes
