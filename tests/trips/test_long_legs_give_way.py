"""A stop a long leg away gives way to nearer places (issue 35, panel trips half A at e08ebe2:
t17 "60-min leg", t27 and t37 "75-min leg", t57 "a 70-min leg at day's end"): a leg over
`SHORT_LEG` minutes is kept only for a place the traveller named."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.long_legs import SHORT_LEG
from kairos.trips.models import Candidate, TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (28.6139, 77.2090)
_place = place_maker(CENTRE, "Delhi", label="Monument", duration=60)


def _trip(places: list[Candidate], named: frozenset[str] = frozenset()) -> TripRequest:
    return TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate", mode="transit",
                       centre=CENTRE, candidates=tuple(places), named=named)  # fmt: skip


def _places() -> list[Candidate]:
    near = [_place(i, 0.004 * i) for i in (1, 2, 4, 5, 6, 7)]
    far = _place(3, 0.12, name="Far Fort")  # about 13 km out: a transit leg of about an hour
    return [*near[:2], far, *near[2:]]


def test_a_far_stop_gives_way_to_nearer_places() -> None:
    itinerary = plan_itinerary(_trip(_places()))
    day = itinerary.days[0]
    legs = [s.travel_minutes for s in day.stops[1:]]
    assert "Far Fort" not in [s.name for s in day.stops], legs
    assert all(leg <= SHORT_LEG for leg in legs), legs
    assert len(day.stops) >= 4, day.stops
    (why,) = [u.reason for u in itinerary.unplaced if u.name == "Far Fort"]
    minutes = int(why.split("-min leg")[0].split()[-1])  # "a 61-min leg from the rest of the day"
    assert minutes > SHORT_LEG, why  # not the far stop's own leg (0 when it came first)


def test_a_far_place_the_traveller_named_is_kept() -> None:
    places = [replace(c, rank=0.0) if c.name == "Far Fort" else c for c in _places()]
    itinerary = plan_itinerary(_trip(places, named=frozenset({"p3"})))
    assert "Far Fort" in [s.name for s in itinerary.days[0].stops]
