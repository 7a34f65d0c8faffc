"""The people on the trip and homes that are no sights (issue 35; panel trips half A t41
"moderate 5-stop days for 70s parents; the stairs not warned", t51 "a private/official
residence as a stop"):

- a house or a residence whose data says nothing of visits (no description, hours, price or
  reviews, a list's theme for its only label) gives way when the city's other sights fill the
  trip; a house museum, a described or reviewed house stays a sight;
- people in their seventies or older, elderly words or walking said to be hard make the days
  relaxed when no pace is said; a pace said wins.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from kairos.core.not_sights import bare_residence
from kairos.trips.gentle import gentle_for
from tests.meals.helpers import as_user, create_user
from tests.trips.test_areas_venues_lunch import _names, _row

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
