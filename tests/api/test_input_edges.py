"""Input the schema allows never gets a 5xx, and input the service cannot store is refused at the
edge with a 422 that names the field (issue 10, item 5). Real app, real database."""

from __future__ import annotations

import json
import re
import uuid

import httpx
import pytest

from tests.restaurants.helpers import TOKEN, as_user, chat_stream, create_user

JSON = {"Accept": "application/json"}


async def test_price_tiers_sent_as_levels_are_stored_as_dollar_tiers(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client, preferences={"price_comfort": [1, "$$$"]})
    patched = await client.patch(
        f"/users/{uid}", json={"preferences": {"price_comfort": [2]}}, headers=TOKEN
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["preferences"]["price_comfort"] == ["$$"]
    assert patched.json()["preferred_price_tiers"] == ["$$"]
    stored = await client.get(f"/users/{uid}", headers=TOKEN)
    assert stored.json()["preferences"]["price_comfort"] == ["$$"]


@pytest.mark.parametrize("tier", [0, 5, -1, 2**63, "2", "cheap", "$$$$$", True, 2.5])
async def test_price_tiers_outside_the_four_are_refused(
    client: httpx.AsyncClient, tier: object
) -> None:
    uid = await create_user(client)
    response = await client.patch(
        f"/users/{uid}", json={"preferences": {"price_comfort": [tier]}}, headers=TOKEN
    )
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert "price_comfort" in response.json()["detail"]


@pytest.mark.parametrize("bad", ["a\x00b", "\ud800", "ok\udfffok"])
async def test_text_postgresql_cannot_store_is_refused_everywhere(
    client: httpx.AsyncClient, bad: str
) -> None:
    uid = await create_user(client)
    attempts = [
        ("POST", f"/users/{uuid.uuid4()}", {"preferences": {"vibes": [bad]}}, TOKEN),
        ("PATCH", f"/users/{uid}", {"preferences": {"cuisine_affinity": [bad]}}, TOKEN),
        ("PATCH", f"/users/{uid}", {"preferences": {"dietary": ["vegan", bad]}}, TOKEN),
        ("PATCH", f"/users/{uid}/allergies", {"confirmed": [bad]}, TOKEN),
        ("PATCH", f"/users/{uid}/allergies", {"severity": {bad: "severe"}}, TOKEN),
        ("POST", "/chat", {"message": f"thai {bad}"}, {**as_user(uid), **JSON}),
        (
            "POST",
            "/chat",
            {"message": "thai", "conversation_history": [{"role": "user", "content": bad}]},
            {**as_user(uid), **JSON},
        ),
    ]
    for method, url, body, headers in attempts:
        # json.dumps escapes a lone surrogate as "\\ud800", exactly what a client can send.
        response = await client.request(
            method,
            url,
            content=json.dumps(body),
            headers={**headers, "Content-Type": "application/json"},
        )
        assert response.status_code == 422, (method, url, body, response.text)
        assert response.headers["content-type"] == "application/problem+json"
    unchanged = await client.get(f"/users/{uid}", headers=TOKEN)
    assert unchanged.json()["preferences"]["cuisine_affinity"] == []


@pytest.mark.parametrize("place_id", ["9223372036854775808", "99999999999999999999999", "0", "-1"])
async def test_place_ids_outside_bigint_are_refused(
    client: httpx.AsyncClient, place_id: str
) -> None:
    uid = await create_user(client)
    response = await client.get(f"/recommendations/{uid}/{place_id}/expand", headers=as_user(uid))
    assert response.status_code == 422, response.text
    assert "restaurant_id" in response.json()["detail"]


async def test_the_largest_bigint_place_id_is_simply_not_found(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    response = await client.get(
        f"/recommendations/{uid}/9223372036854775807/expand", headers=as_user(uid)
    )
    assert response.status_code == 404, response.text


@pytest.mark.parametrize(
    "message", ["s'", "'", "''", "\\", "a & b | !c", "it's :* (x)", "the of and", "'s"]
)
async def test_query_syntax_in_a_message_cannot_break_the_search(
    client: httpx.AsyncClient, message: str
) -> None:
    uid = await create_user(client)
    response = await client.post(
        "/chat", json={"message": message}, headers={**as_user(uid), **JSON}
    )
    assert response.status_code == 200, response.text
    _, events = await chat_stream(client, uid, message)
    assert [name for name, _ in events][-1] == "result", events[-1]


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ("pizza near 0,0 within 100000 km", "within 100 km"),
        ("sushi within 5000 miles", "within 100 km"),
        ("pizza within 0 km", "within 100 m"),
        ("thai within 0.0001 km", "within 100 m"),
    ],
)
async def test_a_radius_outside_the_search_range_is_clamped_and_said(
    client: httpx.AsyncClient, message: str, said: str
) -> None:
    uid = await create_user(client)
    response = await client.post(
        "/chat", json={"message": message}, headers={**as_user(uid), **JSON}
    )
    assert response.status_code == 200, response.text
    payload = response.json()
    assert any(said in a for a in payload["assumptions"]), payload["assumptions"]
    assert ".." not in payload["message"]


