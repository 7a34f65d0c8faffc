"""A check shown as passed holds for what the trip says (an outside audit, Singapore, 2 days):
"No place twice" passed beside Lau Pa Sat for all four meals, and "Fits the day" passed beside
a day whose note said its visits end at 17:16 "instead of before 17:00". The `no_duplicate`
detail names a place to eat that comes back across meals; `day_length` names a day with more
stops than the pace's usual, and the day's note says what 17:00 is (the usual end of a
moderate day's visits, not the end of its window)."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest
from kairos.trips.verify import verify
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
SINGAPORE = (1.2903, 103.8520)
DELHI = (28.6139, 77.2090)
ALL_DAY = tuple(((0, 1440),) for _ in range(7))

_place = place_maker(SINGAPORE, "Singapore", label="Museum", duration=90)


def _checks(request: TripRequest) -> dict[str, str]:
    return {c.constraint: c.detail for c in verify(plan_itinerary(request)).results}


def test_verification_names_a_place_to_eat_repeated_across_meals() -> None:
    stops = [_place(i, 0.002 * i) for i in range(6)]
    hawker = _place(50, 0.004, name="Hawker Centre", kind="restaurant", rank=0.0)
    request = TripRequest(city="Singapore", start_date=MONDAY, days=2, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=(hawker,),
                          centre=SINGAPORE)  # fmt: skip
    detail = _checks(request)["no_duplicate"]
    assert "no place to visit twice" in detail, detail
    assert "Hawker Centre for 2 meals: Kairos knows few places to eat near these stops" in detail


def test_another_place_to_eat_within_reach_is_taken_before_a_repeat() -> None:
    stops = [_place(i, 0.002 * i) for i in range(6)]
    meals = tuple(_place(50 + i, 0.001 * i, name=f"Eatery {i}", kind="restaurant", rank=0.0)
                  for i in range(6))  # fmt: skip
    request = TripRequest(city="Singapore", start_date=MONDAY, days=2, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=meals,
                          centre=SINGAPORE)  # fmt: skip
    itinerary = plan_itinerary(request)
    eaten = [s.place_id for d in itinerary.days for s in d.slots if s.kind != "stop"]
    assert len(eaten) >= 2 and len(eaten) == len(set(eaten)), eaten
    assert "meals:" not in _checks(request)["no_duplicate"]


def _sight(i: int, minutes: int) -> Candidate:
    return Candidate(id=f"s{i}", name=f"Sight {i}", kind="museum", lat=DELHI[0] + 0.002 * i,
                     lng=DELHI[1], city="Delhi", duration=minutes, rank=float(i),
                     hours=ALL_DAY)  # fmt: skip


def test_fits_the_day_names_a_day_past_the_paces_usual_and_the_note_agrees() -> None:
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate", mode="walk",
                          candidates=tuple(_sight(i, 30) for i in range(1, 11)))  # fmt: skip
    itinerary = plan_itinerary(request)
    day = itinerary.days[0]
    assert len(day.stops) > 5, day
    end = max(s.end for s in day.stops)
    clock = f"{end // 60:02d}:{end % 60:02d}"
    said = next(n for n in day.notes if "more than the moderate pace's usual 5" in n)
    assert "instead of before" not in said, said
    # its ten short visits end before 17:00: said as they are, never "past the 17:00"
    assert end < 17 * 60 and "past the 17:00" not in said, said
    assert f"still the day's visits end at {clock}" in said, said
    result = next(r for r in verify(itinerary).results if r.constraint == "day_length")
    assert result.passed, result.detail
    held = f"day 1 holds {len(day.stops)} stops, more than the pace's usual 5, its visits"
    assert f"{held} ending at {clock}" in result.detail, result.detail
    assert "09:00–19:30" in result.detail, result.detail
