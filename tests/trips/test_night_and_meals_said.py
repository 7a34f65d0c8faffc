"""Issue 35, third round: with children an evening-only visit (a night safari) ends at a
sensible hour; a city where Kairos knows no place to eat says so once for the trip, not at every
meal of every day."""

from __future__ import annotations

from dataclasses import replace
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


KATHMANDU = (27.7172, 85.3240)


def _temple(i: int, dlat: float, hours: object = None) -> Candidate:
    return Candidate(id=f"t{i}", name=f"Temple {i}", kind="religious_site",
                     lat=KATHMANDU[0] + dlat, lng=KATHMANDU[1], city="Kathmandu",
                     duration=45, rank=float(i), hours=hours)  # type: ignore[arg-type]  # fmt: skip


def test_a_day_is_not_topped_up_past_dusk_with_a_place_whose_hours_are_unknown() -> None:
    """Panel t13 half A: a day of 45-minute temple visits was filled to 7 stops, the last a
    far temple at 17:45 after dark (Kathmandu's dusk about 17:29 in late November); the hours
    of none were known."""
    temples = [_temple(i, 0.02 * i) for i in range(1, 15)]
    request = TripRequest(city="Kathmandu", start_date=date(2026, 11, 27), days=1,
                          pace="moderate", mode="transit", candidates=tuple(temples),
                          centre=KATHMANDU)  # fmt: skip
    day = plan_itinerary(request).days[0]
    dusk = 17 * 60 + 29
    assert len(day.stops) >= 5, day.stops
    assert max(s.end for s in day.stops) <= dusk, [(s.name, s.start, s.end) for s in day.stops]
    # the same places with their hours known may fill the day past dusk (a museum open late)
    known = [_temple(i, 0.02 * i, hours=ALL_DAY) for i in range(1, 15)]
    lit = plan_itinerary(replace(request, candidates=tuple(known))).days[0]
    assert len(lit.stops) > len(day.stops) and max(s.end for s in lit.stops) > dusk
