"""Request and session ids (seed 004, ADR-016): on every response, in error bodies, and in the
canonical turn event of the chat turn they belong to."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.restaurants.helpers import TOKEN, as_user, create_user, parse_sse

GENERATED = re.compile(r"[0-9a-f]{32}")


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.INFO)
        self.events: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.events.append(json.loads(record.getMessage()))


@pytest.fixture
def turn_events() -> Iterator[list[dict[str, Any]]]:
    log = logging.getLogger("kairos.turns")
    capture, level = Capture(), log.level
    log.setLevel(logging.INFO)
    log.addHandler(capture)
    yield capture.events
    log.removeHandler(capture)
    log.setLevel(level)


async def test_every_response_carries_a_request_id(client: httpx.AsyncClient) -> None:
    generated = await client.get("/health")
    assert GENERATED.fullmatch(generated.headers["x-request-id"])
    assert (await client.get("/health")).headers["x-request-id"] != generated.headers[
        "x-request-id"
    ]
    kept = await client.get("/health", headers={"X-Request-ID": "client-42.a:b_c"})
    assert kept.headers["x-request-id"] == "client-42.a:b_c"
    for bad in ("has spaces", "x" * 129, "semi;colon"):
        replaced = await client.get("/health", headers={"X-Request-ID": bad})
        assert GENERATED.fullmatch(replaced.headers["x-request-id"]), bad


async def test_error_bodies_name_the_request(client: httpx.AsyncClient) -> None:
    missing = await client.get(
        "/recommendations/00000000-0000-4000-8000-00000000abcd",
        headers={**as_user("00000000-0000-4000-8000-00000000abcd"), "X-Request-ID": "err-1"},
    )
    assert missing.status_code == 404
    assert missing.headers["x-request-id"] == "err-1" == missing.json()["request_id"]
    invalid = await client.post("/users/not-a-uuid", json={}, headers=TOKEN)
    assert invalid.status_code == 422
    assert invalid.json()["request_id"] == invalid.headers["x-request-id"]


async def test_a_chat_turn_logs_its_request_and_session(
    client: httpx.AsyncClient, runtime: Any, turn_events: list[dict[str, Any]]
) -> None:
    uid = await create_user(client)
    await runtime.drain()
    history = [
        {"role": "user", "content": "thai food"},
        {"role": "assistant", "content": "Which city?"},
    ]
    streamed = await client.post(
        "/chat",
        json={"message": "in boston", "conversation_history": history, "session_id": "web-7f3"},
        headers={**as_user(uid), "Accept": "text/event-stream", "X-Request-ID": "turn-1"},
    )
    assert streamed.status_code == 200 and streamed.headers["x-request-id"] == "turn-1"
    (result,) = [data for name, data in parse_sse(streamed.text) if name == "result"]
    assert result["session_id"] == "web-7f3"
    (event,) = [e for e in turn_events if e["trace_id"] == result["turn_id"]]
    assert (event["request_id"], event["session_id"], event["turn_index"]) == (
        "turn-1", "web-7f3", 2,
    )  # fmt: skip

    answered = await client.post(
        "/chat",
        json={"message": "quiet italian in cambridge"},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert answered.status_code == 200
    body = answered.json()
    assert body["session_id"].startswith(f"{uid}:")  # one session per user and day
    (event,) = [e for e in turn_events if e["trace_id"] == body["turn_id"]]
    assert event["request_id"] == answered.headers["x-request-id"]
    assert event["session_id"] == body["session_id"] and event["turn_index"] == 1


async def test_a_bad_session_id_is_a_clear_422(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    response = await client.post(
        "/chat",
        json={"message": "thai", "session_id": "not ok!"},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 422
    assert "session_id" in response.json()["detail"]
