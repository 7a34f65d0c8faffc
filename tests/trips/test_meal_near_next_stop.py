"""Lunch from a place to eat near the next stop, not only near the last one (issue 35, panel
trips half A, t27: Singapore day 2 kept lunch free, "no place to eat is known near Changi
Museum", while the day's next stop, ArtScience Museum, was 1.2 km from Lau Pa Sat, the place to
eat the same note named): the traveller goes that way anyway, and eats on arrival. The first
stop is ~8 km out, a 40-odd-minute leg: a relaxed day takes legs of at most 45 min (3b94a09)."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest

FRIDAY = date(2027, 1, 8)
CENTRE = (1.2903, 103.8520)


def _place(i: int, lat: float, lng: float, hours: tuple[int, int], **kw: object) -> Candidate:
    week = tuple((hours,) for _ in range(7))
    fields: dict[str, object] = {"id": f"p{i}", "name": f"Museum {i}", "kind": "museum",
                                 "lat": lat, "lng": lng, "city": "Singapore", "duration": 90,
                                 "rank": float(i), "hours": week}  # fmt: skip
    fields.update(kw)
    return Candidate(**fields)  # type: ignore[arg-type]


def test_lunch_is_taken_near_the_next_stop_when_none_is_near_the_last() -> None:
    far_east = _place(1, 1.3290, 103.9100, (9 * 60, 12 * 60))  # ~8 km east, mornings only
    central = _place(2, 1.2863, 103.8593, (13 * 60, 18 * 60))  # afternoons only
    hawker = _place(50, 1.2807, 103.8504, (0, 1440), name="Hawker Centre", kind="restaurant",
                    rank=0.0)  # fmt: skip
    request = TripRequest(city="Singapore", start_date=FRIDAY, days=1, pace="relaxed",
                          mode="transit", candidates=(far_east, central), meals=(hawker,),
                          centre=CENTRE)  # fmt: skip
    day = plan_itinerary(request).days[0]
    order = [s.place_id for s in day.slots]
    assert order.index("p1") < order.index("p2"), order
    assert [s.place_id for s in day.slots if s.kind == "lunch"] == ["p50"], (order, day.notes)
