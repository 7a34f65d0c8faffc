"""A day topped up to its pace takes no filler a long leg away (issue 35, panel trips half A at
e08ebe2: t57 and t01 in Delhi ended a day with a 70-minute leg to a place added to fill it): a
place whose leg from the day's stops is over `TOP_UP_LEG` minutes is not added, a nearer one is."""

from __future__ import annotations

from datetime import date

from kairos.trips.day_plan import TOP_UP_LEG, schedule, spec_of, top_up
from kairos.trips.models import Candidate, Day, TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (28.6139, 77.2090)
_place = place_maker(CENTRE, "Delhi", label="Monument", duration=45)


def _request(candidates: list[Candidate]) -> TripRequest:
    return TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate", mode="transit",
                       centre=CENTRE, candidates=tuple(candidates))  # fmt: skip


def _day(request: TripRequest, stops: list[Candidate]) -> Day:
    empty = Day(0, request.dates[0], (), (540, 1170), 5, 10)
    day, skipped = schedule(request, spec_of(request, empty), stops, [], set())
    assert not skipped
    return day


def test_a_filler_a_long_leg_away_is_not_added() -> None:
    stops = [_place(1), _place(2, 0.004)]
    far = _place(3, 0.12)  # about 13 km north: a transit leg of about an hour
    request = _request([*stops, far])
    days = [_day(request, stops)]
    top_up(request, days, [0], [far], {c.id: c for c in [*stops, far]}, [])
    legs = [s.travel_minutes for s in days[0].stops[1:]]
    assert "p3" not in {s.place_id for s in days[0].stops}, legs


def test_a_filler_within_a_short_leg_is_added() -> None:
    stops = [_place(1), _place(2, 0.004)]
    near = _place(4, 0.03)
    request = _request([*stops, near])
    days = [_day(request, stops)]
    top_up(request, days, [0], [near], {c.id: c for c in [*stops, near]}, [])
    assert "p4" in {s.place_id for s in days[0].stops}
    assert all(s.travel_minutes <= TOP_UP_LEG for s in days[0].stops[1:])
