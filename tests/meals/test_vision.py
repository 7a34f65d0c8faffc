"""The vision providers' contract, the hosted one against an in-process server speaking the
OpenAI chat-completions protocol over real HTTP on loopback; and the coach with a model that
reads photos, and with one whose output stays invalid (a clear model error, never a guess)."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from kairos.llm.chain import ModelChain
from kairos.llm.openai_compatible import OpenAICompatibleProvider
from kairos.llm.vision import (
    ImagePart,
    ModelOutputError,
    OfflineVision,
    OpenAIVision,
    VisionResult,
    available_vision_providers,
    build_vision,
    read_images,
)
from kairos.meals.phrasing import Phrasing
from kairos.settings import Settings
from tests.llm.fake_openai import FakeOpenAI, Scripted
from tests.loopback import serve_on_loopback
from tests.meals.helpers import PNG, as_user, coach, create_user

KEY = "vision-key"
IMAGE = ImagePart("image/png", PNG)
MEAL = json.dumps({"kind": "meal_photo", "confidence": 0.93, "meal_name": "Lasagna"})


@pytest.fixture
def fake() -> Iterator[tuple[FakeOpenAI, str]]:
    server = FakeOpenAI(api_key=KEY)
    with serve_on_loopback(server.app()) as url:
        yield server, f"{url}/v1"


def _vision(url: str) -> OpenAIVision:
    return OpenAIVision(base_url=url, model="vision-test", api_key=KEY, timeout_seconds=5)


def test_every_registered_provider_is_built_from_settings() -> None:
    assert {"offline", "openai"} <= set(available_vision_providers())
    assert isinstance(build_vision(Settings(_env_file=None)), OfflineVision)


async def test_offline_never_guesses() -> None:
    assert await read_images(OfflineVision(), [IMAGE], text="") is None


async def test_hosted_reads_the_photo_as_image_parts(fake: tuple[FakeOpenAI, str]) -> None:
    server, url = fake
    server.enqueue(Scripted(MEAL))
    provider = _vision(url)
    result = await read_images(provider, [IMAGE], text="dinner", avoid=["peanuts"])
    await provider.aclose()
    assert result == VisionResult(kind="meal_photo", confidence=0.93, meal_name="Lasagna")
    sent = server.requests[-1]
    parts = sent["messages"][1]["content"]
    assert parts[1]["image_url"]["url"] == "data:image/png;base64," + base64.b64encode(PNG).decode()
    assert "peanuts" in sent["messages"][0]["content"]
    assert sent["response_format"]["json_schema"]["name"] == "vision_result"


async def test_invalid_output_is_repaired_once_then_a_model_error(
    fake: tuple[FakeOpenAI, str],
) -> None:
    server, url = fake
    provider = _vision(url)
    server.enqueue(Scripted("not json"), Scripted(MEAL))
    repaired = await read_images(provider, [IMAGE], text="")
    assert repaired is not None and repaired.meal_name == "Lasagna"
    assert "invalid" in server.requests[-1]["messages"][-1]["content"]
    server.enqueue(Scripted('{"kind": "pizza"}'), Scripted("still not json"))
    with pytest.raises(ModelOutputError):
        await read_images(provider, [IMAGE], text="")
    server.enqueue(Scripted(status=500))
    assert await read_images(provider, [IMAGE], text="") is None  # a failure: the coach asks
    await provider.aclose()


async def test_coach_with_a_vision_model(
    client: httpx.AsyncClient, app: Any, fake: tuple[FakeOpenAI, str]
) -> None:
    server, url = fake
    product = app.state.runtime.products["meals"]
    offline, product.coach.vision = product.coach.vision, _vision(url)
    try:
        uid = await create_user(client)
        files = [("images", ("p.png", PNG, "image/png"))]
        server.enqueue(Scripted(MEAL))
        sure = await client.post("/meals/coach", files=files, headers=as_user(uid))
        assert sure.json()["ui_type"] == "suggestions"
        assert sure.json()["input_kind"] == "meal_photo"
        unsure = json.dumps({"kind": "meal_photo", "confidence": 0.3, "meal_name": "Lasagna"})
        server.enqueue(Scripted(unsure))
        asked = await client.post("/meals/coach", files=files, headers=as_user(uid))
        assert asked.json()["ui_type"] == "follow_up"  # not confident: no guessing
        server.enqueue(Scripted("{"), Scripted("{"))
        failed = await client.post("/meals/coach", files=files, headers=as_user(uid))
        assert failed.status_code == 502 and failed.json()["title"] == "Model error"
    finally:
        await product.coach.vision.aclose()
        product.coach.vision = offline


async def test_model_phrasing_is_gated(
    client: httpx.AsyncClient, app: Any, fake: tuple[FakeOpenAI, str]
) -> None:
    server, url = fake
    product = app.state.runtime.products["meals"]
    provider = OpenAICompatibleProvider(base_url=url, model="m", api_key=KEY, timeout_seconds=5)
    offline, product.coach.phrasing = product.coach.phrasing, Phrasing(ModelChain([(provider, 5)]))
    try:
        uid = await create_user(client, allergies={"confirmed": ["peanuts"]})
        server.requests.clear()
        # nothing queued: the server fails (HTTP 500) and the deterministic texts stand
        first = await coach(client, uid, text="chicken curry")
        ids = [s["suggestion_id"] for s in first["suggestions"]]

        def texts(title: str) -> Scripted:
            items = [{"suggestion_id": i, "title": f"{title} {i}", "summary": "Light and quick."}
                     for i in ids]  # fmt: skip
            return Scripted(json.dumps({"suggestions": items}))

        # a title naming the allergy is rejected; the repair call restates it and is used
        server.enqueue(texts("Peanut curry"), texts("Bright chicken curry"))
        second = await coach(client, uid, text="chicken curry")
        assert [s["title"] for s in second["suggestions"]] == [
            f"Bright chicken curry {i}" for i in ids
        ]
        assert "peanut allergy" in server.requests[-1]["messages"][-1]["content"]
        server.enqueue(texts("Peanut curry"), texts("Satay peanut curry"))
        failed = await client.post(
            "/meals/coach", json={"text": "chicken curry"}, headers=as_user(uid)
        )
        assert failed.status_code == 502 and "KAIROS_LLM_PROVIDER" in failed.json()["detail"]
    finally:
        await provider.aclose()
        product.coach.phrasing = offline
