"""A stop locked at 10:00 is not made late by a free stop that opens later (the eval's lock of
a packed trip's first stop to the last day at 10:00 was refused, "cannot reach it by 10:00":
a gallery opening at noon came first in the day's order, and the day started at noon)."""

from __future__ import annotations

from datetime import date

from kairos.trips.day_plan import schedule, spec_of
from kairos.trips.models import Day, Lock, TripRequest
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
CENTRE = (49.2827, -123.1207)
NOON = tuple(((720, 1080),) for _ in range(7))
_place = place_maker(CENTRE, "Vancouver", label="Gallery")


def test_a_free_stop_opening_after_a_locked_time_comes_after_the_lock() -> None:
    late = _place(1, 0.0, -0.01, hours=NOON)
    locked = _place(2, 0.0, 0.0, duration=150)
    request = TripRequest(city="Vancouver", start_date=MONDAY, days=1, pace="packed",
                          mode="transit", centre=CENTRE, candidates=(late, locked),
                          locks=(Lock(locked.id, 0, 600),))  # fmt: skip
    empty = Day(0, request.dates[0], (), (510, 1290), 7, 5)
    day, skipped = schedule(request, spec_of(request, empty), [late, locked], [], set(),
                            keep_order=True)  # fmt: skip
    assert not skipped, skipped
    starts = {s.place_id: s.start for s in day.stops}
    assert starts == {locked.id: 600, late.id: starts[late.id]} and starts[late.id] >= 720
