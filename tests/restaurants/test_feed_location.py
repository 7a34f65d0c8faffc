"""The feed knows where the person is: the profile's home city, else the city of their recent
requests; and says so."""

from __future__ import annotations

import httpx

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
