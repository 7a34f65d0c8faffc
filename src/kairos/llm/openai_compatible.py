"""OpenAI-compatible chat completions over httpx: OpenAI, Gemini's compatible endpoint, Ollama,
vLLM, llama.cpp server."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from kairos.errors import ProviderError
from kairos.llm.provider import Message


class OpenAICompatibleProvider:
    needs_key = True
    supports_schema = True

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None,
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self.name = f"openai:{model}"
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = api_key
        self._client = client

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient()
        return self._client

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
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        try:
            async with asyncio.timeout(timeout):
                response = await self._http().post(
                    f"{self.base_url}/chat/completions", json=body, headers=headers, timeout=timeout
                )
        except TimeoutError as exc:
            raise ProviderError(f"{self.name} did not answer within {timeout:.0f}s") from exc
        except httpx.HTTPError as exc:
            raise ProviderError(f"{self.name} unreachable at {self.base_url}: {exc}") from exc
        if response.status_code == 429:
            raise ProviderError(f"{self.name} is rate-limited or out of quota (HTTP 429)")
        if response.status_code in (401, 403):
            raise ProviderError(f"{self.name} refused the key; set KAIROS_LLM_API_KEY")
        if response.status_code >= 400:
            raise ProviderError(f"{self.name} answered HTTP {response.status_code}")
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise ProviderError(f"{self.name} sent a response without choices[0].message") from exc
        if not isinstance(content, str):
            raise ProviderError(f"{self.name} sent non-text content")
        return content
