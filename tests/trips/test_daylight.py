"""Outdoor stops in daylight (issue 35, panel trips half A: a forest park planned at 16:55 in
a Vancouver November, after dark): a park, a garden or a viewpoint ends by dusk; a museum may
run later; a night visit and a time the traveller fixed are theirs."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from zoneinfo import ZoneInfo

from kairos.trips.daylight import TWILIGHT, dark_from, sunset
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest
from tests.trips.candidates import ALL_DAY, place_maker

SATURDAY = date(2026, 11, 28)
CENTRE = (49.2827, -123.1207)  # Vancouver


_place = place_maker(CENTRE, "Vancouver", duration=150)


def _plan(stops: list[Candidate]):  # type: ignore[no-untyped-def]
    return plan_itinerary(TripRequest(city="Vancouver", start_date=SATURDAY, days=1,
                                      pace="packed", mode="drive", candidates=tuple(stops),
                                      centre=CENTRE))  # fmt: skip


def test_sunset_is_where_the_almanac_puts_it() -> None:
    # Vancouver 28 Nov: 16:18 PST; Singapore 8 Jan: 19:13; New York 21 Jun: 20:31 EDT
    cases = [
        (SATURDAY, CENTRE, "America/Vancouver", 16 * 60 + 18),
        (date(2027, 1, 8), (1.29, 103.85), "Asia/Singapore", 19 * 60 + 13),
        (date(2026, 6, 21), (40.71, -74.0), "America/New_York", 20 * 60 + 31),
    ]
    for day, (lat, lng), zone, expected in cases:
        found = sunset(day, lat, lng, ZoneInfo(zone))
        assert found is not None and abs(found - expected) <= 5, (zone, found)
    assert dark_from(SATURDAY, "Vancouver", CENTRE) == (sunset(SATURDAY, *CENTRE,
                                                              ZoneInfo("America/Vancouver"))
                                                       or 0) + TWILIGHT  # fmt: skip


def test_a_park_is_not_visited_after_dark() -> None:
    stops = [_place(i, 0.001 * i) for i in range(1, 4)]  # three museums fill the day to dusk
    stops.append(_place(4, 0.004, kind="park", name="Forest Park", rank=3.5))
    trip = _plan(stops)
    dark = dark_from(SATURDAY, "Vancouver", CENTRE)
    assert dark is not None
    for day in trip.days:
        for slot in day.slots:
            if slot.kind == "stop" and slot.place_id == "p4":
                assert slot.end <= dark, (slot.start, slot.end, dark)


def test_a_park_the_route_puts_last_is_visited_first_in_daylight() -> None:
    park = _place(4, 0.004, kind="park", name="Forest Park", rank=3.5)
    trip = _plan([_place(i, 0.001 * i) for i in range(1, 4)] + [park])
    placed = [s for d in trip.days for s in d.slots if s.place_id == "p4"]
    dark = dark_from(SATURDAY, "Vancouver", CENTRE)
    assert dark is not None and placed and all(s.end <= dark for s in placed)


def test_a_museum_and_a_night_visit_may_run_after_dark() -> None:
    evening = _place(5, 0.0, kind="zoo", name="Night Safari", duration=120)
    trip = _plan([_place(1, 0.0, duration=60), evening])
    names = [s.name for d in trip.days for s in d.slots]
    assert "Night Safari" in names


def test_a_temple_of_unknown_hours_is_not_visited_after_dark() -> None:
    """Panel t03/t13 half A: "day 2 to 18:30 in the dark" at temples whose hours no source
    gives. A temple or a historic site of unknown hours ends by dusk; one whose hours are known
    keeps them."""
    stops = [_place(i, 0.001 * i) for i in range(1, 4)]  # three museums fill the day to dusk
    temple = _place(4, 0.004, kind="religious_site", name="Hill Temple", rank=3.5, hours=None)
    trip = _plan([*stops, temple])
    dark = dark_from(SATURDAY, "Vancouver", CENTRE)
    assert dark is not None
    placed = [s for d in trip.days for s in d.slots if s.place_id == "p4"]
    assert placed and all(s.end <= dark for s in placed), [(s.start, s.end, dark) for s in placed]
    known = replace(temple, hours=ALL_DAY)
    late = [s for d in _plan([*stops, known]).days for s in d.slots if s.place_id == "p4"]
    assert late and late[0].end > dark
