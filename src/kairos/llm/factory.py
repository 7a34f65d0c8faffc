"""Build the model chain named by settings: each stage's provider comes from the registry."""

from __future__ import annotations

from kairos.llm.chain import ModelChain
from kairos.llm.provider import LLMProvider
from kairos.llm.registry import ProviderConfig, create_provider
from kairos.settings import Settings


def build_chain(settings: Settings) -> ModelChain:
    """primary (`KAIROS_LLM_PROVIDER`) → fallback (`KAIROS_LLM_FALLBACK_PROVIDER`) → offline.

    Raises `ConfigurationError` for an unknown provider or a missing key."""
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    stages = [
        (
            settings.llm_provider,
            ProviderConfig(
                model=settings.llm_model,
                base_url=settings.llm_base_url,
                api_key=key,
                timeout_seconds=settings.llm_timeout_seconds,
                setting="KAIROS_LLM_PROVIDER",
            ),
        ),
        (
            settings.llm_fallback_provider,
            ProviderConfig(
                model=settings.llm_fallback_model or settings.llm_model,
                base_url=settings.llm_base_url,
                api_key=key,
                timeout_seconds=settings.llm_long_timeout_seconds,
                setting="KAIROS_LLM_FALLBACK_PROVIDER",
            ),
        ),
    ]
    providers: list[tuple[LLMProvider, float]] = [
        (create_provider(name, config), config.timeout_seconds) for name, config in stages
    ]
    return ModelChain(providers)
