"""Embeddings from any server that speaks OpenAI's `POST /embeddings` (OpenAI, Ollama, vLLM, ...).

Optional: Kairos runs offline with MiniLM. Every failure becomes a `ProviderError` whose message
names the setting to change, because the person reading it is usually configuring a deployment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx
import numpy as np

from kairos.errors import ProviderError
from kairos.llm.http import build_client
from kairos.text.embedding_provider import F32, l2_normalise

_ERROR_BODY_CHARS = 300


class OpenAICompatibleEmbedder:
    """Calls `{base_url}/embeddings` with `{"model", "input"}` and reads `data[i].embedding`.

    The vectors must have `dimension` components: the database column is fixed-size. OpenAI's
    text-embedding-3 models can shorten theirs, so for those the request also carries
    `dimensions`; other servers reject unknown fields, so they get the plain request.
    """

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        dimension: int = 384,
        batch_size: int = 64,
        timeout_seconds: float = 30.0,
        send_dimensions: bool | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.dimension = dimension
        self.batch_size = batch_size
        self.timeout_seconds = timeout_seconds
        self.name = f"openai-compatible:{model}"
        self.send_dimensions = (
            model.startswith("text-embedding-3") if send_dimensions is None else send_dimensions
        )
        self._client = build_client(
            base_url=self.base_url,
            timeout_seconds=timeout_seconds,
            bearer_token=api_key,
            transport=transport,
        )

    def close(self) -> None:
        self._client.close()

    def embed(self, texts: Sequence[str]) -> F32:
        if isinstance(texts, str):
            raise TypeError("embed takes a sequence of texts; use embed_one for a single text")
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            chunk = list(texts[start : start + self.batch_size])
            out[start : start + len(chunk)] = self._request(chunk)
        return l2_normalise(out)

    def embed_one(self, text: str) -> F32:
        vector: F32 = self.embed([text])[0]
        return vector

    def _request(self, texts: list[str]) -> F32:
        url = f"{self.base_url}/embeddings"
        # OpenAI rejects empty strings in `input`; a space embeds as "nothing" just as well.
        payload: dict[str, Any] = {"model": self.model, "input": [t or " " for t in texts]}
        if self.send_dimensions:
            payload["dimensions"] = self.dimension
        try:
            response = self._client.post("/embeddings", json=payload)
        except httpx.TimeoutException:
            raise ProviderError(
                f"the embedding server at {url} did not answer within {self.timeout_seconds:g}s; "
                "check that it is up, or raise KAIROS_LLM_TIMEOUT_SECONDS"
            ) from None
        except httpx.HTTPError as exc:
            raise ProviderError(
                f"could not reach the embedding server at {url} ({exc.__class__.__name__}: "
                f"{exc}); check KAIROS_EMBEDDING_BASE_URL (or KAIROS_LLM_BASE_URL)"
            ) from None
        if response.status_code != 200:
            raise ProviderError(self._describe_status(url, response))
        return self._parse(url, response, len(texts))

    def _describe_status(self, url: str, response: httpx.Response) -> str:
        status = response.status_code
        detail = _server_message(response)
        if status in (401, 403):
            fix = "set a valid key in KAIROS_LLM_API_KEY"
        elif status == 404:
            fix = (
                "check KAIROS_EMBEDDING_BASE_URL (it usually ends in /v1) and that "
                f"KAIROS_EMBEDDING_MODEL={self.model!r} exists on that server"
            )
        elif status == 429:
            fix = "the server is rate-limiting or out of quota; retry later or raise the limit"
        elif status >= 500:
            fix = "the server failed; retry, or switch KAIROS_EMBEDDING_PROVIDER to minilm"
        else:
            fix = f"check KAIROS_EMBEDDING_MODEL={self.model!r} and the server's documentation"
        return f"the embedding server at {url} answered {status}: {detail}; {fix}"

    def _parse(self, url: str, response: httpx.Response, expected: int) -> F32:
        try:
            data = response.json()["data"]
            # Servers may answer out of order; `index` says which input a vector belongs to.
            items = sorted(data, key=lambda d: d.get("index", 0)) if len(data) > 1 else data
            vectors = np.asarray([item["embedding"] for item in items], dtype=np.float32)
        except (ValueError, KeyError, TypeError, AttributeError):
            raise ProviderError(
                f"the embedding server at {url} answered without an OpenAI-style body "
                f"(`data[i].embedding`): {response.text[:_ERROR_BODY_CHARS]!r}; "
                "check that KAIROS_EMBEDDING_BASE_URL points at an OpenAI-compatible API"
            ) from None
        if vectors.ndim != 2 or vectors.shape[0] != expected:
            raise ProviderError(
                f"the embedding server at {url} returned {vectors.shape[0] if vectors.ndim else 0}"
                f" vectors for {expected} texts"
            )
        if vectors.shape[1] != self.dimension:
            raise ProviderError(
                f"the embedding server at {url} returned {vectors.shape[1]}-d vectors for model "
                f"{self.model!r}, but Kairos stores {self.dimension}-d vectors; choose a "
                f"{self.dimension}-d model in KAIROS_EMBEDDING_MODEL (e.g. all-minilm on Ollama, "
                "or text-embedding-3-small, which is shortened on request)"
            )
        if not np.isfinite(vectors).all():
            raise ProviderError(f"the embedding server at {url} returned non-finite numbers")
        return vectors


def _server_message(response: httpx.Response) -> str:
    """The `error.message` of an OpenAI-style error body, else the start of the body."""
    try:
        body = response.json()
        message = body["error"]["message"] if isinstance(body.get("error"), dict) else None
        if message is None:
            message = body.get("error") or body.get("detail") or body.get("message")
        if message:
            return str(message)[:_ERROR_BODY_CHARS]
    except (ValueError, AttributeError, TypeError, KeyError):
        pass
    return repr(response.text[:_ERROR_BODY_CHARS]) if response.text else "(empty body)"
