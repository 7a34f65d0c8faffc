"""The contract every registered language-model provider keeps, run over each one: the hosted
`openai` provider against an in-process server speaking the chat-completions protocol over real
HTTP, the `offline` provider as one that always defers to the deterministic path. A provider
registered later is picked up by the parametrisation and must pass the same tests."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator

import pytest
from pydantic import BaseModel

from kairos.errors import ProviderError
from kairos.llm.chain import ModelChain
from kairos.llm.provider import DeferToOffline, LLMProvider
from kairos.llm.registry import ProviderConfig, available_providers, create_provider
from tests.llm.fake_openai import FakeOpenAI, Scripted
from tests.loopback import serve_on_loopback

API_KEY = "contract-key"
MESSAGES = [{"role": "user", "content": "classify: green curry"}]


class Verdict(BaseModel):
    cuisine: str
    score: int


OFFLINE = Verdict(cuisine="offline", score=0)


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeOpenAI, str]]:
    server = FakeOpenAI(api_key=API_KEY)
    with serve_on_loopback(server.app()) as url:
        yield server, f"{url}/v1"


@pytest.fixture(params=available_providers())
async def provider(
    request: pytest.FixtureRequest, fake: tuple[FakeOpenAI, str]
) -> AsyncIterator[LLMProvider]:
    server, url = fake
    server.replies.clear()
    server.requests.clear()
    server.headers.clear()
    config = ProviderConfig(
        model="contract-model", base_url=url, api_key=API_KEY, timeout_seconds=5.0
    )
    built = create_provider(request.param, config)
    yield built
    await built.aclose()


def test_capabilities_are_declared_on_the_class(provider: LLMProvider) -> None:
    assert isinstance(provider, LLMProvider)
    assert isinstance(provider.name, str) and provider.name
    for capability in ("needs_key", "supports_schema", "supports_images", "defers_to_offline"):
        assert isinstance(getattr(type(provider), capability), bool), capability


async def test_a_valid_answer_is_used_or_the_rules_answer(
    provider: LLMProvider, fake: tuple[FakeOpenAI, str]
) -> None:
    server, _ = fake
    server.enqueue(Scripted(json.dumps({"cuisine": "thai", "score": 8})))
    chain = ModelChain([(provider, 5.0)])
    result = await chain.generate("verdict", MESSAGES, Verdict, lambda: OFFLINE)
    if provider.defers_to_offline:
        assert chain.is_offline
        assert (result.value, result.source, result.fallbacks) == (OFFLINE, "offline", [])
        assert server.requests == []
    else:
        assert not chain.is_offline
        assert result.value == Verdict(cuisine="thai", score=8)
        assert (result.source, result.fallbacks) == (provider.name, [])
        sent = server.requests[0]
        assert sent["messages"] == MESSAGES
        if provider.supports_schema:
            assert sent["response_format"]["json_schema"]["schema"]["required"] == [
                "cuisine",
                "score",
            ]


async def test_a_failing_service_ends_in_the_rules_answer(
    provider: LLMProvider, fake: tuple[FakeOpenAI, str]
) -> None:
    server, _ = fake
    server.enqueue(Scripted(status=500), Scripted(status=500))
    result = await ModelChain([(provider, 5.0)]).generate(
        "verdict", MESSAGES, Verdict, lambda: OFFLINE
    )
    assert (result.value, result.source) == (OFFLINE, "offline")
    expected = [] if provider.defers_to_offline else [f"{provider.name}:ProviderError"]
    assert result.fallbacks == expected


async def test_failures_are_provider_errors_only(
    provider: LLMProvider, fake: tuple[FakeOpenAI, str]
) -> None:
    server, _ = fake
    server.enqueue(Scripted(json.dumps({"cuisine": "thai", "score": 8}), delay=1.0))
    with pytest.raises(ProviderError) as caught:
        await provider.complete_json(MESSAGES, schema={}, schema_name="verdict", timeout=0.2)
    assert isinstance(caught.value, DeferToOffline) == provider.defers_to_offline


async def test_close_is_safe_twice(provider: LLMProvider) -> None:
    await provider.aclose()
    await provider.aclose()
