"""Each day states its travel time and any backtracking (issue 35 item 3; `route_quality.py`).
Round 19 also reordered days around the places named and turned a day round for a place's
hours; graded blind, days lost stops and meals (t15, t17, t55), so that reordering was taken
back and only the measure stays, in the quality block (its reason is not known, so no words)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from kairos.trips.phrasing import rules_words
from kairos.trips.route_quality import route_quality
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
DELHI = (28.6139, 77.2090)
KM = 0.0102  # about a km of longitude in Delhi

_c = place_maker(DELHI, "Delhi")


def _line(n: int) -> list:  # type: ignore[type-arg]
    return [_c(i, 0.0, i * KM) for i in range(n)]


def test_a_day_that_doubles_back_is_measured_by_how_much() -> None:
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="walk", candidates=tuple(_line(4)), centre=DELHI)  # fmt: skip
    day = plan_itinerary(request).days[0]
    stops = {s.place_id: s for s in day.stops}
    zigzag = replace(day, slots=tuple(stops[p] for p in ("p0", "p3", "p1", "p2")))
    quality = route_quality(zigzag, None)
    assert quality.backtracks and quality.backtrack_km > 1.5, quality
    assert not route_quality(day, None).backtracks


def test_the_day_summary_states_its_travel_time() -> None:
    slot = {"kind": "stop", "name": "Fort", "start": "10:00", "end": "11:00", "distance_km": 2.0}
    view = {"days": [{"index": 1, "slots": [slot], "quality": {"travel_minutes": 42}}],
            "mode": "walk", "city": "Delhi", "verified": True, "pace": "moderate",
            "start_date": "2025-05-05"}  # fmt: skip
    summary = rules_words(view).days[0].summary
    assert summary.endswith("2.0 km on foot, 42 min of travel in all."), summary
