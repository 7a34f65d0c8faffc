"""Issue 35, third round: with children an evening-only visit (a night safari) ends at a
sensible hour; a city where Kairos knows no place to eat says so once for the trip, not at every
meal of every day."""

from __future__ import annotations

from datetime import date

from kairos.trips.day_plan import CHILD_NIGHT_END
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, Itinerary, TripRequest

MONDAY = date(2025, 5, 5)
CENTRE = (1.29, 103.85)
ALL_DAY = tuple(((0, 1440),) for _ in range(7))
EVENING = tuple(((19 * 60 + 30, 24 * 60),) for _ in range(7))


def _stop(i: int, dlat: float, **kw: object) -> Candidate:
    fields: dict[str, object] = {"id": f"p{i}", "name": f"Sight {i}", "kind": "museum",
                                 "lat": CENTRE[0] + dlat, "lng": CENTRE[1], "city": "Singapore",
                                 "duration": 90, "rank": float(i), "hours": ALL_DAY}  # fmt: skip
    fields.update(kw)
    return Candidate(**fields)  # type: ignore[arg-type]


def _trip(stops: list[Candidate], meals: list[Candidate], *, days: int = 1,
          children: bool = False) -> Itinerary:  # fmt: skip
    request = TripRequest(city="Singapore", start_date=MONDAY, days=days, pace="moderate",
                          mode="transit", candidates=tuple(stops), meals=tuple(meals),
                          children=children)  # fmt: skip
    return plan_itinerary(request)


def _night_zoo() -> Candidate:
    return _stop(9, 0.02, kind="zoo", name="Night Zoo", hours=EVENING, duration=240)


def test_with_children_an_evening_only_visit_ends_by_bedtime_and_says_so() -> None:
    stops = [_stop(1, 0.0), _stop(2, 0.003), _night_zoo()]
    family = _trip(stops, [], children=True).days[0]
    zoo = next(s for s in family.slots if s.name == "Night Zoo")
    assert zoo.end <= CHILD_NIGHT_END, family
    assert zoo.end - zoo.start >= 90
    assert any("with children the visit is kept to" in n for n in family.notes), family.notes
    # without children the visit keeps its length
    adults = _trip(stops, []).days[0]
    assert next(s for s in adults.slots if s.name == "Night Zoo").end > CHILD_NIGHT_END + 60
