"""A place placed only at its postal code's centroid has no leg of 0 minutes (issue 35, panel
trips half A at 3c9f84c8: t15 "the Arboretum is a far leg given no travel time", t29/t43 "a
7-stop day of 2.2 km"): TripAdvisor's Washington sights share ZIP 20002's centroid, so a leg
between two of them measured 0 km. A leg to or from such a place takes at least
`CENTROID_LEG` minutes and is shown as an allowance, not a measure."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest
from kairos.trips.phrasing import rules_words
from kairos.trips.retrieval_rules import Row, pinpointed
from kairos.trips.travel import CENTROID_LEG
from kairos.trips.view import _measured
from tests.trips.candidates import place_maker

THURSDAY = date(2026, 11, 26)
CENTRE = (38.9024, -76.9901)
_place = place_maker(CENTRE, "Washington", label="Memorial", duration=60)


def _trip(places: list[Candidate]) -> TripRequest:
    return TripRequest(city="Washington", start_date=THURSDAY, days=1, pace="moderate",
                       mode="transit", centre=CENTRE, candidates=tuple(places))  # fmt: skip


def test_a_centroid_row_is_not_pinpointed() -> None:
    def row(precision: str) -> Row:
        return Row(id=1, name="Arboretum", kind="park", city="Washington", lat=CENTRE[0],
                   lng=CENTRE[1], attributes={"location": {"precision": precision}},
                   votes=0)  # fmt: skip

    assert not pinpointed(row("ZIP centroid")) and not pinpointed(row("street centroid"))
    assert pinpointed(row("place")) and pinpointed(row("address"))


def test_legs_between_places_at_one_centroid_take_the_allowance() -> None:
    places = [_place(i, pinpointed=False) for i in (1, 2, 3)]
    day = plan_itinerary(_trip(places)).days[0]
    assert len(day.stops) == 3
    for before, stop in zip(day.stops, day.stops[1:], strict=False):
        assert stop.travel_minutes >= CENTROID_LEG, day.stops
        assert not _measured(before, stop)


def test_legs_between_pinpointed_places_are_measured() -> None:
    places = [_place(i, 0.0005 * i) for i in (1, 2, 3)]
    day = plan_itinerary(_trip(places)).days[0]
    assert len(day.stops) == 3
    assert all(s.travel_minutes < CENTROID_LEG for s in day.stops[1:]), day.stops
    assert _measured(day.stops[0], day.stops[1])


def test_a_day_of_allowed_legs_claims_no_distance() -> None:
    """t29 at 3c9f84c8: "7 stops, 2.2 km by public transport" for a day across the Mall."""

    def slot(name: str, known: bool) -> dict[str, object]:
        return {"kind": "stop", "name": name, "start": "09:00", "end": "10:00",
                "distance_km": 0.0, "travel_known": known}  # fmt: skip

    view = {"pace": "moderate", "city": "Washington", "start_date": "2026-11-26",
            "verified": False, "mode": "transit", "notes": [],
            "days": [{"index": 1, "slots": [slot("A", True), slot("B", False)]},
                     {"index": 2, "slots": [slot("C", True), slot("D", True)]}]}  # fmt: skip
    rough, measured = (d.summary for d in rules_words(view).days)
    assert "km" not in rough and "allowed, not measured" in rough, rough
    assert "0.0 km by public transport" in measured, measured
