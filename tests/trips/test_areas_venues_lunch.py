"""Stops that are not sights and a lunch on every full day (issue 35 items 1 and 2; panel trips
half A t09 "'The Photo Session' (a business)", "no lunch on day 2"; t51 "'Old and New Towns',
Usher Hall as a museum", "no lunch on day 1"):

- a World Heritage listing named for an area ("Old and New Towns of …", "Historic Centre of …")
  is no one place to go to: left out when the city's other sights fill the trip, else shown as
  a walk through it; a building *in* such an area stays a place;
- a business selling a service (a photo studio) is no sight;
- a hall whose data says nothing of visits (no description, a list's theme for a label) is a
  venue for an evening, not a daytime "museum"; a city hall or a described hall stays a sight;
- a visit that runs through lunch time is followed by a late lunch, and a visit that would run
  past even a late lunch is preceded by one.
"""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.core.not_sights import stage_venue, why_not_a_sight
from kairos.core.visit_length import area_listing, no_one_place, shown_name
from kairos.trips.retrieval_rules import Row
from kairos.trips.timeline import LATE_LUNCH, LUNCH
from tests.trips.offline_retrieval import OfflineRetrieval
from tests.trips.test_meal_times import _day, _food, _stop

UNESCO = "UNESCO World Heritage List (inscribed 1995)"


def _listing(name: str) -> dict[str, Any]:
    # as ingested: the source's row without its name (the place carries it)
    raw = {"category": "historic_site", "notability_basis": UNESCO,
           "description": "The city has two distinct areas, each with many buildings."}  # fmt: skip
    return {"poi": {"unesco_whc_2021": raw}}


def test_a_listing_named_for_an_area_is_no_one_place() -> None:
    for name in ["Old and New Towns of Northburgh", "Historic Centre of Someplace",
                 "Historic District of Old Someplace", "Town of Someplace",
                 "Urban Historic Centre of Someplace", "Someplace Cultural Landscape"]:  # fmt: skip
        assert area_listing(_listing(name), name) and no_one_place(_listing(name), name), name
        assert "a walk through" in shown_name(name, _listing(name))
    for name in ["Episcopal Complex of the Basilica in the Historic Centre of Someplace",
                 "Tower of Someplace", "Someplace Castle"]:  # fmt: skip
        assert not area_listing(_listing(name), name), name
    # not a World Heritage listing: an old town square of a city's list is a place
    curated = {"poi": {"rectour": {"category_raw": ["Others"]}}}
    assert not area_listing(curated, "Old Town Square")


CENTRE = (55.95, -3.19)
CURATED = {"category_raw": ["Others"], "notability_basis": "POI list hand-crafted (POI Ext 1)"}


def _row(i: int, name: str, attributes: dict[str, Any] | None = None) -> Row:
    return Row(id=i, name=name, kind="attraction", city="Northburgh", lat=CENTRE[0] + i / 400,
               lng=CENTRE[1], attributes=attributes or {"poi": {"rectour": CURATED}},
               votes=0)  # fmt: skip


def _names(rows: list[Row], room: int) -> list[str]:
    retrieved = asyncio.run(
        OfflineRetrieval(rows).retrieve(city="Northburgh", centre=CENTRE, radius_km=30.0,
                                        interests="history", tags=(), room=room)
    )  # fmt: skip
    return [c.name for c in retrieved.candidates]


def test_an_area_listing_gives_way_when_the_city_fills_the_trip() -> None:
    area = "Old and New Towns of Northburgh"
    names = ["Calton Crag", "Holy Rood Abbey", "Greyfriars Kirk", "Dean Village", "Arthur's Seat",
             "Castle Rock", "Camera Obscura", "Lauriston Castle"]  # fmt: skip
    rows = [_row(0, area, _listing(area))] + [_row(i, n) for i, n in enumerate(names, 1)]
    assert not any(area in n for n in _names(rows, room=6))
    # a city with too few other sights keeps it, as a walk
    kept = _names(rows[:3], room=6)
    assert any(n.startswith(area) and "a walk through" in n for n in kept), kept


def _listed(category: str, labels: list[str], description: str | None = None) -> dict[str, Any]:
    raw = {"category": category, "category_raw": labels, "description": description}
    return {"poi": {"tripadvisor_attractions": raw}}


def test_a_business_selling_a_service_is_no_sight() -> None:
    labels = ["Points of Interest & Landmarks", "Monuments & Statues"]
    why = why_not_a_sight("The Photo Session", "landmark", _listed("landmark", labels))
    assert why is not None and "shop" in why
    assert why_not_a_sight("Agency of Media", "landmark", _listed("landmark", labels))
    assert why_not_a_sight("Lookout Point", "landmark", _listed("landmark", labels)) is None
    museum = _listed("museum", ["Art Museums"])
    assert why_not_a_sight("Museum of Photography", "museum", museum) is None


def _themed(theme: str) -> dict[str, Any]:
    raw = {"category": "museum", "category_raw": [theme], "description": None,
           "notability_basis": "POI list of Lim et al. (IJCAI'15) itinerary dataset"}  # fmt: skip
    return {"poi": {"yfcc_itinerary_poi_ijcai15": raw}}


def test_a_hall_with_nothing_said_of_visits_is_a_venue() -> None:
    assert stage_venue("Usherwood Hall", _themed("Cultural"))
    # a city hall, a hall of fame, a described hall, a hall among historic sites stay sights
    assert not stage_venue("Old City Hall (Northburgh)", _themed("Structure"))
    assert not stage_venue("Hockey Hall of Fame", _themed("Cultural"))
    described = _listed("landmark", ["Points of Interest & Landmarks"], "Go back in time here.")
    assert not stage_venue("Osgood Hall", described)
    assert not stage_venue("Sokolov Hall", _listed("historic_site", ["Historic Sites"]))


def test_a_visit_through_lunch_time_is_followed_by_a_late_lunch() -> None:
    # 09:00-11:00, then a park 11:30-14:00 that covers lunch time, then a third stop
    stops = [_stop(1, 0.0, duration=120), _stop(2, 0.01, duration=150, name="Big Park"),
             _stop(3, 0.02)]  # fmt: skip
    with_food = _day(stops, [_food(1, 0.011)])
    lunch = [s for s in with_food.slots if s.kind == "lunch"]
    assert len(lunch) == 1 and LUNCH[1] < lunch[0].start <= LATE_LUNCH, with_food
    assert not any(n.startswith("No lunch break") for n in with_food.notes)
    no_food = _day(stops, [])
    said = [n for n in no_food.notes if n.startswith("Lunch around 14:")]
    assert said and "kept free" in said[0], no_food
    assert not any(n.startswith("No lunch break") for n in no_food.notes)


def test_a_visit_past_a_late_lunch_is_preceded_by_lunch() -> None:
    # 09:00-11:15, then a zoo for four hours: lunch before it (from 11:30), not none
    stops = [_stop(1, 0.0, duration=135), _stop(2, 0.01, duration=240, name="Big Zoo")]
    day = _day(stops, [_food(1, 0.005)])
    kinds = [s.kind for s in day.slots]
    assert kinds[:3] == ["stop", "lunch", "stop"], day
    assert LUNCH[0] <= day.slots[1].start <= LUNCH[1]
