"""A museum whose source gives no hours is planned within a museum's usual hours (issue 35:
"Science Centre 18:00–19:30 past likely closing"), and the trip says its hours are not known."""

from __future__ import annotations

from datetime import date

from kairos.trips.hours import USUAL_MUSEUM_HOURS, allowed_spans, why_unknown
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest

MONDAY = date(2025, 5, 5)
CENTRE = (1.29, 103.85)


def _c(i: int, kind: str = "museum", **kw: object) -> Candidate:
    fields: dict[str, object] = {"id": f"p{i}", "name": f"Place {i}", "kind": kind,
                                 "lat": CENTRE[0] + 0.003 * i, "lng": CENTRE[1],
                                 "city": "Singapore", "duration": 90, "rank": float(i)}  # fmt: skip
    fields.update(kw)
    return Candidate(**fields)  # type: ignore[arg-type]


def test_a_museum_with_no_hours_is_planned_within_usual_hours() -> None:
    museums = [_c(i) for i in range(1, 7)]
    request = TripRequest(city="Singapore", start_date=MONDAY, days=1, pace="packed",
                          mode="transit", centre=CENTRE, candidates=tuple(museums))  # fmt: skip
    itinerary = plan_itinerary(request)
    stops = [s for d in itinerary.days for s in d.stops]
    assert stops
    opens, closes = USUAL_MUSEUM_HOURS
    assert all(opens <= s.start and s.end <= closes for s in stops), [
        (s.name, s.start, s.end) for s in stops
    ]


def test_only_museums_with_nothing_known_take_usual_hours() -> None:
    assert allowed_spans(_c(1), 0) == [USUAL_MUSEUM_HOURS]
    assert allowed_spans(_c(1, kind="attraction"), 0)[0][0] == 0
    known = _c(1, hours=tuple(((480, 1200),) for _ in range(7)))
    assert allowed_spans(known, 0) == [(480, 1200)]


def test_the_trip_says_the_hours_are_not_known_and_how_it_planned() -> None:
    said = why_unknown(_c(1), 0)
    assert (
        said == "its source gives no opening hours; planned within a museum's usual hours, "
        "10:00–17:30"
    )
