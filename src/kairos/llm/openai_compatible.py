"""OpenAI-compatible chat completions over httpx: OpenAI, Gemini's compatible endpoint, Ollama,
vLLM, llama.cpp server. The client comes from `llm/http.py`, like every other hosted call."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import httpx

from kairos.errors import ProviderError
from kairos.llm.http import build_async_client
from kairos.llm.provider import Message

DEFAULT_TIMEOUT_SECONDS = 30.0
"""The client's own read budget; each call passes the chain's timeout for its stage as well."""


class OpenAICompatibleProvider:
    needs_key: ClassVar[bool] = True
    supports_schema: ClassVar[bool] = True
    supports_images: ClassVar[bool] = False  # text-only `Message` until a caller sends images
    defers_to_offline: ClassVar[bool] = False

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None,
        timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        """`client` replaces the built one (an in-process test server); it then carries its own
        auth and base URL."""
        self.name = f"openai:{model}"
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.timeout_seconds = timeout_seconds
        self._api_key = api_key
        self._client = client

    def _http(self) -> httpx.AsyncClient:
        # Built on first use, inside the event loop that will use it.
        if self._client is None:
            self._client = build_async_client(
                base_url=self.base_url,
                timeout_seconds=self.timeout_seconds,
                bearer_token=self._api_key,
            )
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def complete_json(
        self, messages: list[Message], *, schema: dict[str, Any], schema_name: str, timeout: float
    ) -> str:
        body = {
            "model": self.model,
            "messages": messages,
            "temperature": 0,
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "schema": schema, "strict": False},
            },
        }
        url = f"{self.base_url}/chat/completions"
        try:
            async with asyncio.timeout(timeout):
                response = await self._http().post(url, json=body, timeout=timeout)
        except (TimeoutError, httpx.TimeoutException) as exc:
            raise ProviderError(
                f"{self.name} did not answer within {timeout:g}s; check the server, or raise "
                "KAIROS_LLM_TIMEOUT_SECONDS"
            ) from exc
        except httpx.HTTPError as exc:
            raise ProviderError(
                f"{self.name} unreachable at {self.base_url} ({type(exc).__name__}); check "
                "KAIROS_LLM_BASE_URL"
            ) from exc
        self._raise_for_status(response)
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ProviderError(f"{self.name} sent a response without choices[0].message") from exc
        if not isinstance(content, str):
            raise ProviderError(f"{self.name} sent non-text content")
        return content

    def _raise_for_status(self, response: httpx.Response) -> None:
        status = response.status_code
        if status < 400:
            return
        if status == 429:
            raise ProviderError(f"{self.name} is rate-limited or out of quota (HTTP 429)")
        if status in (401, 403):
            raise ProviderError(
                f"{self.name} refused the key (HTTP {status}); set KAIROS_LLM_API_KEY"
            )
        if status == 404:
            raise ProviderError(
                f"{self.name}: {self.base_url}/chat/completions not found (HTTP 404); check "
                "KAIROS_LLM_BASE_URL (it usually ends in /v1) and KAIROS_LLM_MODEL"
            )
        raise ProviderError(f"{self.name} answered HTTP {status}")
