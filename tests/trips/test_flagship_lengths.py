"""A city's flagship (its great museum, gallery, garden or castle) gets the visit it deserves
where its day has room, never at the cost of a stop; squares, plazas, viewpoints, monuments and
city parks named gardens stay short whatever their note (issue 35 item 2: a flagship museum got
the hour and a half of a minor one; trips12's flagships at 2½ h up front lost the Burrell
Collection from a Glasgow day, panel trips half A t33)."""

from __future__ import annotations

from datetime import date
from typing import Any

from kairos.core.visit_length import FLAGSHIP_MINUTES, flagship_minutes, grows_with_note
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from tests.trips.candidates import place_maker

FRIDAY = date(2026, 11, 27)
CENTRE = (55.86, -4.25)
NINE_TO_SIX = tuple(((540, 1080),) for _ in range(7))
place = place_maker(CENTRE, "Glasgow", hours=NINE_TO_SIX, duration=90)
LISTED: dict[str, Any] = {"poi": {"curated": {"notability_basis": "curated sight list"}}}
MAPPED: dict[str, Any] = {"poi": {"osm": {"osm_tags": {"wikidata": "Q1"}}}}


def test_what_grows_with_its_note() -> None:
    for name, kind in (("Kelvingrove Art Gallery and Museum", "museum"), ("Royal Botanic Garden",
                       "park"), ("Edinburgh Castle", "attraction"), ("Zoo", "zoo"),
                       ("Japanese Garden", "garden")):  # fmt: skip
        assert grows_with_note(name, kind), name
    for name, kind in (("Palace Square", "attraction"), ("Princes Street Gardens", "park"),
                       ("Castle Viewpoint", "viewpoint"), ("Usher Hall", "museum"),
                       ("War Memorial", "attraction"), ("Trafalgar Square", "park")):  # fmt: skip
        assert not grows_with_note(name, kind), name


def test_a_flagship_is_of_landmark_note_listed_or_reviewed() -> None:
    assert flagship_minutes("Kelvingrove Museum", "museum", LISTED, 0.9, 90) == FLAGSHIP_MINUTES
    assert flagship_minutes("Kelvingrove Museum", "museum", LISTED, 0.85, 90) is None
    assert flagship_minutes("Police Museum", "museum", MAPPED, 0.95, 90) is None  # a tag alone
    assert flagship_minutes("Kelvingrove Museum", "museum", LISTED, 0.9, 180) is None
    assert flagship_minutes("George Square", "attraction", LISTED, 1.0, 45) is None


def _plan(*places: Any, pace: str = "moderate") -> dict[str, int]:
    request = TripRequest(city="Glasgow", start_date=FRIDAY, days=1, pace=pace,  # type: ignore[arg-type]
                          mode="walk", centre=CENTRE, candidates=tuple(places))  # fmt: skip
    itinerary = plan_itinerary(request)
    return {s.place_id: s.end - s.start for d in itinerary.days for s in d.stops}


def test_a_flagship_takes_its_full_visit_where_the_day_has_room() -> None:
    got = _plan(place(1, full_minutes=FLAGSHIP_MINUTES), place(2, dlat=0.003))
    assert got == {"p1": FLAGSHIP_MINUTES, "p2": 90}, got


def test_a_flagship_never_costs_a_stop() -> None:
    many = [place(i, dlat=0.002 * i, full_minutes=FLAGSHIP_MINUTES if i < 3 else None)
            for i in range(1, 6)]  # fmt: skip
    usual = _plan(*[place(i, dlat=0.002 * i) for i in range(1, 6)])
    got = _plan(*many)
    assert set(got) == set(usual), (got, usual)
    assert sum(got.values()) >= sum(usual.values())


def test_a_flagship_takes_the_longer_visit_the_day_has_room_for_when_not_its_full_one() -> None:
    """Four visits end the day near 16:20: two and a half hours at the
    flagship would run past 17:00, but half an hour or more more fits (panel half A t25:
    Tokyo's days ended about 16:00 with the National Museum at an hour and a half)."""
    others = [place(2, dlat=0.004), place(3, dlat=0.006), place(4, dlat=0.008, duration=60)]
    usual = _plan(place(1), *others)
    got = _plan(place(1, full_minutes=FLAGSHIP_MINUTES), *others)
    assert set(got) == set(usual), (got, usual)
    assert 90 + 30 <= got["p1"] < FLAGSHIP_MINUTES, got
