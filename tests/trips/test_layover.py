"""A layover is planned from the city's airport and back (issue 35, panel trips half A at
2959048, t59: "ends at MacRitchie with no return leg to Changi; 'near the airport' ignored")."""

from __future__ import annotations

import httpx
import pytest

from kairos.core.geo import haversine_km
from kairos.trips.airports import airport_of, layover_asked
from tests.meals.helpers import as_user, create_user


@pytest.mark.parametrize(
    "words",
    ["Singapore 1 day layover, 9am to 6pm", "a stopover in Delhi", "near the airport",
     "a day between flights in Tokyo", "back to the airport by 8"],
)  # fmt: skip
def test_words_of_a_layover_are_read(words: str) -> None:
    assert layover_asked(words)


@pytest.mark.parametrize("words", ["3 days in Singapore", "an airport museum", "airports"])
def test_words_without_a_layover_are_not(words: str) -> None:
    assert not layover_asked(words)


def test_a_city_is_found_by_any_of_its_names() -> None:
    changi = airport_of("Singapore")
    assert changi is not None and "Changi" in changi.name
    jfk = airport_of("New York City")
    assert jfk is not None and haversine_km(jfk.lat, jfk.lng, 40.64, -73.78) < 2
    assert airport_of("Nashville") is None


async def test_a_layover_day_is_a_loop_from_the_airport(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    said = await client.post("/trips/intent", headers=as_user(uid),
                             json={"raw_text": "Singapore 1 day layover, 9am to 6pm"})  # fmt: skip
    assert said.status_code == 200, said.text
    body = said.json()
    changi = airport_of("Singapore")
    assert changi is not None
    assert changi.name in body["message"], body["message"]
    trip = body["trip"]
    assert trip["hotel"] == pytest.approx([changi.lat, changi.lng])
    for day in trip["days"]:
        if day["slots"]:
            assert day["return_minutes"] > 0, day
