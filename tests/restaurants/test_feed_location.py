"""The feed knows where the person is: the profile's home city, else the city of their recent
requests; and says so."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

from kairos.store.conversations import recent_request_city
from tests.catalog_rows import count_fetches
from tests.restaurants.helpers import TOKEN, as_user, create_user


async def _feed(client: httpx.AsyncClient, uid: str) -> dict[str, object]:
    response = await client.get(f"/recommendations/{uid}?limit=10", headers=as_user(uid))
    assert response.status_code == 200, response.text
    payload: dict[str, object] = response.json()
    return payload


def _cities(feed: dict[str, object]) -> set[str]:
    items = feed["recommendations"]
    assert isinstance(items, list) and items
    return {str(item["restaurant"]["city"]).lower() for item in items}


async def test_a_home_city_scopes_the_feed(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, preferences={"home_city": "London"})
    feed = await _feed(client, uid)
    assert _cities(feed) == {"london"}
    assert feed["location"] == "London" and feed["location_source"] == "profile"
    assert "London" in str(feed["note"])


async def test_a_city_known_only_from_listings_still_scopes_the_feed(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """The sample's Austin places have listings and no reviews: a vegan in Austin was given
    London, Cambridge and Boston places ("picks from everywhere"). The city's own places come
    first, reviewed or not; a card without reviews quotes nothing."""
    rows = await runtime.db.fetch(
        "SELECT count(*) FILTER (WHERE review_count > 0) AS reviewed, count(*) AS listed "
        "FROM places WHERE is_active AND lower(city) = 'austin' AND kind = 'restaurant'"
    )
    assert rows[0]["reviewed"] == 0 and rows[0]["listed"] >= 10, "the sample's Austin"
    uid = await create_user(client, preferences={"home_city": "Austin", "dietary": ["vegan"]})
    feed = await _feed(client, uid)
    assert _cities(feed) == {"austin"}
    assert feed["location"] == "Austin" and "everywhere" not in str(feed["note"])
    items = feed["recommendations"]
    assert isinstance(items, list)
    assert all(not item["consolidated_review"]["text"] for item in items)
    # the cards say what their diet rests on, and the note how many show it
    vegan = [
        i["restaurant"]
        for i in items
        if "vegan" in {e["trait"] for e in i["restaurant"]["evidence"]}
    ]
    assert vegan and len(vegan) < len(items)
    count = "Only one of these shows" if len(vegan) == 1 else f"Only {len(vegan)} of these show"
    assert f"{count} evidence of vegan food" in str(feed["note"])


async def test_at_equal_fit_a_diet_outranks_a_vibe_in_the_feed(client: httpx.AsyncClient) -> None:
    """A quiet vegetarian's feed put a quiet food truck above vegetarian cafés at equal points."""
    uid = await create_user(
        client, preferences={"home_city": "Boston", "dietary": ["vegetarian"], "vibes": ["quiet"]}
    )
    response = await client.get(f"/recommendations/{uid}?limit=25", headers=as_user(uid))
    items = response.json()["recommendations"]
    keyed = [
        (i["fit_score"], "vegetarian" in {e["trait"] for e in i["restaurant"]["evidence"]})
        for i in items
    ]
    assert keyed == sorted(keyed, key=lambda k: (-k[0], not k[1])), keyed
    ties = {score for score, shows in keyed if not shows} & {s for s, shows in keyed if shows}
    assert ties, "the sample's Boston has places of one score with and without the diet"


async def test_recent_requests_scope_the_feed(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    assert (await _feed(client, uid))["location"] is None
    chat = await client.post(
        "/chat", json={"message": "biryani in hyderabad", "session_id": "s1"},
        headers={**as_user(uid), "Accept": "application/json"},
    )  # fmt: skip
    assert chat.status_code == 200
    feed = await _feed(client, uid)
    assert feed["location_source"] == "recent_requests"
    assert _cities(feed) == {"hyderabad"}
    moved = await client.patch(
        f"/users/{uid}", json={"preferences": {"home_city": "Boston"}}, headers=TOKEN
    )
    assert moved.status_code == 200
    assert _cities(await _feed(client, uid)) <= {"boston"}


async def test_the_profile_read_carries_each_products_latest_city(
    client: httpx.AsyncClient, runtime: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user read brings the latest request city of each product in the same statement, as
    the separate read (`recent_request_city`) finds it: newest session first, a turn without a
    city never hides an older one, and another product's city stays its own."""
    uid = await create_user(client)
    rows = [  # (product, session, city, minutes ago)
        ("restaurants", "old", "Hyderabad", 30),
        ("restaurants", "new", "Boston", 10),
        ("restaurants", "newest-no-city", None, 1),
        ("venues", "v", "London", 5),
    ]
    for product, session, city, minutes in rows:
        filters = {"city": city} if city else {}
        await runtime.db.fetch(
            "INSERT INTO conversations (uid, product, session_id, state, turns, updated_at) "
            "VALUES (:uid, :product, :session, CAST(:state AS jsonb), 1, "
            "now() - make_interval(mins => :minutes))",
            {"uid": uuid.UUID(uid), "product": product, "session": session, "minutes": minutes,
             "state": json.dumps({"request": {"filters": filters}})},
        )  # fmt: skip
    user = await runtime.profiles.get(uuid.UUID(uid))
    assert user.recent_cities == {"restaurants": "Boston", "venues": "London"}
    for product in ("restaurants", "venues", "meals"):
        separate = await recent_request_city(runtime.db, uuid.UUID(uid), product)
        assert user.recent_cities.get(product) == separate
    feed = await _feed(client, uid)
    assert feed["location"] == "Boston" and feed["location_source"] == "recent_requests"
    await runtime.drain()  # earlier tests' background work is not this read's statements
    statements = count_fetches(monkeypatch, runtime.db)
    assert (await _feed(client, uid))["cached"] is True
    assert len(statements) == 1, statements  # the user read, which placed it too
    assert "recent_cities" not in (await client.get(f"/users/{uid}", headers=TOKEN)).json()
