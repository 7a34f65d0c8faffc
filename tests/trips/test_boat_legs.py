"""An island with no land link is reached by boat (issue 35, panel trips half A at 2959048: t59
and t37 "Kusu Island ferry start unrealistic, 33 min to Duxton", t23 "Ellis Island → UN in 20 min
is an impossible leg"): its legs take the crossing too, the day says so, and when it is not named
it gives way to nearer places like any far stop."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.long_legs import SHORT_LEG
from kairos.trips.models import Candidate, TripRequest
from kairos.trips.retrieval_rules import Row
from kairos.trips.water import CROSSING, by_boat, crossing
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (1.2903, 103.8520)
_place = place_maker(CENTRE, "Singapore", label="Temple", duration=60)


def _row(i: int, name: str, dlat: float, precision: str = "place") -> Row:
    return Row(id=i, name=name, kind="park", city="Singapore", lat=CENTRE[0] + dlat,
               lng=CENTRE[1], attributes={"location": {"precision": precision}},
               votes=0)  # fmt: skip


def test_an_island_with_no_sights_around_it_is_reached_by_boat() -> None:
    rows = [
        _row(1, "Kusu Island, Singapore", -0.05),
        _row(2, "Pulau Ubin & Singapore Islands", 0.1),
        _row(8, "Chek Jawa", 0.107),
        _row(3, "Sentosa Island", -0.02),
        _row(4, "Resorts World Sentosa", -0.029),
        _row(7, "S.E.A. Aquarium", -0.03),
        _row(5, "Chinatown", 0.0),
        _row(6, "Island Museum", 0.0003),
        _row(10, "Sri Temple", 0.002),
        _row(9, "Ellis Island", 0.3, "ZIP centroid"),
    ]
    # one place on Pulau Ubin says no road to it; Sentosa's resort and aquarium do; "Island
    # Museum" sits in town; a point that is its ZIP's centroid is not the island's
    assert by_boat(rows) == {1, 2}


def test_a_crossing_per_end_and_none_between_two_stops_of_one_boat() -> None:
    assert crossing(False, False, 5.0) == 0
    assert crossing(True, False, 5.0) == crossing(False, True, 5.0) == CROSSING
    assert crossing(True, True, 1.0) == 0
    assert crossing(True, True, 20.0) == 2 * CROSSING


def _trip(places: list[Candidate], named: frozenset[str] = frozenset()) -> TripRequest:
    return TripRequest(city="Singapore", start_date=MONDAY, days=1, pace="moderate",
                       mode="transit", centre=CENTRE, candidates=tuple(places),
                       named=named)  # fmt: skip


def _places() -> list[Candidate]:
    town = [_place(i, 0.003 * i) for i in (2, 3, 4, 5, 6, 7)]
    # about 5 km off the town: 30 min by the straight line, over an hour with the boat
    island = _place(1, -0.045, name="Kusu Island", kind="park", by_boat=True)
    return [island, *town]


def test_an_island_not_named_is_left_out_and_said() -> None:
    """Planned first, an island made a day of one stop: every leg from it took the boat too
    (t17 at this change's first try: "Day 3: Kusu Island, Singapore", 09:00-10:00, alone)."""
    itinerary = plan_itinerary(_trip(_places()))
    day = itinerary.days[0]
    assert "Kusu Island" not in [s.name for s in day.stops]
    assert all(s.travel_minutes <= SHORT_LEG for s in day.stops[1:]), day.stops
    (why,) = [u.reason for u in itinerary.unplaced if u.name == "Kusu Island"]
    assert "reached by boat" in why and "name it" in why, why


def test_an_island_named_is_kept_with_the_boat_in_its_leg_and_said() -> None:
    itinerary = plan_itinerary(_trip(_places(), named=frozenset({"p1"})))
    day = itinerary.days[0]
    names = [s.name for s in day.stops]
    assert "Kusu Island" in names
    at = names.index("Kusu Island")
    leg = day.stops[at + 1] if at == 0 else day.stops[at]
    assert leg.travel_minutes >= CROSSING + 20, day.stops  # the way by transit, then the boat
    assert any("Kusu Island is reached by boat" in n for n in day.notes), day.notes
