"""Vision providers by name: what reads a photo for the meal coach (seed 001, vision agent).

Same pattern as the language models: a small `Protocol` with one method, capabilities as class
attributes, built-ins registered through `register_vision_provider` like a plug-in would be,
selected by `KAIROS_VISION_PROVIDER`. The `offline` provider never looks at a photo and never
guesses what it shows (it defers); `openai` sends the images to an OpenAI-compatible multimodal
model as data URLs and asks for one JSON document.

`read_images` owns the output gating: the answer is validated against `VisionResult`; invalid
output gets one repair call, then a `ModelOutputError` that says so.
"""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol, runtime_checkable

import httpx
from pydantic import BaseModel, Field, ValidationError

from kairos.errors import ConfigurationError, ProviderError
from kairos.llm.chain import parse_output
from kairos.llm.http import build_async_client
from kairos.llm.provider import DeferToOffline
from kairos.settings import Settings

__all__ = [
    "ImagePart",
    "ModelOutputError",
    "OfflineVision",
    "OpenAIVision",
    "VisionProvider",
    "VisionResult",
    "available_vision_providers",
    "build_vision",
    "read_images",
    "register_vision_provider",
]

MEAL_OR_INGREDIENTS = "Is this a photo of the prepared meal or ingredients to cook with?"
CONFIDENCE_THRESHOLD = 0.6
"""Below this a photo's reading is not trusted: the coach asks instead (seed: no guessing)."""


class ModelOutputError(ProviderError):
    """A model answered, twice, with output that does not match the schema."""

    title = "Model error"


@dataclass(frozen=True, slots=True)
class ImagePart:
    media_type: str
    data: bytes

    def data_url(self) -> str:
        return f"data:{self.media_type};base64,{base64.b64encode(self.data).decode()}"


class VisionResult(BaseModel):
    """The seed's canonical vision output."""

    kind: Literal["meal_photo", "ingredients_photo", "unknown"]
    confidence: float = Field(ge=0, le=1)
    meal_name: str | None = Field(default=None, max_length=120)
    ingredients: list[str] = Field(default_factory=list, max_length=40)
    follow_up_questions: list[str] = Field(default_factory=list, max_length=3)


@runtime_checkable
class VisionProvider(Protocol):
    name: str
    needs_key: ClassVar[bool]
    defers_to_offline: ClassVar[bool]

    async def describe(
        self, images: Sequence[ImagePart], messages: list[dict[str, Any]], *, timeout: float
    ) -> str:
        """The model's raw text for `messages` (the first user message carries the images);
        raises `ProviderError` on failure, `DeferToOffline` when it never answers itself."""
        ...

    async def aclose(self) -> None: ...


class OfflineVision:
    name = "offline"
    needs_key: ClassVar[bool] = False
    defers_to_offline: ClassVar[bool] = True

    async def describe(
        self, images: Sequence[ImagePart], messages: list[dict[str, Any]], *, timeout: float
    ) -> str:
        raise DeferToOffline("the offline vision provider does not read photos")

    async def aclose(self) -> None:
        return None


class OpenAIVision:
    """Chat completions with image parts (OpenAI, Gemini's compatible endpoint, Ollama, vLLM)."""

    needs_key: ClassVar[bool] = True
    defers_to_offline: ClassVar[bool] = False

    def __init__(
        self, *, base_url: str, model: str, api_key: str | None, timeout_seconds: float = 30.0
    ) -> None:
        self.name = f"openai-vision:{model}"
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.timeout_seconds = timeout_seconds
        self._api_key = api_key
        self._client: httpx.AsyncClient | None = None

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def describe(
        self, images: Sequence[ImagePart], messages: list[dict[str, Any]], *, timeout: float
    ) -> str:
        if self._client is None:
            self._client = build_async_client(
                base_url=self.base_url, timeout_seconds=self.timeout_seconds,
                bearer_token=self._api_key,
            )  # fmt: skip
        body = {
            "model": self.model,
            "messages": messages,
            "temperature": 0,
            "response_format": {
                "type": "json_schema",
                "json_schema": {
                    "name": "vision_result",
                    "schema": VisionResult.model_json_schema(),
                    "strict": False,
                },
            },
        }
        try:
            async with asyncio.timeout(timeout):
                response = await self._client.post(
                    f"{self.base_url}/chat/completions", json=body, timeout=timeout
                )
        except (TimeoutError, httpx.TimeoutException) as exc:
            raise ProviderError(
                f"{self.name} did not answer within {timeout:g}s; raise "
                "KAIROS_VISION_TIMEOUT_SECONDS or check the server"
            ) from exc
        except httpx.HTTPError as exc:
            raise ProviderError(
                f"{self.name} unreachable at {self.base_url} ({type(exc).__name__}); check "
                "KAIROS_VISION_BASE_URL"
            ) from exc
        if response.status_code >= 400:
            raise ProviderError(f"{self.name} answered HTTP {response.status_code}")
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ProviderError(f"{self.name} sent a response without choices[0].message") from exc
        if not isinstance(content, str):
            raise ProviderError(f"{self.name} sent non-text content")
        return content


