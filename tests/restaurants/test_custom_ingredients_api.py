"""A custom ingredient in the profile reaches every result: the feed, expand and chat cite the
reviews that name it, and an anaphylactic one removes the places that certainly use it."""

from __future__ import annotations

from typing import Any

import httpx

from kairos.restaurants.schemas import RecommendationPayload
from tests.restaurants.helpers import as_user, chat_stream, create_user


def profile(severity: str) -> dict[str, Any]:
    return {
        "preferences": {"cuisine_affinity": ["korean"]},
        "allergies": {"confirmed": ["garlic"], "severity": {"garlic": severity}},
    }


def garlic_status(restaurant: dict[str, Any]) -> dict[str, Any]:
    (status,) = [s for s in restaurant["allergen_status"] if s["allergen"] == "garlic"]
    return status


async def feed(client: httpx.AsyncClient, uid: str) -> RecommendationPayload:
    response = await client.get(f"/recommendations/{uid}", headers=as_user(uid))
    assert response.status_code == 200, response.text
    return RecommendationPayload.model_validate(response.json())


async def test_a_severe_custom_ingredient_is_cited_from_reviews(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    uid = await create_user(client, **profile("severe"))
    await runtime.drain()
    shown = await chat_places(client, uid)
    statuses = [garlic_status(p) for p in shown]
    assert {s["status"] for s in statuses} <= {"contains", "may_contain", "unverified"}
    cited = [(p, s) for p, s in zip(shown, statuses, strict=True) if s["status"] == "contains"]
    assert cited, "the sample has Korean places whose reviews name garlic"
    for place, status in cited:
        assert status["source"] == "review" and "garlic" in status["evidence"].lower()
        assert not place["allergy_safe"] and place["allergy"]["verdict"] == "caution"
        assert any(r["allergen"] == "garlic" for r in place["allergy"]["risks"])
    place_id = cited[0][0]["id"]
    detail = await client.get(f"/recommendations/{uid}/{place_id}/expand", headers=as_user(uid))
    assert detail.status_code == 200, detail.text
    (expanded,) = detail.json()["allergy_detail"]["statuses"]
    assert (expanded["allergen"], expanded["status"]) == ("garlic", "contains")
    assert detail.json()["allergy"]["risks"][0]["allergen"] == "garlic"
    # the feed chooses for the person: a place with no known garlic before one with it
    items = (await feed(client, uid)).recommendations
    risky = [not i.allergy_summary.is_safe for i in items]
    assert risky == sorted(risky), [i.restaurant.name for i in items]


async def chat_places(client: httpx.AsyncClient, uid: str) -> list[dict[str, Any]]:
    response, events = await chat_stream(client, uid, "korean bbq in cambridge")
    assert response.status_code == 200
    (result,) = [data for name, data in events if name == "result"]
    return [*(result.get("restaurants") or []), *(result.get("flagged_restaurants") or [])]


async def test_an_anaphylactic_custom_ingredient_removes_the_places_that_use_it(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    severe = await create_user(client, **profile("severe"))
    anaphylactic = await create_user(client, **profile("anaphylactic"))
    await runtime.drain()
    using = {
        p["id"]
        for p in await chat_places(client, severe)
        if garlic_status(p)["status"] == "contains"
    }
    assert using, "a Cambridge Korean place's reviews name garlic"
    shown = await chat_places(client, anaphylactic)
    assert shown and not using & {p["id"] for p in shown}
    assert all(garlic_status(p)["status"] != "contains" for p in shown)
    payload = await feed(client, anaphylactic)
    assert "garlic" in payload.hard_excluded_allergens
    for item in payload.recommendations:
        assert garlic_status(item.restaurant.model_dump())["status"] != "contains"
