"""Days that do not end early (issue 35, item 2): a day whose visits end before 17:00 takes
places no day holds, nearest first, past the pace's usual number of stops when the visits are
short (and says so); with nothing left to add, it says why it is light."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest
from kairos.trips.verify import verify

MONDAY = date(2025, 5, 5)
CENTRE = (28.6139, 77.2090)
ALL_DAY = tuple(((0, 1440),) for _ in range(7))


def _sight(i: int, minutes: int) -> Candidate:
    return Candidate(id=f"s{i}", name=f"Sight {i}", kind="museum", lat=CENTRE[0] + 0.002 * i,
                     lng=CENTRE[1], city="Delhi", duration=minutes, rank=float(i),
                     hours=ALL_DAY)  # fmt: skip


def _plan(sights: list[Candidate]):  # type: ignore[no-untyped-def]
    return plan_itinerary(TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                                      mode="walk", candidates=tuple(sights)))  # fmt: skip


def test_a_day_of_short_visits_is_topped_up_past_the_usual_number_and_says_so() -> None:
    itinerary = _plan([_sight(i, 30) for i in range(1, 11)])
    day = itinerary.days[0]
    assert len(day.stops) > 5, day
    assert max(s.end for s in day.stops) > 11 * 60 + 30
    assert any("more than the moderate pace's usual 5" in n for n in day.notes), day.notes
    failed = {r.constraint for r in verify(itinerary).failed()}
    assert not failed & {"day_length", "no_overlap", "no_duplicate", "travel_feasible"}, failed


def test_a_day_with_nothing_left_to_add_says_why_it_is_light() -> None:
    day = _plan([_sight(1, 30), _sight(2, 30)]).days[0]
    assert len(day.stops) == 2
    assert any(n.startswith("A light day") for n in day.notes), day.notes


def test_a_sightseeing_day_runs_to_the_late_afternoon_when_the_city_holds_enough() -> None:
    """Delhi and Kathmandu days ended at 14:45–15:45 with sights left over: a moderate day of
    hour-long visits in a city with more sights than the pace's share runs to about 17:00."""
    itinerary = _plan([_sight(i, 60) for i in range(1, 15)])
    day = itinerary.days[0]
    assert max(s.end for s in day.stops) >= 16 * 60 + 45, [(s.name, s.start, s.end)
                                                           for s in day.stops]  # fmt: skip
    assert max(s.end for s in day.stops) <= 19 * 60 + 30
    failed = {r.constraint for r in verify(itinerary).failed()}
    assert not failed & {"day_length", "no_overlap", "no_duplicate", "travel_feasible"}, failed
