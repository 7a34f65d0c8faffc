"""Build the model chain named by settings. Optional providers are created only when configured."""

from __future__ import annotations

from kairos.llm.chain import ModelChain
from kairos.llm.openai_compatible import OpenAICompatibleProvider
from kairos.llm.provider import LLMProvider
from kairos.settings import Settings


def build_chain(settings: Settings) -> ModelChain:
    providers: list[tuple[LLMProvider, float]] = []
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    if settings.llm_provider == "openai":
        providers.append(
            (
                OpenAICompatibleProvider(
                    base_url=settings.llm_base_url, model=settings.llm_model, api_key=key
                ),
                settings.llm_timeout_seconds,
            )
        )
    if settings.llm_fallback_provider == "openai":
        providers.append(
            (
                OpenAICompatibleProvider(
                    base_url=settings.llm_base_url,
                    model=settings.llm_fallback_model or settings.llm_model,
                    api_key=key,
                ),
                settings.llm_long_timeout_seconds,
            )
        )
    return ModelChain(providers)
