"""A day that starts late says why (issue 35, words): "day 1 starts at 13:00" was shown with no
reason. A first stop two hours or more after the pace's day start is said with its cause: the
place opens then, or it is locked there; otherwise that nothing is planned before it."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from kairos.trips.view import late_start
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
_c = place_maker((28.6139, 77.2090), "Delhi")
AFTERNOON = tuple(((13 * 60, 18 * 60),) for _ in range(7))
MORNING = tuple(((9 * 60, 18 * 60),) for _ in range(7))


def _plan(hours: tuple[tuple[tuple[int, int], ...], ...]) -> list[str]:
    places = (_c(1, hours=hours), _c(2, 0.002, 0.0, hours=hours))
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="transit", candidates=places)  # fmt: skip
    itinerary = plan_itinerary(request)
    return [n for d in itinerary.days for n in late_start(d, itinerary)]


def test_a_day_whose_places_open_at_one_says_so() -> None:
    said = _plan(AFTERNOON)
    assert len(said) == 1, said
    assert said[0].startswith("Day 1 starts at 13:00, when Place "), said
    assert "opens that day (13:00)" in said[0], said


def test_a_day_that_starts_on_time_says_nothing() -> None:
    assert _plan(MORNING) == []
