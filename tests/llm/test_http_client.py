"""One HTTP client setup for every OpenAI-compatible call: chat and embeddings both reach the
server with Kairos' User-Agent and the bearer key, through clients built by `llm/http.py`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from kairos.llm.http import USER_AGENT, build_client, client_options
from kairos.llm.registry import ProviderConfig, create_provider
from kairos.text.openai_embeddings import OpenAICompatibleEmbedder
from tests.loopback import serve_on_loopback

SEEN: list[tuple[str, dict[str, str]]] = []


async def _chat(request: Request) -> JSONResponse:
    SEEN.append((request.url.path, dict(request.headers)))
    content = json.dumps({"ok": True})
    return JSONResponse({"choices": [{"index": 0, "message": {"content": content}}]})


async def _embeddings(request: Request) -> JSONResponse:
    SEEN.append((request.url.path, dict(request.headers)))
    count = len((await request.json())["input"])
    return JSONResponse({"data": [{"index": i, "embedding": [1.0] * 384} for i in range(count)]})


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    app = Starlette(
        routes=[
            Route("/v1/chat/completions", _chat, methods=["POST"]),
            Route("/v1/embeddings", _embeddings, methods=["POST"]),
        ]
    )
    with serve_on_loopback(app) as url:
        yield f"{url}/v1"


def _headers_of(path: str) -> dict[str, str]:
    return next(headers for seen_path, headers in reversed(SEEN) if seen_path == path)


async def test_chat_sends_user_agent_and_key(server: str) -> None:
    config = ProviderConfig(model="m", base_url=server, api_key="chat-key", timeout_seconds=5)
    provider = create_provider("openai", config)
    raw = await provider.complete_json([], schema={}, schema_name="t", timeout=5)
    await provider.aclose()
    assert json.loads(raw) == {"ok": True}
    headers = _headers_of("/v1/chat/completions")
    assert headers["user-agent"] == USER_AGENT
    assert headers["authorization"] == "Bearer chat-key"


def test_embeddings_send_user_agent_and_key(server: str) -> None:
    embedder = OpenAICompatibleEmbedder(base_url=server, model="m", api_key="embed-key")
    assert embedder.embed(["ramen"]).shape == (1, 384)
    embedder.close()
    headers = _headers_of("/v1/embeddings")
    assert headers["user-agent"] == USER_AGENT
    assert headers["authorization"] == "Bearer embed-key"


def test_client_options_set_timeouts_limits_and_no_key_header_without_a_key() -> None:
    options: dict[str, Any] = client_options(base_url="http://h/v1/", timeout_seconds=30)
    assert options["base_url"] == "http://h/v1"
    assert "Authorization" not in options["headers"]
    assert options["headers"]["User-Agent"].startswith("kairos/")
    timeout: httpx.Timeout = options["timeout"]
    assert (timeout.read, timeout.connect) == (30, 5)
    with build_client(base_url="http://h", timeout_seconds=0.5, bearer_token="k") as client:
        assert client.timeout.connect == 0.5  # never longer than the whole budget
        assert client.headers["authorization"] == "Bearer k"