async def test_a_body_that_is_not_utf8_json_is_a_documented_400(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/demo/session", content=b"\xff", headers={"Content-Type": "application/json"}
    )
    assert response.status_code in (400, 404), "404 only when the demo is off (env=test)"
    uid = await create_user(client)
    response = await client.post(
        "/chat",
        content=b"\xff\xfe{",
        headers={"Content-Type": "application/json", **as_user(uid)},
    )
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["title"] == "Bad request"
    schema = (await client.get("/openapi.json")).json()
    assert "not JSON" in schema["paths"]["/chat"]["post"]["responses"]["400"]["description"]


@pytest.mark.parametrize("depth", [100, 5_000, 200_000])
async def test_deeply_nested_json_is_a_400_on_every_kind_of_route(
    client: httpx.AsyncClient, depth: int
) -> None:
    """Issue 40, M5: nesting past the interpreter's recursion limit was a 500 on
    `POST /meals/coach` (an uncaught RecursionError)."""
    uid = await create_user(client)
    nested = "[" * depth + "]" * depth
    for method, path, field in (
        ("POST", "/meals/coach", "request"),
        ("POST", "/chat", "message"),
        ("PATCH", f"/users/{uid}", "preferences"),
        ("POST", "/api/plan", "prompt"),
    ):
        body = '{"' + field + '": ' + nested + "}"
        response = await client.request(
            method,
            path,
            content=body.encode(),
            headers={**as_user(uid), **TOKEN, "Content-Type": "application/json"},
        )
        assert response.status_code in (400, 422), (path, depth, response.status_code)
        assert response.headers["content-type"] == "application/problem+json"
        if depth > 64:
            assert "nested" in response.json()["detail"], response.text


async def test_deeply_nested_json_is_a_400_on_every_route_that_takes_a_body(
    client: httpx.AsyncClient,
) -> None:
    """Issue 40, M5, for every route the OpenAPI schema gives a JSON body (not a sample of
    them): 5,000 levels of `[` is a 400 naming the nesting, never a 500, whatever the route,
    its path or its credential."""
    uid = await create_user(client)
    schema = (await client.get("/openapi.json")).json()
    nested = ("[" * 5_000 + "]" * 5_000).encode()
    tried = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if "application/json" not in operation.get("requestBody", {}).get("content", {}):
                continue
            concrete = path.replace("{uid}", uid)
            concrete = re.sub(r"\{[a-z_]*id\}", str(uuid.uuid4()), concrete)
            concrete = re.sub(r"\{[a-z_]+\}", "x", concrete)
            response = await client.request(
                method.upper(),
                concrete,
                content=nested,
                headers={**as_user(uid), "Content-Type": "application/json"},
            )
            tried.append(f"{method.upper()} {path}")
            assert response.status_code == 400, (path, response.status_code, response.text)
            assert "nested" in response.json()["detail"], (path, response.text)
    assert len(tried) >= 20, tried
