"""Words that agree with the day (issue 35, panel trips half A): t27 Singapore, a relaxed trip
for a wheelchair user, had legs of 63-75 min said nowhere ('Changi 73 min away for a relaxed
trip'): a relaxed or step-free day says its legs over 45 min; and a day whose meal is at the
nearest place to eat does not also say 'Nearest place to eat Kairos knows: <that place>'."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from kairos.trips.day_notes import child_legs_note, food_note
from kairos.trips.models import Day, Slot, TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2027, 1, 11)


def _slot(kind: str, pid: str, name: str, travel: int, lat: float = 1.29) -> Slot:
    return Slot(kind=kind, place_id=pid, name=name, place_kind="park", lat=lat, lng=103.85,  # type: ignore[arg-type]
                arrive=600, start=600, end=660, travel_minutes=travel, distance_km=1.0)  # fmt: skip


def _day(*slots: Slot) -> Day:
    return Day(0, MONDAY, tuple(slots), (600, 1080), 3, 20)


def _request(**kw: object) -> TripRequest:
    return TripRequest(city="Singapore", start_date=MONDAY, days=1, **kw)  # type: ignore[arg-type]


def test_a_relaxed_day_says_its_long_ways() -> None:
    day = _day(_slot("stop", "1", "Garden", 0), _slot("stop", "2", "Island", 75))
    said = child_legs_note(day, _request(pace="relaxed")).notes
    assert said == ("For a relaxed trip: 1 long way today (to Island 75 min).",), said
    assert child_legs_note(day, _request(pace="moderate", step_free=True)).notes == (
        "For a step-free trip: 1 long way today (to Island 75 min).",
    )
    assert child_legs_note(day, _request(pace="moderate")).notes == ()
    short = _day(_slot("stop", "1", "Garden", 0), _slot("stop", "2", "Museum", 40))
    assert child_legs_note(short, _request(pace="relaxed")).notes == ()


def test_no_nearest_place_note_for_the_place_the_day_eats_at() -> None:
    hawker = _slot("dinner", "p9", "Hawker", 10)
    day = _day(_slot("stop", "1", "Garden", 0), hawker)
    make = place_maker((1.29, 103.85), "Singapore")
    meal = make(9, 0.001, name="Hawker", kind="food market")
    assert food_note(day, [meal], "Singapore").notes == ()
    other = replace(day, slots=day.slots[:1])
    assert (
        food_note(other, [meal], "Singapore")
        .notes[0]
        .startswith("Nearest place to eat Kairos knows: Hawker")
    )
