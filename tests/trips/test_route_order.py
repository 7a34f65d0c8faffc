"""A day's route does not go out and back (issue 35 item 3; brief trips23: a Delhi day went out to
Red Fort and back): a place the traveller named starts the day and the rest runs on from it,
not the route with the named place pulled to its front; each day states its travel time and
any backtracking (`route_quality.py`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from kairos.trips.phrasing import rules_words
from kairos.trips.route_quality import backtrack_note, route_quality
from kairos.trips.routing import order_stops
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
DELHI = (28.6139, 77.2090)
KM = 0.0102  # about a km of longitude in Delhi

_c = place_maker(DELHI, "Delhi")


def _line(n: int) -> list:  # type: ignore[type-arg]
    return [_c(i, 0.0, i * KM) for i in range(n)]


def test_tiers_keep_a_named_stop_first_and_the_rest_runs_on_from_it() -> None:
    points = [(0.0, i * KM) for i in range(4)]
    assert order_stops(points, None, [1, 1, 0, 1]) == [2, 3, 1, 0]
    assert order_stops(points) in ([0, 1, 2, 3], [3, 2, 1, 0])


def test_a_named_stop_mid_line_does_not_send_the_day_back_and_forth() -> None:
    stops = _line(4)
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="walk", candidates=tuple(stops), named=frozenset({"p2"}),
                          centre=DELHI)  # fmt: skip
    day = plan_itinerary(request).days[0]
    assert [s.place_id for s in day.stops] == ["p2", "p3", "p1", "p0"], day.stops
    quality = route_quality(day, None)
    assert not quality.backtracks, quality
    assert quality.travel_minutes == sum(s.travel_minutes for s in day.slots) > 0


def test_a_day_that_doubles_back_says_so_and_by_how_much() -> None:
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="walk", candidates=tuple(_line(4)), centre=DELHI)  # fmt: skip
    day = plan_itinerary(request).days[0]
    stops = {s.place_id: s for s in day.stops}
    zigzag = replace(day, slots=tuple(stops[p] for p in ("p0", "p3", "p1", "p2")))
    quality = route_quality(zigzag, None)
    assert quality.backtracks and quality.backtrack_km > 1.5, quality
    said = backtrack_note(quality, locked=False, named=False)
    assert said is not None and said.startswith("This day's route doubles back"), said
    assert f"{quality.backtrack_km:.1f} km more than in the shortest order" in said
    assert backtrack_note(route_quality(day, None), locked=False, named=False) is None


def test_the_day_summary_states_its_travel_time() -> None:
    slot = {"kind": "stop", "name": "Fort", "start": "10:00", "end": "11:00", "distance_km": 2.0}
    view = {"days": [{"index": 1, "slots": [slot], "quality": {"travel_minutes": 42}}],
            "mode": "walk", "city": "Delhi", "verified": True, "pace": "moderate",
            "start_date": "2025-05-05"}  # fmt: skip
    summary = rules_words(view).days[0].summary
    assert summary.endswith("2.0 km on foot, 42 min of travel in all."), summary


def test_a_stop_shut_until_the_afternoon_turns_the_day_round_rather_than_out_and_back() -> None:
    """t37: a mosque shut for Friday prayers went to the end of the day, after a park far out:
    the same stops the other way round keep its hours without going back."""
    afternoon = tuple(((15 * 60, 18 * 60),) for _ in range(7))
    stops = [_c(i, 0.0, i * KM, hours=afternoon if i == 1 else None) for i in range(4)]
    stops = [replace(c, hours=tuple(((9 * 60, 18 * 60),) for _ in range(7))) if c.hours is None
             else c for c in stops]  # fmt: skip
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="moderate",
                          mode="walk", candidates=tuple(stops), centre=DELHI)  # fmt: skip
    day = plan_itinerary(request).days[0]
    assert len(day.stops) == 4, day
    assert [s.place_id for s in day.stops][-1] == "p1"  # still after it opens
    quality = route_quality(day, None)
    assert quality.route_km < 4.5, ([s.place_id for s in day.stops], quality)
