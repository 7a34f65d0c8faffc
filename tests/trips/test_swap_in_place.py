"""A swap tries the new place where the old one was, not at the day's end (issue 35, panel trips
half A, t05: "swap The Metropolitan Museum of Art for a museum" brought the Museum of Ice Cream
at 18:30 while better-known museums open by day were left out: with no positions the day kept
its order, and the new place was only ever tried after the last stop)."""

from __future__ import annotations

from datetime import date

from kairos.trips.itinerary import SwapStop, plan_itinerary, refine_day
from kairos.trips.models import Candidate, TripRequest

NEW_YORK = (40.7128, -74.0060)
ALL_DAY = tuple(((0, 1440),) for _ in range(7))
BY_DAY = tuple(((10 * 60, 17 * 60),) for _ in range(7))


def _museum(i: int, minutes: int, rank: float, hours: tuple[tuple[tuple[int, int], ...], ...]
            = ALL_DAY) -> Candidate:  # fmt: skip
    return Candidate(id=f"p{i}", name=f"Museum {i}", kind="museum", lat=NEW_YORK[0],
                     lng=NEW_YORK[1], city="New York", duration=minutes, rank=rank,
                     hours=hours, positioned=False)  # fmt: skip


def test_the_better_known_museum_open_by_day_comes_in_where_the_old_stop_was() -> None:
    day_museum = _museum(5, 150, 2.5, BY_DAY)
    lesser = _museum(3, 90, 3.0)
    stops = [_museum(0, 150, 0.0), _museum(1, 150, 1.0), _museum(2, 90, 2.0)]
    request = TripRequest(city="New York", start_date=date(2026, 11, 26), days=1,
                          pace="moderate", mode="walk",
                          candidates=(*stops, day_museum, lesser), centre=NEW_YORK)  # fmt: skip
    itinerary = plan_itinerary(request)
    assert [s.place_id for s in itinerary.days[0].stops] == ["p0", "p1", "p2"]
    refined = refine_day(itinerary, 0, SwapStop("p1", "museum"))
    assert [s.place_id for s in refined.days[0].stops] == ["p0", "p5", "p2"]
