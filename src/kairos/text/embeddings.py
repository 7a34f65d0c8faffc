"""The one place the rest of Kairos gets embeddings from: provider by name, cached per process.

Search, ingestion and the API hold an `EmbeddingProvider` and never import a concrete model, so a
hosted API can replace the local MiniLM by configuration (`KAIROS_EMBEDDING_PROVIDER`).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Hashable

from kairos.settings import Settings
from kairos.text.embedding_provider import EmbeddingProvider, l2_normalise
from kairos.text.minilm import MINILM_DIMENSION, MINILM_MODEL_NAME, MiniLMEmbedder
from kairos.text.openai_embeddings import OpenAICompatibleEmbedder

__all__ = [
    "EmbeddingProvider",
    "available_embedders",
    "content_hash",
    "create_embedder",
    "get_embedder",
    "l2_normalise",
    "register_embedder",
]

EmbedderFactory = Callable[[Settings], EmbeddingProvider]


def _minilm(settings: Settings) -> EmbeddingProvider:
    return MiniLMEmbedder(batch_size=settings.embedding_batch_size)


def _openai(settings: Settings) -> EmbeddingProvider:
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    return OpenAICompatibleEmbedder(
        base_url=settings.embedding_base_url or settings.llm_base_url,
        model=settings.embedding_model,
        api_key=key,
        dimension=MINILM_DIMENSION,
        batch_size=settings.embedding_batch_size,
        timeout_seconds=settings.llm_timeout_seconds,
    )


_FACTORIES: dict[str, EmbedderFactory] = {"minilm": _minilm, "openai": _openai}
_cache: dict[Hashable, EmbeddingProvider] = {}
_cache_lock = threading.Lock()


def register_embedder(name: str, factory: EmbedderFactory) -> None:
    """Add or replace a provider under `name` (what `KAIROS_EMBEDDING_PROVIDER` selects)."""
    with _cache_lock:
        _FACTORIES[name] = factory
        for key in [k for k in _cache if isinstance(k, tuple) and k[0] == name]:
            del _cache[key]


def available_embedders() -> list[str]:
    return sorted(_FACTORIES)


def create_embedder(settings: Settings) -> EmbeddingProvider:
    """A new provider for `settings`; most callers want the shared one from `get_embedder`."""
    factory = _FACTORIES.get(settings.embedding_provider)
    if factory is None:
        raise ValueError(
            f"unknown embedding provider {settings.embedding_provider!r}; "
            f"KAIROS_EMBEDDING_PROVIDER must be one of {', '.join(available_embedders())}"
        )
    return factory(settings)


def _cache_key(settings: Settings) -> Hashable:
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else ""
    return (
        settings.embedding_provider,
        settings.embedding_batch_size,
        settings.embedding_model,
        settings.embedding_base_url or settings.llm_base_url,
        hashlib.sha256(key.encode()).hexdigest(),
        settings.llm_timeout_seconds,
    )


def get_embedder(settings: Settings) -> EmbeddingProvider:
    """The process-wide provider for these settings: the model's weights are loaded once."""
    key = _cache_key(settings)
    with _cache_lock:
        embedder = _cache.get(key)
        if embedder is None:
            embedder = create_embedder(settings)
            _cache[key] = embedder
        return embedder


def content_hash(text: str, model: str = MINILM_MODEL_NAME) -> str:
    """Key of the embedding cache: the same text under another model is another vector.

    Pass `embedder.name` when the provider is not the default MiniLM.
    """
    digest = hashlib.sha256()
    digest.update(model.encode("utf-8"))
    digest.update(b"\x00")
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()
