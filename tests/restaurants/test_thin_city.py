"""An empty answer in a city the catalogue holds only a few places to eat in (issue 39,
ADR-004): how few, the cities it covers well, and the question which to search."""

from __future__ import annotations

from typing import Any

import httpx

from kairos.restaurants.where import Coverage, thin_city
from tests.restaurants.helpers import as_user, create_user


def test_a_thin_city_names_the_covered_ones_and_asks() -> None:
    coverage = Coverage({"boston": 90, "austin": 60, "boulder": 5})
    said = thin_city(coverage, "boulder")
    assert said.startswith("I know only 5 places to eat in Boulder")
    assert "Boston and Austin" in said and said.endswith("Which of these should I search?")
    assert thin_city(coverage, "boston") == ""
    assert thin_city(coverage, None) == ""
    assert thin_city(coverage, "nashville") == ""  # not held at all: asked before searching


async def test_an_empty_answer_in_a_thin_city_asks_which_city(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    response = await client.post(
        "/chat", json={"message": "gluten free pizza in boulder, im celiac"},
        headers={**as_user(uid), "Accept": "application/json"},
    )  # fmt: skip
    assert response.status_code == 200, response.text
    payload: dict[str, Any] = response.json()
    assert not payload.get("restaurants"), "the sample's five Boulder places show no gluten-free"
    assert "I know only" in payload["message"] and "in Boulder" in payload["message"]
    assert "Which of these should I search?" in payload["message"], payload["message"]
