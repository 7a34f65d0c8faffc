"""One shown-item boundary: nothing a product shows (a place, venue, stop, meal slot, recipe)
leaves without the safety step's AllergyCheck for the people it is shown to.

Three checks that do not trust each other: the source (nothing outside `pipeline/safety.py`
constructs a check), the API schema (every item's model requires it), and the routes themselves
(every item in every answer carries one, walked in the JSON a client receives).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from tests.conftest import REPO
from tests.meals.helpers import as_user, create_user

SAFETY = REPO / "src" / "kairos" / "pipeline" / "safety.py"
CHECK_TYPES = {"AllergyCheck", "CheckedRisk"}
SHOWN_SCHEMAS = (
    "RestaurantResult", "ExpandedDetail", "Suggestion", "MealRecipe", "VenueResult", "SlotView",
)  # fmt: skip
# How a client recognises an item in an answer, by the keys it carries.
ITEM_KEYS = (
    {"cuisine_types", "price_tier", "known_allergens"},  # a restaurant card
    {"restaurant_id", "radar_scores"},  # an expanded card
    {"suggestion_id", "source_recipe_ids"},  # a meal suggestion
    {"recipe_id", "ingredients", "steps"},  # a recipe
    {"venue_id", "rank"},  # a venue of a plan
    {"place_id", "arrive", "place_kind"},  # a stop or meal slot of a trip
)
PEOPLE = {
    "allergies": {
        "confirmed": ["shellfish", "peanuts", "celery"],
        "severity": {"shellfish": "anaphylactic", "peanuts": "severe", "celery": "moderate"},
    }
}


def _constructions(path: Path) -> Iterator[tuple[int, str]]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            method = getattr(node.func, "attr", None)
            base = getattr(getattr(node.func, "value", None), "id", None)
            if name in CHECK_TYPES:
                yield node.lineno, str(name)
            elif base in CHECK_TYPES and method in ("model_construct", "model_validate"):
                yield node.lineno, f"{base}.{method}"


def test_only_the_safety_step_builds_a_check() -> None:
    found = [
        f"{path.relative_to(REPO)}:{line} {what}"
        for path in (REPO / "src" / "kairos").rglob("*.py")
        if path != SAFETY
        for line, what in _constructions(path)
    ]
    assert not found, found
    assert list(_constructions(SAFETY)), "the safety step builds them"


async def test_every_shown_item_requires_the_check(client: httpx.AsyncClient) -> None:
    schemas = (await client.get("/openapi.json")).json()["components"]["schemas"]
    for name in SHOWN_SCHEMAS:
        assert name in schemas, name
        assert "allergy" in schemas[name].get("required", []), name
        assert schemas[name]["properties"]["allergy"].get("$ref", "").endswith("/AllergyCheck")


def shown_items(payload: Any) -> Iterator[dict[str, Any]]:
    if isinstance(payload, dict):
        if any(keys <= payload.keys() for keys in ITEM_KEYS):
            yield payload
        for value in payload.values():
            yield from shown_items(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from shown_items(value)


def assert_checked(payload: Any, route: str, people: set[str]) -> int:
    items = list(shown_items(payload))
    for item in items:
        check = item.get("allergy")
        assert isinstance(check, dict), f"{route}: an item without its allergy check: {item}"
        assert check["verdict"] and set(check["checked_for"]) >= people, (route, check)
        if check["verdict"] not in ("not_food", "no_allergies"):
            assert {"shellfish", "molluscs", "peanuts", "celery"} <= set(check["allergens"])
    return len(items)


async def test_every_route_that_shows_items_carries_the_check(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client, **PEOPLE)
    headers = {**as_user(uid), "Accept": "application/json"}
    walked: dict[str, int] = {}

    async def walk(route: str, response: httpx.Response, people: set[str]) -> Any:
        assert response.status_code in (200, 201), (route, response.text)
        body = response.json()
        walked[route] = assert_checked(body, route, people)
        return body

    you = {"you"}
    await walk("POST /chat", await client.post(
        "/chat", json={"message": "italian in boston"}, headers=headers), you)  # fmt: skip
    feed = await walk("GET /recommendations", await client.get(
        f"/recommendations/{uid}", headers=headers), you)  # fmt: skip
    place_id = feed["recommendations"][0]["restaurant"]["id"]
    await walk("GET expand", await client.get(
        f"/recommendations/{uid}/{place_id}/expand", headers=headers), you)  # fmt: skip
    answer = await walk("POST /meals/coach", await client.post(
        "/meals/coach", json={"text": "chicken curry"}, headers=headers), you)  # fmt: skip
    if answer.get("suggestions"):
        first = answer["suggestions"][0]["suggestion_id"]
        await walk("POST select", await client.post(
            f"/meals/coach/{answer['session_id']}/select", json={"suggestion_id": first},
            headers=headers), you)  # fmt: skip
    members = [{"name": "Sam", "allergies": {"confirmed": ["tree nuts"],
                "severity": {"tree nuts": "anaphylactic"}}}]  # fmt: skip
    plan = await walk("POST /api/plan", await client.post(
        "/api/plan", json={"prompt": "dinner for 4 in boston", "members": members},
        headers=headers), {"you", "Sam"})  # fmt: skip
    if plan.get("plan_id"):
        await walk("GET /api/plans/{id}", await client.get(
            f"/api/plans/{plan['plan_id']}", headers=headers), {"you", "Sam"})  # fmt: skip
    trip = await walk("POST /trips", await client.post(
        "/trips", json={"city": "Delhi", "days": 2}, headers=headers), you)  # fmt: skip
    await walk("GET /trips/{id}", await client.get(
        f"/trips/{trip['trip_id']}", headers=headers), you)  # fmt: skip
    assert all(walked.values()), walked  # every route answered with items, all of them checked
