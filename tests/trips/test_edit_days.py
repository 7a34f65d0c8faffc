"""An edit for a day the stored itinerary does not hold is refused with a 4xx, never a 500
(schema fuzzing found a refine of day 7 replayed on a trip built with fewer days)."""

from __future__ import annotations

import uuid

import pytest

from kairos.errors import InvalidInput
from kairos.store.trips import StoredTrip
from kairos.trips.edits import checked_edit


def _trip(request_days: int, planned_days: int) -> StoredTrip:
    itinerary = {"days": [{"index": i + 1, "slots": []} for i in range(planned_days)]}
    return StoredTrip(uuid.uuid4(), uuid.uuid4(), {"days": request_days}, [], itinerary, 1)


def test_a_day_past_the_days_planned_is_refused() -> None:
    edit = {"kind": "refine", "day": 7, "place_id": "601", "want": "a museum", "change": "swap"}
    with pytest.raises(InvalidInput, match="outside this 2-day trip"):
        checked_edit(_trip(request_days=7, planned_days=2), edit)
    assert checked_edit(_trip(request_days=7, planned_days=7), dict(edit))["day"] == 7
