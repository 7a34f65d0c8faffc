"""A station or landmark said over the real app, database and sample catalog (issue 36, item 1):
a first message naming only a station is answered for the places around it, saying so; a
follow-up naming a landmark places the restaurant the catalog lacks, never silently the city."""

from __future__ import annotations

import httpx

from tests.meals.helpers import create_user
from tests.operator.chat import turn as _turn


async def test_a_station_said_first_places_the_restaurant_and_the_answer_says_where(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    answer = await _turn(client, uid, message="we're right by back bay station. staffing friday?")
    assert answer["locations"][0]["label"] == "Back Bay Station, Boston", answer["locations"]
    assert "I placed your restaurant around Back Bay Station, Boston" in answer["text"]
    assert answer["confidence"]["level"] in ("low", "medium")


async def test_a_landmark_in_a_follow_up_places_the_unknown_restaurant(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    first = await _turn(client, uid, message="I run Zorblax Tavern. usually 90 on a friday. "
                        "staffing friday?")  # fmt: skip
    assert first["locations"][0]["label"] != "Fenway Park, Boston"
    assert "a station or landmark near it?" in first["text"], first["text"]
    # nothing could be placed: nothing stands in ("the places in Zorblax Tavern stand in for
    # Zorblax Tavern" was said)
    assert first["assumptions"] == [
        "nothing stands in for Zorblax Tavern: I could not place it, so no nearby place's "
        "check-ins are used"
    ], first["assumptions"]
    second = await _turn(client, uid, message="we're by Fenway Park",
                         session_id=first["session_id"])  # fmt: skip
    assert second["locations"][0]["label"] == "Fenway Park, Boston", second["locations"]
    assert "I placed Zorblax Tavern around Fenway Park, Boston" in second["text"], second["text"]
    assert second["baseline"]["covers"] == 90


async def test_a_cafe_by_a_station_is_staffed_for_its_mornings_and_lunch(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    answer = await _turn(client, uid, message="we're a little coffee shop by South Station, "
                         "usually 200 on a friday. staffing friday?")  # fmt: skip
    assert answer["locations"][0]["label"] == "South Station, Boston", answer["locations"]
    assert "Read as a café" in answer["text"], answer["text"]
    assert "dinner 17:00" not in answer["text"].split("\n")[-1], answer["text"]


async def test_a_landmark_says_where_on_a_long_street_the_restaurant_is(
    client: httpx.AsyncClient,
) -> None:
    """A street found only as a street (its places stand in) and then "by Copley Square": the
    stretch around the landmark stands in, said; a landmark far from the street moves nothing."""
    uid = await create_user(client)
    first = await _turn(client, uid, message="Newbury St, Boston - small bistro, 90 covers on "
                        "fridays. what do we need for friday?")  # fmt: skip
    assert first["locations"][0]["kind"] == "street", first["locations"]
    near = await _turn(client, uid, message="we're right by copley square",
                       session_id=first["session_id"])  # fmt: skip
    assert near["locations"][0]["label"] == "Copley Square, Boston", near["locations"]
    assert "I placed your restaurant on Newbury St around Copley Square, Boston" in near["text"]
    assert "its name or street number would let me use its own" in near["text"]
    far = await _turn(client, uid, message="Newbury St, Boston - small bistro, 90 covers on "
                      "fridays. what do we need for friday?")  # fmt: skip
    logan = await _turn(client, uid, message="we're near logan airport",
                        session_id=far["session_id"])  # fmt: skip
    assert logan["locations"][0]["kind"] == "street", logan["locations"]
