"""The provider chain against a server speaking the real protocol: valid JSON, invalid then
repaired, invalid twice, timeout, HTTP 429 — each ends in a correct answer."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.llm.chain import ModelChain
from kairos.llm.openai_compatible import OpenAICompatibleProvider
from kairos.restaurants.prompts import build_decomposition_prompt
from tests.llm.fake_openai import FakeOpenAI, Scripted


class Verdict(BaseModel):
    cuisine: str
    score: int


OFFLINE = Verdict(cuisine="offline", score=0)
MESSAGES = [{"role": "user", "content": "classify"}]


def _chain(fake: FakeOpenAI, timeout: float = 5.0) -> ModelChain:
    provider = OpenAICompatibleProvider(
        base_url="http://fake-openai.test/v1", model="test-model", api_key="k", client=fake.client()
    )
    return ModelChain([(provider, timeout)])


async def test_valid_json_is_used() -> None:
    fake = FakeOpenAI()
    fake.enqueue(Scripted(json.dumps({"cuisine": "thai", "score": 8})))
    result = await _chain(fake).generate("verdict", MESSAGES, Verdict, lambda: OFFLINE)
    assert result.value == Verdict(cuisine="thai", score=8)
    assert result.source == "openai:test-model"
    assert result.fallbacks == []
    sent = fake.requests[0]
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"]["schema"]["required"] == ["cuisine", "score"]


async def test_fenced_json_is_accepted() -> None:
    fake = FakeOpenAI()
    fake.enqueue(Scripted('```json\n{"cuisine": "thai", "score": 7}\n```'))
    result = await _chain(fake).generate("verdict", MESSAGES, Verdict, lambda: OFFLINE)
    assert result.value.score == 7


async def test_invalid_then_repaired() -> None:
    fake = FakeOpenAI()
    fake.enqueue(Scripted('{"cuisine": "thai"}'), Scripted('{"cuisine": "thai", "score": 6}'))
    result = await _chain(fake).generate("verdict", MESSAGES, Verdict, lambda: OFFLINE)
    assert result.value == Verdict(cuisine="thai", score=6)
    assert result.fallbacks == ["openai:test-model:repaired"]
    repair_prompt = fake.requests[1]["messages"][-1]["content"]
    assert "invalid" in repair_prompt and "score" in repair_prompt


async def test_invalid_twice_falls_back_to_offline() -> None:
    fake = FakeOpenAI()
    fake.enqueue(Scripted("not json"), Scripted('{"score": "high"}'))
    result = await _chain(fake).generate("verdict", MESSAGES, Verdict, lambda: OFFLINE)
    assert result.value == OFFLINE
    assert result.source == "offline"
    assert len(fake.requests) == 2


async def test_timeout_falls_back_to_offline() -> None:
    fake = FakeOpenAI()
    fake.enqueue(Scripted(json.dumps({"cuisine": "thai", "score": 8}), delay=1.0))
    result = await _chain(fake, timeout=0.1).generate("verdict", MESSAGES, Verdict, lambda: OFFLINE)
    assert result.value == OFFLINE
    assert result.fallbacks == ["openai:test-model:ProviderError"]


@pytest.mark.parametrize("status", [429, 500, 401])
async def test_http_errors_fall_through_to_the_next_provider(status: int) -> None:
    primary, fallback = FakeOpenAI(), FakeOpenAI()
    primary.enqueue(Scripted(status=status))
    fallback.enqueue(Scripted(json.dumps({"cuisine": "lao", "score": 9})))
    chain = ModelChain(
        [
            (
                OpenAICompatibleProvider(
                    base_url="http://fake-openai.test/v1",
                    model="primary",
                    api_key="k",
                    client=primary.client(),
                ),
                5.0,
            ),
            (
                OpenAICompatibleProvider(
                    base_url="http://fake-openai.test/v1",
                    model="fallback",
                    api_key="k",
                    client=fallback.client(),
                ),
                10.0,
            ),
        ]
    )
    result = await chain.generate("verdict", MESSAGES, Verdict, lambda: OFFLINE)
    assert result.value == Verdict(cuisine="lao", score=9)
    assert result.source == "openai:fallback"
    assert result.fallbacks == ["openai:primary:ProviderError"]


def test_prompts_always_carry_the_allergy_section() -> None:
    allergies = AllergyProfile(confirmed=["peanuts"], severity={"peanuts": "anaphylactic"})
    messages = build_decomposition_prompt("thai?", [], TastePreferences(), allergies)
    system = messages[0]["content"]
    assert "## SAFETY — USER ALLERGIES" in system
    assert "peanuts: anaphylactic" in system
    assert system.rstrip().endswith("No markdown fences. No preamble.")
    empty = build_decomposition_prompt("thai?", [], TastePreferences(), AllergyProfile())
    assert "## SAFETY — USER ALLERGIES" in empty[0]["content"]
