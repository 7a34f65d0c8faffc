"""Bodies above KAIROS_MAX_BODY_BYTES get 413 before they are read (issue 10, item 7). Driven
through the real app at the ASGI level, where what the app pulls from the client is visible."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from starlette.types import Message

from kairos.api.app import create_app
from kairos.settings import Settings

LIMIT = 4096
CHUNK = 1024


@pytest.fixture
def small_app(settings: Settings, runtime: Any) -> Any:
    return create_app(settings.model_copy(update={"max_body_bytes": LIMIT}), runtime=runtime)


async def _call(
    app: Any, headers: list[tuple[bytes, bytes]], chunks: int
) -> tuple[int, int, dict[str, Any]]:
    """POST /users/{uid} with `chunks` chunks of body; returns (status, chunks read, body)."""
    pulled = 0
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal pulled
        pulled += 1
        more = pulled < chunks
        return {"type": "http.request", "body": b"x" * CHUNK, "more_body": more}

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": "/users/3f2b8c1e-9d4a-4b7e-8f00-2a1c5d6e7f80",
        "raw_path": b"/users/3f2b8c1e-9d4a-4b7e-8f00-2a1c5d6e7f80", "query_string": b"",
        "root_path": "", "client": ("127.0.0.1", 1), "server": ("kairos.test", 80),
        "headers": [(b"host", b"kairos.test"), (b"content-type", b"application/json"), *headers],
    }  # fmt: skip
    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], pulled, json.loads(body)


async def test_a_declared_length_over_the_limit_is_refused_unread(small_app: Any) -> None:
    status, pulled, body = await _call(small_app, [(b"content-length", b"209715200")], 200_000)
    assert status == 413
    assert pulled == 0, "not one byte of a declared 200 MB body is read"
    assert body["title"] == "Payload too large" and "KAIROS_MAX_BODY_BYTES" in body["detail"]
    assert body["request_id"]


async def test_a_streamed_body_is_cut_off_at_the_first_chunk_past_the_limit(
    small_app: Any,
) -> None:
    status, pulled, body = await _call(small_app, [(b"transfer-encoding", b"chunked")], 200_000)
    assert status == 413
    assert pulled == LIMIT // CHUNK + 1, "reading stops at the first chunk over the limit"
    assert body["title"] == "Payload too large"


async def test_a_lying_content_length_is_cut_off_too(small_app: Any) -> None:
    status, pulled, _ = await _call(small_app, [(b"content-length", b"10")], 200_000)
    assert status == 413
    assert pulled == LIMIT // CHUNK + 1


async def test_bodies_within_the_limit_pass(small_app: Any) -> None:
    transport = httpx.ASGITransport(app=small_app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as client:
        response = await client.post(
            "/chat",
            content=json.dumps({"message": "x" * 100}),
            headers={"Content-Type": "application/json"},
        )
        assert response.status_code == 401, "parsed and answered: no credential"
        big = await client.post(
            "/chat",
            content=json.dumps({"message": "x" * LIMIT}),
            headers={"Content-Type": "application/json"},
        )
        assert big.status_code == 413
        assert big.headers["content-type"] == "application/problem+json"


def test_the_default_limit_is_one_mebibyte() -> None:
    assert Settings(_env_file=None).max_body_bytes == 1_048_576  # type: ignore[call-arg]