VisionFactory = Callable[[Settings], VisionProvider]


@dataclass(frozen=True)
class _Entry:
    provider_class: type[VisionProvider]
    factory: VisionFactory


_REGISTRY: dict[str, _Entry] = {}


def register_vision_provider(
    name: str, provider_class: type[VisionProvider], factory: VisionFactory | None = None
) -> None:
    if not name or name != name.strip().lower():
        raise ValueError(f"provider names are lower-case words, got {name!r}")
    _REGISTRY[name] = _Entry(provider_class, factory or (lambda _: provider_class()))


def available_vision_providers() -> list[str]:
    return sorted(_REGISTRY)


def build_vision(settings: Settings) -> VisionProvider:
    """The provider `KAIROS_VISION_PROVIDER` names, or a `ConfigurationError` with the fix."""
    entry = _REGISTRY.get(settings.vision_provider)
    if entry is None:
        raise ConfigurationError(
            f"unknown vision provider {settings.vision_provider!r}; set KAIROS_VISION_PROVIDER "
            f"to one of {', '.join(available_vision_providers())}"
        )
    if entry.provider_class.needs_key and settings.llm_api_key is None:
        raise ConfigurationError(
            f"KAIROS_VISION_PROVIDER={settings.vision_provider} needs an API key: set "
            "KAIROS_LLM_API_KEY, or set KAIROS_VISION_PROVIDER=offline"
        )
    return entry.factory(settings)


def _openai(settings: Settings) -> VisionProvider:
    return OpenAIVision(
        base_url=settings.vision_base_url or settings.llm_base_url,
        model=settings.vision_model or settings.llm_model,
        api_key=settings.llm_api_key.get_secret_value() if settings.llm_api_key else None,
        timeout_seconds=settings.vision_timeout_seconds,
    )


register_vision_provider("offline", OfflineVision)
register_vision_provider("openai", OpenAIVision, _openai)


def _prompt(images: Sequence[ImagePart], text: str, avoid: Sequence[str]) -> list[dict[str, Any]]:
    instructions = (
        "Classify the photo(s) as meal_photo (a prepared dish), ingredients_photo (raw "
        "ingredients to cook with) or unknown, with a confidence from 0 to 1. For a meal give "
        "meal_name; for ingredients list them (lower case, singular). If unsure between meal "
        f"and ingredients, answer unknown and ask: {MEAL_OR_INGREDIENTS!r}. "
        "Answer with one JSON object only."
    )
    if avoid:
        instructions += (
            " The cook avoids " + ", ".join(avoid) + ": list those only if clearly visible."
        )
    user: list[dict[str, Any]] = [{"type": "text", "text": f"The cook wrote: {text!r}"}]
    user += [{"type": "image_url", "image_url": {"url": image.data_url()}} for image in images]
    return [{"role": "system", "content": instructions}, {"role": "user", "content": user}]


async def read_images(
    provider: VisionProvider,
    images: Sequence[ImagePart],
    *,
    text: str,
    avoid: Sequence[str] = (),
    timeout: float = 30.0,
) -> VisionResult | None:
    """What the photos show, or None when the provider does not read photos (offline). A
    provider failure is None too (the coach then asks); output that stays invalid after one
    repair call is a `ModelOutputError`."""
    messages = _prompt(images, text, avoid)
    try:
        raw = await provider.describe(images, messages, timeout=timeout)
    except DeferToOffline:
        return None
    except ProviderError:
        return None
    try:
        return parse_output(raw, VisionResult)
    except (ValueError, ValidationError) as first:
        repair = [
            *messages,
            {"role": "assistant", "content": raw},
            {"role": "user", "content": f"That output is invalid: {str(first)[:600]}. Answer "
             "again with only valid JSON matching the schema."},
        ]  # fmt: skip
        try:
            raw = await provider.describe(images, repair, timeout=timeout)
            return parse_output(raw, VisionResult)
        except ProviderError:
            return None
        except (ValueError, ValidationError) as second:
            raise ModelOutputError(
                f"the vision model ({provider.name}) answered twice with output that is not a "
                f"valid VisionResult ({type(second).__name__}); try again, or set "
                "KAIROS_VISION_PROVIDER=offline"
            ) from second


def vision_result_json(result: VisionResult) -> str:
    return json.dumps(result.model_dump(mode="json"))
