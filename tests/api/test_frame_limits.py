"""The edge's limits hold for every route and every WebSocket frame (issue 40, item 4): JSON
nested too deep or holding a string too long is a 400 that names the limit; a frame over one of
them, or over KAIROS_MAX_BODY_BYTES, closes the socket with a code and a reason a browser reads
(before: a deep or binary frame dropped the socket with no close frame, a 2 MB frame was read
whole, a 900 KB cuisine string was stored). Driven at the ASGI level through the real app."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest
from starlette.types import Message

from kairos.api.app import create_app
from kairos.api.json_depth import MAX_JSON_DEPTH, MAX_JSON_STRING_BYTES
from kairos.settings import Settings
from tests.api.plan_socket import plan_socket

AUTH = {"X-Service-Token": "test-token"}
FRAME_LIMIT = 4096
WORST_BYTES_PER_CHARACTER = 12  # an astral character written as a `\uXXXX\uXXXX` pair


@pytest.fixture
def small_app(settings: Settings, runtime: Any) -> Any:
    return create_app(settings.model_copy(update={"max_body_bytes": FRAME_LIMIT}), runtime=runtime)


async def _socket(app: Any, frame: Message) -> list[Message]:
    """Opens `/api/ws/plan`, sends one frame; returns what the server sent."""
    return await plan_socket(app, [frame])


def _closed(sent: list[Message]) -> tuple[dict[str, Any], int, str]:
    """The error frame, the close code and the close reason."""
    texts = [json.loads(m["text"]) for m in sent if m["type"] == "websocket.send"]
    (close,) = [m for m in sent if m["type"] == "websocket.close"]
    assert texts and texts[-1]["type"] == "error", sent
    return texts[-1], close["code"], close.get("reason", "")


async def test_a_deep_frame_closes_with_1008_and_says_how_deep(small_app: Any) -> None:
    deep = "[" * 1000 + "]" * 1000
    error, code, reason = _closed(await _socket(small_app, {"text": deep}))
    assert code == 1008
    assert f"more than {MAX_JSON_DEPTH} levels" in reason and reason == error["detail"]


async def test_a_frame_with_a_long_string_closes_with_1008(app: Any) -> None:
    frame = json.dumps({"prompt": "x" * (MAX_JSON_STRING_BYTES + 1)})
    error, code, reason = _closed(await _socket(app, {"text": frame}))
    assert code == 1008 and f"longer than {MAX_JSON_STRING_BYTES} bytes" in reason
    assert error["detail"] == reason


async def test_a_frame_over_the_body_limit_closes_with_1009(small_app: Any) -> None:
    frame = json.dumps({"prompt": "drinks " * 1000})
    error, code, reason = _closed(await _socket(small_app, {"text": frame}))
    assert code == 1009
    assert f"larger than {FRAME_LIMIT} bytes" in reason and "KAIROS_MAX_BODY_BYTES" in reason
    assert error["title"] == "Payload too large"


async def test_a_binary_frame_closes_with_1003_and_says_send_text(app: Any) -> None:
    error, code, reason = _closed(await _socket(app, {"bytes": b'{"prompt": "drinks"}'}))
    assert code == 1003 and "text frame" in reason and error["detail"] == reason


async def test_a_long_string_in_any_body_is_a_400_naming_the_limit(
    client: httpx.AsyncClient,
) -> None:
    body = {"preferences": {"cuisine_affinity": ["x" * 900_000]}}
    uid = uuid.uuid4()
    response = await client.post(f"/users/{uid}", json=body, headers=AUTH)
    assert response.status_code == 400, response.text
    assert f"longer than {MAX_JSON_STRING_BYTES} bytes" in response.json()["detail"]
    assert (await client.get(f"/users/{uid}", headers=AUTH)).status_code == 404


async def test_a_string_just_under_the_limit_is_left_to_the_schema(
    client: httpx.AsyncClient,
) -> None:
    body = {"preferences": {"home_city": "x" * (MAX_JSON_STRING_BYTES - 10)}}
    response = await client.post(f"/users/{uuid.uuid4()}", json=body, headers=AUTH)
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0]["loc"][-1] == "home_city"


async def test_the_edge_never_refuses_a_string_a_schema_accepts(client: httpx.AsyncClient) -> None:
    schema = (await client.get("/openapi.json")).json()
    lengths: list[int] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("maxLength"), int):
                lengths.append(node["maxLength"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    assert lengths, "no maxLength in the schema: the walk is broken"
    assert max(lengths) * WORST_BYTES_PER_CHARACTER <= MAX_JSON_STRING_BYTES
