"""The people on the trip and homes that are no sights (issue 35; panel trips half A t41
"moderate 5-stop days for 70s parents; the stairs not warned", t51 "a private/official
residence as a stop"):

- a house or a residence whose data says nothing of visits (no description, hours, price or
  reviews, a list's theme for its only label) gives way when the city's other sights fill the
  trip; a house museum, a described or reviewed house stays a sight;
- people in their seventies or older, elderly words or walking said to be hard make the days
  relaxed when no pace is said; a pace said wins;
- on a step-free trip each day says its stops' access: stairs its data speaks of (a step count,
  a name that is a stair, a description naming stairs or a hilltop; "steps away" is no
  stair), which stops their source marks wheelchair accessible and which it says nothing of;
- a landmark whose hours are not known (a facade, a monument) is seen before dark.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import httpx
import pytest

from kairos.core.not_sights import bare_residence
from kairos.trips.daylight import dark_from
from kairos.trips.gentle import gentle_for
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest
from kairos.trips.stairs import access_notes, stairs_of
from tests.meals.helpers import as_user, create_user
from tests.trips.test_areas_venues_lunch import _names, _row
from tests.trips.test_meal_times import MONDAY, _stop

YFCC = "POI list of Lim et al. (IJCAI'15) itinerary dataset"


def _structure(**more: Any) -> dict[str, Any]:
    raw = {"category": "landmark", "category_raw": ["Structure"], "description": None,
           "notability_basis": YFCC, **more}  # fmt: skip
    return {"poi": {"yfcc_itinerary_poi_ijcai15": raw}}


def test_a_house_with_nothing_said_of_visits_is_a_home() -> None:
    assert bare_residence("Argyle House", "attraction", _structure())
    assert bare_residence("The Provost's Residence", "attraction", _structure())
    # its data says it is visited: hours, a description, reviews, a museum, a historic site
    assert not bare_residence("Argyle House", "attraction", _structure(opening_hours="10-17"))
    assert not bare_residence("Argyle House", "attraction", _structure(description="Tours."))
    assert not bare_residence("Argyle House", "attraction", _structure(review_count=40))
    assert not bare_residence("Argyle House", "museum", _structure())
    listed = _structure(category_raw=["Historic Sites"])
    assert not bare_residence("Argyle House", "attraction", listed)
    # a name not ending in a house's word
    assert not bare_residence("House of Lords Gate", "attraction", _structure())


def test_a_bare_house_gives_way_when_the_city_fills_the_trip() -> None:
    names = ["Calton Crag", "Holy Rood Abbey", "Greyfriars Kirk", "Dean Village", "Arthur's Seat",
             "Castle Rock", "Camera Obscura", "Lauriston Castle"]  # fmt: skip
    rows = [_row(0, "Argyle House", _structure())] + [_row(i, n) for i, n in enumerate(names, 1)]
    assert "Argyle House" not in _names(rows, room=6)
    assert "Argyle House" in _names(rows[:3], room=6)  # a thin city keeps it
    assert "Argyle House" in _names(rows, room=7)  # 8 notable sights: too few to spare for 7
    # many places, few of note: the house is kept too
    bare = {"poi": {"osm": {"osm_tags": {"tourism": "attraction"}}}}
    minor = [_row(i, f"Corner {n}", bare) for i, n in enumerate(names, 1)]
    assert "Argyle House" in _names([rows[0], *rows[1:3], *minor], room=6)


@pytest.mark.parametrize(
    "words",
    ["3 days with my parents in their 70s", "with my dad, aged 81", "my grandma is 84 years old",
     "we are seniors", "with my elderly mother", "my mum can't walk much"],
)  # fmt: skip
def test_words_of_people_a_day_should_be_gentle_for(words: str) -> None:
    assert gentle_for(words)


@pytest.mark.parametrize(
    "words", ["with my parents", "kids 8 and 11", "in their 30s", "we don't walk much"]
)
def test_words_of_others_are_not(words: str) -> None:
    assert gentle_for(words) is None


async def _pace(client: httpx.AsyncClient, words: str) -> tuple[str, str]:
    uid = await create_user(client)
    said = await client.post("/trips/intent", headers=as_user(uid), json={"raw_text": words})
    assert said.status_code == 200, said.text
    return said.json()["trip"]["pace"], said.json()["message"]


async def test_a_trip_with_people_in_their_seventies_is_relaxed(client: httpx.AsyncClient) -> None:
    pace, message = await _pace(client, "Singapore 2 days with my parents in their 70s")
    assert pace == "relaxed" and "in their 70s" in message, message
    pace, _ = await _pace(client, "Singapore 2 days with my parents in their 70s, packed")
    assert pace == "packed"


def _described(text: str) -> dict[str, Any]:
    return {"poi": {"tripadvisor_attractions": {"description": text}}}


def test_stairs_said_in_a_place_data_are_read() -> None:
    osm = {"poi": {"osm": {"osm_tags": {"step_count": "365", "wheelchair": "no"}}}}
    assert stairs_of("Hill Shrine", osm) == "365 steps (OpenStreetMap)"
    assert stairs_of("Queen's Stairs", {}) == "its name, Queen's Stairs"
    said = stairs_of("Lookout", _described("A fine view. It has 154 flights of stairs to climb."))
    assert said is not None and "flights of stairs" in said
    assert stairs_of("Abbey", _described("Atop a tall hill at the north end, the abbey."))
    assert stairs_of("Hall", _described("Just steps away from the river, a hall.")) is None
    assert stairs_of("Museum", _described("A museum of toys.")) is None
    assert stairs_of("Peak", _described("Getting to the hilltop by cable car is fun.")) is None


def test_a_step_free_day_says_each_stop_access() -> None:
    hill = replace(_stop(1, 0.003), name="Hill Abbey", stairs="a flight of 300 stone steps")
    marked = replace(_stop(2, 0.006), name="Ramp Museum", step_free="yes")
    plain = replace(_stop(3, 0.009), name="Quiet Garden")
    request = TripRequest(city="Delhi", start_date=MONDAY, days=1, pace="relaxed",
                          mode="walk", candidates=(hill, marked, plain),
                          step_free=True)  # fmt: skip
    itinerary = plan_itinerary(request)
    notes = access_notes(itinerary.days[0], itinerary)
    stairs = [n for n in notes if n.startswith("Stairs at Hill Abbey")]
    assert stairs and "300 stone steps" in stairs[0], notes
    access = notes[-1]
    assert "Ramp Museum marked wheelchair accessible" in access, access
    assert "Quiet Garden" in access and "Hill Abbey" in access, access
    plain_trip = replace(itinerary, request=replace(request, step_free=False))
    assert access_notes(itinerary.days[0], plain_trip) == []


def test_a_candidate_carries_the_stairs_of_its_data() -> None:
    said = _described("It sits on a hilltop.")
    c = Candidate.from_place(id="1", name="Hill Abbey", kind="attraction", lat=0.0, lng=0.0,
                             city="Delhi", attributes=said)  # fmt: skip
    assert c.stairs == "It sits on a hilltop."


def test_a_landmark_of_unknown_hours_is_not_visited_after_dark() -> None:
    """Half A t51: a residence's facade (a list's "landmark") planned at 17:18, dark from 16:11.
    A landmark whose hours are not known is seen before dark; one with known hours keeps them."""
    from tests.trips.candidates import ALL_DAY
    from tests.trips.test_daylight import SATURDAY, _place, _plan

    stops = [_place(i, 0.001 * i) for i in range(1, 4)]  # three museums fill the day to dusk
    facade = replace(_place(4, 0.004, kind="attraction", name="Argyle Facade", rank=3.5,
                            hours=None), category="landmark")  # fmt: skip
    dark = dark_from(SATURDAY, "Vancouver", (49.2827, -123.1207))
    assert dark is not None
    placed = [s for d in _plan([*stops, facade]).days for s in d.slots if s.place_id == "p4"]
    assert placed and all(s.end <= dark for s in placed), [(s.start, s.end, dark) for s in placed]
    known = replace(facade, hours=ALL_DAY)
    late = [s for d in _plan([*stops, known]).days for s in d.slots if s.place_id == "p4"]
    assert late and late[0].end > dark
