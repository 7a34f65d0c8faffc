"""The OpenAPI document says what the service does (issue 10, item 12): problem bodies, UUIDs,
every error status that can happen, and 405 with a true Allow header."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

PROBLEM = {"$ref": "#/components/schemas/Problem"}


@pytest.fixture
async def schema(client: httpx.AsyncClient) -> dict[str, Any]:
    response = await client.get("/openapi.json")
    assert response.status_code == 200
    document: dict[str, Any] = response.json()
    return document


def _operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
    ]


def test_every_error_is_a_problem_document(schema: dict[str, Any]) -> None:
    components = schema["components"]["schemas"]
    assert "HTTPValidationError" not in components and "ValidationError" not in components
    assert {"type", "title", "status", "detail", "request_id", "errors"} <= set(
        components["Problem"]["properties"]
    )
    for method, path, operation in _operations(schema):
        for status, response in operation["responses"].items():
            if int(status) >= 400:
                assert response["content"] == {"application/problem+json": {"schema": PROBLEM}}, (
                    method,
                    path,
                    status,
                )
        assert "500" in operation["responses"], (method, path)


def test_user_ids_are_uuids_wherever_they_are_read(schema: dict[str, Any]) -> None:
    seen = set()
    for method, path, operation in _operations(schema):
        for parameter in operation.get("parameters", []):
            key = (parameter["in"], parameter["name"].lower())
            if key in {("path", "uid"), ("header", "x-user-id")}:
                assert parameter["schema"]["format"] == "uuid", (method, path, key)
                assert "400" in operation["responses"], (method, path)
                seen.add(key)
    assert len(seen) == 2


def test_statuses_are_documented_where_they_can_happen(schema: dict[str, Any]) -> None:
    paths = schema["paths"]
    assert "409" in paths["/users/{uid}"]["post"]["responses"]
    for method, path, operation in _operations(schema):
        statuses = set(operation["responses"])
        if "requestBody" in operation:
            assert {"413", "422"} <= statuses, (method, path)
        if path.startswith("/users"):
            assert {"401", "404", "429"} <= statuses, (method, path)
        if path.startswith("/demo"):
            assert "404" in statuses, (method, path)
        if "429" in statuses:
            assert "Retry-After" in operation["responses"]["429"]["headers"]
    assert "429" in paths["/chat"]["post"]["responses"]
    expand = paths["/recommendations/{uid}/{restaurant_id}/expand"]["get"]
    place_id = next(p for p in expand["parameters"] if p["name"] == "restaurant_id")
    assert place_id["schema"]["minimum"] == 1
    assert place_id["schema"]["maximum"] == 2**63 - 1


def test_price_tiers_accept_levels_and_answer_dollars(schema: dict[str, Any]) -> None:
    components = schema["components"]["schemas"]
    given = components["TasteInput"]["properties"]["price_comfort"]["items"]
    answered = components["TastePreferences"]["properties"]["price_comfort"]["items"]
    assert {"type": "integer", "minimum": 1, "maximum": 4} in given["anyOf"]
    assert answered["enum"] == ["$", "$$", "$$$", "$$$$"]
    vibes = components["TasteInput"]["properties"]["vibes"]
    assert vibes["items"]["pattern"] == "^[^\\x00]*$"
    assert vibes["maxItems"] == 50 and vibes["items"]["maxLength"] == 80


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/users/3f2b8c1e-9d4a-4b7e-8f00-2a1c5d6e7f80", "DELETE, GET, PATCH, POST"),
        ("/users/3f2b8c1e-9d4a-4b7e-8f00-2a1c5d6e7f80/allergies", "DELETE, PATCH"),
        ("/health", "GET"),
        ("/chat", "POST"),
        ("/trips/intent", "POST"),  # not "/trips/{trip_id}": its converter takes only a UUID
    ],
)
async def test_unknown_methods_get_405_with_every_allowed_method(
    client: httpx.AsyncClient, path: str, allowed: str
) -> None:
    for method in ("TRACE", "PUT"):
        response = await client.request(method, path)
        assert response.status_code == 405
        assert response.headers["allow"] == allowed
        assert response.headers["content-type"] == "application/problem+json"
        assert allowed in response.json()["detail"]
