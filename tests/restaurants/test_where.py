"""Where a request is for when it does not say (issue 39): one question naming the cities the
catalogue holds, or the person's recent city said in the answer; a city the catalogue lacks
gets the same question, never other cities' places; nonsense and blank messages get a
question."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

from kairos.restaurants.phrasing import widen_questions
from kairos.restaurants.schemas import GenerativeUIPayload
from kairos.restaurants.where import Coverage
from kairos.search.filters import SearchFilters
from tests.restaurants.helpers import as_user, ask, create_user

COVERED = ("Boston", "Cambridge", "London")
"""Cities of the sample with many places to eat: a question names them."""


async def turn(
    client: httpx.AsyncClient,
    uid: str,
    message: str,
    session: str,
    history: list[dict[str, str]],
) -> GenerativeUIPayload:
    response = await client.post(
        "/chat",
        json={"message": message, "conversation_history": history, "session_id": session},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    payload = GenerativeUIPayload.model_validate(response.json())
    history += [
        {"role": "user", "content": message},
        {"role": "assistant", "content": payload.message},
    ]
    return payload


def is_question(payload: GenerativeUIPayload) -> bool:
    return (
        payload.ui_type == "text"
        and not payload.restaurants
        and not payload.flagged_restaurants
        and bool(payload.follow_up_questions)
        and payload.message.rstrip().endswith("?")
    )


async def test_no_city_gets_one_question_and_the_answer_searches_there(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    session, history = uuid.uuid4().hex, []  # type: list[dict[str, str]]
    asked = await turn(client, uid, "romantic thai dinner, not too loud", session, history)
    assert is_question(asked), asked.message
    assert "Thai" in asked.message and all(c in asked.message for c in COVERED), asked.message
    assert asked.follow_up_questions is not None and len(asked.follow_up_questions) == 1  # ADR-004
    assert "Boston" in asked.suggested_replies
    answered = await turn(client, uid, "boston", session, history)
    assert answered.restaurants, answered.message
    assert {(r.city or "").lower() for r in answered.restaurants} == {"boston"}
    assert all("thai" in r.cuisine_types for r in answered.restaurants), answered.message


async def test_a_request_with_no_city_uses_the_recent_one_and_says_so(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    first = await turn(client, uid, "pizza in cambridge", uuid.uuid4().hex, [])
    assert first.restaurants
    later = await turn(client, uid, "sushi please", uuid.uuid4().hex, [])
    assert later.restaurants, later.message
    assert {(r.city or "").lower() for r in later.restaurants} == {"cambridge"}
    assert "In Cambridge, where you searched last time" in later.message
    vague = await turn(client, uid, "somewhere for dinner tonight", uuid.uuid4().hex, [])
    assert vague.restaurants, "too vague to search, but the city is known: its best places"
    assert {(r.city or "").lower() for r in vague.restaurants} == {"cambridge"}
    assert "In Cambridge, where you searched last time" in vague.message


async def test_near_me_with_the_home_city_searches_it_and_without_asks(
    client: httpx.AsyncClient,
) -> None:
    home = await create_user(client, preferences={"home_city": "boston"})
    payload = await ask(client, home, "restaurants near me")
    assert payload.restaurants
    assert all((r.city or "").lower() == "boston" for r in payload.restaurants)
    assert "In Boston, your home city" in payload.message
    nowhere = await ask(client, await create_user(client), "restaurants near me")
    assert is_question(nowhere) and "I don't know where you are" in nowhere.message


async def test_a_city_the_catalogue_lacks_gets_the_cities_it_holds_and_a_question(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    for message, city in (
        ("burger in philadelphia", "Philadelphia"),
        ("brunch in nashville", "Nashville"),
        ("something good in toronto", "Toronto"),  # sights only: no place to eat
    ):
        payload = await ask(client, uid, message)
        assert is_question(payload), (message, payload.message)
        assert city in payload.message and all(c in payload.message for c in COVERED), message
        said = " ".join([payload.message, *(payload.follow_up_questions or [])])
        assert "price" not in said.lower(), (message, said)


async def test_nonsense_and_blank_messages_get_a_question(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    for message in ("asdfghjkl", "asdfghjkl in boston", "qwrtzp vbnmx", "   "):
        payload = await ask(client, uid, message)
        assert is_question(payload), (message, payload.message)
    assert "asdfghjkl" in (await ask(client, uid, "asdfghjkl in boston")).message


async def test_a_word_in_no_vocabulary_that_a_place_holds_still_finds_it(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """A place's own name is in no vocabulary of the reader, but the text search finds it:
    only words that neither the reader nor any place knows are nonsense."""
    rows = await runtime.db.fetch(
        "SELECT name FROM places WHERE lower(city) = 'boston' AND kind = 'restaurant' "
        "AND name ~ '^[A-Za-z]{7,}$' ORDER BY review_count DESC NULLS LAST LIMIT 1"
    )
    name = str(rows[0]["name"])
    payload = await ask(client, await create_user(client), f"{name.lower()} in boston")
    assert any(r.name == name for r in payload.restaurants), (name, payload.message)


def test_nothing_found_offers_to_widen_only_what_was_asked() -> None:
    plain = widen_questions(SearchFilters(city="kathmandu"))
    assert not any("price" in q.lower() for q in plain), plain
    priced = widen_questions(SearchFilters(city="boston", price_tiers=["$"]))
    assert any("price" in q.lower() for q in priced), priced


def test_the_question_names_reviewed_cities_first_and_never_a_suburb() -> None:
    coverage = Coverage(
        {"boston": 96, "austin": 61, "london": 10, "teddington": 3},
        reviewed={"boston": 50, "london": 10},
    )
    assert coverage.named() == ["Boston", "London", "Austin"]
    assert coverage.covers("London") and not coverage.covers("nashville")
