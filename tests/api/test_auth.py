"""Who may act for a user: a signed user token, or a trusted server's service token with
X-User-ID. A bare X-User-ID is refused."""

from __future__ import annotations

import time
import uuid
from typing import Any

import httpx
import jwt

from kairos.profiles.tokens import DemoSession
from kairos.settings import Settings
from tests.restaurants.helpers import TOKEN, create_user


async def _token(client: httpx.AsyncClient, uid: str, **body: Any) -> str:
    issued = await client.post(f"/users/{uid}/tokens", json=body, headers=TOKEN)
    assert issued.status_code == 201, issued.text
    assert issued.json()["token_type"] == "bearer"
    token: str = issued.json()["token"]
    return token


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_a_user_token_opens_that_users_routes_only(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    other = await create_user(client)
    token = await _token(client, uid)
    feed = await client.get(f"/recommendations/{uid}?limit=2", headers=_bearer(token))
    assert feed.status_code == 200
    assert feed.json()["uid"] == uid
    chat = await client.post(
        "/chat", json={"message": "thai"}, headers={**_bearer(token), "Accept": "application/json"}
    )
    assert chat.status_code == 200
    theirs = await client.get(f"/recommendations/{other}", headers=_bearer(token))
    assert theirs.status_code == 403
    mismatch = await client.get(
        f"/recommendations/{uid}", headers={**_bearer(token), "X-User-ID": other}
    )
    assert mismatch.status_code == 403


async def test_a_bare_user_id_is_not_a_credential(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    for method, path, body in (
        ("GET", f"/recommendations/{uid}", None),
        ("GET", f"/recommendations/{uid}/1/expand", None),
        ("POST", "/chat", {"message": "thai"}),
    ):
        response = await client.request(method, path, json=body, headers={"X-User-ID": uid})
        assert response.status_code == 401, (method, path)
        assert response.headers["content-type"].startswith("application/problem+json")
        assert "POST /users/{uid}/tokens" in response.json()["detail"]


async def test_forged_expired_and_wrong_tokens_are_refused(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    uid = await create_user(client)
    now = int(time.time())
    claims = {"sub": uid, "aud": "kairos:user", "iss": "kairos", "iat": now, "exp": now + 60}
    forged = jwt.encode(claims, "x" * 40, algorithm="HS256")
    expired = runtime.tokens.issue_user_token(uuid.UUID(uid), "0", -10).token
    unsigned = jwt.encode(claims, None, algorithm="none")
    demo = runtime.tokens.demo_cookie(DemoSession("sid", uuid.UUID(uid)), 60)
    for token, reason in (
        (forged, "not a valid"),
        (expired, "expired"),
        (unsigned, "not a valid"),
        (demo, "not a valid"),
        ("garbage", "not a valid"),
    ):
        response = await client.get(f"/recommendations/{uid}", headers=_bearer(token))
        assert response.status_code == 401, reason
        assert reason in response.json()["detail"]
    basic = await client.get(f"/recommendations/{uid}", headers={"Authorization": "Basic eDp5"})
    assert basic.status_code == 401
    assert "Bearer" in basic.json()["detail"]


async def test_tokens_need_the_service_token_and_an_existing_user(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    assert (await client.post(f"/users/{uid}/tokens", json={})).status_code == 401
    ghost = str(uuid.uuid4())
    assert (await client.post(f"/users/{ghost}/tokens", json={}, headers=TOKEN)).status_code == 404
    too_long = await client.post(f"/users/{uid}/tokens", json={"ttl_seconds": 10**6}, headers=TOKEN)
    assert too_long.status_code == 422


async def test_revoking_signs_out_every_token(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    token = await _token(client, uid, ttl_seconds=600)
    assert (await client.get(f"/recommendations/{uid}", headers=_bearer(token))).status_code == 200
    assert (await client.delete(f"/users/{uid}/tokens", headers=TOKEN)).status_code == 204
    revoked = await client.get(f"/recommendations/{uid}", headers=_bearer(token))
    assert revoked.status_code == 401
    assert "revoked" in revoked.json()["detail"]
    fresh = await _token(client, uid)
    assert (await client.get(f"/recommendations/{uid}", headers=_bearer(fresh))).status_code == 200


async def test_a_deleted_user_token_stops_working(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    token = await _token(client, uid)
    assert (await client.delete(f"/users/{uid}", headers=TOKEN)).status_code == 204
    assert (await client.get(f"/recommendations/{uid}", headers=_bearer(token))).status_code == 404


async def test_a_deleted_users_token_does_not_speak_for_the_user_created_again(
    client: httpx.AsyncClient,
) -> None:
    """Issue 40, M1: a token revoked by deleting its user worked again once a user was
    created with the same uid."""
    uid = await create_user(client)
    old = await _token(client, uid, ttl_seconds=600)
    assert (await client.delete(f"/users/{uid}", headers=TOKEN)).status_code == 204
    again = await client.post(f"/users/{uid}", json={}, headers=TOKEN)
    assert again.status_code == 201, again.text
    refused = await client.get(f"/recommendations/{uid}", headers=_bearer(old))
    assert refused.status_code == 401, refused.text
    assert "earlier user with this id" in refused.json()["detail"]
    fresh = await _token(client, uid)
    assert (await client.get(f"/recommendations/{uid}", headers=_bearer(fresh))).status_code == 200


async def test_the_demo_cookie_is_ignored_outside_development(
    settings: Settings, runtime: Any
) -> None:
    """A cookie signed by this very service still opens nothing when the demo is off."""
    from kairos.api.app import create_app

    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=create_app(settings, runtime=runtime)),
        base_url="http://kairos.test",
    ) as client:
        uid = await create_user(client)
        cookie = runtime.tokens.demo_cookie(DemoSession("sid", uuid.UUID(uid)), 60)
        client.cookies.set("kairos_demo", cookie, domain="kairos.test")
        assert (await client.get(f"/recommendations/{uid}")).status_code == 401
