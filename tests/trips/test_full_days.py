"""Days that do not end early (issue 35, item 2): a day whose visits end before 17:00 takes
places no day holds, nearest first, past the pace's usual number of stops when the visits are
short (and says so); with nothing left to add, it says why it is light."""

from __future__ import annotations

from dataclasses import replace
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


def test_the_afternoon_before_an_evening_stop_is_topped_up() -> None:
    """t17 on half A: a day ending with a night safari at 19:30 left 15:56–18:53 idle with
    sights in reach: the day's daytime visits (the evening stop aside) are what runs to 17:00."""
    night = Candidate(id="night", name="Night Safari", kind="park", lat=CENTRE[0],
                      lng=CENTRE[1] + 0.004, city="Delhi", duration=120, rank=0.0,
                      hours=tuple(((19 * 60 + 30, 24 * 60),) for _ in range(7)))  # fmt: skip
    itinerary = _plan([night, *(_sight(i, 60) for i in range(1, 12))])
    day = itinerary.days[0]
    assert any(s.place_id == "night" for s in day.stops), day
    daytime = [s for s in day.stops if s.place_id != "night"]
    assert max(s.end for s in daytime) >= 16 * 60 + 30, [(s.name, s.start, s.end)
                                                         for s in day.stops]  # fmt: skip


def test_a_day_of_many_short_visits_ending_early_says_so_truly() -> None:
    """t01 on half A said "the day's visits end at 15:09, past the 17:00 …": a day past its
    pace's stops whose visits still end early says they end early, and why."""
    far = [replace(_sight(i, 20), lat=CENTRE[0] + 0.3 + 0.001 * i) for i in range(20, 23)]
    day = _plan([*(_sight(i, 20) for i in range(1, 8)), *far]).days[0]
    said = [n for n in day.notes if "more than the moderate pace's usual 5" in n]
    assert said and "past the 17:00" not in said[0], day.notes
