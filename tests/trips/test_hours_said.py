"""The hours of a day a traveller gives in words (issue 35, round 3; panel t59 half A: "9am to
6pm" read as nothing, the day ran to 18:30 with dinner at 19:14): the day starts and ends inside
them, the way back included, with no dinner after a day that ends before dinner time."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from kairos.trips.intent_hours import hours_said, said_hours
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (1.2903, 103.8520)

_place = place_maker(CENTRE, "Singapore", label="Museum", duration=60)


def test_a_window_in_words_is_read() -> None:
    assert said_hours("Singapore 1 day layover, 9am to 6pm, near the airport") == (540, 1080)
    assert said_hours("from 10 until 4") == (600, 960)
    assert said_hours("layover 9–18") == (540, 1080)
    assert said_hours("9:30-17:00 each day") == (570, 1020)
    assert said_hours("back at the hotel by 5") == (None, 17 * 60)
    assert said_hours("we land at 2pm") == (15 * 60, None)  # an hour to leave the airport
    assert hours_said((540, 1080)) == "Each day runs 09:00–18:00, as you asked."


def test_numbers_that_are_not_hours_are_not_read() -> None:
    for text in (
        "2 to 3 days in Delhi",
        "Singapore from 2027-01-08 to 2027-01-10",
        "3 days in Delhi starting 2027-01-15, history and old monuments",
        "Delhi 15/01/2027 - 17/01/2027",
        "Toronto December 24-26, museums",
        "from 15 to 18 January",
        "3 days, 4-5 stops a day",
        "kids aged 6 and 9",
        "we land at 2pm, 3 days",  # a landing is the first day's, not each day's
    ):
        assert said_hours(text, days=3 if "3 days" in text else 1) == (None, None), text


def test_the_day_keeps_inside_the_hours_said() -> None:
    stops = [_place(i, 0.004 * i, duration=90) for i in range(1, 9)]
    eatery = _place(60, 0.003, name="Eatery", kind="restaurant", rank=0.0)
    base = TripRequest(city="Singapore", start_date=MONDAY, days=1, pace="packed",
                       mode="transit", candidates=tuple(stops), meals=(eatery,),
                       centre=CENTRE)  # fmt: skip
    day = plan_itinerary(replace(base, hours=(10 * 60, 16 * 60))).days[0]
    assert day.slots and day.slots[0].arrive >= 10 * 60, day
    assert max(s.end for s in day.slots) <= 16 * 60, day
    assert not [s for s in day.slots if s.kind == "dinner"], day
    assert not [n for n in day.notes if "dinner" in n.lower()], day.notes
