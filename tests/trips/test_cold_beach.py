"""A beach in a cold month is a short walk along the shore (issue 35, panel trips half A at
e08ebe2, t39 Vancouver in late November: "2-hour beach stops"); in summer, or in the tropics,
it keeps its visit."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from kairos.trips.season_visits import COLD_BEACH_MINUTES
from tests.trips.candidates import place_maker

VANCOUVER = (49.2827, -123.1207)
SINGAPORE = (1.2903, 103.8520)


def _trip(centre: tuple[float, float], city: str, day: date) -> TripRequest:
    place = place_maker(centre, city, label="Museum")
    beaches = [place(1, 0.002, name="Kitsilano Beach", kind="park", duration=120),
               place(2, 0.004, name="Jericho Beach", kind="park", duration=120)]  # fmt: skip
    museums = [place(i, 0.002 * i) for i in range(3, 6)]
    return TripRequest(city=city, start_date=day, days=1, pace="moderate", mode="transit",
                       candidates=(*beaches, *museums), centre=centre)  # fmt: skip


def test_a_beach_in_late_november_is_a_short_walk_and_said_so() -> None:
    day = plan_itinerary(_trip(VANCOUVER, "Vancouver", date(2026, 11, 26))).days[0]
    beaches = [s for s in day.stops if "Beach" in s.name]
    assert beaches, day
    assert all(s.end - s.start == COLD_BEACH_MINUTES for s in beaches), beaches
    assert any("short walk along the shore" in n and "November" in n for n in day.notes), day.notes


def test_a_beach_in_summer_or_the_tropics_keeps_its_visit() -> None:
    for centre, city, when in ((VANCOUVER, "Vancouver", date(2026, 7, 16)),
                               (SINGAPORE, "Singapore", date(2026, 11, 26))):  # fmt: skip
        day = plan_itinerary(_trip(centre, city, when)).days[0]
        beaches = [s for s in day.stops if "Beach" in s.name]
        assert beaches and all(s.end - s.start == 120 for s in beaches), (city, beaches)


def test_a_winter_beach_already_short_is_still_said() -> None:
    """A beach re-timed when a day is planned again comes back at 45 min: the day still says
    it (t39 day 1 said English Bay Beach and not Kitsilano Beach, both 45 min)."""
    place = place_maker(VANCOUVER, "Vancouver", label="Museum")
    beach = place(1, 0.002, name="Kitsilano Beach", kind="park", duration=COLD_BEACH_MINUTES)
    request = TripRequest(city="Vancouver", start_date=date(2026, 11, 26), days=1,
                          pace="moderate", mode="transit", centre=VANCOUVER,
                          candidates=(beach, place(2, 0.004)))  # fmt: skip
    day = plan_itinerary(request).days[0]
    assert any(n.startswith("Kitsilano Beach: a short walk") for n in day.notes), day.notes
