"""A day a traveller would spend (issue 35, item 2): nobody is sent to a place hours before it
opens, waits stay under half an hour, meals come at meal times without a long wait for them, and
a day with no meal says why."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (28.6139, 77.2090)
LONGEST_WAIT = 30


_place = place_maker(CENTRE, "Delhi")


def _meal(i: int, dlat: float, dlng: float) -> Candidate:
    return _place(100 + i, dlat, dlng, kind="restaurant", name=f"Eatery {i}", rank=0.0,
                  allergy=None)  # fmt: skip


def _plan(stops: list[Candidate], meals: list[Candidate], **kw: object):  # type: ignore[no-untyped-def]
    fields: dict[str, object] = {"city": "Delhi", "start_date": MONDAY, "days": 1,
                                 "pace": "moderate", "mode": "transit",
                                 "candidates": tuple(stops), "meals": tuple(meals)}  # fmt: skip
    fields.update(kw)
    return plan_itinerary(TripRequest(**fields))  # type: ignore[arg-type]


def test_the_first_stop_is_reached_when_it_opens() -> None:
    late = tuple(((11 * 60, 17 * 60),) for _ in range(7))
    day = _plan([_place(1, 0, 0, hours=late)], []).days[0]
    first = day.slots[0]
    assert first.start == 11 * 60
    assert first.start - first.arrive <= LONGEST_WAIT


def test_no_wait_between_stops_is_longer_than_half_an_hour() -> None:
    opens_late = tuple(((14 * 60, 18 * 60),) for _ in range(7))
    stops = [_place(1, 0, 0), _place(2, 0.002, 0, hours=opens_late), _place(3, 0.004, 0)]
    day = _plan(stops, []).days[0]
    assert all(s.start - s.arrive <= LONGEST_WAIT for s in day.slots)


def test_a_short_morning_does_not_wait_an_hour_and_a_half_for_lunch() -> None:
    day = _plan([_place(1, 0, 0, duration=30)], [_meal(1, 0.001, 0)]).days[0]
    for slot in day.slots:
        if slot.kind == "lunch":
            assert slot.start - slot.arrive <= LONGEST_WAIT
            assert 11 * 60 + 30 <= slot.start <= 14 * 60


def test_dinner_is_not_after_a_three_hour_wait() -> None:
    stops = [_place(i, 0.002 * i, 0) for i in range(1, 4)]
    day = _plan(stops, [_meal(1, 0.001, 0), _meal(2, 0.003, 0)], pace="packed").days[0]
    for slot in day.slots:
        if slot.kind == "dinner":
            assert slot.start - slot.arrive <= LONGEST_WAIT


def test_a_day_without_lunch_says_where_food_is() -> None:
    far_food = _meal(1, 0.2, 0)  # ~22 km away: beyond any meal radius
    stops = [_place(i, 0.002 * i, 0) for i in range(1, 5)]
    day = _plan(stops, [far_food]).days[0]
    assert not any(s.kind == "lunch" for s in day.slots)
    assert any("Eatery 1" in n and "km" in n for n in day.notes)
