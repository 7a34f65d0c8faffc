"""Language-model providers by name: what `KAIROS_LLM_PROVIDER` / `KAIROS_LLM_FALLBACK_PROVIDER`
select. The built-in `offline` and `openai` providers register through `register_provider`, the
same call a plug-in makes, and capabilities are read from the provider's class before it is built,
so a misconfiguration fails at start-up with the setting to change rather than on a user's turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kairos.errors import ConfigurationError
from kairos.llm.offline import OfflineProvider
from kairos.llm.openai_compatible import OpenAICompatibleProvider
from kairos.llm.provider import LLMProvider


@dataclass(frozen=True)
class ProviderConfig:
    """What a factory may read: the deployment's settings for one stage of the chain."""

    model: str
    base_url: str
    api_key: str | None
    timeout_seconds: float
    setting: str = "KAIROS_LLM_PROVIDER"
    """The variable that selected the provider, so errors can name it."""


ProviderFactory = Callable[[ProviderConfig], LLMProvider]


@dataclass(frozen=True)
class ProviderEntry:
    name: str
    provider_class: type[LLMProvider]
    factory: ProviderFactory


_REGISTRY: dict[str, ProviderEntry] = {}


def register_provider(
    name: str, provider_class: type[LLMProvider], factory: ProviderFactory | None = None
) -> None:
    """Add or replace the provider `name`. `factory` defaults to calling the class with no
    arguments; the class's capability attributes (`needs_key`, ...) are checked before building."""
    if not name or name != name.strip().lower():
        raise ValueError(f"provider names are lower-case words, got {name!r}")
    _REGISTRY[name] = ProviderEntry(name, provider_class, factory or (lambda _: provider_class()))


def available_providers() -> list[str]:
    return sorted(_REGISTRY)


def provider_entry(name: str, *, setting: str = "KAIROS_LLM_PROVIDER") -> ProviderEntry:
    entry = _REGISTRY.get(name)
    if entry is None:
        raise ConfigurationError(
            f"unknown language-model provider {name!r}; set {setting} to one of "
            f"{', '.join(available_providers())}"
        )
    return entry


def create_provider(name: str, config: ProviderConfig) -> LLMProvider:
    """A new provider `name` built from `config`, or a `ConfigurationError` naming the fix."""
    entry = provider_entry(name, setting=config.setting)
    if entry.provider_class.needs_key and not config.api_key:
        raise ConfigurationError(
            f"{config.setting}={name} needs an API key: set KAIROS_LLM_API_KEY (a local server "
            f"such as Ollama or llama.cpp accepts any value), or set {config.setting}=offline"
        )
    if not entry.provider_class.defers_to_offline and not config.base_url.startswith(
        ("http://", "https://")
    ):
        raise ConfigurationError(
            f"{config.setting}={name} needs KAIROS_LLM_BASE_URL to be an http(s) URL, "
            f"got {config.base_url!r}"
        )
    return entry.factory(config)


def _openai(config: ProviderConfig) -> LLMProvider:
    return OpenAICompatibleProvider(
        base_url=config.base_url,
        model=config.model,
        api_key=config.api_key,
        timeout_seconds=config.timeout_seconds,
    )


register_provider("offline", OfflineProvider)
register_provider("openai", OpenAICompatibleProvider, _openai)
