"""Rate limits at the edge: chat per user and per address, rejected credentials per address;
429 problem bodies with Retry-After. The real app with limits of its own, the real database."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from kairos.api.app import create_app
from kairos.settings import Settings
from tests.api.plan_socket import plan_socket
from tests.restaurants.helpers import TOKEN, as_user, create_user

JSON = {"Accept": "application/json"}


def _client(app: Any, address: str = "127.0.0.1") -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=app, client=(address, 40000))
    return httpx.AsyncClient(transport=transport, base_url="http://kairos.test")


@pytest.fixture
def limited_app(settings: Settings, runtime: Any) -> Any:
    limited = settings.model_copy(
        update={
            "chat_limit_per_user": 2,
            "chat_limit_per_address": 3,
            "auth_failure_limit_per_address": 3,
            "rate_window_seconds": 600.0,
        }
    )
    return create_app(limited, runtime=runtime)


@pytest.fixture
async def client(limited_app: Any) -> AsyncIterator[httpx.AsyncClient]:
    async with _client(limited_app) as c:
        yield c


async def _chat(client: httpx.AsyncClient, uid: str) -> httpx.Response:
    return await client.post(
        "/chat", json={"message": "thai dinner"}, headers={**as_user(uid), **JSON}
    )


def _assert_429(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert int(response.headers["retry-after"]) >= 1
    assert response.json()["title"] == "Too many requests"


async def test_chat_turns_are_limited_per_user(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    assert [(await _chat(client, uid)).status_code for _ in range(2)] == [200, 200]
    third = await _chat(client, uid)
    _assert_429(third)
    assert "this user" in third.json()["detail"]
    # one interval of 600 s / 2, less the seconds the two turns took on a loaded machine
    assert 280 <= int(third.headers["retry-after"]) <= 300


async def test_chat_turns_are_limited_per_address(limited_app: Any) -> None:
    async with _client(limited_app, "10.1.1.1") as client:
        users = [await create_user(client) for _ in range(4)]
        statuses = [(await _chat(client, uid)).status_code for uid in users]
        assert statuses == [200, 200, 200, 429]
    async with _client(limited_app, "10.1.1.2") as elsewhere:
        assert (await _chat(elsewhere, users[3])).status_code == 200


async def test_wrong_tokens_lock_the_address_out_even_with_the_right_token(
    limited_app: Any,
) -> None:
    async with _client(limited_app, "10.2.2.2") as guesser:
        wrong = [
            (await guesser.get(f"/users/{i}", headers={"X-Service-Token": f"guess-{i}"}))
            for i in range(3)
        ]
        assert [r.status_code for r in wrong] == [401, 401, 401]
        _assert_429(await guesser.get("/users/x", headers={"X-Service-Token": "guess-4"}))
        _assert_429(await guesser.post(f"/users/{'0' * 32}", json={}, headers=TOKEN))
        assert (await guesser.get("/health")).status_code == 200, "no credentials, no block"
    async with _client(limited_app, "10.2.2.3") as honest:
        assert (await honest.post(f"/users/{'1' * 32}", json={}, headers=TOKEN)).status_code in (
            201,
            409,
        )


async def test_right_tokens_are_never_counted(limited_app: Any) -> None:
    async with _client(limited_app, "10.3.3.3") as client:
        for _ in range(10):
            assert (await client.get("/users/x", headers=TOKEN)).status_code == 422


async def test_requests_with_no_credential_never_lock_the_address_out(limited_app: Any) -> None:
    """Issue 40, M3: eleven anonymous requests locked valid tokens out of that address."""
    async with _client(limited_app, "10.4.4.4") as client:
        anonymous = [(await client.get(f"/users/{'2' * 32}")).status_code for _ in range(11)]
        assert anonymous == [401] * 11
        created = await client.post(f"/users/{'3' * 32}", json={}, headers=TOKEN)
        assert created.status_code in (201, 409), created.text


async def test_the_forwarded_address_counts_only_behind_a_trusted_proxy(
    settings: Settings, runtime: Any
) -> None:
    behind_proxy = settings.model_copy(
        update={
            "auth_failure_limit_per_address": 1,
            "rate_window_seconds": 600.0,
            "trusted_proxies": "10.9.9.9",
        }
    )
    app = create_app(behind_proxy, runtime=runtime)
    async with _client(app, "10.9.9.9") as proxy:
        for client_ip in ("192.0.2.1", "192.0.2.2"):
            forwarded = {"X-Forwarded-For": client_ip, "X-Service-Token": "wrong"}
            assert (await proxy.get("/users/x", headers=forwarded)).status_code == 401
        _assert_429(
            await proxy.get(
                "/users/x", headers={"X-Forwarded-For": "192.0.2.1", "X-Service-Token": "no"}
            )
        )
    async with _client(app, "10.8.8.8") as direct:
        spoofed = {"X-Forwarded-For": "192.0.2.1", "X-Service-Token": "wrong"}
        assert (await direct.get("/users/x", headers=spoofed)).status_code == 401, (
            "an untrusted peer's X-Forwarded-For is ignored"
        )


async def _socket_refusal(app: Any, address: str, frame: dict[str, Any], **headers: str) -> Any:
    """Opens `/api/ws/plan` from `address` with `headers`, sends `frame`; the error frame."""
    sent = await plan_socket(app, [{"text": json.dumps(frame)}], address, headers)
    texts = [json.loads(m["text"]) for m in sent if m["type"] == "websocket.send"]
    closes = [m for m in sent if m["type"] == "websocket.close"]
    assert texts and texts[-1]["type"] == "error" and closes, sent
    return texts[-1]


async def test_the_socket_spends_and_honours_the_same_budgets(limited_app: Any) -> None:
    """Issue 40 (minor): tokens guessed over `WS /api/ws/plan` were never counted, and an
    address locked out over HTTP could go on guessing there. Rejected credentials on the socket
    count against the address like a 401, a locked-out address is refused on both, and a
    socket turn counts against the user's chat turns."""
    prompt = {"prompt": "dinner in boston"}
    for n in range(3):
        guess = await _socket_refusal(limited_app, "10.5.5.5", {**prompt, "access_token": f"g{n}"})
        assert guess["title"] == "Unauthorized", guess
    locked = await _socket_refusal(limited_app, "10.5.5.5", prompt, **TOKEN, **{"X-User-ID": "1"})
    assert locked["title"] == "Too many requests", locked
    async with _client(limited_app, "10.5.5.5") as http:
        _assert_429(await http.post(f"/users/{'5' * 32}", json={}, headers=TOKEN))

    async with _client(limited_app, "10.9.9.9") as http:
        uid = await create_user(http)
    async with _client(limited_app, "10.6.6.6") as http:
        for n in range(3):
            wrong = await http.get("/users/x", headers={"X-Service-Token": f"no-{n}"})
            assert wrong.status_code == 401, wrong.text
    locked = await _socket_refusal(limited_app, "10.6.6.6", prompt, **as_user(uid))
    assert locked["title"] == "Too many requests", "guessed over HTTP, refused on the socket"

    async with _client(limited_app, "10.7.7.7") as http:
        uid = await create_user(http)
        assert [(await _chat(http, uid)).status_code for _ in range(2)] == [200, 200]
    spent = await _socket_refusal(limited_app, "10.8.8.8", prompt, **as_user(uid))
    assert spent["title"] == "Too many requests" and "this user" in spent["detail"], spent
