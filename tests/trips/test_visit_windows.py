"""Places whose hours limit how they can be visited (issue 35): by appointment only (never a
walk-in stop unless the traveller will book)."""

from __future__ import annotations

from datetime import date

from kairos.trips.hours import asks_for_appointments
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest
from kairos.trips.verify import verify

MONDAY = date(2025, 5, 5)
CENTRE = (1.29, 103.85)
ALL_DAY = tuple(((0, 1440),) for _ in range(7))


def _c(i: int, **kw: object) -> Candidate:
    fields: dict[str, object] = {"id": f"p{i}", "name": f"Place {i}", "kind": "museum",
                                 "lat": CENTRE[0] + 0.002 * i, "lng": CENTRE[1],
                                 "city": "Singapore", "duration": 60, "rank": float(i),
                                 "hours": ALL_DAY}  # fmt: skip
    fields.update(kw)
    return Candidate(**fields)  # type: ignore[arg-type]


def _request(candidates: list[Candidate], **kw: object) -> TripRequest:
    fields: dict[str, object] = {"city": "Singapore", "start_date": MONDAY, "days": 1,
                                 "pace": "moderate", "mode": "transit", "centre": CENTRE,
                                 "candidates": tuple(candidates)}  # fmt: skip
    fields.update(kw)
    return TripRequest(**fields)  # type: ignore[arg-type]


APPOINTMENT = _c(
    9, name="Heritage House", hours=None,
    hours_text="Visits are by appointment only.Visitors must sign up in advance for heritage "
    "tours which fall on:Monday, 2pm – 3pm",
)  # fmt: skip


def test_a_place_open_by_appointment_only_is_not_a_walk_in_stop() -> None:
    itinerary = plan_itinerary(_request([_c(1), _c(2), APPOINTMENT]))
    planned = {s.place_id for d in itinerary.days for s in d.stops}
    assert planned == {"p1", "p2"}
    why = {u.place_id: u.reason for u in itinerary.unplaced}
    assert why["p9"].startswith("visits are by appointment only (its source: “Visits are by")
    booked = plan_itinerary(_request([_c(1), _c(2), APPOINTMENT], by_appointment=True))
    assert "p9" in {s.place_id for d in booked.days for s in d.stops}


def test_the_traveller_words_that_say_they_will_book() -> None:
    assert asks_for_appointments("Singapore, heritage houses, we can book appointments")
    assert asks_for_appointments("happy booking tours")
    assert not asks_for_appointments("singapore 3 days with kids, zoo and something with animals")


NIGHT = _c(8, name="Moonlight Safari", kind="park", duration=240,
           hours=tuple(((1170, 1440),) for _ in range(7)))  # fmt: skip
"""Open 19:30–24:00 every day, as 'Daily, 7.30pm - 12am' reads."""


def test_a_place_open_only_in_the_evening_is_the_days_last_stop_past_its_end() -> None:
    itinerary = plan_itinerary(_request([_c(1), _c(2), NIGHT]))
    day = itinerary.days[0]
    stops = [(s.place_id, s.start, s.end) for s in day.stops]
    # dinner's hour is kept free before it (no place to eat known): it starts soon after 19:30
    place, start, end = stops[-1]
    assert place == "p8" and 1170 <= start <= 1200 and end == start + 240
    assert [p for p, _a, _b in stops[:-1]] == ["p1", "p2"]
    assert day.window[1] >= end
    assert any(n.startswith("Dinner around") for n in day.notes), day.notes
    assert ("Moonlight Safari opens only in the evening (19:30–24:00): planned as the day's last "
            "stop, past the day's usual end at 19:30") in day.notes  # fmt: skip
    result = verify(itinerary)
    assert result.passed, result.failed()
