"""The group planner over HTTP and WebSocket, at the seed's paths, on the real app, database,
sample catalog and embedding model."""

from __future__ import annotations

from typing import Any

import httpx

from tests.meals.helpers import TOKEN, as_user, create_user

SEED_VENUE_FIELDS = {
    "rank", "name", "address", "lat", "lng", "rating", "vibe_score", "price_range",
    "price_confidence", "why", "watch_out",
}
SEED_RESPONSE_FIELDS = {
    "venues", "global_consensus", "execution_summary", "user_profile", "agent_weights",
    "action_request",
}


async def _plan(client: httpx.AsyncClient, uid: str, **body: Any) -> dict[str, Any]:
    response = await client.post("/api/plan", json=body, headers=as_user(uid))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


async def test_plan_returns_the_seeds_fields(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    answer = await _plan(client, uid, prompt="cozy dinner in boston for 6 under $180")
    assert answer.keys() >= SEED_RESPONSE_FIELDS
    assert 3 <= len(answer["venues"]) <= 10
    for venue in answer["venues"]:
        assert venue.keys() >= SEED_VENUE_FIELDS
        assert venue["city"] and "boston" in venue["city"].lower() or venue["city"] == "Cambridge"
    assert answer["parsed_intent"]["group_size"] == 6
    assert answer["parsed_intent"]["budget_per_head"] == 30
    assert answer["parsed_intent"]["vibe"] == "cozy"
    assert [v["rank"] for v in answer["venues"]] == list(range(1, len(answer["venues"]) + 1))
    assert answer["venues"][0]["why"]
    weights = answer["agent_weights"]
    assert abs(weights["vibe_matcher"] + weights["cost_analyst"] + weights["critic"] - 1) < 1e-3


async def test_plan_needs_a_credential(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/plan", json={"prompt": "drinks"})
    assert response.status_code == 401
