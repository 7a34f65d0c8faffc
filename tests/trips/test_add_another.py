"""'add another X' adds a stop of that kind (issue 35, round 3; panel t43 half A: "'add another
memorial' ignored, the answer only says no zoo, nothing changed")."""

from __future__ import annotations

from datetime import date

from kairos.trips.add_stop import add_stop
from kairos.trips.edit_words import also_added
from kairos.trips.edits import replay
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from tests.trips.candidates import place_maker

CENTRE = (38.8895, -77.0353)
_place = place_maker(CENTRE, "Washington", label="Memorial", kind="landmark")


def _trip() -> TripRequest:
    stops = [_place(i, 0.002 * i) for i in range(1, 4)]
    spare = [_place(9, 0.001, name="Spare Museum", kind="museum"),
             _place(10, 0.003, name="Far Museum", kind="museum", lat=CENTRE[0] + 0.2)]  # fmt: skip
    return TripRequest(city="Washington", start_date=date(2025, 5, 5), days=1, pace="relaxed",
                       mode="transit", candidates=(*stops, *spare), centre=CENTRE)  # fmt: skip


def test_an_add_said_after_a_remove_is_read() -> None:
    added = also_added("we'd rather skip the zoo, add another memorial")
    assert added is not None and added.kind == "add" and added.target
    assert also_added("skip the zoo") is None


def test_add_brings_one_more_stop_of_the_kind_the_nearest_first() -> None:
    itinerary = plan_itinerary(_trip())
    before = [s.name for s in itinerary.days[0].stops]
    assert "Spare Museum" not in before
    after = replay(itinerary, {"kind": "refine", "day": 1, "change": "add", "want": "museum"})
    names = [s.name for s in after.days[0].stops]
    assert "Spare Museum" in names and set(before) <= set(names), names
    assert any("Spare Museum added" in n for n in after.notes)


def test_no_place_of_the_kind_left_is_said() -> None:
    itinerary = plan_itinerary(_trip())
    after = add_stop(itinerary, 0, "zoo")
    assert after.days == itinerary.days
    assert any("no other zoo place" in n for n in after.notes), after.notes
