"""Issue 35, panel trips half A t31 (Kyoto temples): once a day could end at a temple out of
town (Saihō-ji, Enryaku-ji), its only place to eat within twice the meal radius was the day's
lunch, and the day said 'No place to eat open for dinner is known near Saihō-ji' while an
unused one stood half an hour back towards the city. A dinner after the day's last visit may be
on the way back, within `DINNER_LEG` minutes; beyond that the day says none is known (not 'none
open')."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (35.0116, 135.7681)

_place = place_maker(CENTRE, "Kyoto", label="Temple", duration=90)


def _day(dinner_at: float) -> tuple[list[tuple[str, str]], list[str]]:
    stops = [_place(i, 0.002 * i) for i in range(1, 5)]
    lunch = _place(60, 0.003, name="Lunch Place", kind="restaurant", rank=0.0)
    back = _place(61, dinner_at, name="Way Back Eatery", kind="restaurant", rank=0.0)
    request = TripRequest(city="Kyoto", start_date=MONDAY, days=1, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=(lunch, back),
                          centre=CENTRE)  # fmt: skip
    day = plan_itinerary(request).days[0]
    return [(s.kind, s.name) for s in day.slots if s.kind != "stop"], list(day.notes)


def test_dinner_half_an_hour_back_beats_no_dinner() -> None:
    meals, notes = _day(-0.06)  # about 7.5 km (38 min) from the last stop
    assert ("dinner", "Way Back Eatery") in meals, (meals, notes)


def test_no_dinner_known_is_not_said_as_none_open() -> None:
    meals, notes = _day(-0.6)  # about 65 km: no dinner
    assert not [m for m in meals if m[0] == "dinner"], meals
    said = [n for n in notes if "dinner yourself" in n]
    assert said and "open for dinner" not in said[0], notes
